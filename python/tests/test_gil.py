# The engine's work runs without the GIL: another Python thread keeps running while one thread is
# inside a long op. No speed ratio is asserted here (speed lives in bench/, never in timed tests: a
# two-thread ratio failed CI when ctest's other job held the second core).
import threading
import time

import numpy as np
import pytest

import parity
from parity import _parity


@pytest.fixture
def one_engine_thread():
    before = _parity._num_threads()
    _parity._set_num_threads(1)  # the engine's own pool off: the measurements see the GIL alone
    yield
    _parity._set_num_threads(before)


def test_python_runs_while_a_long_op_runs(one_engine_thread):
    # Works on a busy machine too: while another thread is inside one long op, this thread keeps
    # running Python. Holding the GIL would stall it for the whole op (a gap as long as the op).
    x = parity.asarray(np.random.default_rng(3).random(1 << 24))
    op = min(_timed(lambda: parity.sin(x)) for _ in range(2))
    done = threading.Event()

    def work():
        for _ in range(3):
            parity.sin(x)
        done.set()

    stamps = []
    th = threading.Thread(target=work)
    th.start()
    while not done.is_set():
        stamps.append(time.perf_counter())
    th.join()
    gap = max(np.diff(stamps))
    print(f"longest stall of the main thread {gap * 1e3:.1f} ms, one op {op * 1e3:.1f} ms")
    assert gap < op / 2


def _timed(f):
    t0 = time.perf_counter()
    f()
    return time.perf_counter() - t0


def test_results_computed_off_the_gil_are_right():
    a = np.random.default_rng(1).random(1 << 16)
    x = parity.asarray(a)
    out = [None] * 4

    def work(i):
        out[i] = np.asarray(parity.sin(x) + x * 2.0)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for r in out:
        np.testing.assert_allclose(r, np.sin(a) + a * 2.0, rtol=1e-15)


def test_numpy_backed_tensors_used_and_freed_on_other_threads():
    # The sum runs without the GIL; the tensor viewing NumPy memory then dies on its thread and
    # drops its array under the GIL (no crash, no leak of the wrong value).
    a = np.random.default_rng(2).random(1 << 14)
    sums = []

    def work():
        for _ in range(20):
            t = parity.asarray(a[::-1])
            sums.append(float(t.sum()))
            del t

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(sums) == 80
    np.testing.assert_allclose(sums, np.sum(a), rtol=1e-12)

"""The Python layer's overhead (issue 16), measured in one process:

1. `a + b` on 1-element float64 tensors against the same on 1-element NumPy arrays: the ratio
   parity / NumPy (the issue: no slower than NumPy, ratio <= 1); `a + 1.0` likewise;
2. `parity.sigmoid(x)` for x of 2^20 float32 and float64 against the same C++ call on the same
   tensor, timed inside the module (`parity._parity._time_cpp_sigmoid`): the ratio Python / C++
   (the issue: at most 1.05), in short alternating batches of the same number of calls.

    PYTHONPATH=build/python python3 bench/python_overhead.py [--repetitions 15] [--min-time 0.05] [--threads 1]

Method (the project's benchmarks' way, bench/README.md): repetitions are interleaved (repetition k
times every contender once before k+1 starts, so a burst of noise on a shared machine hits all of
them); each sample is one batch whose loop count doubles until it takes --min-time, like
timeit.autorange, with GC off; figures are medians with ± half the min-max range; ratios are taken
within each repetition, then their median printed.

On a loaded shared machine the times swing; the instruction count per operation does not:
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python3 -c "<200000 x a + b>"
less the same loop with `pass`, divided by 200000 (python/README.md quotes it).
"""
import argparse
import gc
import os
import statistics
import time

import numpy as np

import parity
from parity import _parity


def batch_time(fn, min_time):
    """Seconds per call of fn(), from one batch long enough to take min_time."""
    n = 1
    while True:
        gc.disable()
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        gc.enable()
        if dt >= min_time:
            return dt / n
        n *= 2


def summary(xs, scale=1.0, unit=""):
    med = statistics.median(xs) * scale
    half = (max(xs) - min(xs)) / 2 * scale
    return f"{med:10.4g} ± {half:<8.3g}{unit}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repetitions", type=int, default=15)
    ap.add_argument("--min-time", type=float, default=0.05)
    ap.add_argument("--threads", type=int, default=1,
                    help="the engine's threads for both sides (1: no pool stragglers on a shared machine)")
    args = ap.parse_args()
    _parity._set_num_threads(args.threads)
    reps, mt = args.repetitions, args.min_time
    print(f"parity {parity.__version__}, numpy {np.__version__}, engine threads {_parity._num_threads()}, "
          f"{os.cpu_count()} CPUs; {reps} interleaved repetitions, batches of >= {mt} s, median ± half range")

    # 1. a + b on one element (and a + 1.0, a weak Python scalar), against NumPy's.
    an, bn = np.array([1.5]), np.array([2.5])
    ap_, bp = parity.asarray(an.copy()), parity.asarray(bn.copy())
    cases = [("a + b", lambda: ap_ + bp, lambda: an + bn),
             ("a + 1.0", lambda: ap_ + 1.0, lambda: an + 1.0)]
    for label, add_p, add_n in cases:
        tp, tn, ratio = [], [], []
        for _ in range(reps):
            p, n = batch_time(add_p, mt), batch_time(add_n, mt)
            tp.append(p), tn.append(n), ratio.append(p / n)
        print(f"\n{label}, 1-element float64")
        print(f"  parity  {summary(tp, 1e9, ' ns')}")
        print(f"  numpy   {summary(tn, 1e9, ' ns')}")
        print(f"  ratio parity/numpy {summary(ratio)}  (issue: <= 1)")

    # 2. sigmoid at 2^20: the Python call against the C++ call on the same tensor, in short
    # alternating batches of the same number of calls (each pair sees the same machine load; the
    # order flips every pair).
    for dt in (np.float32, np.float64):
        x = parity.asarray(np.random.default_rng(0).standard_normal(1 << 20).astype(dt))
        n = max(1, round(0.02 / batch_time(lambda: parity.sigmoid(x), 0.02)))

        def python_batch():
            t0 = time.perf_counter()
            for _ in range(n):
                parity.sigmoid(x)
            return (time.perf_counter() - t0) / n

        tpy, tcpp, ratio = [], [], []
        for k in range(3 * reps):
            gc.disable()
            if k % 2:
                cpp, py = _parity._time_cpp_sigmoid(x, n), python_batch()
            else:
                py, cpp = python_batch(), _parity._time_cpp_sigmoid(x, n)
            gc.enable()
            tpy.append(py), tcpp.append(cpp), ratio.append(py / cpp)
        print(f"\nparity.sigmoid, 2^20 {np.dtype(dt).name} ({3 * reps} alternating pairs of {n} calls)")
        print(f"  python  {summary(tpy, 1e6, ' us')}")
        print(f"  C++     {summary(tcpp, 1e6, ' us')}")
        print(f"  ratio python/C++ {summary(ratio)}  (issue: <= 1.05)")

if __name__ == "__main__":
    main()

"""Every OpInfo entry through Python against NumPy, driven by the entry's own samples.

For each entry, a deterministic subset of its claimed CPU dtypes (float64 when claimed, plus two
picked by a hash of the op and dtype names: the whole file stays near a minute) and each of their
samples and reference inputs: parity.<name>(*args, **kwargs) through the public function (NumPy's
signature) against the entry's numpy_ref evaluated here with `np`, on the same inputs as ndarrays.
Result dtype and shape equal, values within the entry's tolerance for the result dtype, NaN equal
to NaN. Entries whose numpy_ref is a lambda also go through the public function, except the
direct bindings (their run computes another quantity than NumPy's result, e.g. eigh's
gauge-invariant products) and samples with a keyword NumPy lacks (sort's descending=): those run
through _parity._call against the lambda, and the direct bindings have tests of their own.
Declared NumpyRef skips are pytest skips with the entry's reason; declared differences are skips
when the values do differ.
"""
import functools
import inspect
import re
import warnings
import zlib

import ml_dtypes
import numpy as np
import pytest

import parity
from parity import _ops, _parity

ENTRIES = {e["name"]: e for e in _ops.ENTRIES}


class _OracleHelpers:
    """The references the oracle defines for what NumPy lacks (oracle/numpy_executor.cpp's prelude)."""

    @staticmethod
    def expit(x, out=None):
        x = np.asarray(x)
        if x.dtype.kind == "c":
            raise TypeError("ufunc 'expit' not supported for the input types")
        dt = np.sin(np.zeros((), x.dtype)).dtype
        with np.errstate(all="ignore"):
            r = (1.0 / (1.0 + np.exp(-x.astype(np.float64)))).astype(dt)
        return r if out is None else np.positive(r, out=out)

    @staticmethod
    def random_like(method, size, dtype=None, **kw):
        dt = np.dtype(np.float64 if dtype is None else dtype)
        if dt.kind != "f" and dt != np.dtype(ml_dtypes.bfloat16):
            raise TypeError(f"{method}: unsupported dtype {dt} (float dtypes only)")
        r = getattr(np.random.default_rng(0), method)(size=size, **kw)
        return np.zeros(np.shape(r), dt)


def reference(e):
    return eval(e["numpy_ref"], {"np": np, "_parity": _OracleHelpers, "bfloat16": ml_dtypes.bfloat16})  # noqa: S307


def plain_ref(e):
    return re.fullmatch(r"np\.[\w.]+", e["numpy_ref"]) is not None


def dtypes_for(e):
    ds = list(e["dtypes"])
    picked = ["float64"] if "float64" in ds else []
    rest = sorted((d for d in ds if d not in picked), key=lambda d: zlib.crc32((e["name"] + d).encode()))
    return picked + rest[: 3 - len(picked)]


@functools.lru_cache(maxsize=2)
def samples(name, dtype):
    return _parity._samples(name, dtype)


def case_ids():
    out = []
    for name, e in ENTRIES.items():
        if "function" not in e["variants"]:
            continue
        for d in dtypes_for(e):
            for i, s in enumerate(samples(name, d)):
                out.append(pytest.param(name, d, i, id=f"{name}-{d}-{i}-{s[2]}"))
    return out


def to_numpy(x):
    return np.asarray(x) if isinstance(x, parity.Tensor) else x


def as_list(r):
    if isinstance(r, (tuple, list)):
        return [np.asarray(to_numpy(v)) for v in r]
    return [np.asarray(to_numpy(r))]


def assert_close(got, want, rtol, atol, what):
    assert len(got) == len(want), f"{what}: {len(got)} results, NumPy {len(want)}"
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.dtype == w.dtype, f"{what} result {k}: dtype {g.dtype}, NumPy {w.dtype}"
        assert g.shape == w.shape, f"{what} result {k}: shape {g.shape}, NumPy {w.shape}"
        if w.dtype.kind in "biuU" or w.dtype == np.bool_:
            np.testing.assert_array_equal(g, w, err_msg=f"{what} result {k}")
        else:
            if w.dtype == np.dtype(ml_dtypes.bfloat16) or w.dtype == np.float16:
                g, w = g.astype(np.float32), w.astype(np.float32)
            np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, equal_nan=True, err_msg=f"{what} result {k}")


def run_engine(e, args, kwargs):
    """The public function where it computes what the reference does; else the entry's run."""
    fn = _ops._resolve(e["name"], parity)
    if plain_ref(e):
        return fn(*args, **kwargs)
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # a compiled ufunc (sigmoid): positional arrays only
        sig = None
        if not kwargs:
            return fn(*args)
    # _DIRECT functions return NumPy's results, not the lambda's quantities; a sample keyword
    # NumPy lacks (sort's descending=) has no public spelling: both go through _call.
    if e["name"] not in _ops._DIRECT and sig is not None and all(k in sig.parameters for k in kwargs):
        first = next(iter(sig.parameters.values()), None)
        if re.match(r"lambda \*\w", e["numpy_ref"]) and first is not None and first.kind != first.VAR_POSITIONAL:
            return fn(list(args), **kwargs)  # concatenate(arrays, ...): the samples' arrays one by one
        return fn(*args, **kwargs)
    return _parity._call(e["name"], "function", args, kwargs)  # a list: no container to compare


@pytest.mark.parametrize("name,dtype,index", case_ids())
def test_sample_against_numpy(name, dtype, index):
    e = ENTRIES[name]
    args, kwargs, note, skip, differs = samples(name, dtype)[index]
    if skip:
        pytest.skip(f"[{name}] declared skip: {skip}")
    np_args = [to_numpy(a) for a in args]
    what = f"[{name}] {dtype} sample '{note}' kwargs={kwargs}"
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            want_raw = reference(e)(*np_args, **kwargs)
            want = as_list(want_raw)
        except Exception as exc:  # NumPy refuses the sample: the engine must refuse it alike
            with pytest.raises(Exception) as info:
                run_engine(e, args, kwargs)
            assert isinstance(info.value, type(exc)) or isinstance(exc, type(info.value)), \
                f"{what}: NumPy raised {type(exc).__name__}, parity {type(info.value).__name__}: {info.value}"
            return
        raw = run_engine(e, args, kwargs)
        got = as_list(raw)
        if not isinstance(raw, list):  # the public function: NumPy's container (named tuple, tuple, array)
            assert isinstance(raw, (tuple, list)) == isinstance(want_raw, (tuple, list)), \
                f"{what}: returned {type(raw).__name__}, NumPy {type(want_raw).__name__}"
            if isinstance(want_raw, tuple) and type(want_raw) is not tuple:
                assert type(raw) is type(want_raw), f"{what}: returned {type(raw).__name__}, NumPy {type(want_raw).__name__}"
    rd = want[0].dtype if want else np.dtype(np.float64)
    rtol, atol = _parity._tolerance(name, "bfloat16" if rd == np.dtype(ml_dtypes.bfloat16) else rd)
    try:
        assert_close(got, want, rtol, atol, what)
    except AssertionError:
        if differs:
            pytest.skip(f"[{name}] declared difference: {differs}")
        raise


# ---- the public functions of entries that the sample test reaches through _call ----

def test_eigh_is_numpys_named_tuple_and_reconstructs():
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    r = parity.linalg.eigh(a)
    want = np.linalg.eigh(a)
    assert type(r) is type(want)
    w, v = np.asarray(r.eigenvalues), np.asarray(r.eigenvectors)
    np.testing.assert_allclose(w, want.eigenvalues, rtol=1e-12)
    np.testing.assert_allclose((v * w) @ v.T, a, rtol=1e-12)


def test_svd_qr_eig_reconstruct():
    a = np.arange(12.0).reshape(4, 3) + np.eye(4, 3)
    u, s, vh = parity.linalg.svd(a, full_matrices=False)
    np.testing.assert_allclose(np.asarray(s), np.linalg.svd(a, compute_uv=False), rtol=1e-12)
    np.testing.assert_allclose((np.asarray(u) * np.asarray(s)) @ np.asarray(vh), a, atol=1e-12)
    q, r = parity.linalg.qr(a)
    np.testing.assert_allclose(np.asarray(q) @ np.asarray(r), a, atol=1e-12)
    m = np.array([[2.0, 1.0], [0.0, 3.0]])
    w, v = parity.linalg.eig(m)
    np.testing.assert_allclose(m @ np.asarray(v), np.asarray(v) * np.asarray(w), atol=1e-12)
    np.testing.assert_allclose(np.sort(np.asarray(parity.linalg.eigvals(m))), [2.0, 3.0])


def test_sequence_and_dtype_functions_against_numpy():
    x, y = np.arange(6.0).reshape(2, 3), np.ones((2, 3))
    np.testing.assert_array_equal(np.asarray(parity.concatenate([x, y], axis=1)), np.concatenate([x, y], axis=1))
    np.testing.assert_array_equal(np.asarray(parity.stack((x, y))), np.stack((x, y)))
    np.testing.assert_array_equal(np.asarray(parity.tensordot(x, y.T, axes=1)), np.tensordot(x, y.T, axes=1))
    np.testing.assert_array_equal(np.asarray(parity.tensordot(x, y, axes=([0, 1], [0, 1]))),
                                  np.tensordot(x, y, axes=([0, 1], [0, 1])))
    np.testing.assert_array_equal(np.asarray(parity.diff(x, prepend=0)), np.diff(x, prepend=0))
    assert parity.broadcast_shapes((2, 1), (3,)) == np.broadcast_shapes((2, 1), (3,))
    s = np.array([1, 3, 5, 7])
    np.testing.assert_array_equal(np.asarray(parity.searchsorted(s, [3, 6], side="right")),
                                  np.searchsorted(s, [3, 6], side="right"))
    assert parity.result_type(np.int8, np.uint8) == np.result_type(np.int8, np.uint8)
    assert parity.can_cast(np.int8, np.int16) is True and parity.can_cast(np.float64, np.int8) is False
    assert parity.isdtype(np.float32, "real floating") is True
    assert parity.finfo(np.float32).eps == np.finfo(np.float32).eps


def test_unsupported_keyword_is_refused_not_ignored():
    with pytest.raises(NotImplementedError, match=r"^\[sum\] keyword 'where' is not supported"):
        parity.sum(np.ones(3), where=np.array([True, False, True]))
    with pytest.raises(NotImplementedError, match=r"^\[zeros\] keyword 'order' is not supported"):
        parity.zeros((2,), order="F")
    np.testing.assert_array_equal(np.asarray(parity.zeros((2,), order="C")), np.zeros(2))  # the default is fine
    with pytest.raises(TypeError):  # not a parameter of NumPy's function: Python's own TypeError
        parity.sum(np.ones(3), bogus=1)


def test_out_calls_the_out_variant():
    out = parity.asarray(np.zeros(()))
    r = parity.sum(np.arange(4.0), out=out)
    assert r is out and float(out) == 6.0


def test_methods_follow_ndarrays():
    a = np.arange(12.0).reshape(3, 4)[:, ::-1]
    t = parity.asarray(a.copy())
    for call in (lambda x: x.transpose(), lambda x: x.transpose(1, 0), lambda x: x.transpose((1, 0)),
                 lambda x: x.argsort(axis=0), lambda x: x.swapaxes(0, 1), lambda x: x.cumsum(axis=1),
                 lambda x: x.clip(2, 7), lambda x: x.take([0, 2], axis=1)):
        np.testing.assert_array_equal(np.asarray(call(t)), call(a))
    assert not callable(parity.Tensor.__dict__.get("real"))  # a property in ndarray, not a method
    b = a.copy()
    assert t.sort(axis=0) is None and b.sort(axis=0) is None  # in place, as ndarray.sort
    np.testing.assert_array_equal(np.asarray(t), b)


# ---- signatures ----

def generated():
    return [(n, f) for n, f in parity._bound_ops.items() if getattr(f, "_parity_entry", None) == n]


@pytest.mark.parametrize("name,fn", generated(), ids=[n for n, _ in generated()])
def test_signature_is_numpys(name, fn):
    npname, f = _ops._numpy_function(ENTRIES[name])
    try:
        want = inspect.signature(f) if f is not None and not isinstance(f, np.ufunc) else None
    except (TypeError, ValueError):
        want = None
    if want is None:
        pytest.skip(f"[{name}] NumPy's function has no inspect.signature")
    assert inspect.signature(fn) == want
    assert fn.__name__ == npname.split(".")[-1]

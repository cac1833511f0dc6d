"""The compiled ufuncs' NumPy keywords: signature, dtype=, casting=, where=, out=(t,), against NumPy.

Every ufunc row (parity._parity._ufunc_rows) is called with the same arguments as NumPy's ufunc
(scipy.special.expit for sigmoid); the outcome must match: the same error class, or the same
result dtype and values.
"""
import inspect

import numpy as np
import pytest

import parity
from parity import _ops

pytestmark = pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")  # NumPy's own casts

RECORDS = {r["name"]: r for r in parity._op_records()}
ROWS = list(parity._parity._ufunc_rows)


def reference(row):
    npname = RECORDS[row]["numpy"]
    f = getattr(np, npname, None)
    if f is None:
        special = pytest.importorskip("scipy.special")
        f = getattr(special, npname)
    return npname, f


def plain_differs(npname, dt):
    """The engine's sigmoid (parity.expit) takes bool and integers to float16 and has a float16 loop,
    as NumPy's float ufuncs do; scipy's expit goes to float64 and float32: a difference of the
    plain call, not of the keywords."""
    return npname == "expit" and np.dtype(dt).kind in "biu" or (npname, np.dtype(dt)) == ("expit", np.float16)


DTYPES = [np.bool_, np.int8, np.int32, np.uint8, np.float16, np.float32, np.float64, np.complex128]
TARGETS = [np.bool_, np.int8, np.int64, np.float32, np.float64, np.complex128]
CASTINGS = ["no", "safe", "same_kind", "unsafe"]


def inputs(nin, dt):
    """Small positive values (no division by zero, no NaN cast to an integer on the way in)."""
    xs = [np.array([1, 2, 3], dtype=dt), np.array([2, 1, 3], dtype=dt)][:nin]
    return xs


def builtin_base(exc_type):
    return next(c for c in exc_type.__mro__ if c.__module__ == "builtins")


def outcome(f, *args, **kw):
    with np.errstate(all="ignore"):
        try:
            return "ok", f(*args, **kw)
        except (TypeError, ValueError, OverflowError, NotImplementedError) as e:
            return "err", type(e)


def check_same(np_out, pa_out, what, compare=None):
    (nk, nv), (pk, pv) = np_out, pa_out
    if nk == "err":
        assert pk == "err", f"{what}: NumPy raises {nv.__name__}, parity returns {pv!r}"
        assert issubclass(pv, builtin_base(nv)), f"{what}: NumPy raises {nv.__name__}, parity {pv.__name__}"
        return
    assert pk == "ok", f"{what}: NumPy returns {nv!r}, parity raises {pv.__name__}"
    want, got = np.asarray(nv), np.asarray(pv)
    assert got.dtype == want.dtype, f"{what}: dtype {got.dtype}, NumPy {want.dtype}"
    assert got.shape == want.shape, f"{what}: shape {got.shape}, NumPy {want.shape}"
    keep = np.ones(want.shape, bool) if compare is None else np.broadcast_to(compare, want.shape)
    if want.dtype.kind in "biu":
        np.testing.assert_array_equal(got[keep], want[keep], err_msg=what)
    else:
        rtol = {2: 2e-3, 4: 2e-6}.get(want.dtype.itemsize, 1e-12)
        np.testing.assert_allclose(got[keep].astype(complex), want[keep].astype(complex), rtol=rtol,
                                   atol=rtol, equal_nan=True, err_msg=what)


# ---- the signature ----

@pytest.mark.parametrize("row", ROWS)
def test_signature_is_numpys(row):
    npname, f = reference(row)
    fn = getattr(parity, npname)
    assert inspect.signature(fn) == _ops._ufunc_signature(f)
    assert fn.__name__ == npname


def test_signature_is_the_full_ufunc_one():
    params = inspect.signature(parity.add).parameters
    assert list(params) == ["x1", "x2", "out", "where", "casting", "order", "dtype", "subok", "signature"]
    assert params["casting"].default == "same_kind" and params["where"].default is True


# ---- dtype= and casting= on the inputs ----

@pytest.mark.parametrize("row", ROWS)
def test_dtype_and_casting_against_numpy(row):
    npname, f = reference(row)
    fn = getattr(parity, npname)
    for dt in DTYPES:
        if plain_differs(npname, dt):
            continue
        xs = inputs(f.nin, dt)
        ts = [parity.asarray(x) for x in xs]
        for casting in CASTINGS:
            what = f"{npname}({np.dtype(dt)}, casting={casting!r})"
            check_same(outcome(f, *xs, casting=casting), outcome(fn, *ts, casting=casting), what)
            for target in TARGETS:
                what = f"{npname}({np.dtype(dt)}, dtype={np.dtype(target)}, casting={casting!r})"
                check_same(outcome(f, *xs, dtype=target, casting=casting),
                           outcome(fn, *ts, dtype=target, casting=casting), what)


def test_dtype_with_python_scalars():
    a8 = np.array([1, 2, 3], np.int8)
    for args, kw in [((a8, 3), {"dtype": np.int8}), ((a8, 3.5), {"dtype": np.int8}),
                     ((a8, 3.5), {"dtype": np.int8, "casting": "unsafe"}), ((a8, 300), {"dtype": np.int8}),
                     ((a8, 2.5), {"dtype": np.float32}), ((1, 2), {"dtype": np.float32})]:
        pa = [parity.asarray(a) if isinstance(a, np.ndarray) else a for a in args]
        check_same(outcome(np.add, *args, **kw), outcome(parity.add, *pa, **kw), f"add{args} {kw}")
    check_same(outcome(np.sin, 1, dtype=np.float32), outcome(parity.sin, 1, dtype=np.float32), "sin(1, float32)")


# ---- casting= on out= ----

@pytest.mark.parametrize("row", ROWS)
def test_out_casting_against_numpy(row):
    npname, f = reference(row)
    fn = getattr(parity, npname)
    for dt in [np.int8, np.float64, np.complex128]:
        if plain_differs(npname, dt):
            continue
        xs = inputs(f.nin, dt)
        ts = [parity.asarray(x) for x in xs]
        with np.errstate(all="ignore"):
            plain = outcome(f, *xs)
        for odt in [np.bool_, np.int8, np.float32, np.float64, np.complex128]:
            for casting in CASTINGS + ["equiv"]:
                n_out, p_out = np.zeros(3, odt), parity.asarray(np.zeros(3, odt))
                np_res = outcome(f, *xs, out=n_out, casting=casting)
                pa_res = outcome(fn, *ts, out=p_out, casting=casting)
                if pa_res[0] == "ok":
                    assert pa_res[1] is p_out  # NumPy returns out itself
                # A NaN or infinity cast to an integer is platform-defined: compared where finite.
                finite = None
                if plain[0] == "ok" and np.dtype(odt).kind in "biu":
                    finite = np.isfinite(np.asarray(plain[1]))
                check_same(np_res, pa_res, f"{npname}({np.dtype(dt)}, out={np.dtype(odt)}, casting={casting!r})",
                           finite)


# ---- out=(t,) ----

def first_computable(npname, f):
    """(dtype, inputs, NumPy's result) for the first of float64, int32, bool NumPy's ufunc takes."""
    for dt in [np.float64, np.int32, np.bool_]:
        xs = inputs(f.nin, dt)
        with np.errstate(all="ignore"):
            try:
                return dt, xs, f(*xs)
            except TypeError:
                continue
    pytest.fail(f"{npname}: no dtype among float64, int32, bool")


@pytest.mark.parametrize("row", ROWS)
def test_out_tuple(row):
    npname, f = reference(row)
    dt, xs, want = first_computable(npname, f)
    out = parity.asarray(np.zeros(3, want.dtype))
    assert getattr(parity, npname)(*[parity.asarray(x) for x in xs], out=(out,)) is out
    check_same(("ok", want), ("ok", out), f"{npname}({np.dtype(dt)}, out=(t,))")


def test_out_tuple_errors():
    x = parity.asarray(np.ones(3))
    with pytest.raises(ValueError, match=r"^\[add\] The 'out' tuple"):
        parity.add(x, x, out=(x, x))
    with pytest.raises(TypeError, match=r"^\[sin\] return arrays must be of ArrayType"):
        parity.sin(x, out=[0.0, 0.0, 0.0])
    assert np.sin(np.ones(3), out=(None,)).shape == (3,)
    np.testing.assert_array_equal(np.asarray(parity.sin(x, out=(None,))), np.sin(np.ones(3)))


# ---- where= ----

MASK = np.array([True, False, True])


@pytest.mark.parametrize("row", ROWS)
def test_where_against_numpy(row):
    npname, f = reference(row)
    fn = getattr(parity, npname)
    dt, xs, want = first_computable(npname, f)
    with np.errstate(all="ignore"):
        n_out = np.full(3, 7, want.dtype)
        if npname == "expit":  # scipy's expit with where= corrupts the heap: NumPy's rule by hand
            n_out = np.where(MASK, want, n_out)
        else:
            f(*xs, out=n_out, where=MASK)
    ts = [parity.asarray(x) for x in xs]
    p_out = parity.asarray(np.full(3, 7, want.dtype))
    assert fn(*ts, out=p_out, where=parity.asarray(MASK)) is p_out
    check_same(("ok", n_out), ("ok", p_out), f"{npname}({np.dtype(dt)}, out=, where=)")
    # Without out the masked places are uninitialised (NumPy's too): the True places only.
    check_same(("ok", want), outcome(fn, *ts, where=MASK), f"{npname}({np.dtype(dt)}, where=)", MASK)
    p_out = parity.asarray(np.full(3, 7, want.dtype))
    fn(*ts, out=p_out, where=False)
    np.testing.assert_array_equal(np.asarray(p_out), np.full(3, 7, want.dtype))


def test_where_broadcasts_and_checks_its_dtype():
    x, one = np.ones(3), parity.asarray(np.ones(3))
    m2 = np.array([[True], [False]])
    assert parity.add(one, 1, where=m2).shape == np.add(x, 1, where=m2).shape == (2, 3)
    for call in [lambda a, o: (np.add if a is x else parity.add)(a, 1, where=m2, out=o),
                 lambda a, o: (np.add if a is x else parity.add)(a, 1, where=np.array([1, 0, 1]), out=o)]:
        check_same(outcome(call, x, np.zeros(3)), outcome(call, one, parity.asarray(np.zeros(3))), "where")


# ---- keywords at their defaults only ----

@pytest.mark.parametrize("row", ROWS)
def test_unsupported_keywords_name_the_op(row):
    npname, f = reference(row)
    fn = getattr(parity, npname)
    dt = np.float64 if "d" in "".join(f.types) else np.int64  # bitwise ones take integers
    xs = [parity.asarray(np.ones(3, dt))] * f.nin
    for kw in [{"order": "C"}, {"order": "F"}, {"subok": False}, {"signature": (None,) * (f.nin + 1)}]:
        with pytest.raises(NotImplementedError, match=rf"^\[{npname}\] keyword '{next(iter(kw))}' is not supported"):
            fn(*xs, **kw)
    # The defaults spelled out are the plain call.
    got = fn(*xs, where=True, casting="same_kind", order="K", dtype=None, subok=True, signature=None)
    with np.errstate(all="ignore"):
        check_same(outcome(f, *[np.ones(3, dt)] * f.nin), ("ok", got), npname)


def test_bad_keyword_values_are_numpys_errors():
    x = parity.asarray(np.ones(3))
    with pytest.raises(ValueError, match=r"^\[add\] casting must be one of"):
        parity.add(x, x, casting="bogus")
    with pytest.raises(ValueError, match=r"^\[add\] order must be one of"):
        parity.add(x, x, order="X")
    for bad in [lambda: np.add(np.ones(3), 1, casting="bogus"), lambda: np.add(np.ones(3), 1, order="X")]:
        with pytest.raises(ValueError):
            bad()

"""parity.array_api against array_api_strict (the standard's reference namespace over NumPy): the
same call on both, results compared through NumPy, especially where NumPy and the standard differ
(astype copy=, unique_* fields, sort descending=, std correction=, the inspection API).

A function parity does not bind yet must raise NotImplementedError naming it: the generic tests
check that for the names in parity.array_api._unavailable(); the spot checks skip them with the
reason. Run from a build: PYTHONPATH=build/python python3 -m pytest python/tests/test_array_api.py
"""
import inspect
import os
import pathlib
import tempfile
import warnings

import numpy as np
import pytest

xps = pytest.importorskip("array_api_strict", reason="array_api_strict is the reference namespace")

import parity  # noqa: E402
import parity.array_api as xp  # noqa: E402

NAMES_FILE = pathlib.Path(__file__).resolve().parents[2] / "opinfo" / "array_api_names.txt"
NAMES = [n.strip() for n in NAMES_FILE.read_text().splitlines() if n.strip() and not n.startswith("#")]
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128"]


@pytest.fixture(autouse=True, scope="module")
def strict_2024_12():
    # array_api_strict 2.6 defaults to the 2025.12 draft; parity implements 2024.12.
    xps.set_array_api_strict_flags(api_version="2024.12")
    yield
    xps.reset_array_api_strict_flags()


def get(ns, qual):
    for part in qual.split("."):
        ns = getattr(ns, part)
    return ns


def unavailable(qual):
    return qual in xp._unavailable()


def need(*quals):
    lacking = [q for q in quals if unavailable(q)]
    if lacking:
        pytest.skip(f"parity does not bind {', '.join(lacking)} yet (NotImplementedError, checked in "
                    "test_unavailable_functions_raise_not_implemented)")


def check_same(ours, theirs, ulps=8):
    """ours (a parity.Tensor) equals theirs (an array_api_strict Array): dtype, shape, values
    within `ulps` units of the last place for floating results (NaN equal to NaN). Tuples (named
    or not) field by field, with the same field names."""
    if isinstance(theirs, tuple):
        assert isinstance(ours, tuple) and len(ours) == len(theirs), (type(ours), type(theirs))
        assert getattr(ours, "_fields", None) == getattr(theirs, "_fields", None)
        for o, t in zip(ours, theirs):
            check_same(o, t, ulps)
        return
    assert isinstance(ours, parity.Tensor), type(ours)
    got, want = np.asarray(ours), np.asarray(theirs)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    if got.dtype.kind in "fc":
        eps = np.finfo(got.dtype).eps
        np.testing.assert_allclose(got, want, rtol=ulps * eps, atol=ulps * eps, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, want)


def dname(d):
    """A dtype's name in either namespace (array_api_strict's str() is "array_api_strict.int8")."""
    return str(d).rpartition(".")[2]


def both(values, dtype):
    """The same array in parity.array_api and array_api_strict."""
    a = np.asarray(values, dtype=dtype)
    return xp.asarray(a), xps.asarray(a)


# ---- the namespace: version, names, dtypes, inspection ----

def test_version_is_2024_12():
    assert xp.__array_api_version__ == "2024.12"


def test_every_standard_name_is_in_the_namespace():
    assert len(NAMES) == 172  # the file's header says 135 + 23 + 14
    for qual in NAMES:
        assert callable(get(xp, qual)), qual
        assert callable(get(xps, qual)), qual  # the list and the reference agree
    for name in ("e", "inf", "nan", "pi", "newaxis", "__array_namespace_info__", "linalg", "fft"):
        assert name in xp.__all__ and hasattr(xp, name), name
    assert xp.newaxis is None and xp.pi == np.pi and np.isnan(xp.nan)


def test_unavailable_functions_raise_not_implemented():
    missing = xp._unavailable()
    print(f"\n[array_api] {len(NAMES) - len(missing)}/{len(NAMES)} functions available; "
          f"NotImplementedError: {sorted(missing)}")
    for qual in missing:
        f = get(xp, qual)
        required = [p for p in inspect.signature(f).parameters.values()
                    if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        with pytest.raises(NotImplementedError, match=rf"^\[{qual}\] "):
            f(*[xp.asarray([1.0, 2.0])] * max(len(required), 1))


def test_a_function_parity_lacks_raises_not_implemented(monkeypatch):
    # The mechanism behind the test above, with parity.sort and parity.tril taken away.
    from parity.array_api import _forward
    monkeypatch.delattr(parity, "sort")
    monkeypatch.delattr(parity, "tril")
    with pytest.raises(NotImplementedError, match=r"^\[sort\] parity.array_api.sort needs parity.sort"):
        xp.sort(xp.asarray([2, 1]))
    assert xp._unavailable()["sort"] == ["sort"]
    namespace = {}
    _forward.fill(namespace)  # what the module does at import
    assert set(namespace) == {n for n in NAMES if "." not in n}
    with pytest.raises(NotImplementedError, match=r"^\[tril\] "):
        namespace["tril"](xp.ones((2, 2)))
    assert namespace["triu"] is parity.triu


@pytest.mark.parametrize("name", DTYPES)
def test_dtype_objects_are_numpys(name):
    d = getattr(xp, name)
    assert d == np.dtype(name) and isinstance(d, np.dtype)
    assert xp.asarray([1], dtype=d).dtype == d
    assert dname(getattr(xps, name)) == name


def test_namespace_info_matches_strict():
    ours, theirs = xp.__array_namespace_info__(), xps.__array_namespace_info__()
    assert ours.capabilities() == theirs.capabilities()
    assert {k: dname(v) for k, v in ours.default_dtypes().items()} == \
           {k: dname(v) for k, v in theirs.default_dtypes().items()}
    kinds = [None, "bool", "signed integer", "unsigned integer", "integral", "real floating",
             "complex floating", "numeric", ("bool", "real floating")]
    for kind in kinds:
        assert {k: dname(v) for k, v in ours.dtypes(kind=kind).items()} == \
               {k: dname(v) for k, v in theirs.dtypes(kind=kind).items()}, kind
    assert ours.default_device() in ours.devices() == ["cpu"]
    with pytest.raises(ValueError, match=r"^\[dtypes\] unsupported kind"):
        ours.dtypes(kind="floating")
    with pytest.raises(ValueError, match=r"^\[dtypes\] "):
        ours.dtypes(device="gpu")


def test_tensor_array_namespace_is_the_module():
    t = parity.asarray(np.arange(3))
    for version in (None, "2021.12", "2022.12", "2023.12", "2024.12"):
        assert t.__array_namespace__(api_version=version) is xp
    with pytest.raises(ValueError, match=r"^\[__array_namespace__\] "):
        t.__array_namespace__(api_version="2099.12")
    assert t.to_device("cpu") is t
    with pytest.raises(ValueError, match=r"^\[to_device\] "):
        t.to_device("cuda:7")


def test_array_api_compat_accepts_parity_tensors():
    compat = pytest.importorskip("array_api_compat")
    t = parity.asarray(np.arange(3.0))
    assert compat.array_namespace(t) is xp
    assert compat.array_namespace(t, xp.asarray([1])) is xp
    assert compat.is_array_api_obj(t)
    assert compat.device(t) == "cpu"
    assert compat.to_device(t, "cpu") is t


# ---- type promotion: what array_api_strict allows, parity gives; the rest is NumPy's rule ----

def test_promotion_matches_strict_where_the_standard_defines_it():
    refused = 0
    for a in DTYPES:
        for b in DTYPES:
            (x1, y1), (x2, y2) = both([1, 0], a), both([1, 1], b)
            ours = xp.multiply(x1, x2)
            try:
                theirs = xps.multiply(y1, y2)
            except TypeError:
                refused += 1  # mixed kinds: implementation-defined; parity follows NumPy
                assert ours.dtype == np.result_type(a, b), (a, b)
                continue
            assert str(ours.dtype) == dname(theirs.dtype), (a, b)
            assert str(xp.result_type(getattr(xp, a), getattr(xp, b))) == dname(theirs.dtype), (a, b)
            assert str(xp.result_type(x1, getattr(xp, b))) == dname(theirs.dtype), (a, b)
    assert 0 < refused < 13 * 13


@pytest.mark.parametrize("dtype", ["int8", "uint8", "float32", "complex64"])
def test_python_scalars_are_weak(dtype):
    ours, theirs = both([1, 2], dtype)
    check_same(xp.add(ours, 1), xps.add(theirs, 1))
    check_same(ours * 2, theirs * 2)
    if dtype[0] in "fc":
        check_same(xp.multiply(ours, 0.5), xps.multiply(theirs, 0.5))


def test_can_cast_matches_strict_where_the_standard_allows():
    # The standard's can_cast follows its promotion rules (no casting across kinds); beyond them
    # the answer is implementation-defined and parity's is NumPy's (can_cast(bool, int8) is True).
    for a in DTYPES:
        for b in DTYPES:
            ours = xp.can_cast(getattr(xp, a), getattr(xp, b))
            if xps.can_cast(getattr(xps, a), getattr(xps, b)):
                assert ours, (a, b)
            else:
                assert ours == np.can_cast(a, b), (a, b)
            assert xp.can_cast(xp.asarray(np.zeros(1, a)), getattr(xp, b)) == ours, (a, b)


def test_isdtype_finfo_iinfo():
    kinds = ["bool", "signed integer", "unsigned integer", "integral", "real floating",
             "complex floating", "numeric"]
    for name in DTYPES:
        for kind in kinds:
            assert xp.isdtype(getattr(xp, name), kind) == xps.isdtype(getattr(xps, name), kind), (name, kind)
    for name in ("float32", "float64", "complex64"):
        ours, theirs = xp.finfo(getattr(xp, name)), xps.finfo(getattr(xps, name))
        for field in ("bits", "eps", "max", "min", "smallest_normal"):
            assert getattr(ours, field) == getattr(theirs, field), (name, field)
        assert str(ours.dtype) == dname(theirs.dtype)
    # A kind may also be a dtype, or a tuple of kinds and dtypes.
    for name, kind in (("float32", ("integral", "real floating")), ("int8", "int8"), ("int8", "int16"),
                       ("uint8", ("bool", "uint8")), ("complex64", ("integral",))):
        ours_kind = tuple(getattr(xp, k, k) for k in kind) if isinstance(kind, tuple) else getattr(xp, kind)
        theirs_kind = tuple(getattr(xps, k, k) for k in kind) if isinstance(kind, tuple) else getattr(xps, kind)
        assert xp.isdtype(getattr(xp, name), ours_kind) == xps.isdtype(getattr(xps, name), theirs_kind), (name, kind)
    assert xp.iinfo(xp.asarray([1], dtype=xp.uint16)).max == 65535
    assert xp.finfo(xp.asarray([1.0], dtype=xp.float32)).bits == 32


# ---- every (x, /) and (x1, x2, /) function of the list (elementwise, nonzero, unique_*), on each
# dtype strict takes ----

def _positional_arity(qual):
    params = list(inspect.signature(get(xps, qual)).parameters.values())
    if all(p.kind == p.POSITIONAL_ONLY for p in params) and params and \
            [p.name for p in params] in (["x"], ["x1", "x2"]):
        return len(params)
    return 0


ELEMENTWISE = [q for q in NAMES if "." not in q and _positional_arity(q)]
# Two rows (matrix_transpose needs a matrix); shift counts non-negative, divisors non-zero.
VALUES = {"f": ([0.25, 0.5, 0.75, 1.5, -0.5, 0.0], [0.5, 2.0, 1.25, 0.75, -1.5, 3.0]),
          "c": ([0.25 + 0.5j, -0.5 + 0.25j, 1.5 - 1j, 0j], [0.5 - 0.25j, 2 + 1j, -0.75 + 0.5j, 1.0]),
          "i": ([0, 1, 2, 5, 7, 3], [1, 2, 3, 1, 2, 4]),
          "u": ([0, 1, 2, 5, 7, 3], [1, 2, 3, 1, 2, 4]),
          "b": ([True, False, True, False], [True, True, False, False])}


@pytest.mark.parametrize("qual", ELEMENTWISE)
def test_elementwise_matches_strict(qual):
    assert len(ELEMENTWISE) > 60
    if unavailable(qual):
        with pytest.raises(NotImplementedError, match=rf"^\[{qual}\] "):
            get(xp, qual)(*[xp.asarray([1.0])] * _positional_arity(qual))
        return
    compared = 0
    for dtype in ("float64", "float32", "complex128", "int64", "int8", "uint8", "bool"):
        args = [both(np.reshape(v, (2, -1)), dtype) for v in VALUES[np.dtype(dtype).kind][:_positional_arity(qual)]]
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                theirs = get(xps, qual)(*[t for _, t in args])
        except (TypeError, ValueError):
            continue  # a dtype (or negative values, for the shifts) the standard excludes here
        with np.errstate(all="ignore"):
            ours = get(xp, qual)(*[o for o, _ in args])
        check_same(ours, theirs)
        compared += 1
    assert compared > 0, qual


# ---- creation: device=, the standard's signatures ----

CREATION = [("zeros", ((2, 3),), {}), ("ones", (4,), {"dtype": "int8"}), ("empty", ((0, 2),), {}),
            ("full", ((2,), 7), {}), ("full", ((2,), 1.5), {"dtype": "float32"}), ("arange", (5,), {}),
            ("arange", (1, 2, 0.25), {}), ("arange", (6,), {"step": 2, "dtype": "int16"}),
            ("linspace", (0, 1, 5), {}), ("linspace", (0, 1, 4), {"endpoint": False, "dtype": "float32"}),
            ("linspace", (0j, 1 + 1j, 3), {}), ("eye", (3, 4), {"k": 1}), ("eye", (2,), {"dtype": "int32"}),
            ("asarray", ([[1, 2]],), {})]


@pytest.mark.parametrize("fn, args, kw", CREATION)
def test_creation_functions_take_device(fn, args, kw):
    need(fn)
    want = get(xps, fn)(*args, **{k: getattr(xps, v) if k == "dtype" else v for k, v in kw.items()})
    for device in (None, "cpu", xp.asarray([1]).device):
        got = get(xp, fn)(*args, device=device, **{k: getattr(xp, v) if k == "dtype" else v for k, v in kw.items()})
        if fn == "empty":
            assert (got.shape, str(got.dtype)) == (want.shape, dname(want.dtype))
        else:
            check_same(got, want)


@pytest.mark.parametrize("fn", ["zeros_like", "ones_like", "empty_like", "full_like"])
def test_like_creation_functions_take_device(fn):
    need(fn)
    (x, y), args = both([[1.0, 2.0]], "float32"), ((3,) if fn == "full_like" else ())
    for kw_ours, kw_theirs in (({}, {}), ({"dtype": xp.int64}, {"dtype": xps.int64})):
        got = get(xp, fn)(x, *args, device="cpu", **kw_ours)
        want = get(xps, fn)(y, *args, **kw_theirs)
        if fn == "empty_like":
            assert (got.shape, str(got.dtype)) == (want.shape, dname(want.dtype))
        else:
            check_same(got, want)


def test_unknown_device_is_a_value_error():
    for call in (lambda: xp.asarray([1], device="gpu"), lambda: xp.zeros(2, device="cuda:9"),
                 lambda: xp.astype(xp.asarray([1]), xp.int8, device="tpu")):
        with pytest.raises(ValueError, match=r"^\[\w+\] parity.array_api supports the device 'cpu' only"):
            call()


# ---- asarray and astype: the copy= keyword ----

def test_asarray_copy():
    a = np.arange(6.0)
    assert np.shares_memory(np.asarray(xp.asarray(a, copy=False)), a)
    assert np.shares_memory(np.asarray(xp.asarray(a)), a)
    assert not np.shares_memory(np.asarray(xp.asarray(a, copy=True)), a)
    t = xp.asarray(a)
    assert np.shares_memory(np.asarray(xp.asarray(t, copy=False)), a)
    c = xp.asarray(t, copy=True)
    assert not np.shares_memory(np.asarray(c), a)
    np.testing.assert_array_equal(np.asarray(c), a)
    # A copy is needed (Python data, another dtype): NumPy's and strict's ValueError.
    for obj, dtype in (([1, 2], None), (3.5, None), (a, xp.float32), (t, xp.int64)):
        with pytest.raises(ValueError, match=r"^\[asarray\] Unable to avoid copy"):
            xp.asarray(obj, dtype=dtype, copy=False)
        if not isinstance(obj, parity.Tensor):
            with pytest.raises(ValueError):
                xps.asarray(obj, dtype=None if dtype is None else xps.float32, copy=False)
    check_same(xp.asarray([[1, 2], [3, 4]], dtype=xp.uint8, copy=True),
               xps.asarray([[1, 2], [3, 4]], dtype=xps.uint8, copy=True))


def test_astype_copy_and_complex_to_real():
    ours, theirs = both([1, 2, 3], "int32")
    assert xp.astype(ours, xp.int32, copy=False) is ours
    same = xp.astype(ours, xp.int32)  # copy=True is the default (NumPy's astype copies too)
    assert same is not ours and not np.shares_memory(np.asarray(same), np.asarray(ours))
    for to in ("int8", "uint16", "float32", "complex128", "bool"):
        check_same(xp.astype(ours, getattr(xp, to)), xps.astype(theirs, getattr(xps, to)))
        check_same(xp.astype(ours, getattr(xp, to), copy=False), xps.astype(theirs, getattr(xps, to), copy=False))
    z, zs = both([1 + 2j], "complex64")
    with pytest.raises(TypeError):
        xps.astype(zs, xps.float32)
    with pytest.raises(TypeError, match=r"^\[astype\] casting complex64 to float32 is not permitted"):
        xp.astype(z, xp.float32)
    check_same(xp.astype(z, xp.complex128), xps.astype(zs, xps.complex128))


def test_reshape_copy():
    ours, theirs = both(np.arange(6).reshape(2, 3), "int64")
    check_same(xp.reshape(ours, (3, 2)), xps.reshape(theirs, (3, 2)))
    view = xp.reshape(ours, (6,), copy=False)
    assert np.shares_memory(np.asarray(view), np.asarray(ours))
    assert not np.shares_memory(np.asarray(xp.reshape(ours, (6,), copy=True)), np.asarray(ours))
    # A transposed array cannot be flattened without a copy.
    # (array_api_strict raises AttributeError here; the standard says ValueError.)
    with pytest.raises(ValueError, match=r"^\[reshape\] Unable to avoid copy"):
        xp.reshape(ours.mT, (6,), copy=False)
    check_same(xp.reshape(ours.mT, (-1,)), xps.reshape(theirs.mT, (-1,)))


# ---- sorting, statistics, sets, searching: where NumPy's signature differs ----

SORT_INPUT = [[3.0, 1.0, 2.0, 1.0, np.nan, 3.0, -0.0, 0.0], [2.0, 2.0, 1.0, 5.0, 4.0, 1.0, 0.0, 9.0]]


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("axis", [-1, 0])
@pytest.mark.parametrize("dtype", ["float64", "int16", "uint8"])
def test_sort_argsort_descending_stable(descending, axis, dtype):
    need("sort", "argsort")
    values = np.nan_to_num(np.asarray(SORT_INPUT), nan=7.0) if dtype[0] != "f" else SORT_INPUT
    ours, theirs = both(values, dtype)
    check_same(xp.sort(ours, axis=axis, descending=descending), xps.sort(theirs, axis=axis, descending=descending))
    check_same(xp.argsort(ours, axis=axis, descending=descending, stable=True),
               xps.argsort(theirs, axis=axis, descending=descending, stable=True))
    # stable=False may order ties either way: the sorted values must still come out.
    idx = np.asarray(xp.argsort(ours, axis=axis, descending=descending, stable=False))
    np.testing.assert_array_equal(np.take_along_axis(np.asarray(ours), idx, axis=axis),
                                  np.asarray(xps.sort(theirs, axis=axis, descending=descending)))


@pytest.mark.parametrize("fn", ["std", "var"])
def test_std_var_correction(fn):
    need(fn)
    ours, theirs = both([[1.0, 2.0, 4.0], [8.0, 16.0, 32.0]], "float64")
    for kw in ({}, {"correction": 1}, {"correction": 0.5, "axis": 0}, {"axis": 1, "keepdims": True},
               {"correction": 1.0, "axis": (0, 1)}):
        check_same(get(xp, fn)(ours, **kw), get(xps, fn)(theirs, **kw))


@pytest.mark.parametrize("fn", ["unique_all", "unique_counts", "unique_inverse", "unique_values"])
def test_unique_named_tuples(fn):
    need(fn)
    values = [[3, 1, 3], [2, 1, 1]]
    ours, theirs = get(xp, fn)(xp.asarray(values)), get(xps, fn)(xps.asarray(values))
    if fn == "unique_values":
        check_same(ours, theirs)
        return
    assert type(ours).__name__ == type(theirs).__name__
    assert ours._fields == theirs._fields
    for field in theirs._fields:
        check_same(getattr(ours, field), getattr(theirs, field))


def test_clip_keeps_the_dtype():
    need("clip")
    ours, theirs = both([-3, 0, 5, 120], "int8")
    for lo, hi in ((0, 10), (None, 3), (-1, None), (-1000, 1000), (None, None)):
        check_same(xp.clip(ours, lo, hi), xps.clip(theirs, lo, hi))
        check_same(xp.clip(ours, min=lo, max=hi), xps.clip(theirs, min=lo, max=hi))
    bound, bound_s = both([1, 2, 3, 4], "int16")
    got = xp.clip(ours, bound, None)  # NumPy would promote to int16; the standard keeps int8
    check_same(got, xps.clip(theirs, bound_s, None))
    np.testing.assert_array_equal(np.asarray(got), np.array([1, 2, 5, 120], np.int8))
    f, fs = both([-1.5, 0.5, np.nan, 9.0], "float32")
    check_same(xp.clip(f, -1.0, 1.0), xps.clip(fs, -1.0, 1.0))


def test_take_and_take_along_axis():
    need("take", "take_along_axis")
    ours, theirs = both([[10, 20, 30], [40, 50, 60]], "int32")
    i, i_s = both([2, 0], "int64")
    check_same(xp.take(ours, i, axis=1), xps.take(theirs, i_s, axis=1))
    check_same(xp.take(ours, i - 1, axis=0), xps.take(theirs, i_s - 1, axis=0))
    v, vs = both([10, 20, 30], "int32")
    check_same(xp.take(v, i), xps.take(vs, i_s))
    j, js = both([[2, 0], [1, 1]], "int64")
    check_same(xp.take_along_axis(ours, j), xps.take_along_axis(theirs, js))
    k, ks = both([[1, 0, 1]], "int64")
    check_same(xp.take_along_axis(ours, k, axis=0), xps.take_along_axis(theirs, ks, axis=0))


def test_count_nonzero_and_diff_return_arrays():
    need("count_nonzero", "diff")
    ours, theirs = both([[0, 1, 2], [3, 0, 0]], "int64")
    check_same(xp.count_nonzero(ours), xps.count_nonzero(theirs))
    check_same(xp.count_nonzero(ours, axis=1, keepdims=True), xps.count_nonzero(theirs, axis=1, keepdims=True))
    check_same(xp.diff(ours), xps.diff(theirs))
    p, ps = both([[9], [9]], "int64")
    check_same(xp.diff(ours, axis=1, n=2, prepend=p), xps.diff(theirs, axis=1, n=2, prepend=ps))


REDUCTIONS = [q for q in NAMES if "." not in q and "keepdims" in inspect.signature(get(xps, q)).parameters]


@pytest.mark.parametrize("qual", REDUCTIONS)
def test_reductions_match_strict(qual):
    need(qual)
    compared = 0
    for dtype in ("float64", "float32", "int32", "uint8", "bool"):
        ours, theirs = both([[1, 0, 3], [4, 5, 0]], dtype)
        for kw in ({}, {"axis": 0}, {"axis": -1, "keepdims": True}, {"axis": (0, 1)}, {"keepdims": True}):
            try:
                want = get(xps, qual)(theirs, **kw)
            except (TypeError, ValueError):
                continue
            check_same(get(xp, qual)(ours, **kw), want)
            compared += 1
    assert compared > 0


def test_manipulation_spot_checks():
    need("concat", "stack", "expand_dims", "squeeze", "flip", "roll", "permute_dims", "moveaxis",
         "tile", "repeat", "broadcast_to", "unstack")
    ours, theirs = both([[1, 2, 3], [4, 5, 6]], "int16")
    pairs = [
        (xp.concat((ours, ours), axis=1), xps.concat((theirs, theirs), axis=1)),
        (xp.concat([ours, ours], axis=None), xps.concat([theirs, theirs], axis=None)),
        (xp.stack((ours, ours), axis=-1), xps.stack((theirs, theirs), axis=-1)),
        (xp.expand_dims(ours, axis=1), xps.expand_dims(theirs, axis=1)),
        (xp.squeeze(xp.expand_dims(ours, axis=0), axis=0), theirs),
        (xp.flip(ours, axis=(0, 1)), xps.flip(theirs, axis=(0, 1))),
        (xp.roll(ours, 1, axis=1), xps.roll(theirs, 1, axis=1)),
        (xp.permute_dims(ours, (1, 0)), xps.permute_dims(theirs, (1, 0))),
        (xp.moveaxis(ours, 0, 1), xps.moveaxis(theirs, 0, 1)),
        (xp.tile(ours, (2, 1)), xps.tile(theirs, (2, 1))),
        (xp.repeat(ours, 2, axis=0), xps.repeat(theirs, 2, axis=0)),
        (xp.broadcast_to(ours[:1, :], (3, 3)), xps.broadcast_to(theirs[:1, :], (3, 3))),
        (xp.matrix_transpose(ours), xps.matrix_transpose(theirs)),
    ]
    for got, want in pairs:
        check_same(got, want)
    for got, want in zip(xp.unstack(ours, axis=1), xps.unstack(theirs, axis=1)):
        check_same(got, want)


def test_searching_and_misc_spot_checks():
    need("where", "nonzero", "searchsorted", "isin", "cumulative_sum", "cumulative_prod", "tril",
         "triu", "meshgrid", "broadcast_arrays", "tensordot", "vecdot", "argmax")
    ours, theirs = both([[3, 0, 2], [0, 5, 1]], "int32")
    f, fs = both([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "float64")
    s, ss = both([1, 3, 5, 7], "int32")
    v, vs = both([0, 3, 8], "int32")
    pairs = [
        (xp.where(ours > 1, ours, 0), xps.where(theirs > 1, theirs, 0)),
        (xp.where(ours > 1, f, 2.5), xps.where(theirs > 1, fs, 2.5)),
        (xp.searchsorted(s, v), xps.searchsorted(ss, vs)),
        (xp.searchsorted(s, v, side="right"), xps.searchsorted(ss, vs, side="right")),
        (xp.cumulative_sum(ours, axis=1), xps.cumulative_sum(theirs, axis=1)),
        (xp.cumulative_sum(ours, axis=0, include_initial=True), xps.cumulative_sum(theirs, axis=0, include_initial=True)),
        (xp.cumulative_prod(f, axis=1, dtype=xp.float32), xps.cumulative_prod(fs, axis=1, dtype=xps.float32)),
        (xp.tril(ours, k=1), xps.tril(theirs, k=1)),
        (xp.triu(ours, k=-1), xps.triu(theirs, k=-1)),
        (xp.tensordot(f, f, axes=((1,), (1,))), xps.tensordot(fs, fs, axes=((1,), (1,)))),
        (xp.vecdot(f, f, axis=-2), xps.vecdot(fs, fs, axis=-2)),
        (xp.argmax(ours, axis=1, keepdims=True), xps.argmax(theirs, axis=1, keepdims=True)),
    ]
    for got, want in pairs:
        check_same(got, want)
    for many_ours, many_theirs in ((xp.nonzero(ours), xps.nonzero(theirs)),
                                   (xp.meshgrid(s, v, indexing="ij"), xps.meshgrid(ss, vs, indexing="ij")),
                                   (xp.meshgrid(s, v), xps.meshgrid(ss, vs)),
                                   (xp.broadcast_arrays(ours, v), xps.broadcast_arrays(theirs, vs))):
        assert len(many_ours) == len(many_theirs)
        assert type(many_ours) is type(many_theirs)  # 2024.12: lists from meshgrid/broadcast_arrays
        for got, want in zip(many_ours, many_theirs):
            check_same(got, want)
    # isin and broadcast_shapes are in opinfo/array_api_names.txt, but array_api_strict files
    # them under 2025.12.
    xps.set_array_api_strict_flags(api_version="2025.12")
    try:
        assert xp.broadcast_shapes((2, 1), (3,)) == xps.broadcast_shapes((2, 1), (3,))
        check_same(xp.isin(ours, v), xps.isin(theirs, vs))
        # array_api_strict 2.6.1's isin ignores invert=: NumPy's is the reference there.
        np.testing.assert_array_equal(np.asarray(xp.isin(ours, v, invert=True)),
                                      np.isin(np.asarray(ours), np.asarray(v), invert=True))
    finally:
        xps.set_array_api_strict_flags(api_version="2024.12")


# ---- linalg and fft: the standard's result tuples and signatures ----

def test_linalg_result_tuples_have_the_standards_fields():
    a = [[4.0, 1.0], [1.0, 3.0]]
    ours, theirs = both(a, "float64")
    for fn, kw in (("eigh", {}), ("qr", {}), ("qr", {"mode": "complete"}), ("slogdet", {}),
                   ("svd", {}), ("svd", {"full_matrices": False})):
        need("linalg." + fn)
        got, want = get(xp.linalg, fn)(ours, **kw), get(xps.linalg, fn)(theirs, **kw)
        assert got._fields == want._fields, fn
        if fn == "slogdet":
            for field in want._fields:
                check_same(getattr(got, field), getattr(want, field))
        else:  # vectors are unique up to sign: compare what they reconstruct
            for field in want._fields:
                assert getattr(got, field).shape == getattr(want, field).shape, (fn, field)


def test_linalg_spot_checks():
    need("linalg.det", "linalg.inv", "linalg.solve", "linalg.matrix_norm", "linalg.vector_norm",
         "linalg.trace", "linalg.diagonal", "linalg.cross", "linalg.matrix_power")
    a = [[[4.0, 1.0], [1.0, 3.0]], [[2.0, 0.5], [0.25, 1.0]]]
    ours, theirs = both(a, "float64")
    v, vs = both([[1.0, 2.0], [3.0, 4.0]], "float64")
    c, cs = both([[1.0, 2.0, 3.0]], "float64")
    for got, want in [
        (xp.linalg.det(ours), xps.linalg.det(theirs)),
        (xp.linalg.inv(ours), xps.linalg.inv(theirs)),
        (xp.linalg.solve(ours, v), xps.linalg.solve(theirs, vs)),
        (xp.linalg.matrix_norm(ours, ord="fro"), xps.linalg.matrix_norm(theirs, ord="fro")),
        (xp.linalg.matrix_norm(ours, ord=1, keepdims=True), xps.linalg.matrix_norm(theirs, ord=1, keepdims=True)),
        (xp.linalg.vector_norm(v, axis=1, ord=1), xps.linalg.vector_norm(vs, axis=1, ord=1)),
        (xp.linalg.trace(ours, offset=1), xps.linalg.trace(theirs, offset=1)),
        (xp.linalg.diagonal(ours), xps.linalg.diagonal(theirs)),
        (xp.linalg.cross(c, c[:, ::-1]), xps.linalg.cross(cs, cs[:, ::-1])),
        (xp.linalg.matrix_power(ours, 3), xps.linalg.matrix_power(theirs, 3)),
    ]:
        check_same(got, want, ulps=64)


def test_fft_spot_checks():
    need("fft.fft", "fft.ifft", "fft.rfft", "fft.irfft", "fft.fftfreq", "fft.rfftfreq", "fft.fftshift")
    ours, theirs = both([1.0, 2.0, 0.5, -1.0, 3.0], "float32")
    z, zs = both([1.0, 2.0j, 0.5, -1.0 + 1j, 3.0], "complex64")  # the standard's fft takes complex
    for fn, kw in (("fft", {}), ("ifft", {"norm": "ortho"}), ("fft", {"n": 8, "norm": "forward"})):
        check_same(get(xp.fft, fn)(z, **kw), get(xps.fft, fn)(zs, **kw), ulps=64)
    for fn, kw in (("rfft", {"n": 8}), ("fftshift", {})):
        check_same(get(xp.fft, fn)(ours, **kw), get(xps.fft, fn)(theirs, **kw), ulps=64)
    check_same(xp.fft.irfft(xp.fft.rfft(ours)), xps.fft.irfft(xps.fft.rfft(theirs)), ulps=64)
    for fn in ("fftfreq", "rfftfreq"):
        check_same(get(xp.fft, fn)(8, d=0.5), get(xps.fft, fn)(8, d=0.5))
        check_same(get(xp.fft, fn)(5, dtype=xp.float32, device="cpu"), get(xps.fft, fn)(5, dtype=xps.float32))


SPD = [[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]]
GRID = (np.arange(12).reshape(3, 4) * (1 + 0.5j)).tolist()

# (label, call on a namespace): the same standard call on parity.array_api and array_api_strict.
MORE_CALLS = [
    ("cholesky upper", lambda ns: ns.linalg.cholesky(ns.asarray(SPD), upper=True)),
    ("cholesky float32", lambda ns: ns.linalg.cholesky(ns.asarray(SPD, dtype=ns.float32))),
    ("eigvalsh", lambda ns: ns.linalg.eigvalsh(ns.asarray(SPD))),
    ("eigh eigenvalues", lambda ns: ns.linalg.eigh(ns.asarray(SPD)).eigenvalues),
    ("matrix_rank", lambda ns: ns.linalg.matrix_rank(ns.asarray(SPD))),
    ("matrix_rank rtol", lambda ns: ns.linalg.matrix_rank(ns.asarray(SPD), rtol=0.5)),
    ("matrix_rank rtol array", lambda ns: ns.linalg.matrix_rank(ns.stack([ns.asarray(SPD)] * 2), rtol=ns.asarray([0.1, 0.5]))),
    ("pinv", lambda ns: ns.linalg.pinv(ns.asarray(SPD))),
    ("pinv rtol", lambda ns: ns.linalg.pinv(ns.asarray(SPD), rtol=0.3)),
    ("outer", lambda ns: ns.linalg.outer(ns.asarray([1.0, 2.0]), ns.asarray([3.0, 4.0, 5.0]))),
    ("svdvals", lambda ns: ns.linalg.svdvals(ns.asarray(SPD))),
    ("tensordot", lambda ns: ns.linalg.tensordot(ns.asarray(SPD), ns.asarray(SPD), axes=1)),
    ("vecdot", lambda ns: ns.linalg.vecdot(ns.asarray(SPD), ns.asarray(SPD))),
    ("matrix_transpose", lambda ns: ns.linalg.matrix_transpose(ns.asarray(SPD))),
    ("matmul", lambda ns: ns.linalg.matmul(ns.asarray(SPD), ns.asarray(SPD))),
    ("diagonal offset", lambda ns: ns.linalg.diagonal(ns.asarray(SPD), offset=-1)),
    ("trace dtype", lambda ns: ns.linalg.trace(ns.asarray(SPD), dtype=ns.float32)),
    ("vector_norm inf", lambda ns: ns.linalg.vector_norm(ns.asarray(SPD), ord=float("inf"))),
    ("vector_norm axes", lambda ns: ns.linalg.vector_norm(ns.asarray(SPD), axis=(0, 1), keepdims=True)),
    ("matrix_norm nuc", lambda ns: ns.linalg.matrix_norm(ns.asarray(SPD), ord="nuc")),
    ("matrix_norm -2", lambda ns: ns.linalg.matrix_norm(ns.asarray(SPD), ord=-2)),
    ("solve vector", lambda ns: ns.linalg.solve(ns.asarray(SPD), ns.asarray([1.0, 2.0, 3.0]))),
    ("inv complex", lambda ns: ns.linalg.inv(ns.asarray(SPD, dtype=ns.complex128))),
    ("fftn", lambda ns: ns.fft.fftn(ns.asarray(GRID))),
    ("fftn s axes", lambda ns: ns.fft.fftn(ns.asarray(GRID), s=(2, 5), axes=(0, 1))),
    ("ifftn ortho", lambda ns: ns.fft.ifftn(ns.asarray(GRID, dtype=ns.complex64), norm="ortho")),
    ("rfftn", lambda ns: ns.fft.rfftn(ns.real(ns.asarray(GRID)))),
    ("irfftn s", lambda ns: ns.fft.irfftn(ns.asarray(GRID), s=(3, 6), axes=(0, 1))),
    ("hfft", lambda ns: ns.fft.hfft(ns.asarray(GRID[0]))),
    ("ihfft", lambda ns: ns.fft.ihfft(ns.real(ns.asarray(GRID[0], dtype=ns.complex64)))),
    ("irfft n", lambda ns: ns.fft.irfft(ns.asarray(GRID[0], dtype=ns.complex64), n=5)),
    ("ifftshift", lambda ns: ns.fft.ifftshift(ns.real(ns.asarray(GRID)), axes=0)),
    ("fftfreq float32", lambda ns: ns.fft.fftfreq(7, d=0.1, dtype=ns.float32)),
    ("rfftfreq", lambda ns: ns.fft.rfftfreq(7)),
    # One-array results stay sequences (parity's generated bindings unwrap them).
    ("nonzero 1-d", lambda ns: ns.nonzero(ns.asarray([0, 1, 2]))),
    ("unstack one", lambda ns: ns.unstack(ns.ones((1, 3)))),
    ("meshgrid one", lambda ns: tuple(ns.meshgrid(ns.asarray([1, 2])))),
    ("broadcast_arrays one", lambda ns: tuple(ns.broadcast_arrays(ns.asarray([1, 2])))),
    ("full complex", lambda ns: ns.full((2,), 1 - 2j)),
    ("full complex64", lambda ns: ns.full((2,), 1j, dtype=ns.complex64)),
    ("full_like complex", lambda ns: ns.full_like(ns.asarray([1j, 2j]), 3 + 1j)),
    ("repeat array", lambda ns: ns.repeat(ns.asarray([1, 2], dtype=ns.int8), ns.asarray([2, 3]))),
    ("repeat flat", lambda ns: ns.repeat(ns.asarray([[1, 2], [3, 4]]), 2)),
    ("searchsorted sorter", lambda ns: ns.searchsorted(ns.asarray([3, 1, 2]), ns.asarray([2, 3]),
                                                        sorter=ns.argsort(ns.asarray([3, 1, 2])))),
    ("squeeze axes", lambda ns: ns.squeeze(ns.ones((1, 2, 1)), axis=(0, 2))),
    ("roll axes", lambda ns: ns.roll(ns.reshape(ns.arange(6), (2, 3)), (1, 2), axis=(0, 1))),
    ("sum dtype", lambda ns: ns.sum(ns.asarray([100, 100], dtype=ns.int8), dtype=ns.int16)),
    ("sum uint8", lambda ns: ns.sum(ns.asarray([200, 100], dtype=ns.uint8))),
    ("unique_counts nan", lambda ns: ns.unique_counts(ns.asarray([float("nan"), 1.0, float("nan")]))),
    ("sign complex", lambda ns: ns.sign(ns.asarray([3 + 4j, 0j]))),
    ("from_dlpack copy", lambda ns: ns.from_dlpack(np.arange(3.0), copy=True)),
    ("arange negative step", lambda ns: ns.arange(5.0, 0.0, -1.5)),
    ("eye bool", lambda ns: ns.eye(3, k=-1, dtype=ns.bool)),
]


@pytest.mark.parametrize("label, call", MORE_CALLS, ids=[c[0] for c in MORE_CALLS])
def test_more_standard_calls_match_strict(label, call):
    check_same(call(xp), call(xps), ulps=64)


# ---- random arrays: Hypothesis's Array API strategies draw them through parity.array_api ----

def _hypothesis():
    hyp = pytest.importorskip("hypothesis", reason="hypothesis draws the random arrays")
    from hypothesis.configuration import set_hypothesis_home_dir
    from hypothesis.extra.array_api import make_strategies_namespace
    # Hypothesis keeps a cache in ./.hypothesis: not in the source tree.
    set_hypothesis_home_dir(os.path.join(tempfile.gettempdir(), "parity-hypothesis"))
    return hyp, make_strategies_namespace(xp, api_version="2024.12")


def test_hypothesis_accepts_the_namespace():
    hyp, strategies = _hypothesis()
    drawn = []

    @hyp.settings(max_examples=50, deadline=None, derandomize=True, database=None)
    @hyp.given(strategies.arrays(dtype=strategies.scalar_dtypes(),
                                 shape=strategies.array_shapes(min_dims=0, max_dims=3, max_side=3)))
    def draw(x):
        assert isinstance(x, parity.Tensor)
        drawn.append(x.dtype)

    draw()
    assert len(set(drawn)) > 3


ELEMENTWISE_ONLY = [q for q in ELEMENTWISE if q not in ("nonzero", "matrix_transpose") and not q.startswith("unique")]


@pytest.mark.parametrize("qual", ELEMENTWISE_ONLY)
def test_elementwise_random_arrays_match_strict(qual):
    hyp, strategies = _hypothesis()
    arity = _positional_arity(qual)
    compared = []
    accepted = []  # the dtypes the standard allows for this function (strict's TypeError otherwise)
    for name in DTYPES:
        try:
            with np.errstate(all="ignore"):
                get(xps, qual)(*[xps.ones((1,), dtype=getattr(xps, name))] * arity)
            accepted.append(getattr(xp, name))
        except TypeError:
            pass

    @hyp.settings(max_examples=40, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(hyp.HealthCheck))
    @hyp.given(data=hyp.strategies.data())
    def check(data):
        dtype = data.draw(hyp.strategies.sampled_from(accepted), label="dtype")
        shapes = data.draw(strategies.mutually_broadcastable_shapes(arity, max_dims=3, max_side=3), label="shapes")
        ours = [data.draw(strategies.arrays(dtype, s), label=f"x{i + 1}")
                for i, s in enumerate(shapes.input_shapes)]
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                theirs = get(xps, qual)(*[xps.asarray(np.asarray(o)) for o in ours])
        except (TypeError, ValueError):
            return  # a dtype (or value) the standard excludes for this function
        with np.errstate(all="ignore"):
            got = get(xp, qual)(*ours)
        want = np.asarray(theirs)
        assert isinstance(got, parity.Tensor) and np.asarray(got).dtype == want.dtype, (got, want)
        assert got.shape == want.shape
        if want.dtype.kind in "fc":
            rtol, atol = parity._parity._tolerance(qual, want.dtype)  # the engine's claim for the op
            np.testing.assert_allclose(np.asarray(got), want, rtol=rtol, atol=atol, equal_nan=True)
        else:
            np.testing.assert_array_equal(np.asarray(got), want)
        compared.append(dtype)

    check()
    assert compared, qual

"""Property tests against NumPy (Hypothesis): random shapes, dtypes and layouts (C order,
transposed, reversed and stepped views, broadcast stride-0 views) through the operators with
broadcasting, the unary operators, basic indexing and the reductions. The dtype must be NumPy's
exactly, the values NumPy's (NaN equal to NaN; floats within a relative tolerance by dtype), and
where NumPy raises parity raises the same class.

Deterministic (derandomize=True, no example database), so CI sees the same examples every run.
"""
import operator

import numpy as np
import pytest

import parity
from numpy_outcome import outcome, public_class

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
import hypothesis.extra.numpy as hnp  # noqa: E402

SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ml_dtypes = pytest.importorskip("ml_dtypes")
BF16 = np.dtype(ml_dtypes.bfloat16)  # drawn as float32 and rounded (hypothesis cannot draw it)
DTYPES = [np.dtype(d) for d in ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                "uint64", "float16", "float32", "float64", "complex64", "complex128"]] + [BF16]
# By dtype.char (complex: its part); bfloat16 ('E'): one step of its 8-bit significand.
RTOL = {"e": 1e-3, "f": 1e-5, "d": 1e-12, "F": 1e-5, "D": 1e-12, "E": 2.0**-7}


def kind(d):  # ml_dtypes' bfloat16 has kind 'V'
    return "f" if d == BF16 else d.kind


def assert_same(got, expected, rtol=None, atol=0.0):
    """got (parity) is NumPy's `expected`: the same exception class, or a tensor of the same dtype
    and shape with equal values (NaN == NaN), floats within rtol (default: by dtype)."""
    if isinstance(expected, Exception):
        assert isinstance(got, Exception), f"NumPy raises {expected!r}, parity gives {got!r}"
        assert type(got) is public_class(expected), f"{got!r} vs NumPy's {expected!r}"
        return
    assert not isinstance(got, Exception), f"parity raises {got!r}, NumPy gives {expected!r}"
    expected = np.asarray(expected)
    assert isinstance(got, parity.Tensor), type(got)
    g = np.asarray(got)
    assert g.dtype == expected.dtype, f"dtype {g.dtype}, NumPy's {expected.dtype}"
    assert g.shape == expected.shape, f"shape {g.shape}, NumPy's {expected.shape}"
    if kind(g.dtype) in "fc":
        r = RTOL[g.dtype.char] if rtol is None else rtol
        if g.dtype == BF16:  # np.testing does not know bfloat16
            g, expected = g.astype(np.float32), expected.astype(np.float32)
        np.testing.assert_allclose(g, expected, rtol=r, atol=atol, equal_nan=True)
    else:
        np.testing.assert_array_equal(g, expected)


# ---- arrays in random layouts ----

def hnp_arrays(dtype, shape, elements):
    if dtype == BF16:
        f32 = np.dtype(np.float32)
        return hnp.arrays(f32, shape, elements=elements, fill=st.nothing()).map(lambda x: x.astype(BF16))
    return hnp.arrays(dtype, shape, elements=elements, fill=st.nothing())


@st.composite
def arrays(draw, shape, dtype=None, elements=None):
    """An ndarray of `shape` in a random layout: C order, a transpose, a reversed view, a stepped
    view or a broadcast (stride 0) view; its values from NumPy's dtype's whole range by default."""
    dtype = draw(st.sampled_from(DTYPES)) if dtype is None else dtype
    el = elements(dtype) if elements else None
    layout = draw(st.sampled_from(["C", "T", "reversed", "stepped", "broadcast"]))
    shape = tuple(shape)
    if layout == "T" and len(shape) >= 2:
        return draw(hnp_arrays(dtype, shape[::-1], el)).T
    if layout == "reversed" and shape:
        return draw(hnp_arrays(dtype, shape, el))[::-1, ...]
    if layout == "stepped" and shape:
        base = draw(hnp_arrays(dtype, (2 * shape[0] + 1,) + shape[1:], el))
        return base[1::2, ...]
    if layout == "broadcast" and shape and shape[-1] > 1:
        return np.broadcast_to(draw(hnp_arrays(dtype, shape[:-1] + (1,), el)), shape)
    return draw(hnp_arrays(dtype, shape, el))


# ---- binary and comparison operators with broadcasting ----

BINARY = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
          "floordiv": operator.floordiv, "mod": operator.mod, "pow": operator.pow,
          "and": operator.and_, "or": operator.or_, "xor": operator.xor,
          "lshift": operator.lshift, "rshift": operator.rshift,
          "lt": operator.lt, "le": operator.le, "eq": operator.eq, "ne": operator.ne,
          "gt": operator.gt, "ge": operator.ge}


def test_numpy_pow_operator_fast_path_keeps_the_base_dtype():
    # NumPy's ndarray.__pow__ (fast_scalar_power in number.c) runs reciprocal/ones_like/sqrt/
    # positive/square for an inexact base and a 0-d exponent of -1, 0, 0.5, 1 or 2, keeping the
    # base's dtype where np.power promotes; in place too, and for an ndarray base of a 0-d tensor.
    a = np.array([1.5, 3.0, -np.inf, -0.0], np.float32)
    for e in [np.float64(2), np.array(0.5), np.int64(-1), np.float64(0), np.int64(1), np.float32(3)]:
        with np.errstate(all="ignore"):
            expected = a ** e
            assert_same(parity.asarray(a) ** e, expected)
            assert_same(parity.asarray(a) ** parity.asarray(e), expected)
            assert_same(a ** parity.asarray(e), expected)
            t = parity.asarray(a.copy())
            t **= e
            b = a.copy()
            b **= e
            assert_same(t, b)
    i8 = np.array([3, -2], np.int8)  # an integer base: the exponent 2 only, squared
    for e in [np.int64(2), np.float32(2), np.array(2), np.int64(1)]:
        assert_same(parity.asarray(i8) ** e, i8 ** e)


@st.composite
def two_operands(draw):
    shapes = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=4))
    return draw(arrays(shapes.input_shapes[0])), draw(arrays(shapes.input_shapes[1]))


@settings(max_examples=400, **SETTINGS)
@given(ab=two_operands(), name=st.sampled_from(list(BINARY)))
def test_binary_operators_broadcast_as_numpy(ab, name):
    a, b = ab
    op = BINARY[name]
    expected = outcome(lambda: op(a, b))
    assert_same(outcome(lambda: op(parity.asarray(a), parity.asarray(b))), expected)
    assert_same(outcome(lambda: op(a, parity.asarray(b))), expected)  # ndarray op tensor (reflected)


INPLACE = {"add": operator.iadd, "sub": operator.isub, "mul": operator.imul, "truediv": operator.itruediv,
           "floordiv": operator.ifloordiv, "mod": operator.imod, "pow": operator.ipow,
           "and": operator.iand, "or": operator.ior, "xor": operator.ixor,
           "lshift": operator.ilshift, "rshift": operator.irshift}


@settings(max_examples=250, **SETTINGS)
@given(ab=two_operands(), name=st.sampled_from(list(INPLACE)))
def test_inplace_operators_write_through_views_as_numpy(ab, name):
    # t op= b writes into the NumPy memory t views (any layout): same_kind casting, broadcasting
    # into the left shape, and a read-only (broadcast) left operand raise as NumPy's.
    a, b = ab
    op = INPLACE[name]
    expected_a = a.copy() if a.flags.writeable else a  # NumPy's result does not depend on the layout
    expected = outcome(lambda: op(expected_a, b))
    t = parity.asarray(a)  # a view of the drawn layout's memory (reversed, stepped, transposed...)
    got = outcome(lambda: op(t, b))
    if isinstance(expected, Exception):
        assert_same(got, expected)
        return
    assert got is t, "not in place"
    assert_same(got, expected_a)
    assert_same(parity.asarray(a), expected_a)  # written through to the viewed memory


# ---- unary operators ----

UNARY = {"neg": operator.neg, "pos": operator.pos, "abs": operator.abs, "invert": operator.invert}


@settings(max_examples=150, **SETTINGS)
@given(a=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4).flatmap(arrays),
       name=st.sampled_from(list(UNARY)))
def test_unary_operators_as_numpy(a, name):
    op = UNARY[name]
    assert_same(outcome(lambda: op(parity.asarray(a))), outcome(lambda: op(a)))


# ---- basic indexing ----

@st.composite
def array_and_index(draw):
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5))
    a = draw(arrays(shape, dtype=np.dtype("int32")))
    if draw(st.integers(0, 9)) == 0 and shape:  # now and then an index out of bounds
        axis = draw(st.integers(0, len(shape) - 1))
        i = draw(st.sampled_from([shape[axis], -shape[axis] - 1, shape[axis] + 7]))
        return a, (slice(None),) * axis + (i,)
    return a, draw(hnp.basic_indices(shape, allow_newaxis=True, allow_ellipsis=True))


@settings(max_examples=200, **SETTINGS)
@given(ai=array_and_index())
def test_basic_indexing_as_numpy(ai):
    a, key = ai
    assert_same(outcome(lambda: parity.asarray(a)[key]), outcome(lambda: a[key]))


# ---- reductions ----

def moderate(dtype):
    # Finite, moderate values for the float reductions: summation order differs from NumPy's (its
    # pairwise sum), so a tolerance relative to sum(|x|) applies; NaN and inf propagate as NumPy's.
    if kind(dtype) == "f":
        return st.one_of(st.floats(-100, 100, width=32 if dtype == BF16 else 8 * dtype.itemsize),
                         st.sampled_from([np.nan, np.inf, -np.inf]))
    if dtype.kind == "c":
        part = st.floats(-100, 100, width=4 * dtype.itemsize)
        return st.builds(complex, part, part)
    return None


@st.composite
def array_axis_keepdims(draw):
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    a = draw(arrays(shape, elements=moderate))
    nd = a.ndim
    axis = draw(st.one_of(
        st.none(),
        st.integers(-nd, nd - 1) if nd else st.none(),
        hnp.valid_tuple_axes(nd),
        st.sampled_from([nd, -nd - 1]),  # out of bounds: AxisError
    ))
    return a, axis, draw(st.booleans())


REDUCTIONS = ["sum", "prod", "mean", "max", "min"]


@settings(max_examples=300, **SETTINGS)
@given(aak=array_axis_keepdims(), name=st.sampled_from(REDUCTIONS))
def test_reductions_as_numpy(aak, name):
    a, axis, keepdims = aak
    expected = outcome(lambda: getattr(a, name)(axis=axis, keepdims=keepdims))
    got = outcome(lambda: getattr(parity.asarray(a), name)(axis=axis, keepdims=keepdims))
    rtol = atol = None
    if not isinstance(expected, Exception) and kind(np.asarray(expected).dtype) in "fc":
        rtol = RTOL[np.asarray(expected).dtype.char]
        n = max(1, a.size)
        if a.dtype == BF16:  # NumPy (ml_dtypes) accumulates in bfloat16: one rounding per element
            rtol *= n
        if name in ("sum", "mean"):  # another summation order: error ~ eps * sum(|x|) (mean: / count)
            with np.errstate(all="ignore"):
                wide = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
                scale = np.abs(wide).sum(axis=axis, keepdims=keepdims)
            count = max(1, a.size // max(1, np.size(scale))) if name == "mean" else 1
            atol = float(rtol * np.max(np.where(np.isfinite(scale), scale, 0), initial=0.0)) / count
        elif name == "prod":  # one rounding per factor
            rtol = rtol * n
    assert_same(got, expected, rtol=rtol, atol=atol or 0.0)

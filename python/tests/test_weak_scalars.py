"""NEP 50 weak Python scalars against every engine dtype: bool, int, float and complex scalars with
each operator, both orders (t op s, s op t) and in place (t op= s). The result's dtype and values are
NumPy's (2.2 follows NEP 50), or the exception's class is NumPy's where NumPy raises (int8 + 1000
OverflowError, int += 1.5 TypeError, float & 1 TypeError...).
"""
import operator

import numpy as np
import pytest

import parity
from numpy_outcome import outcome, public_class

ml_dtypes = pytest.importorskip("ml_dtypes")

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]

OPS = {  # name: (operator, in-place operator or None)
    "add": (operator.add, operator.iadd), "sub": (operator.sub, operator.isub),
    "mul": (operator.mul, operator.imul), "truediv": (operator.truediv, operator.itruediv),
    "floordiv": (operator.floordiv, operator.ifloordiv), "mod": (operator.mod, operator.imod),
    "pow": (operator.pow, operator.ipow), "and": (operator.and_, operator.iand),
    "or": (operator.or_, operator.ior), "xor": (operator.xor, operator.ixor),
    "lshift": (operator.lshift, operator.ilshift), "rshift": (operator.rshift, operator.irshift),
    "lt": (operator.lt, None), "le": (operator.le, None), "eq": (operator.eq, None),
    "ne": (operator.ne, None), "gt": (operator.gt, None), "ge": (operator.ge, None),
}

# A few values per kind, with ints out of range of the small dtypes (300, -2), of int32 (2**31), of
# int64 (2**63: uint64 only) and of every dtype (2**64), and floats that overflow float16/32.
SCALARS = {
    "bool": [True, False],
    "int": [0, 3, -2, 300, 2**31, 2**63, 2**64],
    "float": [1.5, -0.0, float("nan"), float("inf"), 1e300],
    "complex": [1j, 2.5 - 1.5j],
}

# Operators whose float results NumPy and the engine may round differently (libm pow, fmod-based
# floor division): compared within a few units in the last place; the others exactly.
ROUNDED = {"pow", "floordiv", "mod", "truediv"}


def np_dtype(name):
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


def array(dtype):
    d = np_dtype(dtype)
    if d.kind == "b":
        vals = [True, False, True]
    elif d.kind == "u":
        vals = [0, 1, 2, 7, 200]
    elif d.kind == "i":
        vals = [-3, 0, 1, 2, 7]
    elif d.kind == "c":
        vals = [1 + 2j, -0.5j, 0, 3, complex("nan+1j")]
    else:
        vals = [-2.5, 0.0, 1.0, 3.25, float("nan"), float("inf")]
    return np.array(vals, d)


def is_bf16(d):
    return d == np_dtype("bfloat16")


def check(got, expected, op_name, what):
    if isinstance(expected, Exception):
        assert isinstance(got, Exception), f"{what}: NumPy raises {expected!r}, parity gives {got!r}"
        assert type(got) is public_class(expected), f"{what}: {got!r} vs NumPy's {expected!r}"
        return
    assert not isinstance(got, Exception), f"{what}: parity raises {got!r}, NumPy gives {expected!r}"
    assert isinstance(got, parity.Tensor), what
    g = np.asarray(got)
    assert g.dtype == expected.dtype, f"{what}: dtype {g.dtype}, NumPy's {expected.dtype}"
    if is_bf16(g.dtype):  # np.testing does not know bfloat16
        g, expected = g.astype(np.float32), expected.astype(np.float32)
        rtol = 2.0**-8 if op_name in ROUNDED else 0
    else:
        rtol = 4 * np.finfo(g.dtype).eps if g.dtype.kind in "fc" and op_name in ROUNDED else 0
    if rtol:
        np.testing.assert_allclose(g, expected, rtol=rtol, atol=0, equal_nan=True, err_msg=what)
    else:
        np.testing.assert_array_equal(g, expected, err_msg=what)


def bf16_float_expected(a, s, op, reflected):
    """Declared discrepancy (reports/DISCREPANCIES.md, row 1): ml_dtypes' bfloat16 is a legacy user
    dtype NumPy cannot promote weakly (bfloat16 + 2.5 is float32); the engine applies NEP 50 as to
    float16 (bfloat16 + 2.5 is bfloat16, as JAX and PyTorch). Expected: NumPy's float32 result
    rounded to bfloat16, and NumPy's float32 exception where it raises."""
    a32 = a.astype(np.float32)
    r = outcome(lambda: op(s, a32) if reflected else op(a32, s))
    if isinstance(r, Exception) or r.dtype != np.float32:
        return r
    return r.astype(ml_dtypes.bfloat16)


def cases(a, dtype, op_name, s):
    """(what, expected, parity thunk) for t op s, s op t and t op= s; NumPy's outcome or exception."""
    op, iop = OPS[op_name]
    # bfloat16 where ml_dtypes cannot apply NEP 50: a Python float (declared discrepancy, row 1), or
    # a Python int beyond int64 that ml_dtypes' legacy scalar conversion refuses ("expected number,
    # got int"; float16 gives inf there): the float32 oracle rounded to bfloat16 instead.
    declared = dtype == "bfloat16" and (isinstance(s, float) or (type(s) is int and not -(2**63) <= s <= 2**63 - 1))
    for reflected in (False, True):
        what = f"{'s ' + op_name + ' t' if reflected else 't ' + op_name + ' s'}: {dtype}, s={s!r}"
        if declared:
            expected = bf16_float_expected(a, s, op, reflected)
        else:
            expected = outcome(lambda: op(s, a.copy()) if reflected else op(a.copy(), s))
        t = parity.asarray(a.copy())
        yield what, expected, (lambda t=t: op(s, t) if reflected else op(t, s)), None
    if iop is not None:
        b = a.copy()
        if declared:
            expected = bf16_float_expected(a, s, op, False)
            if not isinstance(expected, Exception):
                expected = expected.astype(a.dtype)
        else:
            expected = outcome(lambda: iop(b, s))
        t = parity.asarray(a.copy())
        yield f"t {op_name}= s: {dtype}, s={s!r}", expected, (lambda t=t: iop(t, s)), t


def mismatches(dtype, op_name, values):
    a = array(dtype)
    bad = []
    for s in values:
        for what, expected, call, inplace in cases(a, dtype, op_name, s):
            got = outcome(call)
            try:
                check(got, expected, op_name, what)
                if inplace is not None and not isinstance(got, Exception):
                    assert got is inplace, f"{what}: not in place"
            except AssertionError as e:
                bad.append(str(e).splitlines()[0])
    return bad


# 2**64 is in its own test below, with -(2**64).
@pytest.mark.parametrize("kind", list(SCALARS))
@pytest.mark.parametrize("op_name", list(OPS))
@pytest.mark.parametrize("dtype", DTYPES)
def test_weak_scalar_matches_numpy(dtype, op_name, kind):
    bad = mismatches(dtype, op_name, [s for s in SCALARS[kind] if s != 2**64])
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("op_name", list(OPS))
@pytest.mark.parametrize("dtype", DTYPES)
def test_int_beyond_uint64_matches_numpy(op_name, dtype):
    bad = mismatches(dtype, op_name, [2**64, -(2**64)])
    assert not bad, "\n".join(bad)

"""Every error class the module raises, provoked through the Python API and checked against
NumPy's class for the same call (NumPy runs the same code in each test). The engine's classes are
engine/include/parity/errors.h; messages start with "[op] ", except the few the module copies from
NumPy word for word (len(), int(), bool()...), which must then equal NumPy's.
"""
import operator
import warnings

import numpy as np
import pytest

import parity

# Where NumPy raises a private subclass (UFuncTypeError, _ArrayMemoryError), the public class it
# derives from is the one the module promises (python/README.md: UFuncTypeError is a TypeError).
PUBLIC_MODULES = ("builtins", "numpy.exceptions", "numpy.linalg")


def public_class(exc):
    return next(c for c in type(exc).__mro__ if c.__module__ in PUBLIC_MODULES)


def raised(call, xp):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's RuntimeWarnings are not errors here
        try:
            call(xp)
        except Exception as e:  # noqa: BLE001 -- the class is what is compared
            return e
    return None


def check_same_error(call, op):
    """call(xp) raises in NumPy (xp=np) and in parity (xp=parity) with the same public class; the
    parity message starts with "[op] ", or (op=None) equals NumPy's message."""
    np_exc = raised(call, np)
    assert np_exc is not None, "NumPy does not raise: the case is wrong"
    pa_exc = raised(call, parity)
    assert pa_exc is not None, f"parity does not raise; NumPy raises {type(np_exc).__name__}: {np_exc}"
    assert type(pa_exc) is public_class(np_exc), (type(pa_exc), type(np_exc), str(pa_exc))
    if op is None:
        assert str(pa_exc) == str(np_exc)
    else:
        assert str(pa_exc).startswith(f"[{op}] "), str(pa_exc)
    return pa_exc


def inplace_add(value, dtype):
    def call(xp):
        t = xp.asarray(np.arange(3, dtype=dtype))
        t += value
    return call


def setitem(value, dtype):
    def call(xp):
        t = xp.asarray(np.zeros(3, dtype))
        t[0] = value
    return call


A23 = np.arange(6.0).reshape(2, 3)

# (id, call(xp), op): xp is the numpy module or the parity module; both have asarray and the ufuncs.
CASES = [
    # ValueError
    ("broadcast", lambda xp: xp.asarray(A23) + xp.asarray(np.ones(4)), "add"),
    ("broadcast-out", lambda xp: xp.add(A23, 1.0, out=xp.asarray(np.zeros(4))), "add"),
    ("reshape-size", lambda xp: xp.asarray(A23).reshape(7), "reshape"),
    ("reshape-two-unknown", lambda xp: xp.asarray(A23).reshape(-1, -1), "reshape"),
    ("matmul-core", lambda xp: xp.asarray(A23) @ xp.asarray(A23), "matmul"),
    ("matmul-0d", lambda xp: xp.matmul(xp.asarray(np.ones(3)), xp.asarray(np.float64(2))), "matmul"),
    ("int-negative-power", lambda xp: xp.asarray(np.array([2, 3])) ** -1, "power"),
    ("duplicate-axis", lambda xp: xp.asarray(A23).sum(axis=(0, 0)), "sum"),
    ("empty-max", lambda xp: xp.asarray(np.zeros((0, 3))).max(), "amax"),
    ("empty-min-axis", lambda xp: xp.asarray(np.zeros((0, 3))).min(axis=0), "amin"),
    ("ragged-list", lambda xp: xp.asarray([[1, 2], [3]]), "array"),
    ("slice-step-zero", lambda xp: xp.asarray(A23)[::0], "index"),
    ("bool-of-many", lambda xp: bool(xp.asarray(A23)), None),
    ("bool-of-empty", lambda xp: bool(xp.asarray(np.zeros(0))), None),
    # TypeError (NumPy's UFuncTypeError and _UFuncNoLoopError are TypeErrors)
    ("inplace-same-kind", inplace_add(1.5, np.int64), "add"),
    ("out-same-kind", lambda xp: xp.sqrt(np.ones(3), out=xp.asarray(np.zeros(3, np.int32))), "sqrt"),
    ("bitwise-float", lambda xp: xp.asarray(A23) & xp.asarray(A23), "bitwise_and"),
    ("shift-float", lambda xp: xp.asarray(A23) << 1, "left_shift"),
    ("invert-float", lambda xp: ~xp.asarray(A23), "invert"),
    ("floor-complex", lambda xp: xp.floor(xp.asarray(np.array([1 + 1j]))), "floor"),
    ("negative-bool", lambda xp: -xp.asarray(np.ones(3, bool)), "negative"),
    ("subtract-bool", lambda xp: xp.asarray(np.ones(3, bool)) - xp.asarray(np.ones(3, bool)), "subtract"),
    ("unsupported-dtype", lambda xp: xp.asarray(np.array(["a"])) + 1, "asarray"),
    ("len-0d", lambda xp: len(xp.asarray(np.float64(1))), None),
    ("iter-0d", lambda xp: iter(xp.asarray(np.array(1.0))), None),
    ("int-of-many", lambda xp: int(xp.asarray(np.array([1, 2]))), None),
    ("index-of-float", lambda xp: operator.index(xp.asarray(np.array(1.0))), None),
    # IndexError
    ("index-bounds", lambda xp: xp.asarray(A23)[5], "index"),
    ("index-bounds-axis1", lambda xp: xp.asarray(A23)[0, -4], "index"),
    ("too-many-indices", lambda xp: xp.asarray(A23)[0, 0, 0], "index"),
    ("float-array-index", lambda xp: xp.asarray(A23)[np.array([1.5])], "index"),
    ("mask-shape", lambda xp: xp.asarray(np.arange(3))[np.array([True, False])], "index"),
    ("float-index", lambda xp: xp.asarray(A23)[0, 1.5], None),
    ("str-index", lambda xp: xp.asarray(A23)["a"], None),
    # numpy.exceptions.AxisError
    ("axis-sum", lambda xp: xp.asarray(A23).sum(axis=2), "sum"),
    ("axis-negative", lambda xp: xp.asarray(A23).sum(axis=-3), "sum"),
    ("axis-max", lambda xp: xp.asarray(A23).max(axis=5), "amax"),
    ("axis-mean-tuple", lambda xp: xp.asarray(A23).mean(axis=(0, 4)), "mean"),
    ("axis-prod-keepdims", lambda xp: xp.asarray(A23).prod(axis=2, keepdims=True), "prod"),
    # OverflowError: a Python int the operand's dtype cannot hold (NEP 50)
    ("weak-int8", lambda xp: xp.asarray(np.arange(3, dtype=np.int8)) + 1000, "add"),
    ("weak-uint8-negative", lambda xp: xp.asarray(np.arange(3, dtype=np.uint8)) - (-1), "subtract"),
    ("weak-uint64-negative", lambda xp: xp.asarray(np.arange(3, dtype=np.uint64)) * -1, "multiply"),
    ("weak-reflected", lambda xp: 300 - xp.asarray(np.arange(3, dtype=np.int8)), "subtract"),
    ("weak-inplace", inplace_add(-129, np.int8), "add"),
    ("asarray-dtype", lambda xp: xp.asarray(1000, dtype=np.int8), "asarray"),
    ("list-dtype", lambda xp: xp.asarray([1, 1000], dtype=np.int8), "array"),
    ("setitem", setitem(1000, np.int8), "index_put"),
    # beyond uint64 no C integer holds it: NumPy's own message (the module copies it)
    ("beyond-uint64", lambda xp: xp.asarray(np.arange(3)) + 2**64, None),
    ("beyond-uint64-asarray", lambda xp: xp.asarray(2**64, dtype=np.int64), None),
    # BufferError: the unversioned DLPack cannot say read-only (NumPy refuses it too)
    ("dlpack-read-only", lambda xp: xp.asarray(np.broadcast_to(np.arange(3.0), (2, 3))).__dlpack__(),
     "from_dlpack"),
    # MemoryError (NumPy's _ArrayMemoryError is one): 8 TiB for the result of a broadcast view
    ("memory", lambda xp: xp.asarray(np.broadcast_to(np.float64(1), (2**40,))) + 1, "add"),
]


@pytest.mark.parametrize("call, op", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_error_class_is_numpys(call, op):
    check_same_error(call, op)


def test_axis_error_is_a_value_error_and_an_index_error_as_numpys():
    e = check_same_error(lambda xp: xp.asarray(A23).sum(axis=2), "sum")
    assert isinstance(e, np.exceptions.AxisError)
    assert isinstance(e, ValueError) and isinstance(e, IndexError)
    with pytest.raises(IndexError):  # code catching IndexError (NumPy's contract) catches it
        parity.asarray(A23).min(axis=-3)


def test_casting_error_is_a_type_error_as_numpys_ufunc_type_error():
    e = check_same_error(inplace_add(1.5, np.int32), "add")
    assert str(e) == "[add] Cannot cast ufunc 'add' output from dtype('float64') to dtype('int32') " \
                     "with casting rule 'same_kind'"


def test_bfloat16_buffer_error_class_is_numpys():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    bf = np.array([1.5], ml_dtypes.bfloat16)
    check_same_error(lambda xp: memoryview(xp.asarray(bf)), "__buffer__")


def test_read_only_output_is_checked_before_the_loop():
    # Found by test_hypothesis.py: np.broadcast_to([False], (2,)) &= np.float16(0)
    ro = np.broadcast_to(np.array([False]), (2,))
    check_same_error(lambda xp: operator.iand(xp.asarray(ro), np.float16(0)), "bitwise_and")


@pytest.mark.parametrize("call", [
    lambda xp: xp.asarray(np.array([1, 0], np.int32)) // 0,
    lambda xp: xp.asarray(np.array([1, 0], np.int32)) % 0,
    lambda xp: xp.asarray(np.array([1.0, -1.0, 0.0])) / 0,
    lambda xp: xp.asarray(np.array([1.0])) // 0.0,
], ids=["int-floordiv", "int-mod", "float-div", "float-floordiv"])
def test_division_by_zero_is_no_error_as_in_numpy(call):
    # NumPy raises no ZeroDivisionError on arrays (0 and inf with a RuntimeWarning): neither may parity.
    assert raised(call, np) is None
    got = raised(call, parity)
    assert got is None, got
    with np.errstate(all="ignore"):
        expected = call(np)
    got = np.asarray(call(parity))
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


# Classes the engine raises only from functions not bound at this commit: each test runs once the
# binding exists (and fails if the class is wrong), and says which binding it waits for.

def test_zero_division_error_of_arange_as_numpys():
    if not hasattr(parity, "arange"):
        pytest.skip("parity.arange is not bound yet (the engine raises ZeroDivisionError for step 0)")
    check_same_error(lambda xp: xp.arange(0, 1, 0), "arange")


def test_linalg_error_of_a_singular_matrix_as_numpys():
    if not hasattr(getattr(parity, "linalg", None), "inv"):
        pytest.skip("parity.linalg.inv is not bound yet (the engine raises LinAlgError)")
    e = check_same_error(lambda xp: xp.linalg.inv(xp.asarray(np.ones((2, 2)))), "linalg.inv")
    assert isinstance(e, np.linalg.LinAlgError) and isinstance(e, ValueError)


def test_dtype_promotion_error_as_numpys():
    if not hasattr(parity, "result_type"):
        pytest.skip("parity.result_type is not bound yet; the ufuncs fall back to a loop instead "
                    "(bfloat16 + int16 is float32, as NumPy's)")
    ml_dtypes = pytest.importorskip("ml_dtypes")
    e = check_same_error(lambda xp: xp.result_type(ml_dtypes.bfloat16, np.int16), "result_type")
    assert isinstance(e, np.exceptions.DTypePromotionError) and isinstance(e, TypeError)


def test_device_tensor_has_no_host_buffer():
    # NumPy has no devices, so no NumPy class to compare with; the engine's NotImplementedError comes
    # from CPU-only ops (sort, take...) not bound yet, so the reachable class is the buffer's.
    t = parity.asarray(np.arange(3.0))
    to = getattr(t, "to_device", None) or getattr(t, "cuda", None)
    if to is None:
        pytest.skip("no device transfer is bound yet (Tensor.to_device / Tensor.cuda)")
    try:
        d = to("cuda") if to.__name__ == "to_device" else to()
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"no CUDA device here: {e}")
    with pytest.raises(BufferError, match=r"^\[__buffer__\] "):
        memoryview(d)  # a device tensor has no host buffer

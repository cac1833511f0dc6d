"""The parity module's foundation against NumPy (the specification): interchange without copies,
attributes, operators with NEP 50 weak scalars, indexing, conversions and error classes.

Run from a build: PYTHONPATH=build/python python3 -m pytest python/tests (ctest runs it as python.pytest).
"""
import operator
import subprocess
import sys

import numpy as np
import pytest

import parity


def check_same(t, expected, ulps=0):
    """t is a parity.Tensor equal to the NumPy array `expected`: dtype, shape and values (within
    `ulps` units of the last place for the transcendental ops: the engine's claim, NumPy's own)."""
    assert isinstance(t, parity.Tensor), type(t)
    got = np.asarray(t)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    if ulps and got.dtype.kind in "fc":
        eps = np.finfo(got.dtype).eps
        np.testing.assert_allclose(got, expected, rtol=ulps * eps, atol=0, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, expected)


# ---- the acceptance line of issue 16 ----

def test_acceptance_one_liner_prints_array_1_2_3():
    code = "import parity, numpy as np; print(parity.asarray(np.arange(3)) + 1)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "array([1, 2, 3])\n"


def test_repr_is_numpys():
    for a in [np.arange(3), np.arange(6.0).reshape(2, 3) / 7, np.array([1 + 2j, 3j], np.complex64),
              np.array([True, False]), np.array(5, np.int8), np.zeros((0, 3), np.float32)]:
        assert repr(parity.asarray(a)) == repr(a)


# ---- attributes ----

@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int32", "int64", "uint64", "float16",
                                   "float32", "float64", "complex64", "complex128"])
def test_attributes_match_numpy(dtype):
    a = np.arange(24).reshape(2, 3, 4).astype(dtype)[:, ::-2, 1:]
    t = parity.asarray(a)
    assert t.shape == a.shape
    assert t.dtype == a.dtype
    assert t.ndim == a.ndim
    assert t.size == a.size
    assert t.itemsize == a.itemsize
    assert t.strides == a.strides  # bytes, negative where NumPy's are
    assert len(t) == len(a)
    assert t.device == "cpu"
    check_same(t.T, a.T)
    check_same(t.mT, np.swapaxes(a, -1, -2))


# ---- zero-copy interchange ----

@pytest.mark.parametrize("view", [
    lambda a: a,
    lambda a: a[::-1],                       # negative stride
    lambda a: a[1:, 2:],                     # offset
    lambda a: a[::2, ::-3],                  # both
    lambda a: a.T,                           # Fortran order
    lambda a: np.broadcast_to(a[:1], (4, 6)),  # zero stride (read-only)
    lambda a: a[2],                          # 1-d from the middle
        lambda a: a[1, 1, ...],                  # 0-d view
])
def test_asarray_views_numpy_memory_both_ways(view):
    base = np.arange(24.0).reshape(4, 6)
    a = view(base)
    t = parity.asarray(a)
    check_same(t, a)
    back = np.asarray(t)
    assert np.shares_memory(back, base)
    assert back.strides == a.strides
    assert back.__array_interface__["data"][0] == a.__array_interface__["data"][0]
    if a.flags.writeable:
        base[...] += 100  # writes through NumPy are seen by the tensor
        check_same(t, view(base))
    else:
        assert not back.flags.writeable


def test_asarray_keeps_the_numpy_array_alive():
    t = parity.asarray(np.arange(1000.0)[::-3])
    import gc
    gc.collect()
    check_same(t, np.arange(1000.0)[::-3])


def test_tensor_writes_are_seen_by_numpy():
    a = np.zeros((3, 4), np.int32)
    t = parity.asarray(a[:, ::-1])
    t[0] = 7
    t[1:, 0] = np.array([8, 9], np.int32)
    expected = np.zeros((3, 4), np.int32)
    expected[:, ::-1][0] = 7
    expected[:, ::-1][1:, 0] = [8, 9]
    np.testing.assert_array_equal(a, expected)


def test_numpy_views_of_tensors_come_back_as_the_same_storage():
    t = parity.asarray([[1, 2, 3], [4, 5, 6]])
    a = np.asarray(t)[:, ::-1]
    t2 = parity.asarray(a)
    t2[0, 0] = 30
    assert int(t[0, 2]) == 30


def test_64_bit_integers_come_back_as_numpys_own_dtype_types():
    # The buffer format NumPy exports for int64 ("l" where long is 64-bit): "q" would give
    # np.longlong, a type distinct from np.int64 that np.isdtype tells apart.
    for d in (np.int64, np.uint64):
        a = np.asarray(parity.asarray(np.arange(3, dtype=d)))
        assert type(a.dtype) is type(np.dtype(d))
        assert np.isdtype(a.dtype, np.dtype(d))
        assert memoryview(parity.asarray(np.arange(3, dtype=d))).format == np.arange(3, dtype=d).data.format


def test_memoryview_and_array_dunder():
    t = parity.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
    m = memoryview(t)
    assert (m.format, m.shape, m.strides, m.readonly) == ("f", (2, 3), (12, 4), False)
    a = t.__array__()
    assert np.shares_memory(a, np.asarray(t))
    c = t.__array__(copy=True)
    assert not np.shares_memory(c, np.asarray(t))
    assert t.__array__(np.float64).dtype == np.float64
    assert np.shares_memory(np.asarray(t, copy=False), a)
    with pytest.raises(ValueError, match="Unable to avoid copy"):  # NumPy's text
        t.__array__(np.float64, copy=False)
    with pytest.raises(ValueError, match="Unable to avoid copy"):
        np.asarray(np.arange(3, dtype=np.float32), dtype=np.float64, copy=False)


def test_unaligned_numpy_memory_is_copied_not_misread():
    raw = np.zeros(8 * 5 + 1, np.uint8)
    a = raw[1:].view(np.float64)  # misaligned by one byte
    a[:] = [1.5, 2.5, 3.5, 4.5, 5.5]
    check_same(parity.asarray(a), a)


def test_python_values():
    check_same(parity.asarray(1), np.asarray(1))
    check_same(parity.asarray(1.5), np.asarray(1.5))
    check_same(parity.asarray(True), np.asarray(True))
    check_same(parity.asarray(2 + 1j), np.asarray(2 + 1j))
    check_same(parity.asarray([[1, 2], [3, 4]]), np.asarray([[1, 2], [3, 4]]))
    check_same(parity.asarray([1, 2.5]), np.asarray([1, 2.5]))
    check_same(parity.asarray([1, 2], dtype=np.uint8), np.asarray([1, 2], dtype=np.uint8))
    check_same(parity.asarray((1, 2), dtype="float32"), np.asarray((1, 2), dtype="float32"))
    check_same(parity.asarray(np.float32(3)), np.asarray(np.float32(3)))
    with pytest.raises(ValueError):
        parity.asarray([[1, 2], [3]])


# ---- operators ----

BINARY = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv,
          operator.mod, operator.pow, operator.lt, operator.le, operator.eq, operator.ne,
          operator.gt, operator.ge]
BITWISE = [operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift]


def values(dtype):
    if np.dtype(dtype).kind in "iu":
        return np.array([[1, 2, 3], [4, 5, 7]], dtype), np.array([3, 1, 2], dtype)
    return np.array([[0.5, -2.0, 3.25], [4.0, -5.5, 7.0]], dtype), np.array([3.0, 1.5, -2.0], dtype)


@pytest.mark.parametrize("dtype", ["int8", "int32", "uint8", "int64", "float32", "float64"])
@pytest.mark.parametrize("op", BINARY + BITWISE, ids=lambda f: f.__name__)
def test_binary_operators_match_numpy(op, dtype):
    a, b = values(dtype)
    if op in BITWISE and np.dtype(dtype).kind == "f":
        with pytest.raises(TypeError):
            op(parity.asarray(a), parity.asarray(b))
        return
    ulps = 2 if op is operator.pow else 0  # pow is a transcendental op on floats
    with np.errstate(all="ignore"):
        expected = op(a, b)
        check_same(op(parity.asarray(a), parity.asarray(b)), expected, ulps)  # tensor, tensor (broadcast)
        check_same(op(parity.asarray(a), b), expected, ulps)                 # tensor, ndarray
        check_same(op(a, parity.asarray(b)), expected, ulps)                 # ndarray, tensor (reflected)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32", "float16", "float32", "float64", "complex64"])
@pytest.mark.parametrize("scalar", [2, 3.5, 1j, True], ids=repr)
@pytest.mark.parametrize("op", [operator.add, operator.sub, operator.mul, operator.truediv, operator.lt],
                         ids=lambda f: f.__name__)
def test_python_scalars_are_weak(op, scalar, dtype):
    a = values(dtype)[0] if dtype != "complex64" else values("float32")[0].astype(dtype)
    t = parity.asarray(a)
    for left, right, tl, tr in [(a, scalar, t, scalar), (scalar, a, scalar, t)]:
        try:
            with np.errstate(all="ignore"):
                expected = op(left, right)
        except TypeError as e:  # complex < ... : NumPy has no loop
            with pytest.raises(TypeError):
                op(tl, tr)
            continue
        with np.errstate(all="ignore"):
            got = op(tl, tr)
        check_same(got, expected)  # the dtype is the array's where NEP 50 says so


def test_weak_int_out_of_range_is_an_overflow_error():
    with pytest.raises(OverflowError, match=r"^\[add\] Python integer 1000 out of bounds for int8"):
        parity.asarray(np.arange(3, dtype=np.int8)) + 1000


def test_numpy_scalars_are_strong():
    a = np.arange(3, dtype=np.float32)
    check_same(parity.asarray(a) + np.float64(1), a + np.float64(1))  # float64, not float32
    check_same(parity.asarray(a) * np.int16(2), a * np.int16(2))


def test_unary_operators():
    a = np.array([[1, -2, 3]], np.int16)
    t = parity.asarray(a)
    check_same(-t, -a)
    check_same(+t, +a)
    check_same(~t, ~a)
    check_same(abs(t), abs(a))


def test_matmul():
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(12.0).reshape(3, 4)
    check_same(parity.asarray(a) @ parity.asarray(b), a @ b)
    check_same(a @ parity.asarray(b), a @ b)
    with pytest.raises(ValueError):
        parity.asarray(a) @ 2


def test_inplace_operators_write_in_place():
    a = np.arange(6).reshape(2, 3)
    t = parity.asarray(a)
    before = id(t)
    t += 1
    t *= np.array([1, 2, 3])
    t -= 1
    assert id(t) == before
    np.testing.assert_array_equal(a, (np.arange(6).reshape(2, 3) + 1) * [1, 2, 3] - 1)
    with pytest.raises(TypeError, match=r"^\[add\] Cannot cast ufunc 'add' output"):
        t += 1.5  # NumPy: UFuncTypeError (a TypeError), same_kind casting


def test_unsupported_operand_is_pythons_type_error():
    with pytest.raises(TypeError):
        parity.asarray([1, 2]) + "a"
    a = np.arange(3.0)
    t = parity.asarray(a)
    for other in [None, "x", object()]:  # NumPy compares elementwise: nothing is equal
        check_same(t == other, a == other)
        check_same(t != other, a != other)
    with pytest.raises(TypeError):
        t < None


# ---- indexing and conversions ----

def test_getitem_setitem_match_numpy():
    a = np.arange(60).reshape(3, 4, 5)
    t = parity.asarray(a.copy())
    keys = [1, -1, (1, 2), slice(None, None, -1), (Ellipsis, 2), (None, 1), (slice(1, None), None, 3),
            np.array([2, 0]), [0, 2], a[:, 0, 0] > 10, (1, [0, 3], slice(None)), (Ellipsis,)]
    for k in keys:
        check_same(t[k], a[k])
    b = a.copy()
    for k, v in [(0, 7), ((1, 2), np.arange(5)), (a > 50, -1), ((slice(None), 0), [[1, 2, 3, 4, 5]])]:
        t[k] = v
        b[k] = v
    check_same(t, b)
    with pytest.raises(IndexError, match=r"^\[index\]"):
        t[3]


def test_scalar_conversions():
    t = parity.asarray(np.array([7], np.int32))
    assert int(t) == 7 and float(t) == 7.0 and complex(t) == 7 + 0j
    assert bool(parity.asarray(0.0)) is False
    assert list(range(10))[parity.asarray(3)] == 3  # __index__
    with pytest.raises(TypeError, match="only integer scalar arrays"):
        operator.index(parity.asarray(3.0))
    with pytest.raises(ValueError, match="more than one element is ambiguous"):
        bool(parity.asarray([1, 2]))
    with pytest.raises(TypeError, match="len\\(\\) of unsized object"):
        len(parity.asarray(1))
    assert [int(x) for x in parity.asarray([4, 5, 6])] == [4, 5, 6]
    rows = list(parity.asarray(np.arange(6).reshape(3, 2)))
    check_same(rows[2], np.array([4, 5]))



def test_operator_slots_fast_and_general_paths():
    # Tensor op Tensor takes the number slot's direct path; every other operand the bound method.
    a, b = np.array([1.0, 2.0]), np.array([[3.0], [4.0]])
    check_same(parity.asarray(a) - parity.asarray(b), a - b)
    check_same([5.0, 6.0] - parity.asarray(a), np.array([5.0, 6.0]) - a)  # list on the left: __rsub__
    check_same(b - parity.asarray(a), b - a)                                 # ndarray on the left
    check_same(parity.asarray(a) - 1, a - 1)
    # Python float and int on either side (weak scalars, direct path); bool and NumPy scalars (general path)
    i8 = np.array([1, -2], np.int8)
    for x, y in [(i8, 3), (3, i8), (i8, 2.5), (2.5, i8), (i8, True), (np.int64(3), i8), (i8, np.float32(2))]:
        px = parity.asarray(x) if isinstance(x, np.ndarray) else x
        py = parity.asarray(y) if isinstance(y, np.ndarray) else y
        check_same(px - py, x - y)
    for big in (1000, 2**63):
        with pytest.raises(OverflowError) as numpy_error:
            i8 + big
        with pytest.raises(numpy_error.type, match=r"^\[add\]"):
            parity.asarray(i8) + big
    with pytest.raises(ValueError, match=r"^\[subtract\]"):  # the error raised on the direct path
        parity.asarray(a) - parity.asarray(np.ones(3))
    with pytest.raises(TypeError):
        parity.asarray(a) - object()
    with pytest.raises(TypeError):
        object() - parity.asarray(a)


def test_iter_is_lazy_over_the_first_axis():
    # 10**9 rows of a zero-stride view: an eager iterator would build them all before the first.
    big = parity.asarray(np.broadcast_to(np.float64(2.5), (10**9, 2)))
    it = iter(big)
    assert iter(it) is it
    check_same(next(it), np.array([2.5, 2.5]))
    a = np.arange(6).reshape(3, 2)
    t = parity.asarray(a)
    rows = iter(t)
    next(rows)
    a[1, 0] = 40  # rows are views, made when reached (as NumPy's)
    check_same(next(rows), np.array([40, 3]))
    check_same(next(rows), a[2])
    with pytest.raises(StopIteration):
        next(rows)
    for x in (np.array(1.0), parity.asarray(1.0)):
        with pytest.raises(TypeError, match="iteration over a 0-d array"):
            iter(x)


# ---- errors ----

def test_engine_errors_are_pythons_and_numpys_classes():
    t = parity.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError, match=r"^\[reshape\] cannot reshape array of size 6 into shape \(7,\)"):
        t.reshape(7)
    with pytest.raises(ValueError, match=r"^\[add\]"):
        t + np.ones(4)
    with pytest.raises(TypeError):
        parity.asarray(np.array(["a"]))


def test_axis_error_is_numpys():
    a = np.ones((2, 3))
    t = parity.asarray(a)
    with pytest.raises(np.exceptions.AxisError, match=r"^\[sum\]"):
        t.sum(axis=2)
    with pytest.raises(np.exceptions.AxisError):  # NumPy's class, a ValueError and an IndexError
        a.sum(axis=2)
    with pytest.raises(IndexError):
        t.sum(axis=-3)


def test_reductions_with_axes():
    a = np.arange(24, dtype=np.int16).reshape(2, 3, 4)
    t = parity.asarray(a)
    for axis in [None, 0, -1, (0, 2), ()]:
        for keepdims in [False, True]:
            check_same(t.sum(axis=axis, keepdims=keepdims), a.sum(axis=axis, keepdims=keepdims))
            check_same(t.max(axis, keepdims=keepdims), a.max(axis, keepdims=keepdims))
            check_same(t.mean(axis=axis, keepdims=keepdims), a.mean(axis=axis, keepdims=keepdims))
    check_same(t.sum(dtype=np.float32), a.sum(dtype=np.float32))


def test_module_ufuncs_use_numpy_names():
    a = np.array([0.5, 1.0, 2.0], np.float32)
    check_same(parity.sin(a), np.sin(a), ulps=2)
    check_same(parity.true_divide(a, 2), np.true_divide(a, 2))
    check_same(parity.absolute(parity.asarray(-a)), np.absolute(-a))
    check_same(parity.maximum(a, 1), np.maximum(a, 1))
    out = parity.asarray(np.zeros(3, np.float32))
    assert parity.add(a, 1, out=out) is out  # NumPy returns out= itself
    check_same(out, np.add(a, 1))
    with pytest.raises(TypeError):  # positional-only, as NumPy's ufuncs
        parity.maximum(x1=a, x2=1)
    with pytest.raises(TypeError):
        np.maximum(x1=a, x2=1)


# ---- DLPack ----

def test_dlpack_both_ways_without_copies():
    base = np.arange(24.0).reshape(4, 6)
    a = base[::-1, 1::2]
    t = parity.from_dlpack(a)
    check_same(t, a)
    assert t.__dlpack_device__() == a.__dlpack_device__() == (1, 0)
    back = np.from_dlpack(t)
    assert np.shares_memory(back, base) and back.strides == a.strides
    np.testing.assert_array_equal(back, a)
    t2 = parity.from_dlpack(t)  # a tensor through DLPack: a view
    t2[0, 0] = -1
    assert base[3, 1] == -1
    c = np.from_dlpack(t, copy=True)
    assert not np.shares_memory(c, base)


def test_dlpack_of_a_read_only_tensor():
    # The unversioned protocol (DLPack < 1.0) cannot say read-only: NumPy refuses the export, and so
    # does the engine; the versioned one (max_version=(1, 0), what np.from_dlpack asks for) carries
    # the read-only flag.
    ro = np.broadcast_to(np.arange(3.0), (2, 3))
    with pytest.raises(BufferError):
        ro.__dlpack__()
    with pytest.raises(BufferError):
        parity.asarray(ro).__dlpack__()
    r = np.from_dlpack(parity.asarray(ro))
    assert not r.flags.writeable and np.shares_memory(r, ro)
    np.testing.assert_array_equal(r, ro)


def test_bfloat16_through_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = np.array([1.5, 2, -3], ml_dtypes.bfloat16)
    t = parity.asarray(a)
    assert t.dtype == a.dtype
    back = np.asarray(t)  # no buffer format for bfloat16: __array__ views it
    assert back.dtype == a.dtype and np.shares_memory(back, a)
    check_same(t + 1, a + 1)  # a weak int keeps bfloat16
    with pytest.raises(ValueError):  # NumPy's class: ml_dtypes' bfloat16 has no buffer format
        memoryview(t)


def test_allclose_and_array_equal_return_python_bools_as_numpy_does():
    a, b = np.array([1.0, 2.0]), np.array([1.0, 2.5])
    for f in ("allclose", "array_equal"):
        for x, y in ((a, a), (a, b)):
            want = getattr(np, f)(x, y)
            got = getattr(parity, f)(parity.asarray(x), parity.asarray(y))
            assert type(got) is bool and type(want) is bool, (f, type(got))
            assert got == want, (f, got, want)

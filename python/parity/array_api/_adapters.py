"""The standard's functions whose signature or result differs from NumPy's (and so from parity's
NumPy-named functions). Every other function of the standard is parity's own (_forward.fill)."""
from typing import NamedTuple

import numpy as _np

import parity as _p

from ._forward import lookup, need, uses
from ._info import _check_device

__all__ = ["arange", "argsort", "asarray", "astype", "broadcast_arrays", "can_cast", "clip",
           "diff", "empty", "empty_like", "eye", "finfo", "from_dlpack", "full",
           "full_like", "iinfo", "isdtype", "linspace", "matrix_transpose", "meshgrid",
           "ones", "ones_like", "repeat", "reshape", "result_type", "sort", "std",
           "take_along_axis", "unique_all", "unique_counts", "unique_inverse", "var",
           "zeros", "zeros_like", "UniqueAllResult", "UniqueCountsResult", "UniqueInverseResult"]

_Tensor = _p.Tensor


def _copy_error(op):
    # NumPy's class and words for the same refusal (np.asarray(obj, copy=False)).
    return ValueError(f"[{op}] Unable to avoid copy while creating an array as requested.")


def _shares_memory(a, b):
    try:
        return bool(_np.shares_memory(_np.asarray(a), _np.asarray(b)))
    except (TypeError, ValueError, BufferError):
        return False


def _python_data(obj):
    # Python scalars and sequences always become new memory (np.generic scalars too).
    return isinstance(obj, (bool, int, float, complex, list, tuple, _np.generic))


# ---- creation: device= ("cpu" or None) and the standard's positional-only arguments ----

@uses("asarray")
def asarray(obj, /, *, dtype=None, device=None, copy=None):
    _check_device("asarray", device)
    if copy is False and _python_data(obj):
        raise _copy_error("asarray")
    x = _p.asarray(obj, dtype=dtype)
    if copy is None:
        return x
    shared = x is obj or _shares_memory(x, obj) or (x.size == 0 and not _python_data(obj)
                                                     and getattr(obj, "dtype", None) == x.dtype)
    if copy:
        return x.copy() if shared else x
    if not shared:
        raise _copy_error("asarray")
    return x


@uses("arange")
def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    _check_device("arange", device)
    if stop is None:
        start, stop = 0, start
    return need("arange")(start, stop, step, dtype=dtype)


def _shape_creation(name):
    @uses(name)
    def create(shape, *, dtype=None, device=None):
        _check_device(name, device)
        return need(name)(shape, dtype=dtype)
    create.__name__ = create.__qualname__ = name
    return create


def _like_creation(name):
    @uses(name)
    def create(x, /, *, dtype=None, device=None):
        _check_device(name, device)
        return need(name)(x, dtype=dtype)
    create.__name__ = create.__qualname__ = name
    return create


empty, ones, zeros = (_shape_creation(n) for n in ("empty", "ones", "zeros"))
empty_like, ones_like, zeros_like = (_like_creation(n) for n in ("empty_like", "ones_like", "zeros_like"))


# parity's full/full_like take a real fill value: a complex one is added to complex zeros.
@uses("full", "zeros")
def full(shape, fill_value, *, dtype=None, device=None):
    _check_device("full", device)
    if isinstance(fill_value, complex):
        return need("zeros")(shape, dtype=dtype or _np.dtype("complex128")) + fill_value
    return need("full")(shape, fill_value, dtype=dtype)


@uses("full_like", "zeros_like")
def full_like(x, /, fill_value, *, dtype=None, device=None):
    _check_device("full_like", device)
    if isinstance(fill_value, complex) and (dtype or x.dtype).kind == "c":
        return need("zeros_like")(x, dtype=dtype) + fill_value
    return need("full_like")(x, fill_value, dtype=dtype)


@uses("eye")
def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    _check_device("eye", device)
    return need("eye")(n_rows, n_cols, k=k, dtype=dtype)


@uses("linspace")
def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    _check_device("linspace", device)
    f = need("linspace")
    if isinstance(start, complex) or isinstance(stop, complex) or \
            (dtype is not None and _np.dtype(dtype).kind == "c"):
        # parity's linspace is real: the real and imaginary parts are two real ranges.
        part = None if dtype is None else _np.dtype(dtype).type(0).real.dtype
        re = f(complex(start).real, complex(stop).real, num, endpoint=endpoint, dtype=part)
        im = f(complex(start).imag, complex(stop).imag, num, endpoint=endpoint, dtype=part)
        return re + im * 1j
    return f(start, stop, num, endpoint=endpoint, dtype=dtype)


@uses("from_dlpack")
def from_dlpack(x, /, *, device=None, copy=None):
    _check_device("from_dlpack", device)
    t = need("from_dlpack")(x)  # a view of x's memory
    return t.copy() if copy else t


# ---- dtypes: astype(copy=), the dtype-only functions (the dtypes are NumPy's own objects) ----

def astype(x, dtype, /, *, copy=True, device=None):
    _check_device("astype", device)
    dtype = _np.dtype(dtype)
    if not copy and x.dtype == dtype:
        return x
    if x.dtype.kind == "c" and dtype.kind != "c":
        # The standard: casting complex to a real dtype "should not be permitted" (real()/imag()).
        raise TypeError(f"[astype] casting {x.dtype} to {dtype} is not permitted by the Array API "
                        "standard; take real(x) or imag(x)")
    return x.astype(dtype)  # the engine's astype always copies


def _dtype_of(a):
    return a.dtype if isinstance(a, _Tensor) else a


def finfo(type, /):  # noqa: A002  (the standard's argument name)
    return (lookup("finfo") or _np.finfo)(_dtype_of(type))


def iinfo(type, /):  # noqa: A002
    return (lookup("iinfo") or _np.iinfo)(_dtype_of(type))


def isdtype(dtype, kind):
    # The standard's kind: a kind name, a dtype, or a tuple of either (parity's takes a name).
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if not isinstance(kind, str):
        return _np.dtype(dtype) == _np.dtype(kind)
    return bool((lookup("isdtype") or _np.isdtype)(dtype, kind))


def result_type(*arrays_and_dtypes):
    f = lookup("result_type")
    if f is not None:
        return f(*arrays_and_dtypes)
    return _np.result_type(*(_dtype_of(a) for a in arrays_and_dtypes))


def can_cast(from_, to, /):
    f = lookup("can_cast")
    return f(from_, to) if f is not None else bool(_np.can_cast(_dtype_of(from_), to))


# ---- manipulation, statistics, searching ----

# The 2024.12 standard returns these as lists (NumPy 2 and parity: tuples; 2025.12: tuples).
@uses("broadcast_arrays")
def broadcast_arrays(*arrays):
    return list(need("broadcast_arrays")(*arrays))


@uses("meshgrid")
def meshgrid(*arrays, indexing="xy"):
    return list(need("meshgrid")(*arrays, indexing=indexing))


@uses("repeat")
def repeat(x, repeats, /, *, axis=None):
    if isinstance(repeats, _Tensor):
        repeats = _np.asarray(repeats).tolist()  # parity's repeat takes an int or a list of ints
    return need("repeat")(x, repeats, axis=axis)


def reshape(x, /, shape, *, copy=None):
    f = lookup("reshape")
    r = f(x, shape) if f is not None else x.reshape(tuple(shape))
    if copy:
        return r.copy()
    if copy is False and r.size and not _shares_memory(r, x):
        raise ValueError("[reshape] Unable to avoid copy while reshaping.")
    return r


def matrix_transpose(x, /):
    f = lookup("matrix_transpose")
    return f(x) if f is not None else x.mT


@uses("clip", "minimum", "maximum")
def clip(x, /, min=None, max=None):  # noqa: A002
    f = need("clip")
    if min is None and max is None:
        return x.copy()
    # A Python int beyond x's range bounds nothing (NEP 50 would refuse to convert it).
    if x.dtype.kind in "iu":
        info = _np.iinfo(x.dtype)
        if type(min) is int and min <= info.min:
            min = None
        if type(max) is int and max >= info.max:
            max = None
    # parity's clip needs both bounds (NumPy's takes None); one bound is a minimum/maximum.
    if min is None and max is None:
        r = x.copy()
    elif min is None:
        r = need("minimum")(x, max)
    elif max is None:
        r = need("maximum")(x, min)
    else:
        r = f(x, min, max)
    # The standard: the result has x's dtype (NumPy promotes with the bounds' dtypes).
    return r if r.dtype == x.dtype else r.astype(x.dtype)


@uses("diff")
def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    # NumPy takes a missing prepend/append as "none", and None as a value.
    kw = {k: v for k, v in (("prepend", prepend), ("append", append)) if v is not None}
    return need("diff")(x, n=n, axis=axis, **kw)


def _reduced_count(x, axis):
    if axis is None:
        return x.size
    n = 1
    for a in (axis,) if isinstance(axis, int) else axis:
        n *= x.shape[a]
    return n


@uses("var")
def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    if float(correction).is_integer():
        return need("var")(x, axis=axis, ddof=int(correction), keepdims=keepdims)
    # parity's ddof is an integer: a fractional correction rescales the population variance,
    # sum(d^2) / (N - c) = var_0 * N / (N - c).
    n = _reduced_count(x, axis)
    return need("var")(x, axis=axis, keepdims=keepdims) * (n / (n - correction))


@uses("std", "var", "sqrt")
def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    if float(correction).is_integer():
        return need("std")(x, axis=axis, ddof=int(correction), keepdims=keepdims)
    return need("sqrt")(var(x, axis=axis, correction=correction, keepdims=keepdims))


@uses("take_along_axis")
def take_along_axis(x, indices, /, *, axis=-1):
    return need("take_along_axis")(x, indices, axis=axis)


# ---- sorting: descending= and stable= (a stable sort also serves stable=False) ----

@uses("sort", "flip")
def sort(x, /, *, axis=-1, descending=False, stable=True):
    r = need("sort")(x, axis=axis)  # parity's sort is stable (the engine's default)
    return need("flip")(r, axis=axis) if descending else r


@uses("argsort", "flip")
def argsort(x, /, *, axis=-1, descending=False, stable=True):
    if not descending:
        return need("argsort")(x, axis=axis)
    # Sorting the reversed array keeps equal elements in their original order once mapped back.
    flip = need("flip")
    r = flip(need("argsort")(flip(x, axis=axis), axis=axis), axis=axis)
    return (x.shape[axis] - 1) - r


# ---- sets: named tuples with the standard's field names ----

class UniqueAllResult(NamedTuple):
    values: object
    indices: object
    inverse_indices: object
    counts: object


class UniqueCountsResult(NamedTuple):
    values: object
    counts: object


class UniqueInverseResult(NamedTuple):
    values: object
    inverse_indices: object


@uses("unique_all")
def unique_all(x, /):
    return UniqueAllResult(*need("unique_all")(x))


@uses("unique_counts")
def unique_counts(x, /):
    return UniqueCountsResult(*need("unique_counts")(x))


@uses("unique_inverse")
def unique_inverse(x, /):
    return UniqueInverseResult(*need("unique_inverse")(x))

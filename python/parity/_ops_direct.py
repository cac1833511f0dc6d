"""Direct bindings: OpInfo entries whose `run` computes another quantity than NumPy's result
(eigh's gauge-invariant products, searchsorted over a sorted copy, broadcast_shapes of tensors,
dtype functions that take arrays) or whose NumPy signature Python cannot state (arange). Each
returns what NumPy's function returns; _ops.py gives them NumPy's name and doc.
"""
import sys

import numpy as np

from . import _parity


def _linalg_result(cls_name):
    return getattr(sys.modules.get("numpy.linalg._linalg"), cls_name, None)


def _direct_eigh(a, UPLO="L"):
    return _wrap_tuple("EighResult", _parity._linalg_eigh(a, UPLO))


def _direct_eig(a):
    return _wrap_tuple("EigResult", _parity._linalg_eig(a))


def _direct_eigvals(a):
    return _parity._linalg_eigvals(a)


def _direct_qr(a, mode="reduced"):
    r = _parity._linalg_qr(a, mode)
    return r if mode == "r" else _wrap_tuple("QRResult", r)


def _direct_svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    r = _parity._linalg_svd(a, full_matrices, compute_uv, hermitian)
    return _wrap_tuple("SVDResult", r) if compute_uv else r


def _wrap_tuple(cls_name, values):
    cls = _linalg_result(cls_name)
    return cls(*values) if cls else tuple(values)


def _direct_searchsorted(a, v, side="left", sorter=None):
    return _parity._searchsorted(a, v, side, sorter)


def _direct_broadcast_shapes(*args):
    return _parity._broadcast_shapes([(s,) if isinstance(s, int) else tuple(s) for s in args])


def _as_dtype(x):
    # np.int8 (a type) has a `dtype` attribute too: a descriptor, not a dtype.
    return np.dtype(x) if isinstance(x, (type, str, np.dtype)) else x.dtype


def _direct_finfo(dtype):
    # NumPy's (ml_dtypes' for bfloat16) finfo object for the dtype: the engine's finfo agrees with
    # it (the OpInfo entry finfo checks each field).
    import ml_dtypes
    return ml_dtypes.finfo(_as_dtype(dtype))


def _direct_iinfo(int_type):
    return np.iinfo(_as_dtype(int_type))


def _direct_isdtype(dtype, kind):
    from . import zeros
    return bool(_parity._call("isdtype", "function", [zeros((), dtype=_as_dtype(dtype))], {"kind": kind})[0])


def _dtype_operand(x):
    from . import zeros
    if isinstance(x, (np.dtype, type, str)):
        return zeros((), dtype=np.dtype(x))
    return x


def _direct_result_type(*arrays_and_dtypes):
    return _parity._call("result_type", "function", [_dtype_operand(x) for x in arrays_and_dtypes], {})[0].dtype


def _direct_can_cast(from_, to, casting="safe"):
    if not isinstance(from_, (np.dtype, type, str)) and not hasattr(from_, "dtype"):
        raise TypeError("[can_cast] did not understand one of the input arguments")
    return bool(_parity._call("can_cast", "function", [_dtype_operand(_as_dtype(from_))],
                              {"dtype": np.dtype(to), "casting": casting})[0])


def _direct_tensordot(a, b, axes=2):
    if isinstance(axes, int):
        return _parity._call("tensordot", "function", [a, b], {"axes": axes})[0]
    xa, xb = axes
    xa = [xa] if isinstance(xa, int) else list(xa)
    xb = [xb] if isinstance(xb, int) else list(xb)
    return _parity._call("tensordot", "function", [a, b], {"axes_a": xa, "axes_b": xb})[0]


def _direct_diff(a, n=1, axis=-1, prepend=np._NoValue, append=np._NoValue):
    args, kw = [a], {"n": n, "axis": axis}
    scalar = (bool, int, float)
    if prepend is not np._NoValue:
        if isinstance(prepend, scalar):
            kw["prepend"] = prepend
        else:
            args.append(prepend)
    if append is not np._NoValue:
        if isinstance(append, scalar):
            kw["append"] = append
        elif len(args) == 1:
            raise NotImplementedError("[diff] an array append= without prepend= is not supported")
        else:
            args.append(append)
    return _parity._call("diff", "function", args, kw)[0]


def _direct_arange(start=None, stop=None, step=None, dtype=None, *, device=None, like=None):
    # NumPy's arange([start,] stop[, step,], dtype=None, *, device=None, like=None): one number
    # is the stop (Python has no signature for an optional first parameter).
    if device not in (None, "cpu"):
        raise NotImplementedError("[arange] keyword 'device' is not supported")
    if like is not None:
        raise NotImplementedError("[arange] keyword 'like' is not supported")
    if stop is None:
        start, stop = None, start
    kw = {k: v for k, v in (("start", start), ("stop", stop), ("step", step), ("dtype", dtype)) if v is not None}
    return _parity._call("arange", "function", [], kw)[0]


def _direct_average(a, axis=None, weights=None, returned=False, *, keepdims=np._NoValue):
    # returned=True gives two results where the plain call gives one: the generic binding takes an
    # entry's result count from its samples, which have both.
    kw = {} if axis is None else {"axis": axis}
    if returned:
        kw["returned"] = True
    if keepdims is not np._NoValue:
        kw["keepdims"] = keepdims
    r = _parity._call("average", "function", [a] if weights is None else [a, weights], kw)
    return tuple(r) if returned else r[0]


# Entry name -> (NumPy's function for the signature and doc, the binding).
DIRECT = {
    "linalg.eigh": (np.linalg.eigh, _direct_eigh),
    "linalg.eig": (np.linalg.eig, _direct_eig),
    "linalg.eigvals": (np.linalg.eigvals, _direct_eigvals),
    "linalg.qr": (np.linalg.qr, _direct_qr),
    "linalg.svd": (np.linalg.svd, _direct_svd),
    "searchsorted": (np.searchsorted, _direct_searchsorted),
    "broadcast_shapes": (np.broadcast_shapes, _direct_broadcast_shapes),
    "finfo": (None, _direct_finfo),
    "iinfo": (None, _direct_iinfo),
    "isdtype": (np.isdtype, _direct_isdtype),
    "result_type": (None, _direct_result_type),
    "can_cast": (None, _direct_can_cast),
    "tensordot": (np.tensordot, _direct_tensordot),
    "diff": (np.diff, _direct_diff),
    "arange": (np.arange, _direct_arange),
    "average": (np.average, _direct_average),
}

"""parity.array_api.linalg: the standard's linalg extension. NumPy 2's numpy.linalg agrees with
the standard except for the names of the result tuples' fields, which the standard fixes."""
from typing import NamedTuple

import numpy as _np

import parity as _p

from . import _forward
from ._forward import need, uses


class EighResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class QRResult(NamedTuple):
    Q: object
    R: object


class SlogdetResult(NamedTuple):
    sign: object
    logabsdet: object


class SVDResult(NamedTuple):
    U: object
    S: object
    Vh: object


@uses("linalg.eigh")
def eigh(x, /):
    return EighResult(*need("eigh", "linalg")(x))


@uses("linalg.qr")
def qr(x, /, *, mode="reduced"):
    return QRResult(*need("qr", "linalg")(x, mode=mode))


@uses("linalg.slogdet")
def slogdet(x, /):
    return SlogdetResult(*need("slogdet", "linalg")(x))


@uses("linalg.svd")
def svd(x, /, *, full_matrices=True):
    return SVDResult(*need("svd", "linalg")(x, full_matrices=full_matrices))


@uses("linalg.pinv")
def pinv(x, /, *, rtol=None):
    # NumPy's rcond is the standard's rtol, with another default (no max(M, N) factor).
    if rtol is None:
        rtol = max(x.shape[-2:]) * _np.finfo(x.dtype).eps
    return need("pinv", "linalg")(x, rcond=rtol)


@uses("linalg.matrix_rank", "linalg.svdvals", "max", "count_nonzero")
def matrix_rank(x, /, *, rtol=None):
    if rtol is None:  # NumPy's default tolerance is the standard's
        return need("matrix_rank", "linalg")(x)
    # parity's tol is absolute: the standard's rtol is relative to the largest singular value.
    s = need("svdvals", "linalg")(x)
    if isinstance(rtol, _p.Tensor):
        rtol = rtol[..., None]
    tol = need("max")(s, axis=-1, keepdims=True) * rtol
    return need("count_nonzero")(s > tol, axis=-1)


__all__ = _forward.fill(globals(), "linalg")

"""parity.array_api.linalg: the standard's linalg extension. NumPy 2's numpy.linalg agrees with
the standard except for the names of the result tuples' fields, which the standard fixes."""
from typing import NamedTuple

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


__all__ = _forward.fill(globals(), "linalg")

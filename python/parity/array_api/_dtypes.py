"""The standard's dtypes as NumPy dtype objects (Tensor.dtype is a numpy.dtype, so
`x.dtype == float32` holds) and its dtype kinds (isdtype, __array_namespace_info__().dtypes)."""
import numpy as _np

bool = _np.dtype("bool")  # noqa: A001  (the standard's name)
int8 = _np.dtype("int8")
int16 = _np.dtype("int16")
int32 = _np.dtype("int32")
int64 = _np.dtype("int64")
uint8 = _np.dtype("uint8")
uint16 = _np.dtype("uint16")
uint32 = _np.dtype("uint32")
uint64 = _np.dtype("uint64")
float32 = _np.dtype("float32")
float64 = _np.dtype("float64")
complex64 = _np.dtype("complex64")
complex128 = _np.dtype("complex128")

_SIGNED = (int8, int16, int32, int64)
_UNSIGNED = (uint8, uint16, uint32, uint64)
_REAL = (float32, float64)
_COMPLEX = (complex64, complex128)

# The standard's kinds, in the order __array_namespace_info__().dtypes lists them.
KINDS = {
    "bool": (bool,),
    "signed integer": _SIGNED,
    "unsigned integer": _UNSIGNED,
    "integral": _SIGNED + _UNSIGNED,
    "real floating": _REAL,
    "complex floating": _COMPLEX,
    "numeric": _SIGNED + _UNSIGNED + _REAL + _COMPLEX,
}
ALL = (bool,) + KINDS["numeric"]

DEFAULTS = {"real floating": float64, "complex floating": complex128, "integral": int64,
            "indexing": int64}

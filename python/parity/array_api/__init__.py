"""parity.array_api: the Python Array API standard (2024.12) over parity's tensors.

`Tensor.__array_namespace__()` returns this module. Functions are parity's own where the standard
and NumPy agree, and adapters (_adapters.py, linalg.py, fft.py) where the standard's signature or
result differs from NumPy's. Which names exist comes from the standard's list
(opinfo/array_api_names.txt, copied here at build time); a function parity does not bind yet raises
NotImplementedError naming it. Devices: "cpu" only.
"""
import sys as _sys
from math import e, inf, nan, pi

from . import _forward
from ._adapters import *  # noqa: F401,F403
from ._adapters import __all__ as _adapter_names
from ._dtypes import (bool, complex64, complex128, float32, float64, int8, int16, int32,  # noqa: A004
                      int64, uint8, uint16, uint32, uint64)
from ._info import __array_namespace_info__, _check_device
from . import fft, linalg

__array_api_version__ = "2024.12"
newaxis = None

_functions = _forward.fill(globals())
__all__ = sorted(set(_functions) | {
    "__array_api_version__", "__array_namespace_info__", "e", "inf", "nan", "pi", "newaxis",
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128", "fft", "linalg",
    "UniqueAllResult", "UniqueCountsResult", "UniqueInverseResult"})

# The standard versions this namespace satisfies (each adds to the one before).
_VERSIONS = (None, "2021.12", "2022.12", "2023.12", "2024.12")


def _array_namespace(self, /, *, api_version=None):
    """Tensor.__array_namespace__: this module, for any standard version up to 2024.12."""
    if api_version not in _VERSIONS:
        raise ValueError(f'[__array_namespace__] version "{api_version}" of the Array API '
                         "standard is not supported")
    return _sys.modules[__name__]


def _to_device(self, device, /, *, stream=None):
    """Tensor.to_device: the standard's array method; "cpu" is the only device here."""
    _check_device("to_device", device)
    return self


def _attach(tensor_type):
    """The standard's array methods that parity.Tensor lacks (called by parity/__init__.py)."""
    tensor_type.__array_namespace__ = _array_namespace
    tensor_type.to_device = _to_device


def _unavailable():
    """The standard's functions that raise NotImplementedError today, with what parity lacks."""
    out = {}
    for ext, module in (("", _sys.modules[__name__]), ("linalg", linalg), ("fft", fft)):
        for name in _forward.names()[ext]:
            lacks = _forward.absent(getattr(module, name))
            if lacks:
                out[(ext + "." if ext else "") + name] = lacks
    return out


del _adapter_names

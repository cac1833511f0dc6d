"""Parity: a C++ tensor engine with NumPy's semantics.

parity.asarray(numpy_array) views the array without a copy; numpy.asarray(tensor) views the
tensor. Operators follow NumPy, with Python scalars as NEP 50 weak scalars. Every op of the
engine's OpInfo database is parity.<name> (parity.linalg.<name>, parity.fft.<name>) with NumPy's
signature (_ops.py).
"""
import sys as _sys

from ._parity import *  # noqa: F401,F403  (Tensor, asarray, the ufuncs)
from ._parity import Tensor, asarray, from_dlpack, __version__, _op_records  # noqa: F401
from . import _ops

ndarray = Tensor  # NumPy's name for the array type
_bound_ops = _ops.install(_sys.modules[__name__])  # entry name -> the function bound for it
from ._transforms import grad, value_and_grad, vmap, compile, no_grad, enable_grad, is_grad_enabled  # noqa: F401,A004
from . import array_api  # noqa: E402  (the Array API namespace: Tensor.__array_namespace__, .to_device)
array_api._attach(Tensor)

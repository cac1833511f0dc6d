"""Parity: a C++ tensor engine with NumPy's semantics.

parity.asarray(numpy_array) views the array without a copy; numpy.asarray(tensor) views the
tensor. Operators follow NumPy, with Python scalars as NEP 50 weak scalars.
"""
from ._parity import *  # noqa: F401,F403  (Tensor, asarray, the ufuncs)
from ._parity import Tensor, asarray, from_dlpack, __version__, _op_records  # noqa: F401

ndarray = Tensor  # NumPy's name for the array type
from . import array_api  # noqa: E402  (the Array API namespace: Tensor.__array_namespace__, .to_device)
array_api._attach(Tensor)

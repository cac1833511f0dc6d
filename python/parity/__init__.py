"""Parity: a C++ tensor engine with NumPy's semantics.

parity.asarray(numpy_array) views the array without a copy; numpy.asarray(tensor) views the
tensor. Operators follow NumPy, with Python scalars as NEP 50 weak scalars.
"""
from ._parity import *  # noqa: F401,F403  (Tensor, asarray, the ufuncs)
from ._parity import Tensor, asarray, from_dlpack, __version__, _op_records  # noqa: F401

ndarray = Tensor  # NumPy's name for the array type
from ._transforms import grad, value_and_grad, vmap, compile, no_grad, enable_grad, is_grad_enabled  # noqa: F401,A004

#pragma once
// Engine tensors <-> NumPy arrays, sharing memory wherever NumPy's and the engine's layouts agree.
// Needs the oracle's interpreter (start_interpreter) and the GIL, which the oracle's thread holds.
#include <pybind11/numpy.h>

#include "parity/tensor.h"

namespace parity::oracle {

// Starts CPython with NumPy and ml_dtypes once per process (oracle.cpp).
void start_interpreter();

// NumPy's dtype for `d` (bfloat16 is ml_dtypes').
pybind11::dtype numpy_dtype(DType d);
// The engine dtype of a NumPy dtype; TypeError for dtypes the engine lacks (object, strings,
// longdouble, structured...) and for non-native byte order.
DType dtype_from_numpy(const pybind11::dtype& dt);

// An ndarray over the tensor's own bytes: same shape, byte strides (negative and zero included)
// and offset, writes shared both ways; its base is a capsule that keeps the storage alive.
// A tensor off the CPU is copied.
pybind11::array to_numpy(const Tensor& t);

// A tensor over the array's bytes when the memory it spans starts 64-byte aligned and every stride
// is a multiple of the itemsize (the storage then holds a reference to the array); otherwise a
// copy into fresh aligned storage. An array made by to_numpy gets back the tensor's own storage.
// Other objects go through np.asarray (NumPy and Python scalars become 0-d); a dtype object
// becomes a 0-d zero of that dtype.
Tensor from_numpy(pybind11::handle obj);

}  // namespace parity::oracle

#pragma once
// NumPy arrays <-> engine tensors: the one conversion library of the extension module
// (python/src/convert.cpp) and the oracle's embedded interpreter (oracle/convert.cpp), which add
// only their policies (alignment, read-only views, starting the interpreter). The caller holds
// the GIL.
#include <pybind11/numpy.h>

#include <cstdint>
#include <optional>

#include "parity/tensor.h"

namespace parity::ndarray {

// The engine dtype of NumPy's dtype kind and itemsize ('b', 'i', 'u', 'f', 'c'); nullopt otherwise
// (bfloat16 is a 'V' dtype: dtype_from_numpy recognises it).
std::optional<DType> dtype_of(char kind, int64_t itemsize);

// NumPy's dtype for an engine dtype; bfloat16 is ml_dtypes' (TypeError when it is not installed).
pybind11::dtype numpy_dtype(DType d);
// The engine dtype of a NumPy dtype; TypeError, its message starting with [op], for dtypes the
// engine lacks (object, strings, longdouble, structured...) and for non-native byte order.
DType dtype_from_numpy(const pybind11::dtype& dt, const char* op);

// A fresh C-contiguous tensor.
Tensor empty_tensor(DType d, const Shape& shape);

// An ndarray of dtype `dt` over the tensor's bytes (a device tensor is copied to the host first);
// its base is a capsule that keeps the storage alive; read-only when the tensor is.
pybind11::array array_of(const Tensor& t, const pybind11::dtype& dt);

// A tensor of dtype `d` over the array's bytes when every stride is a multiple of the itemsize and
// the lowest byte is `alignment`-aligned (the storage then holds a reference to the array, dropped
// under the GIL); a copy otherwise. An array made by array_of gets back the tensor's own storage.
// keep_read_only: a view of a read-only array is a read-only tensor (the module; the oracle keeps
// NumPy's results writeable, as it always has).
Tensor tensor_of(const pybind11::array& arr, DType d, int64_t alignment, bool keep_read_only);

}  // namespace parity::ndarray

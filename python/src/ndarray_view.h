#pragma once
// Tensor <-> ndarray views: the layout rules shared by the extension module (python/src/convert.cpp)
// and the oracle's embedded interpreter (oracle/convert.cpp). The caller holds the GIL.
#include <pybind11/numpy.h>

#include <cstdint>
#include <optional>

#include "parity/tensor.h"

namespace parity::ndarray {

// The engine dtype of NumPy's dtype kind and itemsize ('b', 'i', 'u', 'f', 'c'); nullopt otherwise
// (bfloat16 is a 'V' dtype the caller recognises).
std::optional<DType> dtype_of(char kind, int64_t itemsize);

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

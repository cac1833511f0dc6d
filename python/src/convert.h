#pragma once
// Engine tensors <-> NumPy arrays inside the extension, through bindings/ (parity/ndarray.h, which
// the oracle's interpreter uses too): views both ways where the memory allows.
#include <pybind11/numpy.h>

#include "parity/ndarray.h"
#include "parity/tensor.h"

namespace parity::python {

// NumPy's dtype for an engine dtype; bfloat16 through ml_dtypes (TypeError when not installed).
using ndarray::numpy_dtype;
// The engine dtype of a NumPy dtype; TypeError for dtypes the engine lacks or non-native byte order.
DType dtype_from_numpy(const pybind11::dtype& dt);
// A NumPy array viewing the tensor's memory (a host copy for a device tensor); it keeps the
// storage alive and is read-only when the tensor is.
pybind11::array to_numpy(const Tensor& t);
// A tensor viewing the array's memory (any strides, negative and zero included; the array is kept
// alive by the storage) when every stride is a multiple of the itemsize and the data is aligned
// to the element type; a copy otherwise. A view of a tensor's own storage gets that storage back.
Tensor from_numpy(const pybind11::array& arr);

}  // namespace parity::python

#include "convert.h"

#include "parity/errors.h"
#include "parity/ndarray.h"

namespace py = pybind11;

namespace parity::python {

DType dtype_from_numpy(const py::dtype& dt) { return ndarray::dtype_from_numpy(dt, "asarray"); }

py::array to_numpy(const Tensor& t) {
  if (!t.defined()) throw ValueError("[__array__] undefined tensor");
  return ndarray::array_of(t, numpy_dtype(t.dtype()));
}

Tensor from_numpy(const py::array& arr) {
  const DType d = dtype_from_numpy(arr.dtype());
  // The engine's kernels need each element aligned to its type (complex: to its component).
  const int64_t align = is_complex(d) ? itemsize(d) / 2 : itemsize(d);
  return ndarray::tensor_of(arr, d, align, /*keep_read_only=*/true);
}

}  // namespace parity::python

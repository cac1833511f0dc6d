// Tensor <-> ndarray without copies where the layouts allow (the TensorFlow NumPy rule: share the
// buffer when it is 64-byte aligned, copy otherwise).
#include <Python.h>

#include "parity/ndarray.h"  // bindings/: the conversions the module shares
#include "parity/numpy_convert.h"

namespace py = pybind11;

namespace parity::oracle {

// Device storage is not addressable by NumPy: ndarray::array_of copies a GPU tensor to the host.

py::dtype numpy_dtype(DType d) {
  start_interpreter();
  return ndarray::numpy_dtype(d);
}

DType dtype_from_numpy(const py::dtype& dt) { return ndarray::dtype_from_numpy(dt, "from_numpy"); }

py::array to_numpy(const Tensor& t) {
  start_interpreter();
  if (!t.defined()) throw ValueError("[to_numpy] undefined tensor");
  return ndarray::array_of(t, numpy_dtype(t.dtype()));
}

Tensor from_numpy(py::handle obj) {
  start_interpreter();
  py::array arr;
  if (py::isinstance<py::array>(obj)) {
    arr = py::reinterpret_borrow<py::array>(obj);
  } else {
    py::module_ np = py::module_::import("numpy");
    if (py::isinstance<py::dtype>(obj) || py::isinstance<py::type>(obj))
      arr = np.attr("zeros")(py::tuple(), obj);  // a dtype: a 0-d array of that dtype
    else
      arr = np.attr("asarray")(obj);  // scalars stay 0-d
  }
  // 64-byte aligned memory is shared (the TensorFlow NumPy rule), anything else copied.
  return ndarray::tensor_of(arr, dtype_from_numpy(arr.dtype()), 64, /*keep_read_only=*/false);
}

}  // namespace parity::oracle

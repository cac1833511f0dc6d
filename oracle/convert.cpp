// Tensor <-> ndarray without copies where the layouts allow (the TensorFlow NumPy rule: share the
// buffer when it is 64-byte aligned, copy otherwise).
#include <Python.h>

#include <array>
#include <bit>
#include <cstdint>

#include "parity/numpy_convert.h"
#include "ndarray_view.h"  // python/src: the layout rules the module shares

namespace py = pybind11;

namespace parity::oracle {

// Device storage is not addressable by NumPy: ndarray::array_of copies a GPU tensor to the host.

py::dtype numpy_dtype(DType d) {
  start_interpreter();
  static std::array<py::dtype*, kNumDTypes> cache{};  // leaked: the interpreter is never finalized
  auto& slot = cache[static_cast<size_t>(d)];
  if (!slot) {
    slot = d == DType::BFloat16
               ? new py::dtype(py::dtype::from_args(py::module_::import("ml_dtypes").attr("bfloat16")))
               : new py::dtype(std::string(name(d)));
  }
  return *slot;
}

DType dtype_from_numpy(const py::dtype& dt) {
  constexpr char foreign = std::endian::native == std::endian::little ? '>' : '<';
  if (dt.byteorder() == foreign)
    throw TypeError("[from_numpy] dtype " + py::repr(dt).cast<std::string>() +
                    " has non-native byte order; convert it with .astype(dt.newbyteorder('='))");
  if (auto d = ndarray::dtype_of(dt.kind(), dt.itemsize())) return *d;
  if (dt.kind() == 'V' && dt.num() == numpy_dtype(DType::BFloat16).num()) return DType::BFloat16;
  throw TypeError("[from_numpy] NumPy dtype " + py::repr(dt).cast<std::string>() +
                  " has no engine dtype (bool, int8-64, uint8-64, float16/32/64, bfloat16, complex64/128)");
}

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

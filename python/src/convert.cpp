#include "convert.h"

#include <array>
#include <bit>
#include <cstdint>

#include "ndarray_view.h"
#include "parity/errors.h"

namespace py = pybind11;

namespace parity::python {

py::dtype numpy_dtype(DType d) {
  static std::array<py::dtype*, kNumDTypes> cache{};  // leaked: lives as long as the module
  auto& slot = cache[static_cast<size_t>(d)];
  if (!slot) {
    if (d == DType::BFloat16) {
      py::object bf16;
      try {
        bf16 = py::module_::import("ml_dtypes").attr("bfloat16");
      } catch (py::error_already_set&) {
        throw TypeError("[to_numpy] NumPy has no bfloat16: install ml_dtypes for a NumPy view of a bfloat16 tensor");
      }
      slot = new py::dtype(py::dtype::from_args(bf16));
    } else {
      slot = new py::dtype(std::string(name(d)));
    }
  }
  return *slot;
}

DType dtype_from_numpy(const py::dtype& dt) {
  constexpr char foreign = std::endian::native == std::endian::little ? '>' : '<';
  if (dt.byteorder() == foreign)
    throw TypeError("[asarray] dtype " + py::repr(dt).cast<std::string>() +
                    " has non-native byte order; convert it with .astype(dt.newbyteorder('='))");
  if (auto d = ndarray::dtype_of(dt.kind(), dt.itemsize())) return *d;
  if (dt.kind() == 'V' && dt.itemsize() == 2) {
    try {
      if (dt.num() == numpy_dtype(DType::BFloat16).num()) return DType::BFloat16;
    } catch (const TypeError&) {  // no ml_dtypes: no bfloat16 to match
    }
  }
  throw TypeError("[asarray] NumPy dtype " + py::repr(dt).cast<std::string>() +
                  " has no engine dtype (bool, int8-64, uint8-64, float16/32/64, bfloat16, complex64/128)");
}

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

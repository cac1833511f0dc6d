#include "parity/ndarray.h"

#include <array>
#include <bit>
#include <memory>
#include <string>

#include "parity/errors.h"

namespace py = pybind11;

namespace parity::ndarray {

namespace {

constexpr const char* kCapsuleName = "parity.Storage";  // the base of every array array_of makes

// Drops the storage's reference to its ndarray under the GIL (a tensor may die on any thread).
void release_array(py::object* ref) {
  if (!Py_IsInitialized()) return;  // the interpreter is gone: leak rather than crash
  PyGILState_STATE g = PyGILState_Ensure();
  delete ref;
  PyGILState_Release(g);
}

// The storage of the tensor an array views, if array_of made it (or it is a view of one).
std::shared_ptr<Storage> tensor_storage(const py::array& arr) {
  py::object b = arr.base();
  for (int depth = 0; b && !b.is_none() && depth < 64; ++depth) {
    if (PyCapsule_IsValid(b.ptr(), kCapsuleName))
      return *static_cast<std::shared_ptr<Storage>*>(PyCapsule_GetPointer(b.ptr(), kCapsuleName));
    if (!py::isinstance<py::array>(b)) break;
    b = py::reinterpret_borrow<py::array>(b).base();
  }
  return nullptr;
}

}  // namespace

std::optional<DType> dtype_of(char kind, int64_t itemsize) {
  struct Row { char kind; int64_t size; DType d; };
  static constexpr std::array<Row, 14> kRows{{
      {'b', 1, DType::Bool},      {'i', 1, DType::Int8},      {'i', 2, DType::Int16},
      {'i', 4, DType::Int32},     {'i', 8, DType::Int64},     {'u', 1, DType::UInt8},
      {'u', 2, DType::UInt16},    {'u', 4, DType::UInt32},    {'u', 8, DType::UInt64},
      {'f', 2, DType::Float16},   {'f', 4, DType::Float32},   {'f', 8, DType::Float64},
      {'c', 8, DType::Complex64}, {'c', 16, DType::Complex128},
  }};
  for (const Row& r : kRows)
    if (r.kind == kind && r.size == itemsize) return r.d;
  return std::nullopt;
}

py::dtype numpy_dtype(DType d) {
  static std::array<py::dtype*, kNumDTypes> cache{};  // leaked: lives as long as the interpreter
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

DType dtype_from_numpy(const py::dtype& dt, const char* op) {
  constexpr char foreign = std::endian::native == std::endian::little ? '>' : '<';
  if (dt.byteorder() == foreign)
    throw TypeError(std::string("[") + op + "] dtype " + py::repr(dt).cast<std::string>() +
                    " has non-native byte order; convert it with .astype(dt.newbyteorder('='))");
  if (auto d = dtype_of(dt.kind(), dt.itemsize())) return *d;
  if (dt.kind() == 'V' && dt.itemsize() == 2) {
    try {
      if (dt.num() == numpy_dtype(DType::BFloat16).num()) return DType::BFloat16;
    } catch (const TypeError&) {  // no ml_dtypes: no bfloat16 to match
    }
  }
  throw TypeError(std::string("[") + op + "] NumPy dtype " + py::repr(dt).cast<std::string>() +
                  " has no engine dtype (bool, int8-64, uint8-64, float16/32/64, bfloat16, complex64/128)");
}

Tensor empty_tensor(DType d, const Shape& shape) {
  int64_t n = 1;
  for (auto s : shape) n *= s;
  return Tensor(std::make_shared<Storage>(n * itemsize(d)), d, shape, contiguous_strides(shape), 0);
}

py::array array_of(const Tensor& t, const py::dtype& dt) {
  const Tensor src = t.device().is_cpu() ? t : t.to(Device::cpu);
  auto* keep = new std::shared_ptr<Storage>(src.storage());
  py::capsule base(keep, kCapsuleName, [](void* p) { delete static_cast<std::shared_ptr<Storage>*>(p); });
  py::array a(dt, src.shape(), src.byte_strides(), src.data_ptr(), base);
  if (!t.writeable()) a.attr("setflags")(py::arg("write") = false);  // NumPy raises on writes too
  return a;
}

Tensor tensor_of(const py::array& arr, DType d, int64_t alignment, bool keep_read_only) {
  const int64_t isz = itemsize(d), nd = arr.ndim();
  Shape shape(nd);
  Strides bytes(nd);
  int64_t n = 1;
  for (int64_t i = 0; i < nd; ++i) {
    shape[i] = arr.shape(i);
    bytes[i] = arr.strides(i);
    n *= shape[i];
  }
  if (n == 0) return empty_tensor(d, shape);

  // The span of bytes the array touches, relative to its first element; a size-1 axis's stride is free.
  char* ptr = static_cast<char*>(const_cast<void*>(arr.data()));
  bool strides_ok = true;
  int64_t lo = 0, hi = 0;
  Strides elems(nd, 0);
  for (int64_t i = 0; i < nd; ++i) {
    if (shape[i] == 1) {
      if (bytes[i] % isz == 0) elems[i] = bytes[i] / isz;
      continue;
    }
    if (bytes[i] % isz != 0) strides_ok = false;
    elems[i] = bytes[i] / isz;
    int64_t ext = (shape[i] - 1) * bytes[i];
    (ext < 0 ? lo : hi) += ext;
  }
  Tensor t;
  if (strides_ok) {
    if (auto s = tensor_storage(arr)) {  // a view of a tensor's own storage: hand that storage back
      char* base = static_cast<char*>(s->data());
      if ((ptr - base) % isz == 0 && ptr + lo >= base && ptr + hi + isz <= base + s->nbytes())
        t = Tensor(std::move(s), d, shape, elems, (ptr - base) / isz);
    }
    char* low = ptr + lo;
    if (!t.defined() && reinterpret_cast<uintptr_t>(low) % alignment == 0) {
      auto* ref = new py::object(arr);
      auto storage = std::make_shared<Storage>(low, hi - lo + isz, [ref](void*) { release_array(ref); });
      t = Tensor(std::move(storage), d, shape, elems, -lo / isz);
    }
  }
  if (!t.defined()) {
    t = empty_tensor(d, shape);
    py::module_::import("numpy").attr("copyto")(array_of(t, arr.dtype()), arr, py::arg("casting") = "no");
    return t;
  }
  if (keep_read_only && !arr.writeable()) t.setflags(false);
  return t;
}

}  // namespace parity::ndarray

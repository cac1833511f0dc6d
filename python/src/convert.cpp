#include "convert.h"

#include <array>
#include <bit>
#include <cstdint>

#include "parity/errors.h"

namespace py = pybind11;

namespace parity::python {

namespace {

constexpr const char* kCapsuleName = "parity.Storage";  // the base of every array to_numpy makes

Tensor empty_tensor(DType d, const Shape& shape) {
  int64_t n = 1;
  for (auto s : shape) n *= s;
  return Tensor(std::make_shared<Storage>(n * itemsize(d)), d, shape, contiguous_strides(shape), 0);
}

// Drops the storage's reference to its ndarray under the GIL (a tensor may die on any thread).
void release_array(py::object* ref) {
  if (!Py_IsInitialized()) return;  // the interpreter is gone: leak rather than crash
  PyGILState_STATE g = PyGILState_Ensure();
  delete ref;
  PyGILState_Release(g);
}

// The storage of the tensor an array views, if to_numpy made it (or it is a view of one).
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

// The alignment an element of d needs (complex: its component's).
int64_t element_alignment(DType d) { return is_complex(d) ? itemsize(d) / 2 : itemsize(d); }

}  // namespace

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
  const auto sz = dt.itemsize();
  switch (dt.kind()) {
    case 'b': if (sz == 1) return DType::Bool; break;
    case 'i':
      if (sz == 1) return DType::Int8;
      if (sz == 2) return DType::Int16;
      if (sz == 4) return DType::Int32;
      if (sz == 8) return DType::Int64;
      break;
    case 'u':
      if (sz == 1) return DType::UInt8;
      if (sz == 2) return DType::UInt16;
      if (sz == 4) return DType::UInt32;
      if (sz == 8) return DType::UInt64;
      break;
    case 'f':
      if (sz == 2) return DType::Float16;
      if (sz == 4) return DType::Float32;
      if (sz == 8) return DType::Float64;
      break;
    case 'c':
      if (sz == 8) return DType::Complex64;
      if (sz == 16) return DType::Complex128;
      break;
    case 'V':
      if (sz == 2) {
        try {
          if (dt.num() == numpy_dtype(DType::BFloat16).num()) return DType::BFloat16;
        } catch (const TypeError&) {
        }
      }
      break;
  }
  throw TypeError("[asarray] NumPy dtype " + py::repr(dt).cast<std::string>() +
                  " has no engine dtype (bool, int8-64, uint8-64, float16/32/64, bfloat16, complex64/128)");
}

py::array to_numpy(const Tensor& t) {
  if (!t.defined()) throw ValueError("[__array__] undefined tensor");
  const Tensor src = t.device().is_cpu() ? t : t.to(Device::cpu);
  py::dtype dt = numpy_dtype(src.dtype());
  auto* keep = new std::shared_ptr<Storage>(src.storage());
  py::capsule base(keep, kCapsuleName, [](void* p) { delete static_cast<std::shared_ptr<Storage>*>(p); });
  py::array a(dt, src.shape(), src.byte_strides(), src.data_ptr(), base);
  if (!t.writeable()) a.attr("setflags")(py::arg("write") = false);  // NumPy raises on writes too
  return a;
}

Tensor from_numpy(const py::array& arr) {
  const DType d = dtype_from_numpy(arr.dtype());
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
  bool strides_ok = reinterpret_cast<uintptr_t>(ptr) % element_alignment(d) == 0;
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
  const bool writeable = arr.writeable();
  if (strides_ok) {
    Tensor t;
    if (auto s = tensor_storage(arr)) {  // a view of a tensor's own storage: hand that storage back
      char* base = static_cast<char*>(s->data());
      if ((ptr - base) % isz == 0 && ptr + lo >= base && ptr + hi + isz <= base + s->nbytes())
        t = Tensor(std::move(s), d, shape, elems, (ptr - base) / isz);
    }
    if (!t.defined()) {
      char* low = ptr + lo;
      auto* ref = new py::object(arr);
      auto storage = std::make_shared<Storage>(low, hi - lo + isz, [ref](void*) { release_array(ref); });
      t = Tensor(std::move(storage), d, shape, elems, -lo / isz);
    }
    if (!writeable) t.setflags(false);
    return t;
  }
  Tensor t = empty_tensor(d, shape);
  py::module_::import("numpy").attr("copyto")(to_numpy(t), arr, py::arg("casting") = "no");
  return t;
}

}  // namespace parity::python

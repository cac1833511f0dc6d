#include "dlpack_capsule.h"

#include <dlpack/dlpack.h>

#include <cstdint>
#include <string>

#include "parity/dlpack.h"
#include "parity/errors.h"

namespace py = pybind11;

namespace parity::python {

namespace {

// DLPack 1.0's versioned tensor (the system header is DLPack 0.6, which lacks it); the DLTensor
// inside is the same struct in both versions.
struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
};
constexpr uint64_t kReadOnly = 1ULL << 0;
constexpr uint64_t kIsCopied = 1ULL << 1;
constexpr const char* kVersioned = "dltensor_versioned";
constexpr const char* kUnversioned = "dltensor";

// A writeable alias of t's view: the engine's export refuses read-only tensors (0.6 cannot flag
// them); the versioned export carries the flag instead.
Tensor writeable_alias(const Tensor& t) {
  return Tensor(t.storage(), t.dtype(), t.shape(), t.strides(), t.offset());
}

}  // namespace

py::capsule dlpack_export(const Tensor& t, bool versioned, bool copied) {
  if (!versioned) {
    return py::capsule(to_dlpack(t), kUnversioned, [](PyObject* cap) {
      if (PyCapsule_IsValid(cap, kUnversioned)) {  // not consumed: the producer frees it
        auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(cap, kUnversioned));
        if (m && m->deleter) m->deleter(m);
      }
    });
  }
  DLManagedTensor* inner = to_dlpack(writeable_alias(t));
  auto* v = new DLManagedTensorVersioned{{1, 0}, inner, nullptr, 0, inner->dl_tensor};
  v->flags = (t.writeable() ? 0 : kReadOnly) | (copied ? kIsCopied : 0);
  v->deleter = [](DLManagedTensorVersioned* self) {
    auto* m = static_cast<DLManagedTensor*>(self->manager_ctx);
    if (m->deleter) m->deleter(m);
    delete self;
  };
  return py::capsule(v, kVersioned, [](PyObject* cap) {
    if (PyCapsule_IsValid(cap, kVersioned)) {
      auto* m = static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(cap, kVersioned));
      if (m && m->deleter) m->deleter(m);
    }
  });
}

Tensor dlpack_import(py::handle cap) {
  if (PyCapsule_IsValid(cap.ptr(), kUnversioned)) {
    auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(cap.ptr(), kUnversioned));
    PyCapsule_SetName(cap.ptr(), "used_dltensor");  // ours from here, whatever from_dlpack throws
    return from_dlpack(m);
  }
  if (!PyCapsule_IsValid(cap.ptr(), kVersioned))
    throw ValueError("[from_dlpack] __dlpack__ did not return an unused 'dltensor' or 'dltensor_versioned' capsule");
  auto* v = static_cast<DLManagedTensorVersioned*>(PyCapsule_GetPointer(cap.ptr(), kVersioned));
  if (v->version.major != 1)  // the standard: a consumer refuses a major version it does not know
    throw BufferError("[from_dlpack] DLPack version " + std::to_string(v->version.major) + "." +
                      std::to_string(v->version.minor) + " is not supported (1.x is)");
  PyCapsule_SetName(cap.ptr(), "used_dltensor_versioned");
  // The engine consumes unversioned tensors: a wrapper whose deleter runs the producer's.
  auto* m = new DLManagedTensor{v->dl_tensor, v, [](DLManagedTensor* self) {
    auto* inner = static_cast<DLManagedTensorVersioned*>(self->manager_ctx);
    if (inner->deleter) inner->deleter(inner);
    delete self;
  }};
  const bool read_only = (v->flags & kReadOnly) != 0;
  Tensor t = from_dlpack(m);
  return read_only ? t.setflags(false) : t;
}

}  // namespace parity::python

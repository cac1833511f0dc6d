// DLPack import and export (parity/dlpack.h). DLPack 0.6 (Debian's header) has no bool type code;
// NumPy 2 and PyTorch write bool as code 6 (kDLBool of DLPack 0.8), which is accepted here.
#include "parity/dlpack.h"

#include <dlpack/dlpack.h>

#include <memory>
#include <string>

#include "parity/errors.h"
#include "parity/op_record.h"

namespace parity {

namespace {
constexpr uint8_t kBoolCode = 6;  // kDLBool in DLPack >= 0.8

DType dtype_of(const DLDataType& t) {
  auto bad = [&] {
    return TypeError("[from_dlpack] unsupported DLPack dtype (code " + std::to_string(t.code) + ", " +
                     std::to_string(t.bits) + " bits, " + std::to_string(t.lanes) + " lanes)");
  };
  if (t.lanes != 1) throw bad();
  switch (t.code) {
    case kDLInt:
      switch (t.bits) { case 8: return DType::Int8; case 16: return DType::Int16; case 32: return DType::Int32; case 64: return DType::Int64; }
      break;
    case kDLUInt:
      switch (t.bits) { case 8: return DType::UInt8; case 16: return DType::UInt16; case 32: return DType::UInt32; case 64: return DType::UInt64; }
      break;
    case kDLFloat:
      switch (t.bits) { case 16: return DType::Float16; case 32: return DType::Float32; case 64: return DType::Float64; }
      break;
    case kDLBfloat:
      if (t.bits == 16) return DType::BFloat16;
      break;
    case kDLComplex:
      switch (t.bits) { case 64: return DType::Complex64; case 128: return DType::Complex128; }
      break;
    case kBoolCode:
      if (t.bits == 8) return DType::Bool;
      break;
  }
  throw bad();
}

DLDataType dl_dtype(DType d) {
  DLDataType t{};
  t.lanes = 1;
  t.bits = static_cast<uint8_t>(itemsize(d) * 8);
  switch (d) {
    case DType::Bool: t.code = kBoolCode; break;
    case DType::Int8: case DType::Int16: case DType::Int32: case DType::Int64: t.code = kDLInt; break;
    case DType::UInt8: case DType::UInt16: case DType::UInt32: case DType::UInt64: t.code = kDLUInt; break;
    case DType::Float16: case DType::Float32: case DType::Float64: t.code = kDLFloat; break;
    case DType::BFloat16: t.code = kDLBfloat; break;
    case DType::Complex64: case DType::Complex128: t.code = kDLComplex; break;
  }
  return t;
}

// What an exported tensor keeps alive: the tensor (its storage) and the shape and strides arrays.
struct Export {
  DLManagedTensor managed{};
  Tensor keep;
  Shape shape;
  Strides strides;
};
}  // namespace

Tensor from_dlpack(DLManagedTensor* t) {
  if (!t) throw ValueError("[from_dlpack] null DLPack tensor");
  // Owns t from here: its deleter runs if we throw, or when the storage dies.
  std::shared_ptr<DLManagedTensor> owner(t, [](DLManagedTensor* m) {
    if (m->deleter) m->deleter(m);
  });
  const DLTensor& x = t->dl_tensor;
  Device dev;
  if (x.device.device_type == kDLCPU) dev = Device::cpu;
  else if (x.device.device_type == kDLCUDA) dev = Device(DeviceType::cuda, x.device.device_id);
  else
    throw ValueError("[from_dlpack] unsupported DLPack device type " + std::to_string(x.device.device_type) +
                     " (the engine holds CPU and CUDA memory)");
  const DType d = dtype_of(x.dtype);
  if (x.ndim < 0 || x.ndim > 64) throw ValueError("[from_dlpack] bad ndim " + std::to_string(x.ndim));
  Shape shape(x.shape, x.shape + x.ndim);
  Strides strides(static_cast<size_t>(x.ndim));
  int64_t n = 1;
  for (int i = x.ndim - 1; i >= 0; --i) {  // NULL strides: C order
    if (shape[i] < 0) throw ValueError("[from_dlpack] negative dimension " + std::to_string(shape[i]));
    strides[i] = x.strides ? x.strides[i] : n;
    n *= shape[i];
  }
  if (x.byte_offset % static_cast<uint64_t>(itemsize(d)) != 0)
    throw ValueError("[from_dlpack] byte_offset " + std::to_string(x.byte_offset) + " is not a multiple of the item size");
  // The extent of memory the view reaches, in elements, from its lowest to its highest element.
  int64_t lo = 0, hi = 0;
  if (n > 0)
    for (int i = 0; i < x.ndim; ++i) (strides[i] < 0 ? lo : hi) += strides[i] * (shape[i] - 1);
  const int64_t item = itemsize(d);
  char* base = static_cast<char*>(x.data) + x.byte_offset + lo * item;
  auto storage = std::make_shared<Storage>(base, (hi - lo + (n > 0 ? 1 : 0)) * item,
                                           [owner](void*) mutable { owner.reset(); }, dev);
  return Tensor(std::move(storage), d, std::move(shape), std::move(strides), -lo);
}

namespace {
DLManagedTensor* export_tensor(const Tensor& x) {
  auto* e = new Export;
  e->keep = x;
  e->shape = x.shape();
  e->strides = x.strides();
  DLTensor& t = e->managed.dl_tensor;
  t.data = x.storage()->data();
  t.byte_offset = static_cast<uint64_t>(x.offset() * itemsize(x.dtype()));
  t.device.device_type = x.device().is_cuda() ? kDLCUDA : kDLCPU;
  t.device.device_id = x.device().index;
  t.ndim = static_cast<int>(x.ndim());
  t.dtype = dl_dtype(x.dtype());
  t.shape = e->shape.data();
  t.strides = e->strides.data();
  e->managed.manager_ctx = e;
  e->managed.deleter = [](DLManagedTensor* m) { delete static_cast<Export*>(m->manager_ctx); };
  return &e->managed;
}
}  // namespace

DLManagedTensor* to_dlpack(const Tensor& x) {
  // DLPack 0.6 cannot say read-only: a consumer could write through it, so the export is refused.
  if (!x.writeable())
    throw BufferError("[from_dlpack] cannot export a read-only tensor (DLPack 0.6 cannot signal read-only), shape " +
                      shape_str(x.shape()));
  return export_tensor(x);
}

// Within the engine the flag survives: a read-only tensor comes back read-only (NumPy 2 exports
// it with DLPack 1.0's read-only flag and np.from_dlpack keeps it read-only).
Tensor from_dlpack(const Tensor& x) {
  Tensor r = from_dlpack(export_tensor(x));
  return x.writeable() ? r : r.setflags(false);
}

PARITY_OP_RECORD({.name = "from_dlpack", .family = "creation", .no_grad = "a view through another library's handle: "
                                                                          "no autograd history crosses DLPack"});

}  // namespace parity

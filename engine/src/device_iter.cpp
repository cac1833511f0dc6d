#include "device_iter.h"

#include <cstring>

#include "iter.h"
#include "parity/errors.h"

namespace parity {

cuda::Operands pack_operands(const Shape& shape, const std::vector<Tensor>& ts, const char* op) {
  cuda::Operands o;
  const int nops = static_cast<int>(ts.size());
  if (nops > cuda::kMaxOperands) throw NotImplementedError(op_msg(op, "too many operands for a CUDA kernel"));
  o.nops = nops;
  std::vector<std::vector<int64_t>> st;
  for (const Tensor& t : ts) st.push_back(broadcast_byte_strides(t, shape));
  // Keep dimensions of size > 1, then merge dimension i into i+1 (inner) where every operand's
  // stride is contiguous across them: stride[i] == stride[i+1] * shape[i+1].
  std::vector<int64_t> dims;
  std::vector<std::vector<int64_t>> s(nops);
  int64_t numel = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    numel *= shape[i];
    if (shape[i] == 1) continue;
    dims.push_back(shape[i]);
    for (int k = 0; k < nops; ++k) s[k].push_back(st[k][i]);
  }
  for (int64_t i = static_cast<int64_t>(dims.size()) - 2; i >= 0; --i) {
    bool ok = true;
    for (int k = 0; k < nops && ok; ++k) ok = s[k][i] == s[k][i + 1] * dims[i + 1];
    if (!ok) continue;
    dims[i + 1] *= dims[i];
    dims.erase(dims.begin() + i);
    for (int k = 0; k < nops; ++k) s[k].erase(s[k].begin() + i);
  }
  if (static_cast<int>(dims.size()) > cuda::kMaxDims)
    throw NotImplementedError(op_msg(op, "a CUDA kernel takes at most " + std::to_string(cuda::kMaxDims) +
                                             " dimensions after merging (" + std::to_string(dims.size()) + " here)"));
  o.ndim = static_cast<int>(dims.size());
  o.numel = numel;
  for (int i = 0; i < o.ndim; ++i) o.shape[i] = dims[i];
  const Device dev = ts.back().device();
  for (int k = 0; k < nops; ++k) {
    if (ts[k].device() != dev) {  // a CPU 0-d input (common_device allows no other): by value
      if (ts[k].ndim() != 0 || !ts[k].device().is_cpu() || k == nops - 1)
        throw RuntimeError(op_msg(op, "operand on " + to_string(ts[k].device()) + " in an op on " + to_string(dev)));
      o.by_value[k] = true;
      std::memcpy(o.value[k], ts[k].data_ptr(), static_cast<size_t>(ts[k].itemsize()));
      for (int i = 0; i < o.ndim; ++i) o.strides[k][i] = 0;
      continue;
    }
    o.data[k] = static_cast<char*>(ts[k].device_ptr());
    for (int i = 0; i < o.ndim; ++i) o.strides[k][i] = s[k][i];
  }
  return o;
}

Device common_device(const std::vector<const Tensor*>& ts, const char* op) {
  const Tensor* first = nullptr;  // the first operand that decides the device
  for (const Tensor* t : ts)
    if (t && t->defined() && !(t->device().is_cpu() && t->ndim() == 0)) {
      if (!first) first = t;
      else if (t->device() != first->device())
        throw RuntimeError(op_msg(op, "expected all tensors on one device, but found at least two devices, " +
                                          to_string(first->device()) + " and " + to_string(t->device())));
    }
  return first ? first->device() : Device::cpu;
}

}  // namespace parity

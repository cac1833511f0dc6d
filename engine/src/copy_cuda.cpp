// The copy family's CUDA slots (copy_stub.h): front ends over cuda::copy_on_device, cast_kernel,
// fill_zero and where's elementwise kernel (engine/src/cuda/).
#include "copy_stub.h"
#include "cuda/backend.h"
#include "device_iter.h"
#include "shape_util.h"

namespace parity {

// The destination is on a GPU: the source moves there first (or is copied, where it overlaps dst
// in another layout); one device copy where nothing casts or reorders, else the cast kernel.
void copy_cast_cuda(const Tensor& src_in, const Tensor& dst) {
  const Device dev = dst.device();
  Tensor src = src_in;
  if (src.device() != dev) src = src.to(dev);
  else if (src.shares_storage(dst) && !src.is_same_view(dst)) src = src.copy();
  dst.storage()->bump_version();
  if (dst.size() == 0) return;
  if (src.dtype() == dst.dtype() && src.shape() == dst.shape() && src.is_contiguous() && dst.is_contiguous()) {
    cuda::copy_on_device(dst.device_ptr(), src.device_ptr(), dst.nbytes(), dev.index);
    return;
  }
  cuda::ElementwiseFn fn = cuda::cast_kernel(src.dtype(), dst.dtype());
  if (!fn)
    throw NotImplementedError("[copy] no CUDA kernel casts " + std::string(name(src.dtype())) + " to " +
                              name(dst.dtype()) + " yet");
  cuda::Operands ops = pack_operands(dst.shape(), {src, dst}, "copy");
  fn(ops, dev.index, nullptr);
}

void fill_zero_cuda(const Tensor& t) { cuda::fill_zero(t.device_ptr(), t.nbytes(), t.device().index); }

Tensor where_cuda(const Shape& shape, const Tensor& c, const Tensor& x, const Tensor& y, DType dt, Device dev) {
  const DType in[3] = {DType::Bool, dt, dt};
  cuda::ElementwiseFn fn = cuda::ufunc_kernel("where", in, 3, dt);
  if (!fn) throw NotImplementedError(std::string("[where] no CUDA kernel for ") + name(dt) + " on " + to_string(dev));
  Tensor out = new_tensor(shape, dt, "where", dev);
  if (out.size() > 0) fn(pack_operands(shape, {c, x, y, out}, "where"), dev.index, nullptr);
  return out;
}

}  // namespace parity

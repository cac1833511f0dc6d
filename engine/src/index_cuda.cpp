// The indexing family's CUDA slots (index_stub.h): cuda::index_gather and index_scatter
// (engine/src/cuda/index.cu) over the plan the front end built, with its table copied over.
#include "cuda/backend.h"
#include "index_stub.h"
#include "shape_util.h"

namespace parity::indexing {

// More dimensions than the kernel's fixed arrays hold is NotImplementedError naming op.
void move_cuda(const Plan& p, const Tensor& host_table, char* dense, bool dense_repeats, bool scatter, Device dev,
               const char* op) {
  if (p.pre.size() > static_cast<size_t>(cuda::kMaxDims) || p.post.size() > static_cast<size_t>(cuda::kMaxDims))
    throw NotImplementedError(op_msg(op, "no CUDA kernel for more than " + std::to_string(cuda::kMaxDims) +
                                             " dimensions on either side of the advanced indices"));
  const Tensor table = host_table.to(dev);  // kept alive until the kernel is queued (stream-ordered reuse)
  cuda::IndexArgs a;
  a.base = p.base;
  a.dense = dense;
  a.table = static_cast<const int64_t*>(table.device_ptr());
  a.ntable = p.ntable;
  a.itemsize = p.itemsize;
  a.dense_repeats = dense_repeats;
  a.npre = static_cast<int>(p.pre.size());
  a.npost = static_cast<int>(p.post.size());
  for (int i = 0; i < a.npre; ++i) {
    a.pre[i] = p.pre[static_cast<size_t>(i)];
    a.pre_strides[i] = p.pre_b[static_cast<size_t>(i)];
  }
  for (int i = 0; i < a.npost; ++i) {
    a.post[i] = p.post[static_cast<size_t>(i)];
    a.post_strides[i] = p.post_b[static_cast<size_t>(i)];
  }
  if (scatter) cuda::index_scatter(a, dev.index);
  else cuda::index_gather(a, dev.index);
}

// A basic-index assignment into `view` (of self, on a GPU) through the scatter kernel, without
// the device cast kernels: the value is cast and broadcast on the host (a scalar, a size-1 or a
// host tensor) and copied over, or taken as it is (a contiguous device tensor of view's dtype and
// shape that does not overlap self). False (nothing done) otherwise: view.assign's device path.
bool fill_view_cuda(const Tensor& self, const Tensor& view, const ArrayLike& value, const char* op) {
  Tensor v;
  bool repeats = false;
  if (!value.is_tensor() || (value.tensor().defined() && value.tensor().size() == 1)) {
    v = new_tensor({}, self.dtype());
    if (value.is_tensor()) v.assign(value.tensor().reshape({}), Casting::unsafe, op);
    else v.assign(value, Casting::unsafe, op);  // value-checks weak scalars
    repeats = true;
  } else if (value.tensor().defined() && value.tensor().device().is_cpu()) {
    v = new_tensor(view.shape(), self.dtype());
    v.assign(value, Casting::unsafe, op);  // broadcasts and casts on the host, with assign's errors
  } else {
    const Tensor& src = value.tensor();
    if (!src.defined() || src.device() != self.device() || src.dtype() != self.dtype() || src.shape() != view.shape() ||
        !src.is_contiguous() || src.shares_storage(self))
      return false;
    v = src;
  }
  if (v.device() != self.device()) v = v.to(self.device());
  self.storage()->bump_version();
  if (view.size() == 0) return true;
  Plan p;
  p.itemsize = self.itemsize();
  p.base = static_cast<char*>(self.storage()->data()) + view.offset() * p.itemsize;
  p.post = view.shape();
  for (int64_t s : view.strides()) p.post_b.push_back(s * p.itemsize);
  coalesce(p.post, p.post_b);
  Tensor table = new_tensor({1}, DType::Int64);
  *table.data<int64_t>() = 0;
  p.table = table.data<int64_t>();
  p.ntable = 1;
  move_cuda(p, table, static_cast<char*>(v.device_ptr()), repeats, true, self.device(), op);
  return true;
}

}  // namespace parity::indexing

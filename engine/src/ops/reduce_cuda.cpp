// The reduce family's CUDA slots (reduce_stub.h): front ends that describe the front end's plan to
// cuda::reduce and cuda::scan (engine/src/cuda/reduce.cu). Device memory is never read here.
#include "../shape_util.h"
#include "reduce_stub.h"

namespace parity::reduce {

namespace {
// Dimensions of size 1 dropped and neighbours merged where the strides allow, into a kernel's
// fixed arrays (NotImplementedError naming op beyond cuda::kMaxDims).
void pack_dims(const Shape& shape, const std::vector<int64_t>& strides, int& nd, int64_t* dims, int64_t* st,
               const char* op) {
  std::vector<int64_t> s, t;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    if (!s.empty() && t.back() == strides[i] * shape[i]) {
      s.back() *= shape[i];
      t.back() = strides[i];
    } else {
      s.push_back(shape[i]);
      t.push_back(strides[i]);
    }
  }
  if (s.size() > static_cast<size_t>(cuda::kMaxDims))
    throw NotImplementedError(op_msg(op, "no CUDA kernel for more than " + std::to_string(cuda::kMaxDims) +
                                             " dimensions after merging (" + std::to_string(s.size()) + " here)"));
  nd = static_cast<int>(s.size());
  for (int i = 0; i < nd; ++i) {
    dims[i] = s[static_cast<size_t>(i)];
    st[i] = t[static_cast<size_t>(i)];
  }
}

// out= on another device than the op's: RuntimeError naming both. A CPU 0-d out is allowed (the
// result is copied into it), as CPU 0-d operands join ops on a GPU.
void check_out_device(Device dev, const OutArg& out, const char* op) {
  if (!out.tensor || !out.tensor->defined()) return;
  const Tensor& o = *out.tensor;
  if (o.device() != dev && !(o.device().is_cpu() && o.ndim() == 0))
    throw RuntimeError(op_msg(op, "expected all tensors on one device, but found at least two devices, " +
                                      to_string(dev) + " and " + to_string(o.device())));
}

// The kernel call itself: outputs in C order over outer_shape (result_shape holds as many), each
// reducing red_shape's elements in C order (byte strides relative to src's first element); an
// undefined Tensor when the backend has no kernel for (src's dtype, out).
Tensor run_reduce_device(cuda::ReduceOp rop, const Tensor& src, const Shape& outer_shape,
                         const std::vector<int64_t>& outer_strides, const Shape& red_shape,
                         const std::vector<int64_t>& red_strides, const Shape& result_shape, DType out, const char* op,
                         bool inner_contig) {
  const Device dev = src.device();
  cuda::ReduceArgs a;
  a.nout = 1;
  for (int64_t d : outer_shape) a.nout *= d;
  a.count = 1;
  for (int64_t d : red_shape) a.count *= d;
  a.inner_contig = inner_contig;
  pack_dims(outer_shape, outer_strides, a.outer_ndim, a.outer_shape, a.outer_strides, op);
  pack_dims(red_shape, red_strides, a.red_ndim, a.red_shape, a.red_strides, op);
  if (a.red_ndim == 0) {  // one element: a run of length 1
    a.red_ndim = 1;
    a.red_shape[0] = a.count;
    a.red_strides[0] = 0;
  }
  Tensor res = new_tensor(result_shape, out, op, dev);
  a.in = static_cast<const char*>(src.device_ptr());
  a.out = static_cast<char*>(res.device_ptr());
  if (!cuda::reduce(rop, src.dtype(), out, a, dev.index)) return {};
  return res;
}

// `rop` over the plan's elements of src into a new tensor of dtype `out` on src's device. When the
// backend has no kernel for (src's dtype, out), src is first cast to `out` on the device (sum-like
// ops only, `cast_first`); NotImplementedError "[op] no CUDA kernel for ..." otherwise.
Tensor reduce_device(cuda::ReduceOp rop, const Tensor& src_in, const Axes& axis, bool keepdims, DType out,
                     bool cast_first, const char* op) {
  Tensor src = src_in;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const Plan p = make_plan(src, axis, keepdims, op);
    Tensor r = run_reduce_device(rop, src, p.outer_shape, p.outer_strides, p.red_shape, p.red_strides, p.result_shape,
                                 out, op, p.inner_contig);
    if (r.defined()) return r;
    if (!cast_first || src.dtype() == out) break;
    src = cast_keep_layout(src, out);  // the device's cast kernel; then out -> out
  }
  throw NotImplementedError(op_msg(op, std::string("no CUDA kernel for ") + name(src_in.dtype()) + " -> " + name(out)));
}


// The CUDA path: one kernel call over every row along `ax` (engine/src/cuda/reduce.cu), or over
// src flattened in C order (ax < 0, into a 1-d result), reading src's dtype and accumulating in
// `acc` where the kernel takes that pair, else after a device cast of src to acc.
Tensor run_scan(const Tensor& src, int64_t ax, DType acc, const Tensor& res, bool prod, const char* op) {
  cuda::ScanArgs a;
  if (ax < 0) {
    pack_dims(src.shape(), src.byte_strides(), a.row_ndim, a.row_shape, a.row_strides, op);
    if (a.row_ndim == 0) {  // one element
      a.row_ndim = 1;
      a.row_shape[0] = 1;
    }
    a.nrows = 1;
    a.n = src.size();
    a.out_step = res.itemsize();
    a.in = static_cast<const char*>(src.device_ptr());
    a.out = static_cast<char*>(res.device_ptr());
    return cuda::scan(prod, src.dtype(), acc, a, res.device().index) ? res : Tensor();
  }
  Shape outer;
  std::vector<int64_t> si, so;
  const Strides bi = src.byte_strides(), bo = res.byte_strides();
  for (int64_t i = 0; i < src.ndim(); ++i)
    if (i != ax) {
      outer.push_back(src.shape()[i]);
      si.push_back(bi[i]);
      so.push_back(bo[i]);
    }
  if (outer.size() > static_cast<size_t>(cuda::kMaxDims))
    throw NotImplementedError(op_msg(op, "no CUDA kernel for more than " + std::to_string(cuda::kMaxDims) + " dimensions"));
  a.ndim = static_cast<int>(outer.size());
  a.nrows = 1;
  for (int i = 0; i < a.ndim; ++i) {
    a.shape[i] = outer[static_cast<size_t>(i)];
    a.in_strides[i] = si[static_cast<size_t>(i)];
    a.out_strides[i] = so[static_cast<size_t>(i)];
    a.nrows *= a.shape[i];
  }
  a.n = src.shape()[ax];
  a.in_step = bi[ax];
  a.out_step = bo[ax];
  a.in = static_cast<const char*>(src.device_ptr());
  a.out = static_cast<char*>(res.device_ptr());
  return cuda::scan(prod, src.dtype(), acc, a, res.device().index) ? res : Tensor();
}

Tensor cumulative_device(const Tensor& src, int64_t ax, DType acc, const OutArg& out, bool prod, const char* op) {
  const Device dev = src.device();
  check_out_device(dev, out, op);
  Tensor res = new_tensor(ax < 0 ? Shape{src.size()} : src.shape(), acc, op, dev);
  if (src.size() == 0) return res;
  if (run_scan(src, ax, acc, res, prod, op).defined()) return res;
  if (src.dtype() != acc && run_scan(cast_keep_layout(src, acc), ax, acc, res, prod, op).defined()) return res;
  throw NotImplementedError(op_msg(op, std::string("no CUDA kernel for ") + name(src.dtype()) + " -> " + name(acc)));
}

}  // namespace

Tensor reduce_cuda(const ReduceCall& c) {
  const Tensor& x = c.x;
  check_out_device(x.device(), c.out, c.op);
  switch (c.kind) {
    case cuda::ReduceOp::sum:
    case cuda::ReduceOp::prod: {  // a tree sum; NaNs zeroed by the ufuncs' device kernels
      const Tensor src = c.nan && nan_aware(x.dtype()) ? where(isnan(x), Scalar(0), x) : x;
      return reduce_device(c.kind, src, c.axis, c.keepdims, c.dtype, true, c.op);
    }
    case cuda::ReduceOp::argmax:
    case cuda::ReduceOp::argmin: {
      // The reduced run in C order (the flattened input, or the axis), without copying x: the
      // kernel's index is then the C-order position, as the CPU's.
      const std::vector<bool> red = reduced_axes(c.axis, x.ndim(), c.op);
      Shape outer, run;
      std::vector<int64_t> os, rs;
      const Strides bs = x.byte_strides();
      for (int64_t i = 0; i < x.ndim(); ++i) {
        (red[static_cast<size_t>(i)] ? run : outer).push_back(x.shape()[i]);
        (red[static_cast<size_t>(i)] ? rs : os).push_back(bs[i]);
      }
      Tensor r = run_reduce_device(c.kind, x, outer, os, run, rs, c.plan.result_shape, DType::Int64, c.op, false);
      if (!r.defined()) throw NotImplementedError(op_msg(c.op, std::string("no CUDA kernel for ") + name(x.dtype())));
      return r;
    }
    case cuda::ReduceOp::any:
    case cuda::ReduceOp::all: return reduce_device(c.kind, x, c.axis, c.keepdims, DType::Bool, false, c.op);
    default:
      // max/min select in the loop dtype. (NumPy's start from each output's first element cast
      // through out's dtype, for an out= of another dtype, is not reproduced here.)
      return reduce_device(c.kind, cast_keep_layout(x, c.dtype), c.axis, c.keepdims, c.dtype, false, c.op);
  }
}

Tensor scan_cuda(const ScanCall& c) { return cumulative_device(c.x, c.axis, c.acc, c.out, c.prod, c.op); }

}  // namespace parity::reduce

// cumsum, cumprod: add/multiply accumulate along one axis (None flattens in C order), rounding
// to the result dtype at every step as NumPy's accumulate loops do.
#include "../shape_util.h"
#include "parity/op_record.h"
#include "../ufunc.h"
#include "reduce_util.h"
#include "parity/autograd.h"

namespace parity {
namespace {
// The CUDA path: one kernel call over every row along `ax` (engine/src/cuda/reduce.cu), or over
// src flattened in C order (ax < 0, into a 1-d result), reading src's dtype and accumulating in
// `acc` where the kernel takes that pair, else after a device cast of src to acc.
Tensor run_scan(const Tensor& src, int64_t ax, DType acc, const Tensor& res, bool prod, const char* op) {
  cuda::ScanArgs a;
  if (ax < 0) {
    reduce::pack_dims(src.shape(), src.byte_strides(), a.row_ndim, a.row_shape, a.row_strides, op);
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
  check_device_available(dev, op);
  reduce::check_out_device(dev, out, op);
  Tensor res = new_tensor(ax < 0 ? Shape{src.size()} : src.shape(), acc, op, dev);
  if (src.size() == 0) return res;
  if (run_scan(src, ax, acc, res, prod, op).defined()) return res;
  if (src.dtype() != acc && run_scan(reduce::cast_keep_layout(src, acc), ax, acc, res, prod, op).defined()) return res;
  throw NotImplementedError(op_msg(op, std::string("no CUDA kernel for ") + name(src.dtype()) + " -> " + name(acc)));
}

Tensor cumulative(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                  const OutArg& out, bool prod, const char* op) {
  reduce::check_defined(x, op);
  Tensor src = x;
  int64_t ax = 0;
  const bool flat = !axis || x.ndim() == 0;
  if (flat) {  // a 0-d input accumulates as shape (1,), like NumPy
    if (axis) normalize_axis(*axis, 1, op);
    // On a GPU the kernel reads x in place in C order (no flattening copy).
    if (x.device().is_cpu()) src = x.reshape({-1});
  } else {
    ax = normalize_axis(*axis, x.ndim(), op);
  }
  // NumPy's add/multiply.accumulate loop: dtype=, else the loop for (out, x) with out=, else the
  // sum dtype; the whole accumulation runs in it and is cast into out at the end.
  const DType acc = reduce::loop_dtype(prod ? ufunc_multiply() : ufunc_add(), x.dtype(), dtype, out,
                                       reduce::sum_dtype(x.dtype()));
  if (!src.device().is_cpu()) return reduce::finish(cumulative_device(src, flat ? -1 : ax, acc, out, prod, op), out, op);
  src = reduce::cast_keep_layout(src, acc);
  Tensor res = new_tensor(src.shape(), acc);
  Shape outer;
  std::vector<int64_t> sa, sb;
  const Strides ba = src.byte_strides(), bb = res.byte_strides();
  for (int64_t i = 0; i < src.ndim(); ++i)
    if (i != ax) {
      outer.push_back(src.shape()[i]);
      sa.push_back(ba[i]);
      sb.push_back(bb[i]);
    }
  const int64_t n = src.shape()[ax], s_in = ba[ax], s_out = bb[ax];
  if (src.size() > 0) {
    dispatch<AllTypes>(acc, op, [&](auto tag) {
      using S = typename decltype(tag)::type;
      using C = compute_t<S>;
      reduce::odometer2(outer, sa, sb, static_cast<char*>(src.data_ptr()),
                        static_cast<char*>(res.data_ptr()), [&](char* a, char* b) {
                          C v = prod ? C(1) : C(0);
                          for (int64_t i = 0; i < n; ++i) {
                            C e = static_cast<C>(reduce::load<S>(a + i * s_in));
                            // NumPy's accumulate starts from the first element, not the identity
                            // (-0.0 stays -0.0; complex inf * (1+0j) would make a NaN part).
                            if (i == 0) v = e;
                            // NumPy's complex multiply vectorizes (fused) only when out[i-1] and
                            // out[i] do not overlap: one step per row (n == 2).
                            else if constexpr (is_complex_v<C>)
                              v = !prod ? v + e : n == 2 ? reduce::cmul_fused(v, e) : reduce::wrap_mul(v, e);
                            else v = reduce::round_to<S>(prod ? reduce::wrap_mul(v, e) : reduce::wrap_add(v, e));
                            *reinterpret_cast<S*>(b + i * s_out) = static_cast<S>(v);
                          }
                        });
    });
  }
  return reduce::finish(res, out, op);
}
}  // namespace

namespace {
// The axis the accumulation runs along (None, or a 0-d input: axis 0 of the flattened input).
int64_t cum_axis(int64_t ndim, const std::optional<int64_t>& axis) {
  return (!axis || ndim == 0) ? 0 : normalize_axis(*axis, ndim, "cumulative");
}
// The tensor the accumulation runs over.
Tensor along(const Tensor& x, const std::optional<int64_t>& axis) {
  return (!axis || x.ndim() == 0) ? x.reshape({-1}) : x;
}
// sum_{k >= i} t_k along ax.
Tensor reverse_cumsum(const Tensor& t, int64_t ax) {
  return cumsum(t.flip(AxisList(ax)), ax).flip(AxisList(ax));
}
Tensor conj_if_complex(const Tensor& t) { return is_complex(t.dtype()) ? conj(t) : t; }

// cumprod's derivative where x has zeros: grad_i = sum_{k >= i} g_k conj(prod_{j <= k, j != i} x_j),
// row by row in complex128 (record() takes the real part for a real x). Not itself differentiable.
Tensor cumprod_grad_direct(const Tensor& g, const Tensor& x, int64_t ax) {
  Tensor xc = x.moveaxis({ax}, {-1}).astype(DType::Complex128).contiguous();
  Tensor gc = g.moveaxis({ax}, {-1}).astype(DType::Complex128).contiguous();
  Tensor res = zeros_on(xc.shape(), DType::Complex128, Device::cpu);  // filled on the host below
  const int64_t n = xc.ndim() ? xc.shape(-1) : 1, rows = n ? xc.size() / n : 0;
  const complex128_t* px = xc.data<complex128_t>();
  const complex128_t* pg = gc.data<complex128_t>();
  complex128_t* pr = res.data<complex128_t>();
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t i = 0; i < n; ++i) {
      complex128_t before(1, 0), acc(0, 0);
      for (int64_t j = 0; j < i; ++j) before *= px[r * n + j];
      complex128_t p = before;
      for (int64_t k = i; k < n; ++k) {
        if (k > i) p *= px[r * n + k];
        acc += pg[r * n + k] * std::conj(p);
      }
      pr[r * n + i] = acc;
    }
  return res.moveaxis({-1}, {ax});
}
}  // namespace

namespace reduce {
// cumsum: g summed from each position to the end of its row (reshaped back for axis=None).
// cumprod: without zeros, reverse_cumsum(g conj(out)) / conj(x) (PyTorch's formula); with zeros,
// the direct sum. The nodes are named cumsum / cumprod whichever op called.
Tensor accumulate(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, const OutArg& out,
                  bool prod, const char* op) {
  if (!autograd::needs_grad({x})) return cumulative(x, axis, dtype, out, prod, op);
  Tensor r = cumulative(x.detach(), axis, dtype, out, prod, op);
  if (!prod)
    return autograd::record("cumsum", r, {x}, [s = x.shape(), axis](const Tensor& g) {
      return std::vector<Tensor>{reverse_cumsum(g, cum_axis(static_cast<int64_t>(s.size()), axis)).reshape(s)};
    });
  return autograd::record("cumprod", r, {x},
                          [sx = autograd::SavedTensor(x), so = autograd::SavedTensor(r), axis](const Tensor& g) {
                            Tensor xv = sx.get("cumprod"), o = so.get("cumprod");
                            const int64_t ax = cum_axis(xv.ndim(), axis);
                            Tensor xa = along(xv, axis);
                            Tensor gr;
                            if (all(not_equal(xa, 0)).item<bool>())
                              gr = divide(reverse_cumsum(multiply(g, conj_if_complex(o)), ax), conj_if_complex(xa));
                            else
                              gr = cumprod_grad_direct(g, xa, ax);
                            return std::vector<Tensor>{gr.reshape(xv.shape())};
                          });
}
}  // namespace reduce

Tensor cumsum(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, OutArg out) {
  return reduce::accumulate(x, axis, dtype, out, false, "cumsum");
}
Tensor cumprod(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, OutArg out) {
  return reduce::accumulate(x, axis, dtype, out, true, "cumprod");
}
Tensor Tensor::cumsum(std::optional<int64_t> axis, std::optional<DType> dtype) const {
  return parity::cumsum(*this, axis, dtype);
}
Tensor Tensor::cumprod(std::optional<int64_t> axis, std::optional<DType> dtype) const {
  return parity::cumprod(*this, axis, dtype);
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "cumsum", .family = "reduction", .forms = kFunction | kMethod | kOut});
PARITY_OP_RECORD({.name = "cumprod", .family = "reduction", .forms = kFunction | kMethod | kOut, .no_gradgrad = "its second derivative does not pass gradgradcheck yet (issue 5)"});

}  // namespace parity

// cumsum, cumprod: add/multiply accumulate along one axis (None flattens in C order), rounding
// to the result dtype at every step as NumPy's accumulate loops do.
#include "../shape_util.h"
#include "parity/op_record.h"
#include "../ufunc.h"
#include "reduce_stub.h"
#include "parity/autograd.h"

namespace parity {
namespace {
Tensor cumulative(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                  const OutArg& out, bool prod, const char* op) {
  reduce::check_defined(x, op);
  const bool flat = !axis || x.ndim() == 0;  // a 0-d input accumulates as shape (1,), like NumPy
  int64_t ax = -1;
  if (flat && axis) normalize_axis(*axis, 1, op);
  if (!flat) ax = normalize_axis(*axis, x.ndim(), op);
  // NumPy's add/multiply.accumulate loop: dtype=, else the loop for (out, x) with out=, else the
  // sum dtype; the whole accumulation runs in it and is cast into out at the end.
  const DType acc = reduce::loop_dtype(prod ? ufunc_multiply() : ufunc_add(), x.dtype(), dtype, out,
                                       reduce::sum_dtype(x.dtype()));
  const reduce::ScanCall c{prod, x, ax, acc, out, op};
  return reduce::finish(reduce::scan_stub.at(x.device(), op)(c), out, op);
}
}  // namespace

namespace reduce {
// The host loop, over a cast copy (x flattened first for axis=None) that keeps its memory order.
Tensor scan_cpu(const ScanCall& c) {
  const bool prod = c.prod;
  const char* op = c.op;
  const DType acc = c.acc;
  const int64_t ax = c.axis < 0 ? 0 : c.axis;
  Tensor src = c.axis < 0 ? c.x.reshape({-1}) : c.x;
  src = cast_keep_layout(src, acc);
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
      odometer2(outer, sa, sb, static_cast<char*>(src.data_ptr()), static_cast<char*>(res.data_ptr()),
                [&](char* a, char* b) {
        C v = prod ? C(1) : C(0);
        for (int64_t i = 0; i < n; ++i) {
          C e = static_cast<C>(load<S>(a + i * s_in));
          // NumPy's accumulate starts from the first element, not the identity
          // (-0.0 stays -0.0; complex inf * (1+0j) would make a NaN part).
          if (i == 0) v = e;
          // NumPy's complex multiply vectorizes (fused) only when out[i-1] and
          // out[i] do not overlap: one step per row (n == 2).
          else if constexpr (is_complex_v<C>)
            v = !prod ? v + e : n == 2 ? cmul_fused(v, e) : wrap_mul(v, e);
          else v = round_to<S>(prod ? wrap_mul(v, e) : wrap_add(v, e));
          *reinterpret_cast<S*>(b + i * s_out) = static_cast<S>(v);
        }
      });
    });
  }
  return res;
}
}  // namespace reduce

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

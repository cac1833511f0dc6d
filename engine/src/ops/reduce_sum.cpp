// sum, prod, nansum: add/multiply reductions with NumPy's accumulation dtypes and rounding.
#include "../compile/program.h"
#include "parity/op_record.h"
#include "../shape_util.h"
#include "../ufunc.h"
#include "reduce_stub.h"
#include "parity/autograd.h"

namespace parity {
namespace reduce {

Tensor sum_prod(const Tensor& x, const Plan& p, bool prod) {
  Tensor out = new_tensor(p.result_shape, x.dtype());
  dispatch<AllTypes>(x.dtype(), prod ? "prod" : "sum", [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    S* o = out.data<S>();
    auto ld = [](const char* q) { return static_cast<C>(load<S>(q)); };
    const bool per_row = p.inner_contig && !std::is_same_v<S, bfloat16_t>;
    for_each_output(p, x, [&](const char* base, int64_t k) {
      if (!prod) {
        o[k] = static_cast<S>(sum_rows<S>(p, base, ld));
        return;
      }
      // multiply.reduce has no pairwise form; halves round once per inner-loop call (row or buffer).
      // A full reduction goes through one buffer across rows (see sum_rows).
      const bool one_buffer = p.nout == 1;
      C acc = C(1);
      int64_t done = 0;
      for_each_row(p, base, [&](const char* row, int64_t n, int64_t s) {
        for (int64_t i = 0; i < n; ++i) {
          if constexpr (is_complex_v<C>) acc = p.inner_contig ? wrap_mul(acc, ld(row + i * s)) : cmul_fused(acc, ld(row + i * s));
          else acc = wrap_mul(acc, ld(row + i * s));
          ++done;
          if (!per_row || (one_buffer ? done : i + 1) % kBufSize == 0) acc = round_to<S>(acc);
        }
        if (!one_buffer) acc = round_to<S>(acc);
      });
      acc = round_to<S>(acc);
      o[k] = static_cast<S>(acc);
    });
  });
  return out;
}

namespace {
// NumPy's add/multiply.reduce: the loop dtype is dtype=, else the loop for (out, x) when out= is
// given, else x's dtype with bool and small ints upcast to int64/uint64; the result is cast
// unsafely into out.
Tensor sum_like(const Tensor& x, const Axes& axis, bool keepdims, std::optional<DType> dtype,
                const OutArg& out, bool prod, bool nan, const char* op) {
  check_defined(x, op);
  const DType acc = loop_dtype(prod ? ufunc_multiply() : ufunc_add(), x.dtype(), dtype, out, sum_dtype(x.dtype()));
  const Plan p = make_plan(x, axis, keepdims, op);  // checks the axes before any copy
  const ReduceCall c{prod ? cuda::ReduceOp::prod : cuda::ReduceOp::sum, x, axis, keepdims, p, acc, out, op, nan};
  return finish(reduce_stub.at(x.device(), op)(c), out, op);
}
}  // namespace

// The host loop runs in the accumulation dtype, over a cast copy that keeps x's memory order.
Tensor sum_prod_cpu(const ReduceCall& c) {
  Tensor src = c.nan ? zero_nans(c.x) : c.x;
  src = cast_keep_layout(src, c.dtype);
  const bool prod = c.kind == cuda::ReduceOp::prod;
  if (src.is_same_view(c.x)) return sum_prod(src, c.plan, prod);
  return sum_prod(src, make_plan(src, c.axis, c.keepdims, c.op), prod);
}

Tensor add_reduce(const Tensor& x, const Axes& axis, bool keepdims, std::optional<DType> dtype, const OutArg& out,
                  const char* op, bool nan) {
  return sum_like(x, axis, keepdims, dtype, out, false, nan, op);
}
}  // namespace reduce

namespace {
// prod's derivative: the product of the other reduced elements, PyTorch's way. Without zeros that
// is out / x; with zeros, exclusive cumulative products from both ends (the reduced axes moved
// last and merged), which are exact whatever the number of zeros.
Tensor prod_others(const Tensor& x, const Tensor& out, const Axes& axis, bool keepdims) {
  if (all(not_equal(x, 0)).item<bool>())
    return divide(reduce::expand_reduced(out, x.shape(), axis, keepdims, "prod"), x);
  const std::vector<bool> red = reduce::reduced_axes(axis, x.ndim(), "prod");
  std::vector<int64_t> perm;
  Shape ps;
  for (int pass = 0; pass < 2; ++pass)
    for (int64_t i = 0; i < x.ndim(); ++i)
      if (red[static_cast<size_t>(i)] == (pass == 1)) {
        perm.push_back(i);
        ps.push_back(x.shape()[i]);
      }
  Shape ks;
  int64_t n = 1;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (red[static_cast<size_t>(i)]) n *= x.shape()[i];
    else ks.push_back(x.shape()[i]);
  Shape vs = ks;
  vs.push_back(n);
  Tensor v = x.transpose(perm).reshape(vs);
  auto excl = [&](const Tensor& t) {  // [1, t0, t0 t1, ...] along the last axis
    // ones of shape (..., 1) on t's device, whatever the default device (n > 0: x has a zero)
    Tensor one = ones_like(t.index({ellipsis, Slice(0, 1)}));
    return cumprod(concatenate({one, t.index({ellipsis, Slice(std::nullopt, -1)})}, -1), -1);
  };
  Tensor others = multiply(excl(v), excl(v.flip(AxisList(-1))).flip(AxisList(-1)));
  std::vector<int64_t> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inv[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
  return others.reshape(ps).transpose(inv);
}
Tensor conj_if_complex(const Tensor& t) { return is_complex(t.dtype()) ? conj(t) : t; }
}  // namespace

// The derivative of a sum is g spread back over the reduced axes (record() undoes dtype=).
Tensor sum(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  if (compile_detail::g_tracer && !out.tensor)  // compile(f) replays it between fused segments
    return compile_detail::traced_op("sum", {x}, [=](const std::vector<Tensor>& a) { return sum(a[0], axis, keepdims, dtype); });
  if (!autograd::needs_grad({x})) return reduce::sum_like(x, axis, keepdims, dtype, out, false, false, "sum");
  Tensor r = reduce::sum_like(x.detach(), axis, keepdims, dtype, out, false, false, "sum");
  return autograd::record("sum", r, {x}, [s = x.shape(), axis, keepdims](const Tensor& g) {
    return std::vector<Tensor>{reduce::expand_reduced(g, s, axis, keepdims, "sum")};
  });
}
// d prod / d x_i = the product of the others (conjugated for complex, PyTorch's convention).
Tensor prod(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  if (!autograd::needs_grad({x})) return reduce::sum_like(x, axis, keepdims, dtype, out, true, false, "prod");
  Tensor r = reduce::sum_like(x.detach(), axis, keepdims, dtype, out, true, false, "prod");
  return autograd::record("prod", r, {x},
                          [sx = autograd::SavedTensor(x), so = autograd::SavedTensor(r), axis, keepdims](const Tensor& g) {
                            Tensor xv = sx.get("prod"), o = so.get("prod");
                            Tensor others = prod_others(xv, o.astype(xv.dtype(), Casting::unsafe, false), axis, keepdims);
                            return std::vector<Tensor>{multiply(reduce::expand_reduced(g, xv.shape(), axis, keepdims, "prod"),
                                                                conj_if_complex(others))};
                          });
}
// NumPy's nansum replaces NaNs with zero and sums: NaN elements get no gradient.
Tensor nansum(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  if (!autograd::needs_grad({x})) return reduce::sum_like(x, axis, keepdims, dtype, out, false, true, "nansum");
  Tensor r = reduce::sum_like(x.detach(), axis, keepdims, dtype, out, false, true, "nansum");
  return autograd::record("nansum", r, {x}, [sx = autograd::SavedTensor(x), axis, keepdims](const Tensor& g) {
    Tensor xv = sx.get("nansum");
    return std::vector<Tensor>{where(isnan(xv), 0, reduce::expand_reduced(g, xv.shape(), axis, keepdims, "nansum"))};
  });
}

Tensor Tensor::sum(Axes axis, bool keepdims, std::optional<DType> dtype) const {
  return parity::sum(*this, axis, keepdims, dtype);
}
Tensor Tensor::prod(Axes axis, bool keepdims, std::optional<DType> dtype) const {
  return parity::prod(*this, axis, keepdims, dtype);
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "sum", .family = "reduction", .forms = kFunction | kMethod | kOut, .compiled = true});
PARITY_OP_RECORD({.name = "prod", .family = "reduction", .forms = kFunction | kMethod | kOut, .no_gradgrad = "its second derivative does not pass gradgradcheck yet (issue 5)"});
PARITY_OP_RECORD({.name = "nansum", .family = "reduction", .forms = kFunction | kOut});

}  // namespace parity

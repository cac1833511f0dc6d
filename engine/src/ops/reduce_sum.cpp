// sum, prod, nansum: add/multiply reductions with NumPy's accumulation dtypes and rounding.
#include "../shape_util.h"
#include "../ufunc.h"
#include "reduce_util.h"

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
  Plan p = make_plan(x, axis, keepdims, op);  // checks the axes before any copy
  Tensor src = nan ? zero_nans(x) : x;
  src = cast_keep_layout(src, acc);
  if (!src.is_same_view(x)) p = make_plan(src, axis, keepdims, op);
  return finish(sum_prod(src, p, prod), out, op);
}
}  // namespace

Tensor add_reduce(const Tensor& x, const Axes& axis, bool keepdims, std::optional<DType> dtype, const OutArg& out,
                  const char* op) {
  return sum_like(x, axis, keepdims, dtype, out, false, false, op);
}
}  // namespace reduce

Tensor sum(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  return reduce::sum_like(x, axis, keepdims, dtype, out, false, false, "sum");
}
Tensor prod(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  return reduce::sum_like(x, axis, keepdims, dtype, out, true, false, "prod");
}
// NumPy's nansum replaces NaNs with zero and sums.
Tensor nansum(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  return reduce::sum_like(x, axis, keepdims, dtype, out, false, true, "nansum");
}

Tensor Tensor::sum(Axes axis, bool keepdims, std::optional<DType> dtype) const {
  return parity::sum(*this, axis, keepdims, dtype);
}
Tensor Tensor::prod(Axes axis, bool keepdims, std::optional<DType> dtype) const {
  return parity::prod(*this, axis, keepdims, dtype);
}

}  // namespace parity

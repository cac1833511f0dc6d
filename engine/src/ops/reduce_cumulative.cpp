// cumsum, cumprod: add/multiply accumulate along one axis (None flattens in C order), rounding
// to the result dtype at every step as NumPy's accumulate loops do.
#include "../shape_util.h"
#include "../ufunc.h"
#include "reduce_util.h"

namespace parity {
namespace {
Tensor cumulative(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                  const OutArg& out, bool prod, const char* op) {
  reduce::check_defined(x, op);
  Tensor src = x;
  int64_t ax = 0;
  if (!axis || x.ndim() == 0) {  // a 0-d input accumulates as shape (1,), like NumPy
    if (axis) normalize_axis(*axis, 1, op);
    src = x.reshape({-1});
  } else {
    ax = normalize_axis(*axis, x.ndim(), op);
  }
  // NumPy's add/multiply.accumulate loop: dtype=, else the loop for (out, x) with out=, else the
  // sum dtype; the whole accumulation runs in it and is cast into out at the end.
  const DType acc = reduce::loop_dtype(prod ? ufunc_multiply() : ufunc_add(), x.dtype(), dtype, out,
                                       reduce::sum_dtype(x.dtype()));
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

Tensor cumsum(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, OutArg out) {
  return cumulative(x, axis, dtype, out, false, "cumsum");
}
Tensor cumprod(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, OutArg out) {
  return cumulative(x, axis, dtype, out, true, "cumprod");
}
Tensor Tensor::cumsum(std::optional<int64_t> axis, std::optional<DType> dtype) const {
  return parity::cumsum(*this, axis, dtype);
}
Tensor Tensor::cumprod(std::optional<int64_t> axis, std::optional<DType> dtype) const {
  return parity::cumprod(*this, axis, dtype);
}

}  // namespace parity

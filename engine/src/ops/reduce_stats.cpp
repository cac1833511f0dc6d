// mean, var, std, nanmean, following NumPy's _methods.py: sum in the accumulation dtype, then
// divide by the count as a float64 (complex128) division cast back; var is two-pass.
#include <algorithm>

#include "../shape_util.h"
#include "reduce_util.h"

namespace parity {
namespace {

// NumPy's complex128 division (Smith's method) by (n + 0j), n >= 0: the parts are multiplied by
// 1/n, and an infinite part turns the other into NaN (inf * 0), unlike std::complex / double.
inline complex128_t complex_div_real(complex128_t a, double n) {
  if (n == 0) return {a.real() / n, a.imag() / n};
  const double rat = 0.0 / n, scl = 1.0 / (n + 0.0 * rat);
  return {(a.real() + a.imag() * rat) * scl, (a.imag() - a.real() * rat) * scl};
}

// t[k] = t[k] / div(k) for each element of the fresh contiguous tensor t (NumPy's
// true_divide(t, intp count, out=t, casting='unsafe')).
template <class Div> void divide_each(const Tensor& t, const Div& div) {
  dispatch<AllTypes>(t.dtype(), "divide", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* d = t.data<S>();
    for (int64_t k = 0, n = t.size(); k < n; ++k) {
      if constexpr (is_complex_v<S>) d[k] = convert<S>(complex_div_real(convert<complex128_t>(d[k]), div(k)));
      else d[k] = convert<S>(convert<double>(d[k]) / div(k));
    }
  });
}

template <class S> struct RealOf { using type = S; };
template <class F> struct RealOf<std::complex<F>> { using type = F; };

Tensor cast_for(const Tensor& x, DType d) { return reduce::cast_keep_layout(x, d); }

// Mean with `acc` as the summing dtype; the result is cast to `res`.
Tensor mean_impl(const Tensor& x, const Axes& axis, bool keepdims, DType acc, DType res, const char* op) {
  reduce::Plan p = reduce::make_plan(x, axis, keepdims, op);
  Tensor src = cast_for(x, acc);
  if (!src.is_same_view(x)) p = reduce::make_plan(src, axis, keepdims, op);
  Tensor s = reduce::sum_prod(src, p, false);
  const double n = static_cast<double>(p.count);
  divide_each(s, [n](int64_t) { return n; });
  return cast_for(s, res);
}

// var (and std when `root`) of x, whose dtype is inexact and the computation dtype S.
Tensor var_impl(const Tensor& x, const reduce::Plan& p, int64_t ddof, bool root) {
  Tensor res = new_tensor(p.result_shape, real_dtype(x.dtype()));
  const double n = static_cast<double>(p.count);
  const double div = std::max(n - static_cast<double>(ddof), 0.0);
  dispatch<InexactTypes>(x.dtype(), root ? "std" : "var", [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    using R = typename RealOf<S>::type;  // real storage
    using RC = compute_t<R>;
    R* o = res.data<R>();
    auto ld = [](const char* q) { return static_cast<C>(reduce::load<S>(q)); };
    reduce::for_each_output(p, x, [&](const char* base, int64_t k) {
      const C sum = reduce::sum_rows<S>(p, base, ld);
      C m;
      if constexpr (is_complex_v<S>) m = convert<S>(complex_div_real(convert<complex128_t>(sum), n));
      else m = static_cast<C>(convert<S>(static_cast<double>(sum) / n));
      // Each step rounds to the array's dtype, as NumPy's arr - mean, x * x, sum do.
      auto sq = [&](const char* q) -> RC {
        C d = reduce::round_to<S>(C(ld(q) - m));
        if constexpr (is_complex_v<S>) return d.real() * d.real() + d.imag() * d.imag();
        else return reduce::round_to<S>(C(d * d));
      };
      R v = static_cast<R>(static_cast<double>(static_cast<R>(reduce::sum_rows<R>(p, base, sq))) / div);
      if (root) v = static_cast<R>(std::sqrt(static_cast<RC>(v)));
      o[k] = v;
    });
  });
  return res;
}

Tensor var_std(const Tensor& x, const Axes& axis, int64_t ddof, bool keepdims, std::optional<DType> dtype,
               const OutArg& out, bool root, const char* op) {
  reduce::check_defined(x, op);
  reduce::Plan p = reduce::make_plan(x, axis, keepdims, op);
  DType acc = dtype ? *dtype : reduce::float_dtype(x.dtype());
  const DType want = dtype ? *dtype : real_dtype(acc);
  if (!is_inexact(acc)) acc = DType::Float64;  // an integer dtype= computes in float64, then casts
  Tensor src = cast_for(x, acc);
  if (!src.is_same_view(x)) p = reduce::make_plan(src, axis, keepdims, op);
  Tensor r = cast_for(var_impl(src, p, ddof, root), want);
  if (root && out.tensor && out.tensor->defined() && !can_cast(r.dtype(), out.tensor->dtype(), Casting::same_kind))
    throw UFuncTypeError(op_msg(op, std::string("Cannot cast ufunc 'sqrt' output from dtype('") + name(r.dtype()) +
                                        "') to dtype('" + name(out.tensor->dtype()) +
                                        "') with casting rule 'same_kind'"));
  return reduce::finish(r, out, op);
}
}  // namespace

Tensor mean(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  reduce::check_defined(x, "mean");
  const DType res = dtype ? *dtype : reduce::float_dtype(x.dtype());
  // NumPy sums float16 in float32 for the mean.
  const DType acc = (!dtype && x.dtype() == DType::Float16) ? DType::Float32 : res;
  return reduce::finish(mean_impl(x, axis, keepdims, acc, res, "mean"), out, "mean");
}

Tensor var(const Tensor& x, Axes axis, int64_t ddof, bool keepdims, std::optional<DType> dtype, OutArg out) {
  return var_std(x, axis, ddof, keepdims, dtype, out, false, "var");
}
Tensor std(const Tensor& x, Axes axis, int64_t ddof, bool keepdims, std::optional<DType> dtype, OutArg out) {
  return var_std(x, axis, ddof, keepdims, dtype, out, true, "std");
}

// NumPy: integer, bool (and bfloat16, see nan_aware) inputs take mean(); otherwise NaNs become 0, the sum is divided by the
// count of non-NaN elements (all-NaN gives 0/0 = nan).
Tensor nanmean(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  reduce::check_defined(x, "nanmean");
  if (!reduce::nan_aware(x.dtype())) return mean(x, axis, keepdims, dtype, out);
  if (dtype && !is_inexact(*dtype))
    throw TypeError("[nanmean] If a is inexact, then dtype must be inexact");
  if (out.tensor && out.tensor->defined() && !is_inexact(out.tensor->dtype()))
    throw TypeError("[nanmean] If a is inexact, then out must be inexact");
  reduce::Plan p = reduce::make_plan(x, axis, keepdims, "nanmean");
  std::vector<int64_t> cnt(static_cast<size_t>(p.nout), 0);
  dispatch<InexactTypes>(x.dtype(), "nanmean", [&](auto tag) {
    using S = typename decltype(tag)::type;
    reduce::for_each_output(p, x, [&](const char* base, int64_t k) {
      reduce::for_each_row(p, base, [&](const char* row, int64_t n, int64_t s) {
        for (int64_t i = 0; i < n; ++i)
          cnt[k] += !reduce::is_nan_v(static_cast<compute_t<S>>(reduce::load<S>(row + i * s)));
      });
    });
  });
  const DType acc = dtype ? *dtype : x.dtype();
  Tensor src = cast_for(reduce::zero_nans(x), acc);
  Tensor tot = reduce::sum_prod(src, reduce::make_plan(src, axis, keepdims, "nanmean"), false);
  divide_each(tot, [&](int64_t k) { return static_cast<double>(cnt[k]); });
  return reduce::finish(tot, out, "nanmean");
}

Tensor Tensor::mean(Axes axis, bool keepdims, std::optional<DType> dtype) const {
  return parity::mean(*this, axis, keepdims, dtype);
}
Tensor Tensor::var(Axes axis, int64_t ddof, bool keepdims) const {
  return parity::var(*this, axis, ddof, keepdims);
}
Tensor Tensor::std(Axes axis, int64_t ddof, bool keepdims) const {
  return parity::std(*this, axis, ddof, keepdims);
}

}  // namespace parity

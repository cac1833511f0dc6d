// sqrt, cbrt, exp, exp2, expm1, log, log2, log10, log1p. Complex forms follow C99 (csqrt, cexp,
// clog) as NumPy's do; exp2/expm1/log2/log10/log1p of complex use NumPy's formulas.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
constexpr double kLn2 = 0.693147180559945309417232121458176568;
constexpr double kLog2E = 1.44269504088896340735992468100189214;
constexpr double kLog10E = 0.434294481903251827651128918916605082;

struct Sqrt {
  static constexpr simd::Unary simd_fn{simd::sqrt, simd::sqrt};  // float32/float64 loops
  template <class T> T operator()(T x) const { return std::sqrt(x); }
};
struct Cbrt {
  template <class T> T operator()(T x) const { return std::cbrt(x); }
};
struct Exp {
  static constexpr simd::Unary simd_fn{simd::exp, simd::exp};  // float32/float64 loops
  template <class T> T operator()(T x) const { return std::exp(x); }
};
struct Exp2 {
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      using R = typename T::value_type;
      return std::exp(T(x.real() * R(kLn2), x.imag() * R(kLn2)));
    } else {
      return std::exp2(x);
    }
  }
};
struct Expm1 {
  static constexpr simd::Unary simd_fn{simd::expm1, simd::expm1};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>) {  // exp(z) - 1 without cancellation in the real part
      using R = typename T::value_type;
      const R s = std::sin(x.imag() / 2);
      return T(std::expm1(x.real()) * std::cos(x.imag()) - 2 * s * s, std::exp(x.real()) * std::sin(x.imag()));
    } else {
      return std::expm1(x);
    }
  }
};
struct Log {
  static constexpr simd::Unary simd_fn{simd::log, simd::log};  // float32/float64 loops
  template <class T> T operator()(T x) const { return std::log(x); }
};
template <class T> T scaled_log(T x, double k) {
  const T l = std::log(x);
  using R = typename T::value_type;
  return T(l.real() * R(k), l.imag() * R(k));
}
struct Log2 {
  static constexpr simd::Unary simd_fn{simd::log2, simd::log2};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>) return scaled_log(x, kLog2E);
    else return std::log2(x);
  }
};
struct Log10 {
  static constexpr simd::Unary simd_fn{simd::log10, simd::log10};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>) return scaled_log(x, kLog10E);
    else return std::log10(x);
  }
};
struct Log1p {
  static constexpr simd::Unary simd_fn{simd::log1p, simd::log1p};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      const auto re1 = x.real() + 1;
      return T(std::log(std::hypot(re1, x.imag())), std::atan2(x.imag(), re1));
    } else {
      return std::log1p(x);
    }
  }
};
}  // namespace

PARITY_UNARY(sqrt, "sqrt", FloatLoops, Sqrt, TypeError)
PARITY_DERIVATIVE(sqrt, return {g / conj(out * 2.0)};);
PARITY_UNARY(cbrt, "cbrt", RealFloatLoops, Cbrt, TypeError)
PARITY_DERIVATIVE(cbrt, return {g / (out * out * 3.0)};);  // real only
PARITY_UNARY(exp, "exp", FloatLoops, Exp, TypeError)
PARITY_DERIVATIVE(exp, return {g * conj(out)};);
PARITY_UNARY(exp2, "exp2", FloatLoops, Exp2, TypeError)
PARITY_DERIVATIVE(exp2, return {g * conj(out * 0.693147180559945309417232121458176568)};);  // out * ln 2
PARITY_UNARY(expm1, "expm1", FloatLoops, Expm1, TypeError)
PARITY_DERIVATIVE(expm1, return {g * conj(out + 1.0)};);
PARITY_UNARY(log, "log", FloatLoops, Log, TypeError)
PARITY_DERIVATIVE(log, return {g / conj(x[0])};);
PARITY_UNARY(log2, "log2", FloatLoops, Log2, TypeError)
PARITY_DERIVATIVE(log2, return {g / conj(x[0] * 0.693147180559945309417232121458176568)};);  // 1 / (x ln 2)
PARITY_UNARY(log10, "log10", FloatLoops, Log10, TypeError)
PARITY_DERIVATIVE(log10, return {g / conj(x[0] * 2.302585092994045684017991454684364208)};);  // 1 / (x ln 10)
PARITY_UNARY(log1p, "log1p", FloatLoops, Log1p, TypeError)
PARITY_DERIVATIVE(log1p, return {g / conj(x[0] + 1.0)};);

}  // namespace parity

// sin, cos, tan, arcsin, arccos, arctan. Complex forms are C99's (csin, casin...), as NumPy's.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
struct Sin {
  template <class T> T operator()(T x) const { return std::sin(x); }
  static constexpr simd::Unary simd_fn{simd::sin, simd::sin};  // float32/float64 loops
};
struct Cos {
  template <class T> T operator()(T x) const { return std::cos(x); }
  static constexpr simd::Unary simd_fn{simd::cos, simd::cos};  // float32/float64 loops
};
struct Tan { template <class T> T operator()(T x) const { return std::tan(x); } };
// asin(+-inf + i*nan) is (nan, +-inf) in NumPy (asin(z) = swap(asinh(swap(z)))); C99 leaves the
// sign open and glibc differs.
struct Arcsin {
  static constexpr simd::Unary simd_fn{simd::arcsin, simd::arcsin};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>)
      if (std::isinf(x.real()) && std::isnan(x.imag())) return T(x.imag(), x.real());
    return std::asin(x);
  }
};
struct Arccos { template <class T> T operator()(T x) const { return std::acos(x); } };
struct Arctan {
  template <class T> T operator()(T x) const { return std::atan(x); }
  static constexpr simd::Unary simd_fn{simd::arctan, simd::arctan};  // float32/float64 loops
};
}  // namespace

PARITY_UNARY(sin, "sin", FloatLoops, Sin, TypeError)
PARITY_DERIVATIVE(sin, return {g * conj(cos(x[0]))};);
PARITY_UNARY(cos, "cos", FloatLoops, Cos, TypeError)
PARITY_DERIVATIVE(cos, return {g * conj(-sin(x[0]))};);
PARITY_UNARY(tan, "tan", FloatLoops, Tan, TypeError)
PARITY_DERIVATIVE(tan, return {g * conj(out * out + 1.0)};);
PARITY_UNARY(arcsin, "arcsin", FloatLoops, Arcsin, TypeError)
// The principal sqrt's cut matches casin's (real |z| > 1).
PARITY_DERIVATIVE(arcsin, return {g / conj(sqrt(1.0 - x[0] * x[0]))};);
PARITY_UNARY(arccos, "arccos", FloatLoops, Arccos, TypeError)
PARITY_DERIVATIVE(arccos, return {g / conj(-sqrt(1.0 - x[0] * x[0]))};);
PARITY_UNARY(arctan, "arctan", FloatLoops, Arctan, TypeError)
PARITY_DERIVATIVE(arctan, return {g / conj(x[0] * x[0] + 1.0)};);

}  // namespace parity

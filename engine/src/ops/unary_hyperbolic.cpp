// sinh, cosh, tanh, arcsinh, arccosh, arctanh. Complex forms are C99's (csinh, casinh...).
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
struct Sinh {
  template <class T> T operator()(T x) const { return std::sinh(x); }
  static constexpr simd::Unary simd_fn{simd::sinh, simd::sinh};  // float32/float64 loops
};
struct Cosh { template <class T> T operator()(T x) const { return std::cosh(x); } };
struct Tanh {
  template <class T> T operator()(T x) const { return std::tanh(x); }
  static constexpr simd::Unary simd_fn{simd::tanh, simd::tanh};  // float32/float64 loops
};
// NumPy's complex arcsinh/arccosh differ from glibc's where C99 leaves signs open or a part nan:
// asinh(nan + i*inf) is (+-inf, nan) with the sign of the imaginary part, and acosh is built
// from acos (w = acos(z): (|Im w|, Re w signed like Im z), a nan part making both nan).
struct Arcsinh {
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>)
      if (std::isnan(x.real()) && std::isinf(x.imag())) return T(x.imag(), x.real());
    return std::asinh(x);
  }
};
struct Arccosh {
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      const T w = std::acos(x);
      const auto rx = w.real(), ry = w.imag();
      if (std::isnan(rx) && std::isnan(ry)) return T(ry, rx);
      if (std::isnan(rx)) return T(std::fabs(ry), rx);
      if (std::isnan(ry)) return T(ry, ry);
      return T(std::fabs(ry), std::copysign(rx, x.imag()));
    } else {
      return std::acosh(x);
    }
  }
};
struct Arctanh { template <class T> T operator()(T x) const { return std::atanh(x); } };
}  // namespace

PARITY_UNARY(sinh, "sinh", FloatLoops, Sinh, TypeError)
PARITY_DERIVATIVE(sinh, return {g * conj(cosh(x[0]))};);
PARITY_UNARY(cosh, "cosh", FloatLoops, Cosh, TypeError)
PARITY_DERIVATIVE(cosh, return {g * conj(sinh(x[0]))};);
PARITY_UNARY(tanh, "tanh", FloatLoops, Tanh, TypeError)
PARITY_DERIVATIVE(tanh, return {g * conj(1.0 - out * out)};);
PARITY_UNARY(arcsinh, "arcsinh", FloatLoops, Arcsinh, TypeError)
PARITY_DERIVATIVE(arcsinh, return {g / conj(sqrt(x[0] * x[0] + 1.0))};);
PARITY_UNARY(arccosh, "arccosh", FloatLoops, Arccosh, TypeError)
// sqrt(z-1)*sqrt(z+1), not sqrt(z*z-1): the latter has the wrong sign for complex z with Re z < 0.
PARITY_DERIVATIVE(arccosh, return {g / conj(sqrt(x[0] - 1.0) * sqrt(x[0] + 1.0))};);
PARITY_UNARY(arctanh, "arctanh", FloatLoops, Arctanh, TypeError)
PARITY_DERIVATIVE(arctanh, return {g / conj(1.0 - x[0] * x[0])};);

}  // namespace parity

// isnan, isinf, isfinite, signbit: bool results; integers and bool are always finite.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
struct IsNan {
  template <class T> bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return std::isnan(x.real()) || std::isnan(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return std::isnan(x);
    else return false;
  }
};
struct IsInf {
  template <class T> bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return std::isinf(x.real()) || std::isinf(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return std::isinf(x);
    else return false;
  }
};
struct IsFinite {
  template <class T> bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return std::isfinite(x.real()) && std::isfinite(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return std::isfinite(x);
    else return true;
  }
};
struct SignBit {  // reads the bit: GCC 12 crashes vectorizing std::signbit over bfloat16 input
  bool operator()(float x) const { return (detail::f32_bits(x) >> 31) != 0; }
  bool operator()(double x) const { return (detail::f64_bits(x) >> 63) != 0; }
};
}  // namespace

PARITY_UNARY(isnan, "isnan", AllLoops, IsNan, TypeError)
PARITY_NOT_DIFFERENTIABLE(isnan, "returns bool: a predicate has no derivative");
PARITY_UNARY(isinf, "isinf", AllLoops, IsInf, TypeError)
PARITY_NOT_DIFFERENTIABLE(isinf, "returns bool: a predicate has no derivative");
PARITY_UNARY(isfinite, "isfinite", AllLoops, IsFinite, TypeError)
PARITY_NOT_DIFFERENTIABLE(isfinite, "returns bool: a predicate has no derivative");
PARITY_UNARY(signbit, "signbit", RealFloatLoops, SignBit, TypeError)
PARITY_NOT_DIFFERENTIABLE(signbit, "returns bool: a predicate has no derivative");

}  // namespace parity

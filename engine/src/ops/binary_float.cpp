// arctan2, hypot, copysign, logaddexp: real floating loops only (integers compute in float).
#include <cmath>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
struct Arctan2 {
  template <class T> T operator()(T a, T b) const { return std::atan2(a, b); }
};
struct Hypot {
  template <class T> T operator()(T a, T b) const { return std::hypot(a, b); }
};
struct CopySign {
  template <class T> T operator()(T a, T b) const { return std::copysign(a, b); }
};
// log(exp(a) + exp(b)) without overflow: the larger term factors out.
struct LogAddExp {
  template <class T> T operator()(T a, T b) const {
    if (a == b) return a + static_cast<T>(0.693147180559945309417232121458176568);  // also ±inf
    T d = a - b;
    if (d > 0) return a + std::log1p(std::exp(-d));
    if (d <= 0) return b + std::log1p(std::exp(d));
    return d;  // nan
  }
};
}  // namespace

PARITY_UFUNC2(arctan2, "arctan2", RealFloatLoops, Arctan2)
PARITY_DERIVATIVE(arctan2, {
  Tensor r = x[0] * x[0] + x[1] * x[1];
  return {g * x[1] / r, g * -x[0] / r};
});
PARITY_UFUNC2(hypot, "hypot", RealFloatLoops, Hypot)
PARITY_DERIVATIVE(hypot, return {g * x[0] / out, g * x[1] / out};);
PARITY_UFUNC2(copysign, "copysign", RealFloatLoops, CopySign)
// PyTorch's: d/da = sign(a) * sign(out) (sign agreement, 0 at a == 0); zero w.r.t. the sign source.
PARITY_DERIVATIVE(copysign, return {g * sign(x[0]) * sign(out), zeros_like(g)};);
PARITY_UFUNC2(logaddexp, "logaddexp", RealFloatLoops, LogAddExp)
PARITY_DERIVATIVE(logaddexp, return {g * exp(x[0] - out), g * exp(x[1] - out)};);

}  // namespace parity

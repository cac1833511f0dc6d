// arctan2, hypot, copysign, logaddexp: real floating loops only (integers compute in float).
#include <cmath>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using kern::Arctan2;  // kernels/binary.h, shared with CUDA
using kern::Hypot;
using kern::CopySign;
using kern::LogAddExp;
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
PARITY_NO_GRADGRAD(copysign, "its derivative uses sign, whose own derivative is not defined at 0");
PARITY_UFUNC2(logaddexp, "logaddexp", RealFloatLoops, LogAddExp)
PARITY_DERIVATIVE(logaddexp, return {g * exp(x[0] - out), g * exp(x[1] - out)};);

}  // namespace parity

// isnan, isinf, isfinite, signbit: bool results; integers and bool are always finite.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using kern::IsNan;  // kernels/unary.h, shared with CUDA
using kern::IsInf;
using kern::IsFinite;
using kern::SignBit;
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

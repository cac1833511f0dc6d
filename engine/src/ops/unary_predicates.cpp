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
PARITY_INTEGRAL_RESULT(isnan, "returns bool: a predicate has no derivative");
PARITY_UNARY(isinf, "isinf", AllLoops, IsInf, TypeError)
PARITY_INTEGRAL_RESULT(isinf, "returns bool: a predicate has no derivative");
PARITY_UNARY(isfinite, "isfinite", AllLoops, IsFinite, TypeError)
PARITY_INTEGRAL_RESULT(isfinite, "returns bool: a predicate has no derivative");
PARITY_UNARY(signbit, "signbit", RealFloatLoops, SignBit, TypeError)
PARITY_INTEGRAL_RESULT(signbit, "returns bool: a predicate has no derivative");

}  // namespace parity

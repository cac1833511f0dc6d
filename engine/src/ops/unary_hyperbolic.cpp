// sinh, cosh, tanh, arcsinh, arccosh, arctanh. Complex forms are C99's (csinh, casinh...).
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// The scalar kernels are kern:: (kernels/unary.h, shared with CUDA); the CPU adds Highway loops.
struct Sinh : kern::Sinh {
  static constexpr simd::Unary simd_fn{simd::sinh, simd::sinh};  // float32/float64 loops
};
using kern::Cosh;
struct Tanh : kern::Tanh {
  static constexpr simd::Unary simd_fn{simd::tanh, simd::tanh};  // float32/float64 loops
};
using kern::Arcsinh;
using kern::Arccosh;
using kern::Arctanh;
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

// sin, cos, tan, arcsin, arccos, arctan. Complex forms are C99's (csin, casin...), as NumPy's.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// The scalar kernels are kern:: (kernels/unary.h, shared with CUDA); the CPU adds Highway loops.
struct Sin : kern::Sin {
  static constexpr simd::Unary simd_fn{simd::sin, simd::sin};  // float32/float64 loops
};
struct Cos : kern::Cos {
  static constexpr simd::Unary simd_fn{simd::cos, simd::cos};  // float32/float64 loops
};
using kern::Tan;
struct Arcsin : kern::Arcsin {
  static constexpr simd::Unary simd_fn{simd::arcsin, simd::arcsin};  // float32/float64 loops
};
using kern::Arccos;
struct Arctan : kern::Arctan {
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

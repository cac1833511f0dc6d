// sqrt, cbrt, exp, exp2, expm1, log, log2, log10, log1p. Complex forms follow C99 (csqrt, cexp,
// clog) as NumPy's do; exp2/expm1/log2/log10/log1p of complex use NumPy's formulas.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// The scalar kernels are kern:: (kernels/unary.h, shared with CUDA); the CPU adds Highway loops.
struct Sqrt : kern::Sqrt {
  static constexpr simd::Unary simd_fn{simd::sqrt, simd::sqrt};  // float32/float64 loops
};
using kern::Cbrt;
struct Exp : kern::Exp {
  static constexpr simd::Unary simd_fn{simd::exp, simd::exp};  // float32/float64 loops
};
using kern::Exp2;
struct Expm1 : kern::Expm1 {
  static constexpr simd::Unary simd_fn{simd::expm1, simd::expm1};  // float32/float64 loops
};
struct Log : kern::Log {
  static constexpr simd::Unary simd_fn{simd::log, simd::log};  // float32/float64 loops
};
struct Log2 : kern::Log2 {
  static constexpr simd::Unary simd_fn{simd::log2, simd::log2};  // float32/float64 loops
};
struct Log10 : kern::Log10 {
  static constexpr simd::Unary simd_fn{simd::log10, simd::log10};  // float32/float64 loops
};
struct Log1p : kern::Log1p {
  static constexpr simd::Unary simd_fn{simd::log1p, simd::log1p};  // float32/float64 loops
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

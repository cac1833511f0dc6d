// abs, negative, positive, sign, reciprocal, square, conj, invert, logical_not.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// The scalar kernels are kern:: (kernels/unary.h, shared with CUDA); the CPU adds Highway loops.
struct Abs : kern::Abs {
  static constexpr simd::Unary simd_fn{simd::absolute, simd::absolute};  // float32/float64 loops
};
struct Negative : kern::Negative {
  static constexpr simd::Unary simd_fn{simd::negative, simd::negative};  // float32/float64 loops
};
using kern::Positive;
using kern::Sign;
using kern::SignKeepZero;
struct Reciprocal : kern::Reciprocal {
  static constexpr simd::Unary simd_fn{simd::reciprocal, simd::reciprocal};  // float32/float64 loops
};
struct Square : kern::Square {
  static constexpr simd::Unary simd_fn{simd::square, simd::square};  // float32/float64 loops
};
using kern::Conj;
using kern::Invert;
using kern::LogicalNot;
}  // namespace

PARITY_UNARY(abs, "absolute", AllLoops, Abs, TypeError)
// d|z| = sgn(z) = z/|z| (0 at 0): NumPy 2's sign, also for complex (PyTorch's abs formula).
PARITY_DERIVATIVE(absolute, return {g * sign(x[0])};);
PARITY_NO_GRADGRAD(absolute, "its derivative uses sign, whose own derivative is not defined at 0");
PARITY_UNARY(reciprocal, "reciprocal", NumericLoops, Reciprocal, TypeError)
PARITY_DERIVATIVE(reciprocal, return {-g * conj(out * out)};);
PARITY_UNARY(square, "square", NumericLoops, Square, TypeError)
PARITY_DERIVATIVE(square, return {g * conj(x[0] * 2.0)};);
PARITY_UNARY(conj, "conjugate", NumericLoops, Conj, TypeError)
// conj is not holomorphic: PyTorch's formula, conj(g).
PARITY_DERIVATIVE(conjugate, return {conj(g)};);
PARITY_UNARY(invert, "invert", BoolIntLoops, Invert, TypeError)
PARITY_INTEGRAL_RESULT(invert, "bitwise not of integers and bools has no derivative");
PARITY_UNARY(logical_not, "logical_not", AllLoops, LogicalNot, TypeError)
PARITY_INTEGRAL_RESULT(logical_not, "returns bool: a logical op has no derivative");

// negative, positive and sign reject bool instead of casting it to int8, as NumPy 2 does.
const UFuncDef& ufunc_negative() {
  static const UFuncDef def{"negative", 1, make_unary_loops<Negative>(NumericLoops{})};
  return def;
}
Tensor negative(const ArrayLike& x, OutArg out) {
  if (unary::input_dtype(x, "negative") == DType::Bool)
    throw TypeError("[negative] The numpy boolean negative, the `-` operator, is not supported, use "
                    "the `~` operator or the logical_not function instead.");
  return call_unary(ufunc_negative(), x, out);
}
PARITY_DERIVATIVE(negative, return {-g};);
const UFuncDef& ufunc_positive() {
  static const UFuncDef def{"positive", 1, make_unary_loops<Positive>(NumericLoops{}), nullptr,
                            UFuncDef::NoLoop::UFuncTypeError};
  return def;
}
Tensor positive(const ArrayLike& x, OutArg out) {
  if (unary::input_dtype(x, "positive") == DType::Bool) unary::throw_no_bool_loop("positive");
  return call_unary(ufunc_positive(), x, out);
}
PARITY_DERIVATIVE(positive, return {g};);
const UFuncDef& ufunc_sign() {
  static const UFuncDef def = [] {
    std::vector<LoopSig> loops = make_unary_loops<Sign>(Concat<IntLoops, TypeList<float16_t, float, double>>{});
    for (const auto& l : make_unary_loops<SignKeepZero>(TypeList<bfloat16_t>{})) loops.push_back(l);
    for (const auto& l : make_unary_loops<Sign>(TypeList<complex64_t, complex128_t>{})) loops.push_back(l);
    return UFuncDef{"sign", 1, loops, nullptr, UFuncDef::NoLoop::UFuncTypeError};
  }();
  return def;
}
Tensor sign(const ArrayLike& x, OutArg out) {
  if (unary::input_dtype(x, "sign") == DType::Bool) unary::throw_no_bool_loop("sign");
  return call_unary(ufunc_sign(), x, out);
}
// (Complex sign z/|z| is not piecewise constant, but has no declared formula either.)
PARITY_NOT_DIFFERENTIABLE(sign, "piecewise constant: the derivative is zero almost everywhere");

}  // namespace parity

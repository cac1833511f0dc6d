// divide (true_divide), floor_divide, remainder, fmod. Integer division never traps: x // 0 and
// x % 0 are 0, and INT_MIN // -1 wraps to INT_MIN, as NumPy does.
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// The scalar kernels are kern:: (kernels/binary.h, shared with CUDA); the CPU adds Highway loops.
struct Divide : kern::Divide {
  static constexpr simd::Binary simd_fn{simd::divide, simd::divide};  // float32/float64 loops
};
using kern::FloorDivide;
using kern::Remainder;
using kern::FMod;

// true_divide has only inexact loops; bool and integer inputs divide as float64.
DType divide_pre(DType d) { return is_inexact(d) ? d : DType::Float64; }
using DivLoops = Concat<IntLoops, RealFloatLoops>;
}  // namespace

const UFuncDef& ufunc_divide() {
  // NumPy 2 names the ufunc "divide" (true_divide is an alias): messages say [divide].
  static const UFuncDef def{"divide", 2, make_binary_loops<Divide>(FloatLoops{}), &divide_pre};
  return def;
}
Tensor divide(const ArrayLike& a, const ArrayLike& b, OutArg out) { return call_binary(ufunc_divide(), a, b, out); }
PARITY_DERIVATIVE(divide, return {g / conj(x[1]), -g * conj(out / x[1])};);

PARITY_UFUNC2(floor_divide, "floor_divide", DivLoops, FloorDivide)
PARITY_NOT_DIFFERENTIABLE(floor_divide, "piecewise constant: the derivative is zero almost everywhere");
PARITY_UFUNC2(remainder, "remainder", DivLoops, Remainder)
// a - b*floor_divide(a, b): PyTorch's formula (the floor is constant almost everywhere).
PARITY_DERIVATIVE(remainder, return {g, -g * floor_divide(x[0], x[1])};);
PARITY_UFUNC2(fmod, "fmod", DivLoops, FMod)
PARITY_DERIVATIVE(fmod, return {g, -g * trunc(x[0] / x[1])};);
PARITY_NO_GRADGRAD(fmod, "its derivative uses trunc(a/b), piecewise constant");

}  // namespace parity

// add, subtract, multiply: NumPy's integer wrap-around, bool add is logical or.
#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// The scalar kernels are kern:: (kernels/binary.h, shared with CUDA); the CPU adds Highway loops.
struct Add : kern::Add {
  static constexpr simd::Binary simd_fn{simd::add, simd::add};  // float32/float64 loops
};
struct Subtract : kern::Subtract {
  static constexpr simd::Binary simd_fn{simd::subtract, simd::subtract};  // float32/float64 loops
};
struct Multiply : kern::Multiply {
  static constexpr simd::Binary simd_fn{simd::multiply, simd::multiply};  // float32/float64 loops
};
}  // namespace

PARITY_UFUNC2(add, "add", AllLoops, Add)
PARITY_DERIVATIVE(add, return {g, g};);
const UFuncDef& ufunc_subtract() {
  static const UFuncDef def{"subtract", 2, make_binary_loops<Subtract>(NumericLoops{})};
  return def;
}
// NumPy refuses bool - bool (arrays or Python bools) instead of using the int8 loop.
Tensor subtract(const ArrayLike& a, const ArrayLike& b, OutArg out) {
  auto is_b = [](const ArrayLike& x) {
    return x.is_tensor() ? x.tensor().defined() && x.tensor().dtype() == DType::Bool
                         : x.scalar().type == Scalar::Type::Bool;
  };
  if (is_b(a) && is_b(b))
    throw TypeError("[subtract] numpy boolean subtract, the `-` operator, is not supported, use the "
                    "bitwise_xor, the `^` operator, or the logical_xor function instead.");
  return call_binary(ufunc_subtract(), a, b, out);
}
PARITY_DERIVATIVE(subtract, return {g, -g};);
PARITY_UFUNC2(multiply, "multiply", AllLoops, Multiply)
PARITY_DERIVATIVE(multiply, return {g * conj(x[1]), g * conj(x[0])};);

}  // namespace parity

// CUDA kernels of the unary ufuncs abs, negative, positive, sign, reciprocal, square, conjugate,
// invert, logical_not, floor, ceil, trunc, rint, isnan, isinf, isfinite, signbit: the scalar
// kernels of kernels/unary.h in the loops the CPU lists (engine/src/ops/unary_*.cpp).
#include "../kernels/unary.h"
#include "elementwise.cuh"
#include "ew_units.h"

namespace parity::cuda {

void register_unary_basic_kernels() {
  using namespace ew;
  add_unary<kern::Abs>("absolute", AllLoops{});
  add_unary<kern::Negative>("negative", NumericLoops{});
  add_unary<kern::Positive>("positive", NumericLoops{});
  add_unary<kern::Sign>("sign", Concat<IntLoops, TypeList<float16_t, float, double, complex64_t, complex128_t>>{});
  add_unary<kern::SignKeepZero>("sign", TypeList<bfloat16_t>{});
  add_unary<kern::Reciprocal>("reciprocal", NumericLoops{});
  add_unary<kern::Square>("square", NumericLoops{});
  add_unary<kern::Conj>("conjugate", NumericLoops{});
  add_unary<kern::Invert>("invert", BoolIntLoops{});
  add_unary<kern::LogicalNot>("logical_not", AllLoops{});
  add_unary<kern::Floor>("floor", BoolRealLoops{});
  add_unary<kern::Ceil>("ceil", BoolRealLoops{});
  add_unary<kern::Trunc>("trunc", BoolRealLoops{});
  add_unary<kern::Rint>("rint", FloatLoops{});
  add_unary<kern::IsNan>("isnan", AllLoops{});
  add_unary<kern::IsInf>("isinf", AllLoops{});
  add_unary<kern::IsFinite>("isfinite", AllLoops{});
  add_unary<kern::SignBit>("signbit", RealFloatLoops{});
}

}  // namespace parity::cuda

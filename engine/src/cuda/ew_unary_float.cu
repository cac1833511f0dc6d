// CUDA kernels of the floating unary ufuncs: sqrt, cbrt, exp, exp2, expm1, log, log2, log10,
// log1p, the trigonometric and hyperbolic functions, expit (sigmoid) and angle. The kernels of
// kernels/unary.h through CUDA's device math (kernels/common.h's km::); the complex loops of the
// functions of complex_math.h are ew_complex.cu's.
#include "../kernels/unary.h"
#include "elementwise.cuh"
#include "ew_units.h"

namespace parity::cuda {

void register_unary_float_kernels() {
  using namespace ew;
#define PARITY_X(F, name) add_unary<kern::F>(name, RealFloatLoops{});
  PARITY_COMPLEX_MATH_UNARY(PARITY_X)
#undef PARITY_X
  add_unary<kern::Cbrt>("cbrt", RealFloatLoops{});
  add_unary<kern::Expm1>("expm1", FloatLoops{});
  add_unary<kern::Log1p>("log1p", FloatLoops{});
  add_unary<kern::Sigmoid>("expit", RealFloatLoops{});
  add_unary<kern::Angle>("angle", FloatLoops{});
}

}  // namespace parity::cuda

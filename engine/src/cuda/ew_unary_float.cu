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
  add_unary<kern::Sqrt>("sqrt", RealFloatLoops{});
  add_unary<kern::Cbrt>("cbrt", RealFloatLoops{});
  add_unary<kern::Exp>("exp", RealFloatLoops{});
  add_unary<kern::Exp2>("exp2", RealFloatLoops{});
  add_unary<kern::Expm1>("expm1", FloatLoops{});
  add_unary<kern::Log>("log", RealFloatLoops{});
  add_unary<kern::Log2>("log2", RealFloatLoops{});
  add_unary<kern::Log10>("log10", RealFloatLoops{});
  add_unary<kern::Log1p>("log1p", FloatLoops{});
  add_unary<kern::Sin>("sin", RealFloatLoops{});
  add_unary<kern::Cos>("cos", RealFloatLoops{});
  add_unary<kern::Tan>("tan", RealFloatLoops{});
  add_unary<kern::Arcsin>("arcsin", RealFloatLoops{});
  add_unary<kern::Arccos>("arccos", RealFloatLoops{});
  add_unary<kern::Arctan>("arctan", RealFloatLoops{});
  add_unary<kern::Sinh>("sinh", RealFloatLoops{});
  add_unary<kern::Cosh>("cosh", RealFloatLoops{});
  add_unary<kern::Tanh>("tanh", RealFloatLoops{});
  add_unary<kern::Arcsinh>("arcsinh", RealFloatLoops{});
  add_unary<kern::Arccosh>("arccosh", RealFloatLoops{});
  add_unary<kern::Arctanh>("arctanh", RealFloatLoops{});
  add_unary<kern::Sigmoid>("expit", RealFloatLoops{});
  add_unary<kern::Angle>("angle", FloatLoops{});
}

}  // namespace parity::cuda

// CUDA kernels of the complex64/complex128 loops of sqrt, exp, exp2, log, log2, log10, the
// trigonometric and hyperbolic functions and their inverses, and power: the kernels of
// kernels/unary.h and binary.h, whose km:: calls on dcomplex are kernels/complex_math.h's
// (glibc's special values). A unit of its own: these kernels are the slowest to compile.
#include "../kernels/binary.h"
#include "../kernels/unary.h"
#include "elementwise.cuh"
#include "ew_units.h"

namespace parity::cuda {

void register_complex_kernels() {
  using namespace ew;
  add_unary<kern::Sqrt>("sqrt", ComplexLoops{});
  add_unary<kern::Exp>("exp", ComplexLoops{});
  add_unary<kern::Exp2>("exp2", ComplexLoops{});
  add_unary<kern::Log>("log", ComplexLoops{});
  add_unary<kern::Log2>("log2", ComplexLoops{});
  add_unary<kern::Log10>("log10", ComplexLoops{});
  add_unary<kern::Sin>("sin", ComplexLoops{});
  add_unary<kern::Cos>("cos", ComplexLoops{});
  add_unary<kern::Tan>("tan", ComplexLoops{});
  add_unary<kern::Arcsin>("arcsin", ComplexLoops{});
  add_unary<kern::Arccos>("arccos", ComplexLoops{});
  add_unary<kern::Arctan>("arctan", ComplexLoops{});
  add_unary<kern::Sinh>("sinh", ComplexLoops{});
  add_unary<kern::Cosh>("cosh", ComplexLoops{});
  add_unary<kern::Tanh>("tanh", ComplexLoops{});
  add_unary<kern::Arcsinh>("arcsinh", ComplexLoops{});
  add_unary<kern::Arccosh>("arccosh", ComplexLoops{});
  add_unary<kern::Arctanh>("arctanh", ComplexLoops{});
  // Small integer exponents multiply out exactly as on the CPU; others take cplx::cpow.
  add_binary<kern::Power>("power", ComplexLoops{});
}

}  // namespace parity::cuda

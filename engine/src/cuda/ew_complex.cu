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
#define PARITY_X(F, name) add_unary<kern::F>(name, ComplexLoops{});
  PARITY_COMPLEX_MATH_UNARY(PARITY_X)
#undef PARITY_X
  // Small integer exponents multiply out exactly as on the CPU; others take cplx::cpow.
  add_binary<kern::Power>("power", ComplexLoops{});
}

}  // namespace parity::cuda

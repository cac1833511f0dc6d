// power: integers by repeated squaring with wrap-around (a negative exponent is a ValueError, as
// in NumPy), floats by pow(), complex with exact small integer powers as NumPy.
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

void throw_negative_integer_power() {
  throw ValueError("[power] Integers to negative integer powers are not allowed.");
}

namespace {
using kern::Power;  // kernels/binary.h, shared with CUDA
using PowerLoops = Concat<IntLoops, FloatLoops>;
}  // namespace

PARITY_UFUNC2(power, "power", PowerLoops, Power)
// PyTorch's pow formulas: no gradient to the base where the exponent is 0, none to the exponent
// where the base is 0 and the exponent's real part >= 0 (0**b is 0 or 1 there, constant in b).
PARITY_DERIVATIVE(power, {
  const Tensor &a = x[0], &b = x[1];
  Tensor ga = g * where(equal(b, 0.0), 0.0, conj(b * power(a, b - 1.0)));
  Tensor b_re = is_complex(b.dtype()) ? b.real() : b;
  Tensor gb = g * where(logical_and(equal(a, 0.0), greater_equal(b_re, 0.0)), 0.0, conj(out * log(a)));
  return {ga, gb};
});
PARITY_NO_GRADGRAD(power, "the where() masks at b == 0 and a == 0 make the second derivative differ from finite "
                          "differences there (gradgradcheck fails)");

}  // namespace parity

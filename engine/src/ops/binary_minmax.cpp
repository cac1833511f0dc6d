// maximum, minimum (NaN propagates), fmax, fmin (NaN ignored). Complex values order
// lexicographically, as NumPy's; bool is logical or/and.
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using kern::Maximum;  // kernels/binary.h, shared with CUDA
using kern::Minimum;
using kern::FMax;
using kern::FMin;
// The gradient goes to the selected input (sa / sb: bool masks); ties split it equally, as PyTorch.
std::vector<Tensor> minmax_grads(const Tensor& g, const Tensor& sa, const Tensor& sb, const Tensor& tie) {
  Tensor half = g * 0.5;
  return {g * sa + half * tie, g * sb + half * tie};
}
}  // namespace

PARITY_UFUNC2(maximum, "maximum", AllLoops, Maximum)
PARITY_DERIVATIVE(maximum, {
  const Tensor &a = x[0], &b = x[1];
  return minmax_grads(g, /*sa=*/logical_or(greater(a, b), isnan(a)),
                      /*sb=*/logical_or(greater(b, a), logical_and(isnan(b), logical_not(isnan(a)))),
                      equal(a, b));
});
PARITY_UFUNC2(minimum, "minimum", AllLoops, Minimum)
PARITY_DERIVATIVE(minimum, {
  const Tensor &a = x[0], &b = x[1];
  return minmax_grads(g, /*sa=*/logical_or(greater(b, a), isnan(a)),
                      /*sb=*/logical_or(greater(a, b), logical_and(isnan(b), logical_not(isnan(a)))),
                      equal(a, b));
});
PARITY_UFUNC2(fmax, "fmax", AllLoops, FMax)
PARITY_DERIVATIVE(fmax, {
  const Tensor &a = x[0], &b = x[1];
  return minmax_grads(g, /*sa=*/logical_or(greater(a, b), isnan(b)),
                      /*sb=*/logical_or(greater(b, a), logical_and(isnan(a), logical_not(isnan(b)))),
                      equal(a, b));
});
PARITY_UFUNC2(fmin, "fmin", AllLoops, FMin)
PARITY_DERIVATIVE(fmin, {
  const Tensor &a = x[0], &b = x[1];
  return minmax_grads(g, /*sa=*/logical_or(greater(b, a), isnan(b)),
                      /*sb=*/logical_or(greater(a, b), logical_and(isnan(a), logical_not(isnan(b)))),
                      equal(a, b));
});

}  // namespace parity

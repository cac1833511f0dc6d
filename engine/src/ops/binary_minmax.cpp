// maximum, minimum (NaN propagates), fmax, fmin (NaN ignored). Complex values order
// lexicographically, as NumPy's; bool is logical or/and.
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
template <class T> bool isnan_any(const T& v) {
  if constexpr (is_complex_v<T>) return std::isnan(v.real()) || std::isnan(v.imag());
  else if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  else return false;
}
// a >= b for non-NaN values; complex: real part first, then imaginary.
template <class T> bool ge(const T& a, const T& b) {
  if constexpr (is_complex_v<T>) return a.real() > b.real() || (a.real() == b.real() && a.imag() >= b.imag());
  else return a >= b;
}
template <class T> bool le(const T& a, const T& b) { return ge(b, a); }

// On ties NumPy's float32/float64 loops return the second operand (maximum(0., -0.) is -0.).
struct Maximum {
  template <class T> T operator()(T a, T b) const {
    if (isnan_any(a)) return a;
    if (isnan_any(b)) return b;
    if constexpr (std::is_floating_point_v<T>) return a > b ? a : b;
    else return ge(a, b) ? a : b;
  }
};
struct Minimum {
  template <class T> T operator()(T a, T b) const {
    if (isnan_any(a)) return a;
    if (isnan_any(b)) return b;
    if constexpr (std::is_floating_point_v<T>) return a < b ? a : b;
    else return le(a, b) ? a : b;
  }
};
struct FMax {
  template <class T> T operator()(T a, T b) const {
    if (isnan_any(b)) return a;
    if (isnan_any(a)) return b;
    if constexpr (std::is_floating_point_v<T>) return a > b ? a : b;
    else return ge(a, b) ? a : b;
  }
};
struct FMin {
  template <class T> T operator()(T a, T b) const {
    if (isnan_any(b)) return a;
    if (isnan_any(a)) return b;
    if constexpr (std::is_floating_point_v<T>) return a < b ? a : b;
    else return le(a, b) ? a : b;
  }
};
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

// sigmoid (scipy.special.expit): 1 / (1 + exp(-x)), evaluated so that no exp overflows.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
struct Sigmoid {
  static constexpr simd::Unary simd_fn{simd::expit, simd::expit};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if (x >= 0) return T(1) / (T(1) + std::exp(-x));
    const T e = std::exp(x);  // x < 0 or nan: exp(x) <= 1
    return e / (T(1) + e);
  }
};
}  // namespace

// expit has float16/float32/float64 loops (ints resolve like sin: int8 -> float16); bfloat16 added.
PARITY_UNARY(sigmoid, "expit", RealFloatLoops, Sigmoid, TypeError)
PARITY_DERIVATIVE(expit, return {g * out * (1.0 - out)};);  // real only

}  // namespace parity

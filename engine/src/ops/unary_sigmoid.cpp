// sigmoid (scipy.special.expit): 1 / (1 + exp(-x)), evaluated so that no exp overflows.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// kernels/unary.h (shared with CUDA); the CPU adds its Highway loop.
struct Sigmoid : kern::Sigmoid {
  static constexpr simd::Unary simd_fn{simd::expit, simd::expit};  // float32/float64 loops
};
}  // namespace

// expit has float16/float32/float64 loops (ints resolve like sin: int8 -> float16); bfloat16 added.
PARITY_UNARY(sigmoid, "expit", RealFloatLoops, Sigmoid, TypeError)
PARITY_DERIVATIVE(expit, return {g * out * (1.0 - out)};);  // real only

}  // namespace parity

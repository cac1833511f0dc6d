// arctan2, hypot, copysign, logaddexp, nextafter: real floating loops only (integers compute in float).
#include <cmath>
#include <limits>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using kern::Arctan2;  // kernels/binary.h, shared with CUDA
using kern::Hypot;
using kern::CopySign;
using kern::LogAddExp;
}  // namespace

PARITY_UFUNC2(arctan2, "arctan2", RealFloatLoops, Arctan2)
PARITY_DERIVATIVE(arctan2, {
  Tensor r = x[0] * x[0] + x[1] * x[1];
  return {g * x[1] / r, g * -x[0] / r};
});
PARITY_UFUNC2(hypot, "hypot", RealFloatLoops, Hypot)
PARITY_DERIVATIVE(hypot, return {g * x[0] / out, g * x[1] / out};);
PARITY_UFUNC2(copysign, "copysign", RealFloatLoops, CopySign)
// PyTorch's: d/da = sign(a) * sign(out) (sign agreement, 0 at a == 0); zero w.r.t. the sign source.
PARITY_DERIVATIVE(copysign, return {g * sign(x[0]) * sign(out), zeros_like(g)};);
PARITY_NO_GRADGRAD(copysign, "its derivative uses sign, whose own derivative is not defined at 0");
PARITY_UFUNC2(logaddexp, "logaddexp", RealFloatLoops, LogAddExp)
PARITY_DERIVATIVE(logaddexp, return {g * exp(x[0] - out), g * exp(x[1] - out)};);


// nextafter steps in the storage type's own bits (kernels/binary.h), so its loops take the storage
// type rather than a compute-type functor.
namespace {
template <class T> void nextafter_loop(char** d, const int64_t* s, int64_t n, const void*) {
  const char* a = d[0];
  const char* b = d[1];
  char* o = d[2];
  for (int64_t i = 0; i < n; ++i, a += s[0], b += s[1], o += s[2])
    *reinterpret_cast<T*>(o) = kern::NextAfter{}(*reinterpret_cast<const T*>(a), *reinterpret_cast<const T*>(b));
}
}  // namespace

const UFuncDef& ufunc_nextafter() {
  // NumPy's loops ('ee->e', 'ff->f', 'dd->d'), then ml_dtypes' bfloat16 one.
  static const UFuncDef def{"nextafter", 2,
                            {LoopSig{{DType::Float16, DType::Float16}, DType::Float16, &nextafter_loop<float16_t>},
                             LoopSig{{DType::Float32, DType::Float32}, DType::Float32, &nextafter_loop<float>},
                             LoopSig{{DType::Float64, DType::Float64}, DType::Float64, &nextafter_loop<double>},
                             LoopSig{{DType::BFloat16, DType::BFloat16}, DType::BFloat16, &nextafter_loop<bfloat16_t>}}};
  return def;
}
Tensor nextafter(const ArrayLike& a, const ArrayLike& b, OutArg out) { return call_binary(ufunc_nextafter(), a, b, out); }
PARITY_NOT_DIFFERENTIABLE(nextafter, "a step to the neighbouring representable value: piecewise constant in x2, and "
                                     "x1's own rounding grid in x1");

}  // namespace parity

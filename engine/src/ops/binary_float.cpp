// arctan2, hypot, copysign, logaddexp: real floating loops only (integers compute in float).
#include <cmath>

#include "binary_common.h"

namespace parity {

namespace {
struct Arctan2 {
  template <class T> T operator()(T a, T b) const { return std::atan2(a, b); }
};
struct Hypot {
  template <class T> T operator()(T a, T b) const { return std::hypot(a, b); }
};
struct CopySign {
  template <class T> T operator()(T a, T b) const { return std::copysign(a, b); }
};
// log(exp(a) + exp(b)) without overflow: the larger term factors out.
struct LogAddExp {
  template <class T> T operator()(T a, T b) const {
    if (a == b) return a + static_cast<T>(0.693147180559945309417232121458176568);  // also ±inf
    T d = a - b;
    if (d > 0) return a + std::log1p(std::exp(-d));
    if (d <= 0) return b + std::log1p(std::exp(d));
    return d;  // nan
  }
};
}  // namespace

PARITY_UFUNC2(arctan2, "arctan2", RealFloatLoops, Arctan2)
PARITY_UFUNC2(hypot, "hypot", RealFloatLoops, Hypot)
PARITY_UFUNC2(copysign, "copysign", RealFloatLoops, CopySign)
PARITY_UFUNC2(logaddexp, "logaddexp", RealFloatLoops, LogAddExp)

}  // namespace parity

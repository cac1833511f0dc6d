#pragma once
// Shared by the binary ufuncs (engine/src/ops/binary_*.cpp, arithmetic.cpp).
#include <cmath>
#include <complex>

#include "../ufunc.h"

namespace parity {

// Smith's algorithm for complex division (as NumPy): scale by the larger part of the divisor;
// a zero divisor divides each part by +0, so 1/(-0+0j) is inf, not -inf.
template <class R> inline std::complex<R> complex_divide(std::complex<R> a, std::complex<R> b) {
  const R ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  const R abr = std::fabs(br), abi = std::fabs(bi);
  if (abr >= abi) {
    if (abr == R(0) && abi == R(0)) return {ar / abr, ai / abi};
    const R rat = bi / br, scl = R(1) / (br + bi * rat);
    return {(ar + ai * rat) * scl, (ai - ar * rat) * scl};
  }
  const R rat = br / bi, scl = R(1) / (bi + br * rat);
  return {(ar * rat + ai) * scl, (ai * rat - ar) * scl};
}

}  // namespace parity

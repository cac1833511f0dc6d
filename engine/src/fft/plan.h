#pragma once
// One-dimensional complex DFTs in double precision through KISS FFT (kissfft.hh, BSD-3-Clause),
// with plans cached per thread. Lengths with a prime factor above kBluesteinPrime go through
// Bluestein's chirp-z identity onto power-of-two KISS FFT transforms: KISS FFT's generic
// butterfly is O(p^2) in a prime factor p (162 s for n = 100003) and loses accuracy there
// (30 eps at n = 10007; engine/src/fft/README.md has the measurements).
#include <complex>
#include <cstdint>

namespace parity::fft::detail {

using cplx = std::complex<double>;
inline constexpr int64_t kBluesteinPrime = 31;

// out[k] = sum_j in[j] exp(-+2 pi i j k / n) (minus for forward, plus for inverse), unscaled.
// `in` and `out` hold n values each and may not overlap.
void transform(const cplx* in, cplx* out, int64_t n, bool inverse);

}  // namespace parity::fft::detail

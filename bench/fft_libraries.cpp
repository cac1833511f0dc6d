// The FFT-library comparison driver (scripts/fft_accuracy.py builds and runs it; it is not part of
// the CMake build, so the project never links FFTW). Reads n complex values (interleaved float64)
// from stdin, writes the forward DFT by each candidate as interleaved float64 to stdout:
//   fftw-double, fftw-float, kiss-double, kiss-float, reference, engine (plan.cpp: KISS FFT in
//   double, Bluestein's algorithm over it for a prime factor above 31)
// (reference: a direct DFT in long double for n <= 4096, FFTW's long-double transform beyond).
// argv: n  [skip-kiss]   (skip-kiss: n has a large prime factor and KISS FFT's generic O(p^2)
// butterfly would run for minutes; the script times it separately).
#include <fftw3.h>

#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <kissfft/kissfft.hh>

#include "../engine/src/fft/plan.h"  // the engine's choice: KISS FFT, Bluestein for large prime factors

namespace {

template <class T>
void put(const std::vector<std::complex<T>>& v) {
  for (const auto& z : v) {
    double d[2] = {double(z.real()), double(z.imag())};
    std::fwrite(d, sizeof d, 1, stdout);
  }
}

std::vector<std::complex<long double>> direct_dft(const std::vector<std::complex<double>>& x) {
  const std::size_t n = x.size();
  const long double two_pi = 2.0L * std::acos(-1.0L);
  std::vector<std::complex<long double>> out(n);
  for (std::size_t k = 0; k < n; ++k) {
    std::complex<long double> acc = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t r = (j * k) % n;  // exact phase index: no growth of the angle's error
      const long double a = -two_pi * static_cast<long double>(r) / static_cast<long double>(n);
      acc += std::complex<long double>(x[j]) * std::complex<long double>(std::cos(a), std::sin(a));
    }
    out[k] = acc;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const std::size_t n = std::strtoull(argv[1], nullptr, 10);
  const bool skip_kiss = argc > 2 && std::strcmp(argv[2], "skip-kiss") == 0;
  const bool kiss_only_time = argc > 2 && std::strcmp(argv[2], "kiss-time") == 0;
  std::vector<std::complex<double>> x(n);
  if (std::fread(x.data(), sizeof(double) * 2, n, stdin) != n) return 3;

  if (kiss_only_time) {  // seconds KISS FFT takes for one double transform of length n
    std::vector<std::complex<double>> y(n);
    const auto t0 = std::chrono::steady_clock::now();
    kissfft<double>(n, false).transform(x.data(), y.data());
    std::printf("%.3f\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return 0;
  }

  {  // FFTW double
    std::vector<std::complex<double>> in = x, out(n);
    fftw_plan p = fftw_plan_dft_1d(int(n), reinterpret_cast<fftw_complex*>(in.data()),
                                   reinterpret_cast<fftw_complex*>(out.data()), FFTW_FORWARD, FFTW_ESTIMATE);
    fftw_execute(p);
    fftw_destroy_plan(p);
    put(out);
  }
  std::vector<std::complex<float>> xf(n);
  for (std::size_t i = 0; i < n; ++i) xf[i] = std::complex<float>(x[i]);
  {  // FFTW float
    std::vector<std::complex<float>> in = xf, out(n);
    fftwf_plan p = fftwf_plan_dft_1d(int(n), reinterpret_cast<fftwf_complex*>(in.data()),
                                     reinterpret_cast<fftwf_complex*>(out.data()), FFTW_FORWARD, FFTW_ESTIMATE);
    fftwf_execute(p);
    fftwf_destroy_plan(p);
    put(out);
  }
  {  // KISS FFT double and float (header-only template)
    std::vector<std::complex<double>> out(n);
    std::vector<std::complex<float>> outf(n);
    if (!skip_kiss) {
      kissfft<double>(n, false).transform(x.data(), out.data());
      kissfft<float>(n, false).transform(xf.data(), outf.data());
    } else {
      for (auto& z : out) z = NAN;
      for (auto& z : outf) z = NAN;
    }
    put(out);
    put(outf);
  }
  if (n <= 4096) {
    put(direct_dft(x));
  } else {  // FFTW in long double (64-bit mantissa): 11 bits beyond float64
    std::vector<std::complex<long double>> in(x.begin(), x.end()), out(n);
    fftwl_plan p = fftwl_plan_dft_1d(int(n), reinterpret_cast<fftwl_complex*>(in.data()),
                                     reinterpret_cast<fftwl_complex*>(out.data()), FFTW_FORWARD, FFTW_ESTIMATE);
    fftwl_execute(p);
    fftwl_destroy_plan(p);
    put(out);
  }
  {
    std::vector<std::complex<double>> out(n);
    parity::fft::detail::transform(x.data(), out.data(), static_cast<int64_t>(n), false);
    put(out);
  }
  return 0;
}

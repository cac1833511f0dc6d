// numpy.fft beyond the generated suites (which compare every op with NumPy): lengths a user may
// pass that KISS FFT alone would take hours on (a large prime), the per-thread plan cache under
// concurrent use, and the transforms against a direct DFT (mathematics, not NumPy).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <complex>
#include <thread>
#include <vector>

#include "parity/fft.h"
#include "parity/ops.h"

namespace parity {
namespace {

using cd = std::complex<double>;

std::vector<cd> values(const Tensor& t) {
  Tensor c = ascontiguousarray(t.astype(complex128));
  const cd* p = c.data<cd>();
  return std::vector<cd>(p, p + c.size());
}

// A large prime length (KISS FFT's generic O(p^2) butterfly would run for hours) finishes in
// seconds through Bluestein's algorithm, and the DFT of a unit impulse is all ones.
TEST(Fft, LargePrimeLengthIsFast) {
  const int64_t n = 1000003;
  Tensor x = zeros({n}, complex128);
  x.data<cd>()[0] = cd(1, 0);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<cd> y = values(fft::fft(x));
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(secs, 30.0);
  double err = 0;
  for (const cd& v : y) err = std::max(err, std::abs(v - cd(1, 0)));
  EXPECT_LT(err, 1e-12);
}

// Against a direct DFT (angles from j*k mod n, in long double) on power-of-two, prime (direct and
// Bluestein) and composite lengths: error within a few eps * log2(n) of max|y|.
TEST(Fft, MatchesDirectDft) {
  for (int64_t n : {1, 2, 8, 17, 37, 97, 360, 1009}) {
    Tensor x = default_rng(static_cast<uint64_t>(n)).standard_normal({n}).astype(complex128);
    std::vector<cd> xs = values(x), y = values(fft::fft(x));
    const long double two_pi = 2.0L * std::acos(-1.0L);
    double err = 0, scale = 0;
    for (int64_t k = 0; k < n; ++k) {
      std::complex<long double> acc = 0;
      for (int64_t j = 0; j < n; ++j) {
        const long double a = -two_pi * static_cast<long double>((j * k) % n) / static_cast<long double>(n);
        acc += std::complex<long double>(xs[static_cast<size_t>(j)]) * std::complex<long double>(std::cos(a), std::sin(a));
      }
      const cd ref(static_cast<double>(acc.real()), static_cast<double>(acc.imag()));
      err = std::max(err, std::abs(y[static_cast<size_t>(k)] - ref));
      scale = std::max(scale, std::abs(ref));
    }
    const double eps = 2.220446049250313e-16;
    EXPECT_LE(err, 4 * eps * std::max(1.0, std::log2(static_cast<double>(n))) * scale) << "n = " << n;
  }
}

// Plans are cached per thread (KISS FFT writes scratch inside a plan): threads transforming the
// same lengths at once get the single-threaded result.
TEST(Fft, ConcurrentTransformsAgree) {
  Tensor x = default_rng(7).standard_normal({4, 97});
  const std::vector<cd> want = values(fft::fft(x));
  std::vector<std::vector<cd>> got(4);
  std::vector<std::thread> ts;
  for (size_t i = 0; i < got.size(); ++i)
    ts.emplace_back([&, i] {
      for (int r = 0; r < 20; ++r) got[i] = values(fft::fft(x));
    });
  for (auto& t : ts) t.join();
  for (const auto& g : got) EXPECT_EQ(g, want);
}

// out= in NumPy 2.x: fftn hands out to every one-axis step, so with a complex64 out each step's
// result is rounded to complex64 before the next reads it. Expected values: NumPy 2.2.6's
// np.fft.fftn(x, out=np.empty((2, 3), np.complex64)); rounding fftn(x) once gives -1.05f at [1, 0]
// where NumPy's out holds -1.0500002f.
TEST(FftOut, FftnRoundsEachStepIntoOut) {
  Tensor x = asarray(std::vector<double>{0.1, 0.7, 1.3, 2.9, -0.3, 0.55}).reshape({2, 3});
  Tensor o = empty({2, 3}, complex64);
  Tensor r = fft::fftn(x, std::nullopt, std::nullopt, "backward", o);
  EXPECT_EQ(r.data_ptr(), o.data_ptr());
  const std::vector<cd> want{{0x1.5p+2, 0},
                             {0x1.e00002p+0, 0x1.4177f8p+0},
                             {0x1.e00002p+0, -0x1.4177f8p+0},
                             {-0x1.0cccdp+0, 0},
                             {-0x1.d66668p+1, -0x1.bb67bp-3},
                             {-0x1.d66668p+1, 0x1.bb67bp-3}};
  EXPECT_EQ(values(o), want);
  EXPECT_NE(values(fft::fftn(x).astype(complex64))[3], want[3]);
}

// out= refused as NumPy refuses it: the wrong length along the axis (ValueError), a complex result
// into a real out (same_kind: UFuncTypeError naming the gufunc), and out written only when valid.
TEST(FftOut, ChecksShapeAndCast) {
  Tensor x = asarray(std::vector<double>{0, 1, 2, 3});
  EXPECT_THROW(fft::fft(x, std::nullopt, -1, "backward", empty({5}, complex128)), ValueError);
  Tensor bad = zeros({4}, float64);
  try {
    fft::fft(x, std::nullopt, -1, "backward", bad);
    ADD_FAILURE() << "no error";
  } catch (const UFuncTypeError& e) {
    EXPECT_NE(std::string(e.what()).find("[fft.fft] Cannot cast ufunc 'fft' output from dtype('complex128') to "
                                         "dtype('float64') with casting rule 'same_kind'"),
              std::string::npos)
        << e.what();
  }
  try {
    fft::rfft(asarray(std::vector<double>{0, 1, 2, 3, 4}), std::nullopt, -1, "backward", zeros({3}, float64));
    ADD_FAILURE() << "no error";
  } catch (const UFuncTypeError& e) {
    EXPECT_NE(std::string(e.what()).find("ufunc 'rfft_n_odd'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace parity

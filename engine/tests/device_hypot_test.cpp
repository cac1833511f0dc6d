// The device's hypot formula (km::scaled_hypot, engine/src/kernels/common.h), compiled for the
// host and held against glibc's hypot, which NumPy and the CPU loops use: within 1 ULP over the
// whole exponent range, exact where the result is the largest finite value, C99's special values.
// (CUDA's own hypot gave inf for hypot(1, DBL_MAX) on an H200.) No oracle: it runs everywhere.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include "kernels/common.h"

namespace parity {
namespace {

// Position of v among the representable values (negative for negative v): a difference is ULPs.
template <class T> int64_t ordinal(T v) {
  using I = std::conditional_t<sizeof(T) == 8, int64_t, int32_t>;
  I i;
  std::memcpy(&i, &v, sizeof(T));
  return i < 0 ? static_cast<int64_t>(std::numeric_limits<I>::min()) - i : i;
}

template <class T> void check_against_glibc() {
  std::mt19937_64 g(26);
  std::uniform_real_distribution<double> mant(1, 2), u(0, 1);
  const int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;  // the smallest subnormal
  const int hi = std::numeric_limits<T>::max_exponent - 1;
  auto draw = [&](int e0, int e1) {
    return static_cast<T>(std::ldexp(mant(g), e0 + static_cast<int>((e1 - e0) * u(g))) * (u(g) < 0.5 ? -1 : 1));
  };
  int64_t worst = 0;
  for (int i = 0; i < 300000; ++i) {
    const T x = draw(lo, hi);
    // half the pairs of any two exponents, half within 2^30 of each other (where both terms count)
    const T y = i % 2 ? draw(lo, hi) : static_cast<T>(x * std::ldexp(mant(g), static_cast<int>(60 * u(g)) - 30));
    const T got = km::scaled_hypot(x, y), want = std::hypot(x, y);
    ASSERT_EQ(std::isinf(got), std::isinf(want)) << x << ", " << y;
    const int64_t d = std::llabs(ordinal(got) - ordinal(want));
    ASSERT_LE(d, 1) << "hypot(" << x << ", " << y << "): " << got << " vs glibc " << want;
    worst = std::max(worst, d);
  }
  std::cout << "[ scaled_hypot ] " << (sizeof(T) == 8 ? "float64" : "float32") << ": worst " << worst
            << " ULP from glibc over 300000 pairs\n";
  const T mx = std::numeric_limits<T>::max(), inf = std::numeric_limits<T>::infinity(), tiny = std::numeric_limits<T>::denorm_min();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  EXPECT_EQ(km::scaled_hypot(T(1), -mx), mx);  // glibc's answer; CUDA's hypot overflowed
  EXPECT_EQ(km::scaled_hypot(-mx, T(0.5)), mx);
  EXPECT_EQ(km::scaled_hypot(mx, mx), inf);
  EXPECT_EQ(km::scaled_hypot(tiny, tiny), std::hypot(tiny, tiny));
  EXPECT_EQ(km::scaled_hypot(T(3), T(4)), T(5));
  EXPECT_EQ(km::scaled_hypot(T(-0.0), T(0)), T(0));
  EXPECT_EQ(km::scaled_hypot(nan, -inf), inf);  // an infinity wins over NaN (C99 Annex F)
  EXPECT_TRUE(std::isnan(km::scaled_hypot(nan, T(1))));
}

TEST(DeviceHypot, Float64WithinOneUlpOfGlibc) { check_against_glibc<double>(); }
TEST(DeviceHypot, Float32WithinOneUlpOfGlibc) { check_against_glibc<float>(); }

}  // namespace
}  // namespace parity

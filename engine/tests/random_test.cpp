// Generator: determinism per seed and statistical sanity. The streams are not NumPy's, so there
// is no oracle comparison of values here.
#include <gtest/gtest.h>

#include <cmath>

#include "test_util.h"

using namespace parity;

namespace {
struct Stats { double mean, std, min, max; };
Stats stats(const Tensor& t) {
  auto v = t.to_double_vector();
  double s = 0, s2 = 0, lo = INFINITY, hi = -INFINITY;
  for (double x : v) { s += x; lo = std::min(lo, x); hi = std::max(hi, x); }
  const double m = s / v.size();
  for (double x : v) s2 += (x - m) * (x - m);
  return {m, std::sqrt(s2 / v.size()), lo, hi};
}
}  // namespace

TEST(Random, SameSeedSameStream) {
  Generator g1(42), g2(42), g3(43);
  Tensor a = g1.normal({1000}), b = g2.normal({1000}), c = g3.normal({1000});
  EXPECT_EQ(a.to_double_vector(), b.to_double_vector());
  EXPECT_NE(a.to_double_vector(), c.to_double_vector());
  EXPECT_EQ(g1.uniform({10}).to_double_vector(), g2.uniform({10}).to_double_vector());
  EXPECT_EQ(g1.next_u64(), g2.next_u64());
  Generator d1 = default_rng(7), d2 = default_rng(7);
  EXPECT_EQ(d1.standard_normal({5}, float32).to_double_vector(), d2.standard_normal({5}, float32).to_double_vector());
  Generator z(0);  // seed 0 must not be a degenerate stream
  EXPECT_NE(z.next_u64(), z.next_u64());
}

TEST(Random, NormalStatistics) {
  Generator g(123);
  for (DType d : {float64, float32}) {
    Tensor x = g.normal({100000}, 0, 1, d);
    EXPECT_EQ(x.dtype(), d);
    EXPECT_EQ(x.shape(), Shape{100000});
    Stats s = stats(x);
    EXPECT_NEAR(s.mean, 0, 0.02) << name(d);
    EXPECT_NEAR(s.std, 1, 0.02) << name(d);
    EXPECT_TRUE(std::isfinite(s.min) && std::isfinite(s.max));
  }
  Stats s = stats(g.normal({100000}, 5, 2));
  EXPECT_NEAR(s.mean, 5, 0.04);
  EXPECT_NEAR(s.std, 2, 0.04);
  Tensor h = g.normal({2, 3, 4}, 0, 1, float16);
  EXPECT_EQ(h.dtype(), float16);
  EXPECT_EQ(h.shape(), (Shape{2, 3, 4}));
  EXPECT_EQ(g.normal({3}, 1.5, 0).to_double_vector(), (std::vector<double>{1.5, 1.5, 1.5}));
  EXPECT_EQ(g.normal({0, 3}).size(), 0);
}

TEST(Random, UniformStatisticsAndRange) {
  Generator g(9);
  for (DType d : {float64, float32, float16, bfloat16}) {
    Tensor x = g.uniform({100000}, -2, 3, d);
    EXPECT_EQ(x.dtype(), d);
    Stats s = stats(x);
    EXPECT_GE(s.min, -2) << name(d);
    EXPECT_LT(s.max, 3) << name(d);
    EXPECT_NEAR(s.mean, 0.5, 0.05) << name(d);
    EXPECT_NEAR(s.std, 5 / std::sqrt(12.0), 0.05) << name(d);
  }
  Stats u = stats(g.uniform({100000}));
  EXPECT_GE(u.min, 0);
  EXPECT_LT(u.max, 1);
  EXPECT_NEAR(u.mean, 0.5, 0.01);
  // a range that rounds to `high` in float16 for most draws must still stay below it
  Stats n = stats(g.uniform({1000}, 1000, 1000.5, float16));
  EXPECT_LT(n.max, 1000.5);
  EXPECT_GE(n.min, 1000);
  EXPECT_EQ(g.uniform({3}, 2, 2).to_double_vector(), (std::vector<double>{2, 2, 2}));
}

TEST(Random, InvalidArgumentsRaise) {
  Generator g(1);
  EXPECT_THROW(g.normal({3}, 0, -1), ValueError);
  EXPECT_THROW(g.normal({-1}), ValueError);
  EXPECT_THROW(g.uniform({2}, 0, 1, int32), TypeError);
  EXPECT_THROW(g.normal({2}, 0, 1, complex128), TypeError);
  EXPECT_THROW(g.uniform({2}, -1e308, 1e308), OverflowError);
}

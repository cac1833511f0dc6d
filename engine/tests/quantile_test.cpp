// median and quantile: NumPy 2.2.6's own quirks the generated suites do not spell out (values
// printed by NumPy, in the comments), and the typed errors naming the op.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "parity/errors.h"
#include "parity/ops.h"

using namespace parity;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
}

// np.quantile(np.array([-100, 100], np.int8), q): b - a is taken in int8 (200 wraps to -56), then
// a + (b - a) q below q = 0.5 and b - (b - a)(1 - q) from 0.5: 128.0 and -114.0.
TEST(Quantile, IntegerDifferenceWrapsAsNumPys) {
  const Tensor a = asarray(std::vector<int64_t>{-100, 100}, DType::Int8);
  const Tensor h = quantile(a, Scalar(0.5));
  EXPECT_EQ(h.dtype(), DType::Float64);
  EXPECT_EQ(h.item<double>(), 128.0);
  EXPECT_EQ(quantile(a, Scalar(0.25)).item<double>(), -114.0);
}

// A Python float q takes a float array's dtype (float32 1.2); an array q keeps its own (float64).
TEST(Quantile, ResultDtypeFollowsQ) {
  const Tensor a = arange(Scalar(int64_t{0}), Scalar(int64_t{5}), Scalar(int64_t{1}), DType::Float32);
  EXPECT_EQ(quantile(a, Scalar(0.3)).dtype(), DType::Float32);
  EXPECT_EQ(quantile(a, asarray(std::vector<double>{0.3})).dtype(), DType::Float64);
  // 'lower' takes an element: int32 stays int32 (np.quantile(np.arange(8, dtype=np.int32), 0.4,
  // method='lower') is np.int32(2)).
  const Tensor r = quantile(arange(Scalar(int64_t{0}), Scalar(int64_t{8}), Scalar(int64_t{1}), DType::Int32),
                            Scalar(0.4), std::nullopt, "lower");
  EXPECT_EQ(r.dtype(), DType::Int32);
  EXPECT_EQ(r.item<int32_t>(), 2);
}

// np.quantile(np.arange(8.), [0.1, 0.5, 0.9], method='hazen') is [0.3, 3.5, 6.7].
TEST(Quantile, HazenMethod) {
  const Tensor r = quantile(arange(Scalar(int64_t{0}), Scalar(int64_t{8}), Scalar(int64_t{1}), DType::Float64),
                            asarray(std::vector<double>{0.1, 0.5, 0.9}), std::nullopt, "hazen");
  const std::vector<double> v = r.to_double_vector();
  ASSERT_EQ(v.size(), 3u);
  EXPECT_NEAR(v[0], 0.3, 1e-15);
  EXPECT_EQ(v[1], 3.5);
  EXPECT_NEAR(v[2], 6.7, 1e-15);
}

TEST(Quantile, ErrorsNameTheOp) {
  const Tensor a = asarray(std::vector<double>{1.0, 2.0});
  EXPECT_THROW(quantile(a, Scalar(1.5)), ValueError);
  EXPECT_THROW(quantile(a, Scalar(0.5), std::nullopt, "bad"), ValueError);
  EXPECT_THROW(quantile(a.astype(DType::Complex128), Scalar(0.5)), TypeError);
  EXPECT_THROW(quantile(asarray(std::vector<bool>{true, false}), Scalar(0.5)), TypeError);
  try {
    quantile(a, Scalar(0.5), std::nullopt, "bad");
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("[quantile] 'bad' is not a valid method"), std::string::npos) << e.what();
  }
}

// np.median of int16 [3, 1, 2, 0] is 1.5 (float64); a float32 row with a NaN is float32 NaN.
TEST(Median, IntegersInFloat64AndNaNRows) {
  const Tensor m = median(asarray(std::vector<int64_t>{3, 1, 2, 0}, DType::Int16));
  EXPECT_EQ(m.dtype(), DType::Float64);
  EXPECT_EQ(m.item<double>(), 1.5);
  const Tensor n = median(asarray(std::vector<double>{3, 1, kNaN, 0}).astype(DType::Float32));
  EXPECT_EQ(n.dtype(), DType::Float32);
  EXPECT_TRUE(std::isnan(n.item<float>()));
}

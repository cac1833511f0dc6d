// Creation ops and construction from C++ values, against NumPy: dtypes, shapes, values, errors.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;
using parity::testing::same_array;

namespace {

std::string np_dtype(DType d) {
  return d == bfloat16 ? "bfloat16" : std::string("np.") + name(d);
}

struct Case {
  std::function<Tensor()> engine;
  std::string numpy;
  double rtol = 0;  // exact unless stated
};

void check_cases(const std::vector<Case>& cases) {
  for (const auto& c : cases) {
    Tensor got;
    try {
      got = c.engine();
    } catch (const Error& e) {
      ADD_FAILURE() << c.numpy << ": engine raised " << e.py_class() << ": " << e.what();
      continue;
    }
    EXPECT_TRUE(matches_numpy(got, c.numpy, {}, c.rtol)) << c.numpy;
  }
}

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

TEST(Creation, ZerosOnesEmptyAllDTypes) {
  for (DType d : kAllDTypes) {
    std::string dt = np_dtype(d);
    EXPECT_TRUE(matches_numpy(zeros({2, 3}, d), "np.zeros((2, 3), " + dt + ")")) << name(d);
    EXPECT_TRUE(matches_numpy(ones({4}, d), "np.ones((4,), " + dt + ")")) << name(d);
    EXPECT_TRUE(matches_numpy(zeros({0, 3}, d), "np.zeros((0, 3), " + dt + ")")) << name(d);
    EXPECT_TRUE(matches_numpy(ones({}, d), "np.ones((), " + dt + ")")) << name(d);
    Tensor e = empty({3, 0, 2}, d);
    EXPECT_EQ(e.dtype(), d);
    EXPECT_EQ(e.shape(), (Shape{3, 0, 2}));
  }
  EXPECT_EQ(zeros({2}).dtype(), float64);  // NumPy's default dtype
}

TEST(Creation, FullInfersDTypeFromValue) {
  check_cases({
      {[] { return full({2, 3}, 1); }, "np.full((2, 3), 1)"},
      {[] { return full({2}, 1.5); }, "np.full((2,), 1.5)"},
      {[] { return full({2}, true); }, "np.full((2,), True)"},
      {[] { return full({2}, std::complex<double>(0, 1)); }, "np.full((2,), 1j)"},
      {[] { return full({2}, uint64_t{1} << 63); }, "np.full((2,), 2**63)"},
      {[] { return full({2}, 1.5, int8); }, "np.full((2,), 1.5, dtype=np.int8)"},
      {[] { return full({2}, kInf, int8); }, "np.full((2,), np.inf, dtype=np.int8)"},
      {[] { return full({2}, 255, uint8); }, "np.full((2,), 255, dtype=np.uint8)"},
      {[] { return full({2, 2}, -7, float16); }, "np.full((2, 2), -7, dtype=np.float16)"},
      {[] { return full({}, 3); }, "np.full((), 3)"},
      {[] { return full_like(zeros({2}, int8), 1.7); }, "np.full_like(np.zeros(2, np.int8), 1.7)"},
      {[] { return full_like(zeros({2, 2}, float32), 5, int16); }, "np.full_like(np.zeros((2, 2), np.float32), 5, dtype=np.int16)"},
      {[] { return zeros_like(ones({3, 1}, uint16)); }, "np.zeros_like(np.ones((3, 1), np.uint16))"},
      {[] { return ones_like(zeros({3}, complex64)); }, "np.ones_like(np.zeros(3, np.complex64))"},
      {[] { return ones_like(zeros({3}, complex64), bool_); }, "np.ones_like(np.zeros(3, np.complex64), dtype=bool)"},
  });
  Tensor e = empty_like(zeros({2, 5}, int32));
  EXPECT_EQ(e.dtype(), int32);
  EXPECT_EQ(e.shape(), (Shape{2, 5}));
}

TEST(Creation, FullAndZerosErrorsLikeNumpy) {
  EXPECT_RAISES_LIKE_NUMPY(full({2}, 300, uint8), "np.full((2,), 300, dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(full({2}, -1, uint8), "np.full((2,), -1, dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(full_like(zeros({2}, int8), 300), "np.full_like(np.zeros(2, np.int8), 300)", {});
  EXPECT_RAISES_LIKE_NUMPY(full({-1}, 1), "np.full((-1,), 1)", {});
  EXPECT_RAISES_LIKE_NUMPY(zeros({-1, 2}), "np.zeros((-1, 2))", {});
  EXPECT_RAISES_LIKE_NUMPY(ones({2, -3}), "np.ones((2, -3))", {});
  EXPECT_RAISES_LIKE_NUMPY(empty({-1}), "np.empty((-1,))", {});
}

TEST(Creation, ArangeMatchesNumpy) {
  check_cases({
      {[] { return arange(5); }, "np.arange(5)"},
      {[] { return arange(0); }, "np.arange(0)"},
      {[] { return arange(-3); }, "np.arange(-3)"},
      {[] { return arange(2.5); }, "np.arange(2.5)"},
      {[] { return arange(true); }, "np.arange(True)"},
      {[] { return arange(false, true); }, "np.arange(False, True)"},
      {[] { return arange(0, 1, 0.1); }, "np.arange(0, 1, 0.1)"},
      {[] { return arange(-1.5, 2.5, 0.5); }, "np.arange(-1.5, 2.5, 0.5)"},
      {[] { return arange(10, 0, -0.3); }, "np.arange(10, 0, -0.3)"},
      {[] { return arange(5, 0, -2); }, "np.arange(5, 0, -2)"},
      {[] { return arange(5, 10, -1); }, "np.arange(5, 10, -1)"},
      {[] { return arange(3, 3); }, "np.arange(3, 3)"},
      {[] { return arange(0.5, 5, 1.5, int64); }, "np.arange(0.5, 5, 1.5, dtype=np.int64)"},
      {[] { return arange(0, 5.5, 1, int8); }, "np.arange(5.5, dtype=np.int8)"},
      {[] { return arange(250, 260, 1, uint8); }, "np.arange(250, 260, dtype=np.uint8)"},
      {[] { return arange(0, 300, 1, uint8); }, "np.arange(300, dtype=np.uint8)"},
      {[] { return arange(-3, 0, 1, int16); }, "np.arange(-3, 0, dtype=np.int16)"},
      {[] { return arange(0, 10, 3, float16); }, "np.arange(0, 10, 3, dtype=np.float16)"},
      {[] { return arange(0, 1, 0.1, float16); }, "np.arange(0, 1, 0.1, dtype=np.float16)"},
      {[] { return arange(0.1, 1, 0.3, float32); }, "np.arange(0.1, 1, 0.3, dtype=np.float32)"},
      {[] { return arange(0, 100, 0.7, float32); }, "np.arange(0, 100, 0.7, dtype=np.float32)"},
      {[] { return arange(0, 3, 1.0, complex64); }, "np.arange(0, 3, 1.0, dtype=np.complex64)"},
      {[] { return arange(2, 5, 1, complex128); }, "np.arange(2, 5, 1, dtype=np.complex128)"},
      {[] { return arange(std::complex<double>(0, 1)); }, "np.arange(1j)"},
      {[] { return arange(std::complex<double>(1, 1), 5, 1); }, "np.arange(1+1j, 5, 1)"},
      {[] { return arange(0, 2, 1, bool_); }, "np.arange(0, 2, dtype=bool)"},
      {[] { return arange(1, 2, 1, bool_); }, "np.arange(1, 2, dtype=bool)"},
      {[] { return arange(INT64_MIN, INT64_MAX, int64_t{1} << 62); },
       "np.arange(-9223372036854775808, 9223372036854775807, 2**62)"},
      {[] { return arange(INT64_MAX, uint64_t{1} << 63 | 2, 1, uint64); },
       "np.arange(2**63 - 1, 2**63 + 2, dtype=np.uint64)"},
      {[] { return arange(uint64_t{1} << 63, (uint64_t{1} << 63) + 2, 1); }, "np.arange(2**63, 2**63 + 2)"},
      {[] { return arange(0, 1000, 1, float64); }, "np.arange(1000, dtype=np.float64)"},
  });
}

TEST(Creation, ArangeErrorsLikeNumpy) {
  EXPECT_RAISES_LIKE_NUMPY(arange(0, 5, 0), "np.arange(0, 5, 0)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(0.0, 5, 0), "np.arange(0., 5, 0)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(0, kNaN), "np.arange(0, np.nan)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(kInf), "np.arange(np.inf)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(0, 1e20, 1), "np.arange(0, 1e20, 1)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(0, 5, 1, bool_), "np.arange(0, 5, dtype=bool)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(300, 302, 1, uint8), "np.arange(300, 302, dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(-3, 0, 1, uint8), "np.arange(-3, 0, dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(arange(0, std::complex<double>(0, 1), 1, float64), "np.arange(1j, dtype=np.float64)", {});
}

TEST(Creation, LinspaceMatchesNumpy) {
  check_cases({
      {[] { return linspace(0, 1); }, "np.linspace(0, 1)"},
      {[] { return linspace(0, 1, 5, false); }, "np.linspace(0, 1, 5, endpoint=False)"},
      {[] { return linspace(1, 0, 7); }, "np.linspace(1, 0, 7)"},
      {[] { return linspace(2.5, -3.7, 11); }, "np.linspace(2.5, -3.7, 11)"},
      {[] { return linspace(-5, 5, 1000); }, "np.linspace(-5, 5, 1000)"},
      {[] { return linspace(0.1, 0.7, 13, false); }, "np.linspace(0.1, 0.7, 13, endpoint=False)"},
      {[] { return linspace(0, 1, 0); }, "np.linspace(0, 1, 0)"},
      {[] { return linspace(0, 1, 1); }, "np.linspace(0, 1, 1)"},
      {[] { return linspace(3, 1, 1, false); }, "np.linspace(3, 1, 1, endpoint=False)"},
      {[] { return linspace(0, 5e-324, 3); }, "np.linspace(0, 5e-324, 3)"},  // step underflows to 0
      {[] { return linspace(0, 1e300, 4); }, "np.linspace(0, 1e300, 4)"},
      {[] { return linspace(true, 3, 4); }, "np.linspace(True, 3, 4)"},
      {[] { return linspace(0, 10, 5, true, int64); }, "np.linspace(0, 10, 5, dtype=np.int64)"},
      {[] { return linspace(-1, 1, 5, true, uint8); }, "np.linspace(-1, 1, 5, dtype=np.uint8)"},
      {[] { return linspace(-2.5, 2.5, 9, true, int16); }, "np.linspace(-2.5, 2.5, 9, dtype=np.int16)"},
      {[] { return linspace(0, 1, 3, true, float16); }, "np.linspace(0, 1, 3, dtype=np.float16)"},
      {[] { return linspace(0, 1, 7, true, float32); }, "np.linspace(0, 1, 7, dtype=np.float32)"},
      {[] { return linspace(0, 2, 3, true, bool_); }, "np.linspace(0, 2, 3, dtype=bool)"},
      {[] { return linspace(0, std::complex<double>(0, 1), 3); }, "np.linspace(0, 1j, 3)"},
      {[] { return linspace(std::complex<double>(1, -1), std::complex<double>(-2, 3), 6, false); },
       "np.linspace(1-1j, -2+3j, 6, endpoint=False)"},
  });
  EXPECT_RAISES_LIKE_NUMPY(linspace(0, 1, -1), "np.linspace(0, 1, -1)", {});
  EXPECT_RAISES_LIKE_NUMPY(linspace(0, std::complex<double>(0, 1), 3, true, int64), "np.linspace(0, 1j, 3, dtype=np.int64)", {});
}

TEST(Creation, EyeAndIdentityMatchNumpy) {
  check_cases({
      {[] { return eye(3); }, "np.eye(3)"},
      {[] { return eye(3, 4, -1, int64); }, "np.eye(3, 4, k=-1, dtype=np.int64)"},
      {[] { return eye(3, 4, 2); }, "np.eye(3, 4, k=2)"},
      {[] { return eye(3, 2, 5); }, "np.eye(3, 2, k=5)"},
      {[] { return eye(3, 2, -5); }, "np.eye(3, 2, k=-5)"},
      {[] { return eye(4, 4, 1, bool_); }, "np.eye(4, 4, k=1, dtype=bool)"},
      {[] { return eye(2, 3, 1, float16); }, "np.eye(2, 3, k=1, dtype=np.float16)"},
      {[] { return eye(0); }, "np.eye(0)"},
      {[] { return eye(5, 0); }, "np.eye(5, 0)"},
      {[] { return identity(3, complex64); }, "np.identity(3, dtype=np.complex64)"},
      {[] { return identity(0); }, "np.identity(0)"},
  });
  EXPECT_RAISES_LIKE_NUMPY(eye(-1), "np.eye(-1)", {});
  EXPECT_RAISES_LIKE_NUMPY(eye(2, -1), "np.eye(2, -1)", {});
  EXPECT_RAISES_LIKE_NUMPY(identity(-2), "np.identity(-2)", {});
}

TEST(CreationAsArray, ScalarsInferNumpyDTypes) {
  check_cases({
      {[] { return asarray(1); }, "np.asarray(1)"},
      {[] { return asarray(1.5); }, "np.asarray(1.5)"},
      {[] { return asarray(true); }, "np.asarray(True)"},
      {[] { return asarray(std::complex<double>(1, 2)); }, "np.asarray(1+2j)"},
      {[] { return asarray(uint64_t{1} << 63); }, "np.asarray(2**63)"},
      {[] { return asarray(1.5, int8); }, "np.asarray(1.5, dtype=np.int8)"},
      {[] { return asarray(-1, float32); }, "np.asarray(-1, dtype=np.float32)"},
      {[] { return asarray(std::complex<double>(0, 1), bool_); }, "np.asarray(1j, dtype=bool)"},
  });
  EXPECT_RAISES_LIKE_NUMPY(asarray(300, uint8), "np.asarray(300, dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(asarray(uint64_t{1} << 63, int64), "np.asarray(2**63, dtype=np.int64)", {});
  EXPECT_RAISES_LIKE_NUMPY(asarray(kNaN, int32), "np.asarray(np.nan, dtype=np.int32)", {});
  // asarray of a tensor is the tensor itself unless a cast is asked for
  Tensor t = ones({3}, int32);
  EXPECT_TRUE(asarray(t).is_same_view(t));
  EXPECT_TRUE(asarray(t, int32).is_same_view(t));
  EXPECT_TRUE(matches_numpy(asarray(full({3}, 2.7), int32), "np.asarray(np.full(3, 2.7), dtype=np.int32)"));
}

TEST(CreationAsArray, PreferFloat32MakesPythonFloatsFloat32) {
  PromotionScope scope(PromotionMode::numpy, /*prefer_f32=*/true);
  EXPECT_EQ(asarray(1.).dtype(), float32);
  EXPECT_EQ(asarray(1).dtype(), int64);
  EXPECT_EQ(asarray(std::vector<double>{1, 2}).dtype(), float32);
  EXPECT_EQ(array({1., 2.}).dtype(), float32);
  EXPECT_EQ(full({2}, 0.5).dtype(), float32);
  EXPECT_EQ(linspace(0, 1, 3).dtype(), float32);
}

TEST(CreationAsArray, VectorsInferDTypeFromElementType) {
  check_cases({
      {[] { return asarray(std::vector<int>{1, -2, 3}); }, "np.asarray([1, -2, 3])"},
      {[] { return asarray(std::vector<long>{1, 2}); }, "np.asarray([1, 2])"},
      {[] { return asarray(std::vector<long long>{1, 2}); }, "np.asarray([1, 2])"},
      {[] { return asarray(std::vector<double>{1.5, -2}); }, "np.asarray([1.5, -2.0])"},
      {[] { return asarray(std::vector<bool>{true, false}); }, "np.asarray([True, False])"},
      {[] { return asarray(std::vector<std::complex<double>>{{1, 2}}); }, "np.asarray([1+2j])"},
      {[] { return asarray(std::vector<float>{1.5f, 2}); }, "np.asarray([1.5, 2], dtype=np.float32)"},
      {[] { return asarray(std::vector<uint8_t>{1, 255}); }, "np.asarray([1, 255], dtype=np.uint8)"},
      {[] { return asarray(std::vector<int8_t>{-128, 5}); }, "np.asarray([-128, 5], dtype=np.int8)"},
      {[] { return asarray(std::vector<int16_t>{-3}); }, "np.asarray([-3], dtype=np.int16)"},
      {[] { return asarray(std::vector<uint16_t>{7}); }, "np.asarray([7], dtype=np.uint16)"},
      {[] { return asarray(std::vector<uint32_t>{7}); }, "np.asarray([7], dtype=np.uint32)"},
      {[] { return asarray(std::vector<uint64_t>{uint64_t{1} << 63}); }, "np.asarray([2**63], dtype=np.uint64)"},
      {[] { return asarray(std::vector<unsigned long long>{3}); }, "np.asarray([3], dtype=np.uint64)"},
      {[] { return asarray(std::vector<float16_t>{float16_t(0.5f)}); }, "np.asarray([0.5], dtype=np.float16)"},
      {[] { return asarray(std::vector<bfloat16_t>{bfloat16_t(0.5f)}); }, "np.asarray([0.5], dtype=bfloat16)"},
      {[] { return asarray(std::vector<std::complex<float>>{{1, -1}}); }, "np.asarray([1-1j], dtype=np.complex64)"},
      {[] { return asarray(std::vector<double>{}); }, "np.asarray([])"},
      // dtype=: Python-like element types are value-checked, typed ones cast like astype
      {[] { return asarray(std::vector<double>{1.5, -2.7}, int8); }, "np.array([1.5, -2.7], dtype=np.int8)"},
      {[] { return asarray(std::vector<int>{1, 0, 2}, bool_); }, "np.array([1, 0, 2], dtype=bool)"},
      {[] { return asarray(std::vector<int16_t>{300, -1}, uint8); }, "np.array([300, -1], dtype=np.int16).astype(np.uint8)"},
      {[] { return asarray(std::vector<float>{1e10f}, float16); }, "np.array([1e10], dtype=np.float32).astype(np.float16)"},
  });
  EXPECT_RAISES_LIKE_NUMPY(asarray(std::vector<int>{300}, uint8), "np.array([300], dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(asarray(std::vector<double>{kNaN}, int64), "np.array([np.nan], dtype=np.int64)", {});
  EXPECT_RAISES_LIKE_NUMPY(asarray(std::vector<double>{kInf}, int64), "np.array([np.inf], dtype=np.int64)", {});
}

TEST(CreationAsArray, NestedListsLikeNumpy) {
  const std::complex<double> j(0, 1);
  const uint64_t big = uint64_t{1} << 63;
  check_cases({
      {[] { return array({{1, 2}, {3, 4}}); }, "np.array([[1, 2], [3, 4]])"},
      {[] { return array({{1., 2.}, {3, 4}}); }, "np.array([[1., 2.], [3, 4]])"},
      {[] { return array({{{1}, {2}}, {{3}, {4}}, {{5}, {6}}}); }, "np.array([[[1], [2]], [[3], [4]], [[5], [6]]])"},
      {[] { return array({1}); }, "np.array([1])"},
      {[] { return array({{1}}); }, "np.array([[1]])"},
      {[] { return array(5); }, "np.array(5)"},
      {[] { return array(2.5); }, "np.array(2.5)"},
      {[] { return array({true, 1}); }, "np.array([True, 1])"},
      {[] { return array({true, false}); }, "np.array([True, False])"},
      {[] { return array({true, 1.5}); }, "np.array([True, 1.5])"},
      {[=] { return array({1, j}); }, "np.array([1, 1j])"},
      {[=] { return array({big, 1}); }, "np.array([2**63, 1])"},
      {[=] { return array({big, -1}); }, "np.array([2**63, -1])"},
      {[=] { return array({big, true}); }, "np.array([2**63, True])"},
      {[=] { return array({big}); }, "np.array([2**63])"},
      {[] { return array({}); }, "np.array([])"},
      {[] { return array({{}, {}}); }, "np.array([[], []])"},
      {[] { return array({{{}}}); }, "np.array([[[]]])"},
      {[] { return array({{1, 2}, {3, 4}}, float32); }, "np.array([[1, 2], [3, 4]], dtype=np.float32)"},
      {[] { return array({1.5, -0.5}, uint8); }, "np.array([1.5, -0.5], dtype=np.uint8)"},
      {[] { return array({2.5, 0.0}, bool_); }, "np.array([2.5, 0.0], dtype=bool)"},
      {[=] { return array({j, 0}, bool_); }, "np.array([1j, 0], dtype=bool)"},
      {[] { return array({70000}, float16); }, "np.array([70000], dtype=np.float16)"},
      {[] { return array({1e300}, float32); }, "np.array([1e300], dtype=np.float32)"},
      {[=] { return array({big}, float32); }, "np.array([2**63], dtype=np.float32)"},
      {[] { return array({{}, {}}, int8); }, "np.array([[], []], dtype=np.int8)"},
  });
}

TEST(CreationAsArray, NestedListErrorsLikeNumpy) {
  const std::complex<double> j(0, 1);
  EXPECT_RAISES_LIKE_NUMPY(array({{1, 2}, {3}}), "np.array([[1, 2], [3]])", {});
  EXPECT_RAISES_LIKE_NUMPY(array({1, {2}}), "np.array([1, [2]])", {});
  EXPECT_RAISES_LIKE_NUMPY(array({{1}, 2}), "np.array([[1], 2])", {});
  EXPECT_RAISES_LIKE_NUMPY(array({{1, 2}, {}}), "np.array([[1, 2], []])", {});
  EXPECT_RAISES_LIKE_NUMPY(array({{}, {1}}), "np.array([[], [1]])", {});
  EXPECT_RAISES_LIKE_NUMPY(array({{{1, 2}}, {{3, 4}, {5, 6}}}), "np.array([[[1, 2]], [[3, 4], [5, 6]]])", {});
  EXPECT_RAISES_LIKE_NUMPY(array({300}, uint8), "np.array([300], dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({-1}, uint8), "np.array([-1], dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({300.0}, uint8), "np.array([300.0], dtype=np.uint8)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({1e10}, int8), "np.array([1e10], dtype=np.int8)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({kInf}, int64), "np.array([np.inf], dtype=np.int64)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({kNaN}, int64), "np.array([np.nan], dtype=np.int64)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({j}, float64), "np.array([1j], dtype=np.float64)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({j}, int8), "np.array([1j], dtype=np.int8)", {});
  EXPECT_RAISES_LIKE_NUMPY(array({uint64_t{1} << 63}, int64), "np.array([2**63], dtype=np.int64)", {});
  try {
    array({{1, 2}, {3}});
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("inhomogeneous shape after 1 dimensions. The detected shape was (2,)"),
              std::string::npos) << e.what();
  }
}

// Broadcasting: result shapes of elementwise ops equal NumPy's; incompatible shapes raise ValueError.
#include <gtest/gtest.h>

#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;

namespace {
std::string py_shape(const Shape& s) { return shape_str(s); }

Tensor np_arange(const Shape& s, const char* dtype = "float64") {
  return oracle::eval_tensor("np.arange(np.prod(" + py_shape(s) + ", dtype=int), dtype='" + dtype +
                             "').reshape(" + py_shape(s) + ")");
}

const std::vector<std::pair<Shape, Shape>> kPairs = {
    {{}, {}},           {{}, {3}},           {{3}, {}},          {{3}, {3}},
    {{1}, {3}},         {{3, 1}, {4}},       {{3, 1}, {1, 4}},   {{2, 3, 4}, {3, 1}},
    {{0}, {1}},         {{0}, {}},           {{1, 0, 3}, {5, 1, 1}}, {{2, 1, 3}, {4, 1}},
    {{5, 1, 4, 1}, {3, 1, 2}}, {{1, 1, 1, 1, 1, 1}, {7}}, {{3}, {4}},     {{2, 3}, {3, 2}},
    {{0}, {2}},         {{2, 3, 4}, {2, 4}}, {{1, 2}, {3, 1, 3}},
};
}  // namespace

TEST(Broadcasting, ShapesAndValuesMatchNumpyOrRaiseLikeIt) {
  for (const auto& [sa, sb] : kPairs) {
    Tensor a = np_arange(sa), b = np_arange(sb, "int32");
    std::string expr = "a + b";
    auto want = oracle::eval(expr, {{"a", a}, {"b", b}});
    if (want.error) {
      EXPECT_RAISES_LIKE_NUMPY(add(a, b), expr, (oracle::Args{{"a", a}, {"b", b}}));
      try {
        add(a, b);
      } catch (const ValueError& e) {  // the message names the op and both shapes
        std::string m = e.what();
        EXPECT_EQ(m.rfind("[add]", 0), 0u) << m;
        EXPECT_NE(m.find(py_shape(sa)), std::string::npos) << m;
        EXPECT_NE(m.find(py_shape(sb)), std::string::npos) << m;
      }
    } else {
      EXPECT_TRUE(parity::testing::same_array(add(a, b), want.values[0]))
          << py_shape(sa) << " + " << py_shape(sb);
    }
  }
}

TEST(Broadcasting, BroadcastToIsAZeroStrideView) {
  Tensor a = np_arange({3, 1});
  Tensor v = a.broadcast_to({2, 3, 4});
  EXPECT_TRUE(v.shares_storage(a));
  EXPECT_TRUE(matches_numpy(v, "np.broadcast_to(a, (2, 3, 4))", {{"a", a}}));
  auto want = oracle::eval("np.broadcast_to(a, (2, 3, 4)).strides", {{"a", a}});
  ASSERT_FALSE(want.error);
  ASSERT_EQ(want.values.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(v.byte_strides()[i], want.values[i].item<int64_t>());
  EXPECT_RAISES_LIKE_NUMPY(a.broadcast_to({4, 2}), "np.broadcast_to(a, (4, 2))", (oracle::Args{{"a", a}}));
  EXPECT_RAISES_LIKE_NUMPY(a.broadcast_to({1}), "np.broadcast_to(a, (1,))", (oracle::Args{{"a", a}}));
}

TEST(Broadcasting, OutputOperandDoesNotBroadcast) {
  Tensor a = np_arange({3}), b = np_arange({2, 3});
  Tensor out = np_arange({3});
  EXPECT_RAISES_LIKE_NUMPY(add(a, b, out), "np.add(a, b, out=o)", (oracle::Args{{"a", a}, {"b", b}, {"o", out}}));
  Tensor big = np_arange({2, 3});
  add(a, a, big);  // inputs broadcast into a larger out, as in NumPy
  EXPECT_TRUE(matches_numpy(big, "np.add(a, a, out=np.zeros((2, 3)))", {{"a", a}}));
}

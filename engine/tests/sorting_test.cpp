// Sorting, searching, sets and take: what the generated suites cannot express (stability with
// ties spelled out, the in-place method, the sorter checks, gradients through the permutation,
// argmax/argmin's first NaN, nonzero), against NumPy or worked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "parity/autograd.h"
#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<int64_t> ints(const Tensor& t) {
  std::vector<int64_t> v;
  for (double d : t.to_double_vector()) v.push_back(static_cast<int64_t>(d));
  return v;
}
}  // namespace

TEST(Sorting, ArgsortIsStableWithTies) {
  Tensor x = asarray(std::vector<int64_t>{2, 1, 2, 1, 0, 2, 1});
  EXPECT_EQ(ints(argsort(x)), (std::vector<int64_t>{4, 1, 3, 6, 0, 2, 5}));
  // Descending, stable (the Array API's): equal elements keep their order.
  EXPECT_EQ(ints(argsort(x, -1, true, true)), (std::vector<int64_t>{0, 2, 5, 1, 3, 6, 4}));
  EXPECT_TRUE(matches_numpy(argsort(x), "np.argsort(x, kind='stable')", {{"x", x}}));
}

TEST(Sorting, SignedZerosAreEqualAndKeepTheirOrder) {
  Tensor x = asarray(std::vector<double>{0.0, -0.0, 0.0, -0.0});
  Tensor s = sort(x);
  std::vector<double> v = s.to_double_vector();
  EXPECT_FALSE(std::signbit(v[0]));
  EXPECT_TRUE(std::signbit(v[1]));
  EXPECT_FALSE(std::signbit(v[2]));
  EXPECT_TRUE(std::signbit(v[3]));
}

TEST(Sorting, NaNOrderMatchesNumPy) {
  Tensor x = asarray(std::vector<std::complex<double>>{
      {kNaN, 1}, {1, kNaN}, {kNaN, kNaN}, {1, 1}, {kNaN, 0}, {0, kNaN}, {INFINITY, kNaN}, {1, 0}, {-INFINITY, 2}});
  EXPECT_TRUE(matches_numpy(argsort(x), "np.argsort(x, kind='stable')", {{"x", x}}));
  Tensor f = asarray(std::vector<double>{kNaN, 1, -INFINITY, kNaN, 0, INFINITY});
  EXPECT_TRUE(matches_numpy(sort(f), "np.sort(x)", {{"x", f}}));
  EXPECT_TRUE(matches_numpy(argsort(f, -1, true, true), "np.array([0, 3, 5, 1, 4, 2])", {}));
}

TEST(Sorting, MethodSortsInPlace) {
  Tensor x = asarray(std::vector<double>{3, 1, 2, 0, 5, 4}).reshape({2, 3});
  void* p = x.data_ptr();
  Tensor& r = x.sort(0);
  EXPECT_EQ(&r, &x);
  EXPECT_EQ(x.data_ptr(), p);
  EXPECT_EQ(x.to_double_vector(), (std::vector<double>{0, 1, 2, 3, 5, 4}));
  Tensor ro = asarray(std::vector<double>{2, 1}).setflags(false);
  EXPECT_THROW(ro.sort(), ValueError);
}

TEST(Sorting, SortGradientFollowsThePermutation) {
  Tensor x = asarray(std::vector<double>{3, 1, 2});
  x.requires_grad_();
  Tensor s = sort(x, -1, true, true);  // [3, 2, 1]
  s.backward(asarray(std::vector<double>{10, 20, 30}));
  EXPECT_EQ(x.grad().to_double_vector(), (std::vector<double>{10, 30, 20}));
}

TEST(Sorting, TakeGradientAddsRepeats) {
  Tensor x = asarray(std::vector<double>{1, 2, 3, 4}).reshape({2, 2});
  x.requires_grad_();
  Tensor t = take(x, asarray(std::vector<int64_t>{3, -1, 0}));
  t.backward(asarray(std::vector<double>{1, 2, 5}));
  EXPECT_EQ(x.grad().to_double_vector(), (std::vector<double>{5, 0, 0, 3}));
  EXPECT_EQ(x.grad().shape(), (Shape{2, 2}));
}

TEST(Sorting, TakeAlongAxisGradientSumsOverBroadcast) {
  Tensor x = asarray(std::vector<double>{1, 2, 3}).reshape({1, 3});
  x.requires_grad_();
  Tensor idx = asarray(std::vector<int64_t>{0, 0, 2, 1}).reshape({2, 2});  // x broadcast on axis 0
  Tensor t = take_along_axis(x, idx, 1);
  EXPECT_EQ(t.to_double_vector(), (std::vector<double>{1, 1, 3, 2}));
  t.backward(ones({2, 2}));
  EXPECT_EQ(x.grad().to_double_vector(), (std::vector<double>{2, 1, 1}));
}

TEST(Sorting, SearchsortedSorterIsChecked) {
  Tensor a = asarray(std::vector<double>{3, 1, 2});
  EXPECT_EQ(ints(searchsorted(a, 2.5, "left", asarray(std::vector<int64_t>{1, 2, 0}))), (std::vector<int64_t>{2}));
  EXPECT_THROW(searchsorted(a, 2.0, "left", asarray(std::vector<int64_t>{1, 2})), ValueError);
  EXPECT_THROW(searchsorted(a, 2.0, "left", asarray(std::vector<int64_t>{1, 2, 5})), ValueError);
  EXPECT_THROW(searchsorted(a, 2.0, "left", asarray(std::vector<double>{1, 2, 0})), TypeError);
  EXPECT_EQ(searchsorted(a, 2.0).ndim(), 0);
}

TEST(Sorting, UniqueKeepsEveryNaN) {
  Tensor x = asarray(std::vector<double>{kNaN, kNaN, 1});
  std::vector<Tensor> u = unique_all(x);
  ASSERT_EQ(u.size(), 4u);
  EXPECT_TRUE(matches_numpy(u[0], "np.array([1., np.nan, np.nan])"));
  EXPECT_EQ(ints(u[1]), (std::vector<int64_t>{2, 0, 1}));
  EXPECT_EQ(ints(u[2]), (std::vector<int64_t>{1, 2, 0}));
  EXPECT_EQ(ints(u[3]), (std::vector<int64_t>{1, 1, 1}));
  EXPECT_EQ(unique_inverse(asarray(Scalar(3.0)))[1].ndim(), 0);  // inverse_indices has x's shape
}

TEST(Sorting, ArgmaxArgminTakeTheFirstNaN) {
  Tensor x = asarray(std::vector<double>{1, kNaN, 5, kNaN, -2});
  EXPECT_EQ(argmax(x).item<int64_t>(), 1);
  EXPECT_EQ(argmin(x).item<int64_t>(), 1);
  Tensor c = asarray(std::vector<std::complex<double>>{{1, 0}, {0, kNaN}, {kNaN, 0}});
  EXPECT_TRUE(matches_numpy(argmax(c), "np.argmax(x)", {{"x", c}}));
  EXPECT_TRUE(matches_numpy(argmin(c), "np.argmin(x)", {{"x", c}}));
  Tensor m = asarray(std::vector<double>{3, 1, kNaN, 2, kNaN, 0}).reshape({2, 3});
  EXPECT_TRUE(matches_numpy(argmax(m, 1), "np.argmax(x, axis=1)", {{"x", m}}));
  EXPECT_TRUE(matches_numpy(argmin(m, 0), "np.argmin(x, axis=0)", {{"x", m}}));
}

TEST(Sorting, NonzeroMatchesNumPy) {
  Tensor m = asarray(std::vector<double>{0, 1, kNaN, -0.0, 2, 0}).reshape({2, 3});
  std::vector<Tensor> nz = nonzero(m);
  ASSERT_EQ(nz.size(), 2u);
  EXPECT_TRUE(matches_numpy(nz[0], "np.nonzero(x)[0]", {{"x", m}}));
  EXPECT_TRUE(matches_numpy(nz[1], "np.nonzero(x)[1]", {{"x", m}}));
  EXPECT_EQ(ints(nz[0]), (std::vector<int64_t>{0, 0, 1}));
  EXPECT_EQ(ints(nz[1]), (std::vector<int64_t>{1, 2, 1}));
}

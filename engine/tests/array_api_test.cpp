// The Array API functions and names (engine/src/ops/array_api.cpp, engine/src/linalg/products.cpp,
// the standard's aliases) where the OpInfo suites cannot reach: kinds given as tuples, the finfo /
// iinfo structs, nextafter's 16-bit steps, C++ overloads and the aliases' names. Expected values
// from NumPy (the oracle).
#include <gtest/gtest.h>

#include "parity/linalg.h"
#include "parity/op_record.h"
#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;

TEST(ArrayApi, StandardNamesAreAliasesOfTheUfuncs) {
  const std::vector<std::pair<const char*, const char*>> names = {
      {"acos", "arccos"},   {"asin", "arcsin"},   {"atan", "arctan"},   {"atan2", "arctan2"},
      {"acosh", "arccosh"}, {"asinh", "arcsinh"}, {"atanh", "arctanh"}, {"pow", "power"},
      {"bitwise_invert", "invert"}, {"bitwise_left_shift", "left_shift"}, {"bitwise_right_shift", "right_shift"},
      {"linalg.tensordot", "tensordot"}, {"linalg.vecdot", "vecdot"}, {"linalg.matrix_transpose", "matrix_transpose"}};
  for (auto [alias, op] : names) {
    const OpRecord* r = find_op_record(alias);
    ASSERT_NE(r, nullptr) << alias;
    EXPECT_EQ(r->name, op) << alias;
  }
  Tensor x = asarray(std::vector<double>{0.25, -0.5});
  Tensor i = asarray(std::vector<int64_t>{1, 6});
  EXPECT_TRUE(matches_numpy(acos(x), "np.arccos(x)", {{"x", x}}, 0));
  EXPECT_TRUE(matches_numpy(atan2(x, x), "np.arctan2(x, x)", {{"x", x}}, 0));
  EXPECT_TRUE(matches_numpy(pow(x, 3), "np.power(x, 3)", {{"x", x}}, 0));
  EXPECT_TRUE(matches_numpy(bitwise_invert(i), "np.invert(i)", {{"i", i}}));
  EXPECT_TRUE(matches_numpy(bitwise_left_shift(i, i), "np.left_shift(i, i)", {{"i", i}}));
  EXPECT_TRUE(matches_numpy(permute_dims(x.reshape({1, 2}), {1, 0}), "np.permute_dims(x.reshape(1, 2), (1, 0))", {{"x", x}}));
  EXPECT_TRUE(matches_numpy(concat({x, x}), "np.concat((x, x))", {{"x", x}}));
}

TEST(ArrayApi, IsdtypeKindsAndTuples) {
  for (DType d : kAllDTypes) {
    if (d == bfloat16) continue;
    const std::string nd = std::string("np.") + name(d);
    SCOPED_TRACE(name(d));
    EXPECT_EQ(isdtype(d, std::vector<DTypeKind>{"bool", int8}),
              parity::testing::numpy_value("np.isdtype(" + nd + ", ('bool', np.int8))").item<bool>());
    EXPECT_EQ(isdtype(d, std::vector<DTypeKind>{"unsigned integer", "complex floating"}),
              parity::testing::numpy_value("np.isdtype(" + nd + ", ('unsigned integer', 'complex floating'))").item<bool>());
    EXPECT_EQ(isdtype(d, float64), parity::testing::numpy_value("np.isdtype(" + nd + ", np.float64)").item<bool>());
  }
  EXPECT_THROW(isdtype(bfloat16, "numeric"), TypeError);
  EXPECT_THROW(isdtype(int8, std::vector<DTypeKind>{"bool", "nope"}), ValueError);
}

TEST(ArrayApi, FinfoAndIinfoMatchNumpy) {
  for (DType d : {float16, float32, float64, complex64, complex128, bfloat16}) {
    SCOPED_TRACE(name(d));
    const FInfo f = finfo(d);
    const std::string fi = std::string("__import__('ml_dtypes').finfo(") +
                           (d == bfloat16 ? std::string("bfloat16") : std::string("np.") + name(d)) + ")";
    EXPECT_EQ(f.bits, parity::testing::numpy_value(fi + ".bits").item<int64_t>());
    EXPECT_EQ(parity::testing::numpy_value("np.array(0, dtype=" + fi + ".dtype)").dtype(), f.dtype);
    for (auto [field, v] : {std::pair{"eps", f.eps}, {"max", f.max}, {"min", f.min},
                            {"smallest_normal", f.smallest_normal}, {"resolution", f.resolution}})
      EXPECT_TRUE(matches_numpy(full({}, v, f.dtype), "np.asarray(" + fi + "." + field + ", dtype=" + fi + ".dtype)", {}, 0))
          << field;
  }
  for (DType d : {int8, int16, int32, int64, uint8, uint16, uint32, uint64}) {
    SCOPED_TRACE(name(d));
    const IInfo i = iinfo(d);
    const std::string ii = std::string("np.iinfo(np.") + name(d) + ")";
    EXPECT_EQ(i.bits, parity::testing::numpy_value(ii + ".bits").item<int64_t>());
    EXPECT_TRUE(matches_numpy(full({}, Scalar(i.min), d), "np.asarray(" + ii + ".min, dtype=np." + name(d) + ")"));
    EXPECT_TRUE(matches_numpy(full({}, Scalar(i.max), d), "np.asarray(" + ii + ".max, dtype=np." + name(d) + ")"));
  }
  EXPECT_THROW(finfo(int32), ValueError);
  EXPECT_THROW(iinfo(bool_), ValueError);
  EXPECT_THROW(iinfo(float32), ValueError);
}

// 16-bit floats step in their own bits (not through float32), from zero to the smallest
// subnormal, and at the largest finite value to inf.
TEST(ArrayApi, NextafterStepsIn16BitFloats) {
  const std::string a = "[0., -0., 0., 1., -1., 1., 65504., -65504., 6e-8, 1e-4]";
  const std::string b = "[1., -1., -1., 0., 0., 2., np.inf, 0., 0., 1.]";
  for (DType d : {float16, bfloat16, float32, float64}) {
    SCOPED_TRACE(name(d));
    const std::string nd = d == bfloat16 ? "bfloat16" : std::string("np.") + name(d);
    Tensor x = parity::testing::numpy_value("np.array(" + a + ", dtype=" + nd + ")");
    Tensor y = parity::testing::numpy_value("np.array(" + b + ", dtype=" + nd + ")");
    EXPECT_TRUE(matches_numpy(nextafter(x, y), "np.nextafter(x, y)", {{"x", x}, {"y", y}}, 0));
  }
}

TEST(ArrayApi, MatrixPowerNegativeInvertsAndSingularRaises) {
  Tensor a = eye(3);
  EXPECT_TRUE(matches_numpy(linalg::matrix_power(a * 2.0, -2), "np.linalg.matrix_power(2 * np.eye(3), -2)"));
  EXPECT_THROW(linalg::matrix_power(zeros({2, 2}), -1), LinAlgError);  // NumPy: "Singular matrix"
  EXPECT_TRUE(matches_numpy(linalg::matrix_power(a * 2.0, 10), "np.linalg.matrix_power(2 * np.eye(3), 10)"));
}

TEST(ArrayApi, RollTensordotOverloads) {
  Tensor x = arange(Scalar(int64_t{12})).reshape({3, 4});
  EXPECT_TRUE(matches_numpy(roll(x, 5), "np.roll(x, 5)", {{"x", x}}));
  AxisList ax;
  ax.push_back(0);
  ax.push_back(1);
  EXPECT_TRUE(matches_numpy(roll(x, {1, -3}, ax), "np.roll(x, (1, -3), axis=(0, 1))", {{"x", x}}));
  EXPECT_TRUE(matches_numpy(tensordot(x, x, {0, 1}, {0, 1}), "np.tensordot(x, x, axes=([0, 1], [0, 1]))", {{"x", x}}));
  EXPECT_TRUE(matches_numpy(linalg::tensordot(x, x.T(), 1), "np.linalg.tensordot(x, x.T, axes=1)", {{"x", x}}));
  EXPECT_TRUE(matches_numpy(linalg::vecdot(x, x), "np.linalg.vecdot(x, x)", {{"x", x}}));
}

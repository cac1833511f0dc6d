// result_type and can_cast against numpy.result_type / numpy.can_cast, for all 15x15 dtype pairs
// and the weak-scalar (NEP 50) cases.
#include <gtest/gtest.h>

#include "parity/promotion.h"
#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;

namespace {
std::string np_dtype(DType d) {
  return d == DType::BFloat16 ? "np.dtype(bfloat16)" : std::string("np.dtype('") + name(d) + "')";
}
}  // namespace

TEST(ResultType, AllDTypePairsMatchNumpy) {
  int checked = 0;
  for (DType a : kAllDTypes)
    for (DType b : kAllDTypes) {
      auto o = oracle::eval("np.result_type(" + np_dtype(a) + ", " + np_dtype(b) + ")");
      if (o.error) {
        EXPECT_THROW(promote_types(a, b), DTypePromotionError) << name(a) << " + " << name(b);
      } else {
        EXPECT_EQ(name(promote_types(a, b)), name(o.values[0].dtype())) << name(a) << " + " << name(b);
        EXPECT_EQ(name(result_type({a, b})), name(o.values[0].dtype()));
      }
      ++checked;
    }
  EXPECT_EQ(checked, 225);
}

TEST(ResultType, WeakScalarsMatchNumpy) {
  struct W { const char* py; DTypeOperand op; };
  const W weak[] = {{"True", DTypeOperand(true)}, {"1", DTypeOperand(int64_t{1})},
                    {"-1", DTypeOperand(-1)},    {"1.0", DTypeOperand(1.0)},
                    {"1j", DTypeOperand(std::complex<double>(0, 1))}};
  for (DType a : kAllDTypes)
    for (const auto& w : weak) {
      if (a == DType::BFloat16 && std::string(w.py) == "1.0") continue;  // declared discrepancy below
      auto o = oracle::eval("np.result_type(np.ones(1, " + np_dtype(a) + "), " + w.py + ")");
      if (o.raised("OverflowError")) {
        EXPECT_THROW(result_type({a, w.op}), OverflowError) << name(a) << " + " << w.py;
      } else if (o.error) {
        EXPECT_THROW(result_type({a, w.op}), Error) << name(a) << " + " << w.py;
      } else {
        EXPECT_EQ(name(result_type({a, w.op})), name(o.values[0].dtype())) << name(a) << " + " << w.py;
      }
    }
}

// Declared discrepancy: ml_dtypes gives bfloat16 + Python float -> float64; we keep bfloat16, as
// a float16 array does in NumPy (and as JAX and PyTorch do).
TEST(ResultType, BFloat16WithPythonFloatStaysBFloat16) {
  EXPECT_EQ(result_type({bfloat16, 1.0}), bfloat16);
}

TEST(ResultType, WeakIntOutOfBoundsIsOverflowError) {
  for (DType a : {uint8, int8, int16, uint16, int32, uint32}) {
    std::string arr = "np.ones(1, np.dtype('" + std::string(name(a)) + "'))";
    Tensor x = oracle::eval_tensor(arr);
    EXPECT_RAISES_LIKE_NUMPY(add(x, int64_t{300000000000}), arr + " + 300000000000", {});
    EXPECT_RAISES_LIKE_NUMPY(add(x, -300000000000), arr + " + -300000000000", {});
  }
  Tensor u8 = oracle::eval_tensor("np.ones(1, np.uint8)");
  EXPECT_THROW(add(u8, 300), OverflowError);
  EXPECT_THROW(add(u8, -1), OverflowError);
  EXPECT_EQ(add(u8, 255).dtype(), uint8);
  EXPECT_TRUE(matches_numpy(add(u8, 255), "np.ones(1, np.uint8) + 255"));  // wraps to 0
}

TEST(ResultType, ScalarsAloneUseDefaultDTypes) {
  for (auto [py, op] : std::vector<std::pair<std::string, DTypeOperand>>{
           {"1", DTypeOperand(1)}, {"1.0", DTypeOperand(1.0)}, {"True", DTypeOperand(true)},
           {"1j", DTypeOperand(std::complex<double>(0, 1))}}) {
    auto want = oracle::eval("np.asarray(" + py + ").dtype");
    EXPECT_EQ(name(result_type({op})), name(want.values[0].dtype())) << py;
  }
}

TEST(CanCast, AllPairsAndRulesMatchNumpy) {
  for (auto rule : {Casting::no, Casting::equiv, Casting::safe, Casting::same_kind, Casting::unsafe})
    for (DType a : kAllDTypes)
      for (DType b : kAllDTypes) {
        auto o = oracle::eval("np.array(np.can_cast(" + np_dtype(a) + ", " + np_dtype(b) + ", '" +
                              to_string(rule) + "'))");
        ASSERT_FALSE(o.error);
        EXPECT_EQ(can_cast(a, b, rule), o.values[0].item<bool>())
            << name(a) << " -> " << name(b) << " " << to_string(rule);
      }
}

TEST(PromotionModes, AllIsAJaxStyleLattice) {
  PromotionScope s(PromotionMode::all);
  // Values from mathematics of the lattice (JAX's table): ints flow into any float.
  EXPECT_EQ(promote_types(int64, float16), float16);
  EXPECT_EQ(promote_types(int32, float32), float32);
  EXPECT_EQ(promote_types(int64, uint64), float64);
  EXPECT_EQ(promote_types(float16, bfloat16), float32);
  EXPECT_EQ(promote_types(int8, uint8), int16);
  EXPECT_EQ(promote_types(float64, complex64), complex128);
  EXPECT_EQ(result_type({int32, 1.0}), float64);
}

TEST(PromotionModes, SafeRefusesLossyPromotions) {
  PromotionScope s(PromotionMode::safe);
  EXPECT_THROW(promote_types(int64, float16), DTypePromotionError);
  EXPECT_THROW(promote_types(int32, float16), DTypePromotionError);
  EXPECT_EQ(promote_types(int64, uint64), float64);  // NumPy counts int64 -> float64 as safe
  EXPECT_EQ(promote_types(int8, float32), float32);
  EXPECT_EQ(promote_types(float32, float64), float64);
}

TEST(PromotionModes, NoneRefusesMixedDTypes) {
  PromotionScope s(PromotionMode::none);
  EXPECT_THROW(promote_types(int32, int64), TypeError);
  EXPECT_EQ(promote_types(float32, float32), float32);
  EXPECT_EQ(result_type({int32, 1}), int32);
  EXPECT_THROW(result_type({int32, 1.5}), TypeError);
}

TEST(PromotionModes, PreferFloat32ChangesFloatLiterals) {
  {
    PromotionScope s(PromotionMode::numpy, /*prefer_f32=*/true);
    EXPECT_EQ(result_type({1.0}), float32);
    EXPECT_EQ(result_type({1.0, 2.0}), float32);
    EXPECT_EQ(result_type({int32, 1.0}), float32);
    EXPECT_EQ(result_type({float64, 1.0}), float64);
  }
  EXPECT_EQ(result_type({1.0}), float64);
}

TEST(PromotionModes, UfuncsFollowTheMode) {
  Tensor i32 = oracle::eval_tensor("np.ones(2, np.int32)");
  Tensor i64 = oracle::eval_tensor("np.ones(2, np.int64)");
  Tensor f16 = oracle::eval_tensor("np.ones(2, np.float16)");
  EXPECT_EQ(add(i32, f16).dtype(), float64);  // numpy (the table: int32 + float16 -> float64)
  {
    PromotionScope s(PromotionMode::all);
    EXPECT_EQ(add(i32, f16).dtype(), float16);
    EXPECT_EQ(add(i32, i64).dtype(), int64);
  }
  {
    PromotionScope s(PromotionMode::safe);
    EXPECT_THROW(add(i32, f16), TypeError);
    EXPECT_EQ(multiply(i32, i64).dtype(), int64);
  }
  {
    PromotionScope s(PromotionMode::none);
    EXPECT_THROW(add(i32, i64), TypeError);
    EXPECT_THROW(add(i32, 1.5), TypeError);
    EXPECT_EQ(add(i32, 1).dtype(), int32);
    EXPECT_EQ(add(i32, i32).dtype(), int32);
  }
  {
    PromotionScope s(PromotionMode::numpy, /*prefer_f32=*/true);
    EXPECT_EQ(add(f16, 1.5).dtype(), float16);
    EXPECT_EQ(add(1.0, 2.0).dtype(), float32);  // tnp.add(1., 2.) with prefer_float32
  }
}

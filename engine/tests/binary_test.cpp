// The binary elementwise ops, where, nonzero and clip against NumPy (the oracle): result dtypes
// for all dtype pairs and weak scalars, values on special inputs for every op and dtype,
// broadcasting, strided views, in-place and out= forms.
#include <gtest/gtest.h>

#include "parity/ops.h"
#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;
using parity::testing::same_array;

namespace {
using BinaryFn = Tensor (*)(const ArrayLike&, const ArrayLike&, OutArg);
struct Op {
  const char* np;  // NumPy's name
  BinaryFn fn;
};
const Op kOps[] = {
    {"add", &add}, {"subtract", &subtract}, {"multiply", &multiply}, {"divide", &divide},
    {"floor_divide", &floor_divide}, {"remainder", &remainder}, {"fmod", &fmod}, {"power", &power},
    {"maximum", &maximum}, {"minimum", &minimum}, {"fmax", &fmax}, {"fmin", &fmin},
    {"arctan2", &arctan2}, {"hypot", &hypot}, {"copysign", &copysign}, {"logaddexp", &logaddexp},
    {"equal", &equal}, {"not_equal", &not_equal}, {"less", &less}, {"less_equal", &less_equal},
    {"greater", &greater}, {"greater_equal", &greater_equal}, {"logical_and", &logical_and},
    {"logical_or", &logical_or}, {"logical_xor", &logical_xor}, {"bitwise_and", &bitwise_and},
    {"bitwise_or", &bitwise_or}, {"bitwise_xor", &bitwise_xor}, {"left_shift", &left_shift},
    {"right_shift", &right_shift}};

std::string np_dtype(DType d) {
  return d == DType::BFloat16 ? "bfloat16" : std::string("np.") + name(d);
}
double rtol_for(DType d) {
  switch (d) {
    case DType::Float16: return 1e-3;
    case DType::BFloat16: return 1e-2;
    case DType::Float32: case DType::Complex64: return 2e-6;
    default: return 1e-12;
  }
}
// Calls the engine; an exception becomes its Python class name.
std::string run(const std::function<Tensor()>& f, Tensor* got) {
  try {
    *got = f();
    return "";
  } catch (const Error& e) {
    return e.py_class();
  }
}
// Compares an engine call with a NumPy expression: same error class, or same dtype/shape/values.
::testing::AssertionResult like_numpy(const std::function<Tensor()>& f, const std::string& expr,
                                      const oracle::Args& args, double rtol = -1, double atol = 0) {
  auto o = oracle::eval(expr, args);
  Tensor got;
  std::string err = run(f, &got);
  if (o.error) {
    if (err.empty())
      return ::testing::AssertionFailure() << expr << ": NumPy raised " << o.error_class << ", engine did not";
    if (!o.raised(err))
      return ::testing::AssertionFailure() << expr << ": engine raised " << err << ", NumPy " << o.error_class;
    return ::testing::AssertionSuccess();
  }
  if (!err.empty())
    return ::testing::AssertionFailure() << expr << ": engine raised " << err << ", NumPy returned";
  const Tensor& want = o.values.at(0);
  double tol = rtol >= 0 ? rtol : rtol_for(want.dtype());
  auto r = same_array(got, want, tol, atol);
  if (!r) r << "\n  NumPy: " << expr;
  return r;
}

// Special values per dtype, made by NumPy (wrap-around for integers, overflow to inf for floats).
std::string special_values(DType d) {
  const std::string dt = np_dtype(d);
  if (d == DType::Bool) return "np.array([False, True])";
  if (is_integer(d))
    return "np.concatenate([np.array([0, 1, -1, 2, -2, 3, 7, -7, 100], np.int64).astype(" + dt +
           "), np.array([np.iinfo(" + dt + ").min, np.iinfo(" + dt + ").max, np.iinfo(" + dt +
           ").min + 1], " + dt + ")])";
  if (is_complex(d))
    return "np.array([0, 1, -1, 1j, 1+1j, -2.5+0.5j, complex(np.nan, 0), complex(0, np.nan), "
           "np.inf, complex(np.inf, 1), 2, 0.5-3j, -0.0], " + dt + ")";
  const std::string fi = (d == DType::BFloat16 ? "ml_dtypes.finfo(" : "np.finfo(") + dt + ")";
  return "np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1, -1, 2.5, -2.5, 7, -7, 0.5, 3, 1000, -1000, " +
         fi + ".max, -" + fi + ".max, " + fi + ".smallest_subnormal, " + fi + ".tiny], " + dt + ")";
}
}  // namespace

TEST(BinaryDTypes, AllPairsMatchNumpyForEveryOp) {
  std::vector<Tensor> ones;
  for (DType d : kAllDTypes) ones.push_back(oracle::eval_tensor("np.ones(2, " + np_dtype(d) + ")"));
  for (const Op& op : kOps)
    for (int i = 0; i < kNumDTypes; ++i)
      for (int j = 0; j < kNumDTypes; ++j) {
        const Tensor &a = ones[i], &b = ones[j];
        EXPECT_TRUE(like_numpy([&] { return op.fn(a, b, {}); }, std::string("np.") + op.np + "(a, b)",
                               {{"a", a}, {"b", b}}))
            << op.np << "(" << name(kAllDTypes[i]) << ", " << name(kAllDTypes[j]) << ")";
      }
}

TEST(BinaryDTypes, WeakScalarsMatchNumpy) {
  struct W { const char* py; Scalar s; };
  const W weak[] = {{"True", Scalar(true)},  {"2", Scalar(2)},          {"-1", Scalar(-1)},
                    {"300", Scalar(300)},    {"2.5", Scalar(2.5)},       {"1j", Scalar(std::complex<double>(0, 1))},
                    {"2**63", Scalar(uint64_t{1} << 63)}};
  for (DType d : kAllDTypes) {
    Tensor a = oracle::eval_tensor("np.array([1, 3], " + np_dtype(d) + ")");
    for (const Op& op : kOps)
      for (const W& w : weak) {
        // Declared discrepancy (promotion_test): bfloat16 with a Python float stays bfloat16.
        if (d == DType::BFloat16 && std::string(w.py) == "2.5") continue;
        // ml_dtypes cannot convert a Python int above INT64_MAX ("expected number, got int").
        if (d == DType::BFloat16 && std::string(w.py) == "2**63") continue;
        std::string np = std::string("np.") + op.np;
        EXPECT_TRUE(like_numpy([&] { return op.fn(a, w.s, {}); }, np + "(a, " + w.py + ")", {{"a", a}}))
            << name(d);
        EXPECT_TRUE(like_numpy([&] { return op.fn(w.s, a, {}); }, np + "(" + w.py + ", a)", {{"a", a}}))
            << name(d);
      }
  }
}

TEST(BinaryValues, SpecialValuesMatchNumpyForEveryOpAndDType) {
  for (DType d : kAllDTypes) {
    Tensor v = oracle::eval_tensor(special_values(d));
    const int64_t n = v.shape(0);
    Tensor a = v.reshape({n, 1}), b = v.reshape({1, n});
    for (const Op& op : kOps) {
      std::string np = std::string("np.") + op.np;
      Tensor bb = b;
      // Integer power: only non-negative exponents here (negative ones raise, tested below).
      if (std::string(op.np) == "power" && is_integer(d))
        bb = oracle::eval_tensor("np.array([[0, 1, 2, 3, 7, 31, 64, 100]], " + np_dtype(d) + ")");
      if ((std::string(op.np) == "left_shift" || std::string(op.np) == "right_shift") && is_integer(d))
        bb = oracle::eval_tensor("np.array([[0, 1, 3, 7, 8, 15, 16, 31, 32, 63, 64, 65, 100, -1, -8]], np.int64)"
                                 ".astype(" + np_dtype(d) + ")");
      double atol = is_complex(d) ? rtol_for(d) : 0;  // tiny parts of complex powers
      EXPECT_TRUE(like_numpy([&] { return op.fn(a, bb, {}); }, np + "(a, b)", {{"a", a}, {"b", bb}}, -1, atol))
          << op.np << " " << name(d);
    }
  }
}

TEST(BinaryValues, IntegerDivisionEdgesDoNotTrap) {
  for (DType d : {int8, int16, int32, int64}) {
    std::string dt = np_dtype(d);
    Tensor a = oracle::eval_tensor("np.array([np.iinfo(" + dt + ").min, 7, -7, 0], " + dt + ")");
    Tensor b = oracle::eval_tensor("np.array([-1, 0, 0, 0], " + dt + ")");
    for (const char* op : {"floor_divide", "remainder", "fmod"}) {
      BinaryFn f = std::string(op) == "floor_divide" ? BinaryFn(&parity::floor_divide)
                   : std::string(op) == "remainder" ? BinaryFn(&parity::remainder) : BinaryFn(&parity::fmod);
      EXPECT_TRUE(like_numpy([&] { return f(a, b, {}); }, std::string("np.") + op + "(a, b)", {{"a", a}, {"b", b}}));
    }
  }
}

TEST(BinaryValues, NegativeIntegerPowerRaisesValueError) {
  Tensor i8 = oracle::eval_tensor("np.array([1, -2], np.int8)");
  Tensor e = oracle::eval_tensor("np.array([2, -1], np.int8)");
  Tensor u8 = oracle::eval_tensor("np.array([1, 2], np.uint8)");
  const oracle::Args args = {{"i8", i8}, {"e", e}, {"u8", u8}};
  EXPECT_RAISES_LIKE_NUMPY(power(i8, e), "np.power(i8, e)", args);
  EXPECT_RAISES_LIKE_NUMPY(power(i8, -1), "np.power(i8, -1)", args);
  EXPECT_RAISES_LIKE_NUMPY(power(u8, -1), "np.power(u8, -1)", args);  // OverflowError
  EXPECT_RAISES_LIKE_NUMPY(power(2, -1), "np.power(2, -1)", args);
  try {
    power(i8, -1);
  } catch (const ValueError& err) {
    EXPECT_NE(std::string(err.what()).find("Integers to negative integer powers are not allowed."), std::string::npos);
  }
  EXPECT_TRUE(like_numpy([&] { return power(i8, 2.0); }, "np.power(i8, 2.0)", args));
  EXPECT_TRUE(like_numpy([&] { return power(e, 0); }, "np.power(e, 0)", args));
}

TEST(BinaryValues, StableAndSignedZeroFloatOps) {
  Tensor x = oracle::eval_tensor("np.array([1000., -np.inf, np.inf, -np.inf, 0.0, -0.0, 0.0, -0.0])");
  Tensor y = oracle::eval_tensor("np.array([1000., -np.inf, -np.inf, 5.0, -0.0, 0.0, 0.0, -0.0])");
  for (const Op& op : kOps) {
    std::string n = op.np;
    if (n != "logaddexp" && n != "arctan2" && n != "hypot" && n != "copysign") continue;
    EXPECT_TRUE(like_numpy([&] { return op.fn(x, y, {}); }, "np." + n + "(x, y)", {{"x", x}, {"y", y}}));
    // Signs of zeros and infinities: compare signbit too.
    Tensor got = op.fn(x, y, {});
    auto g = got.to_double_vector();
    Tensor want = oracle::eval_tensor("np." + n + "(x, y)", {{"x", x}, {"y", y}});
    auto w = want.to_double_vector();
    for (size_t i = 0; i < g.size(); ++i)
      if (!std::isnan(w[i])) {
        EXPECT_EQ(std::signbit(g[i]), std::signbit(w[i])) << n << " element " << i;
      }
  }
}

TEST(BinaryCompare, OutOfRangePythonIntsDoNotRaise) {
  Tensor u8 = oracle::eval_tensor("np.array([0, 1, 255], np.uint8)");
  Tensor i64 = oracle::eval_tensor("np.array([1, -1], np.int64)");
  Tensor u64 = oracle::eval_tensor("np.array([1, 2**64 - 1], np.uint64)");
  const oracle::Args args = {{"u8", u8}, {"i64", i64}, {"u64", u64}};
  const std::pair<std::string, Scalar> cases[] = {
      {"300", Scalar(300)}, {"-1", Scalar(-1)}, {"2**63", Scalar(uint64_t{1} << 63)}, {"-2**63", Scalar(INT64_MIN)}};
  for (const Op& op : kOps) {
    std::string n = op.np;
    if (n != "equal" && n != "not_equal" && n != "less" && n != "less_equal" && n != "greater" &&
        n != "greater_equal")
      continue;
    for (const auto& [py, s] : cases)
      for (const char* arr : {"u8", "i64", "u64"}) {
        const Tensor& t = std::string(arr) == "u8" ? u8 : std::string(arr) == "i64" ? i64 : u64;
        EXPECT_TRUE(like_numpy([&] { return op.fn(t, s, {}); }, "np." + n + "(" + arr + ", " + py + ")", args));
        EXPECT_TRUE(like_numpy([&] { return op.fn(s, t, {}); }, "np." + n + "(" + py + ", " + arr + ")", args));
      }
  }
  // int64 against uint64 compares exactly (the 'qQ->?' loop), not through float64.
  Tensor a = oracle::eval_tensor("np.array([2**62 + 1, -1, 2**53 + 1])");
  Tensor b = oracle::eval_tensor("np.array([2**62, 2**64 - 1, 2**53], np.uint64)");
  for (const Op& op : kOps) {
    std::string n = op.np;
    if (n.find("equal") == std::string::npos && n != "less" && n != "greater") continue;
    EXPECT_TRUE(like_numpy([&] { return op.fn(a, b, {}); }, "np." + n + "(a, b)", {{"a", a}, {"b", b}}));
    EXPECT_TRUE(like_numpy([&] { return op.fn(b, a, {}); }, "np." + n + "(b, a)", {{"a", a}, {"b", b}}));
  }
  // out= of another dtype receives the cast booleans.
  Tensor o = oracle::eval_tensor("np.zeros(3, np.int8)");
  equal(u8, 300, o);
  EXPECT_TRUE(matches_numpy(o, "np.equal(u8, 300, out=np.zeros(3, np.int8))", args));
}

TEST(BinaryLogical, MixedDTypesAndLargeIntsCastToBool) {
  Tensor u8 = oracle::eval_tensor("np.array([0, 1, 255], np.uint8)");
  Tensor bf = oracle::eval_tensor("np.array([0, 1.5, np.nan], bfloat16)");
  Tensor i16 = oracle::eval_tensor("np.array([0, 0, 3], np.int16)");
  Tensor c = oracle::eval_tensor("np.array([0j, 1j, 0j])");
  const oracle::Args args = {{"u8", u8}, {"bf", bf}, {"i16", i16}, {"c", c}};
  for (const char* n : {"logical_and", "logical_or", "logical_xor"}) {
    BinaryFn f = std::string(n) == "logical_and" ? BinaryFn(&logical_and) : std::string(n) == "logical_or" ? BinaryFn(&logical_or) : BinaryFn(&logical_xor);
    std::string np = std::string("np.") + n;
    EXPECT_TRUE(like_numpy([&] { return f(u8, 300, {}); }, np + "(u8, 300)", args));
    EXPECT_TRUE(like_numpy([&] { return f(u8, -1, {}); }, np + "(u8, -1)", args));
    EXPECT_TRUE(like_numpy([&] { return f(bf, i16, {}); }, np + "(bf, i16)", args));
    EXPECT_TRUE(like_numpy([&] { return f(c, u8, {}); }, np + "(c, u8)", args));
    EXPECT_TRUE(like_numpy([&] { return f(c, 1.5, {}); }, np + "(c, 1.5)", args));
    EXPECT_TRUE(like_numpy([&] { return f(u8, Scalar(~uint64_t{0}), {}); }, np + "(u8, 2**64 - 1)", args));
  }
}

TEST(BinaryBroadcast, ShapesMatchNumpyAndMismatchRaises) {
  const std::pair<const char*, const char*> shapes[] = {
      {"(3, 1)", "(4,)"}, {"(0,)", "(1,)"}, {"()", "(2, 3)"}, {"(2, 1, 3)", "(4, 1)"},
      {"(3,)", "(4,)"},   {"(2, 3)", "(3, 2)"}, {"(0,)", "(2,)"}};
  for (const auto& [sa, sb] : shapes) {
    Tensor a = oracle::eval_tensor(std::string("np.arange(np.prod(") + sa + ", dtype=int), dtype=np.float64).reshape(" + sa + ") + 1");
    Tensor b = oracle::eval_tensor(std::string("np.arange(np.prod(") + sb + ", dtype=int), dtype=np.int32).reshape(" + sb + ") - 2");
    const oracle::Args args = {{"a", a}, {"b", b}};
    for (const Op& op : kOps) {
      if (std::string(op.np).find("shift") != std::string::npos || std::string(op.np).find("bitwise") != std::string::npos) continue;
      EXPECT_TRUE(like_numpy([&] { return op.fn(a, b, {}); }, std::string("np.") + op.np + "(a, b)", args))
          << sa << " with " << sb;
    }
    EXPECT_TRUE(like_numpy([&] { return where(b, a, 0.5); }, "np.where(b, a, 0.5)", args));
    EXPECT_TRUE(like_numpy([&] { return clip(a, b, 3); }, "np.clip(a, b, 3)", args));
  }
}

TEST(BinaryStrided, ViewsMatchContiguous) {
  for (DType d : {int32, uint8, float32, float64, complex128, bfloat16}) {
    Tensor x = oracle::eval_tensor("(np.arange(24).reshape(4, 6) - 11).astype(" + np_dtype(d) + ")");
    Tensor y = oracle::eval_tensor("(np.arange(24).reshape(4, 6) % 5 + 1).astype(" + np_dtype(d) + ")");
    const std::pair<const char*, std::function<Tensor(const Tensor&)>> views[] = {
        {"x.T", [](const Tensor& t) { return t.T(); }},
        {"x[::2, 1::3]", [](const Tensor& t) { return t.index({Slice(None, None, 2), Slice(1, None, 3)}); }},
        {"x[::-1, ::-2]", [](const Tensor& t) { return t.index({Slice(None, None, -1), Slice(None, None, -2)}); }},
        {"x[1]", [](const Tensor& t) { return t[1]; }}};
    for (const auto& [py, view] : views) {
      Tensor xv = view(x), yv = view(y);
      std::string yexpr = std::string(py);
      yexpr[0] = 'y';
      for (const Op& op : kOps) {
        Tensor got;
        if (!run([&] { return op.fn(xv, yv, {}); }, &got).empty()) continue;  // dtype not supported
        EXPECT_TRUE(same_array(got, op.fn(xv.copy(), yv.copy(), {}), 0)) << op.np << " " << py << " " << name(d);
        EXPECT_TRUE(like_numpy([&] { return op.fn(xv, yv, {}); },
                               std::string("np.") + op.np + "(" + py + ", " + yexpr + ")", {{"x", x}, {"y", y}}))
            << name(d);
      }
      EXPECT_TRUE(like_numpy([&] { return where(greater(xv, 0), xv, yv); },
                             std::string("np.where(") + py + " > 0, " + py + ", " + yexpr + ")", {{"x", x}, {"y", y}}));
    }
  }
}

TEST(BinaryVariants, InPlaceOutAndOperatorsMatchNumpy) {
  Tensor a = oracle::eval_tensor("np.arange(6, dtype=np.int64).reshape(2, 3)");
  Tensor f = oracle::eval_tensor("np.array([0.5, 1.5, 2.5])");
  const oracle::Args args = {{"a", a}, {"f", f}};
  // same_kind output casting: float results do not go into an int array.
  Tensor a2 = a.copy();
  EXPECT_RAISES_LIKE_NUMPY(a2 += f, "np.add(a.copy(), f, out=a.copy())", args);
  EXPECT_RAISES_LIKE_NUMPY(a2 += 1.5, "np.add(a.copy(), 1.5, out=a.copy())", args);
  EXPECT_RAISES_LIKE_NUMPY(a2 /= 2, "np.divide(a.copy(), 2, out=a.copy())", args);
  // In place keeps the data pointer.
  void* p = a2.data_ptr();
  a2 += 3;
  a2 *= a;
  a2 <<= 1;
  a2 %= 5;
  EXPECT_EQ(a2.data_ptr(), p);
  EXPECT_TRUE(matches_numpy(a2, "((((a + 3) * a) << 1) % 5)", args));
  // out= with a shape the result cannot broadcast to.
  Tensor bad = oracle::eval_tensor("np.zeros((3,), np.int64)");
  EXPECT_RAISES_LIKE_NUMPY(add(a, a, bad), "np.add(a, a, out=np.zeros((3,), np.int64))", args);
  Tensor bad2 = oracle::eval_tensor("np.zeros((1, 3), np.int64)");
  EXPECT_RAISES_LIKE_NUMPY(add(a, a, bad2), "np.add(a, a, out=np.zeros((1, 3), np.int64))", args);
  // out= of a wider dtype and out= that broadcasts the inputs.
  Tensor o = oracle::eval_tensor("np.zeros((4, 2, 3))");
  EXPECT_EQ(floor_divide(a, 2, o).data_ptr(), o.data_ptr());
  EXPECT_TRUE(matches_numpy(o, "np.floor_divide(a, 2, out=np.zeros((4, 2, 3)))", args));
  // Overlapping input and output: a[1:] += a[:-1] reads the old values.
  Tensor r = oracle::eval_tensor("np.arange(10)");
  Tensor r0 = r.copy();
  Tensor hi = r.index({Slice(1, None)}), lo = r.index({Slice(None, -1)});
  add(hi, lo, hi);
  EXPECT_TRUE(matches_numpy(r, "np.concatenate([r[:1], r[1:] + r[:-1]])", {{"r", r0}}));
  Tensor s = oracle::eval_tensor("np.arange(10)");
  Tensor s0 = s.copy();
  Tensor s_lo = s.index({Slice(None, -1)}), s_hi = s.index({Slice(1, None)});
  subtract(s_lo, s_hi, s_lo);
  EXPECT_TRUE(matches_numpy(s, "np.concatenate([s[:-1] - s[1:], s[-1:]])", {{"s", s0}}));
  // Method forms and C++ operators.
  EXPECT_TRUE(matches_numpy(a.floor_divide(2), "a // 2", args));
  EXPECT_TRUE(matches_numpy(a.power(2), "a ** 2", args));
  EXPECT_TRUE(matches_numpy(a / 4, "a / 4", args));
  EXPECT_TRUE(matches_numpy(7 % a.index({Slice(), Slice(1, None)}), "7 % a[:, 1:]", args));
  EXPECT_TRUE(matches_numpy(a == f, "a == f", args));
  EXPECT_TRUE(matches_numpy(a < 3, "a < 3", args));
  EXPECT_TRUE(matches_numpy(2 >= a, "2 >= a", args));
  EXPECT_TRUE(matches_numpy((a & 6) | (a ^ 1), "(a & 6) | (a ^ 1)", args));
  EXPECT_TRUE(matches_numpy(a << 2, "a << 2", args));
  EXPECT_TRUE(matches_numpy(a >> 1, "a >> 1", args));
  Tensor m = a.copy();
  m.maximum_(2);
  EXPECT_TRUE(matches_numpy(m, "np.maximum(a, 2)", args));
}

TEST(BinaryWhere, DTypesValuesAndWeakScalarsMatchNumpy) {
  Tensor u8 = oracle::eval_tensor("np.array([0, 1, 255], np.uint8)");
  Tensor f32 = oracle::eval_tensor("np.array([1.5, -2, 3], np.float32)");
  Tensor i16 = oracle::eval_tensor("np.array([[1], [-2]], np.int16)");
  Tensor c = oracle::eval_tensor("np.array([1j, 0j, np.nan])");
  Tensor b = oracle::eval_tensor("np.array([True, False, True])");
  const oracle::Args args = {{"u8", u8}, {"f32", f32}, {"i16", i16}, {"c", c}, {"b", b}};
  EXPECT_TRUE(like_numpy([&] { return where(b, u8, f32); }, "np.where(b, u8, f32)", args));
  EXPECT_TRUE(like_numpy([&] { return where(u8, u8, 300); }, "np.where(u8, u8, 300)", args));
  EXPECT_TRUE(like_numpy([&] { return where(u8, u8, -1); }, "np.where(u8, u8, -1)", args));
  EXPECT_TRUE(like_numpy([&] { return where(c, f32, 2.5); }, "np.where(c, f32, 2.5)", args));
  EXPECT_TRUE(like_numpy([&] { return where(b, 1, 2); }, "np.where(b, 1, 2)", args));
  EXPECT_TRUE(like_numpy([&] { return where(b, true, false); }, "np.where(b, True, False)", args));
  EXPECT_TRUE(like_numpy([&] { return where(f32, i16, u8); }, "np.where(f32, i16, u8)", args));
  EXPECT_TRUE(like_numpy([&] { return where(true, i16, c); }, "np.where(True, i16, c)", args));
  EXPECT_TRUE(like_numpy([&] { return where(i16, c, 1); }, "np.where(i16, c, 1)", args));
  EXPECT_TRUE(like_numpy([&] { return where(b, i16.index({Slice(), Slice()}), f32); }, "np.where(b, i16, f32)", args));
  Tensor bad = oracle::eval_tensor("np.ones((2, 2))");
  EXPECT_RAISES_LIKE_NUMPY(where(b, bad, 1), "np.where(b, bad, 1)", (oracle::Args{{"b", b}, {"bad", bad}}));
}

TEST(BinaryWhere, NonzeroMatchesNumpy) {
  const char* inputs[] = {"np.array([[0, 1, 0], [2, 0, 3]])", "np.array([0j, 1j, 0j, 0.5])",
                          "np.array([0.0, np.nan, -0.0, 1e-300])", "np.zeros((2, 0, 3))",
                          "np.arange(24).reshape(2, 3, 4) % 3 == 0", "np.array([], bool)",
                          "np.arange(12, dtype=np.uint8).reshape(3, 4).T"};
  for (const char* in : inputs) {
    Tensor x = oracle::eval_tensor(in);
    auto want = oracle::eval("np.nonzero(x)", {{"x", x}});
    ASSERT_FALSE(want.error);
    auto got = nonzero(x);
    auto got_w = where(x);
    ASSERT_EQ(got.size(), want.values.size()) << in;
    for (size_t k = 0; k < got.size(); ++k) {
      EXPECT_TRUE(same_array(got[k], want.values[k])) << in << " dim " << k;
      EXPECT_TRUE(same_array(got_w[k], want.values[k])) << in << " dim " << k;
    }
  }
  Tensor z = oracle::eval_tensor("np.array(5)");
  EXPECT_RAISES_LIKE_NUMPY(nonzero(z), "np.nonzero(z)", (oracle::Args{{"z", z}}));
  EXPECT_RAISES_LIKE_NUMPY(where(z), "np.where(z)", (oracle::Args{{"z", z}}));
}

TEST(BinaryClip, MatchesNumpyIncludingNaNAndIntBounds) {
  Tensor u8 = oracle::eval_tensor("np.array([0, 1, 200, 255], np.uint8)");
  Tensor i8 = oracle::eval_tensor("np.array([-128, 5, 127, 0], np.int8)");
  Tensor f = oracle::eval_tensor("np.array([1., np.nan, 3, -np.inf])");
  Tensor f32 = oracle::eval_tensor("np.array([1., 5, 3, -2], np.float32)");
  Tensor bf = oracle::eval_tensor("np.array([1., 5, 3, -2], bfloat16)");
  Tensor c = oracle::eval_tensor("np.array([1+1j, 5, 3-2j, 2+0.5j])");
  Tensor b = oracle::eval_tensor("np.array([True, False, True, False])");
  Tensor lo = oracle::eval_tensor("np.array([0, 2, 4, np.nan])");
  const oracle::Args args = {{"u8", u8}, {"i8", i8}, {"f", f}, {"f32", f32}, {"bf", bf}, {"c", c}, {"b", b}, {"lo", lo}};
  struct C { std::function<Tensor()> fn; const char* np; };
  const C cases[] = {
      {[&] { return clip(u8, 0, 300); }, "np.clip(u8, 0, 300)"},
      {[&] { return clip(u8, -5, 3); }, "np.clip(u8, -5, 3)"},
      {[&] { return clip(u8, -5, -1); }, "np.clip(u8, -5, -1)"},
      {[&] { return clip(u8, 300, 400); }, "np.clip(u8, 300, 400)"},
      {[&] { return clip(i8, -1000, 1000); }, "np.clip(i8, -1000, 1000)"},
      {[&] { return clip(i8, Scalar(~uint64_t{0}), 3); }, "np.clip(i8, 2**64 - 1, 3)"},
      {[&] { return clip(u8, 2.5, 10); }, "np.clip(u8, 2.5, 10)"},
      {[&] { return clip(u8, lo, 10); }, "np.clip(u8, lo, 10)"},
      {[&] { return clip(f, 2, std::nan("")); }, "np.clip(f, 2, np.nan)"},
      {[&] { return clip(f, lo, 2.5); }, "np.clip(f, lo, 2.5)"},
      {[&] { return clip(f, 4, 2); }, "np.clip(f, 4, 2)"},
      {[&] { return clip(f32, 2, 3.0); }, "np.clip(f32, 2, 3.0)"},
      {[&] { return clip(f32, f, 3); }, "np.clip(f32, f, 3)"},
      {[&] { return clip(bf, 0, 2); }, "np.clip(bf, 0, 2)"},
      {[&] { return clip(c, 2, 3); }, "np.clip(c, 2, 3)"},
      {[&] { return clip(c, std::complex<double>(2, 1), 3); }, "np.clip(c, 2+1j, 3)"},
      {[&] { return clip(b, 0, 1); }, "np.clip(b, 0, 1)"},
      {[&] { return clip(b, false, true); }, "np.clip(b, False, True)"},
      {[&] { return clip(5, 0, 3); }, "np.asarray(np.clip(5, 0, 3))"},
      {[&] { return clip(2.5, u8, 3); }, "np.clip(2.5, u8, 3)"},
  };
  for (const C& k : cases) EXPECT_TRUE(like_numpy(k.fn, k.np, args));
  // out= and the in-place method.
  Tensor o = oracle::eval_tensor("np.zeros(4)");
  EXPECT_EQ(clip(u8, 1, 100, o).data_ptr(), o.data_ptr());
  EXPECT_TRUE(matches_numpy(o, "np.clip(u8, 1, 100, out=np.zeros(4))", args));
  Tensor u2 = u8.copy();
  void* p = u2.data_ptr();
  u2.clip_(3, 250);
  EXPECT_EQ(u2.data_ptr(), p);
  EXPECT_TRUE(matches_numpy(u2, "np.clip(u8, 3, 250)", args));
  Tensor io = oracle::eval_tensor("np.zeros(4, np.uint8)");
  EXPECT_RAISES_LIKE_NUMPY(clip(f, 0, 1, io), "np.clip(f, 0, 1, out=np.zeros(4, np.uint8))", args);
  Tensor bad = oracle::eval_tensor("np.zeros(3)");
  EXPECT_RAISES_LIKE_NUMPY(clip(f, 0, 1, bad), "np.clip(f, 0, 1, out=np.zeros(3))", args);
}

// NumPy's complex multiply runs its SIMD loop (loops_arithm_fp.dispatch.c.src, simd_cmul with
// AVX2 fmaddsub): the a.real products are fused (fma), the a.imag ones rounded first, which
// differs from the textbook product only where a product overflows. Expected values: NumPy.
TEST(Binary, ComplexMultiplyFusesLikeNumpysSimdLoop) {
  for (const std::string dt : {"np.complex64", "np.complex128"}) {
    const std::string big = dt == "np.complex64" ? "3.0173922e+38" : "1.7e308";
    Tensor a = oracle::eval_tensor("np.array([complex(" + big + ", -6), 1+2j, complex(np.inf, 1), 0.1+0.7j], " + dt + ")");
    Tensor b = oracle::eval_tensor("np.array([complex(-np.inf, -7), 3-1j, complex(0, np.nan), 0.3-0.9j], " + dt + ")");
    const oracle::Args args{{"a", a}, {"b", b}};
    EXPECT_TRUE(matches_numpy(multiply(a, b), "np.multiply(a, b)", args, 0)) << dt;  // -inf+infj first
    EXPECT_TRUE(matches_numpy(multiply(a.index({Slice(0, 1)}).reshape({}), b), "np.multiply(a[0], b)", args, 0)) << dt;
    EXPECT_TRUE(matches_numpy(multiply(a, b.index({Slice(0, 1)}).reshape({})), "np.multiply(a, b[0])", args, 0)) << dt;
  }
}

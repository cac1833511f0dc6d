// Reductions (sum prod mean var std amax amin argmax argmin any all cumsum cumprod nansum nanmean
// nanmax nanmin) against NumPy: every op x dtype x axis form, shapes with zeros, special values,
// noncontiguous views, large inputs, out= and the method forms.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "test_util.h"

using namespace parity;
using parity::testing::same_array;

namespace {

std::string np_dtype(DType d) { return d == DType::BFloat16 ? "bfloat16" : std::string("np.") + name(d); }

// An input of `shape` (a Python tuple) with varied values, negative ones included, for dtype d.
std::string input_expr(const std::string& shape, DType d) {
  const std::string base = "(np.arange(int(np.prod(" + shape + "))).reshape(" + shape + ") % 11 - 3)";
  if (d == DType::Bool) return "(" + base + " % 3 == 0)";
  if (is_complex(d)) return "(" + base + " * 0.75 + 1j * (" + base + " % 4 - 1.5)).astype(" + np_dtype(d) + ")";
  if (is_floating(d)) return "(" + base + " * 0.75).astype(" + np_dtype(d) + ")";
  return base + ".astype(" + np_dtype(d) + ")";
}

double rtol_for(DType d) {
  switch (d) {
    case DType::Float16: return 1e-2;  // NumPy's float16 loops round in places we round differently
    case DType::BFloat16: return 2e-2;
    case DType::Float32: case DType::Complex64: return 1e-5;
    case DType::Float64: case DType::Complex128: return 1e-12;
    default: return 0;
  }
}

::testing::AssertionResult matches(const Tensor& got, const std::string& expr, const oracle::Args& args = {},
                                   double rtol = 1e-6) {
  auto want = oracle::eval(expr, args);
  if (want.error) return ::testing::AssertionFailure() << "NumPy raised " << want.error_class << " for " << expr;
  auto r = same_array(got, want.values[0], rtol, 0);
  if (!r) r << "\n  NumPy: " << expr;
  return r;
}

using MultiFn = std::function<Tensor(const Tensor&, Axes, bool)>;
using SingleFn = std::function<Tensor(const Tensor&, std::optional<int64_t>, bool)>;
struct Op {
  std::string name;
  MultiFn multi;    // ops taking a tuple of axes
  SingleFn single;  // ops taking one optional axis
  bool keepdims = true;
};

const std::vector<Op>& ops() {
  static const std::vector<Op> v = {
      {"sum", [](auto& x, Axes a, bool k) { return sum(x, a, k); }, {}},
      {"prod", [](auto& x, Axes a, bool k) { return prod(x, a, k); }, {}},
      {"mean", [](auto& x, Axes a, bool k) { return mean(x, a, k); }, {}},
      {"var", [](auto& x, Axes a, bool k) { return var(x, a, 0, k); }, {}},
      {"std", [](auto& x, Axes a, bool k) { return parity::std(x, a, 0, k); }, {}},
      {"amax", [](auto& x, Axes a, bool k) { return amax(x, a, k); }, {}},
      {"amin", [](auto& x, Axes a, bool k) { return amin(x, a, k); }, {}},
      {"any", [](auto& x, Axes a, bool k) { return any(x, a, k); }, {}},
      {"all", [](auto& x, Axes a, bool k) { return all(x, a, k); }, {}},
      {"nansum", [](auto& x, Axes a, bool k) { return nansum(x, a, k); }, {}},
      {"nanmean", [](auto& x, Axes a, bool k) { return nanmean(x, a, k); }, {}},
      {"nanmax", [](auto& x, Axes a, bool k) { return nanmax(x, a, k); }, {}},
      {"nanmin", [](auto& x, Axes a, bool k) { return nanmin(x, a, k); }, {}},
      {"argmax", {}, [](auto& x, std::optional<int64_t> a, bool k) { return argmax(x, a, k); }},
      {"argmin", {}, [](auto& x, std::optional<int64_t> a, bool k) { return argmin(x, a, k); }},
      {"cumsum", {}, [](auto& x, std::optional<int64_t> a, bool) { return cumsum(x, a); }, false},
      {"cumprod", {}, [](auto& x, std::optional<int64_t> a, bool) { return cumprod(x, a); }, false},
  };
  return v;
}

std::string py_axes(const Axes& a) {
  if (!a) return "None";
  std::string s = "(";
  for (int64_t v : *a) s += std::to_string(v) + ",";
  return s + ")";
}

// Runs op on x in the engine and in NumPy and compares (values, dtype, shape, or error class).
// `np_x` is the NumPy expression for the input, from the array `a` (the oracle passes arrays as
// contiguous copies, so a view whose layout matters to NumPy's rounding is made on NumPy's side).
::testing::AssertionResult check(const Op& op, const Tensor& x, const Axes& axes, bool keepdims,
                                 double rtol_scale = 1, const std::string& np_x = "x",
                                 const Tensor& a = Tensor()) {
  std::string expr = "np." + op.name + "(" + np_x + ", axis=";
  std::optional<int64_t> one;
  if (op.single) {
    if (axes && axes->size() != 1) return ::testing::AssertionSuccess();  // single-axis op
    if (axes) one = (*axes)[0];
    expr += one ? std::to_string(*one) : "None";
  } else {
    expr += py_axes(axes);
  }
  if (op.keepdims) expr += keepdims ? ", keepdims=True" : ", keepdims=False";
  expr += ")";
  auto want = oracle::eval(expr, a.defined() ? oracle::Args{{"a", a}} : oracle::Args{{"x", x}});
  std::string where = "\n  NumPy: " + expr + " with x of dtype " + name(x.dtype()) + " shape " + shape_str(x.shape());
  Tensor got;
  try {
    got = op.single ? op.single(x, one, keepdims) : op.multi(x, axes, keepdims);
  } catch (const Error& e) {
    if (want.error && want.raised(e.py_class())) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "engine raised " << e.py_class() << " (" << e.what() << "), NumPy "
                                         << (want.error ? "raised " + want.error_class : "did not") << where;
  }
  if (want.error)
    return ::testing::AssertionFailure() << "NumPy raised " << want.error_class << ": " << want.error_message
                                         << ", the engine did not" << where;
  const double rtol = rtol_for(want.values[0].dtype()) * rtol_scale;
  auto r = same_array(got, want.values[0], rtol, rtol);
  if (!r) r << where;
  return r;
}

const std::vector<std::pair<Axes, bool>>& axis_forms() {
  static const std::vector<std::pair<Axes, bool>> v = {
      {std::nullopt, false}, {std::nullopt, true}, {std::vector<int64_t>{0}, false},
      {std::vector<int64_t>{-1}, false}, {std::vector<int64_t>{-1}, true},
      {std::vector<int64_t>{0, 2}, false}, {std::vector<int64_t>{0, 2}, true},
      {std::vector<int64_t>{}, false}, {std::vector<int64_t>{3}, false}, {std::vector<int64_t>{1, -2}, false}};
  return v;
}

}  // namespace

TEST(ReduceTest, EveryOpEveryDTypeEveryAxisForm) {
  int checked = 0;
  for (DType d : kAllDTypes) {
    Tensor x = oracle::eval_tensor(input_expr("(3,4,5)", d));
    for (const Op& op : ops())
      for (const auto& [axes, kd] : axis_forms()) {
        EXPECT_TRUE(check(op, x, axes, kd));
        ++checked;
      }
  }
  EXPECT_EQ(checked, 15 * 17 * 10);
}

TEST(ReduceTest, SmallAndEmptyShapes) {
  const char* shapes[] = {"()", "(0,)", "(1,0,3)", "(20,)", "(2,0)", "(0,0)"};
  const std::vector<std::pair<Axes, bool>> forms = {
      {std::nullopt, false}, {std::nullopt, true}, {std::vector<int64_t>{0}, false},
      {std::vector<int64_t>{-1}, true}, {std::vector<int64_t>{1}, false},
      {std::vector<int64_t>{0, -1}, false}, {std::vector<int64_t>{}, false}};
  for (DType d : {DType::Bool, DType::Int8, DType::UInt32, DType::Int64, DType::Float16, DType::BFloat16,
                  DType::Float32, DType::Float64, DType::Complex64})
    for (const char* s : shapes) {
      Tensor x = oracle::eval_tensor(input_expr(s, d));
      for (const Op& op : ops())
        for (const auto& [axes, kd] : forms) EXPECT_TRUE(check(op, x, axes, kd));
    }
}

TEST(ReduceTest, SpecialFloatValues) {
  const char* inputs[] = {
      "np.array([1.0, np.nan, 3.0, np.nan])", "np.array([np.inf, -np.inf, 1.0])",
      "np.array([[np.nan, np.nan], [1.0, np.nan]])", "np.array([-np.inf, np.nan, np.inf])",
      "np.array([[2.0, 5.0, 5.0], [np.inf, 1.0, np.inf]])", "np.array([0.0, -0.0, 0.0])",
      "np.array([1e308, 1e308, -1e308])", "np.array([[np.nan, 1.0], [2.0, np.nan]], np.float32)",
      "np.array([np.nan, 1, 2], np.float16)", "np.array([1, np.nan, 2], bfloat16)",
      "np.array([1+1j, complex(np.nan, 0), 3+0j, complex(0, np.nan)])",
      "np.array([2+1j, 2+3j, 1+5j, 2+3j], np.complex64)"};
  for (const char* in : inputs) {
    Tensor x = oracle::eval_tensor(in);
    for (const Op& op : ops())
      for (const auto& [axes, kd] : std::vector<std::pair<Axes, bool>>{
               {std::nullopt, false}, {std::vector<int64_t>{0}, false}, {std::vector<int64_t>{-1}, true}})
        EXPECT_TRUE(check(op, x, axes, kd)) << in;
  }
}

TEST(ReduceTest, IntegerExtremesWrapLikeNumpy) {
  const char* inputs[] = {
      "np.array([-128, 127, 127, -1], np.int8)", "np.array([2**63 - 1, 1, 2**62], np.int64)",
      "np.array([-2**63, -1, 3], np.int64)", "np.array([2**64 - 1, 2, 2**63], np.uint64)",
      "np.array([255, 255, 7], np.uint8)", "np.array([[2**31 - 1, 2], [-2**31, 3]], np.int32)",
      "np.array([65535, 65535], np.uint16)"};
  for (const char* in : inputs) {
    Tensor x = oracle::eval_tensor(in);
    for (const Op& op : ops())
      for (const auto& [axes, kd] : std::vector<std::pair<Axes, bool>>{{std::nullopt, false},
                                                                       {std::vector<int64_t>{-1}, false}})
        EXPECT_TRUE(check(op, x, axes, kd)) << in;
  }
}

TEST(ReduceTest, NoncontiguousViewsMatchContiguous) {
  for (DType d : {DType::Int32, DType::Float32, DType::Float64, DType::Complex128, DType::Float16}) {
    Tensor base = oracle::eval_tensor(input_expr("(4,6,5)", d));
    std::vector<std::pair<std::string, Tensor>> views = {
        {"transposed", base.transpose({2, 0, 1})},
        {"flipped", base.flip()},
        {"stepped", Tensor(base.storage(), d, {2, 3, 5}, {60, 10, 1}, 0)},           // x[::2, ::2]
        {"stepped_reversed", Tensor(base.storage(), d, {4, 3}, {30, -2}, 4)},        // x[:, 0, 4::-2]
        {"broadcast", Tensor(base.storage(), d, {3, 4, 5}, {0, 5, 1}, 7)},
    };
    for (auto& [what, v] : views) {
      ASSERT_FALSE(v.is_contiguous()) << what;
      Tensor c = v.copy();
      for (const Op& op : ops())
        for (const auto& [axes, kd] : std::vector<std::pair<Axes, bool>>{
                 {std::nullopt, false}, {std::vector<int64_t>{0}, true}, {std::vector<int64_t>{-1}, false},
                 {std::vector<int64_t>{0, 1}, false}}) {
          EXPECT_TRUE(check(op, v, axes, kd)) << what;
          // Same answer as the contiguous copy (exact except for summation order).
          if (op.multi && (!axes || axes->size() <= static_cast<size_t>(v.ndim()))) {
            try {
              const double tol = is_inexact(d) ? rtol_for(d) * 10 : 1e-12;  // int mean/var are float64
              auto r = same_array(op.multi(v, axes, kd), op.multi(c, axes, kd), tol, tol);
              EXPECT_TRUE(r) << op.name << " " << what;
            } catch (const Error&) {
            }
          }
        }
    }
  }
}

TEST(ReduceTest, LargeInputsMatchNumpy) {
  Tensor x = oracle::eval_tensor("np.random.default_rng(0).standard_normal((789, 357)).astype(np.float32)");
  for (const Op& op : ops())
    for (const auto& [axes, kd] : std::vector<std::pair<Axes, bool>>{
             {std::nullopt, false}, {std::vector<int64_t>{0}, false}, {std::vector<int64_t>{1}, true}})
      EXPECT_TRUE(check(op, x, axes, kd, op.name == "cumsum" || op.name == "cumprod" ? 10 : 1));
  Tensor xt = x.T();  // noncontiguous large
  for (const char* n : {"sum", "mean", "var", "amax", "argmin"})
    for (const Op& op : ops())
      if (op.name == n) {
        EXPECT_TRUE(check(op, xt, std::nullopt, false));
        EXPECT_TRUE(check(op, xt, std::vector<int64_t>{0}, false));
      }
}

// float16 and bfloat16 accumulate in NumPy's order and rounding (bfloat16 sums stall at 256 and
// more like NumPy's), so even large sums, means and variances agree.
TEST(ReduceTest, LargeHalfPrecisionInputsMatchNumpy) {
  for (const char* dt : {"np.float16", "bfloat16"}) {
    Tensor x = oracle::eval_tensor("np.random.default_rng(2).random((789, 357)).astype(" + std::string(dt) + ")");
    for (const Op& op : ops()) {
      if (op.name != "sum" && op.name != "mean" && op.name != "var" && op.name != "std" && op.name != "cumsum" &&
          op.name != "nansum" && op.name != "prod")
        continue;
      for (const auto& [axes, kd] : std::vector<std::pair<Axes, bool>>{
               {std::nullopt, false}, {std::vector<int64_t>{0}, false}, {std::vector<int64_t>{1}, false}}) {
        EXPECT_TRUE(check(op, x, axes, kd));
        EXPECT_TRUE(check(op, x.T(), axes, kd, 1, "a.T", x)) << "transposed";
      }
    }
  }
}

// float32 sums of 1e6 elements stay within NumPy's pairwise accuracy.
TEST(ReduceTest, PairwiseSummationAccuracy) {
  Tensor x = oracle::eval_tensor("np.random.default_rng(1).random(1000000, dtype=np.float32)");
  EXPECT_TRUE(matches(sum(x), "np.sum(x)", {{"x", x}}, 1e-6));
  EXPECT_TRUE(matches(mean(x), "np.mean(x)", {{"x", x}}, 1e-6));
  Tensor ones_f16 = oracle::eval_tensor("np.ones((5000, 2), np.float16)");
  // NumPy sums a contiguous float16 row in float32 but rounds to float16 per step across rows.
  EXPECT_TRUE(matches(sum(ones_f16, std::vector<int64_t>{0}), "np.sum(x, axis=0)",
                                             {{"x", ones_f16}}, 0));
  EXPECT_TRUE(matches(sum(ones_f16), "np.sum(x)", {{"x", ones_f16}}, 0));
  // ml_dtypes' bfloat16 add rounds every step: NumPy's sum of 1000 ones is 256.
  Tensor ones_bf = oracle::eval_tensor("np.ones(1000, bfloat16)");
  EXPECT_TRUE(matches(sum(ones_bf), "np.sum(x)", {{"x", ones_bf}}, 0));
  EXPECT_TRUE(matches(mean(ones_bf), "np.mean(x)", {{"x", ones_bf}}, 0));
  EXPECT_TRUE(matches(cumsum(ones_f16), "np.cumsum(x)", {{"x", ones_f16}}, 0));
}

TEST(ReduceTest, DTypeArgumentMatchesNumpy) {
  const char* dts[] = {"int8", "int32", "uint64", "float16", "float32", "float64", "complex128", "bool"};
  for (DType in : {DType::Bool, DType::Int16, DType::UInt8, DType::Float32, DType::Float64, DType::Complex64}) {
    Tensor x = oracle::eval_tensor(input_expr("(3,4)", in));
    for (const char* dn : dts) {
      DType d = dtype_from_name(dn);
      // Declared discrepancies: complex -> bool casts use the real part only (convert.h), and
      // var/std of complex input with a real dtype= drop the imaginary part (NumPy keeps it).
      if (is_complex(in) && d == DType::Bool) continue;
      const std::string a = "(x, axis=0, dtype=np." + std::string(dn) + ")";
      const oracle::Args args{{"x", x}};
      auto cmp = [&](const char* op, const std::function<Tensor()>& f) {
        auto want = oracle::eval(std::string("np.") + op + a, args);
        if (want.error) {
          EXPECT_ANY_THROW(f()) << op << a;
          return;
        }
        EXPECT_TRUE(same_array(f(), want.values[0], 1e-3, 1e-3)) << op << a << " x " << name(in);
      };
      cmp("sum", [&] { return sum(x, std::vector<int64_t>{0}, false, d); });
      cmp("prod", [&] { return prod(x, std::vector<int64_t>{0}, false, d); });
      cmp("nansum", [&] { return nansum(x, std::vector<int64_t>{0}, false, d); });
      cmp("cumsum", [&] { return cumsum(x, 0, d); });
      cmp("cumprod", [&] { return cumprod(x, 0, d); });
      if (is_inexact(d) || !is_inexact(in)) {
        cmp("mean", [&] { return mean(x, std::vector<int64_t>{0}, false, d); });
        cmp("nanmean", [&] { return nanmean(x, std::vector<int64_t>{0}, false, d); });
      }
      if (is_floating(d) && !is_complex(in)) {
        cmp("var", [&] { return var(x, std::vector<int64_t>{0}, 0, false, d); });
        cmp("std", [&] { return parity::std(x, std::vector<int64_t>{0}, 0, false, d); });
      }
    }
  }
}

TEST(ReduceTest, DdofLikeNumpy) {
  Tensor x = oracle::eval_tensor(input_expr("(3,4)", DType::Float64));
  Tensor xi = oracle::eval_tensor(input_expr("(3,4)", DType::Int32));
  Tensor xc = oracle::eval_tensor(input_expr("(3,4)", DType::Complex64));
  for (int64_t ddof : {-1, 0, 1, 2, 3, 4, 7, 12, 13}) {
    for (auto* t : {&x, &xi, &xc}) {
      const oracle::Args args{{"x", *t}};
      const std::string d = std::to_string(ddof);
      EXPECT_TRUE(matches(var(*t, std::vector<int64_t>{1}, ddof), "np.var(x, axis=1, ddof=" + d + ")", args, 1e-5));
      EXPECT_TRUE(matches(parity::std(*t, std::nullopt, ddof), "np.std(x, ddof=" + d + ")", args, 1e-5));
      EXPECT_TRUE(matches(t->var(std::vector<int64_t>{0}, ddof, true), "x.var(axis=0, ddof=" + d + ", keepdims=True)", args, 1e-5));
    }
  }
}

TEST(ReduceTest, EmptyReductionErrors) {
  Tensor e = oracle::eval_tensor("np.zeros((0, 3))");
  const oracle::Args args{{"x", e}};
  EXPECT_RAISES_LIKE_NUMPY(amax(e), "np.amax(x)", args);
  EXPECT_RAISES_LIKE_NUMPY(amin(e, std::vector<int64_t>{0}), "np.amin(x, axis=0)", args);
  EXPECT_RAISES_LIKE_NUMPY(nanmax(e), "np.nanmax(x)", args);
  EXPECT_RAISES_LIKE_NUMPY(argmax(e), "np.argmax(x)", args);
  EXPECT_RAISES_LIKE_NUMPY(argmin(e, 0), "np.argmin(x, axis=0)", args);
  EXPECT_TRUE(matches(amax(e, std::vector<int64_t>{1}), "np.amax(x, axis=1)", args));
  try {
    amax(e);
    FAIL() << "no exception";
  } catch (const ValueError& err) {
    EXPECT_EQ(std::string(err.what()), "[amax] zero-size array to reduction operation maximum which has no identity");
  }
  try {
    argmax(e, 0);
    FAIL() << "no exception";
  } catch (const ValueError& err) {
    EXPECT_EQ(std::string(err.what()), "[argmax] attempt to get argmax of an empty sequence");
  }
  Tensor x = oracle::eval_tensor("np.zeros((3, 4))");
  EXPECT_THROW(sum(x, std::vector<int64_t>{2}), AxisError);
  EXPECT_THROW(sum(x, std::vector<int64_t>{0, -2}), ValueError);
  EXPECT_THROW(argmax(x, -3), AxisError);
  EXPECT_THROW(cumsum(x, 2), AxisError);
  EXPECT_THROW(sum(Tensor()), ValueError);
}

TEST(ReduceTest, OutArgumentLikeNumpy) {
  Tensor x = oracle::eval_tensor("np.arange(6.).reshape(2, 3) * 0.75");
  const oracle::Args ax{{"x", x}};
  auto o32 = [] { return oracle::eval_tensor("np.zeros(3, np.int32)"); };
  Tensor o = o32();
  Tensor r = sum(x, std::vector<int64_t>{0}, false, std::nullopt, o);
  EXPECT_TRUE(r.is_same_view(o));
  EXPECT_TRUE(matches(o, "np.sum(x, axis=0, out=np.zeros(3, np.int32))", ax));
  Tensor oc = oracle::eval_tensor("np.zeros(3, np.complex64)");
  mean(x, std::vector<int64_t>{0}, false, std::nullopt, oc);
  EXPECT_TRUE(matches(oc, "np.mean(x, axis=0, out=np.zeros(3, np.complex64))", ax));
  Tensor ob = oracle::eval_tensor("np.zeros((1, 3), np.float32)");
  amax(x, std::vector<int64_t>{0}, true, ob);
  EXPECT_TRUE(matches(ob, "np.amax(x, axis=0, keepdims=True, out=np.zeros((1,3), np.float32))", ax));
  Tensor oa = o32();
  argmax(x, 0, false, oa);
  EXPECT_TRUE(matches(oa, "np.argmax(x, axis=0, out=np.zeros(3, np.int32))", ax));
  Tensor ocs = oracle::eval_tensor("np.zeros(6, np.int32)");
  cumsum(x, std::nullopt, std::nullopt, ocs);
  EXPECT_TRUE(matches(ocs, "np.cumsum(x, out=np.zeros(6, np.int32))", ax));
  Tensor ov = oracle::eval_tensor("np.zeros(3, np.int32)");
  var(x, std::vector<int64_t>{0}, 0, false, std::nullopt, ov);
  EXPECT_TRUE(matches(ov, "np.var(x, axis=0, out=np.zeros(3, np.int32))", ax));
  Tensor oany = oracle::eval_tensor("np.zeros(3, np.float32)");
  any(x, std::vector<int64_t>{0}, false, oany);
  EXPECT_TRUE(matches(oany, "np.any(x, axis=0, out=np.zeros(3, np.float32))", ax));

  Tensor o1 = oracle::eval_tensor("np.zeros((1, 3))"), o4 = oracle::eval_tensor("np.zeros(4)");
  Tensor of = oracle::eval_tensor("np.zeros(3)"), o23 = oracle::eval_tensor("np.zeros((2, 3))");
  const oracle::Args a1{{"x", x}, {"o", o1}}, a4{{"x", x}, {"o", o4}}, af{{"x", x}, {"o", of}},
      ai{{"x", x}, {"o", o32()}}, a23{{"x", x}, {"o", o23}};
  EXPECT_RAISES_LIKE_NUMPY(sum(x, std::vector<int64_t>{0}, false, std::nullopt, o1), "np.sum(x, axis=0, out=o)", a1);
  EXPECT_RAISES_LIKE_NUMPY(sum(x, std::vector<int64_t>{0}, false, std::nullopt, o4), "np.sum(x, axis=0, out=o)", a4);
  EXPECT_RAISES_LIKE_NUMPY(sum(x, std::vector<int64_t>{0}, true, std::nullopt, of), "np.sum(x, axis=0, keepdims=True, out=o)", af);
  EXPECT_RAISES_LIKE_NUMPY(argmax(x, 0, false, of), "np.argmax(x, axis=0, out=o)", af);
  EXPECT_RAISES_LIKE_NUMPY(argmax(x, 1, false, o32()), "np.argmax(x, axis=1, out=o)", ai);
  EXPECT_RAISES_LIKE_NUMPY(parity::std(x, std::vector<int64_t>{0}, 0, false, std::nullopt, o32()), "np.std(x, axis=0, out=o)", ai);
  EXPECT_RAISES_LIKE_NUMPY(nanmean(x, std::vector<int64_t>{0}, false, std::nullopt, o32()), "np.nanmean(x, axis=0, out=o)", ai);
  EXPECT_RAISES_LIKE_NUMPY(cumsum(x, std::nullopt, std::nullopt, o23), "np.cumsum(x, out=o)", a23);
  EXPECT_RAISES_LIKE_NUMPY(nanmean(x, std::nullopt, false, int32), "np.nanmean(x, dtype=np.int32)", ax);
  // out= may be the input itself (overlap is handled by computing first).
  Tensor self = oracle::eval_tensor("np.arange(6.)");
  cumsum(self, 0, std::nullopt, self);
  EXPECT_TRUE(matches(self, "np.cumsum(np.arange(6.))"));
}

TEST(ReduceTest, MethodFormsMatchFunctions) {
  Tensor x = oracle::eval_tensor(input_expr("(3,4,5)", DType::Float32));
  const oracle::Args a{{"x", x}};
  const std::vector<int64_t> ax{0, 2};
  EXPECT_TRUE(matches(x.sum(ax, true), "x.sum(axis=(0,2), keepdims=True)", a));
  EXPECT_TRUE(matches(x.sum(std::nullopt, false, float64), "x.sum(dtype=np.float64)", a));
  EXPECT_TRUE(matches(x.prod(std::vector<int64_t>{1}), "x.prod(axis=1)", a, 1e-5));
  EXPECT_TRUE(matches(x.mean(ax), "x.mean(axis=(0,2))", a, 1e-5));
  EXPECT_TRUE(matches(x.var(ax, 1), "x.var(axis=(0,2), ddof=1)", a, 1e-5));
  EXPECT_TRUE(matches(x.std(std::nullopt, 0, true), "x.std(keepdims=True)", a, 1e-5));
  EXPECT_TRUE(matches(x.max(std::vector<int64_t>{-1}), "x.max(axis=-1)", a));
  EXPECT_TRUE(matches(x.min(), "x.min()", a));
  EXPECT_TRUE(matches(x.argmax(1, true), "x.argmax(axis=1, keepdims=True)", a));
  EXPECT_TRUE(matches(x.argmin(), "x.argmin()", a));
  EXPECT_TRUE(matches(x.any(ax), "x.any(axis=(0,2))", a));
  EXPECT_TRUE(matches(x.all(std::vector<int64_t>{1}), "x.all(axis=1)", a));
  EXPECT_TRUE(matches(x.cumsum(1), "x.cumsum(axis=1)", a, 1e-5));
  EXPECT_TRUE(matches(x.cumprod(std::nullopt, int64), "x.cumprod(dtype=np.int64)", a));
  EXPECT_TRUE(matches(max(x, std::vector<int64_t>{0}), "np.max(x, axis=0)", a));
  EXPECT_TRUE(matches(min(x), "np.min(x)", a));
}

// out= of another dtype: NumPy loops in the binary ufunc's loop for (out, input) and casts into out.
// Expected values are NumPy's (exact: every comparison here is bitwise or 0 tolerance).
TEST(ReduceTest, OutDtypePicksTheLoop) {
  auto run = [](const std::string& x_expr, const std::string& o_expr, const std::function<Tensor(Tensor, Tensor)>& f,
                const std::string& call) {
    Tensor x = oracle::eval_tensor(x_expr), o = oracle::eval_tensor(o_expr);
    f(x, o);
    Tensor want = oracle::eval_tensor("(lambda o: (" + call + ", o)[1])(" + o_expr + ")", {{"x", x}});
    EXPECT_TRUE(same_array(o, want, 0, 0)) << call << " with x = " << x_expr;
  };
  // int64 into uint64: the float64 loop (the sum rounds to a double first).
  run("np.array([-9172489188220220679], np.int64)", "np.zeros((), np.uint64)",
      [](Tensor x, Tensor o) { return sum(x, std::nullopt, false, std::nullopt, o); }, "np.sum(x, out=o)");
  // int16 into complex128: the complex128 loop, no int64 wrap.
  run("np.array([1, -31991, -26578, 27260, 30, 13609], np.int16)", "np.zeros((), np.complex128)",
      [](Tensor x, Tensor o) { return prod(x, std::nullopt, false, std::nullopt, o); }, "np.prod(x, out=o)");
  // float64 into int64: accumulated in float64, truncated once (0.5 + 0.5 = 1).
  run("np.array([0.5, 0.5, 0.5])", "np.zeros(3, np.int64)",
      [](Tensor x, Tensor o) { return cumsum(x, std::nullopt, std::nullopt, o); }, "np.cumsum(x, out=o)");
  run("np.array([[-88, 26, -70], [-114, -45, 1]], np.int8)", "np.zeros(6, ml_dtypes.bfloat16)",
      [](Tensor x, Tensor o) { return cumsum(x, std::nullopt, std::nullopt, o); }, "np.cumsum(x, out=o)");
  // maximum.reduce has no identity: the first element goes into out (uint16 64459 -> uint8 203) and
  // is read back into the uint16 loop, so the result is 46918 -> 70.
  run("np.array([64459, 0, 46918], np.uint16)", "np.zeros((), np.uint8)",
      [](Tensor x, Tensor o) { return amax(x, std::nullopt, false, o); }, "np.amax(x, out=o)");
  run("np.array([232, 0, 0], np.uint8)", "np.zeros((), np.int8)",
      [](Tensor x, Tensor o) { return nanmin(x, std::nullopt, false, o); }, "np.nanmin(x, out=o)");
}

// mean/var/std follow _methods.py: integer dtype= computes in that integer type, the sum goes into
// out= before the in-place division by an intp count, complex outs divide as complex.
TEST(ReduceTest, StatsFollowNumpysMethods) {
  auto check = [](const Tensor& got, const std::string& call, const oracle::Args& a) {
    EXPECT_TRUE(same_array(got, parity::testing::numpy_value(call, a), 0, 0)) << call;
  };
  Tensor b = oracle::eval_tensor("np.array([True, False])");
  Tensor e = oracle::eval_tensor("np.array([], np.bool_)");
  Tensor u = oracle::eval_tensor("np.array(1067639142, np.uint32)");
  Tensor f = oracle::eval_tensor("np.array(5.85e109)");
  Tensor i = oracle::eval_tensor("np.array([[1, 2, 3, 9], [4, -7, 100, 5]], np.int8)");
  Tensor c = oracle::eval_tensor("np.array([1+2j, 3-1j, -2+0.5j], np.complex64)");
  Tensor h = oracle::eval_tensor("np.array([[0.1, 0.7, 1.3], [2.2, 5.5, 0.3]], np.float16)");
  const oracle::Args ab{{"x", b}}, ae{{"x", e}}, au{{"x", u}}, af{{"x", f}}, ai{{"x", i}}, ac{{"x", c}}, ah{{"x", h}};
  Tensor o32 = zeros({}, float32);
  parity::std(b, std::nullopt, 0, false, int8, o32);
  check(o32, "np.std(x, dtype=np.int8, out=np.zeros((), np.float32))", ab);
  Tensor oc = zeros({}, complex64);
  mean(e, std::nullopt, false, std::nullopt, oc);
  check(oc, "np.mean(x, out=np.zeros((), np.complex64))", ae);
  Tensor vc = zeros({}, complex64);
  var(e, std::nullopt, 0, false, std::nullopt, vc);
  check(vc, "np.var(x, out=np.zeros((), np.complex64))", ae);
  // uint32 with dtype=float32: the mean in float32, deviations in float64 (uint32 - float32).
  check(var(u, std::nullopt, 0, false, float32), "np.var(x, dtype=np.float32)", au);
  check(var(f, std::nullopt, 0, false, float32), "np.var(x, dtype=np.float32)", af);  // inf, not nan
  check(var(i, std::vector<int64_t>{1}, 0, false, int8), "np.var(x, axis=1, dtype=np.int8)", ai);
  check(mean(i, std::vector<int64_t>{1}, false, int8), "np.mean(x, axis=1, dtype=np.int8)", ai);
  check(var(c, std::nullopt, 0, false, float32), "np.var(x, dtype=np.float32)", ac);
  check(mean(h), "np.mean(x)", ah);  // a NumPy scalar: float16(sum / n) rounds once
  check(mean(h, std::vector<int64_t>{1}), "np.mean(x, axis=1)", ah);
  // std of an integer-typed array result: sqrt(ret, out=ret) cannot cast float16 to int8.
  parity::testing::check_error([&] { parity::std(i, std::vector<int64_t>{1}, 0, false, int8); },
                               "np.std(x, axis=1, dtype=np.int8)", ai);
  check(parity::std(i, std::nullopt, 0, false, int8), "np.std(x, dtype=np.int8)", ai);  // a scalar: no error
  // nanmean: inexact input into a non-inexact out (bfloat16 is not np.inexact) raises TypeError.
  Tensor fl = oracle::eval_tensor("np.array([1.0, np.nan, 2.0], np.float32)");
  parity::testing::check_error([&] { nanmean(fl, std::nullopt, false, std::nullopt, zeros({}, bfloat16)); },
                               "np.nanmean(x, out=np.zeros((), ml_dtypes.bfloat16))", {{"x", fl}});
}

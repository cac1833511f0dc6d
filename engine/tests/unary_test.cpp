// Unary ufuncs against NumPy: which loop serves each of the 15 dtypes (result dtype, or NumPy's
// error class), values on ordinary and special inputs, strided layouts, the method / in-place /
// out= variants, Python scalar inputs, and round / real / imag / angle.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"

using namespace parity;
using parity::testing::same_array;

namespace {

using UnaryFn = Tensor (*)(const ArrayLike&, OutArg);
using Method = Tensor (Tensor::*)() const;
using InPlace = Tensor& (Tensor::*)();

// One row per ufunc of op_list.h; `numpy` is a callable applied to the input in the oracle.
struct UnaryOp {
  const char* name;
  UnaryFn fn;
  Method method;
  InPlace inplace;
  std::string numpy;
};

const char* kMain = "__import__('__main__').";

// Inputs per dtype: ordinary values plus nan, +-inf, +-0, subnormals, max, integer min/max; for
// complex, every pair of special and ordinary parts. sigmoid's reference is SciPy's expit
// definition computed in float64, cast to the dtype np.sin would give (and no complex loop).
const char* kPythonHelpers = R"PY(
import numpy as np, ml_dtypes
def _unary_dtype(name):
    return np.dtype(ml_dtypes.bfloat16) if name == 'bfloat16' else np.dtype(name)
def _unary_inputs(name):
    dt = _unary_dtype(name)
    if dt.kind == 'b':
        return np.array([True, False, True])
    if dt.kind in 'iu':
        ii = np.iinfo(dt)
        vals = [0, 1, 2, 3, 7, 10, 100, ii.max, ii.max - 1, ii.min, ii.min + 1]
        if dt.kind == 'i':
            vals += [-1, -2, -3, -7, -100]
        return np.array(vals, dt)
    reals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, 0.3, -0.7, 0.999, -0.999, 3.7,
             -3.7, 10.0, -10.0, 100.0, -100.0, 1e-3, 1e-5, 1e-10, -1e-10, 60.0, -60.0, 1e4,
             np.nan, np.inf, -np.inf]
    if dt.kind == 'c':
        parts = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.7, 1e-10, np.nan, np.inf, -np.inf]
        extra = [complex(100, 1), complex(-100, 1), complex(1, 100), complex(0.3, -0.7), complex(-2, 1e-8)]
        return np.array([complex(a, b) for a in parts for b in parts] + extra, dt)
    fi = ml_dtypes.finfo(dt) if dt == np.dtype(ml_dtypes.bfloat16) else np.finfo(dt)
    with np.errstate(all='ignore'):
        return np.concatenate([np.array(reals).astype(dt),
                               np.array([fi.smallest_subnormal, -fi.smallest_subnormal, fi.tiny,
                                         fi.max, -fi.max], dt)])
def _sigmoid_ref(x):
    x = np.asarray(x)
    if x.dtype.kind == 'c':
        raise TypeError("ufunc 'expit' not supported for the input types")
    dt = np.sin(x).dtype
    with np.errstate(all='ignore'):
        return (1 / (1 + np.exp(-x.astype(np.float64)))).astype(dt)
)PY";

void setup_python() {
  static bool done = false;
  if (!done) oracle::exec(kPythonHelpers);
  done = true;
}

const std::vector<UnaryOp>& all_ops() {
  static const std::vector<UnaryOp> ops = [] {
    std::vector<UnaryOp> v;
#define PARITY_X(name, py, ...) \
  v.push_back({#name, static_cast<UnaryFn>(&parity::name), &Tensor::name, &Tensor::name##_, "np." #py});
    PARITY_UNARY_UFUNCS(PARITY_X)
#undef PARITY_X
    for (auto& op : v)
      if (std::string(op.name) == "sigmoid") op.numpy = std::string(kMain) + "_sigmoid_ref";
    return v;
  }();
  return ops;
}

std::string dtype_name(DType d) { return name(d); }

Tensor inputs(DType d) {
  setup_python();
  return oracle::eval_tensor(std::string(kMain) + "_unary_inputs('" + dtype_name(d) + "')");
}

struct Tol {
  double rtol, atol;
};
// Per dtype; both sides compute 16-bit floats in float32 and round, so those are near 1 ulp.
Tol tol_for(DType d) {
  switch (d) {
    case DType::Float16: return {1e-3, 1e-7};
    case DType::BFloat16: return {1e-2, 1e-7};
    case DType::Float32: case DType::Complex64: return {2e-6, 1e-7};
    case DType::Float64: case DType::Complex128: return {1e-12, 1e-15};
    default: return {0, 0};
  }
}

// Runs `f`, returning the tensor or the class of the Error it threw.
template <class F> std::pair<Tensor, std::string> run_engine(F&& f) {
  try {
    return {f(), ""};
  } catch (const Error& e) {
    return {Tensor(), e.py_class()};
  }
}

// Like same_array, but complex values are compared by their distance relative to the complex
// magnitude (as np.allclose does), and a failure shows the input element.
::testing::AssertionResult close_to_numpy(const Tensor& got, const Tensor& want, const Tensor& x, Tol t) {
  if (got.dtype() != want.dtype())
    return ::testing::AssertionFailure() << "dtype " << name(got.dtype()) << " != NumPy's " << name(want.dtype());
  if (got.shape() != want.shape())
    return ::testing::AssertionFailure() << "shape " << shape_str(got.shape()) << " != NumPy's " << shape_str(want.shape());
  const bool cplx = is_complex(got.dtype());
  auto gr = got.real().to_double_vector(), wr = want.real().to_double_vector();
  auto gi = cplx ? got.imag().to_double_vector() : std::vector<double>(gr.size(), 0.0);
  auto wi = cplx ? want.imag().to_double_vector() : std::vector<double>(wr.size(), 0.0);
  auto xr = x.real().to_double_vector();
  auto xi = is_complex(x.dtype()) ? x.imag().to_double_vector() : std::vector<double>(xr.size(), 0.0);
  auto part_ok = [&](double g, double w, double scale) {
    if (std::isnan(g) || std::isnan(w)) return std::isnan(g) && std::isnan(w);
    if (std::isinf(g) || std::isinf(w)) return g == w;
    if (!is_inexact(got.dtype())) return g == w;
    if (g == 0 && w == 0) return std::signbit(g) == std::signbit(w);  // -0.0 vs 0.0
    return std::fabs(g - w) <= t.atol + t.rtol * scale;
  };
  for (size_t i = 0; i < gr.size(); ++i) {
    double scale = std::fabs(wr[i]);
    if (cplx && std::isfinite(wr[i]) && std::isfinite(wi[i])) scale = std::hypot(wr[i], wi[i]);
    bool ok = part_ok(gr[i], wr[i], scale) && (!cplx || part_ok(gi[i], wi[i], cplx ? (std::isfinite(wr[i]) ? scale : std::fabs(wi[i])) : 0));
    if (!ok) {
      auto f = ::testing::AssertionFailure() << "element " << i << ": input " << xr[i];
      if (is_complex(x.dtype())) f << (xi[i] < 0 || std::signbit(xi[i]) ? "" : "+") << xi[i] << "j";
      f << " gives " << gr[i];
      if (cplx) f << (std::signbit(gi[i]) ? "" : "+") << gi[i] << "j";
      f << ", NumPy " << wr[i];
      if (cplx) f << (std::signbit(wi[i]) ? "" : "+") << wi[i] << "j";
      return f;
    }
  }
  return ::testing::AssertionSuccess();
}

std::string ctx_of(const UnaryOp& op, DType d) { return std::string(op.name) + " on " + dtype_name(d); }

}  // namespace

// The loop NumPy picks: the result dtype for every op and dtype, or an error of NumPy's class.
TEST(UnaryDTypes, ResultDTypeOrErrorClassMatchesNumpy) {
  int checked = 0;
  for (const auto& op : all_ops())
    for (DType d : kAllDTypes) {
      Tensor x = inputs(d);
      auto want = oracle::eval(op.numpy + "(x)", {{"x", x}});
      auto [got, err] = run_engine([&] { return op.fn(x, {}); });
      if (want.error) {
        EXPECT_TRUE(!err.empty() && want.raised(err))
            << ctx_of(op, d) << ": engine " << (err.empty() ? "did not raise" : "raised " + err)
            << ", NumPy raised " << want.error_class << ": " << want.error_message;
      } else {
        ASSERT_TRUE(err.empty()) << ctx_of(op, d) << ": engine raised " << err;
        EXPECT_EQ(dtype_name(got.dtype()), dtype_name(want.values[0].dtype())) << ctx_of(op, d);
      }
      ++checked;
    }
  EXPECT_EQ(checked, 46 * 15);
}

// Values on ordinary and special inputs (nan, +-inf, +-0, subnormals, extremes, int min/max).
TEST(UnaryValues, SampleAndSpecialValuesMatchNumpy) {
  for (const auto& op : all_ops())
    for (DType d : kAllDTypes) {
      Tensor x = inputs(d);
      auto want = oracle::eval(op.numpy + "(x)", {{"x", x}});
      if (want.error) continue;  // covered by ResultDTypeOrErrorClassMatchesNumpy
      Tensor got = op.fn(x, {});
      Tol t = tol_for(got.dtype());
      EXPECT_TRUE(close_to_numpy(got, want.values[0], x, t)) << ctx_of(op, d);
    }
}

// Integer specifics spelled out (also covered above): reciprocal(0) and wrap-around.
TEST(UnaryValues, IntegerEdgeCasesMatchNumpy) {
  for (const char* e : {"np.array([0, 1, -1, 2, -2], np.int8)", "np.array([0, 1, -1, 2], np.int32)",
                        "np.array([0, 1, -1, 2], np.int64)", "np.array([0, 1, 2, 255], np.uint8)",
                        "np.array([0, 1, 2], np.uint64)"}) {
    Tensor x = oracle::eval_tensor(e);
    EXPECT_TRUE(parity::testing::matches_numpy(reciprocal(x), "np.reciprocal(x)", {{"x", x}})) << e;
  }
  Tensor m = oracle::eval_tensor("np.array([-128, 127, 0], np.int8)");
  EXPECT_TRUE(parity::testing::matches_numpy(abs(m), "np.abs(x)", {{"x", m}}));
  EXPECT_TRUE(parity::testing::matches_numpy(negative(m), "np.negative(x)", {{"x", m}}));
  EXPECT_TRUE(parity::testing::matches_numpy(square(m), "np.square(x)", {{"x", m}}));
  EXPECT_TRUE(parity::testing::matches_numpy(invert(m), "np.invert(x)", {{"x", m}}));
  Tensor b = oracle::eval_tensor("np.array([True, False])");
  EXPECT_TRUE(parity::testing::matches_numpy(invert(b), "np.invert(x)", {{"x", b}}));
}

TEST(UnaryValues, SignbitOfNegativeZeroAndNan) {
  Tensor x = oracle::eval_tensor("np.array([-0.0, 0.0, -np.nan, np.nan, -np.inf])");
  EXPECT_TRUE(parity::testing::matches_numpy(signbit(x), "np.signbit(x)", {{"x", x}}));
}

// sigmoid saturates instead of overflowing, for every float dtype.
TEST(UnaryValues, SigmoidIsStableForLargeInputs) {
  for (const char* dt : {"np.float16", "bfloat16", "np.float32", "np.float64"}) {
    Tensor x = oracle::eval_tensor(std::string("np.array([-1000, 1000, -np.inf, np.inf, np.nan, 0], ") + dt + ")");
    Tensor want = oracle::eval_tensor(std::string("np.array([0, 1, 0, 1, np.nan, 0.5], ") + dt + ")");
    EXPECT_TRUE(same_array(sigmoid(x), want, 0, 0)) << dt;
    EXPECT_TRUE(same_array(expit(x), want, 0, 0)) << dt;
  }
}

// Transposed, stepped ([:, ::2]), flipped (negative strides) and broadcast (stride 0) inputs give
// exactly the result of their contiguous copies.
TEST(UnaryLayouts, NoncontiguousInputsMatchContiguous) {
  setup_python();
  for (DType d : {DType::Float64, DType::Float16, DType::Int32, DType::Complex128, DType::Bool}) {
    Tensor base = oracle::eval_tensor(std::string("np.resize(") + kMain + "_unary_inputs('" + dtype_name(d) +
                                      "'), 24).reshape(4, 6)");
    std::vector<std::pair<const char*, Tensor>> views = {
        {"transposed", base.T()},
        {"stepped", Tensor(base.storage(), d, {4, 3}, {6, 2}, base.offset())},
        {"flipped", base.flip()},
        {"broadcast", Tensor(base.storage(), d, {3, 6}, {0, 1}, base.offset())},
    };
    for (const auto& op : all_ops())
      for (const auto& [what, v] : views) {
        auto [got, err] = run_engine([&] { return op.fn(v, {}); });
        auto [want, err2] = run_engine([&] { return op.fn(v.copy(), {}); });
        EXPECT_EQ(err, err2) << ctx_of(op, d) << " " << what;
        if (err.empty() && err2.empty()) {
          EXPECT_TRUE(same_array(got, want, 0, 0)) << ctx_of(op, d) << " " << what;
        }
      }
  }
}

// x.op() equals op(x); op(x, out) writes into out and returns it.
TEST(UnaryVariants, MethodAndOutFormsMatchFunction) {
  for (const auto& op : all_ops())
    for (DType d : {DType::Float64, DType::Float32, DType::Int16, DType::Complex64, DType::Bool}) {
      Tensor x = inputs(d);
      auto [want, err] = run_engine([&] { return op.fn(x, {}); });
      if (!err.empty()) continue;
      if (std::string(op.name) == "conj" && !is_complex(d)) {  // ndarray.conj() of a real array is the array
        Tensor m = (x.*op.method)();
        EXPECT_TRUE(m.is_same_view(x) && parity::testing::matches_numpy(m, "x.conj()", {{"x", x}})) << ctx_of(op, d) << " method";
      } else {
        EXPECT_TRUE(same_array((x.*op.method)(), want, 0, 0)) << ctx_of(op, d) << " method";
      }
      Tensor o = oracle::eval_tensor("np.zeros_like(w)", {{"w", want}});
      Tensor r = op.fn(x, o);
      EXPECT_EQ(r.data_ptr(), o.data_ptr()) << ctx_of(op, d);
      EXPECT_TRUE(same_array(o, want, 0, 0)) << ctx_of(op, d) << " out=";
    }
}

// x.op_() behaves as np.op(a, out=a): same buffer and values, or NumPy's error class
// (an int array's in-place sin is a UFuncTypeError).
TEST(UnaryVariants, InPlaceMatchesNumpyOutEqualsInput) {
  for (const auto& op : all_ops())
    for (DType d : kAllDTypes) {
      Tensor x = inputs(d);
      Tensor y = x.copy();
      void* ptr = y.data_ptr();
      auto [got, err] = run_engine([&] { (y.*op.inplace)(); return y; });
      std::string expr = "(lambda a: " + op.numpy + "(a, out=a))(x.copy())";
      if (std::string(op.name) == "sigmoid")  // expit: in place only where the result dtype is x's
        expr = "(lambda r: r if r.dtype == x.dtype else np.sin(x.copy(), out=x.copy()))(" +
               op.numpy + "(x))";
      auto want = oracle::eval(expr, {{"x", x}});
      if (want.error) {
        EXPECT_TRUE(!err.empty() && want.raised(err))
            << ctx_of(op, d) << " in place: engine " << (err.empty() ? "did not raise" : "raised " + err)
            << ", NumPy raised " << want.error_class;
        continue;
      }
      ASSERT_TRUE(err.empty()) << ctx_of(op, d) << " in place raised " << err;
      EXPECT_EQ(y.data_ptr(), ptr) << ctx_of(op, d);
      EXPECT_TRUE(close_to_numpy(y, want.values[0], x, tol_for(d))) << ctx_of(op, d) << " in place";
    }
}

TEST(UnaryVariants, OutWithWrongShapeIsValueError) {
  Tensor x = oracle::eval_tensor("np.linspace(0.1, 0.9, 6)");
  Tensor bad = oracle::eval_tensor("np.zeros(7)");
  for (const auto& op : all_ops()) {
    std::string expr = std::string(op.name) == "sigmoid" ? "np.sin(x, out=np.zeros(7))"
                                                         : op.numpy + "(x, out=np.zeros(7))";
    const oracle::Args args = {{"x", x}};
    EXPECT_RAISES_LIKE_NUMPY(op.fn(x, bad), expr, args);
  }
}

// Python scalars are weak: sin(2) is float64, abs(-3) int64, negative(True) a TypeError.
TEST(UnaryVariants, PythonScalarInputsMatchNumpy) {
  setup_python();
  struct S { const char* py; ArrayLike v; };
  const S scalars[] = {{"2", ArrayLike(2)}, {"-3", ArrayLike(-3)}, {"-2.5", ArrayLike(-2.5)},
                       {"True", ArrayLike(true)}, {"(1+2j)", ArrayLike(std::complex<double>(1, 2))}};
  for (const auto& op : all_ops())
    for (const auto& s : scalars) {
      auto want = oracle::eval(op.numpy + "(" + s.py + ")");
      auto [got, err] = run_engine([&] { return op.fn(s.v, {}); });
      if (want.error) {
        EXPECT_TRUE(!err.empty() && want.raised(err)) << op.name << "(" << s.py << ")";
        continue;
      }
      ASSERT_TRUE(err.empty()) << op.name << "(" << s.py << ") raised " << err;
      EXPECT_TRUE(same_array(got, want.values[0], 1e-12, 1e-15)) << op.name << "(" << s.py << ")";
    }
}

// ---- round / around ----

TEST(UnaryRound, AllDTypesAndDecimalsMatchNumpy) {
  for (DType d : kAllDTypes) {
    setup_python();
    Tensor x = oracle::eval_tensor(std::string("np.concatenate([") + kMain + "_unary_inputs('" + dtype_name(d) +
                                   "'), np.array([1.25, 2.675, -1.35, 123.456, 1e300, 15, 25, -25]).astype(" +
                                   kMain + "_unary_dtype('" + dtype_name(d) + "'))])");
    for (int64_t dec : {-400, -20, -3, -1, 0, 1, 2, 5, 40, 400}) {
      std::string expr = "np.round(x, " + std::to_string(dec) + ")";
      auto want = oracle::eval(expr, {{"x", x}});
      auto [got, err] = run_engine([&] { return round(x, dec); });
      if (want.error) {
        EXPECT_TRUE(!err.empty() && want.raised(err)) << expr << " on " << dtype_name(d) << ": NumPy raised "
                                                      << want.error_class << ", engine " << err;
        continue;
      }
      ASSERT_TRUE(err.empty()) << expr << " on " << dtype_name(d) << " raised " << err;
      EXPECT_EQ(dtype_name(got.dtype()), dtype_name(want.values[0].dtype())) << expr << " on " << dtype_name(d);
      // Integers round through float64 and cast back; where NumPy warns that the cast is invalid
      // (nan or out of range) the integer it gives is platform-defined, so only the dtype counts.
      if (is_integer(d) && !want.warnings.empty()) continue;
      Tol t = tol_for(got.dtype());
      EXPECT_TRUE(close_to_numpy(got, want.values[0], x, t)) << expr << " on " << dtype_name(d);
      EXPECT_TRUE(close_to_numpy(around(x, dec), want.values[0], x, t)) << "around";
      EXPECT_TRUE(close_to_numpy(x.round(dec), want.values[0], x, t)) << "method";
    }
  }
}

TEST(UnaryRound, DecimalsOutsideCIntIsOverflowError) {
  Tensor x = oracle::eval_tensor("np.array([1.5])");
  const oracle::Args args = {{"x", x}};
  EXPECT_RAISES_LIKE_NUMPY(round(x, int64_t{1} << 31), "np.round(x, 2**31)", args);
  EXPECT_RAISES_LIKE_NUMPY(round(x, -(int64_t{1} << 31) - 1), "np.round(x, -2**31 - 1)", args);
  EXPECT_TRUE(parity::testing::matches_numpy(round(x, INT32_MAX), "np.round(x, 2**31 - 1)", args));
  EXPECT_TRUE(std::isnan(round(x, INT32_MIN).item<double>()));  // NumPy crashes here; 0 * inf is nan
}

TEST(UnaryRound, OutArgumentMatchesNumpy) {
  struct C { const char* x; int64_t dec; const char* out; };
  const C cases[] = {
      {"np.array([15, 25], np.int8)", -1, "np.zeros(2, np.int8)"},
      {"np.array([15, 25], np.int8)", 1, "np.zeros(2, np.int8)"},
      {"np.array([15, 25], np.int8)", 1, "np.zeros(2, np.float32)"},
      {"np.array([15, 25], np.int8)", -1, "np.zeros(2, np.float32)"},
      {"np.array([15, 25], np.int8)", 0, "np.zeros(2, np.uint8)"},
      {"np.array([15, 25], np.int8)", 0, "np.zeros(3, np.int8)"},
      {"np.array([15, 25], np.int8)", 0, "np.zeros((2, 2), np.int8)"},
      {"np.array([1.26, 2.5])", 1, "np.zeros(2, np.int8)"},
      {"np.array([1.26, 2.5])", 1, "np.zeros(2, np.float32)"},
      {"np.array([1.26, 2.5])", 0, "np.zeros(2, np.int64)"},
      {"np.array([1.26, 2.5])", 0, "np.zeros(2, np.float32)"},
      {"np.array([1.26, 2.5])", 1, "np.zeros(3)"},
      {"np.array([1.26 + 2.5j])", 1, "np.zeros(1, np.complex64)"},
      {"np.array([1.26 + 2.5j])", 1, "np.zeros(1, np.float64)"},
      // complex parts are rounded in the input's precision, then cast into out's (the scaled
      // imaginary part would overflow float32; found by `parity fuzz --seed 41`)
      {"np.array([1.3097819552072442e+141 - 8.688158958612478e+36j, 65504.55 + 1e30j])", 2, "np.zeros(2, np.complex64)"},
      {"np.array([3.3e38 + 1j], np.complex64)", -1, "np.zeros(1, np.complex128)"},
      {"np.array([True, False])", 0, "np.zeros(2, bool)"},
      {"np.array([True, False])", 0, "np.zeros(2, np.float64)"},
      {"np.array([True, False])", 2, "np.zeros(2, np.float64)"},
      {"np.array([True, False])", -2, "np.zeros(2, np.float64)"},
      {"np.array([True, False])", 2, "np.zeros(2, np.int8)"},
  };
  for (const auto& c : cases) {
    Tensor x = oracle::eval_tensor(c.x);
    Tensor o = oracle::eval_tensor(c.out);
    std::string expr = "np.round(x, " + std::to_string(c.dec) + ", out=o)";
    auto want = oracle::eval(expr, {{"x", x}, {"o", o.copy()}});
    auto [got, err] = run_engine([&] { return round(x, c.dec, o); });
    std::string what = expr + " with x=" + c.x + ", o=" + c.out;
    if (want.error) {
      EXPECT_TRUE(!err.empty() && want.raised(err)) << what << ": NumPy raised " << want.error_class << ", engine "
                                                    << (err.empty() ? "nothing" : err);
      continue;
    }
    ASSERT_TRUE(err.empty()) << what << " raised " << err;
    EXPECT_EQ(got.data_ptr(), o.data_ptr()) << what;
    EXPECT_TRUE(same_array(o, want.values[0], 1e-6, 0)) << what;
  }
}

TEST(UnaryRound, InPlaceKeepsBufferAndRoundsHalfToEven) {
  Tensor x = oracle::eval_tensor("np.array([0.5, 1.5, 2.5, -0.5, -2.5, 1.25, 1.35])");
  Tensor want = oracle::eval_tensor("np.round(x, 1)", {{"x", x}});
  void* p = x.data_ptr();
  x.round_(1);
  EXPECT_EQ(x.data_ptr(), p);
  EXPECT_TRUE(same_array(x, want, 0, 0));
  Tensor y = oracle::eval_tensor("np.array([0.5, 1.5, 2.5, -0.5, -2.5])");
  EXPECT_TRUE(parity::testing::matches_numpy(round(y), "np.round(y)", {{"y", y}}, 0));
  Tensor i = oracle::eval_tensor("np.array([15, 25], np.int8)");
  const oracle::Args args = {{"i", i.copy()}};
  EXPECT_RAISES_LIKE_NUMPY(i.round_(-1), "np.round(i, -1, out=i)", args);
}

// ---- real, imag, angle ----

TEST(UnaryComplexParts, RealImagAngleMatchNumpyForAllDTypes) {
  for (DType d : kAllDTypes) {
    Tensor x = inputs(d);
    oracle::Args a = {{"x", x}};
    EXPECT_TRUE(parity::testing::matches_numpy(real(x), "np.real(x)", a, 0)) << dtype_name(d);
    EXPECT_TRUE(parity::testing::matches_numpy(imag(x), "np.imag(x)", a, 0)) << dtype_name(d);
    auto want = oracle::eval_tensor("np.angle(x)", a);
    Tol ta = tol_for(want.dtype());
    EXPECT_TRUE(close_to_numpy(angle(x), want, x, ta)) << "angle " << dtype_name(d);
    EXPECT_TRUE(close_to_numpy(x.angle(), want, x, ta)) << "angle method " << dtype_name(d);
    EXPECT_TRUE(parity::testing::matches_numpy(angle(x, true), "np.angle(x, deg=True)", a, ta.rtol, ta.atol))
        << "angle deg " << dtype_name(d);
  }
}

TEST(UnaryComplexParts, RealAndImagOfComplexAreViews) {
  Tensor z = oracle::eval_tensor("np.array([1+2j, 3-4j], np.complex64)");
  Tensor r = real(z), i = imag(z);
  EXPECT_TRUE(r.shares_storage(z));
  EXPECT_TRUE(i.shares_storage(z));
  EXPECT_EQ(r.dtype(), float32);
  r.assign(ArrayLike(7.0));
  EXPECT_TRUE(parity::testing::matches_numpy(z, "np.array([7+2j, 7-4j], np.complex64)"));
  Tensor f = oracle::eval_tensor("np.array([1.5, 2.5])");
  EXPECT_TRUE(real(f).is_same_view(f));  // real input: x itself
}

// NumPy's complex square is its SIMD complex product x*x (simd_cmul with AVX2 fmaddsub): the
// real-part product fused with -(im*im), so (3.4e38+infj)**2 is -inf+infj. Expected values: NumPy.
TEST(Unary, ComplexSquareFusesLikeNumpysSimdLoop) {
  for (const std::string dt : {"np.complex64", "np.complex128"}) {
    const std::string big = dt == "np.complex64" ? "3.4028235e+38" : "1.7e308";
    Tensor x = oracle::eval_tensor("np.array([complex(" + big + ", np.inf), 2-3j, complex(np.nan, 1), 0.1+0.7j], " + dt + ")");
    const oracle::Args args{{"x", x}};
    EXPECT_TRUE(parity::testing::matches_numpy(square(x), "np.square(x)", args, 0)) << dt;
    EXPECT_TRUE(parity::testing::matches_numpy(square(x.index({Slice(0, 1)}).reshape({})), "np.square(x[0])", args, 0)) << dt;
  }
}

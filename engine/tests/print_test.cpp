// Tensor::repr() / str() against NumPy's repr() / str() on arrays built in NumPy.
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "parity/oracle.h"
#include "parity/tensor.h"
#include "print_format.h"
#include "test_util.h"

namespace parity {
namespace {

// Builds `expr` in NumPy, then checks that the engine prints it as NumPy does.
::testing::AssertionResult prints_like_numpy(const std::string& expr) {
  Tensor t = oracle::eval_tensor(expr);
  std::string want_repr = oracle::eval_str("repr(x)", {{"x", t}});
  std::string want_str = oracle::eval_str("str(x)", {{"x", t}});
  std::string got_repr = t.repr(), got_str = t.str();
  if (got_repr != want_repr)
    return ::testing::AssertionFailure() << "repr of " << expr << "\n engine:\n" << got_repr
                                         << "\n NumPy:\n" << want_repr;
  if (got_str != want_str)
    return ::testing::AssertionFailure() << "str of " << expr << "\n engine:\n" << got_str
                                         << "\n NumPy:\n" << want_str;
  return ::testing::AssertionSuccess();
}

const std::vector<std::string> kDTypeNames = {
    "bool",   "int8",    "int16",   "int32",    "int64",   "uint8",     "uint16",    "uint32",
    "uint64", "float16", "bfloat16", "float32", "float64", "complex64", "complex128"};

std::string np_dtype(const std::string& n) { return n == "bfloat16" ? "bfloat16" : "np." + n; }

TEST(PrintTest, EveryDTypeEveryShape) {
  const std::vector<std::string> shapes = {
      "np.array(3)", "np.array([], dtype=np.int64)", "np.array([1, 0, 2])",
      "np.arange(6).reshape(2, 3)", "np.arange(8).reshape(2, 2, 2)", "np.zeros((2, 0))",
      "np.arange(1001)", "np.arange(40)", "np.arange(24).reshape(2, 3, 4) - 12",
      "np.arange(2 * 3 * 1 * 2).reshape(2, 3, 1, 2)", "np.arange(3000).reshape(3, 10, 100)",
      "np.array([[0, 1], [2, 3]]) * 37 - 50", "np.zeros((1, 0, 3))", "np.array([7])"};
  for (const auto& dt : kDTypeNames)
    for (const auto& s : shapes) EXPECT_TRUE(prints_like_numpy("(" + s + ").astype(" + np_dtype(dt) + ")"));
}

TEST(PrintTest, IntegerExtremesAndAlignment) {
  for (const char* dt : {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}) {
    std::string d = std::string("np.") + dt;
    EXPECT_TRUE(prints_like_numpy("np.array([np.iinfo(" + d + ").min, 0, np.iinfo(" + d + ").max], dtype=" + d + ")"));
    EXPECT_TRUE(prints_like_numpy("np.array(np.iinfo(" + d + ").max, dtype=" + d + ")"));
  }
  EXPECT_TRUE(prints_like_numpy("np.array([-1, 5, 100])"));
  EXPECT_TRUE(prints_like_numpy("np.arange(-50, 48, 7).reshape(2, 7)"));
  EXPECT_TRUE(prints_like_numpy("np.arange(100) * 123456789"));
  EXPECT_TRUE(prints_like_numpy("np.array([True, False])"));
  EXPECT_TRUE(prints_like_numpy("np.array(False)"));
  EXPECT_TRUE(prints_like_numpy("np.arange(60).reshape(3, 20) % 3 == 0"));
}

TEST(PrintTest, FloatsFixedAndScientific) {
  const std::vector<std::string> vals = {
      "[1., 2.]", "[0.1, 0.25]", "[1e-10, 1e10]", "[1.5e-10, 1e10]", "[1e-100, 1e10]",
      "[np.nan, np.inf, -np.inf, -0., 0.]", "[np.nan, 1.]", "[-np.inf, 1.5, 100.25]", "[-0., 1.]",
      "[np.nan]", "[np.inf]", "[-np.inf]", "[np.nan, np.inf]", "[0.]", "[-0.]", "[1e-5, 1.]",
      "[1e8]", "[99999999.]", "[1e7, 1.]", "[1000., 1.]", "[1001., 1.]", "[0.0001]", "[0.0001, 0.1]",
      "[123456789.123]", "[0.001953125]", "[0.005859375]", "[0.100000001]", "[1.000000001e-5, 1.5e-5]",
      "[3.14159265358979, 2.718281828459045]", "[1/3, 2/3, 1.]", "[1e-300, 5e-324]", "[1.7976931348623157e308]",
      "[-1.5, 2.25, -1000.125]", "[1e16, 1.]", "[12345.678, 0.5]", "[65504., 0.001]", "[6e-8, 1.]",
      "[1e-4, 1e-4 * 1.00000001]", "[0.5, np.nan, -np.inf, 3e-5]"};
  for (const char* dt : {"np.float64", "np.float32", "np.float16"})
    for (const auto& v : vals) {
      EXPECT_TRUE(prints_like_numpy("np.array(" + v + ", dtype=" + dt + ")"));
      EXPECT_TRUE(prints_like_numpy("np.array(" + v + "[0], dtype=" + dt + ")"));  // 0-d
    }
}

TEST(PrintTest, FloatShapesWrapAndSummarize) {
  for (const char* dt : {"np.float64", "np.float32", "np.float16"}) {
    std::string d = dt;
    for (std::string e : {
             "np.linspace(0, 1, 30).reshape(3, 10)", "np.arange(40.)", "np.arange(1001.) / 7",
             "np.random.default_rng(0).normal(size=(4, 5))", "np.random.default_rng(1).normal(size=(2, 3, 4)) * 1e6",
             "np.random.default_rng(2).normal(size=1500) * 1e-3", "np.arange(2000.).reshape(10, 10, 20)",
             "-np.arange(1500.).reshape(30, 50) / 3", "np.random.default_rng(3).uniform(size=(7, 7, 7, 7))"})
      EXPECT_TRUE(prints_like_numpy("(" + e + ").astype(" + d + ")"));
  }
}

TEST(PrintTest, Complex) {
  const std::vector<std::string> vals = {
      "[1+2j, -1j]", "[np.nan+1j, 1e10+0j]", "[complex(1, np.inf), 2]", "[0j]", "[complex(-0., -0.)]",
      "[complex(np.nan, -np.nan), complex(np.inf, -np.inf)]", "[1e-5+1e5j, 3+4j]", "[0.1+0.2j, -0.5-0.25j]",
      "[1j, 2j, 3j]", "[1e20+1e-20j]", "[complex(0, np.nan)]", "[complex(-1.5, -0.)]"};
  for (const char* dt : {"np.complex128", "np.complex64"})
    for (const auto& v : vals) {
      EXPECT_TRUE(prints_like_numpy("np.array(" + v + ", dtype=" + dt + ")"));
      EXPECT_TRUE(prints_like_numpy("np.array(" + v + "[0], dtype=" + dt + ")"));
    }
  EXPECT_TRUE(prints_like_numpy("np.arange(40) * (1 + 0.5j)"));
  EXPECT_TRUE(prints_like_numpy("(np.arange(1200) * (0.25 - 3j)).reshape(2, 600)"));
  EXPECT_TRUE(prints_like_numpy("np.random.default_rng(4).normal(size=(3, 4)) + 1j * np.random.default_rng(5).normal(size=(3, 4))"));
}

TEST(PrintTest, BFloat16) {
  for (std::string v : {"[1.5]", "[1.5, 3.14159, 1e10, -2, np.nan, np.inf, -np.inf]", "[1e-5, 1]",
                               "[-0., 0.]", "np.arange(1100)", "np.arange(80) / 3"}) {
    EXPECT_TRUE(prints_like_numpy("np.array(" + v + ", dtype=bfloat16)"));
  }
  EXPECT_TRUE(prints_like_numpy("np.array(3.14159, dtype=bfloat16)"));
}

// The ", dtype=..." suffix goes on its own line when the last line would pass 75 characters.
TEST(PrintTest, DTypeSuffixPlacement) {
  for (int n = 1; n <= 40; ++n) {
    std::string k = std::to_string(n);
    EXPECT_TRUE(prints_like_numpy("np.arange(100, 100 + " + k + ", dtype=np.int32)"));
    EXPECT_TRUE(prints_like_numpy("np.arange(" + k + ", dtype=np.float32) / 3"));
    EXPECT_TRUE(prints_like_numpy("np.arange(2 * " + k + ", dtype=np.uint16).reshape(2, " + k + ")"));
  }
}

TEST(PrintTest, NonContiguousViews) {
  Tensor t = oracle::eval_tensor("np.arange(24.).reshape(2, 3, 4) / 8");
  Tensor v = t.transpose({2, 0, 1});
  EXPECT_EQ(v.repr(), oracle::eval_str("repr(x.transpose(2, 0, 1))", {{"x", t}}));
  Tensor f = t.flip();
  EXPECT_EQ(f.str(), oracle::eval_str("str(np.flip(x))", {{"x", t}}));
  Tensor big = oracle::eval_tensor("np.arange(3000, dtype=np.int32).reshape(60, 50)");
  EXPECT_EQ(big.T().repr(), oracle::eval_str("repr(x.T)", {{"x", big}}));
}

TEST(PrintTest, StreamOperatorIsRepr) {
  Tensor t = oracle::eval_tensor("np.array([1.5, 2.], dtype=np.float32)");
  std::ostringstream os;
  os << t;
  EXPECT_EQ(os.str(), "array([1.5, 2. ], dtype=float32)");
}

// The shortest-digit search for float16 and bfloat16, on every bit pattern, against NumPy's
// scalar str(); float32 on a spread of bit patterns.
std::string engine_scalar_strs(const std::vector<double>& vals, print::FloatKind k, bool bf16) {
  std::string out;
  for (size_t i = 0; i < vals.size(); ++i) {
    if (i) out += "\n";
    out += bf16 ? print::bfloat16_str(static_cast<float>(vals[i])) : print::float_scalar_str(vals[i], k);
  }
  return out;
}

TEST(PrintTest, ShortestDigitsEveryHalf) {
  for (const char* dt : {"np.float16", "bfloat16"}) {
    bool bf = std::string(dt) == "bfloat16";
    std::string mk = "np.arange(65536, dtype=np.uint32).astype(np.uint16).view(" + std::string(dt) + ")";
    Tensor t = oracle::eval_tensor(mk);
    std::string want = oracle::eval_str("'\\n'.join(str(v) for v in x)", {{"x", t}});
    std::string got = engine_scalar_strs(t.to_double_vector(), print::FloatKind::F16, bf);
    std::istringstream a(got), b(want);
    std::string la, lb;
    int bad = 0;
    for (int i = 0; std::getline(b, lb); ++i) {
      std::getline(a, la);
      if (la != lb && bad++ < 5) ADD_FAILURE() << dt << " bits " << i << ": engine " << la << ", NumPy " << lb;
    }
    EXPECT_EQ(bad, 0);
  }
  Tensor f = oracle::eval_tensor(
      "np.random.default_rng(7).integers(0, 2**32, size=20000, dtype=np.uint64).astype(np.uint32).view(np.float32)");
  std::string want = oracle::eval_str("'\\n'.join(str(v) for v in x)", {{"x", f}});
  EXPECT_EQ(engine_scalar_strs(f.to_double_vector(), print::FloatKind::F32, false), want);
  Tensor d = oracle::eval_tensor("np.random.default_rng(8).integers(0, 2**63, size=20000).view(np.float64)");
  want = oracle::eval_str("'\\n'.join(str(v) for v in x)", {{"x", d}});
  EXPECT_EQ(engine_scalar_strs(d.to_double_vector(), print::FloatKind::F64, false), want);
}

// Every float16 inside arrays (fixed and scientific layouts, extra exact digits), and random
// arrays of every dtype with mixed magnitudes, shapes and special values.
TEST(PrintTest, RandomArraysLikeNumPy) {
  for (int start = 0; start < 65536; start += 512) {
    std::string e = "np.arange(" + std::to_string(start) + ", " + std::to_string(start + 512) +
                    ", dtype=np.uint32).astype(np.uint16).view(np.float16)[:" + std::to_string(start % 7 + 5) + "]";
    EXPECT_TRUE(prints_like_numpy(e));
    EXPECT_TRUE(prints_like_numpy("np.arange(" + std::to_string(start) + ", " + std::to_string(start + 512) +
                                  ", dtype=np.uint32).astype(np.uint16).view(np.float16)"));
  }
  oracle::exec(R"(
import numpy as np
def _parity_print_case(seed):
    rng = np.random.default_rng(seed)
    names = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
             'float16', 'float32', 'float64', 'complex64', 'complex128']
    dt = np.dtype(names[seed % len(names)])
    ndim = int(rng.integers(0, 4))
    shape = tuple(int(rng.integers(1, 6)) for _ in range(ndim))
    if seed % 11 == 0: shape = (int(rng.integers(990, 1100)),)
    scale = 10.0 ** rng.integers(-12, 12, size=shape)
    x = rng.normal(size=shape) * np.where(rng.random(size=shape) < 0.5, scale, 1.0)
    if dt.kind == 'c': x = x + 1j * rng.normal(size=shape) * 10.0 ** rng.integers(-3, 9)
    if dt.kind in 'fc' and x.size and seed % 3 == 0:
        x.flat[0] = [np.nan, np.inf, -np.inf, -0.0][seed % 4]
    if dt.kind in 'iu': x = rng.integers(np.iinfo(dt).min, np.iinfo(dt).max, size=shape, dtype=dt, endpoint=True)
    if seed % 5 == 0 and dt.kind in 'iuf': x = np.round(x)
    with np.errstate(all='ignore'):
        return np.asarray(x).astype(dt)
)");
  for (int seed = 0; seed < 300; ++seed)
    EXPECT_TRUE(prints_like_numpy("__import__('__main__')._parity_print_case(" + std::to_string(seed) + ")"));
}

TEST(PrintTest, UndefinedTensorRaises) {
  Tensor t;
  EXPECT_THROW(t.repr(), ValueError);
  EXPECT_THROW(t.str(), ValueError);
}

}  // namespace
}  // namespace parity

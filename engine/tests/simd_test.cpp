// The vectorized float32/float64 loops (engine/src/simd, Google Highway with runtime dispatch):
// values against NumPy on inputs holding the special values and the edges of each vector range, at
// lengths that are no multiple of the vector size; and the same bits whatever the layout: reversed,
// strided, shifted, one element at a time, split over threads. Binary + - * / must equal IEEE
// arithmetic bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <algorithm>
#include <string>
#include <vector>

#include "simd/simd.h"
#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;

namespace {

using UnaryFn = Tensor (*)(const ArrayLike&, OutArg);
using BinaryFn = Tensor (*)(const ArrayLike&, const ArrayLike&, OutArg);

struct UnaryCase {
  const char* name;
  UnaryFn fn;
  const char* numpy;  // NumPy expression of x
  const char* kind;   // which extra edge values and random range _simd_inputs uses
};

const std::vector<UnaryCase>& unary_cases() {
  static const std::vector<UnaryCase> v = {
      {"exp", &parity::exp, "np.exp(x)", "exp"},
      {"expm1", &parity::expm1, "np.expm1(x)", "exp"},
      {"expit", &parity::sigmoid, "__import__('__main__')._simd_expit(x)", "exp"},
      {"log", &parity::log, "np.log(x)", "log"},
      {"log2", &parity::log2, "np.log2(x)", "log"},
      {"log10", &parity::log10, "np.log10(x)", "log"},
      {"log1p", &parity::log1p, "np.log1p(x)", "log"},
      {"sin", &parity::sin, "np.sin(x)", "trig"},
      {"cos", &parity::cos, "np.cos(x)", "trig"},
      {"tanh", &parity::tanh, "np.tanh(x)", "exp"},
      {"sinh", &parity::sinh, "np.sinh(x)", "exp"},
      {"arcsin", &parity::arcsin, "np.arcsin(x)", "unit"},
      {"arctan", &parity::arctan, "np.arctan(x)", "log"},
      {"negative", &parity::negative, "np.negative(x)", "exp"},
      {"sqrt", &parity::sqrt, "np.sqrt(x)", "exact"},
      {"absolute", &parity::abs, "np.absolute(x)", "exact"},
      {"square", &parity::square, "np.square(x)", "exact"},
      {"reciprocal", &parity::reciprocal, "np.reciprocal(x)", "exact"},
      {"floor", &parity::floor, "np.floor(x)", "exact"},
      {"ceil", &parity::ceil, "np.ceil(x)", "exact"},
      {"trunc", &parity::trunc, "np.trunc(x)", "exact"},
      {"rint", &parity::rint, "np.rint(x)", "exact"},
  };
  return v;
}

// Inputs: special values (nan, +-inf, +-0, subnormals, min normal, max), the edges of the vector
// ranges (exp overflow / subnormal results near +-87 / 88 (float32) and 708 / 709 (float64),
// sin/cos's 39000, log's powers of two...), and random values; an odd number of them (about 1100).
// expit's reference is its definition computed in float64 (NumPy has no expit), in the form that
// never overflows.
const char* kPython = R"PY(
import numpy as np
def _simd_inputs(kind, dtname):
    dt = np.dtype(dtname)
    fi = np.finfo(dt)
    rng = np.random.default_rng(6)
    v = [0.0, -0.0, np.nan, -np.nan, np.inf, -np.inf, float(fi.smallest_subnormal),
         -float(fi.smallest_subnormal), float(fi.tiny), -float(fi.tiny), float(fi.tiny) * 0.5,
         float(fi.max), -float(fi.max), 1.0, -1.0, 0.5, -0.5, 2.0, 0.75, 1e-30, -1e-30, 1e-300]
    if kind == 'exp':
        v += [s * e for s in (1, -1) for e in (18.7, 18.72, 20.0, 86.9, 87.0, 87.3, 87.4, 88.0, 88.1,
              88.72, 88.73, 89.0, 103.9, 104.0, 104.1, 700.0, 706.0, 706.1, 708.0, 708.4, 708.5,
              709.0, 709.7, 709.8, 710.0, 744.0, 745.2, 746.0, 1e10)]
        r = rng.uniform(-100, 100, 500).tolist() + rng.uniform(-750, 750, 300).tolist() + \
            rng.uniform(-3, 3, 200).tolist()
    elif kind == 'log':
        v += [2.0 ** k for k in range(-20, 21)] + [10.0 ** k for k in range(-8, 9)] + \
             [-2.0, -1e-10, 0.999999, 1.000001, 1e-8, -0.999, 1e38, 1e300, 3.0, 1e-38, 1.2e-38, 2.2e-308]
        r = (10.0 ** rng.uniform(-45, 45, 500)).tolist() + (10.0 ** rng.uniform(-320, 310, 200)).tolist() + \
            rng.uniform(-1, 3, 300).tolist()
    elif kind == 'trig':
        v += [s * e for s in (1, -1) for e in (np.pi, np.pi / 2, 3 * np.pi / 2, 100 * np.pi,
              38999.0, 39000.0, 39000.5, 39001.0, 1e5, 1e6, 1e20)]
        r = rng.uniform(-10, 10, 400).tolist() + rng.uniform(-40000, 40000, 400).tolist() + \
            rng.uniform(-1e-3, 1e-3, 200).tolist()
    elif kind == 'exact':  # rounding halves and the ends of the fraction bits (2^23 / 2^52)
        v += [s * e for s in (1, -1) for e in (0.5, 1.5, 2.5, 3.5, 0.49999997, 0.5000001, 1e-8,
              2.0 ** 23 - 0.5, 2.0 ** 23 + 0.5, 2.0 ** 23, 2.0 ** 23 + 1, 2.0 ** 24 - 1,
              2.0 ** 52 - 0.5, 2.0 ** 52 + 0.5, 2.0 ** 52 + 1, 2.0 ** 52, 2.0 ** 53 - 1, 1e20, 1e300)]
        r = rng.uniform(-10, 10, 400).tolist() + (rng.integers(-8, 9, 200) * 0.5).tolist() + \
            (10.0 ** rng.uniform(-45, 40, 200) * rng.choice([-1, 1], 200)).tolist() + \
            rng.uniform(-2.0 ** 54, 2.0 ** 54, 100).tolist() + \
            (10.0 ** rng.uniform(-320, -300, 100) * rng.choice([-1, 1], 100)).tolist()
    else:  # unit: arcsin
        v += [s * e for s in (1, -1) for e in (1.0, 0.9999999, 1.0000001, 0.4999, 0.5001, 2.0)]
        r = rng.uniform(-1, 1, 800).tolist() + rng.uniform(-1.1, 1.1, 200).tolist()
    vals = v + r
    if len(vals) % 2 == 0:
        vals.append(0.3)  # an odd length: never a whole number of vectors
    with np.errstate(all='ignore'):
        a = np.array(vals).astype(dt)
    if kind == 'exact':  # nans with payloads, both signs, quiet and signaling: an even count
        u = np.dtype('u%d' % dt.itemsize)
        q, s = (0x7fc00000, 0x7f800000) if dt.itemsize == 4 else (0x7ff8 << 48, 0x7ff << 52)
        sign = 1 << (8 * dt.itemsize - 1)
        nans = [q | 0x123, q | 0x123 | sign, s | 0x456, s | 0x456 | sign, q | sign, q]
        a = np.concatenate([a, np.array(nans, u).view(dt)])
    return a
def _simd_expit(x):
    d = x.astype(np.float64)
    with np.errstate(all='ignore'):
        e = np.exp(-np.abs(d))  # no overflow: exact 0 / subnormal tails stay right
        return np.where(d >= 0, 1 / (1 + e), e / (1 + e)).astype(x.dtype)
)PY";

void setup_python() {
  static bool done = false;
  if (!done) oracle::exec(kPython);
  done = true;
}

// Helpers defined by oracle::exec live in __main__, not in eval's namespace.
const char* kMain = "__import__('__main__').";

// The default OpInfo tolerances (opinfo/src/compare.cpp).
double rtol(DType d) { return d == DType::Float32 ? 1.3e-6 : 1e-7; }
double atol(DType d) { return d == DType::Float32 ? 1e-5 : 1e-7; }

// Raw bits of each element (contiguous copy), to compare results exactly.
std::vector<uint64_t> bits(const Tensor& t) {
  Tensor c = t.contiguous();
  std::vector<uint64_t> out(static_cast<size_t>(c.size()));
  for (size_t i = 0; i < out.size(); ++i) {
    if (c.dtype() == DType::Float32) {
      uint32_t u;
      std::memcpy(&u, c.data<float>() + i, 4);
      out[i] = u;
    } else {
      std::memcpy(&out[i], c.data<double>() + i, 8);
    }
  }
  return out;
}

// Where NumPy's result is 0, +-inf or nan, the engine's must be the same value with the same sign:
// those lanes come from the scalar kernel, never from the approximation.
::testing::AssertionResult same_specials(const Tensor& got, const Tensor& want) {
  auto g = got.to_double_vector(), w = want.to_double_vector();
  for (size_t i = 0; i < g.size(); ++i) {
    if (std::isnan(w[i]) ? !std::isnan(g[i])
                         : (w[i] == 0 || std::isinf(w[i])) &&
                               (g[i] != w[i] || std::signbit(g[i]) != std::signbit(w[i])))
      return ::testing::AssertionFailure() << "element " << i << ": " << g[i] << " != NumPy's " << w[i];
  }
  return ::testing::AssertionSuccess();
}

Tensor inputs(const UnaryCase& c, DType dt) {
  setup_python();
  return oracle::eval_tensor(std::string(kMain) + "_simd_inputs('" + c.kind + "', '" + name(dt) + "')");
}

TEST(Simd, ReportsDispatchedTarget) {
  const std::string t = simd::target_name();
  std::printf("[ simd     ] dispatched Highway target: %s\n", t.c_str());
  EXPECT_FALSE(t.empty());
}

TEST(Simd, UnaryMatchesNumpyWithSpecialValues) {
  for (const auto& c : unary_cases()) {
    for (DType dt : {DType::Float32, DType::Float64}) {
      SCOPED_TRACE(std::string(c.name) + " " + name(dt));
      Tensor x = inputs(c, dt);
      Tensor got = c.fn(x, {});
      EXPECT_TRUE(matches_numpy(got, c.numpy, {{"x", x}}, rtol(dt), atol(dt)));
      EXPECT_TRUE(same_specials(got, oracle::eval_tensor(c.numpy, {{"x", x}})));
      // Every prefix length up to three vectors: tails of each size.
      for (int64_t n = 1; n <= 50; n += 7) {
        Tensor xs = x.index({Slice(0, n)});
        EXPECT_TRUE(matches_numpy(c.fn(xs, {}), c.numpy, {{"x", xs}}, rtol(dt), atol(dt))) << n;
      }
    }
  }
}

TEST(Simd, UnaryBitsDoNotDependOnLayoutOrPosition) {
  for (const auto& c : unary_cases()) {
    for (DType dt : {DType::Float32, DType::Float64}) {
      SCOPED_TRACE(std::string(c.name) + " " + name(dt));
      Tensor x = inputs(c, dt);
      const int64_t n = x.size();
      const auto want = bits(c.fn(x, {}));
      EXPECT_EQ(bits(c.fn(x.flip(), {}).flip()), want) << "reversed";
      Tensor x2 = oracle::eval_tensor("np.repeat(x, 2)", {{"x", x}});
      EXPECT_EQ(bits(c.fn(x2.index({Slice(None, None, 2)}), {})), want) << "stride 2";
      Tensor out = oracle::eval_tensor("np.zeros(3 * len(x), x.dtype)", {{"x", x}});
      c.fn(x, out.index({Slice(None, None, 3)}));
      EXPECT_EQ(bits(out.index({Slice(None, None, 3)})), want) << "strided out=";
      for (int64_t k : {1, 3, 5, 7, 13}) {
        auto shifted = bits(c.fn(x.index({Slice(k, None)}), {}));
        EXPECT_EQ(shifted, std::vector<uint64_t>(want.begin() + k, want.end())) << "offset " << k;
      }
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(bits(c.fn(x.index({Slice(i, i + 1)}), {}))[0], want[i]) << "alone, element " << i;
      // Over 2^16 elements: split over threads in 64-element chunks.
      Tensor big = oracle::eval_tensor("np.tile(x, 70)", {{"x", x}});
      auto got_big = bits(c.fn(big, {}));
      bool same = true;
      for (size_t i = 0; i < got_big.size(); ++i) same = same && got_big[i] == want[i % n];
      EXPECT_TRUE(same) << "threaded";
    }
  }
}

// negative flips the sign bit of every element, nan included, as NumPy does (np.negative(nan) has
// its sign bit set): the same bits as NumPy's result and as x ^ sign-mask, in every layout above.
TEST(Simd, NegativeFlipsTheSignBitLikeNumpy) {
  setup_python();
  for (DType dt : {DType::Float32, DType::Float64}) {
    SCOPED_TRACE(name(dt));
    Tensor x = oracle::eval_tensor(std::string(kMain) + "_simd_inputs('exp', '" + name(dt) + "')");
    const uint64_t sign = dt == DType::Float32 ? 0x80000000u : 0x8000000000000000ull;
    const auto got = bits(parity::negative(x, {}));
    const auto in = bits(x);
    const auto want = bits(oracle::eval_tensor("np.negative(x)", {{"x", x}}));
    ASSERT_EQ(got.size(), in.size());
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i], in[i] ^ sign) << "element " << i;
      EXPECT_EQ(got[i], want[i]) << "element " << i;
    }
  }
}

// The exact ops (simd/exact.cpp) give NumPy's bits on every input of the 'exact' set (halves,
// 2^23 / 2^52 +- 0.5, +-0, +-inf, subnormals, nans with payloads, quiet and signaling, both signs),
// and the bits of the scalar kernel's C++ expression (libm / IEEE arithmetic) for the same input,
// but for one class: floor / ceil / trunc of a signaling nan. IEEE roundToIntegral, roundps and
// NumPy quiet it (payload and sign kept); GCC's inline SSE2 expansion of std::floor/ceil/trunc
// (no SSE4.1 in the baseline) passes it through unchanged. The reference follows NumPy there.
template <class T> T exact_ref(const std::string& op, T x) {
  if (std::isnan(x) && (op == "floor" || op == "ceil" || op == "trunc")) return x + x;  // quiet
  if (op == "sqrt") return std::sqrt(x);
  if (op == "absolute") return std::fabs(x);
  if (op == "square") return x * x;
  if (op == "reciprocal") return T(1) / x;
  if (op == "floor") return std::floor(x);
  if (op == "ceil") return std::ceil(x);
  if (op == "trunc") return std::trunc(x);
  return std::nearbyint(x);  // rint
}

TEST(Simd, ExactOpsHaveNumpysAndTheScalarKernelsBits) {
  int n_ops = 0;
  for (const auto& c : unary_cases()) {
    if (std::string(c.kind) != "exact") continue;
    ++n_ops;
    for (DType dt : {DType::Float32, DType::Float64}) {
      SCOPED_TRACE(std::string(c.name) + " " + name(dt));
      Tensor x = inputs(c, dt);
      const auto got = bits(c.fn(x, {}));
      const auto want = bits(oracle::eval_tensor(c.numpy, {{"x", x}}));
      Tensor xc = x.contiguous();
      ASSERT_EQ(got.size(), want.size());
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i], want[i]) << "NumPy, element " << i;
        uint64_t ref = 0;
        if (dt == DType::Float32) {
          const float r = exact_ref(c.name, xc.data<float>()[i]);
          uint32_t u;
          std::memcpy(&u, &r, 4);
          ref = u;
        } else {
          const double r = exact_ref(c.name, xc.data<double>()[i]);
          std::memcpy(&ref, &r, 8);
        }
        EXPECT_EQ(got[i], ref) << "scalar kernel, element " << i;
      }
    }
  }
  EXPECT_EQ(n_ops, 8);
}

// exp's vector kernel (FastExp in simd/exp_log.cpp) against long double exp, over 2^20 random inputs
// in its whole vector range and the neighbourhoods of the range ends, 0 and +-ln2/2 (where the
// reduction switches n): at most 2 ulp (measured over 2^24 inputs: 1.01 float32, 1.10 float64 on
// AVX3, AVX2, SSE4), far inside the OpInfo tolerance (float32 rtol 1.3e-6, about 10 ulp).
template <class T> double exp_max_ulp(T lo, T hi) {
  std::vector<T> x;
  uint64_t s = 12345;
  for (int i = 0; i < (1 << 20); ++i) {  // splitmix-style LCG: no <random> distribution differences
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    x.push_back(lo + (hi - lo) * T(double(s >> 11) * 0x1p-53));
  }
  for (T c : {lo, hi, T(0), T(0.34657359), T(-0.34657359)}) {
    T up = c, down = c;
    for (int j = 0; j < 300; ++j) {
      x.push_back(up = std::nextafter(up, T(1000)));
      x.push_back(down = std::nextafter(down, T(-1000)));
    }
  }
  std::vector<T> y(x.size());
  simd::exp(x.data(), y.data(), static_cast<int64_t>(x.size()), [](T v) { return T(std::exp(v)); });
  double worst = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const long double ref = std::exp(static_cast<long double>(x[i]));
    int e;
    std::frexp(ref, &e);
    const long double ulp = std::ldexp(1.0L, e - std::numeric_limits<T>::digits);
    worst = std::max(worst, double(std::fabs(y[i] - ref) / ulp));
  }
  return worst;
}

TEST(Simd, ExpIsWithinTwoUlp) {
  const double f32 = exp_max_ulp<float>(-87.f, 88.f), f64 = exp_max_ulp<double>(-708., 706.);
  std::printf("[ simd     ] exp max error: float32 %.3f ulp, float64 %.3f ulp\n", f32, f64);
  EXPECT_LE(f32, 2.0);
  EXPECT_LE(f64, 2.0);
}

struct BinaryCase {
  const char* name;
  BinaryFn fn;
  const char* op;  // the Python operator
};

template <class T> T apply(const char* op, T a, T b) {
  switch (op[0]) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    default: return a / b;
  }
}

// IEEE arithmetic of each element pair (nan results only need to be nan).
template <class T>
::testing::AssertionResult is_ieee(const Tensor& got, const Tensor& a, const Tensor& b, const char* op) {
  Tensor g = got.contiguous(), ac = a.contiguous(), bc = b.contiguous();
  const int64_t n = g.size();
  for (int64_t i = 0; i < n; ++i) {
    const T x = ac.data<T>()[ac.size() == 1 ? 0 : i], y = bc.data<T>()[bc.size() == 1 ? 0 : i];
    const T want = apply(op, x, y), v = g.data<T>()[i];
    if (std::isnan(want) ? !std::isnan(v) : std::memcmp(&want, &v, sizeof(T)) != 0)
      return ::testing::AssertionFailure() << "element " << i << ": " << x << " " << op << " " << y
                                           << " gave " << v << ", IEEE " << want;
  }
  return ::testing::AssertionSuccess();
}

TEST(Simd, BinaryIsExactIeeeArithmeticInEveryLayout) {
  setup_python();
  const std::vector<BinaryCase> cases = {{"add", &parity::add, "+"},
                                         {"subtract", &parity::subtract, "-"},
                                         {"multiply", &parity::multiply, "*"},
                                         {"divide", &parity::divide, "/"}};
  for (DType dt : {DType::Float32, DType::Float64}) {
    const std::string d = name(dt);
    Tensor a = oracle::eval_tensor("np.concatenate([" + std::string(kMain) + "_simd_inputs('exp', '" + d + "'), " + kMain +
                                   "_simd_inputs('log', '" + d + "')])");
    Tensor b = oracle::eval_tensor("np.random.default_rng(2).permutation(a)", {{"a", a}});
    for (const auto& c : cases) {
      SCOPED_TRACE(std::string(c.name) + " " + d);
      const std::string expr = std::string("a ") + c.op + " b";
      auto check = [&](const Tensor& x, const Tensor& y, const char* what) {
        Tensor got = c.fn(x, y, {});
        EXPECT_TRUE(matches_numpy(got, expr, {{"a", x}, {"b", y}}, 0, 0)) << what;
        EXPECT_TRUE(dt == DType::Float32 ? is_ieee<float>(got, x, y, c.op) : is_ieee<double>(got, x, y, c.op)) << what;
      };
      check(a, b, "vector-vector");
      for (int64_t k : {0, 5, 17, 40}) {  // every kind of special value as the scalar
        Tensor s = a.index({Slice(k, k + 1)}).reshape({});
        check(a, s, "vector-scalar");
        check(s, b, "scalar-vector");
      }
      Tensor ah = a.index({Slice(0, a.size() / 2)});
      check(a.flip().index({Slice(0, a.size() / 2)}), b.index({Slice(None, None, 2)}).index({Slice(0, a.size() / 2)}), "strided");
      check(ah.index({Slice(3, None)}), ah.index({Slice(None, -3)}), "offset");
      // A Python int, as in 1 / (1 + exp(-x)).
      Tensor got = c.fn(1, a, {});
      EXPECT_TRUE(matches_numpy(got, std::string("1 ") + c.op + " a", {{"a", a}}, 0, 0));
    }
  }
}

}  // namespace

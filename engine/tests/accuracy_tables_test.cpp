// NumPy's own accuracy tables (numpy/_core/tests/data/umath-validation-set-<ufunc>.csv, read from
// the installed NumPy): for each table whose function the engine has, every point through the
// whole-array path and the 1-element path, on every SIMD target this processor runs. A point passes
// when the engine's result is within the table's ULP column of the expected bits, counted in the
// table's dtype as numpy.testing.assert_array_max_ulp counts (NaNs of any bits are equal, +0 == -0;
// the column's maximum over a dtype's rows is the tolerance, as test_umath_accuracy.py takes it).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "parity/ops.h"
#include "simd/simd.h"
#include "simd/targets.h"

using namespace parity;

#ifndef PARITY_NUMPY_TEST_DATA
#define PARITY_NUMPY_TEST_DATA ""
#endif

namespace {

using UnaryFn = Tensor (*)(const ArrayLike&, OutArg);

// The tables' function names (NumPy's ufunc names) the engine has.
const std::map<std::string, UnaryFn>& engine_functions() {
  static const std::map<std::string, UnaryFn> m = {
      {"sin", &parity::sin},         {"cos", &parity::cos},         {"tan", &parity::tan},
      {"arcsin", &parity::arcsin},   {"arccos", &parity::arccos},   {"arctan", &parity::arctan},
      {"sinh", &parity::sinh},       {"cosh", &parity::cosh},       {"tanh", &parity::tanh},
      {"arcsinh", &parity::arcsinh}, {"arccosh", &parity::arccosh}, {"arctanh", &parity::arctanh},
      {"exp", &parity::exp},         {"exp2", &parity::exp2},       {"expm1", &parity::expm1},
      {"log", &parity::log},         {"log2", &parity::log2},       {"log10", &parity::log10},
      {"log1p", &parity::log1p},     {"cbrt", &parity::cbrt},
  };
  return m;
}

// One dtype's rows of one table.
struct Table {
  std::string func;   // "sinh"
  bool f64 = false;   // np.float64 rows, else np.float32
  std::vector<uint64_t> in, want;  // bit patterns
  int64_t tol = 0;    // ULPs allowed
};

std::filesystem::path tables_dir() {
  if (const char* env = std::getenv("PARITY_NUMPY_TEST_DATA")) return env;
  return PARITY_NUMPY_TEST_DATA;
}

// Every umath-validation-set-*.csv of the directory, split by dtype (float16 rows are skipped: the
// tables have none today). Function names come from the file names.
std::vector<Table> read_tables(const std::filesystem::path& dir, std::vector<std::string>* files) {
  std::map<std::pair<std::string, bool>, Table> by;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string fname = e.path().filename().string();
    const std::string prefix = "umath-validation-set-";
    if (fname.rfind(prefix, 0) != 0 || e.path().extension() != ".csv") continue;
    files->push_back(fname);
    const std::string func = fname.substr(prefix.size(), fname.size() - prefix.size() - 4);
    std::ifstream f(e.path());
    std::string line;
    bool header = true;
    while (std::getline(f, line)) {
      if (line.empty() || line[0] == '$' || line[0] == '#') continue;
      if (header) { header = false; continue; }  // dtype,input,output,ulperrortol
      std::stringstream ss(line);
      std::string dt, in, out, ulp;
      std::getline(ss, dt, ',');
      std::getline(ss, in, ',');
      std::getline(ss, out, ',');
      std::getline(ss, ulp, ',');
      if (dt != "np.float32" && dt != "np.float64") continue;
      Table& t = by[{func, dt == "np.float64"}];
      t.func = func;
      t.f64 = dt == "np.float64";
      t.in.push_back(std::stoull(in, nullptr, 16));
      t.want.push_back(std::stoull(out, nullptr, 16));
      t.tol = std::max<int64_t>(t.tol, std::stoll(ulp));
    }
  }
  std::vector<Table> out;
  for (auto& [k, t] : by) out.push_back(std::move(t));
  return out;
}

template <class T> bool is_nan_bits(uint64_t b) {
  T v;
  if constexpr (sizeof(T) == 4) { uint32_t u = uint32_t(b); std::memcpy(&v, &u, 4); }
  else std::memcpy(&v, &b, 8);
  return v != v;
}

// numpy.testing's nulp_diff: sign-magnitude bits as ordered integers; any two NaNs are 0 apart.
template <class T> uint64_t ulp_distance(uint64_t a, uint64_t b) {
  const bool na = is_nan_bits<T>(a), nb = is_nan_bits<T>(b);
  if (na || nb) return na && nb ? 0 : std::numeric_limits<uint64_t>::max();
  constexpr int bits = sizeof(T) * 8;
  auto ordered = [](uint64_t u) -> int64_t {
    const uint64_t sign = uint64_t(1) << (bits - 1);
    const int64_t mag = int64_t(u & (sign - 1));
    return (u & sign) ? -mag : mag;
  };
  const int64_t d = ordered(a) - ordered(b);
  return uint64_t(d < 0 ? -d : d);
}

// The engine's result bits for `in` (float32 bits in the low half), through one call of fn.
template <class T> std::vector<uint64_t> run(UnaryFn fn, const std::vector<uint64_t>& in) {
  const DType dt = sizeof(T) == 4 ? float32 : float64;
  Tensor x = empty({int64_t(in.size())}, dt);
  T* px = x.data<T>();
  for (size_t i = 0; i < in.size(); ++i) {
    if constexpr (sizeof(T) == 4) { uint32_t u = uint32_t(in[i]); std::memcpy(px + i, &u, 4); }
    else std::memcpy(px + i, &in[i], 8);
  }
  Tensor y = fn(x, {}).contiguous();
  if (y.dtype() != dt) throw std::runtime_error("result dtype " + std::string(name(y.dtype())));
  std::vector<uint64_t> out(in.size());
  const T* py = y.data<T>();
  for (size_t i = 0; i < in.size(); ++i) {
    if constexpr (sizeof(T) == 4) { uint32_t u; std::memcpy(&u, py + i, 4); out[i] = u; }
    else std::memcpy(&out[i], py + i, 8);
  }
  return out;
}

struct Outcome {
  int64_t over = 0;           // points over the tolerance
  uint64_t worst = 0;         // largest distance
  size_t worst_i = 0;
  uint64_t worst_got = 0;
};

template <class T> Outcome check(const Table& t, UnaryFn fn, bool one_element) {
  std::vector<uint64_t> got;
  if (one_element) {
    for (uint64_t v : t.in) got.push_back(run<T>(fn, {v})[0]);
  } else {
    got = run<T>(fn, t.in);
  }
  Outcome o;
  for (size_t i = 0; i < t.in.size(); ++i) {
    const uint64_t d = ulp_distance<T>(got[i], t.want[i]);
    if (d > uint64_t(t.tol)) ++o.over;
    if (i == 0 || d > o.worst) { o.worst = d; o.worst_i = i; o.worst_got = got[i]; }
  }
  return o;
}

std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(v));
  return b;
}

// Restores the processor's own target when a test ends, whatever happens.
struct TargetGuard {
  ~TargetGuard() { simd::force_target(0); }
};

void run_all(bool one_element) {
  const auto dir = tables_dir();
  std::vector<std::string> files;
  ASSERT_TRUE(!dir.empty() && std::filesystem::is_directory(dir))
      << "NumPy's accuracy tables not found (directory '" << dir.string()
      << "'): NumPy is a requirement (scripts/setup.sh); set PARITY_NUMPY_TEST_DATA to "
         "numpy/_core/tests/data, or reconfigure with the python3 that has NumPy";
  const std::vector<Table> tables = read_tables(dir, &files);
  ASSERT_GE(files.size(), 20u) << "expected NumPy 2.2's 20 umath-validation-set-*.csv in " << dir.string();
  const auto targets = simd::runnable_targets();
  ASSERT_FALSE(targets.empty());
  TargetGuard guard;
  int64_t checked_tables = 0;
  for (int64_t target : targets) {
    simd::force_target(target);
    const std::string tname = simd::name_of_target(target);
    ASSERT_EQ(std::string(simd::target_name()), tname) << "the dispatcher did not take the forced target";
    for (const Table& t : tables) {
      const auto it = engine_functions().find(t.func);
      if (it == engine_functions().end()) {
        std::cout << "[ accuracy ] " << t.func << ": no engine function, not checked\n";
        continue;
      }
      Outcome o;
      try {
        o = t.f64 ? check<double>(t, it->second, one_element) : check<float>(t, it->second, one_element);
      } catch (const std::exception& e) {
        ADD_FAILURE() << tname << " " << t.func << (t.f64 ? " float64" : " float32") << ": " << e.what();
        continue;
      }
      ++checked_tables;
      std::ostringstream line;
      line << tname << " " << t.func << (t.f64 ? " float64" : " float32")
           << (one_element ? " 1-element" : " whole-array") << ": " << o.over << " of " << t.in.size()
           << " points over " << t.tol << " ULP; worst " << o.worst << " ULP at x=" << hex(t.in[o.worst_i])
           << " (expected " << hex(t.want[o.worst_i]) << ", got " << hex(o.worst_got) << ")";
      std::cout << "[ accuracy ] " << line.str() << "\n";
      EXPECT_EQ(o.over, 0) << line.str();
    }
  }
  EXPECT_GE(checked_tables, int64_t(targets.size()) * 40);  // 20 functions x 2 dtypes on each target
}

TEST(AccuracyTables, WholeArrayOnEveryTarget) { run_all(false); }
TEST(AccuracyTables, OneElementOnEveryTarget) { run_all(true); }

// The hook itself: every runnable target can be forced, and 0 returns to the best one.
TEST(AccuracyTables, ForceTargetReachesTheDispatcher) {
  const auto targets = simd::runnable_targets();
  ASSERT_FALSE(targets.empty());
  const std::string best = simd::target_name();
  EXPECT_EQ(best, simd::name_of_target(targets.front()));
  {
    TargetGuard guard;
    for (int64_t t : targets) {
      simd::force_target(t);
      EXPECT_EQ(std::string(simd::target_name()), simd::name_of_target(t));
      EXPECT_EQ(simd::runnable_targets(), targets);  // a forced target does not shrink the list
    }
  }
  EXPECT_EQ(std::string(simd::target_name()), best);
}

// Beyond the tables: the float64 ops that run SLEEF's 1-ULP routines stay within 1 ULP of the
// exact value (long double libm, 11 more bits) on 2^15 random inputs each (half uniform, half log-uniform), on every target. Their
// former Highway kernels reached 2 ULP. The error is measured as a real number of ULPs of the result.
TEST(AccuracyTables, Float64SleefOpsWithinOneUlpOfLongDouble) {
  struct F {
    const char* name;
    UnaryFn fn;
    long double (*ref)(long double);
    double max_mag;     // half the inputs: log-uniform magnitudes in [1e-8, max_mag] (the vector domain)
    double uniform_hi;  // the other half: uniform in [0, uniform_hi]
    bool positive;      // else each input's sign is random
  };
  const F fs[] = {
      {"sinh", &parity::sinh, [](long double x) { return sinhl(x); }, 709, 20, false},
      {"cos", &parity::cos, [](long double x) { return cosl(x); }, 39000, 10, false},
      {"arcsin", &parity::arcsin, [](long double x) { return asinl(x); }, 1, 1, false},
      {"expm1", &parity::expm1, [](long double x) { return expm1l(x); }, 706, 5, false},
      {"log10", &parity::log10, [](long double x) { return log10l(x); }, 1e300, 100, true},
  };
  const auto targets = simd::runnable_targets();
  TargetGuard guard;
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&] {  // splitmix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  for (const F& f : fs) {
    const int64_t n = 1 << 15;
    std::vector<uint64_t> in(n);
    const double lo = std::log2(1e-8), hi = std::log2(f.max_mag);
    for (int64_t i = 0; i < n; ++i) {
      double u = double(next() >> 11) * 0x1p-53;
      double x = i % 2 ? std::exp2(lo + (hi - lo) * u) : f.uniform_hi * u;
      if (x > f.max_mag) x = f.max_mag;
      if (!f.positive && (next() & 1)) x = -x;
      std::memcpy(&in[i], &x, 8);
    }
    for (int64_t target : targets) {
      simd::force_target(target);
      const auto got = run<double>(f.fn, in);
      double worst = 0;
      double worst_x = 0;
      int64_t over = 0;
      for (int64_t i = 0; i < n; ++i) {
        double x, y;
        std::memcpy(&x, &in[i], 8);
        std::memcpy(&y, &got[i], 8);
        const long double r = f.ref(x);
        if (std::isinf(double(r)) || r == 0) continue;  // overflow and exact zeros: the scalar path's
        const double ulp = std::ldexp(1.0, std::max(std::ilogb(double(r)), -1022) - 52);
        const double err = double(std::fabs((long double)y - r) / ulp);
        if (err > 1.0) ++over;
        if (err > worst) { worst = err; worst_x = x; }
      }
      std::cout << "[ accuracy ] " << simd::name_of_target(target) << " " << f.name << " float64 random: " << over
                << " of " << n << " over 1 ULP; worst " << worst << " ULP at x=" << worst_x << "\n";
      EXPECT_EQ(over, 0) << simd::name_of_target(target) << " " << f.name << ": worst " << worst << " ULP at x="
                         << worst_x;
    }
  }
}

// The ULP count is NumPy's: neighbours 1 apart, across zero, NaNs equal, NaN vs number never.
TEST(AccuracyTables, UlpDistanceCountsAsNumPy) {
  EXPECT_EQ(ulp_distance<double>(0x3ff0000000000000, 0x3ff0000000000001), 1u);  // 1, 1 + eps
  EXPECT_EQ(ulp_distance<double>(0x0000000000000000, 0x8000000000000000), 0u);  // +0, -0
  EXPECT_EQ(ulp_distance<double>(0x0000000000000001, 0x8000000000000001), 2u);  // +-min subnormal
  EXPECT_EQ(ulp_distance<double>(0x7ff8000000000000, 0xfff8000000000001), 0u);  // two NaNs
  EXPECT_GT(ulp_distance<double>(0x7ff8000000000000, 0x7ff0000000000000), 1000u);  // NaN vs inf
  EXPECT_EQ(ulp_distance<float>(0x3f800000, 0x3f7fffff), 1u);
  EXPECT_EQ(ulp_distance<float>(0x7fc00000, 0xffc00000), 0u);
}

}  // namespace

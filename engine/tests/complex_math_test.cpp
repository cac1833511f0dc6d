// The GPU's complex functions (engine/src/kernels/complex_math.h), compiled here for the host,
// against glibc's (std::complex, what the CPU loops and NumPy use). Each kernel of
// kernels/unary.h / binary.h runs on dcomplex (the device's path: km:: picks complex_math.h) and on
// std::complex (the CPU's path: glibc) for the same inputs: ordinary values (a grid and random
// ones, near the unit circle, near the branch points +-1 and +-i, near 0), huge values near the
// largest finite one, subnormals, and every pair of {+-0, +-1, +-inf, nan, +-finite}.
// Specials match exactly: nan against nan, inf against inf of the same sign, and for inputs with
// a special part a zero's sign too; finite parts are within the function's ULP bound below (the
// worst seen is printed). Power is compared normwise (check_fn).
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "kernels/binary.h"
#include "kernels/unary.h"

namespace {
using namespace parity;

template <class R> int64_t ordered(R v) {
  using U = std::conditional_t<sizeof(R) == 4, uint32_t, uint64_t>;
  U b;
  std::memcpy(&b, &v, sizeof(R));
  const U sign = b >> (sizeof(R) * 8 - 1), mag = b & ~(U(1) << (sizeof(R) * 8 - 1));
  return sign ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
}

template <class R> bool is_special(R v) { return v == 0 || !std::isfinite(v) || std::fabs(v) == 1; }

// Distance of `got` from glibc's `want` in ULPs; -1 where the classes or required signs differ.
template <class R> int64_t distance(R got, R want, bool exact_zero_sign) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : -1;
  if (std::isnan(got)) return -1;
  if (std::isinf(want) || std::isinf(got)) return got == want ? 0 : -1;
  if (want == 0 && exact_zero_sign && (got != 0 || std::signbit(got) != std::signbit(want))) return -1;
  const int64_t d = ordered(got) - ordered(want);
  return d < 0 ? -d : d;
}

template <class R> std::vector<std::complex<R>> unary_inputs() {
  using C = std::complex<R>;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const R rmax = std::numeric_limits<R>::max(), dmin = std::numeric_limits<R>::denorm_min(),
          nmin = std::numeric_limits<R>::min(), eps = std::numeric_limits<R>::epsilon();
  std::vector<C> v;
  auto add = [&](double a, double b) { v.push_back(C(static_cast<R>(a), static_cast<R>(b))); };
  // specials: every pair
  const std::vector<double> sp = {0.0, -0.0, 1.0, -1.0, inf, -inf, nan, 2.5, -2.5, 0.3, -0.3, 7.0, -7.0};
  for (double a : sp)
    for (double b : sp) add(a, b);
  // a grid of ordinary magnitudes, both signs
  const std::vector<double> mags = {1e-30, 1e-9, 1e-5, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999, 1, 1.000001,
                                    1.1, 1.5, 2, 3, 5, 10, 30, 44.5, 88.5, 100, 354.5, 700, 709.5, 710, 1e4, 1e8,
                                    1e15, 1e30};
  for (double a : mags)
    for (double b : mags)
      for (int s = 0; s < 4; ++s) add(s & 1 ? -a : a, s & 2 ? -b : b);
  for (double a : mags) add(a, 0.0), add(-a, 0.0), add(0.0, a), add(-0.0, -a), add(a, -0.0), add(-a, -0.0);
  // near the unit circle
  for (int k = 0; k < 64; ++k) {
    const double t = k * 0.1 - 3.2;
    for (double r : {1.0, 1 - 1e-7, 1 + 1e-7, 1 - 1e-12, 1 + 1e-12, 1 - 1e-15, 0.75, 1.25})
      add(r * std::cos(t), r * std::sin(t));
  }
  // near the branch points +-1, +-i and near 0
  for (double d : {1e-3, 1e-8, 1e-15, 1e-20, 1e-300, -1e-3, -1e-8, -1e-15, -1e-300})
    for (double e : {0.0, -0.0, 1e-8, -1e-8, 1e-17, -1e-17, 1e-310, 3e-320})
      add(1 + d, e), add(-1 + d, e), add(e, 1 + d), add(e, -1 - d), add(d, e), add(e, d);
  add(1, 1e-200), add(1, -1e-200), add(-1, 1e-300), add(1e-200, 1), add(1e-300, -1);
  // huge values near the largest finite value, and past exp's overflow threshold
  for (double h : {double(rmax), rmax / 2.0, rmax / 3.0, rmax / 16.0, 1e300, 1e200, 1e154, 3e38, 1e38, 1e19})
    for (double o : {0.0, -0.0, 1.0, -1.0, 0.5, 1e-300, double(rmax), -double(rmax), 1e30, 3.0})
      add(h, o), add(-h, o), add(o, h), add(o, -h);
  for (double x : {88.0, 88.7, 89.0, 100.0, 177.0, 180.0, 708.0, 709.7, 710.0, 711.0, 1000.0, 1418.0, 1420.0,
                   -104.0, -745.0, -800.0})
    for (double y : {0.5, 1.0, 3.0, -2.0, 1e-300, 1e-40, 2e-45})
      add(x, y), add(y, x), add(-x, y), add(y, -x);
  // subnormals
  for (double s : {double(dmin), 3.0 * dmin, double(nmin) / 3, double(nmin) * 0.75, double(nmin)})
    for (double o : {0.0, -0.0, double(dmin), double(nmin) / 5, 1.0, -1.0, double(eps), 0.5})
      add(s, o), add(-s, o), add(o, s), add(o, -s);
  // random ordinary values, log-uniform magnitudes
  std::mt19937_64 rng(26);
  std::uniform_real_distribution<double> e(-12, 12), u(0, 1);
  for (int i = 0; i < 20000; ++i) {
    const double a = std::pow(10.0, e(rng)) * (u(rng) < 0.5 ? -1 : 1), b = std::pow(10.0, e(rng)) * (u(rng) < 0.5 ? -1 : 1);
    add(a, b);
    if (i % 4 == 0) add(a * 1e-2, b);  // unbalanced parts
  }
  for (int i = 0; i < 5000; ++i) add(u(rng) * 6 - 3, u(rng) * 6 - 3);
  return v;
}

struct Worst {
  int64_t ulp = 0;
  std::string where;
};

template <class R> std::string show(std::complex<R> z) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "(%.17g, %.17g)", static_cast<double>(z.real()), static_cast<double>(z.imag()));
  return buf;
}

// Compares f on dcomplex with f on std::complex for every input (or pair of inputs).
template <class R, int N, class F>
void check_fn(const char* name, F f, const std::vector<std::vector<std::complex<R>>>& args, int64_t bound) {
  Worst worst;
  int failures = 0;
  for (const auto& in : args) {
    std::complex<R> want;
    dcomplex<R> got;
    bool special = false;
    for (const auto& z : in) special = special || is_special(z.real()) || is_special(z.imag());
    if constexpr (N == 1) {
      want = f(in[0]);
      got = f(dcomplex<R>(in[0].real(), in[0].imag()));
    } else {
      want = f(in[0], in[1]);
      got = f(dcomplex<R>(in[0].real(), in[0].imag()), dcomplex<R>(in[1].real(), in[1].imag()));
    }
    int64_t dr = distance(got.real(), want.real(), special), di = distance(got.imag(), want.imag(), special);
    if constexpr (N == 2) {
      // cpow = exp(b log a): an error of a few ULPs in log a grows with |b log a| in both
      // libraries, so the bound is normwise, in units of eps * (1 + |b log a|).
      const std::complex<double> w(want.real(), want.imag()), g(got.real(), got.imag());
      const std::complex<double> a(in[0].real(), in[0].imag()), b(in[1].real(), in[1].imag());
      const double cond = 1 + std::abs(b) * std::abs(std::log(a));
      const bool finite = std::isfinite(std::abs(w)) && std::abs(w) > 0 && std::isfinite(std::abs(g)) && std::isfinite(cond);
      if ((dr > 0 || di > 0) && dr >= 0 && di >= 0 && finite)
        dr = di = std::llround(std::abs(g - w) / std::abs(w) / std::numeric_limits<R>::epsilon() / cond);
    }
    std::string at = std::string(name) + show(in[0]) + (in.size() > 1 ? " ** " + show(in[1]) : "") + ": got " +
                     show(std::complex<R>(got.real(), got.imag())) + ", glibc " + show(want);
    if (dr < 0 || di < 0 || dr > bound || di > bound) {
      if (++failures <= 8) ADD_FAILURE() << (sizeof(R) == 4 ? "complex64 " : "complex128 ") << at;
    }
    const int64_t d = std::max(dr, di);
    if (d > worst.ulp) worst = {d, at};
  }
  std::printf("[          ] %-10s %-8s worst %3lld %s (bound %lld), %d failures%s%s\n", sizeof(R) == 4 ? "complex64" : "complex128",
              name, static_cast<long long>(worst.ulp), N == 2 ? "eps*(1+|b log a|)" : "ULP", static_cast<long long>(bound), failures,
              worst.ulp ? " at " : "", worst.ulp ? worst.where.c_str() : "");
}

template <class R> void check_all() {
  std::vector<std::vector<std::complex<R>>> args;
  for (const auto& z : unary_inputs<R>()) args.push_back({z});
  // ULP bounds per function (both parts): glibc's errors plus ours, each a few ULPs (against
  // mpmath, ours are within about 2 ULPs where glibc's are 4 off).
  check_fn<R, 1>("sqrt", kern::Sqrt{}, args, 2);
  check_fn<R, 1>("exp", kern::Exp{}, args, 4);
  check_fn<R, 1>("exp2", kern::Exp2{}, args, 4);
  check_fn<R, 1>("log", kern::Log{}, args, 4);
  check_fn<R, 1>("log2", kern::Log2{}, args, 4);
  check_fn<R, 1>("log10", kern::Log10{}, args, 4);
  check_fn<R, 1>("sin", kern::Sin{}, args, 4);
  check_fn<R, 1>("cos", kern::Cos{}, args, 4);
  check_fn<R, 1>("tan", kern::Tan{}, args, 4);
  check_fn<R, 1>("arcsin", kern::Arcsin{}, args, 4);
  check_fn<R, 1>("arccos", kern::Arccos{}, args, 4);
  check_fn<R, 1>("arctan", kern::Arctan{}, args, 4);
  check_fn<R, 1>("sinh", kern::Sinh{}, args, 4);
  check_fn<R, 1>("cosh", kern::Cosh{}, args, 4);
  check_fn<R, 1>("tanh", kern::Tanh{}, args, 4);
  check_fn<R, 1>("arcsinh", kern::Arcsinh{}, args, 4);
  check_fn<R, 1>("arccosh", kern::Arccosh{}, args, 4);
  check_fn<R, 1>("arctanh", kern::Arctanh{}, args, 4);
  // power: the CPU's complex_power (small integer exponents multiplied out, else glibc's cpow)
  std::vector<std::vector<std::complex<R>>> pairs;
  using C = std::complex<R>;
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<C> bases = {C(0, 0), C(-0.0, 0), C(0, -0.0), C(1, 0), C(-1, 0), C(0, 1), C(2, 3), C(-2.5, 0.5),
                                C(0.3, -0.7), C(1e-3, 1e3), C(1e20, -1e20), C(R(inf), 0), C(0, R(inf)),
                                C(R(-inf), 1), C(R(nan), 0), C(1, R(nan)), C(0.99, 0.1), C(-1e-30, 5),
                                C(std::numeric_limits<R>::max(), 1)};
  const std::vector<C> exps = {C(0.5, 1), C(2, 0), C(3, 0), C(-1, 0), C(-2, 0), C(7, 0), C(0.3, 0), C(-2.5, 0.5),
                               C(0, 1), C(100.5, 0), C(99, 0), C(-99, 0), C(1e-5, -1e-5), C(R(inf), 0),
                               C(0, R(inf)), C(R(nan), 0), C(0, 0), C(2, 1e-20), C(-0.5, 0), C(40, 3)};
  for (const C& a : bases)
    for (const C& b : exps) pairs.push_back({a, b});
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-4, 4);
  for (int i = 0; i < 5000; ++i)
    pairs.push_back({C(static_cast<R>(u(rng)), static_cast<R>(u(rng))), C(static_cast<R>(u(rng)), static_cast<R>(u(rng)))});
  check_fn<R, 2>("power", kern::Power{}, pairs, 4);  // normwise, see check_fn
}

TEST(ComplexMath, Complex64MatchesGlibc) { check_all<float>(); }
TEST(ComplexMath, Complex128MatchesGlibc) { check_all<double>(); }

}  // namespace

// compile(f): fused results equal eager results bit for bit; what is not fusable runs eagerly
// (and says why); errors, gradients and captured tensors behave as in eager f.
#include <gtest/gtest.h>

#include <cstring>
#include <iostream>
#include <random>

#include "parity/autograd.h"
#include "parity/compile.h"
#include "parity/errors.h"
#include "parity/ops.h"

using namespace parity;

namespace {

bool same_bits(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) return false;
  Tensor x = a.contiguous(), y = b.contiguous();
  return std::memcmp(x.data_ptr(), y.data_ptr(), static_cast<size_t>(x.nbytes())) == 0;
}

Tensor sigmoid_expr(const Tensor& x) { return divide(1, add(1, exp(negative(x)))); }

}  // namespace

TEST(Compile, SigmoidEqualsEagerAtEverySize) {
  auto f = compile([](const Tensor& x) { return sigmoid_expr(x); });
  Generator rng(1);
  // 1, a partial block, several blocks (of 512), past the threading grain (2^16) and flat limit
  for (int64_t n : {1, 33, 1000, 3000, 70001}) {
    Tensor x = rng.uniform({n}, -20.0, 20.0, float32);
    Tensor want = sigmoid_expr(x);
    EXPECT_TRUE(same_bits(f(x), want)) << n;  // the trace's own (eager) result
    EXPECT_TRUE(same_bits(f(x), want)) << n;  // the fused program's
  }
  CompileInfo i = f.info();
  EXPECT_EQ(i.traces, 5);
  EXPECT_EQ(i.fused_calls, 5);
  EXPECT_TRUE(i.not_fused.empty());
}

TEST(Compile, StridedBroadcastAndCastOperands) {
  Generator rng(2);
  Tensor x = rng.uniform({40, 30}, -3.0, 3.0, float64).T();  // not contiguous
  Tensor y = rng.uniform({40}, -3.0, 3.0, float32);            // broadcast along rows, cast to float64
  Tensor i8 = rng.uniform({30, 1}, -100.0, 100.0, float64).astype(int8);
  auto f = compile([](const Tensor& a, const Tensor& b, const Tensor& c) {
    return sqrt(add(multiply(a, b), square(c))) - 0.5;  // operator- is subtract
  });
  Tensor want = sqrt(add(multiply(x, y), square(i8))) - 0.5;
  for (int rep = 0; rep < 2; ++rep) EXPECT_TRUE(same_bits(f(x, y, i8), want));
  EXPECT_EQ(f.info().fused_calls, 1);
}

TEST(Compile, SeveralResultsAndUnusedWork) {
  auto f = compile([](const Tensor& x) {
    Tensor e = exp(x);
    Tensor unused = log(x);  // computed eagerly during the trace, dropped from the program
    (void)unused;
    return std::vector<Tensor>{e, multiply(e, 2.0), less(e, 1.5)};
  });
  Tensor x = arange(-2.0, 2.0, 0.25).astype(float32);
  std::vector<Tensor> a = f(x), b = f(x);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_TRUE(same_bits(b[0], exp(x)));
  EXPECT_TRUE(same_bits(b[1], multiply(exp(x), 2.0)));
  EXPECT_TRUE(same_bits(b[2], less(exp(x), 1.5)));
  EXPECT_EQ(b[2].dtype(), DType::Bool);
  EXPECT_EQ(f.info().fused_calls, 1);
}

TEST(Compile, RecordedOpsRunBetweenFusedSegments) {
  // softmax: amax and sum are recorded ops; subtract -> exp and divide are fused around them
  auto softmax = [](const Tensor& t) {
    Tensor e = exp(subtract(t, amax(t, -1, true)));
    return divide(e, sum(e, -1, true));
  };
  auto f = compile(softmax);
  auto g = compile([](const Tensor& t) { return divide(t, t.sum()); });
  auto h = compile([](const Tensor& t) { return exp(t.T().reshape({-1})); });
  auto m = compile([](const Tensor& a, const Tensor& b) { return add(matmul(a, b), 1.0); });
  auto w = compile([](const Tensor& t) { return exp(where(greater(t, 0.0), t, 0.5)).astype(float64); });
  Generator rng(5);
  Tensor x = rng.uniform({64, 100}, -5.0, 5.0, float32);
  Tensor y = rng.uniform({100, 3}, -1.0, 1.0, float32);
  for (int rep = 0; rep < 2; ++rep) {
    EXPECT_TRUE(same_bits(f(x), softmax(x)));
    EXPECT_TRUE(same_bits(g(x), divide(x, x.sum())));
    EXPECT_TRUE(same_bits(h(x), exp(x.T().reshape({-1}))));
    EXPECT_TRUE(same_bits(m(x, y), add(matmul(x, y), 1.0)));
    EXPECT_TRUE(same_bits(w(x), exp(where(greater(x, 0.0), x, 0.5)).astype(float64)));
  }
  for (auto info : {f.info(), g.info(), h.info(), m.info(), w.info()}) {
    EXPECT_EQ(info.fused_calls, 1);
    EXPECT_TRUE(info.not_fused.empty());
  }
}

TEST(Compile, UnrecordedOpsRunEagerlyAndSayWhy) {
  Tensor x = arange(1.0, 7.0).reshape({2, 3});
  auto selects = compile([](const Tensor& t) { return exp(tile(t, {2})); });
  auto view = compile([](const Tensor& t) { return exp(t.flip()); });
  auto identity = compile([](const Tensor& t) { return t; });
  auto with_out = compile([](const Tensor& t) {
    Tensor o = empty_like(t);
    exp(t, o);
    return add(o, 1);
  });
  for (int rep = 0; rep < 2; ++rep) {
    EXPECT_TRUE(same_bits(selects(x), exp(tile(x, {2}))));
    EXPECT_TRUE(same_bits(view(x), exp(x.flip())));
    EXPECT_TRUE(identity(x).is_same_view(x));
    EXPECT_TRUE(same_bits(with_out(x), add(exp(x), 1)));
  }
  for (auto info : {selects.info(), view.info(), identity.info(), with_out.info()}) {
    EXPECT_EQ(info.fused_calls, 0);
    EXPECT_EQ(info.eager_calls, 2);
    ASSERT_EQ(info.not_fused.size(), 1u);
    EXPECT_NE(info.not_fused[0].find("float64 (2, 3): "), std::string::npos) << info.not_fused[0];
  }
  EXPECT_NE(selects.info().not_fused[0].find("does not record"), std::string::npos) << selects.info().not_fused[0];
  EXPECT_NE(with_out.info().not_fused[0].find("out="), std::string::npos);
}

TEST(Compile, AnInputPassedTwiceIsTracedApart) {
  auto f = compile([](const Tensor& a, const Tensor& b) { return subtract(a, b); });
  Tensor x = arange(0.0, 5.0), y = full({5}, 1.0);
  f(x, x);
  EXPECT_TRUE(same_bits(f(x, x), zeros({5})));
  EXPECT_TRUE(same_bits(f(x, y), subtract(x, y)));  // not x - x: another signature
  EXPECT_TRUE(same_bits(f(x, y), subtract(x, y)));
  EXPECT_EQ(f.info().traces, 2);
  EXPECT_EQ(f.info().fused_calls, 2);
}

TEST(Compile, CapturedTensorsAreReadAtEachCall) {
  Tensor bias = full({3}, 1.0, float32);
  auto f = compile([&bias](const Tensor& x) { return add(x, bias); });
  Tensor x = arange(0.0, 3.0).astype(float32);
  f(x);
  EXPECT_TRUE(same_bits(f(x), add(x, bias)));
  bias.assign(5.0);  // an in-place write to the captured tensor, as eager f would see it
  EXPECT_TRUE(same_bits(f(x), add(x, 5.0f)));
  EXPECT_EQ(f.info().fused_calls, 2);
}

TEST(Compile, ErrorsAreTheEagerOnes) {
  auto f = compile([](const Tensor& a, const Tensor& b) { return add(a, b); });
  Tensor a = zeros({3}), b = zeros({4});
  for (int rep = 0; rep < 2; ++rep) EXPECT_THROW(f(a, b), ValueError);  // not cached: traced again
  auto g = compile([](const Tensor& a) { return add(a, 300); });
  EXPECT_THROW(g(zeros({2}, int8)), OverflowError);
  EXPECT_EQ(f.info().traces, 0);
}

TEST(Compile, InputsThatNeedGradientsRunEagerly) {
  auto f = compile([](const Tensor& x) { return multiply(sin(x), x); });
  Tensor x = array({0.5, 1.0, 2.0});
  f(x);
  f(x);
  x.requires_grad_();
  Tensor y = f(x);
  y.sum().backward();
  // d/dx x sin x = sin x + x cos x
  Tensor want = add(sin(x.detach()), multiply(x.detach(), cos(x.detach())));
  EXPECT_TRUE(same_bits(x.grad(), want));
  EXPECT_EQ(f.info().fused_calls, 1);
}

TEST(Compile, NestedCompiledFunctionsFuseIntoTheOuterTrace) {
  auto inner = compile([](const Tensor& x) { return exp(negative(x)); });
  auto outer = compile([&inner](const Tensor& x) { return divide(1, add(1, inner(x))); });
  Tensor x = linspace(-5.0, 5.0, 101).astype(float32);
  outer(x);
  EXPECT_TRUE(same_bits(outer(x), sigmoid_expr(x)));
  EXPECT_EQ(outer.info().fused_calls, 1);
}

TEST(Compile, ZeroSizeInputs) {
  auto f = compile([](const Tensor& x) { return exp(x) + 1; });
  Tensor x = zeros({0, 3}, float32);
  f(x);
  Tensor r = f(x);
  EXPECT_EQ(r.shape(), (Shape{0, 3}));
  EXPECT_EQ(r.dtype(), DType::Float32);
}

// Random chains of ufuncs and recorded ops (sum, amax, T, reshape, astype, where) over random dtypes, broadcast
// shapes and layouts (including sizes that cross the 512-element blocks and the 2^16 threading
// grain): compiled equals eager bit for bit, or raises the eager error.
TEST(Compile, RandomChainsEqualEager) {
  using U = Tensor (*)(const Tensor&, OutArg);
  using B = Tensor (*)(const Tensor&, const Tensor&, OutArg);
  using BS = Tensor (*)(const Tensor&, const ArrayLike&, OutArg);
#define PARITY_X(name, py, ...) static_cast<U>(&parity::name),
  const std::vector<U> unary = {PARITY_UNARY_UFUNCS(PARITY_X)};
#undef PARITY_X
#define PARITY_X(name, py, ...) static_cast<B>(&parity::name),
  const std::vector<B> binary = {PARITY_BINARY_UFUNCS(PARITY_X)};
#undef PARITY_X
#define PARITY_X(name, py, ...) static_cast<BS>(&parity::name),
  const std::vector<BS> binary_scalar = {PARITY_BINARY_UFUNCS(PARITY_X)};
#undef PARITY_X
  const std::vector<DType> dtypes = {float32, float64, float16, int32, int8, uint8, complex64, DType::Bool};
  const std::vector<Shape> shapes = {{}, {1}, {7}, {3, 5}, {2, 1, 4}, {1000}, {3, 700}, {70001}};
  struct Step {
    int kind;  // 0 unary, 1 binary, 2 binary with a scalar, 3 a recorded op that is not a ufunc
    size_t fn;
    int a, b;
    double scalar;
  };
  std::mt19937_64 pick(2026);
  auto below = [&](size_t n) { return static_cast<size_t>(pick() % n); };
  Generator rng(11);
  int fused = 0, same = 0, errors = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const Shape& base = shapes[below(shapes.size())];
    const int nin = 1 + static_cast<int>(below(3));
    std::vector<Tensor> xs;
    for (int k = 0; k < nin; ++k) {
      Shape s = base;
      for (auto& d : s)
        if (below(4) == 0) d = 1;  // broadcast along this axis
      if (!s.empty() && below(4) == 0) s.erase(s.begin());
      DType d = dtypes[below(dtypes.size())];
      Tensor t = rng.uniform(s, -3.0, 3.0, float64);
      if (below(3) == 0 && !s.empty()) {  // a strided view: every other element of the last axis
        Shape wide = s;
        wide.back() *= 2;
        t = rng.uniform(wide, -3.0, 3.0, float64).index({ellipsis, Slice(None, None, 2)});
      }
      xs.push_back(d == DType::Bool ? greater(t, 0.0) : t.astype(d));
    }
    std::vector<Step> prog;
    const int nsteps = 1 + static_cast<int>(below(5));
    for (int i = 0; i < nsteps; ++i) {
      const int have = nin + i;
      Step st{static_cast<int>(below(4)), 0, static_cast<int>(below(have)), static_cast<int>(below(have)),
              below(2) ? 0.5 : 2.0};
      st.fn = st.kind == 0 ? below(unary.size()) : st.kind == 3 ? below(6) : below(binary.size());
      prog.push_back(st);
    }
    auto run = [&](const std::vector<Tensor>& in) {
      std::vector<Tensor> v = in;
      for (const Step& st : prog) {
        if (st.kind == 0) v.push_back(unary[st.fn](v[st.a], {}));
        else if (st.kind == 1) v.push_back(binary[st.fn](v[st.a], v[st.b], {}));
        else if (st.kind == 3) {
          const Tensor& t = v[st.a];
          v.push_back(st.fn == 0   ? sum(t, t.ndim() ? Axes(-1) : Axes(std::nullopt), true)
                      : st.fn == 1 ? amax(t, std::nullopt, true)
                      : st.fn == 2 ? t.T()
                      : st.fn == 3 ? t.reshape({-1})
                      : st.fn == 4 ? t.astype(float32)
                                   : where(v[st.b], t, st.scalar));
        }
        else v.push_back(binary_scalar[st.fn](v[st.a], st.scalar, {}));
      }
      return v.back();
    };
    auto outcome = [](auto&& f) -> std::pair<Tensor, std::string> {
      try {
        return {f(), ""};
      } catch (const std::exception& e) {
        return {Tensor(), e.what()};
      }
    };
    auto want = outcome([&] { return run(xs); });
    std::pair<Tensor, std::string> got;
    CompileInfo info;
    auto twice = [&](auto& c, auto&&... a) {
      outcome([&] { return c(a...); });
      got = outcome([&] { return c(a...); });
      info = c.info();
    };
    if (nin == 1) {
      auto c = compile([&](const Tensor& a) { return run({a}); });
      twice(c, xs[0]);
    } else if (nin == 2) {
      auto c = compile([&](const Tensor& a, const Tensor& b) { return run({a, b}); });
      twice(c, xs[0], xs[1]);
    } else {
      auto c = compile([&](const Tensor& a, const Tensor& b, const Tensor& d) { return run({a, b, d}); });
      twice(c, xs[0], xs[1], xs[2]);
    }
    ASSERT_EQ(got.second, want.second) << "trial " << trial;
    if (!want.second.empty()) {
      ++errors;
      continue;
    }
    fused += info.fused_calls > 0;
    EXPECT_TRUE(same_bits(got.first, want.first)) << "trial " << trial << ": " << name(want.first.dtype()) << " "
                                                  << shape_str(want.first.shape());
    ++same;
  }
  std::cout << "[  CHAINS  ] " << same << " equal, " << errors << " raised the eager error, " << fused << " fused\n";
  EXPECT_GT(fused, 50);  // most chains are fusable: the test exercises the fused path
}

// Chains (each step takes the previous value and at most one input or constant) run with their
// value in a vector register (simd::chain); lanes exp sends to its scalar kernel, the tail, and
// the operand order of - and / must still give the eager bits.
TEST(Compile, RegisterChainsEqualEagerOnSpecialValues) {
  auto sig = compile([](const Tensor& x) { return sigmoid_expr(x); });
  auto ordered = compile([](const Tensor& x, const Tensor& y) {
    return subtract(1, divide(2, multiply(exp(subtract(x, y)), y)));
  });
  auto swapped = compile([](const Tensor& x, const Tensor& y) { return divide(exp(add(negative(x), 0.5)), y); });
  const double specials[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 100.0, -100.0, 800.0, -800.0, 1e-310, 88.5, -87.5};
  for (DType dt : {float32, float64}) {
    Generator rng(7);
    for (int64_t n : {1, 15, 16, 17, 100, 1000, 70001}) {
      Tensor x = rng.uniform({n}, -5.0, 5.0, dt);
      Tensor y = rng.uniform({n}, 0.5, 2.0, dt);
      for (int64_t k = 0; k < n; k += 7) x.index_put({k}, specials[(k / 7) % 12]);
      Tensor one = full({1}, 1.5, dt);  // a broadcast input
      const std::string at = std::string(name(dt)) + " n=" + std::to_string(n);
      for (int rep = 0; rep < 2; ++rep) {  // the trace's eager result, then the compiled one
        EXPECT_TRUE(same_bits(sig(x), sigmoid_expr(x))) << at;
        EXPECT_TRUE(same_bits(ordered(x, y), subtract(1, divide(2, multiply(exp(subtract(x, y)), y))))) << at;
        EXPECT_TRUE(same_bits(swapped(x, y), divide(exp(add(negative(x), 0.5)), y))) << at;
        EXPECT_TRUE(same_bits(swapped(x, one), divide(exp(add(negative(x), 0.5)), one))) << at;
      }
    }
  }
  // 32 MiB of float64: every thread's share is stored non-temporally.
  Tensor big = Generator(8).uniform({int64_t{1} << 22}, -30.0, 30.0, float64);
  for (int rep = 0; rep < 2; ++rep) EXPECT_TRUE(same_bits(sig(big), sigmoid_expr(big)));
  // Each of these ran as a register chain, not only blockwise.
  EXPECT_EQ(sig.info().register_chains, sig.info().traces);
  EXPECT_EQ(ordered.info().register_chains, ordered.info().traces);
  EXPECT_EQ(swapped.info().register_chains, swapped.info().traces);
}

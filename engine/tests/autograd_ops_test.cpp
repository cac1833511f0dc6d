// Derivatives of the non-ufunc ops (views, copies, reductions, linalg, joins, tile/repeat,
// indexing): backward() against central finite differences in float64/complex128 (eps 1e-6,
// atol 1e-5, rtol 1e-3). For complex inputs x.grad = dL/dRe(x) + i dL/dIm(x) (PyTorch's
// convention), with the real loss L = sum(Re(conj(v) * out)) for a random v (out.backward(v)).
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <memory>
#include <vector>

#include "parity/autograd.h"
#include "parity/fft.h"
#include "parity/linalg.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "parity/sorting.h"

namespace parity {
namespace {

using C = std::complex<double>;
using Fn = std::function<Tensor(const std::vector<Tensor>&)>;

// Deterministic values in [-1, 1] (away from 0 so prod/cumprod divisions stay tame).
std::vector<double> values(int64_t n, uint64_t& seed) {
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    double u = static_cast<double>(seed >> 11) / 9007199254740992.0;  // [0, 1)
    v.push_back((u < 0.5 ? -1 : 1) * (0.3 + 0.7 * std::fabs(2 * u - 1)));
  }
  return v;
}
Tensor rnd(const Shape& s, DType dt = DType::Float64, uint64_t seed = 1) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  Tensor re = asarray(values(n, seed)).reshape(s);
  if (!is_complex(dt)) return re;
  Tensor im = asarray(values(n, seed)).reshape(s);
  return add(re, multiply(im, Scalar(C(0, 1))));
}
std::vector<C> cvals(const Tensor& t) {
  Tensor c = t.detach().astype(DType::Complex128).contiguous();
  return std::vector<C>(c.data<C>(), c.data<C>() + c.size());
}
double loss(const Tensor& out, const std::vector<C>& v) {
  auto o = cvals(out);
  double l = 0;
  for (size_t i = 0; i < o.size(); ++i) l += (std::conj(v[i]) * o[i]).real();
  return l;
}

// Checks every input's gradient against central differences. `inputs` may be noncontiguous views.
void check(const Fn& f, std::vector<Tensor> inputs, const std::string& what) {
  SCOPED_TRACE(what);
  for (auto& x : inputs) x.requires_grad_();
  Tensor out = f(inputs);
  ASSERT_TRUE(out.requires_grad());
  Tensor v = rnd(out.shape(), out.dtype(), 99);
  out.backward(v);
  const std::vector<C> vv = cvals(v);
  std::vector<Tensor> base;
  for (auto& x : inputs) base.push_back(x.detach());
  const double eps = 1e-6;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Tensor ga = inputs[i].grad();
    ASSERT_TRUE(ga.defined()) << "input " << i << " got no gradient";
    ASSERT_EQ(ga.shape(), inputs[i].shape()) << "input " << i;
    ASSERT_EQ(ga.dtype(), inputs[i].dtype()) << "input " << i;
    const std::vector<C> gv = cvals(ga);
    const bool cx = is_complex(inputs[i].dtype());
    for (int64_t j = 0; j < inputs[i].size(); ++j)
      for (int part = 0; part < (cx ? 2 : 1); ++part) {
        double l[2];
        for (int side = 0; side < 2; ++side) {
          std::vector<Tensor> args = base;
          Tensor xp = base[i].copy();
          const double d = side ? -eps : eps;
          if (cx) xp.data<C>()[j] += part ? C(0, d) : C(d, 0);
          else xp.data<double>()[j] += d;
          args[i] = xp;
          autograd::NoGrad ng;
          l[side] = loss(f(args), vv);
        }
        const double num = (l[0] - l[1]) / (2 * eps), ana = part ? gv[j].imag() : gv[j].real();
        EXPECT_NEAR(ana, num, 1e-5 + 1e-3 * std::fabs(num)) << "input " << i << " element " << j << (part ? " (imag)" : "");
      }
  }
}
void check1(const std::function<Tensor(const Tensor&)>& f, const Tensor& x, const std::string& what) {
  check([&](const std::vector<Tensor>& a) { return f(a[0]); }, {x}, what);
}

const DType f64 = DType::Float64, c128 = DType::Complex128;

TEST(AutogradOps, TalkExample) {
  Tensor a = asarray(std::vector<double>{1, 2}).requires_grad_();
  Tensor b = asarray(std::vector<double>{3, 4}).requires_grad_();
  multiply(a, b).sum().backward();
  EXPECT_EQ(a.grad().to_double_vector(), (std::vector<double>{3, 4}));
  EXPECT_EQ(b.grad().to_double_vector(), (std::vector<double>{1, 2}));
}

TEST(AutogradOps, Views) {
  for (DType dt : {f64, c128}) {
    const std::string n = name(dt);
    Tensor x = rnd({2, 3, 4}, dt);
    Tensor nc = rnd({4, 3, 2}, dt).T();  // noncontiguous (2, 3, 4)
    for (const Tensor& in : {x, nc}) {
      check1([](const Tensor& t) { return t.transpose({1, 2, 0}); }, in, "transpose " + n);
      check1([](const Tensor& t) { return t.T(); }, in, "T " + n);
      check1([](const Tensor& t) { return t.mT(); }, in, "mT " + n);
      check1([](const Tensor& t) { return t.swapaxes(0, -1); }, in, "swapaxes " + n);
      check1([](const Tensor& t) { return t.moveaxis({0}, {-1}); }, in, "moveaxis " + n);
      check1([](const Tensor& t) { return t.permute({2, 0, 1}); }, in, "permute " + n);
      check1([](const Tensor& t) { return t.reshape({4, -1}); }, in, "reshape " + n);
      check1([](const Tensor& t) { return t.ravel(); }, in, "ravel " + n);
      check1([](const Tensor& t) { return t.flatten(); }, in, "flatten " + n);
      check1([](const Tensor& t) { return t.expand_dims({0, -1}); }, in, "expand_dims " + n);
      check1([](const Tensor& t) { return t.expand_dims({1}).squeeze(); }, in, "squeeze " + n);
      check1([](const Tensor& t) { return t.flip(AxisList{0, 2}); }, in, "flip " + n);
      check1([](const Tensor& t) { return t.flip(); }, in, "flip all " + n);
      check1([](const Tensor& t) { return t.copy(); }, in, "copy " + n);
      check1([](const Tensor& t) { return t.contiguous(); }, in, "contiguous " + n);
      check1([](const Tensor& t) { return t.astype(DType::Complex128); }, in, "astype c128 " + n);
      check1([](const Tensor& t) { return t.index({1}); }, in, "operator[] " + n);
    }
    check1([](const Tensor& t) { return t.broadcast_to({5, 2, 3, 4}); }, rnd({3, 1}, dt).broadcast_to({3, 4}).reshape({1, 3, 4}).copy(), "broadcast_to");
    check1([](const Tensor& t) { return t.broadcast_to({2, 3, 4}); }, rnd({3, 1}, dt), "broadcast_to (3,1)");
    check1([](const Tensor& t) { return broadcast_arrays({t, zeros({2, 1, 4})})[0]; }, rnd({3, 1}, dt), "broadcast_arrays");
  }
  Tensor z = rnd({2, 3}, c128);
  check1([](const Tensor& t) { return t.real(); }, z, "real");
  check1([](const Tensor& t) { return t.imag(); }, z, "imag");
  check1([](const Tensor& t) { return t.astype(DType::Float64); }, z, "astype complex -> float");
  check1([](const Tensor& t) { return multiply(t.real(), t.imag()); }, z.T(), "real * imag");
}

TEST(AutogradOps, Reductions) {
  const std::vector<Axes> axes = {std::nullopt, AxisList(0), AxisList(-1), AxisList{0, 2}, AxisList{-1, 1}};
  for (DType dt : {f64, c128}) {
    Tensor x = rnd({2, 3, 4}, dt), nc = rnd({4, 3, 2}, dt).T();
    for (const Tensor& in : {x, nc})
      for (const Axes& ax : axes)
        for (bool kd : {false, true}) {
          const std::string n = std::string(name(dt)) + (kd ? " keepdims" : "");
          check1([&](const Tensor& t) { return sum(t, ax, kd); }, in, "sum " + n);
          check1([&](const Tensor& t) { return mean(t, ax, kd); }, in, "mean " + n);
          check1([&](const Tensor& t) { return prod(t, ax, kd); }, in, "prod " + n);
          check1([&](const Tensor& t) { return nansum(t, ax, kd); }, in, "nansum " + n);
          check1([&](const Tensor& t) { return nanmean(t, ax, kd); }, in, "nanmean " + n);
          for (int64_t ddof : {0, 1}) {
            check1([&](const Tensor& t) { return var(t, ax, ddof, kd); }, in, "var " + n);
            check1([&](const Tensor& t) { return parity::std(t, ax, ddof, kd); }, in, "std " + n);
          }
          if (dt == f64) {  // NumPy orders complex lexicographically; real inputs suffice here
            check1([&](const Tensor& t) { return amax(t, ax, kd); }, in, "amax " + n);
            check1([&](const Tensor& t) { return amin(t, ax, kd); }, in, "amin " + n);
            check1([&](const Tensor& t) { return nanmax(t, ax, kd); }, in, "nanmax " + n);
            check1([&](const Tensor& t) { return nanmin(t, ax, kd); }, in, "nanmin " + n);
          }
        }
    for (const Tensor& in : {x, nc})
      for (std::optional<int64_t> ax : {std::optional<int64_t>(), std::optional<int64_t>(1), std::optional<int64_t>(-1)}) {
        check1([&](const Tensor& t) { return cumsum(t, ax); }, in, "cumsum");
        check1([&](const Tensor& t) { return cumprod(t, ax); }, in, "cumprod");
      }
    // dtype= casts: the gradient comes back in the input's dtype
    check1([](const Tensor& t) { return sum(t, AxisList(0), false, DType::Complex128); }, x, "sum dtype=c128");
    check1([](const Tensor& t) { return t.mean(std::nullopt, false, DType::Complex128); }, x, "mean dtype=c128");
  }
  // prod and cumprod with one and two zeros (PyTorch's zero-safe formulas)
  for (const auto& vals : {std::vector<double>{2, 0, 3, -1.5, 0.5, 4}, std::vector<double>{2, 0, 3, 0, 0.5, 4}}) {
    Tensor z = asarray(vals).reshape({2, 3});
    for (const Axes& ax : {Axes(), Axes(AxisList(0)), Axes(AxisList(1))})
      check1([&](const Tensor& t) { return prod(t, ax); }, z, "prod with zeros");
    check1([](const Tensor& t) { return prod(t.T(), AxisList(-1), true); }, z, "prod with zeros, T");
    check1([](const Tensor& t) { return cumprod(t, 1); }, z, "cumprod with zeros");
    check1([](const Tensor& t) { return cumprod(t); }, z, "cumprod with zeros, None");
    check1([](const Tensor& t) { return cumprod(add(t, multiply(t, Scalar(C(0, 0.5)))), 1); }, z, "cumprod complex zeros");
  }
}

TEST(AutogradOps, ExtremeTiesAndNaN) {
  // ties share the gradient evenly (PyTorch's amax); finite differences do not apply at a tie
  Tensor x = asarray(std::vector<double>{1, 3, 3, 2}).requires_grad_();
  amax(x).backward();
  EXPECT_EQ(x.grad().to_double_vector(), (std::vector<double>{0, 0.5, 0.5, 0}));
  Tensor y = asarray(std::vector<double>{1, std::nan(""), 0.5}).requires_grad_();
  nanmin(y).backward();
  EXPECT_EQ(y.grad().to_double_vector(), (std::vector<double>{0, 0, 1}));
  Tensor w = asarray(std::vector<double>{1, std::nan(""), 4}).requires_grad_();
  nansum(w).backward();
  EXPECT_EQ(w.grad().to_double_vector(), (std::vector<double>{1, 0, 1}));
  Tensor m = asarray(std::vector<double>{1, std::nan(""), 4}).requires_grad_();
  nanmean(m).backward();
  EXPECT_EQ(m.grad().to_double_vector(), (std::vector<double>{0.5, 0, 0.5}));
}

TEST(AutogradOps, Linalg) {
  struct Case { Shape a, b; };
  const std::vector<Case> cases = {{{3, 4}, {4, 5}}, {{4}, {4, 5}}, {{3, 4}, {4}}, {{4}, {4}},
                                   {{2, 1, 3, 4}, {5, 4, 2}}, {{4}, {2, 4, 3}}, {{2, 3, 4}, {4}}, {{3, 4}, {2, 4, 5}}};
  for (DType dt : {f64, c128})
    for (const auto& c : cases) {
      const std::string n = shape_str(c.a) + " @ " + shape_str(c.b) + " " + name(dt);
      auto mm = [](const std::vector<Tensor>& t) { return matmul(t[0], t[1]); };
      check(mm, {rnd(c.a, dt, 3), rnd(c.b, dt, 4)}, "matmul " + n);
      check(mm, {rnd(c.a, f64, 3), rnd(c.b, dt, 4)}, "matmul mixed " + n);
    }
  // noncontiguous operands
  check([](const std::vector<Tensor>& t) { return matmul(t[0], t[1]); }, {rnd({4, 3}, c128).T(), rnd({5, 4}, c128).T()},
        "matmul transposed");
  struct DotCase { Shape a, b; };
  const std::vector<DotCase> dots = {{{}, {3, 2}}, {{3}, {}}, {{4}, {4}}, {{3, 4}, {4}}, {{2, 3, 4}, {4}},
                                     {{3, 4}, {4, 5}}, {{4}, {4, 5}}, {{2, 3, 4}, {4, 5}}, {{2, 4}, {3, 4, 5}},
                                     {{2, 3, 4}, {6, 4, 2}}, {{4}, {3, 4, 2}}};
  for (DType dt : {f64, c128})
    for (const auto& c : dots)
      check([](const std::vector<Tensor>& t) { return dot(t[0], t[1]); }, {rnd(c.a, dt, 5), rnd(c.b, dt, 6)},
            "dot " + shape_str(c.a) + " . " + shape_str(c.b) + " " + name(dt));
  for (DType dt : {f64, c128})
    check([](const std::vector<Tensor>& t) { return outer(t[0], t[1]); }, {rnd({2, 2}, dt, 7), rnd({3}, dt, 8)},
          "outer");
}

// Where the derivative exists depends on keywords and shape, declared once in the op's record
// (NoGradWhere): the backward raises the record's reason there and works elsewhere.
TEST(AutogradOps, DerivativesDeclaredPerModeAndShape) {
  auto backward_error = [](const std::function<Tensor(const Tensor&)>& f, const Shape& s) -> std::string {
    Tensor a = rnd(s, f64, 11);
    a.requires_grad_();
    try {
      sum(f(a)).backward();
    } catch (const RuntimeError& e) {
      return e.what();
    }
    return "";
  };
  auto qr_r = [](const std::string& mode) { return [mode](const Tensor& a) { return linalg::qr(a, mode).R; }; };
  EXPECT_EQ(backward_error(qr_r("reduced"), {4, 3}), "");
  EXPECT_EQ(backward_error(qr_r("complete"), {3, 3}), "");  // complete equals reduced on a square input
  EXPECT_NE(backward_error(qr_r("r"), {4, 3}).find("[linalg.qr] is not differentiable: mode='r' computes no Q"),
            std::string::npos);
  EXPECT_NE(backward_error(qr_r("complete"), {4, 3}).find("mode='complete' and M > N"), std::string::npos);
  EXPECT_NE(backward_error(qr_r("reduced"), {3, 4}).find("not implemented for M < N"), std::string::npos);
  auto svd_s = [](bool full) { return [full](const Tensor& a) { return linalg::svd(a, full).S; }; };
  EXPECT_EQ(backward_error(svd_s(false), {4, 3}), "");
  EXPECT_EQ(backward_error(svd_s(true), {3, 3}), "");
  EXPECT_NE(backward_error(svd_s(true), {4, 3}).find("full_matrices=True and M != N"), std::string::npos);
  // The reasons are the record's (parity/op_record.h), read by the test suites too.
  const NoGradWhere* w = no_grad_at("linalg.qr", {{"mode", "raw"}}, {2, 2});
  ASSERT_NE(w, nullptr);
  EXPECT_NE(w->why.find("mode='raw'"), std::string::npos);
  EXPECT_EQ(no_grad_at("linalg.qr", {}, {4, 3}), nullptr);  // the default mode, 'reduced'
  EXPECT_NE(no_grad_at("linalg.svd", {}, {4, 3}), nullptr);  // full_matrices=True by default
  EXPECT_EQ(no_grad_at("linalg.svd", {{"compute_uv", "False"}}, {4, 3}), nullptr);
  EXPECT_EQ(no_grad_at("sin", {}, {4, 3}), nullptr);
}

// out= forms: out records the op's node, so the gradient flows through it as through the
// function's result, also where out has another dtype or broadcasts the result (vecdot, outer).
TEST(AutogradOps, OutForms) {
  const DType f64 = DType::Float64, c128 = DType::Complex128;
  check([](const std::vector<Tensor>& t) { return fft::fft(t[0], std::nullopt, -1, "backward", empty({5}, DType::Complex128)); },
        {rnd({5}, f64, 1)}, "fft out=");
  check([](const std::vector<Tensor>& t) {
          return fft::fftn(t[0], std::nullopt, std::nullopt, "ortho", empty({3, 4}, DType::Complex128));
        },
        {rnd({3, 4}, c128, 2)}, "fftn out=");
  check([](const std::vector<Tensor>& t) {
          return fft::rfftn(t[0], std::nullopt, std::nullopt, "backward", empty({3, 3}, DType::Complex128));
        },
        {rnd({3, 4}, f64, 3)}, "rfftn out=");
  check([](const std::vector<Tensor>& t) { return fft::ihfft(t[0], std::nullopt, -1, "backward", empty({5}, DType::Complex128)); },
        {rnd({8}, f64, 4)}, "ihfft out=");
  check([](const std::vector<Tensor>& t) {
          return take(t[0], asarray(std::vector<int64_t>{3, 0, 3}), 1, "raise", empty({2, 3}, DType::Float64));
        },
        {rnd({2, 4}, f64, 5)}, "take out=");
  check([](const std::vector<Tensor>& t) { return cumulative_sum(t[0], 0, std::nullopt, true, empty({4}, DType::Float64)); },
        {rnd({3}, f64, 6)}, "cumulative_sum include_initial out=");
  check([](const std::vector<Tensor>& t) {
          return cumulative_prod(t[0], 1, std::nullopt, false, empty({2, 3}, DType::Complex128));
        },
        {rnd({2, 3}, f64, 7)}, "cumulative_prod out= complex128");
  check([](const std::vector<Tensor>& t) { return vecdot(t[0], t[1], -1, empty({2, 3}, DType::Float64)); },
        {rnd({3, 4}, f64, 8), rnd({4}, f64, 9)}, "vecdot out= broadcast to (2, 3)");
  check([](const std::vector<Tensor>& t) { return outer(t[0], t[1], empty({2, 3, 2}, DType::Complex128)); },
        {rnd({3}, c128, 10), rnd({2}, c128, 11)}, "outer out= broadcast to (2, 3, 2)");
}

TEST(AutogradOps, JoinSplitTileRepeat) {
  for (DType dt : {f64, c128}) {
    Tensor a = rnd({2, 3}, dt, 1), b = rnd({2, 2}, dt, 2), c = rnd({3, 2}, dt, 3).T();
    check([](const std::vector<Tensor>& t) { return concatenate({t[0], t[1], t[2]}, 1); }, {a, b, c}, "concatenate 1");
    check([](const std::vector<Tensor>& t) { return concatenate({t[0], t[1]}, std::nullopt); }, {a, b}, "concatenate None");
    check([](const std::vector<Tensor>& t) { return concatenate({t[0], t[1]}, 0); }, {a, c}, "concatenate 0");
    check([](const std::vector<Tensor>& t) { return stack({t[0], t[1]}, -1); }, {a, c}, "stack -1");
    check([](const std::vector<Tensor>& t) { return stack({t[0], t[1]}, 0); }, {a, c}, "stack 0");
    check1([](const Tensor& t) {
      auto p = split(t, 3, 1);
      return concatenate({multiply(p[2], 2.0), p[0]}, 1);
    }, rnd({2, 6}, dt), "split sections");
    check1([](const Tensor& t) {
      auto p = split(t, std::vector<int64_t>{1, -2}, 0);
      return concatenate({p[2], multiply(p[1], 3.0), p[0], p[1]}, 0);
    }, rnd({5, 2}, dt).T().T(), "split indices");
    Tensor x = rnd({2, 3}, dt), nc = rnd({3, 2}, dt).T();
    for (const Tensor& in : {x, nc}) {
      check1([](const Tensor& t) { return tile(t, {2}); }, in, "tile 2");
      check1([](const Tensor& t) { return tile(t, {2, 1, 3}); }, in, "tile 2,1,3");
      check1([](const Tensor& t) { return repeat(t, {2}); }, in, "repeat 2 None");
      check1([](const Tensor& t) { return repeat(t, {3}, 1); }, in, "repeat 3 axis 1");
      check1([](const Tensor& t) { return repeat(t, {1, 0, 3}, -1); }, in, "repeat 1,0,3");
      check1([](const Tensor& t) { return repeat(t, {2, 1}, 0); }, in, "repeat 2,1 axis 0");
    }
  }
}

TEST(AutogradOps, IndexingRead) {
  for (DType dt : {f64, c128}) {
    Tensor x = rnd({4, 3}, dt), nc = rnd({3, 4}, dt).T();
    for (const Tensor& in : {x, nc}) {
      check1([](const Tensor& t) { return t.index({Slice(1, std::nullopt), Slice(std::nullopt, std::nullopt, -2)}); }, in,
             "basic slices");
      check1([](const Tensor& t) { return t.index({ellipsis, 1}); }, in, "ellipsis int");
      check1([](const Tensor& t) { return t.index({newaxis, 2}); }, in, "newaxis int");
      check1([](const Tensor& t) { return t.index({TensorIndex(std::vector<int64_t>{0, 0, 3, -1})}); }, in,
             "repeated rows accumulate");
      check1([](const Tensor& t) {
        return t.index({TensorIndex(std::vector<int64_t>{1, 1, 2}), TensorIndex(std::vector<int64_t>{0, 0, 2})});
      }, in, "repeated elements accumulate");
      check1([](const Tensor& t) { return t.index({Slice(0, 3), TensorIndex(std::vector<int64_t>{2, 2})}); }, in,
             "mixed basic/advanced");
      check1([](const Tensor& t) { return t.index({TensorIndex(greater(t.detach().real(), 0.0))}); }, in, "bool mask");
    }
    // the gradient of the scatter is the gather again (double backward)
    Tensor y = rnd({4}, dt).requires_grad_();
    Tensor r = y.index({TensorIndex(std::vector<int64_t>{0, 0, 2})});
    Tensor gy = autograd::grad({r}, {y}, {ones_like(r)}, false, true)[0];
    EXPECT_EQ(cvals(gy), (std::vector<C>{2, 0, 1, 0}));
  }
}

TEST(AutogradOps, ZeroDimAndEmpty) {
  Tensor s0 = rnd({}, c128);
  check1([](const Tensor& t) { return t.reshape({1, 1}); }, s0, "0-d reshape");
  check1([](const Tensor& t) { return t.ravel(); }, s0, "0-d ravel");
  check1([](const Tensor& t) { return sum(t, AxisList(0)); }, s0, "0-d sum axis=0");
  check1([](const Tensor& t) { return mean(t); }, s0, "0-d mean");
  check1([](const Tensor& t) { return cumprod(t); }, s0, "0-d cumprod");
  check1([](const Tensor& t) { return dot(t, t); }, s0, "0-d dot");
  // an empty reduction: the gradient is an empty tensor of the input's shape
  Tensor e = zeros({0, 3}).requires_grad_();
  Tensor r = sum(e, AxisList(0));
  r.backward(ones_like(r));
  EXPECT_EQ(e.grad().shape(), (Shape{0, 3}));
  Tensor p = zeros({2, 0}).requires_grad_();
  Tensor q = prod(p, AxisList(1));
  q.backward(ones_like(q));
  EXPECT_EQ(p.grad().shape(), (Shape{2, 0}));
}

TEST(AutogradOps, Where) {
  Tensor cond = asarray(std::vector<bool>{true, false, true}).reshape({3, 1});
  check([&](const std::vector<Tensor>& t) { return where(cond, t[0], t[1]); }, {rnd({3, 2}), rnd({2})}, "where");
}

// Each op records one node, under its own name; nothing is recorded without grad.
TEST(AutogradOps, OneNodePerOpAndNoGrad) {
  Tensor x = rnd({2, 3}).requires_grad_();
  EXPECT_EQ(autograd::grad_fn_name(x.T()), "transpose");
  EXPECT_EQ(autograd::grad_fn_name(x.mT()), "transpose");
  EXPECT_EQ(autograd::grad_fn_name(x.reshape({3, 2})), "reshape");
  EXPECT_EQ(autograd::grad_fn_name(x.T().reshape({6})), "reshape");  // a copying reshape: one node
  EXPECT_EQ(autograd::grad_fn_name(x.T().ravel()), "flatten");
  EXPECT_EQ(autograd::grad_fn_name(x.sum()), "sum");
  EXPECT_EQ(autograd::grad_fn_name(x.std()), "std");
  EXPECT_EQ(autograd::grad_fn_name(stack({x, x})), "stack");
  EXPECT_EQ(autograd::grad_fn_name(matmul(x, x.T())), "matmul");
  EXPECT_EQ(autograd::grad_fn_name(x.index({0})), "index");
  EXPECT_FALSE(x.argmax().requires_grad());  // an integer result carries no gradient
  EXPECT_TRUE(x.contiguous().is_same_view(x));  // already contiguous: x itself (PyTorch's)
  {
    autograd::NoGrad ng;
    EXPECT_FALSE(x.T().requires_grad());
    EXPECT_FALSE(x.sum().requires_grad());
    EXPECT_FALSE(matmul(x, x.T()).requires_grad());
  }
  // a saved input changed in place is caught at backward
  Tensor y = rnd({3}).requires_grad_();
  Tensor c = y.copy();
  Tensor p = prod(c);
  c += 1.0;
  EXPECT_THROW(p.backward(), RuntimeError);
}

// A graph is freed with its last handle: a node holds no strong reference back to itself through
// a saved tensor, also when the tensor saved is the op's own result (an in-place op or out= on a
// tensor in the graph, mean's division in place). LeakSanitizer found these cycles.
TEST(AutogradOps, GraphFreedWithItsTensors) {
  std::weak_ptr<autograd::Meta> in_place, out_eq, mean_meta, y_meta;
  {
    Tensor y = rnd({3}).requires_grad_();
    Tensor c = y.copy();
    Tensor p = prod(c);
    c += 1.0;  // add saves c's old value, whose variable is now add's result
    in_place = c.autograd_meta();
    Tensor o = multiply(y, 2.0).sum();
    sum(y, std::nullopt, false, std::nullopt, o);  // sum saves its result, o
    out_eq = o.autograd_meta();
    Tensor m = mean(multiply(y, 3.0));
    mean_meta = m.autograd_meta();
    y_meta = y.autograd_meta();
    EXPECT_FALSE(in_place.expired());
    EXPECT_FALSE(mean_meta.expired());
  }
  EXPECT_TRUE(in_place.expired());
  EXPECT_TRUE(out_eq.expired());
  EXPECT_TRUE(mean_meta.expired());
  EXPECT_TRUE(y_meta.expired());
}

// Formulas are engine ops, so create_graph gives second derivatives.
TEST(AutogradOps, DoubleBackward) {
  Tensor x = rnd({3}).requires_grad_();
  Tensor l = sum(multiply(matmul(x, x), x.flip()));  // (x.x) * sum(x)
  Tensor gx = autograd::grad({l}, {x}, {}, false, true)[0];  // 2 x sum(x) + x.x
  Tensor h = autograd::grad({gx.sum()}, {x})[0];             // d/dx_j (2 S^2 + 3 x.x) = 4 S + 6 x_j
  auto xv = x.detach().to_double_vector();
  double S = xv[0] + xv[1] + xv[2];
  auto hv = h.to_double_vector();
  for (int j = 0; j < 3; ++j) EXPECT_NEAR(hv[j], 4 * S + 6 * xv[j], 1e-12) << j;
}

// The talk's two-layer model, x @ W1 + b1 -> tanh -> @ W2 -> mean squared error, through
// several ops at once.
TEST(AutogradOps, TwoLayerChain) {
  Tensor x = rnd({5, 3}, f64, 11), y = rnd({5, 2}, f64, 12);
  auto model = [&](const std::vector<Tensor>& p) {
    Tensor h = tanh(add(matmul(x, p[0]), p[1]));
    Tensor d = subtract(matmul(h, p[2]), y);
    return mean(multiply(d, d)).reshape({1});
  };
  check(model, {rnd({3, 4}, f64, 13), rnd({4}, f64, 14), rnd({4, 2}, f64, 15)}, "two-layer model");
  // a chain through views, reductions and indexing
  auto chain = [](const std::vector<Tensor>& p) {
    Tensor t = p[0].T().reshape({6, 2});
    Tensor s = concatenate({t.index({Slice(0, 3)}), cumsum(t, 0).index({TensorIndex(std::vector<int64_t>{5, 5, 0})})}, 0);
    return add(add(var(s, AxisList(0), 1), amax(s, AxisList(0), true)), sum(tile(s, {2, 1}), AxisList(0), true)).sum(AxisList(-1), true);
  };
  check(chain, {rnd({2, 6}, f64, 16)}, "view/reduce/index chain");
}

}  // namespace
}  // namespace parity

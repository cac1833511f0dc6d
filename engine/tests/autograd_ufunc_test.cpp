// Derivatives of the ufuncs (PARITY_DERIVATIVE / PARITY_NOT_DIFFERENTIABLE next to each ufunc):
// every ufunc declares one; backward() agrees with central finite differences in float64 and
// complex128 (PyTorch's convention: for a real loss L, x.grad = dL/dRe(x) + i dL/dIm(x)), with
// broadcasting and weak Python scalars; a not-differentiable ufunc raises at backward; and the
// core's rules (requires_grad on ints, in-place on saved tensors, no_grad, accumulation).
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "autograd/derivatives.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/gradcheck.h"
#include "parity/op_list.h"
#include "parity/ops.h"
#include "ufunc.h"

using namespace parity;
using cd = std::complex<double>;

namespace {

using Fn = std::function<Tensor(const std::vector<Tensor>&)>;

// An input: its shape, and the box its values are drawn from (imaginary parts for complex128
// are drawn from [im_lo, im_hi], off the real axis where the branch cuts lie).
struct In {
  Shape shape;
  double lo, hi;
};

Tensor random_tensor(const Shape& shape, DType dt, double lo, double hi, std::mt19937& rng) {
  std::uniform_real_distribution<double> re(lo, hi), im(0.2, 0.6);
  Tensor t = zeros(shape, dt);
  const int64_t n = t.size();
  if (dt == complex128) {
    cd* p = t.data<cd>();
    for (int64_t i = 0; i < n; ++i) p[i] = cd(re(rng), im(rng));
  } else {
    double* p = t.data<double>();
    for (int64_t i = 0; i < n; ++i) p[i] = re(rng);
  }
  return t;
}

std::vector<cd> values(const Tensor& t) {
  Tensor c = t.astype(complex128).contiguous();
  return std::vector<cd>(c.data<cd>(), c.data<cd>() + c.size());
}

// L = sum Re(conj(w) * f(x)) for fixed weights w.
double loss(const Fn& f, const std::vector<Tensor>& xs, const std::vector<cd>& w) {
  autograd::NoGrad off;
  std::vector<cd> o = values(f(xs));
  double s = 0;
  for (size_t i = 0; i < o.size(); ++i) s += (std::conj(w[i]) * o[i]).real();
  return s;
}

// Compares backward() against central differences (eps 1e-6, atol 1e-5, rtol 1e-3).
void gradcheck(const std::string& what, const Fn& f, std::vector<Tensor> xs, uint32_t seed) {
  SCOPED_TRACE(what);
  std::mt19937 rng(seed);
  std::vector<Tensor> leaves;
  for (Tensor& x : xs) {
    Tensor l = x.copy();
    l.requires_grad_();
    leaves.push_back(l);
  }
  Tensor out = f(leaves);
  ASSERT_TRUE(out.requires_grad());
  // Weights in out's dtype (complex when out is complex).
  Tensor w = random_tensor(out.shape(), out.dtype() == complex128 ? complex128 : float64, -1, 1, rng);
  if (out.dtype() == complex128) {  // both signs of the imaginary part too
    cd* p = w.data<cd>();
    for (int64_t i = 0; i < w.size(); ++i) p[i] = cd(p[i].real(), p[i].imag() - 0.4);
  }
  out.backward(w);
  const std::vector<cd> wv = values(w);
  const double eps = 1e-6, atol = 1e-5, rtol = 1e-3;
  for (size_t k = 0; k < xs.size(); ++k) {
    Tensor gk = leaves[k].grad();
    ASSERT_TRUE(gk.defined()) << "input " << k << " got no gradient";
    ASSERT_EQ(gk.shape(), xs[k].shape());
    ASSERT_EQ(gk.dtype(), xs[k].dtype());
    const std::vector<cd> ga = values(gk);
    const bool cplx = xs[k].dtype() == complex128;
    for (int64_t i = 0; i < xs[k].size(); ++i) {
      auto at = [&](cd delta) {
        std::vector<Tensor> p = xs;
        p[k] = xs[k].copy();
        if (cplx) p[k].data<cd>()[i] += delta;
        else p[k].data<double>()[i] += delta.real();
        return loss(f, p, wv);
      };
      const double d_re = (at(eps) - at(-eps)) / (2 * eps);
      const double d_im = cplx ? (at(cd(0, eps)) - at(cd(0, -eps))) / (2 * eps) : 0.0;
      const cd num(d_re, d_im);
      EXPECT_LE(std::abs(ga[i] - num), atol + rtol * std::abs(num))
          << "input " << k << " element " << i << ": backward " << ga[i] << ", finite differences " << num;
    }
  }
}

struct Unary {
  const char* name;
  Tensor (*fn)(const ArrayLike&, OutArg);
  double lo, hi;
  bool complex;  // has a complex loop
};

Tensor angle_fn(const ArrayLike& x, OutArg) { return angle(x); }

const std::vector<Unary>& unary_cases() {
  static const std::vector<Unary> v = {
      {"absolute", &parity::abs, 0.3, 2, true},      {"absolute-neg", &parity::abs, -2, -0.3, true},
      {"negative", &parity::negative, -2, 2, true},  {"positive", &parity::positive, -2, 2, true},
      {"reciprocal", &parity::reciprocal, 0.5, 2, true}, {"square", &parity::square, -2, 2, true},
      {"sqrt", &parity::sqrt, 0.5, 2, true},         {"cbrt", &parity::cbrt, 0.5, 2, false},
      {"cbrt-neg", &parity::cbrt, -2, -0.5, false},  {"exp", &parity::exp, -1, 1, true},
      {"exp2", &parity::exp2, -1, 1, true},          {"expm1", &parity::expm1, -1, 1, true},
      {"log", &parity::log, 0.5, 2, true},           {"log-neg", &parity::log, -2, -0.5, true},
      {"log2", &parity::log2, 0.5, 2, true},         {"log10", &parity::log10, 0.5, 2, true},
      {"log1p", &parity::log1p, -0.5, 1, true},      {"sin", &parity::sin, -1, 1, true},
      {"cos", &parity::cos, -1, 1, true},            {"tan", &parity::tan, -1, 1, true},
      {"arcsin", &parity::arcsin, -0.9, 0.9, true},  {"arcsin-out", &parity::arcsin, 1.2, 2, true},
      {"arccos", &parity::arccos, -0.9, 0.9, true},  {"arctan", &parity::arctan, -2, 2, true},
      {"sinh", &parity::sinh, -1, 1, true},          {"cosh", &parity::cosh, -1, 1, true},
      {"tanh", &parity::tanh, -1, 1, true},          {"arcsinh", &parity::arcsinh, -2, 2, true},
      {"arccosh", &parity::arccosh, 1.2, 3, true},   {"arccosh-neg", &parity::arccosh, -3, -1.2, true},
      {"arctanh", &parity::arctanh, -0.9, 0.9, true}, {"expit", &parity::sigmoid, -2, 2, false},
      {"conjugate", &parity::conj, -2, 2, true},     {"angle", angle_fn, -2, 2, true},
  };
  return v;
}

TEST(AutogradUfunc, UnaryFiniteDifferences) {
  uint32_t seed = 1;
  for (const Unary& u : unary_cases()) {
    auto fn = u.fn;
    Fn f = [fn](const std::vector<Tensor>& x) { return fn(x[0], {}); };
    std::mt19937 rng(seed);
    // Real inputs need their domain (the "-neg"/"-out" rows are for complex only when off it).
    const bool real_ok = !(std::string(u.name) == "log-neg" || std::string(u.name) == "arcsin-out" ||
                           std::string(u.name) == "arccosh-neg");
    if (real_ok) gradcheck(std::string(u.name) + " float64", f, {random_tensor({3, 4}, float64, u.lo, u.hi, rng)}, ++seed);
    if (u.complex)
      gradcheck(std::string(u.name) + " complex128", f, {random_tensor({3, 4}, complex128, u.lo, u.hi, rng)}, ++seed);
  }
}

struct Binary {
  const char* name;
  Tensor (*fn)(const ArrayLike&, const ArrayLike&, OutArg);
  In a, b;
  bool complex;
  double weak;  // a Python float in b's domain, for the weak-scalar cases
};

const std::vector<Binary>& binary_cases() {
  static const std::vector<Binary> v = {
      {"add", &parity::add, {{}, -2, 2}, {{}, -2, 2}, true, 0.7},
      {"subtract", &parity::subtract, {{}, -2, 2}, {{}, -2, 2}, true, 0.7},
      {"multiply", &parity::multiply, {{}, -2, 2}, {{}, -2, 2}, true, 0.7},
      {"divide", &parity::divide, {{}, -2, 2}, {{}, 0.5, 2}, true, 0.7},
      {"remainder", &parity::remainder, {{}, -2, 2}, {{}, 0.5, 1.5}, false, 0.7},
      {"fmod", &parity::fmod, {{}, -2, 2}, {{}, 0.5, 1.5}, false, 0.7},
      {"power", &parity::power, {{}, 0.5, 2}, {{}, -2, 2}, true, 0.7},
      {"maximum", &parity::maximum, {{}, -2, 2}, {{}, -2, 2}, true, 0.3},
      {"minimum", &parity::minimum, {{}, -2, 2}, {{}, -2, 2}, true, 0.3},
      {"fmax", &parity::fmax, {{}, -2, 2}, {{}, -2, 2}, true, 0.3},
      {"fmin", &parity::fmin, {{}, -2, 2}, {{}, -2, 2}, true, 0.3},
      {"arctan2", &parity::arctan2, {{}, -2, 2}, {{}, -2, 2}, false, 0.7},
      {"hypot", &parity::hypot, {{}, -2, 2}, {{}, -2, 2}, false, 0.7},
      {"copysign", &parity::copysign, {{}, 0.3, 2}, {{}, -2, 2}, false, -0.7},
      {"logaddexp", &parity::logaddexp, {{}, -2, 2}, {{}, -2, 2}, false, 0.7},
  };
  return v;
}

TEST(AutogradUfunc, BinaryFiniteDifferences) {
  uint32_t seed = 100;
  for (const Binary& c : binary_cases()) {
    auto fn = c.fn;
    const double weak = c.weak;
    Fn both = [fn](const std::vector<Tensor>& x) { return fn(x[0], x[1], {}); };
    Fn weak_b = [fn, weak](const std::vector<Tensor>& x) { return fn(x[0], weak, {}); };
    Fn weak_a = [fn, weak](const std::vector<Tensor>& x) { return fn(weak, x[0], {}); };
    std::vector<DType> dts = {float64};
    if (c.complex) dts.push_back(complex128);
    for (DType dt : dts) {
      std::mt19937 rng(seed);
      const std::string n = std::string(c.name) + (dt == complex128 ? " complex128" : " float64");
      // broadcasting (3,1) with (4,), and the same shape
      gradcheck(n + " (3,1)x(4,)", both,
                {random_tensor({3, 1}, dt, c.a.lo, c.a.hi, rng), random_tensor({4}, dt, c.b.lo, c.b.hi, rng)}, ++seed);
      gradcheck(n + " (2,3)x(2,3)", both,
                {random_tensor({2, 3}, dt, c.a.lo, c.a.hi, rng), random_tensor({2, 3}, dt, c.b.lo, c.b.hi, rng)}, ++seed);
      // a weak Python scalar on either side (for the first operand: a value in b's domain is
      // fine for every row but power and copysign, whose first operand wants a's domain)
      gradcheck(n + " weak b", weak_b, {random_tensor({2, 3}, dt, c.a.lo, c.a.hi, rng)}, ++seed);
      if (std::string(c.name) != "power" && std::string(c.name) != "copysign" &&
          std::string(c.name) != "remainder" && std::string(c.name) != "fmod")
        gradcheck(n + " weak a", weak_a, {random_tensor({2, 3}, dt, c.b.lo, c.b.hi, rng)}, ++seed);
    }
  }
  // weak first operands for the rows above that need their own values
  std::mt19937 rng(7);
  gradcheck("power weak a", [](const std::vector<Tensor>& x) { return power(1.5, x[0]); },
            {random_tensor({2, 3}, float64, -2, 2, rng)}, 1);
  gradcheck("remainder weak a", [](const std::vector<Tensor>& x) { return remainder(1.7, x[0]); },
            {random_tensor({2, 3}, float64, 0.5, 1.5, rng)}, 2);
  gradcheck("fmod weak a", [](const std::vector<Tensor>& x) { return fmod(-1.7, x[0]); },
            {random_tensor({2, 3}, float64, 0.5, 1.5, rng)}, 3);
  // a float32 operand promoted with float64: the gradient comes back in float32
  Tensor a = random_tensor({3}, float64, -1, 1, rng).astype(float32);
  a.requires_grad_();
  Tensor b = random_tensor({3}, float64, -1, 1, rng);
  multiply(a, b).backward(ones_like(b));
  EXPECT_EQ(a.grad().dtype(), float32);
}

TEST(AutogradUfunc, ClipAndWhere) {
  std::mt19937 rng(11);
  // values below, inside and above [lo, hi], with lo (3,1) and hi a 0-d tensor
  gradcheck("clip", [](const std::vector<Tensor>& x) { return clip(x[0], x[1], x[2]); },
            {random_tensor({3, 4}, float64, -2, 2, rng), random_tensor({3, 1}, float64, -1.5, -0.3, rng),
             random_tensor({}, float64, 0.3, 1.5, rng)}, 1);
  gradcheck("clip weak bounds", [](const std::vector<Tensor>& x) { return clip(x[0], -0.5, 0.5); },
            {random_tensor({3, 4}, float64, -2, 2, rng)}, 2);
  gradcheck("clip complex", [](const std::vector<Tensor>& x) { return clip(x[0], x[1], x[2]); },
            {random_tensor({3, 4}, complex128, -2, 2, rng), random_tensor({3, 1}, complex128, -1.5, -0.3, rng),
             random_tensor({}, complex128, 0.3, 1.5, rng)}, 3);
  // lo > hi: everything is hi, so hi gets all the gradient
  Tensor x = array({-1.0, 0.0, 1.0}), lo = array(2.0), hi = array(1.0);
  for (Tensor* t : {&x, &lo, &hi}) t->requires_grad_();
  clip(x, lo, hi).backward(ones_like(x));
  EXPECT_EQ(values(x.grad()), (std::vector<cd>{0, 0, 0}));
  EXPECT_EQ(values(lo.grad()), (std::vector<cd>{0}));
  EXPECT_EQ(values(hi.grad()), (std::vector<cd>{3}));
  // where: the gradient goes to the chosen side
  Tensor c = array({true, false, true});
  gradcheck("where", [c](const std::vector<Tensor>& v) { return where(c, v[0], v[1]); },
            {random_tensor({3}, float64, -1, 1, rng), random_tensor({2, 1}, float64, -1, 1, rng)}, 4);
}

TEST(AutogradUfunc, TiesAndEdges) {
  // maximum/minimum/fmax/fmin split a tie equally (PyTorch); NaN's side takes it all.
  using B2 = Tensor (*)(const ArrayLike&, const ArrayLike&, OutArg);
  for (B2 fn : std::vector<B2>{&parity::maximum, &parity::minimum, &parity::fmax, &parity::fmin}) {
    Tensor a = array({1.0, 2.0, NAN}), b = array({1.0, 3.0, 0.0});
    a.requires_grad_();
    b.requires_grad_();
    fn(a, b, {}).backward(ones_like(a));
    const bool is_max = fn == B2(&parity::maximum) || fn == B2(&parity::fmax);
    const bool nan_wins = fn == B2(&parity::maximum) || fn == B2(&parity::minimum);
    EXPECT_EQ(values(a.grad()), (std::vector<cd>{0.5, is_max ? 0.0 : 1.0, nan_wins ? 1.0 : 0.0}));
    EXPECT_EQ(values(b.grad()), (std::vector<cd>{0.5, is_max ? 1.0 : 0.0, nan_wins ? 0.0 : 1.0}));
  }
  // power: no grad to the base where the exponent is 0; none to the exponent where the base is 0
  // and the exponent >= 0 (PyTorch's)
  Tensor a = array({0.0, 0.0, 2.0, 0.0}), b = array({0.0, 2.0, 0.0, 0.5});
  a.requires_grad_();
  b.requires_grad_();
  power(a, b).backward(ones_like(a));
  EXPECT_EQ(values(a.grad()), (std::vector<cd>{0, 0, 0, INFINITY}));  // 0.5 * 0**-0.5
  EXPECT_EQ(values(b.grad()), (std::vector<cd>{0, 0, std::log(2.0), 0}));
  // abs and copysign at 0: gradient 0 (PyTorch's sgn)
  Tensor z = array({0.0, -0.0});
  z.requires_grad_();
  abs(z).backward(ones_like(z));
  EXPECT_EQ(values(z.grad()), (std::vector<cd>{0, 0}));
}

TEST(AutogradUfunc, NotDifferentiableRaises) {
  using U = Tensor (*)(const ArrayLike&, OutArg);
  using B = Tensor (*)(const ArrayLike&, const ArrayLike&, OutArg);
  const std::vector<std::pair<const char*, U>> unary = {
      {"sign", &parity::sign},     {"floor", &parity::floor},       {"ceil", &parity::ceil},       {"trunc", &parity::trunc},
      {"rint", &parity::rint},     {"isnan", &parity::isnan},       {"isinf", &parity::isinf},     {"isfinite", &parity::isfinite},
      {"signbit", &parity::signbit}, {"logical_not", &parity::logical_not}, {"invert", &parity::invert}};
  const std::vector<std::pair<const char*, B>> binary = {
      {"floor_divide", &parity::floor_divide}, {"equal", &parity::equal}, {"not_equal", &parity::not_equal}, {"less", &parity::less},
      {"less_equal", &parity::less_equal}, {"greater", &parity::greater}, {"greater_equal", &parity::greater_equal},
      {"logical_and", &parity::logical_and}, {"logical_or", &parity::logical_or}, {"logical_xor", &parity::logical_xor},
      {"bitwise_and", &parity::bitwise_and}, {"bitwise_or", &parity::bitwise_or}, {"bitwise_xor", &parity::bitwise_xor},
      {"left_shift", &parity::left_shift}, {"right_shift", &parity::right_shift}};
  auto check = [](const std::string& name, const std::function<Tensor(const Tensor&)>& f) {
    SCOPED_TRACE(name);
    const auto* d = autograd::find_ufunc_derivative(name);
    ASSERT_NE(d, nullptr);
    EXPECT_FALSE(d->fn) << "declared not differentiable";
    EXPECT_FALSE(d->why.empty());
    Tensor x = array({0.5, -1.5, 2.5});
    x.requires_grad_();
    Tensor y;
    try {
      y = f(x);
    } catch (const TypeError&) {
      return;  // integer/bool only (bitwise): no float input to differentiate
    }
    EXPECT_THROW(y.backward(ones_like(y)), RuntimeError);
  };
  for (const auto& [n, f] : unary) check(n, [f](const Tensor& x) { return f(x, {}); });
  for (const auto& [n, f] : binary) {
    check(n, [f](const Tensor& x) { return f(x, 0.5, {}); });
    check(n, [f](const Tensor& x) { return f(1.5, x, {}); });
  }
  // the message says why
  Tensor x = array({0.5, 1.5});
  x.requires_grad_();
  try {
    floor(x).backward(ones_like(x));
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("[floor] is not differentiable: piecewise constant"), std::string::npos)
        << e.what();
  }
}

TEST(AutogradUfunc, EveryUfuncDeclaresItsDerivative) {
  std::vector<std::string> names;
#define PARITY_X(op, py, ...) names.push_back(ufunc_##op().name);
  PARITY_UNARY_UFUNCS(PARITY_X)
  PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X
  names.push_back("clip");
  names.push_back("angle");
  const std::vector<std::string> declared = autograd::ufuncs_with_derivative_declarations();
  for (const std::string& n : names) {
    const auto* d = autograd::find_ufunc_derivative(n);
    ASSERT_NE(d, nullptr) << n << " declares neither PARITY_DERIVATIVE nor PARITY_NOT_DIFFERENTIABLE";
    EXPECT_TRUE(d->fn || !d->why.empty()) << n;
  }
  EXPECT_GE(declared.size(), names.size());
}

TEST(AutogradUfunc, CoreRules) {
  // requires_grad on an integer tensor
  Tensor i = array({1, 2, 3});
  EXPECT_THROW(i.requires_grad_(), TypeError);
  // an in-place change to a tensor saved for backward is caught at backward
  Tensor x = array({0.5, 1.0});
  x.requires_grad_();
  Tensor y = exp(x);
  Tensor s = sin(y);  // saves y
  {
    autograd::NoGrad off;
    multiply(y, 2.0, y);
  }
  EXPECT_THROW(s.backward(ones_like(s)), RuntimeError);
  // no_grad records nothing
  {
    autograd::NoGrad off;
    Tensor r = sin(x) * x;
    EXPECT_FALSE(r.requires_grad());
    EXPECT_TRUE(r.is_leaf());
  }
  // .grad accumulates over two backward calls of one graph (retain_graph)
  Tensor a = array({0.3, -0.7});
  a.requires_grad_();
  Tensor o = square(a);
  o.backward(ones_like(o), true);
  o.backward(ones_like(o));
  EXPECT_EQ(values(a.grad()), (std::vector<cd>{4 * 0.3, 4 * -0.7}));
  // and a third one without the retained graph raises
  EXPECT_THROW(o.backward(ones_like(o)), RuntimeError);
}

TEST(AutogradUfunc, DoubleBackward) {
  // the formulas are written with engine ops: d2/dx2 sin = -sin, d2/dx2 x**3 = 6x
  Tensor x = array({0.4, 1.3});
  x.requires_grad_();
  auto g1 = autograd::grad({sin(x)}, {x}, {ones_like(x)}, false, true);
  auto g2 = autograd::grad({g1[0]}, {x}, {ones_like(x)});
  const std::vector<cd> v = values(g2[0]);
  EXPECT_NEAR(v[0].real(), -std::sin(0.4), 1e-12);
  EXPECT_NEAR(v[1].real(), -std::sin(1.3), 1e-12);
  auto p1 = autograd::grad({power(x, 3.0)}, {x}, {ones_like(x)}, false, true);
  auto p2 = autograd::grad({p1[0]}, {x}, {ones_like(x)});
  const std::vector<cd> w = values(p2[0]);
  EXPECT_NEAR(w[0].real(), 6 * 0.4, 1e-12);
  EXPECT_NEAR(w[1].real(), 6 * 1.3, 1e-12);
}

}  // namespace

// A ufunc whose derivative uses its own output (exp, sqrt, tanh...) keeps d(out)/dx in double
// backward when nothing holds the output but the next op's graph (the intermediate is dropped):
// gradgradcheck of exp(x).copy() and sqrt(x*x + 1).T() against central differences.
namespace {
TEST(AutogradUfunc, DoubleBackwardThroughADroppedOutput) {
  Tensor x = asarray(std::vector<double>{0.3, -1.2, 2.0}).reshape({3, 1});
  auto f1 = [](const std::vector<Tensor>& in) { return std::vector<Tensor>{exp(in[0]).copy()}; };
  auto f2 = [](const std::vector<Tensor>& in) { return std::vector<Tensor>{sqrt(in[0] * in[0] + 1.0).T()}; };
  auto f3 = [](const std::vector<Tensor>& in) { return std::vector<Tensor>{tanh(in[0]).reshape({-1})}; };
  for (const auto& f : std::vector<autograd::Fn>{f1, f2, f3}) {
    autograd::GradcheckResult r = autograd::gradgradcheck(f, {x});
    EXPECT_TRUE(r.ok) << r.detail;
  }
}
}  // namespace

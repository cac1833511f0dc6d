// The function transforms (parity/transforms.h): vmap against the slice-by-slice loop,
// per-example gradients (one batched pass) against one value_and_grad per example and against
// the closed form, jacobian / batch_jacobian against central finite differences in float64,
// value_and_grad and vjp against their closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

#include "parity/errors.h"
#include "parity/ops.h"
#include "parity/transforms.h"

namespace parity {
namespace {

using autograd::PerExampleLoss;

std::vector<double> vals(const Tensor& t) {
  Tensor c = autograd::detach(t).astype(DType::Float64).copy();
  return std::vector<double>(c.data<double>(), c.data<double>() + c.size());
}

// |got - want| <= atol + rtol |want| elementwise, shapes equal.
::testing::AssertionResult close(const Tensor& got, const Tensor& want, double rtol = 1e-10, double atol = 1e-12) {
  if (got.shape() != want.shape())
    return ::testing::AssertionFailure() << "shape " << shape_str(got.shape()) << " vs " << shape_str(want.shape());
  std::vector<double> g = vals(got), w = vals(want);
  for (size_t i = 0; i < g.size(); ++i)
    if (!(std::fabs(g[i] - w[i]) <= atol + rtol * std::fabs(w[i])))
      return ::testing::AssertionFailure() << "element " << i << ": " << g[i] << " vs " << w[i];
  return ::testing::AssertionSuccess();
}

Tensor randn(const Shape& s, uint64_t seed) { return Generator(seed).standard_normal(s); }

// d f(x) / d x by central differences (float64), shape f(x).shape + x.shape.
Tensor numeric_jacobian(const std::function<Tensor(const Tensor&)>& f, const Tensor& x, double eps = 1e-6) {
  Tensor x0 = x.astype(DType::Float64).copy();
  Tensor y0 = f(x0);
  std::vector<double> out(static_cast<size_t>(y0.size() * x0.size()));
  for (int64_t e = 0; e < x0.size(); ++e) {
    Tensor xp = x0.copy(), xm = x0.copy();
    xp.data<double>()[e] += eps;
    xm.data<double>()[e] -= eps;
    std::vector<double> p = vals(f(xp)), m = vals(f(xm));
    for (size_t k = 0; k < p.size(); ++k) out[k * static_cast<size_t>(x0.size()) + static_cast<size_t>(e)] = (p[k] - m[k]) / (2 * eps);
  }
  Shape s = y0.shape();
  s.insert(s.end(), x0.shape().begin(), x0.shape().end());
  return asarray(out).reshape(s);
}

// ---- vmap ----
TEST(TransformsTest, VmapBatchedEqualsLoop) {
  Tensor x = randn({6, 3}, 1), w = randn({3, 4}, 2);
  const std::vector<std::function<Tensor(const Tensor&)>> fs = {
      [](const Tensor& t) { return multiply(sin(t), t); },                  // elementwise
      [](const Tensor& t) { return sum(multiply(t, t), AxisList{-1}); },    // reduction on a negative axis
      [&](const Tensor& t) { return matmul(t.expand_dims({-2}), w); },      // (.., 1, 3) @ (3, 4)
      [](const Tensor& t) { return exp(t) / sum(exp(t), AxisList{-1}, true); },  // softmax
  };
  for (size_t i = 0; i < fs.size(); ++i) {
    Tensor loop = autograd::vmap(fs[i], x);
    std::vector<Tensor> rows;
    for (int64_t b = 0; b < x.shape(0); ++b) rows.push_back(fs[i](x[b]));
    EXPECT_TRUE(close(loop, stack(rows))) << "function " << i;
    EXPECT_TRUE(close(autograd::vmap_batched(fs[i], x), loop)) << "function " << i;
  }
  // Over axis 1: slices x[:, j].
  auto f = [](const Tensor& t) { return multiply(t, 2.0) + 1.0; };
  Tensor by1 = autograd::vmap(f, x, 1);
  EXPECT_EQ(by1.shape(), (Shape{3, 6}));
  EXPECT_TRUE(close(by1, autograd::vmap_batched(f, x, -1)));
  EXPECT_TRUE(close(by1, (x * 2.0 + 1.0).T()));
}

TEST(TransformsTest, VmapBatchedFallsBackWhenTheFunctionIsNotBatchPolymorphic) {
  Tensor x = randn({5, 4}, 3);
  // sum over everything: on the batch it returns a 0-d array, so vmap loops.
  auto total = [](const Tensor& t) { return sum(t); };
  Tensor r = autograd::vmap_batched(total, x);
  EXPECT_TRUE(close(r, sum(x, AxisList{1})));
  // A function that raises on the batch (a 1-D-only reshape) also falls back.
  auto first_two = [](const Tensor& t) { return t.reshape({2, 2}).sum(AxisList{0}); };
  EXPECT_TRUE(close(autograd::vmap_batched(first_two, x), autograd::vmap(first_two, x)));
  EXPECT_THROW(autograd::vmap(total, x, 2), AxisError);
  EXPECT_THROW(autograd::vmap(total, zeros({0, 3})), ValueError);
}

// ---- per-example gradients ----
// The tutorial's model, written batch-polymorphically (see parity/transforms.h): one example is
// x (32,), label (2,); the same code runs on (B, 32), (B, 2) with parameters (B, ...).
Tensor predict(const std::vector<Tensor>& w, const Tensor& rows) {
  Tensor y = maximum(matmul(rows, w[0]) + w[1].expand_dims({-2}), 0);
  return matmul(y, w[2]);
}
Tensor squared_loss(const std::vector<Tensor>& w, const std::vector<Tensor>& in) {
  Tensor pred = predict(w, in[0].expand_dims({-2}));
  return sum(square(pred - in[1].expand_dims({-2})), AxisList{-2, -1});
}

TEST(TransformsTest, PerExampleGradEqualsSequentialLoop) {
  for (DType dt : {DType::Float64, DType::Float32}) {
    const int64_t b = dt == DType::Float64 ? 8 : 128;
    std::vector<Tensor> w = {randn({32, 64}, 4).astype(dt) / std::sqrt(32.0), randn({64}, 5).astype(dt),
                             randn({64, 2}, 6).astype(dt) / 8.0};
    std::vector<Tensor> in = {randn({b, 32}, 7).astype(dt), randn({b, 2}, 8).astype(dt)};
    std::vector<Tensor> fast = autograd::per_example_grad(squared_loss, w, in);
    std::vector<Tensor> slow = autograd::per_example_grad_loop(squared_loss, w, in);
    ASSERT_EQ(fast.size(), 3u);
    for (size_t k = 0; k < w.size(); ++k) {
      Shape s{b};
      s.insert(s.end(), w[k].shape().begin(), w[k].shape().end());
      EXPECT_EQ(fast[k].shape(), s);
      EXPECT_EQ(fast[k].dtype(), dt);
      const double tol = dt == DType::Float64 ? 1e-12 : 1e-5;
      EXPECT_TRUE(close(fast[k], slow[k], tol, tol)) << name(dt) << " parameter " << k;
    }
    // The per-example gradients sum to the whole batch's gradient.
    auto whole = [&](const std::vector<Tensor>& p) { return sum(squared_loss(p, in)); };
    std::vector<Tensor> total = autograd::grad_of(whole, w);
    for (size_t k = 0; k < w.size(); ++k)
      EXPECT_TRUE(close(sum(fast[k], AxisList{0}), total[k], dt == DType::Float64 ? 1e-10 : 1e-4, 1e-4));
  }
}

TEST(TransformsTest, PerExampleGradOfLinearRegressionIsTheClosedForm) {
  // loss_b = (w . x_b + c - y_b)^2: d/dw = 2 r_b x_b, d/dc = 2 r_b with r_b the residual.
  const int64_t b = 5, n = 3;
  Tensor w = randn({n}, 9), c = randn({}, 10), x = randn({b, n}, 11), y = randn({b}, 12);
  PerExampleLoss loss = [](const std::vector<Tensor>& p, const std::vector<Tensor>& in) {
    return square(sum(p[0] * in[0], AxisList{-1}) + p[1] - in[1]);
  };
  std::vector<Tensor> g = autograd::per_example_grad(loss, {w, c}, {x, y});
  std::vector<double> wv = vals(w), xv = vals(x), yv = vals(y), gw = vals(g[0]), gc = vals(g[1]);
  const double cv = vals(c)[0];
  ASSERT_EQ(g[1].shape(), (Shape{b}));
  for (int64_t i = 0; i < b; ++i) {
    double r = cv - yv[i];
    for (int64_t j = 0; j < n; ++j) r += wv[j] * xv[i * n + j];
    EXPECT_NEAR(gc[i], 2 * r, 1e-12);
    for (int64_t j = 0; j < n; ++j) EXPECT_NEAR(gw[i * n + j], 2 * r * xv[i * n + j], 1e-12);
  }
  // A loss that reduces the whole batch to one number is refused (it is not per example).
  PerExampleLoss mixed = [](const std::vector<Tensor>& p, const std::vector<Tensor>& in) {
    return sum(square(sum(p[0] * in[0], AxisList{-1}) - in[1]));
  };
  EXPECT_THROW(autograd::per_example_grad(mixed, {w}, {x, y}), ValueError);
  EXPECT_THROW(autograd::per_example_grad(loss, {w, c}, {x, randn({4}, 1)}), ValueError);
}

// ---- jacobian / batch_jacobian ----
TEST(TransformsTest, JacobianMatchesFiniteDifferences) {
  auto f = [](const Tensor& t) { return sin(t) * sum(t * t); };
  Tensor x = randn({2, 3}, 13);
  Tensor j = autograd::jacobian(f, x);
  EXPECT_EQ(j.shape(), (Shape{2, 3, 2, 3}));
  EXPECT_TRUE(close(j, numeric_jacobian(f, x), 1e-6, 1e-8));
  // float32 in, float32 out: the unit projections take the output's dtype.
  Tensor j32 = autograd::jacobian(f, x.astype(DType::Float32));
  EXPECT_EQ(j32.dtype(), DType::Float32);
  EXPECT_TRUE(close(j32, j, 1e-4, 1e-5));
}

TEST(TransformsTest, BatchJacobianOfTheModelMatchesFiniteDifferences) {
  std::vector<Tensor> w = {randn({5, 7}, 14), randn({7}, 15), randn({7, 2}, 16)};
  auto f = [&](const Tensor& x) { return predict(w, x); };
  Tensor x = randn({4, 5}, 17);
  Tensor bj = autograd::batch_jacobian(f, x);
  ASSERT_EQ(bj.shape(), (Shape{4, 2, 5}));
  Tensor full = numeric_jacobian(f, x);  // (4, 2, 4, 5): row b's block is [b, :, b, :]
  for (int64_t b = 0; b < 4; ++b)
    EXPECT_TRUE(close(bj[b], full.index({b, Slice(), b, Slice()}), 1e-6, 1e-8)) << "row " << b;
  // The tutorial's shapes, in float32: (16, 32) -> (16, 2) gives (16, 2, 32).
  std::vector<Tensor> w32 = {randn({32, 64}, 18).astype(DType::Float32), randn({64}, 19).astype(DType::Float32),
                             randn({64, 2}, 20).astype(DType::Float32)};
  Tensor in = ones({16, 32}, DType::Float32);
  Tensor bj32 = autograd::batch_jacobian([&](const Tensor& t) { return predict(w32, t); }, in);
  EXPECT_EQ(bj32.shape(), (Shape{16, 2, 32}));
  EXPECT_EQ(bj32.dtype(), DType::Float32);
  // Every row of ones has the same jacobian: w1^T masked by the relu, times w2 -> (2, 32).
  std::vector<Tensor> w64 = {w32[0].astype(DType::Float64), w32[1].astype(DType::Float64), w32[2].astype(DType::Float64)};
  Tensor row = numeric_jacobian([&](const Tensor& t) { return predict(w64, t); }, ones({32}).expand_dims({0}));
  for (int64_t b = 0; b < 16; ++b) EXPECT_TRUE(close(bj32[b], row.reshape({2, 32}), 1e-4, 1e-4)) << "row " << b;
  EXPECT_THROW(autograd::batch_jacobian([](const Tensor& t) { return sum(t); }, in), ValueError);
}

// ---- value_and_grad / vjp ----
TEST(TransformsTest, ValueAndGradAndVjpAreTheClosedForms) {
  Tensor x = randn({3}, 21), y = randn({3}, 22);
  // f = sum(x^2 y): df/dx = 2 x y, df/dy = x^2.
  auto [v, g] = autograd::value_and_grad([](const std::vector<Tensor>& a) { return sum(a[0] * a[0] * a[1]); }, {x, y});
  std::vector<double> xv = vals(x), yv = vals(y);
  double want = 0;
  for (int i = 0; i < 3; ++i) want += xv[i] * xv[i] * yv[i];
  EXPECT_NEAR(vals(v)[0], want, 1e-12);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(vals(g[0])[i], 2 * xv[i] * yv[i], 1e-12);
    EXPECT_NEAR(vals(g[1])[i], xv[i] * xv[i], 1e-12);
  }
  EXPECT_FALSE(autograd::requires_grad(x));  // the caller's tensors are left alone
  // vjp of out = x * x: v -> 2 x v, callable twice.
  auto [out, pull] = autograd::vjp([](const std::vector<Tensor>& a) { return a[0] * a[0]; }, {x});
  EXPECT_TRUE(close(out, x * x));
  for (uint64_t seed : {23u, 24u}) {
    Tensor u = randn({3}, seed);
    EXPECT_TRUE(close(pull(u)[0], x * u * 2.0));
  }
  // An input the function ignores gets a zero gradient.
  std::vector<Tensor> gz = autograd::grad_of([](const std::vector<Tensor>& a) { return sum(a[0]); }, {x, y});
  EXPECT_TRUE(close(gz[1], zeros({3})));
  EXPECT_THROW(autograd::grad_of([](const std::vector<Tensor>& a) { return a[0]; }, {x}), ValueError);
}

}  // namespace
}  // namespace parity

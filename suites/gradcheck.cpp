// Gradcheck: for every op whose entry claims autograd, its derivative against central finite
// differences (parity/gradcheck.h) on the entry's float64 and complex128 samples, and
// gradgradcheck where the entry claims double backward; gradients on a noncontiguous copy of the
// inputs, and those of the method and in-place variants, equal the function's on contiguous ones.
// An op whose entry claims no autograd must raise on backward (claims checked both ways), and so
// must a differentiable op on a sample its record's no_grad_where rules out (linalg.qr mode='r'). Samples
// over 64 elements use one random projection (fast mode).
#include <cmath>

#include "harness.h"
#include "parity/gradcheck.h"
#include "parity/ops.h"

namespace parity::suites {

namespace {
constexpr const char* kSuite = "Gradcheck";
constexpr int64_t kMaxElements = 400;  // larger samples are skipped: finite differences cost 2 evaluations per element

int64_t elements(const SampleInput& in) {
  int64_t n = 0;
  for (const auto& a : in.args)
    if (a.is_tensor()) n += a.tensor().size();
  return n;
}

// The op as a function of its tensor arguments (weak scalars and kwargs fixed).
autograd::Fn as_function(const OpInfo& op, const SampleInput& in, Variant v = Variant::function) {
  return [&op, in, v](const std::vector<Tensor>& xs) {
    std::vector<ArrayLike> args;
    size_t k = 0;
    for (const auto& a : in.args) args.push_back(a.is_tensor() ? ArrayLike(xs[k++]) : a);
    return op.run(v, args, in.kwargs, Tensor());
  };
}
std::vector<Tensor> tensors_of(const SampleInput& in) {
  std::vector<Tensor> t;
  for (const auto& a : in.args)
    if (a.is_tensor()) t.push_back(a.tensor());
  return t;
}
// Gradients agree to rounding (a layout may change a reduction's order).
bool testing_same(const Tensor& a, const Tensor& b) {
  Outcome x, y;
  x.values = {a};
  y.values = {b};
  return compare(x, y, Tolerance{1e-10, 1e-12}).match();
}
// A copy of x laid out every other element (same values).
Tensor noncontiguous(const Tensor& x) {
  if (x.ndim() == 0) return x;
  Shape s = x.shape();
  s.back() *= 2;
  Tensor big = zeros(s, x.dtype());
  std::vector<TensorIndex> idx(static_cast<size_t>(x.ndim() - 1), TensorIndex(Slice()));
  idx.emplace_back(Slice(std::nullopt, std::nullopt, 2));
  Tensor v = big.index(idx);
  v.assign(ArrayLike(x));
  return v;
}
}  // namespace

void register_gradcheck() {
  register_per_dtype(kSuite, [](const OpInfo&) { return true; }, [](const OpInfo& op, DType d) {
    if (d != DType::Float64 && d != DType::Complex128) GTEST_SKIP() << "gradcheck runs in float64 and complex128";
    if (skipped(op, kSuite, d)) GTEST_SKIP() << "declared skip";
    int checked = 0;
    for (const SampleInput& in : op.sample_inputs(d)) {
      if (skipped(op, kSuite, d, in.note)) continue;
      std::vector<Tensor> xs = tensors_of(in);
      bool any_inexact = false;
      for (const Tensor& t : xs) any_inexact = any_inexact || is_inexact(t.dtype());
      if (!any_inexact || elements(in) > kMaxElements) continue;
      bool finite = true;  // gradcheck needs finite inputs (the reference values are NumpyRef's)
      for (const Tensor& t : xs)
        if (is_inexact(t.dtype()) && t.size() > 0)
          finite = finite && std::isfinite(amax(absolute(t)).astype(DType::Float64).item<double>());
      if (!finite) continue;
      SCOPED_TRACE("sample: " + in.note);
      autograd::Fn f = as_function(op, in);
      // The forward must work at all (error samples are not for gradcheck).
      std::vector<Tensor> y;
      try {
        y = f(xs);
      } catch (const Error&) {
        continue;
      }
      bool inexact_out = false, wide_out = true;
      for (const Tensor& t : y) {
        inexact_out = inexact_out || is_inexact(t.dtype());
        wide_out = wide_out && (t.dtype() == DType::Float64 || t.dtype() == DType::Complex128 || !is_inexact(t.dtype()));
      }
      if (!inexact_out) continue;
      // finite differences need a float64/complex128 result (not e.g. sum(dtype=float32))
      const NoGradWhere* undefined = no_grad_at(op, in);
      if (op.supports_autograd && !undefined && !wide_out) continue;
      if (!op.supports_autograd || undefined) {
        // The claim "no autograd" (for the op, or by its record for these keywords and this shape)
        // must hold: backward raises.
        const autograd::BackwardRaised b = autograd::backward_raises(f, xs);
        EXPECT_TRUE(b.holds()) << "[" << op.name << "] claims no autograd"
                               << (undefined ? " here (" + undefined->why + ")" : std::string())
                               << ", but backward worked";
        ++checked;
        continue;
      }
      autograd::GradcheckOptions o;
      o.fast = elements(in) > 64;
      autograd::GradcheckResult r = autograd::gradcheck(f, xs, o);
      EXPECT_TRUE(r.ok) << "[" << op.name << "] gradcheck failed: " << r.detail << "\n  inputs:\n" << [&] {
        Case c;
        c.op = &op;
        c.input = in;
        return describe(c);
      }();
      // Double backward where the entry claims it (small samples: it differentiates the backward).
      if (r.ok && op.supports_gradgrad && elements(in) <= 24) {
        autograd::GradcheckOptions o2 = o;
        o2.fast = true;
        autograd::GradcheckResult r2 = autograd::gradgradcheck(f, xs, o2);
        EXPECT_TRUE(r2.ok) << "[" << op.name << "] gradgradcheck failed: " << r2.detail;
      }
      // Noncontiguous inputs give the same gradients as contiguous ones.
      if (r.ok) {
        std::vector<Tensor> nc;
        for (const Tensor& t : xs) nc.push_back(is_inexact(t.dtype()) ? noncontiguous(t.astype(d)) : t);
        auto grads_of = [&](const std::vector<Tensor>& in_xs, Variant v) {
          std::vector<Tensor> req, diff;
          for (const Tensor& t : in_xs) {
            Tensor c = t;
            if (is_inexact(t.dtype())) {
              c = autograd::detach(t);
              if (c.dtype() != d) c = c.astype(d);
              c = t.is_contiguous() ? c.copy() : c;
              c.requires_grad_();
              diff.push_back(c);
              // the in-place form writes into its first argument: a non-leaf copy of the leaf
              if (v == Variant::inplace && req.empty()) c = c.copy();
            }
            req.push_back(c);
          }
          std::vector<Tensor> out = as_function(op, in, v)(req);
          std::vector<Tensor> ys, vs;
          for (const Tensor& t : out)
            if (t.requires_grad()) {
              ys.push_back(t);
              vs.push_back(ones_like(t));
            }
          return ys.empty() ? std::vector<Tensor>() : autograd::grad(ys, diff, vs, false, false, true);
        };
        std::vector<Tensor> gc = grads_of(xs, Variant::function), gn = grads_of(nc, Variant::function);
        for (size_t i = 0; i < gc.size() && i < gn.size(); ++i) {
          if (gc[i].defined() && gn[i].defined()) {
            EXPECT_TRUE(testing_same(gc[i], gn[i])) << "[" << op.name << "] gradient of input " << i
                                                    << " differs on a noncontiguous layout";
          }
        }
        if (op.has_variant(Variant::inplace) && !in.args.empty() && in.args[0].is_tensor() &&
            in.args[0].tensor().dtype() == d && y.size() == 1 && y[0].dtype() == d && y[0].shape() == in.args[0].tensor().shape()) {
          std::vector<Tensor> gi = grads_of(xs, Variant::inplace);
          for (size_t i = 0; i < gc.size() && i < gi.size(); ++i) {
            if (gc[i].defined() && gi[i].defined()) {
              EXPECT_TRUE(testing_same(gc[i], gi[i])) << "[" << op.name << "] in-place gradient of input " << i
                                                      << " differs from the function's";
            }
          }
        }
        if (op.has_variant(Variant::method) && !in.args.empty() && in.args[0].is_tensor()) {
          std::vector<Tensor> gm = grads_of(xs, Variant::method);
          for (size_t i = 0; i < gc.size() && i < gm.size(); ++i) {
            if (gc[i].defined() && gm[i].defined()) {
              EXPECT_TRUE(testing_same(gc[i], gm[i])) << "[" << op.name << "] method gradient of input " << i
                                                      << " differs from the function's";
            }
          }
        }
      }
      ++checked;
    }
    if (checked == 0) GTEST_SKIP() << "no float sample of at most " << kMaxElements << " elements";
  });
}

}  // namespace parity::suites

// gradcheck / gradgradcheck (central differences against autograd); the function transforms are
// in transforms.cpp.
#include <cmath>
#include <complex>
#include <cstring>
#include <sstream>

#include "parity/element_read.h"
#include "parity/errors.h"
#include "parity/gradcheck.h"
#include "../shape_util.h"
#include "parity/ops.h"

namespace parity::autograd {

namespace {
using cd = std::complex<double>;

// The outputs' elements in C order. float64 and complex128 (what gradcheck compares) are read
// from memory by their strides (parity/element_read.h, the judge's reader), not through
// astype/contiguous: the check judges the engine, so a bug in a cast or a copy must not shape
// its own verdict.
std::vector<cd> flat(const std::vector<Tensor>& outs) {
  std::vector<cd> v;
  for (const Tensor& o0 : outs) {
    const bool wide = o0.dtype() == DType::Float64 || o0.dtype() == DType::Complex128;
    const Tensor o = wide && o0.device().is_cpu() ? o0 : o0.astype(DType::Complex128).to(Device::cpu);
    for (int64_t i = 0; i < o.size(); ++i) v.push_back(element_read::value(o, i));
  }
  return v;
}

// The inputs as float64/complex128 C-contiguous copies without history.
std::vector<Tensor> widen(const std::vector<Tensor>& in) {
  std::vector<Tensor> w;
  for (const Tensor& t : in) {
    if (!t.defined() || !is_inexact(t.dtype())) { w.push_back(detach(t)); continue; }
    w.push_back(detach(t).astype(is_complex(t.dtype()) ? DType::Complex128 : DType::Float64).copy());
  }
  return w;
}

Tensor unit_projection(const Tensor& like, int64_t k, bool imag) {
  Tensor v = zeros_on(like.shape(), like.dtype(), Device::cpu);  // written on the host
  Tensor f = v.reshape({-1});
  if (is_complex(like.dtype())) f.data<cd>()[k] = imag ? cd(0, 1) : cd(1, 0);
  else f.data<double>()[k] = 1.0;
  return v.to(like.device());
}
}  // namespace

GradcheckResult gradcheck(const Fn& f, const std::vector<Tensor>& inputs_in, const GradcheckOptions& o) {
  GradcheckResult res;
  const std::vector<Tensor> x = widen(inputs_in);
  std::vector<Tensor> outs;
  {
    NoGrad ng;
    outs = f(x);
  }
  for (Tensor& t : outs) t = t.astype(is_complex(t.dtype()) ? DType::Complex128 : DType::Float64);
  // Projections v (one per output element and part, or one random one).
  std::vector<std::vector<Tensor>> projections;
  if (o.fast) {
    Generator rng(o.seed + 12345);
    std::vector<Tensor> v;
    for (const Tensor& t : outs) {
      Tensor r = rng.normal(t.shape());
      if (is_complex(t.dtype())) r = add(r, multiply(rng.normal(t.shape()), cd(0, 1)));
      v.push_back(r.astype(t.dtype()));
    }
    projections.push_back(v);
  } else {
    for (size_t k = 0; k < outs.size(); ++k)
      for (int64_t e = 0; e < outs[k].size(); ++e)
        for (int part = 0; part < (is_complex(outs[k].dtype()) ? 2 : 1); ++part) {
          std::vector<Tensor> v;
          for (size_t j = 0; j < outs.size(); ++j)
            v.push_back(j == k ? unit_projection(outs[j], e, part == 1) : zeros_like(outs[j]));
          projections.push_back(v);
        }
  }
  // Numerical jacobian columns: d outs / d (re, im) of each input element.
  struct Col { size_t input; int64_t elem; bool imag; std::vector<cd> d; };
  std::vector<Col> cols;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!x[i].defined() || !is_inexact(x[i].dtype())) continue;
    const bool cx = is_complex(x[i].dtype());
    for (int64_t e = 0; e < x[i].size(); ++e)
      for (int part = 0; part < (cx ? 2 : 1); ++part) {
        auto eval = [&](double s) {
          std::vector<Tensor> xp = x;
          xp[i] = x[i].copy();
          if (cx) xp[i].data<cd>()[e] += part ? cd(0, s) : cd(s, 0);
          else xp[i].data<double>()[e] += s;
          NoGrad ng;
          return flat(f(xp));
        };
        std::vector<cd> plus = eval(o.eps), minus = eval(-o.eps);
        Col c{i, e, part == 1, std::vector<cd>(plus.size())};
        for (size_t k = 0; k < plus.size(); ++k) c.d[k] = (plus[k] - minus[k]) / (2 * o.eps);
        cols.push_back(std::move(c));
      }
  }
  // Analytical gradients per projection, compared with the numerical ones.
  std::vector<Tensor> xr = x;
  std::vector<Tensor> diff;
  for (Tensor& t : xr)
    if (t.defined() && is_inexact(t.dtype())) {
      t = t.copy();
      t.requires_grad_();
      diff.push_back(t);
    }
  for (size_t p = 0; p < projections.size() && res.ok; ++p) {
    std::vector<Tensor> y = f(xr);
    std::vector<Tensor> ys, vs;
    for (size_t k = 0; k < y.size(); ++k)
      if (requires_grad(y[k])) { ys.push_back(y[k]); vs.push_back(projections[p][k].astype(y[k].dtype())); }
    std::vector<Tensor> g = ys.empty() ? std::vector<Tensor>(diff.size()) : grad(ys, diff, vs, false, false, true);
    const std::vector<cd> v = flat(projections[p]);
    size_t di = 0;
    for (size_t i = 0; i < x.size() && res.ok; ++i) {
      if (!x[i].defined() || !is_inexact(x[i].dtype())) continue;
      Tensor gi = g[di++];
      std::vector<cd> a(static_cast<size_t>(x[i].size()), cd(0, 0));
      if (gi.defined()) a = flat({gi});
      for (int64_t e = 0; e < x[i].size() && res.ok; ++e) {
        cd num(0, 0);
        for (const Col& c : cols) {
          if (c.input != i || c.elem != e) continue;
          double dl = 0;  // d/d(part) of Re(sum(conj(v) * out))
          for (size_t k = 0; k < v.size(); ++k) dl += (std::conj(v[k]) * c.d[k]).real();
          num += c.imag ? cd(0, dl) : cd(dl, 0);
        }
        const cd an = a[static_cast<size_t>(e)];
        // A non-finite difference means the function is not differentiable there (a step, a
        // domain edge): nothing to check at that element.
        if (!std::isfinite(num.real()) || !std::isfinite(num.imag())) continue;
        if (!(std::abs(an - num) <= o.atol + o.rtol * std::abs(num))) {
          std::ostringstream os;
          os.precision(10);
          os << "input " << i << " element " << e << (o.fast ? " (random projection)" : " (projection " + std::to_string(p) + ")")
             << ": analytical " << an << ", numerical " << num;
          res.ok = false;
          res.detail = os.str();
        }
      }
    }
  }
  return res;
}

BackwardRaised backward_raises(const Fn& f, const std::vector<Tensor>& inputs) {
  std::vector<Tensor> req;
  for (const Tensor& t : inputs) {
    Tensor c = detach(t).copy();
    if (is_inexact(c.dtype())) set_requires_grad(c);
    req.push_back(c);
  }
  BackwardRaised b;
  EnableGrad eg;
  for (const Tensor& t : f(req)) {
    b.results.push_back(detach(t));
    if (!requires_grad(t)) continue;
    b.any_requires_grad = true;
    try {
      t.backward(ones_like(t));
    } catch (const RuntimeError&) {
      b.raised = true;
    }
  }
  return b;
}

GradcheckResult gradgradcheck(const Fn& f, const std::vector<Tensor>& inputs, const GradcheckOptions& o) {
  const std::vector<Tensor> x = widen(inputs);
  std::vector<Tensor> outs;
  {
    NoGrad ng;
    outs = f(x);
  }
  Generator rng(o.seed + 777);
  std::vector<Tensor> all = x;
  for (const Tensor& t : outs) {
    Tensor r = rng.normal(t.shape());
    if (is_complex(t.dtype())) r = add(r, multiply(rng.normal(t.shape()), cd(0, 1)));
    all.push_back(r.astype(is_complex(t.dtype()) ? DType::Complex128 : DType::Float64));
  }
  const size_t n = x.size();
  Fn second = [f, n](const std::vector<Tensor>& a) {
    std::vector<Tensor> xs(a.begin(), a.begin() + static_cast<long>(n));
    std::vector<Tensor> vs(a.begin() + static_cast<long>(n), a.end());
    std::vector<Tensor> diff;
    for (Tensor& t : xs)
      if (t.defined() && is_inexact(t.dtype())) {
        if (!requires_grad(t)) {  // a plain evaluation (numerical side): differentiate from here
          t = detach(t).copy();
          t.requires_grad_();
        }
        diff.push_back(t);
      }
    EnableGrad on;
    std::vector<Tensor> y0 = f(xs), y, v;
    for (size_t k = 0; k < y0.size(); ++k)
      if (requires_grad(y0[k])) {
        y.push_back(y0[k]);
        v.push_back(vs[k]);
      }
    std::vector<Tensor> g = y.empty() ? std::vector<Tensor>(diff.size()) : grad(y, diff, v, true, true, true);
    for (size_t i = 0; i < g.size(); ++i)
      if (!g[i].defined()) g[i] = zeros_like(diff[i]);
    return g;
  };
  return gradcheck(second, all, o);
}

}  // namespace parity::autograd

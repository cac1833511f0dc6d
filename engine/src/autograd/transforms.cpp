// The function transforms (parity/transforms.h): grad, value_and_grad, vjp, jacobian,
// batch_jacobian, vmap, per-example gradients. All are built on autograd::grad; what runs over a
// whole batch in one call and what loops is said at each function.
#include <complex>
#include <string>

#include "parity/errors.h"
#include "parity/ops.h"
#include "parity/transforms.h"
#include "../shape_util.h"

namespace parity::autograd {

namespace {
// `like`'s shape and dtype with a 1 at flat element k and zeros elsewhere. Built in float64 /
// complex128 and cast, since data<T>() does not check T against the dtype (float32 outputs).
Tensor unit_like(const Tensor& like, int64_t k) {
  const bool cx = is_complex(like.dtype());
  Tensor v = zeros_on({like.size()}, cx ? DType::Complex128 : DType::Float64, Device::cpu);  // written on the host
  if (cx) v.data<std::complex<double>>()[k] = 1.0;
  else v.data<double>()[k] = 1.0;
  return v.reshape(like.shape()).astype(like.dtype()).to(like.device());
}

// Fresh leaves requiring grad with the inputs' values (the caller's tensors are not touched).
std::vector<Tensor> fresh_leaves(const std::vector<Tensor>& inputs) {
  std::vector<Tensor> xs;
  for (const Tensor& t : inputs) {
    Tensor d = detach(t);
    d.requires_grad_();
    xs.push_back(d);
  }
  return xs;
}

int64_t batch_size(const char* op, const std::vector<Tensor>& batch_inputs) {
  if (batch_inputs.empty()) throw ValueError(std::string("[") + op + "] needs at least one batch input");
  int64_t b = -1;
  for (const Tensor& t : batch_inputs) {
    if (t.ndim() < 1) throw ValueError(std::string("[") + op + "] a batch input needs a batch axis (got a 0-d array)");
    if (b >= 0 && t.shape(0) != b)
      throw ValueError(std::string("[") + op + "] the batch inputs disagree on the batch size: " + std::to_string(b) +
                       " vs " + std::to_string(t.shape(0)));
    b = t.shape(0);
  }
  if (b == 0) throw ValueError(std::string("[") + op + "] empty batch");
  return b;
}
}  // namespace

std::vector<Tensor> grad_of(const MultiFn& f, const std::vector<Tensor>& inputs) {
  return value_and_grad(f, inputs).second;
}

std::pair<Tensor, std::vector<Tensor>> value_and_grad(const MultiFn& f, const std::vector<Tensor>& inputs) {
  std::vector<Tensor> xs = fresh_leaves(inputs);
  Tensor y;
  {
    EnableGrad on;
    y = f(xs);
  }
  if (y.size() != 1) throw ValueError("[grad] the function must return one element, got shape " + shape_str(y.shape()));
  if (!requires_grad(y)) {  // f does not depend on its inputs (or ran no recorded op)
    std::vector<Tensor> z;
    for (const Tensor& t : inputs) z.push_back(zeros_like(t));
    return {detach(y), z};
  }
  std::vector<Tensor> g = grad({y}, xs, {}, false, false, true);
  for (size_t i = 0; i < g.size(); ++i)
    if (!g[i].defined()) g[i] = zeros_like(inputs[i]);
  return {detach(y), g};
}

std::pair<Tensor, std::function<std::vector<Tensor>(const Tensor&)>> vjp(const MultiFn& f,
                                                                        const std::vector<Tensor>& inputs) {
  std::vector<Tensor> xs = fresh_leaves(inputs);
  Tensor y;
  {
    EnableGrad on;
    y = f(xs);
  }
  // retain_graph: the pullback may be called several times (jacobian calls it per row).
  auto fn = [xs, y](const Tensor& v) {
    std::vector<Tensor> g = requires_grad(y) ? grad({y}, xs, {v}, true, false, true) : std::vector<Tensor>(xs.size());
    for (size_t i = 0; i < g.size(); ++i)
      if (!g[i].defined()) g[i] = zeros_like(xs[i]);
    return g;
  };
  return {detach(y), fn};
}

Tensor jacobian(const std::function<Tensor(const Tensor&)>& f, const Tensor& x) {
  auto [y, pull] = vjp([&](const std::vector<Tensor>& a) { return f(a[0]); }, {x});
  std::vector<Tensor> rows;  // row k: d y.flat[k] / d x
  for (int64_t k = 0; k < y.size(); ++k) rows.push_back(pull(unit_like(y, k))[0]);
  Shape s = y.shape();
  s.insert(s.end(), x.shape().begin(), x.shape().end());
  if (rows.empty()) return zeros_on(s, x.dtype(), x.device());
  return stack(rows).reshape(s);
}

Tensor batch_jacobian(const std::function<Tensor(const Tensor&)>& f, const Tensor& x) {
  if (x.ndim() < 1) throw ValueError("[batch_jacobian] x needs a batch axis");
  auto [y, pull] = vjp([&](const std::vector<Tensor>& a) { return f(a[0]); }, {x});
  if (y.ndim() < 1 || y.shape(0) != x.shape(0))
    throw ValueError("[batch_jacobian] the output's first axis must be the batch (" + shape_str(y.shape()) + " vs " +
                     shape_str(x.shape()) + ")");
  const int64_t b = y.shape(0), per = b ? y.size() / b : 0;
  Shape row_shape(y.shape().begin() + 1, y.shape().end());
  // Rows are independent, so one vjp with the same unit vector in every row gives every row's
  // d y[b, j] / d x[b] at once: per (= one output row's size) vjps, not B * per.
  std::vector<Tensor> cols;  // d y[:, j] / d x, each (B,) + x.shape[1:]
  for (int64_t j = 0; j < per; ++j) {
    Tensor e = unit_like(zeros_on(row_shape, y.dtype(), y.device()), j);
    cols.push_back(pull(broadcast_to(e, y.shape()).copy())[0]);
  }
  Shape s{b};
  s.insert(s.end(), row_shape.begin(), row_shape.end());
  s.insert(s.end(), x.shape().begin() + 1, x.shape().end());
  if (cols.empty()) return zeros_on(s, x.dtype(), x.device());
  return stack(cols, 1).reshape(s);
}

Tensor vmap(const std::function<Tensor(const Tensor&)>& f, const Tensor& x, int64_t axis, bool batch_polymorphic) {
  const int64_t ax = axis < 0 ? axis + x.ndim() : axis;
  if (ax < 0 || ax >= x.ndim())
    throw AxisError("[vmap] axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(x.ndim()));
  Tensor m = x.moveaxis({ax}, {0});
  const int64_t b = m.shape(0);
  if (b == 0) throw ValueError("[vmap] empty batch");
  if (batch_polymorphic) {
    // One call on the whole batch (the caller's promise); the only check possible here is the
    // result's leading axis. A function that turns out not to accept the batch goes the slow way.
    try {
      Tensor r = f(m);
      if (r.ndim() >= 1 && r.shape(0) == b) return r;
    } catch (const Error&) {
    }
  }
  std::vector<Tensor> r;
  r.reserve(static_cast<size_t>(b));
  for (int64_t i = 0; i < b; ++i) r.push_back(f(m[i]));
  return stack(r);
}

std::vector<Tensor> per_example_grad(const PerExampleLoss& loss, const std::vector<Tensor>& params,
                                     const std::vector<Tensor>& batch_inputs) {
  const int64_t b = batch_size("per_example_grad", batch_inputs);
  // B copies of each parameter, one per example: d(sum_b loss_b)/d copy_b = d loss_b / d param,
  // since loss_b only sees copy b (the contract). The copies are a stride-0 broadcast view (no
  // data copied; copying cost a few hundred microseconds a call at B = 128), detached from the
  // caller's parameter so it is a leaf of its own whose gradient has the full (B,) + shape.
  std::vector<Tensor> expanded;
  for (const Tensor& p : params) {
    Shape s{b};
    s.insert(s.end(), p.shape().begin(), p.shape().end());
    Tensor e = broadcast_to(detach(p).expand_dims({0}), s);
    e.requires_grad_();
    expanded.push_back(e);
  }
  std::vector<Tensor> xs;
  for (const Tensor& t : batch_inputs) xs.push_back(detach(t));
  Tensor l;
  {
    EnableGrad on;
    l = loss(expanded, xs);
  }
  if (l.ndim() < 1 || l.shape(0) != b || l.size() != b)
    throw ValueError("[per_example_grad] the loss over the batch must return one loss per example, shape (" +
                     std::to_string(b) + ",); got " + shape_str(l.shape()) +
                     " (is the loss batch-polymorphic? see parity/transforms.h)");
  std::vector<Tensor> g;
  if (requires_grad(l)) g = grad({sum(l)}, expanded, {}, false, false, true);
  else g.resize(expanded.size());
  for (size_t i = 0; i < g.size(); ++i)
    if (!g[i].defined()) g[i] = zeros_like(expanded[i]);
  return g;
}

std::vector<Tensor> per_example_grad_loop(const PerExampleLoss& loss, const std::vector<Tensor>& params,
                                          const std::vector<Tensor>& batch_inputs) {
  const int64_t b = batch_size("per_example_grad", batch_inputs);
  std::vector<std::vector<Tensor>> per_param(params.size());
  for (int64_t i = 0; i < b; ++i) {
    std::vector<Tensor> xi;
    for (const Tensor& t : batch_inputs) xi.push_back(detach(t)[i]);
    std::vector<Tensor> g = value_and_grad([&](const std::vector<Tensor>& p) { return loss(p, xi); }, params).second;
    for (size_t k = 0; k < params.size(); ++k) per_param[k].push_back(g[k]);
  }
  std::vector<Tensor> out;
  for (const auto& gs : per_param) out.push_back(stack(gs));
  return out;
}

}  // namespace parity::autograd

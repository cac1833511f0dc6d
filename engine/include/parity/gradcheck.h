#pragma once
// Checking derivatives against finite differences, and the function transforms built on
// autograd (grad, value_and_grad, vjp, jacobian, batch_jacobian, vmap).
//
// Convention (PyTorch's): for a real loss L and a complex input z = x + iy, z.grad is
// dL/dx + i dL/dy; backward(out, gradient=v) differentiates L = Re(sum(conj(v) * out)).
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "parity/autograd.h"

namespace parity::autograd {

using Fn = std::function<std::vector<Tensor>(const std::vector<Tensor>& inputs)>;

struct GradcheckOptions {
  double eps = 1e-6, atol = 1e-5, rtol = 1e-3;
  bool fast = false;   // one random projection of the outputs instead of one per output element
  uint64_t seed = 0;   // for the projections
};
struct GradcheckResult {
  bool ok = true;
  std::string detail;  // the first disagreement: input, element, analytical vs numerical
};

// Central differences in float64/complex128 (inputs are cast; each must be float or complex and
// is differentiated unless it is not inexact). Analytical: autograd::grad of L = Re(sum(conj(v) *
// out)) for each projection v (every unit vector of the outputs, or one random v in fast mode).
GradcheckResult gradcheck(const Fn& f, const std::vector<Tensor>& inputs, const GradcheckOptions& o = {});
// Second derivatives: gradcheck of (inputs, v) -> autograd::grad(f(inputs), inputs, v, create_graph).
GradcheckResult gradgradcheck(const Fn& f, const std::vector<Tensor>& inputs, const GradcheckOptions& o = {});

// ---- transforms ----
// d f / d inputs for a scalar-valued f (one element).
std::vector<Tensor> grad_of(const std::function<Tensor(const std::vector<Tensor>&)>& f, const std::vector<Tensor>& inputs);
std::pair<Tensor, std::vector<Tensor>> value_and_grad(const std::function<Tensor(const std::vector<Tensor>&)>& f,
                                                      const std::vector<Tensor>& inputs);
// f's output and the function v -> (d out / d inputs)^T v (callable several times).
std::pair<Tensor, std::function<std::vector<Tensor>(const Tensor&)>> vjp(
    const std::function<Tensor(const std::vector<Tensor>&)>& f, const std::vector<Tensor>& inputs);
// d f(x) / d x with shape f(x).shape + x.shape.
Tensor jacobian(const std::function<Tensor(const Tensor&)>& f, const Tensor& x);
// For f mapping a batch x (B, ...) to (B, ...) with rows independent of each other: the
// per-row jacobians, shape (B,) + out.shape[1:] + x.shape[1:] (TensorFlow's batch_jacobian).
Tensor batch_jacobian(const std::function<Tensor(const Tensor&)>& f, const Tensor& x);
// f applied to each slice of x along `axis`, results stacked along axis 0 (TensorFlow's
// vectorized_map / JAX's vmap semantics; runs slice by slice for now).
Tensor vmap(const std::function<Tensor(const Tensor&)>& f, const Tensor& x, int64_t axis = 0);

}  // namespace parity::autograd

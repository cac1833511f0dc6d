#pragma once
// Checking derivatives against finite differences (gradcheck, gradgradcheck); includes the
// function transforms built on autograd (parity/transforms.h).
//
// Convention (PyTorch's): for a real loss L and a complex input z = x + iy, z.grad is
// dL/dx + i dL/dy; backward(out, gradient=v) differentiates L = Re(sum(conj(v) * out)).
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "parity/autograd.h"
#include "parity/transforms.h"

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

// How a claim of "no derivative here" is checked (an op without autograd, or a record's
// no_grad_where rule): f runs on copies of the inputs, the inexact ones requiring grad, and each
// result that requires grad is differentiated. The claim holds when one backward raised a
// RuntimeError, or when no result requires grad.
struct BackwardRaised {
  std::vector<Tensor> results;  // f's results, detached
  bool any_requires_grad = false;
  bool raised = false;
  bool holds() const { return raised || !any_requires_grad; }
};
BackwardRaised backward_raises(const Fn& f, const std::vector<Tensor>& inputs);

// The transforms (grad_of, value_and_grad, vjp, jacobian, batch_jacobian, vmap, per-example
// gradients) are declared in parity/transforms.h, included above.

}  // namespace parity::autograd

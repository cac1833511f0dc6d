#pragma once
// Function transforms built on autograd: grad, value_and_grad, vjp, jacobian, batch_jacobian,
// vmap and per-example gradients.
//
// What is vectorized (honestly): the engine has no batching tracer (no JAX BatchTracer, no
// TensorFlow pfor). A transform runs one function call over a whole batch only where the caller
// promises the function is batch-polymorphic (vmap with batch_polymorphic / vmap_batched,
// per_example_grad); every op then runs once over B examples instead of B times over one, and
// backward walks one graph instead of B graphs. Everything else loops slice by slice.
//
// The batch-polymorphic contract. A function written for one example must give, when every
// argument carries an extra leading batch axis B, the stack of its per-example results. It holds
// for functions built from
//   - elementwise ops between operands of the same rank (a lower-rank operand such as a bias must
//     be expanded explicitly, e.g. expand_dims(bias, {-2}) before adding it to (..., 1, n) rows,
//     or NumPy's trailing-axis broadcasting would pair it with the wrong axis);
//   - matmul of operands of rank >= 2 (its leading axes are batch axes; a 1-D operand is not);
//   - reductions, indexing, reshapes, transposes and concatenation on negative axes only;
// and from nothing that mixes examples (no reduction over all axes, no axis=0). Nothing checks
// this beyond the output's leading axis: the tests compare against the sequential loop.
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "parity/autograd.h"

namespace parity::autograd {

using MultiFn = std::function<Tensor(const std::vector<Tensor>& inputs)>;

// d f / d inputs for a scalar-valued f (one element).
std::vector<Tensor> grad_of(const MultiFn& f, const std::vector<Tensor>& inputs);
std::pair<Tensor, std::vector<Tensor>> value_and_grad(const MultiFn& f, const std::vector<Tensor>& inputs);
// f's output and the function v -> (d out / d inputs)^T v (callable several times).
std::pair<Tensor, std::function<std::vector<Tensor>(const Tensor&)>> vjp(const MultiFn& f,
                                                                        const std::vector<Tensor>& inputs);
// d f(x) / d x with shape f(x).shape + x.shape (one vjp per output element).
Tensor jacobian(const std::function<Tensor(const Tensor&)>& f, const Tensor& x);
// For f mapping a batch x (B, ...) to (B, ...) with rows independent of each other: the
// per-row jacobians, shape (B,) + out.shape[1:] + x.shape[1:] (TensorFlow's batch_jacobian;
// one vjp per element of an output row, each over the whole batch).
Tensor batch_jacobian(const std::function<Tensor(const Tensor&)>& f, const Tensor& x);

// f applied to each slice of x along `axis`, results stacked along axis 0 (TensorFlow's
// vectorized_map / JAX's vmap semantics). By default slice by slice. With batch_polymorphic the
// caller promises f satisfies the contract above: f runs once on x with the batch axis moved to
// the front; if that call raises a parity::Error or its result's leading axis is not the batch
// size, vmap falls back to the loop.
Tensor vmap(const std::function<Tensor(const Tensor&)>& f, const Tensor& x, int64_t axis = 0,
            bool batch_polymorphic = false);
inline Tensor vmap_batched(const std::function<Tensor(const Tensor&)>& f, const Tensor& x, int64_t axis = 0) {
  return vmap(f, x, axis, true);
}

// ---- per-example gradients ----
// loss(params, inputs) -> the loss of one example (one element). Each batch input has the batch
// on axis 0; one example's inputs are their slices [b].
using PerExampleLoss = std::function<Tensor(const std::vector<Tensor>& params, const std::vector<Tensor>& inputs)>;
// The gradient of each example's loss w.r.t. each parameter, shape (B,) + param.shape, in one
// forward and one backward pass: each parameter is expanded to B copies (B,) + shape (a
// broadcast view, each copy its own variable to autograd), loss runs once on (expanded params, whole batch) and must return the B per-example
// losses (shape (B,), the contract above), and backward of their sum gives copy b exactly the
// gradient of example b's loss.
std::vector<Tensor> per_example_grad(const PerExampleLoss& loss, const std::vector<Tensor>& params,
                                     const std::vector<Tensor>& batch_inputs);
// The same gradients the sequential way: one value_and_grad per example (the reference).
std::vector<Tensor> per_example_grad_loop(const PerExampleLoss& loss, const std::vector<Tensor>& params,
                                          const std::vector<Tensor>& batch_inputs);

}  // namespace parity::autograd

#pragma once
// Reverse-mode automatic differentiation on the engine's tensors, PyTorch style: a tensor that
// requires grad records, for every op computed from it, a Node holding the op's derivative; a
// backward() walks the graph from an output, and leaves accumulate .grad.
//
// Where things live:
// - this header: the user API (requires_grad, backward, grad, no_grad, detach) and the recording
//   API ops use (record, SavedTensor);
// - engine/src/autograd/: the graph and the backward pass;
// - each op's derivative next to the op's definition: the ufuncs through PARITY_DERIVATIVE /
//   PARITY_NOT_DIFFERENTIABLE (engine/src/autograd/derivatives.h), other ops by calling record()
//   in their implementation.
// Broadcasting and dtype casts are undone in one place (record()): each input's gradient is summed
// to the input's shape and cast to its dtype (the real part for a real input).
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "parity/tensor.h"

namespace parity::autograd {

// ---- grad mode ----
bool grad_enabled();
class NoGrad {  // no_grad scope: ops record nothing
 public:
  NoGrad();
  ~NoGrad();
  NoGrad(const NoGrad&) = delete;
  NoGrad& operator=(const NoGrad&) = delete;
 private:
  bool prev_;
};
class EnableGrad {  // enable_grad scope (inside a no_grad one)
 public:
  EnableGrad();
  ~EnableGrad();
  EnableGrad(const EnableGrad&) = delete;
  EnableGrad& operator=(const EnableGrad&) = delete;
 private:
  bool prev_;
};

// ---- tensors ----
void set_requires_grad(Tensor& t, bool on = true);  // TypeError unless float or complex; leaf only
bool requires_grad(const Tensor& t);                 // true for leaves that require it and results of them
bool is_leaf(const Tensor& t);
Tensor grad(const Tensor& t);                        // accumulated gradient (undefined until backward)
void zero_grad(Tensor& t);                           // forgets the accumulated gradient
void retain_grad(Tensor& t);                         // a non-leaf keeps its gradient in .grad too
Tensor detach(const Tensor& t);                      // same data, no history
std::string grad_fn_name(const Tensor& t);           // "sin", ... ("" for leaves)

// backward: d(output)/d(leaves), accumulated into the leaves' grad. `gradient` is required for an
// output with more than one element (like PyTorch). retain_graph keeps the saved tensors for
// another backward; create_graph records the backward pass itself (double backward).
void backward(const Tensor& output, const Tensor& gradient = Tensor(), bool retain_graph = false,
              bool create_graph = false);
// The gradients of `outputs` w.r.t. `inputs` (returned, not accumulated); undefined entries for
// inputs the outputs do not depend on unless allow_unused is false (then RuntimeError).
std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs = {}, bool retain_graph = false,
                         bool create_graph = false, bool allow_unused = false);

// ---- recording (for op implementations) ----
// A tensor saved for backward: remembers the storage version at save time and refuses to be read
// after an in-place change ("[op] ... modified by an in-place operation").
class SavedTensor {
 public:
  SavedTensor() = default;
  explicit SavedTensor(const Tensor& t);
  Tensor get(const char* op) const;
 private:
  Tensor t_;
  uint64_t version_ = 0;
};

// Derivative of an op: given the gradient of its output (dL/dout, same shape and dtype as out),
// the gradient of each input (undefined where an input gets none). Shapes may still be the
// broadcast shape: record() reduces them.
using BackwardFn = std::function<std::vector<Tensor>(const Tensor& grad_out)>;

// True when an op over these inputs must record (grad mode on and some input requires grad).
bool needs_grad(const std::vector<Tensor>& inputs);
// needs_grad({x}) / ({a, b}) without copying the tensors into a vector (the ops' common call).
bool needs_grad(std::initializer_list<std::reference_wrapper<const Tensor>> inputs);
bool needs_grad(const std::vector<const ArrayLike*>& inputs);
// Attaches the op's node to `result` (when needs_grad(inputs)) and returns it.
Tensor record(const char* op, Tensor result, const std::vector<Tensor>& inputs, BackwardFn fn);
// For an op the engine declares not differentiable: its result records a node whose backward
// raises "[op] is not differentiable: <why>" (so the claim is checked, never silently zero).
// Without `why`, the reason is the op record's (OpRecord::no_grad), written once beside the op.
Tensor record_not_differentiable(const char* op, Tensor result, const std::vector<Tensor>& inputs,
                                 const std::string& why = "");
// The gradient `g` of a broadcast/cast result, reduced to `like`'s shape and dtype.
Tensor reduce_to(const Tensor& g, const Tensor& like);
Tensor reduce_to(const Tensor& g, const Shape& shape, DType dtype);

}  // namespace parity::autograd

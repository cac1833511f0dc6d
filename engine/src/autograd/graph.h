#pragma once
// The autograd graph: a Meta per variable (shared by copies of a Tensor handle), a Node per
// recorded op. Private to the engine; the API is parity/autograd.h.
#include <memory>
#include <string>
#include <vector>

#include "parity/autograd.h"

namespace parity::autograd {

struct Node;

struct Meta {
  bool requires_grad = false;  // set on leaves by the user
  bool retains_grad = false;
  std::shared_ptr<Node> grad_fn;  // null for leaves
  Tensor grad;                    // accumulated by backward (leaves, and non-leaves retaining it)
};

// Where an input's gradient goes, fixed when the op is recorded: the node that made the input
// (its grad_fn then: a later in-place op on the input does not redirect it), or the leaf itself.
struct InputEdge {
  std::shared_ptr<Node> node;  // the input's grad_fn at record time
  std::shared_ptr<Meta> leaf;  // a leaf that requires grad (node is null then)
  Shape shape;                 // the input's shape and dtype: the gradient is reduced to them
  DType dtype = DType::Float64;
};

struct Node {
  std::string name;
  BackwardFn fn;  // null once released (after a backward without retain_graph)
  std::vector<InputEdge> inputs;
  std::weak_ptr<Meta> owner;  // the result's meta (for retain_grad)
  bool differentiable = true;
  std::string why;  // for a non-differentiable op
};

}  // namespace parity::autograd

// Grad mode, recording, and the backward pass (topological order over the recorded nodes).
#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "graph.h"
#include "parity/errors.h"
#include "parity/op_record.h"
#include "parity/ops.h"

namespace parity::autograd {

namespace {
thread_local bool g_grad_enabled = true;

std::shared_ptr<Meta> meta_of(const Tensor& t) { return t.defined() ? t.autograd_meta() : nullptr; }
bool tracked(const std::shared_ptr<Meta>& m) { return m && (m->requires_grad || m->grad_fn); }

Tensor add_grads(const Tensor& a, const Tensor& b) {
  if (!a.defined()) return b;
  if (!b.defined()) return a;
  return parity::add(a, b);
}
}  // namespace

bool grad_enabled() { return g_grad_enabled; }
NoGrad::NoGrad() : prev_(g_grad_enabled) { g_grad_enabled = false; }
NoGrad::~NoGrad() { g_grad_enabled = prev_; }
EnableGrad::EnableGrad() : prev_(g_grad_enabled) { g_grad_enabled = true; }
EnableGrad::~EnableGrad() { g_grad_enabled = prev_; }

// ---- tensors ----
void set_requires_grad(Tensor& t, bool on) {
  if (!t.defined()) throw ValueError("[requires_grad] undefined tensor");
  if (on && !is_inexact(t.dtype()))
    throw TypeError(std::string("[requires_grad] only float and complex tensors can require gradients, not ") +
                    name(t.dtype()));
  auto m = meta_of(t);
  if (m && m->grad_fn)
    throw RuntimeError("[requires_grad] you can only change requires_grad of leaf tensors (this one is the "
                       "result of '" + m->grad_fn->name + "'); use detach()");
  if (!m) {
    if (!on) return;
    m = std::make_shared<Meta>();
    t.set_autograd_meta(m);
  }
  m->requires_grad = on;
}
bool requires_grad(const Tensor& t) { return tracked(meta_of(t)); }
bool is_leaf(const Tensor& t) {
  auto m = meta_of(t);
  return !m || !m->grad_fn;
}
Tensor grad(const Tensor& t) {
  auto m = meta_of(t);
  return m ? m->grad : Tensor();
}
void zero_grad(Tensor& t) {
  if (auto m = meta_of(t)) m->grad = Tensor();
}
void retain_grad(Tensor& t) {
  auto m = meta_of(t);
  if (!tracked(m)) throw RuntimeError("[retain_grad] can't retain_grad on a tensor that doesn't require grad");
  m->retains_grad = true;
}
Tensor detach(const Tensor& t) {
  Tensor d = t;
  d.set_autograd_meta(nullptr);
  return d;
}
std::string grad_fn_name(const Tensor& t) {
  auto m = meta_of(t);
  return m && m->grad_fn ? m->grad_fn->name : "";
}

// ---- saved tensors ----
namespace {
// The history a saved tensor keeps: a snapshot of its variable's history at save time, never the
// variable's own Meta (except a leaf's, which never gets a grad_fn). Holding the Meta would make a
// cycle (Node -> fn -> saved tensor -> Meta -> grad_fn -> Node) as soon as the variable becomes
// the op's own result: an in-place op or out= saving its input (`c += 1` with c in the graph), a
// reduction saving its out=. Like PyTorch's SavedVariable, which holds no strong reference from
// a node to itself. The snapshot is also what the formula needs: the input's value before the op.
Tensor saved_form(const Tensor& t) {
  auto m = meta_of(t);
  if (!m || (!m->grad_fn && m->requires_grad)) return t;
  Tensor s = t;
  if (!m->grad_fn) {  // untracked now; a later in-place op may give this Meta a grad_fn
    s.set_autograd_meta(nullptr);
    return s;
  }
  auto snap = std::make_shared<Meta>();
  snap->grad_fn = m->grad_fn;
  s.set_autograd_meta(std::move(snap));
  return s;
}
}  // namespace
SavedTensor::SavedTensor(const Tensor& t) : t_(saved_form(t)), version_(t.defined() ? t.storage()->version() : 0) {}
Tensor SavedTensor::get(const char* op) const {
  if (t_.defined() && t_.storage()->version() != version_)
    throw RuntimeError(op_msg(op, "one of the tensors needed for the gradient has been modified by an in-place "
                                  "operation (its version is " + std::to_string(t_.storage()->version()) +
                                  ", the gradient needs version " + std::to_string(version_) + ")"));
  return t_;
}

// ---- recording ----
bool needs_grad(const std::vector<Tensor>& inputs) {
  if (!g_grad_enabled) return false;
  for (const Tensor& t : inputs)
    if (tracked(meta_of(t))) return true;
  return false;
}
bool needs_grad(std::initializer_list<std::reference_wrapper<const Tensor>> inputs) {
  if (!g_grad_enabled) return false;
  for (const Tensor& t : inputs)
    if (tracked(meta_of(t))) return true;
  return false;
}
bool needs_grad(const std::vector<const ArrayLike*>& inputs) {
  if (!g_grad_enabled) return false;
  for (const ArrayLike* a : inputs)
    if (a->is_tensor() && tracked(meta_of(a->tensor()))) return true;
  return false;
}

namespace {
std::shared_ptr<Node> make_node(const char* op, const std::vector<Tensor>& inputs) {
  auto n = std::make_shared<Node>();
  n->name = op;
  for (const Tensor& t : inputs) {
    InputEdge e;
    if (t.defined()) {
      auto m = meta_of(t);
      if (m && m->grad_fn) e.node = m->grad_fn;
      else if (m && m->requires_grad) e.leaf = m;
      e.shape = t.shape();
      e.dtype = t.dtype();
    }
    n->inputs.push_back(std::move(e));
  }
  return n;
}
Tensor attach(Tensor result, std::shared_ptr<Node> n) {
  if (auto m = result.autograd_meta()) {  // an out= / in-place result: every handle sees the new history
    if (m->requires_grad && !m->grad_fn)
      throw RuntimeError(op_msg(n->name.c_str(), "a leaf tensor that requires grad is used in an in-place "
                                                 "operation or as out="));
    n->owner = m;
    m->grad_fn = std::move(n);
    return result;
  }
  auto m = std::make_shared<Meta>();
  n->owner = m;
  m->grad_fn = std::move(n);
  result.set_autograd_meta(m);
  return result;
}
}  // namespace

Tensor record(const char* op, Tensor result, const std::vector<Tensor>& inputs, BackwardFn fn) {
  if (!needs_grad(inputs)) return result;
  if (!is_inexact(result.dtype())) return result;  // integer/bool results carry no gradient
  auto n = make_node(op, inputs);
  n->fn = std::move(fn);
  return attach(std::move(result), std::move(n));
}

Tensor record_not_differentiable(const char* op, Tensor result, const std::vector<Tensor>& inputs,
                                 const std::string& why) {
  if (!needs_grad(inputs) || !is_inexact(result.dtype())) return result;
  auto n = make_node(op, inputs);
  n->differentiable = false;
  n->why = why;
  if (n->why.empty()) {
    const OpRecord* r = find_op_record(op);
    n->why = r && !r->no_grad.empty() ? r->no_grad : "no derivative is declared";
  }
  return attach(std::move(result), std::move(n));
}

Tensor reduce_to(const Tensor& g_in, const Tensor& like) { return reduce_to(g_in, like.shape(), like.dtype()); }

Tensor reduce_to(const Tensor& g_in, const Shape& s, DType dtype) {
  Tensor g = g_in;
  if (g.shape() != s) {
    const int64_t lead = g.ndim() - static_cast<int64_t>(s.size());
    std::vector<int64_t> axes;
    for (int64_t i = 0; i < g.ndim(); ++i)
      if (i < lead || (s[static_cast<size_t>(i - lead)] == 1 && g.shape(i) != 1)) axes.push_back(i);
    if (!axes.empty()) g = parity::sum(g, AxisList(axes), true);
    g = g.reshape(s);
  }
  if (is_complex(g.dtype()) && !is_complex(dtype)) g = g.real();
  if (g.dtype() != dtype) g = g.astype(dtype);
  return g;
}

// ---- backward ----
namespace {
struct Pass {
  bool retain_graph = false, create_graph = false;
  // grad(): capture the gradient reaching these metas instead of accumulating into .grad
  std::map<Meta*, Tensor>* capture = nullptr;
};

void run_backward(const std::vector<Tensor>& roots, const std::vector<Tensor>& root_grads, const Pass& pass) {
  // Nodes reachable from the roots and how many edges lead into each.
  std::unordered_map<Node*, int> deps;
  std::unordered_map<Node*, std::shared_ptr<Node>> keep;
  std::vector<Node*> stack;
  auto visit = [&](const std::shared_ptr<Node>& n) {
    if (keep.emplace(n.get(), n).second) {
      deps[n.get()];
      stack.push_back(n.get());
    }
  };
  for (const Tensor& r : roots)
    if (auto m = meta_of(r); m && m->grad_fn) visit(m->grad_fn);
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    for (const InputEdge& e : n->inputs)
      if (e.node) {
        ++deps[e.node.get()];
        visit(e.node);
      }
  }
  // grad(): capture at a leaf's meta, or at a non-leaf's node (what reaches it in total)
  std::unordered_map<Meta*, Tensor*> cap_leaf;
  std::unordered_map<Node*, Tensor*> cap_node;
  if (pass.capture)
    for (auto& [m, g] : *pass.capture) (m->grad_fn ? (void)(cap_node[m->grad_fn.get()] = &g) : (void)(cap_leaf[m] = &g));
  std::unordered_map<Node*, Tensor> pending;
  auto to_leaf = [&](const std::shared_ptr<Meta>& m, const Tensor& g) {
    if (pass.capture) {
      if (auto it = cap_leaf.find(m.get()); it != cap_leaf.end()) *it->second = add_grads(*it->second, g);
      return;
    }
    m->grad = add_grads(m->grad, pass.create_graph ? g : detach(g));
  };
  auto to_node = [&](const std::shared_ptr<Node>& n, const Tensor& g) {
    pending[n.get()] = add_grads(pending[n.get()], g);
  };
  for (size_t i = 0; i < roots.size(); ++i) {
    auto m = meta_of(roots[i]);
    if (!tracked(m))
      throw RuntimeError("[backward] element " + std::to_string(i) +
                         " of tensors does not require grad and does not have a grad_fn");
    if (m->grad_fn) to_node(m->grad_fn, root_grads[i]);
    else to_leaf(m, root_grads[i]);
  }
  std::vector<Node*> ready;
  for (auto& [n, d] : deps)
    if (d == 0) ready.push_back(n);
  while (!ready.empty()) {
    Node* n = ready.back();
    ready.pop_back();
    Tensor g = pending[n];
    pending.erase(n);
    if (auto it = cap_node.find(n); it != cap_node.end()) *it->second = add_grads(*it->second, g);
    if (auto o = n->owner.lock(); o && o->retains_grad && !pass.capture && g.defined())
      o->grad = add_grads(o->grad, pass.create_graph ? g : detach(g));
    if (g.defined()) {
      if (!n->differentiable)
        throw RuntimeError(op_msg(n->name.c_str(), "is not differentiable: " + n->why));
      if (!n->fn)
        throw RuntimeError(op_msg(n->name.c_str(), "trying to backward through the graph a second time (or "
                                                   "directly access saved tensors after they have already been "
                                                   "freed); use retain_graph=true on the first backward"));
      std::vector<Tensor> grads;
      {
        std::unique_ptr<NoGrad> off;
        std::unique_ptr<EnableGrad> on;
        if (pass.create_graph) on = std::make_unique<EnableGrad>();
        else off = std::make_unique<NoGrad>();
        grads = n->fn(g);
      }
      if (!pass.retain_graph) n->fn = nullptr;
      for (size_t i = 0; i < n->inputs.size() && i < grads.size(); ++i) {
        const InputEdge& e = n->inputs[i];
        if (!grads[i].defined() || (!e.node && !e.leaf)) continue;
        Tensor gi = reduce_to(grads[i], e.shape, e.dtype);
        if (e.node) to_node(e.node, gi);
        else to_leaf(e.leaf, gi);
      }
    }
    for (const InputEdge& e : n->inputs)
      if (e.node && --deps[e.node.get()] == 0) ready.push_back(e.node.get());
  }
}

Tensor default_root_grad(const Tensor& out, const char* op) {
  if (out.size() != 1)
    throw RuntimeError(op_msg(op, "grad can be implicitly created only for outputs with one element (this one has "
                                  "shape " + shape_str(out.shape()) + "); pass a gradient"));
  return ones_like(out);
}
}  // namespace

void backward(const Tensor& output, const Tensor& gradient, bool retain_graph, bool create_graph) {
  if (!output.defined()) throw ValueError("[backward] undefined tensor");
  Tensor g = gradient.defined() ? gradient : default_root_grad(output, "backward");
  if (g.shape() != output.shape())
    throw RuntimeError("[backward] gradient has shape " + shape_str(g.shape()) + ", the output " +
                       shape_str(output.shape()));
  Pass p;
  p.retain_graph = retain_graph || create_graph;
  p.create_graph = create_graph;
  run_backward({output}, {g}, p);
}

std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, bool retain_graph, bool create_graph,
                         bool allow_unused) {
  std::vector<Tensor> gs;
  for (size_t i = 0; i < outputs.size(); ++i)
    gs.push_back(i < grad_outputs.size() && grad_outputs[i].defined() ? grad_outputs[i]
                                                                      : default_root_grad(outputs[i], "grad"));
  std::map<Meta*, Tensor> cap;
  for (const Tensor& t : inputs) {
    auto m = meta_of(t);
    if (!tracked(m)) throw RuntimeError("[grad] one of the inputs does not require grad");
    cap[m.get()] = Tensor();
  }
  Pass p;
  p.retain_graph = retain_graph || create_graph;
  p.create_graph = create_graph;
  p.capture = &cap;
  run_backward(outputs, gs, p);
  std::vector<Tensor> out;
  for (const Tensor& t : inputs) {
    Tensor g = cap[t.autograd_meta().get()];
    if (!g.defined() && !allow_unused)
      throw RuntimeError("[grad] one of the differentiated tensors appears not to have been used in the graph; "
                         "pass allow_unused=true");
    out.push_back(g);
  }
  return out;
}

}  // namespace parity::autograd

namespace parity {
Tensor& Tensor::requires_grad_(bool on) {
  autograd::set_requires_grad(*this, on);
  return *this;
}
bool Tensor::requires_grad() const { return autograd::requires_grad(*this); }
bool Tensor::is_leaf() const { return autograd::is_leaf(*this); }
Tensor Tensor::grad() const { return autograd::grad(*this); }
Tensor Tensor::detach() const { return autograd::detach(*this); }
void Tensor::backward() const { autograd::backward(*this); }
void Tensor::backward(const Tensor& gradient, bool retain_graph, bool create_graph) const {
  autograd::backward(*this, gradient, retain_graph, create_graph);
}
}  // namespace parity

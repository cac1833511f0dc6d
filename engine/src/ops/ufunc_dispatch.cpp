// call_ufunc: the layers around apply_ufunc (see ufunc_dispatch.h).
#include "ufunc_dispatch.h"

#include "../autograd/derivatives.h"
#include "../autograd/graph.h"
#include "../compile/program.h"

namespace parity {

// Records the ufunc's derivative (engine/src/autograd/derivatives.h) when an input requires grad.
Tensor call_ufunc(const UFuncDef& uf, UFuncArgs inputs, const OutArg& out, const void* ctx) {
  if (compile_detail::Tracer* tracer = compile_detail::g_tracer) {  // compile(f) is tracing f
    const LoopSig* loop;
    Tensor r;
    {
      compile_detail::Suspend inner;  // what this call runs is not f's
      loop = &cached_loop(uf, inputs);
      r = call_ufunc(uf, inputs, out, ctx);
    }
    tracer->on_ufunc(uf, *loop, inputs, out, ctx, r);
    return r;
  }
  bool meta = false;  // only tensors with autograd metadata can need a gradient
  for (const ArrayLike* a : inputs) meta = meta || (a->is_tensor() && a->tensor().autograd_meta());
  if (!meta || !autograd::needs_grad(std::vector<const ArrayLike*>(inputs.begin(), inputs.end())))
    return apply_ufunc(uf, inputs, out, ctx);
  // An input that is also out= (sin(y, y)) is saved as it was, not as the loop leaves it.
  std::vector<ArrayLike> own;
  std::vector<const ArrayLike*> ins(inputs.begin(), inputs.end());
  own.reserve(inputs.size());
  if (out.tensor && out.tensor->defined())
    for (auto& a : ins)
      if (a->is_tensor() && a->tensor().shares_storage(*out.tensor)) {
        Tensor c = a->tensor().copy();
        c.set_autograd_meta(a->tensor().autograd_meta());  // same variable, its values before the op
        own.emplace_back(c);
        a = &own.back();
      }
  std::vector<Tensor> xs;
  Tensor r = apply_ufunc(uf, ins, out, ctx, &xs);
  std::vector<Tensor> originals;
  for (const ArrayLike* a : inputs) originals.push_back(a->is_tensor() ? a->tensor() : Tensor());
  const autograd::UFuncDerivative* d = autograd::find_ufunc_derivative(uf.name);
  if (!d || !d->fn)
    return autograd::record_not_differentiable(uf.name, r, originals,
                                               d ? d->why : std::string("no derivative is declared"));
  // The loop's inputs, version-checked; kept with their history for formulas run under
  // create_graph, detached otherwise.
  std::vector<autograd::SavedTensor> saved(xs.begin(), xs.end());
  autograd::SavedTensor saved_out(autograd::detach(r));
  const char* name = uf.name;
  autograd::UFuncGrad fn = d->fn;
  // The result's own history, for formulas that use `out` under create_graph: its node, held
  // weakly (the node must not own itself), filled in once the node is attached. The result's
  // handles may all be gone by backward (exp(x).copy()): `out` then gets a fresh record of the
  // same node, as PyTorch unpacks a saved output, so double backward still sees d(out)/dx.
  auto out_node = std::make_shared<std::weak_ptr<autograd::Node>>();
  Tensor res = autograd::record(uf.name, r, originals, [saved, saved_out, name, fn, out_node](const Tensor& g) {
    std::vector<Tensor> x;
    for (const autograd::SavedTensor& s : saved) {
      Tensor v = s.get(name);
      x.push_back(autograd::grad_enabled() ? v : autograd::detach(v));
    }
    Tensor o = saved_out.get(name);
    if (autograd::grad_enabled())
      if (auto node = out_node->lock()) {
        auto m = std::make_shared<autograd::Meta>();
        m->grad_fn = std::move(node);
        o.set_autograd_meta(std::move(m));
      }
    return fn(g, x, o);
  });
  if (res.autograd_meta()) *out_node = res.autograd_meta()->grad_fn;
  return res;
}

}  // namespace parity

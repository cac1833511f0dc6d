// Recording f's ufunc calls into a Program (see program.h). Anything the program could not
// replay exactly makes the trace fail with a reason; compile then runs f eagerly.
#include <algorithm>

#include "program.h"
#include "../shape_util.h"

namespace parity::compile_detail {

thread_local Tracer* g_tracer = nullptr;

Tracer::Tracer(const Tensor* const* inputs, size_t n) {
  p_.ninputs = static_cast<int>(n);
  for (size_t k = 0; k < n; ++k) {
    inputs_.push_back(*inputs[k]);
    input_versions_.push_back(inputs[k]->storage()->version());
  }
}

bool Tracer::resolve(const Tensor& t, Operand& o) {
  const Storage* s = t.storage().get();
  if (auto it = step_of_.find(s); it != step_of_.end()) {
    if (!t.is_same_view(values_[it->second])) {
      fail("a ufunc reads a view of an intermediate result (made by an op that is not a ufunc)");
      return false;
    }
    o = {Operand::Step, it->second};
    return true;
  }
  for (size_t k = 0; k < inputs_.size(); ++k)
    if (t.is_same_view(inputs_[k])) {
      o = {Operand::Input, static_cast<int>(k)};
      return true;
    }
  if (made_.count(s)) {
    fail("a ufunc reads the result of an op that is not a ufunc");
    return false;
  }
  for (const Tensor& x : inputs_)
    if (t.shares_storage(x)) {
      fail("a ufunc reads a view of an input (made by an op that is not a ufunc)");
      return false;
    }
  // A tensor that existed before the call: captured by f, read at each call as eager f would.
  for (size_t c = 0; c < p_.consts.size(); ++c)
    if (t.is_same_view(p_.consts[c])) {
      o = {Operand::Const, static_cast<int>(c)};
      return true;
    }
  p_.consts.push_back(t);
  o = {Operand::Const, static_cast<int>(p_.consts.size() - 1)};
  return true;
}

void Tracer::on_ufunc(const UFuncDef& uf, const LoopSig& loop, UFuncArgs inputs, const OutArg& out,
                      const void* ctx, const Tensor& r) {
  Suspend quiet;  // the tracer's own tensors are not f's
  if (!why_.empty()) return;
  if (out.tensor) return fail(std::string("out= (") + uf.name + ")");
  if (ctx) return fail(std::string(uf.name) + " takes a context");
  if (r.autograd_meta()) return fail("a result records gradients");
  auto dtype_of = [&](const Operand& o) {
    return o.kind == Operand::Input ? inputs_[o.index].dtype()
           : o.kind == Operand::Const ? p_.consts[o.index].dtype()
                                      : p_.steps[o.index].out;
  };
  Step st{loop.fn, static_cast<int>(inputs.size()), {}, loop.out};
  for (size_t k = 0; k < inputs.size(); ++k) {
    Operand o;
    if (inputs[k]->is_tensor()) {
      const Tensor& t = inputs[k]->tensor();
      if (t.device() != Device::cpu) return fail("a tensor on " + std::string(to_string(t.device())));
      if (!resolve(t, o)) return;
      const DType have = dtype_of(o);
      if (have != loop.in[k]) {  // the cast the eager call makes (astype), as a step of its own
        p_.steps.push_back(Step{cast_loop_for(have, loop.in[k]), 1, {o}, loop.in[k]});
        values_.emplace_back();
        value_versions_.push_back(0);
        o = {Operand::Step, static_cast<int>(p_.steps.size() - 1)};
      }
    } else {  // a Python scalar: a constant in the loop's dtype, value-checked as the eager call did
      p_.consts.push_back(inputs[k]->to_tensor(loop.in[k], uf.name));
      o = {Operand::Const, static_cast<int>(p_.consts.size() - 1)};
    }
    st.in[k] = o;
  }
  p_.steps.push_back(st);
  values_.push_back(r);
  value_versions_.push_back(r.storage()->version());
  step_of_[r.storage().get()] = static_cast<int>(p_.steps.size() - 1);
}

std::unique_ptr<Program> Tracer::finish(const std::vector<Tensor>& results) {
  Suspend quiet;
  for (size_t k = 0; k < inputs_.size(); ++k)
    if (inputs_[k].storage()->version() != input_versions_[k]) fail("f writes into an input");
  for (size_t i = 0; i < values_.size(); ++i)
    if (values_[i].defined() && values_[i].storage()->version() != value_versions_[i])
      fail("f writes into an intermediate result");
  if (results.empty()) fail("f returns no tensor");
  std::vector<int> outs;
  for (const Tensor& r : results) {
    if (!why_.empty()) break;
    auto it = r.defined() ? step_of_.find(r.storage().get()) : step_of_.end();
    if (it == step_of_.end() || !r.is_same_view(values_[it->second])) {
      fail("a result is not made by a ufunc (an input, or another op's result)");
      break;
    }
    if (std::find(outs.begin(), outs.end(), it->second) != outs.end()) fail("f returns one result twice");
    if (r.shape() != results[0].shape()) fail("f's results have different shapes");
    outs.push_back(it->second);
  }
  if (!why_.empty()) return nullptr;
  // Keep the steps the results depend on (f may compute things it does not return).
  const int nsteps = static_cast<int>(p_.steps.size());
  std::vector<char> live(nsteps, 0);
  for (int s : outs) live[s] = 1;
  for (int i = nsteps - 1; i >= 0; --i)
    if (live[i])
      for (int k = 0; k < p_.steps[i].nin; ++k)
        if (p_.steps[i].in[k].kind == Operand::Step) live[p_.steps[i].in[k].index] = 1;
  Program q;
  q.ninputs = p_.ninputs;
  q.consts = p_.consts;
  q.shape = results[0].shape();
  std::vector<int> renumber(nsteps, -1);
  auto broadcasts = [&](const Shape& s) {
    try {
      return broadcast_shape({s, q.shape}, "compile") == q.shape;
    } catch (const ValueError&) {
      return false;
    }
  };
  for (int i = 0; i < nsteps; ++i) {
    if (!live[i]) continue;
    Step st = p_.steps[i];
    for (int k = 0; k < st.nin; ++k) {
      Operand& o = st.in[k];
      if (o.kind == Operand::Step) o.index = renumber[o.index];
      const Shape& s = o.kind == Operand::Input ? inputs_[o.index].shape()
                       : o.kind == Operand::Const ? p_.consts[o.index].shape()
                                                  : q.shape;
      if (!broadcasts(s)) fail("an operand does not broadcast to the result's shape");
    }
    if (values_[i].defined() && !broadcasts(values_[i].shape()))
      fail("an intermediate result is larger than f's result");
    renumber[i] = static_cast<int>(q.steps.size());
    q.steps.push_back(st);
  }
  for (int s : outs) q.outputs.push_back(renumber[s]);
  if (!why_.empty()) return nullptr;
  q.finish();
  return std::make_unique<Program>(std::move(q));
}

}  // namespace parity::compile_detail

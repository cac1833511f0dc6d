// Recording f's ops into a Plan (see program.h). Anything the plan could not replay exactly
// makes the trace fail with a reason; compile then runs f eagerly.
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

int Tracer::value_of(const Tensor& t) const {
  if (!t.defined()) return -1;
  auto it = steps_of_.find(t.storage().get());
  if (it == steps_of_.end()) return -1;
  for (int s : it->second)
    if (t.is_same_view(values_[s])) return s;
  return -1;
}

bool Tracer::resolve(const Tensor& t, Operand& o) {
  if (int s = value_of(t); s >= 0) {
    o = {Operand::Step, s};
    return true;
  }
  for (size_t k = 0; k < inputs_.size(); ++k)
    if (t.is_same_view(inputs_[k])) {
      o = {Operand::Input, static_cast<int>(k)};
      return true;
    }
  const Storage* st = t.storage().get();
  if (made_.count(st) || steps_of_.count(st)) {
    fail("an op that compile does not record made an operand (record it with traced_op)");
    return false;
  }
  for (const Tensor& x : inputs_)
    if (t.shares_storage(x)) {
      fail("a view of an input made by an op that compile does not record");
      return false;
    }
  // A tensor that existed before the call: captured by f, read at each call as eager f would.
  for (size_t c = 0; c < p_.consts.size(); ++c)
    if (t.is_same_view(p_.consts[c])) {
      o = {Operand::Const, static_cast<int>(c)};
      return true;
    }
  p_.consts.push_back(t);
  const_versions_.push_back(t.storage()->version());
  o = {Operand::Const, static_cast<int>(p_.consts.size() - 1)};
  return true;
}

namespace {
// The ufuncs whose float32/float64 loops are simd.h's vector ops for contiguous and broadcast
// operands (IEEE arithmetic, the sign flip, FastExp), so a chain of them may run as simd::chain.
int chain_code_of(const UFuncDef& uf, const LoopSig& loop) {
  const DType t = loop.out;
  if (t != DType::Float32 && t != DType::Float64) return -1;
  for (int k = 0; k < uf.nin; ++k)
    if (loop.in[k] != t) return -1;
  static const std::pair<const char*, simd::ChainCode> codes[] = {
      {"negative", simd::ChainCode::Neg}, {"exp", simd::ChainCode::Exp},       {"add", simd::ChainCode::Add},
      {"subtract", simd::ChainCode::Sub}, {"multiply", simd::ChainCode::Mul}, {"divide", simd::ChainCode::Div}};
  for (const auto& [name, code] : codes)
    if (std::string_view(uf.name) == name) return static_cast<int>(code);
  return -1;
}
}  // namespace

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
  auto shape_of = [&](const Operand& o) -> Shape {
    return o.kind == Operand::Input ? inputs_[o.index].shape()
           : o.kind == Operand::Const ? p_.consts[o.index].shape()
                                      : shapes_[o.index];
  };
  Step st{loop.fn, static_cast<int>(inputs.size()), {}, loop.out, {}, {}};
  st.chain_code = chain_code_of(uf, loop);
  for (size_t k = 0; k < inputs.size(); ++k) {
    Operand o;
    if (inputs[k]->is_tensor()) {
      const Tensor& t = inputs[k]->tensor();
      if (t.device() != Device::cpu) return fail("a tensor on " + to_string(t.device()) + " (compile is CPU-only for now: runs eagerly)");
      if (!resolve(t, o)) return;
      const DType have = dtype_of(o);
      if (have != loop.in[k]) {  // the cast the eager call makes (astype), as a step of its own
        p_.steps.push_back(Step{cast_loop_for(have, loop.in[k]), 1, {o}, loop.in[k], {}, {}});
        values_.emplace_back();
        value_versions_.push_back(0);
        shapes_.push_back(shape_of(o));
        o = {Operand::Step, static_cast<int>(p_.steps.size() - 1)};
      }
    } else {  // a Python scalar: a constant in the loop's dtype, value-checked as the eager call did
      p_.consts.push_back(inputs[k]->to_tensor(loop.in[k], uf.name));
      const_versions_.push_back(p_.consts.back().storage()->version());
      o = {Operand::Const, static_cast<int>(p_.consts.size() - 1)};
    }
    st.in[k] = o;
  }
  p_.steps.push_back(st);
  values_.push_back(r);
  value_versions_.push_back(r.storage()->version());
  shapes_.push_back(r.shape());
  steps_of_[r.storage().get()].push_back(static_cast<int>(p_.steps.size() - 1));
}

void Tracer::on_op(const char* name, const std::vector<Tensor>& inputs, const Tensor& r, OpFn op) {
  Suspend quiet;
  if (!why_.empty()) return;
  if (!r.defined()) return fail(std::string(name) + " returned no tensor");
  if (r.autograd_meta()) return fail("a result records gradients");
  Step st{nullptr, 0, {}, r.dtype(), std::move(op), {}};
  for (const Tensor& t : inputs) {
    Operand o;
    if (!t.defined() || t.device() != Device::cpu) return fail(std::string(name) + ": an undefined or non-CPU tensor");
    if (!resolve(t, o)) return;
    st.args.push_back(o);
  }
  p_.steps.push_back(std::move(st));
  values_.push_back(r);
  value_versions_.push_back(r.storage()->version());
  shapes_.push_back(r.shape());
  steps_of_[r.storage().get()].push_back(static_cast<int>(p_.steps.size() - 1));
}

namespace {
bool broadcasts_to(const Shape& s, const Shape& to) {
  try {
    return broadcast_shape({s, to}, "compile") == to;
  } catch (const ValueError&) {
    return false;
  }
}

template <class F>
void for_operands(const Step& st, F&& f) {
  if (st.op) {
    for (const Operand& o : st.args) f(o);
  } else {
    for (int k = 0; k < st.nin; ++k) f(st.in[k]);
  }
}
}  // namespace

// The steps the results depend on (f may compute things it does not return).
std::vector<char> Tracer::live_steps(const std::vector<int>& outs) const {
  std::vector<char> live(p_.steps.size(), 0);
  for (int s : outs) live[s] = 1;
  for (int i = static_cast<int>(p_.steps.size()) - 1; i >= 0; --i)
    if (live[i])
      for_operands(p_.steps[i], [&](const Operand& o) {
        if (o.kind == Operand::Step) live[o.index] = 1;
      });
  return live;
}

std::unique_ptr<Plan> Tracer::finish(const std::vector<Tensor>& results) {
  Suspend quiet;
  for (size_t k = 0; k < inputs_.size(); ++k)
    if (inputs_[k].storage()->version() != input_versions_[k]) fail("f writes into an input");
  for (size_t i = 0; i < values_.size(); ++i)
    if (values_[i].defined() && values_[i].storage()->version() != value_versions_[i])
      fail("f writes into an intermediate result");
  for (size_t c = 0; c < p_.consts.size(); ++c)
    if (p_.consts[c].storage()->version() != const_versions_[c]) fail("f writes into a tensor it captured");
  if (results.empty()) fail("f returns no tensor");
  std::vector<int> outs;
  for (const Tensor& r : results) {
    if (!why_.empty()) break;
    const int s = value_of(r);
    if (s < 0) {
      fail("a result is not made by a recorded op (an input, or an op compile does not record)");
      break;
    }
    if (std::find(outs.begin(), outs.end(), s) != outs.end()) fail("f returns one result twice");
    outs.push_back(s);
  }
  if (!why_.empty()) return nullptr;
  bool any_op = false;
  for (const Step& st : p_.steps) any_op = any_op || st.op;
  bool same_shape = true;
  for (const Tensor& r : results) same_shape = same_shape && r.shape() == results[0].shape();
  if (any_op || !same_shape) return segment(outs);

  // Every op was a ufunc: one program over the results' shape.
  const int nsteps = static_cast<int>(p_.steps.size());
  const std::vector<char> live = live_steps(outs);
  Program q;
  q.ninputs = p_.ninputs;
  q.consts = p_.consts;
  q.shape = results[0].shape();
  std::vector<int> renumber(nsteps, -1);
  bool ok = true;
  for (int i = 0; i < nsteps; ++i) {
    if (!live[i]) continue;
    Step st = p_.steps[i];
    for (int k = 0; k < st.nin; ++k) {
      Operand& o = st.in[k];
      if (o.kind == Operand::Step) o.index = renumber[o.index];
      const Shape& s = o.kind == Operand::Input ? inputs_[o.index].shape()
                       : o.kind == Operand::Const ? p_.consts[o.index].shape()
                                                  : q.shape;
      ok = ok && broadcasts_to(s, q.shape);
    }
    ok = ok && broadcasts_to(shapes_[i], q.shape);
    renumber[i] = static_cast<int>(q.steps.size());
    q.steps.push_back(st);
  }
  if (!ok) return segment(outs);  // an intermediate larger than the result: segments by shape
  for (int s : outs) q.outputs.push_back(renumber[s]);
  q.finish();
  auto plan = std::make_unique<Plan>();
  plan->fused = std::make_unique<Program>(std::move(q));
  plan->outputs = outs;  // (their count: the fused program writes them itself)
  return plan;
}

// Segments: runs of consecutive ufunc steps become fused programs over their values' broadcast
// shape, writing only the values something outside the run reads (a recorded op, a later run,
// or f's results); recorded ops run as usual in between. A run whose values that escape have
// other shapes than the run's is split into one program per step.
std::unique_ptr<Plan> Tracer::segment(const std::vector<int>& outs) {
  const int nsteps = static_cast<int>(p_.steps.size());
  const std::vector<char> live = live_steps(outs);
  auto plan = std::make_unique<Plan>();
  plan->steps = p_.steps;
  plan->consts = p_.consts;
  plan->outputs = outs;
  // run_of[i]: the index of the run holding ufunc step i
  std::vector<int> run_of(nsteps, -1);
  std::vector<std::vector<int>> runs;
  for (int i = 0; i < nsteps; ++i) {
    if (!live[i]) continue;
    if (p_.steps[i].op) {
      runs.push_back({});  // an op ends the current run
      continue;
    }
    if (runs.empty()) runs.push_back({});
    runs.back().push_back(i);
    run_of[i] = static_cast<int>(runs.size() - 1);
  }
  // escapes[i]: step i's value is read outside its run
  std::vector<char> escapes(nsteps, 0);
  for (int s : outs) escapes[s] = 1;
  for (int i = 0; i < nsteps; ++i)
    if (live[i])
      for_operands(p_.steps[i], [&](const Operand& o) {
        if (o.kind == Operand::Step && (p_.steps[i].op || run_of[o.index] != run_of[i])) escapes[o.index] = 1;
      });
  // A program for `run` over `shape` (the broadcast of its values' shapes).
  auto add_program = [&](const std::vector<int>& run, const Shape& shape) {
    Plan::Segment seg;
    auto prog = std::make_unique<Program>();
    std::vector<int> local(nsteps, -1);
    auto ext_of = [&](const Operand& o) {
      for (size_t e = 0; e < seg.ext.size(); ++e)
        if (seg.ext[e].kind == o.kind && seg.ext[e].index == o.index) return static_cast<int>(e);
      seg.ext.push_back(o);
      return static_cast<int>(seg.ext.size() - 1);
    };
    for (int i : run) {
      Step st = p_.steps[i];
      for (int k = 0; k < st.nin; ++k) {
        Operand& o = st.in[k];
        if (o.kind == Operand::Step && local[o.index] >= 0) o = {Operand::Step, local[o.index]};
        else o = {Operand::Input, ext_of(o)};
      }
      local[i] = static_cast<int>(prog->steps.size());
      prog->steps.push_back(st);
    }
    for (int i : run)
      if (escapes[i]) {
        prog->outputs.push_back(local[i]);
        seg.outs.push_back(i);
      }
    prog->ninputs = static_cast<int>(seg.ext.size());
    prog->shape = shape;
    prog->finish();
    seg.program = std::move(prog);
    plan->segments.push_back(std::move(seg));
  };
  std::vector<char> added(runs.size(), 0);
  for (int i = 0; i < nsteps; ++i) {
    if (!live[i]) continue;
    if (p_.steps[i].op) {
      Plan::Segment seg;
      seg.op_step = i;
      plan->segments.push_back(std::move(seg));
      continue;
    }
    if (added[run_of[i]]) continue;  // the run was added at its first step
    added[run_of[i]] = 1;
    const std::vector<int>& run = runs[run_of[i]];
    std::vector<Shape> all;
    for (int s : run) all.push_back(shapes_[s]);
    Shape shape = broadcast_shape(all, "compile");
    bool one_shape = true;
    for (int s : run) one_shape = one_shape && (!escapes[s] || shapes_[s] == shape);
    if (one_shape) {
      add_program(run, shape);
    } else {  // one program per step: every value is then read outside its program
      for (int s : run) escapes[s] = 1;
      for (int s : run) add_program({s}, shapes_[s]);
    }
  }
  return plan;
}

}  // namespace parity::compile_detail

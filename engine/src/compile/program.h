#pragma once
// The pieces of compile(f) (parity/compile.h) inside the engine:
//  - the tracer: while f runs under a trace, call_ufunc (engine/src/ops/ufunc_dispatch.cpp)
//    reports every top-level ufunc call (on_ufunc) and Storage reports every storage created
//    (on_storage, through allocator.h's StorageObserver slot), so that a ufunc operand
//    made by any other op is recognised and the trace declared not fusable;
//  - the program a trace becomes, and the blockwise loop that runs it (fused.cpp).
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "../allocator.h"
#include "../iter.h"
#include "../simd/simd.h"
#include "../ufunc.h"

namespace parity::compile_detail {

// An operand of a step: an input of f, a captured constant, or the result of an earlier step.
struct Operand {
  enum Kind : uint8_t { Input, Const, Step } kind;
  int index;
};

// An op that is not a ufunc, recorded with its non-tensor arguments bound: compiled calls run it
// as usual between fused segments.
using OpFn = std::function<Tensor(const std::vector<Tensor>&)>;

struct Step {
  InnerLoop fn;  // the ufunc's loop or a cast loop, exactly as the eager call runs it
  int nin;
  Operand in[3];
  DType out;
  OpFn op;                    // set: an op run as usual on `args` (fn, nin and in unused)
  std::vector<Operand> args;
  int chain_code = -1;        // a simd::ChainCode: fn is that vector op's eager float loop
};

struct Program {
  int ninputs = 0;
  std::vector<Tensor> consts;  // captured tensors and scalars (0-d, already in the loop's dtype)
  std::vector<Step> steps;
  std::vector<int> outputs;    // the step whose result is output k
  Shape shape;                 // the broadcast shape every step runs over (the outputs' shape)
  // Filled by finish(): for each step, where each operand (inputs, then the result) lives: an
  // ext operand of the loop (inputs, consts, outputs) or a block of scratch.
  struct Place {
    int ext;         // >= 0: ext operand index; -1: scratch
    int64_t offset;  // scratch: byte offset of the block
    int64_t stride;  // scratch: the element size
  };
  std::vector<std::array<Place, 4>> places;
  int64_t scratch_bytes = 0;
  bool consts_flat = true;  // every const is one element or C-contiguous in `shape`
  std::vector<char> input_used;  // inputs no kept step reads are not walked (any shape)
  // Set by finish() when the steps form one simd::chain: each takes the previous step's value and
  // at most one input or const, all in one float dtype, the last is the only output.
  bool chain = false;
  int chain_start = 0;  // ext operand the chain starts from
  std::vector<simd::ChainOp> chain_ops;
  void finish();
  void find_chain();
};

// What a traced signature runs: one fused program (every op f ran was a ufunc), or segments in
// order: fused programs over the values around ops that are not ufuncs, and those ops.
struct Plan {
  std::unique_ptr<Program> fused;
  struct Segment {
    std::unique_ptr<Program> program;  // its inputs: `ext`; its outputs: the values `outs`
    std::vector<Operand> ext;
    std::vector<int> outs;
    int op_step = -1;                  // or: this op step of `steps`
  };
  std::vector<Segment> segments;
  std::vector<Step> steps;      // the traced steps (values are numbered by them)
  std::vector<Tensor> consts;
  std::vector<int> outputs;     // the value of each result
};

// Runs the plan (its fused program, or its segments in order); outs[k] receives result k.
void run_plan(const Plan& p, const Tensor* const* inputs, Tensor* outs);

// Runs the program over its shape into fresh outputs (outs[0 .. outputs.size())): one blockwise
// pass; the loop's operands are the inputs, then the consts, then the outputs.
void run_program(const Program& p, const Tensor* const* inputs, Tensor* outs);

class Tracer final : public detail::StorageObserver {
 public:
  Tracer(const Tensor* const* inputs, size_t n);
  // A top-level ufunc call made by f, after it ran (result r).
  void on_ufunc(const UFuncDef& uf, const LoopSig& loop, UFuncArgs inputs, const OutArg& out,
                const void* ctx, const Tensor& r);
  // An op that is not a ufunc (traced_op below), after it ran.
  void on_op(const char* name, const std::vector<Tensor>& inputs, const Tensor& r, OpFn op);
  void on_storage(const Storage* s) override { made_.insert(s); }
  // The plan for f's results, or null with the reason in why().
  std::unique_ptr<Plan> finish(const std::vector<Tensor>& results);
  const std::string& why() const { return why_; }

 private:
  bool resolve(const Tensor& t, Operand& o);
  int value_of(const Tensor& t) const;  // the step whose value is this very view, or -1
  std::vector<char> live_steps(const std::vector<int>& outs) const;
  std::unique_ptr<Plan> segment(const std::vector<int>& outs);
  void fail(std::string why) {
    if (why_.empty()) why_ = std::move(why);
  }
  Program p_;
  std::vector<Tensor> inputs_;
  std::vector<uint64_t> input_versions_;
  std::vector<Tensor> values_;           // each step's result as f saw it (kept alive: no address reuse)
  std::vector<uint64_t> value_versions_;
  std::vector<Shape> shapes_;            // each step's value shape
  std::unordered_map<const Storage*, std::vector<int>> steps_of_;  // values by storage (views share one)
  std::vector<uint64_t> const_versions_;
  std::unordered_set<const Storage*> made_;  // storages created while tracing
  std::string why_;
};

// The active trace on this thread (null: none). Ops run by a traced ufunc are not traced.
extern thread_local Tracer* g_tracer;
// Makes t the active trace (null: none); storages made meanwhile are reported to it.
inline void set_tracer(Tracer* t) {
  g_tracer = t;
  detail::g_storage_observer = t;
}
struct Suspend {
  Tracer* saved;
  Suspend() : saved(g_tracer) { set_tracer(nullptr); }
  ~Suspend() { set_tracer(saved); }
};

// For ops that are not ufuncs, at the top of their implementation:
//   if (compile_detail::g_tracer && !out.tensor)
//     return compile_detail::traced_op("sum", {x}, [=](const std::vector<Tensor>& a) { return sum(a[0], ...); });
// Runs the op as usual and, under a trace, records it so compiled calls replay it.
template <class F>
Tensor traced_op(const char* name, const std::vector<Tensor>& inputs, F op) {
  Tracer* t = g_tracer;
  Tensor r;
  {
    Suspend inner;
    r = op(inputs);
  }
  if (t) t->on_op(name, inputs, r, OpFn(std::move(op)));
  return r;
}

}  // namespace parity::compile_detail

// Running a traced Program blockwise, and compile(f)'s cache of programs by input signature.
#include <algorithm>
#include <mutex>

#include "parity/autograd.h"
#include "parity/compile.h"
#include "program.h"
#include "../shape_util.h"

namespace parity::compile_detail {

namespace {
// Elements per block: a float32 chain keeps its blocks (2 KiB a step) in L1; measured on this
// project's machine (sigmoid, one thread, ns per element at 2^15 / 2^20 / 2^24): 256 blocks
// 0.53 / 0.63 / 0.63, 512 0.50 / 0.59 / 0.64, 1024 0.48 / 0.68 / 0.88.
constexpr int64_t kBlock = 512;
constexpr int64_t kFlatMax = int64_t{1} << 16;  // below this, one call without run_strided
constexpr int kMaxExt = 64;                      // operands of the flat call kept on the stack
constexpr size_t kMaxSignatures = 64;
// A chain whose output (one call's share of the loop, i.e. one thread's) is at least this large stores it
// non-temporally: it would not stay in a core's L2 (1-2 MiB) anyway, and streaming saves reading each line
// before writing it (compiled sigmoid at 2^20 on 2 threads: 262 -> 236 us; at 2^24 4.4 -> 3.8 ms).
constexpr int64_t kStreamBytes = int64_t{1} << 20;

// Elements [i0, i1) of the loop, blockwise: each step over a block of kBlock before the next step.
void run_blocks(const Program& p, char** data, const int64_t* strides, int64_t i0, int64_t i1) {
  thread_local std::unique_ptr<char[]> scratch_buf;
  thread_local int64_t scratch_cap = 0;
  if (scratch_cap < p.scratch_bytes + 64) {
    scratch_cap = std::max<int64_t>(p.scratch_bytes + 64, 4096);
    scratch_buf.reset(new char[scratch_cap]);
  }
  char* scratch = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(scratch_buf.get()) + 63) & ~uintptr_t{63});
  const size_t nsteps = p.steps.size();
  const int next = p.ninputs + static_cast<int>(p.consts.size() + p.outputs.size());
  const int first_out = p.ninputs + static_cast<int>(p.consts.size());
  for (; i0 < i1; i0 += kBlock) {
    const int64_t m = std::min(kBlock, i1 - i0);
    // Prefetch the next block of every streamed operand: the steps between two blocks' memory
    // accesses are long enough that the hardware prefetcher stops running ahead, and a chain
    // then paid memory and compute one after the other (exp(negative(x)) at 2^24 took the sum).
    if (i0 + kBlock < i1)
      for (int e = 0; e < next; ++e) {
        const int64_t st = strides[e];
        if (st <= 0 || st > 16) continue;
        const char* q = data[e] + (i0 + kBlock) * st;
        const int64_t bytes = std::min(kBlock, i1 - i0 - kBlock) * st;
        for (int64_t b = 0; b < bytes; b += 64) {
          if (e >= first_out) __builtin_prefetch(q + b, 1);
          else __builtin_prefetch(q + b, 0);
        }
      }
    for (size_t s = 0; s < nsteps; ++s) {
      const Step& st = p.steps[s];
      const auto& pl = p.places[s];
      char* args[4];
      int64_t st_bytes[4];
      for (int k = 0; k <= st.nin; ++k) {
        const int e = pl[k].ext;
        if (e >= 0) {
          args[k] = data[e] + i0 * strides[e];
          st_bytes[k] = strides[e];
        } else {
          args[k] = scratch + pl[k].offset;
          st_bytes[k] = pl[k].stride;
        }
      }
      st.fn(args, st_bytes, m, nullptr);
    }
  }
}

// A chain program over [0, n) with every operand contiguous or one value: simd::chain, and the
// vectors it leaves (exp's scalar lanes, the tail) blockwise: the same loops, the same bits.
template <class T>
bool run_chain(const Program& p, char** data, const int64_t* strides, int64_t n) {
  const int first_out = p.ninputs + static_cast<int>(p.consts.size());
  if (strides[first_out] != sizeof(T)) return false;
  const T* src[simd::kChainMaxSrc] = {};
  bool contig[simd::kChainMaxSrc] = {};
  for (int e = 0; e < first_out && e < simd::kChainMaxSrc; ++e) {
    if (strides[e] != 0 && strides[e] != sizeof(T)) return false;
    src[e] = reinterpret_cast<const T*>(data[e]);
    contig[e] = strides[e] != 0;
  }
  T* out = reinterpret_cast<T*>(data[first_out]);
  const int nops = static_cast<int>(p.chain_ops.size());
  const bool stream = n * static_cast<int64_t>(sizeof(T)) >= kStreamBytes;
  for (int64_t i = 0; i < n;) {
    i = simd::chain(p.chain_ops.data(), nops, p.chain_start, src, contig, out, i, n, stream);
    if (i >= n) break;
    const int64_t m = std::min<int64_t>(64, n - i);
    run_blocks(p, data, strides, i, i + m);  // operands' pointers are those of element 0
    i += m;
  }
  return true;
}

// One ext operand per input, const and output: run_strided hands their pointers and strides.
void fused_loop(char** data, const int64_t* strides, int64_t n, const void* ctx) {
  const Program& p = *static_cast<const Program*>(ctx);
  if (p.chain) {
    const DType t = p.steps.back().out;
    if (t == DType::Float32 ? run_chain<float>(p, data, strides, n) : run_chain<double>(p, data, strides, n)) return;
  }
  run_blocks(p, data, strides, 0, n);
}
}  // namespace

void Program::finish() {
  std::vector<int> output_of_step(steps.size(), -1);
  for (size_t k = 0; k < outputs.size(); ++k) output_of_step[outputs[k]] = static_cast<int>(k);
  const int first_out = ninputs + static_cast<int>(consts.size());
  std::vector<Place> result(steps.size());
  scratch_bytes = 0;
  for (size_t s = 0; s < steps.size(); ++s) {
    if (output_of_step[s] >= 0) {
      result[s] = {first_out + output_of_step[s], 0, 0};
    } else {
      result[s] = {-1, scratch_bytes, itemsize(steps[s].out)};
      scratch_bytes += (kBlock * itemsize(steps[s].out) + 63) / 64 * 64;
    }
  }
  places.assign(steps.size(), {});
  for (size_t s = 0; s < steps.size(); ++s) {
    for (int k = 0; k < steps[s].nin; ++k) {
      const Operand& o = steps[s].in[k];
      places[s][k] = o.kind == Operand::Step    ? result[o.index]
                     : o.kind == Operand::Input ? Place{o.index, 0, 0}
                                                : Place{ninputs + o.index, 0, 0};
    }
    places[s][steps[s].nin] = result[s];
  }
  input_used.assign(ninputs, 0);
  for (const Step& st : steps)
    for (int k = 0; k < st.nin; ++k)
      if (st.in[k].kind == Operand::Input) input_used[st.in[k].index] = 1;
  consts_flat = true;
  for (const Tensor& c : consts) consts_flat = consts_flat && (c.size() == 1 || (c.shape() == shape && c.is_contiguous()));
  find_chain();
}

void Program::find_chain() {
  chain = false;
  chain_ops.clear();
  const size_t ns = steps.size();
  if (ns == 0 || ns > static_cast<size_t>(simd::kChainMaxOps) || outputs.size() != 1 || outputs[0] != static_cast<int>(ns) - 1)
    return;
  const DType t = steps.back().out;
  auto ext_of = [&](const Operand& o) {  // -1: not an input or const
    const int e = o.kind == Operand::Input ? o.index : o.kind == Operand::Const ? ninputs + o.index : -1;
    return e < simd::kChainMaxSrc ? e : -1;
  };
  auto dtype_ok = [&](const Operand& o) {
    return o.kind == Operand::Input || (o.kind == Operand::Const && consts[o.index].dtype() == t);
  };
  for (size_t s = 0; s < ns; ++s) {
    const Step& st = steps[s];
    if (st.chain_code < 0 || st.op || st.out != t || st.nin < 1 || st.nin > 2) return;
    simd::ChainOp op{static_cast<simd::ChainCode>(st.chain_code), false, -1};
    const Operand prev{Operand::Step, static_cast<int>(s) - 1};
    auto is_prev = [&](const Operand& o) { return s > 0 && o.kind == Operand::Step && o.index == prev.index; };
    if (s == 0) {  // the chain starts from the first operand
      if (ext_of(st.in[0]) < 0 || !dtype_ok(st.in[0])) return;
      chain_start = ext_of(st.in[0]);
      if (st.nin == 2) {
        if (ext_of(st.in[1]) < 0 || !dtype_ok(st.in[1])) return;
        op.src = static_cast<int8_t>(ext_of(st.in[1]));
      }
    } else if (st.nin == 1) {
      if (!is_prev(st.in[0])) return;
    } else {
      const int k = is_prev(st.in[0]) ? 1 : is_prev(st.in[1]) ? 0 : -1;  // the other operand
      if (k < 0 || ext_of(st.in[k]) < 0 || !dtype_ok(st.in[k])) return;
      op.src = static_cast<int8_t>(ext_of(st.in[k]));
      op.other_first = k == 0;
    }
    chain_ops.push_back(op);
  }
  // An input's dtype is the loop's: a different one would have a cast step (no chain code).
  chain = true;
}

void run_program(const Program& p, const Tensor* const* inputs, Tensor* outs) {
  const size_t nout = p.outputs.size(), nconst = p.consts.size();
  for (size_t k = 0; k < nout; ++k) outs[k] = new_tensor(p.shape, p.steps[p.outputs[k]].out);
  int64_t n = 1;
  for (int64_t d : p.shape) n *= d;
  if (n == 0) return;
  const int next = p.ninputs + static_cast<int>(nconst + nout);
  auto ext = [&](int e) -> const Tensor& {
    return e < p.ninputs ? *inputs[e] : e < p.ninputs + static_cast<int>(nconst) ? p.consts[e - p.ninputs]
                                                                                 : outs[e - p.ninputs - nconst];
  };
  // Flat: every operand is one element or C-contiguous in the result's shape (the outputs are).
  bool flat = n < kFlatMax && next <= kMaxExt && p.consts_flat;
  for (int e = 0; e < p.ninputs && flat; ++e) {
    const Tensor& t = *inputs[e];
    flat = !p.input_used[e] || t.size() == 1 || (t.shape() == p.shape && t.is_contiguous());
  }
  if (flat) {
    char* data[kMaxExt];
    int64_t strides[kMaxExt];
    for (int e = 0; e < next; ++e) {
      const Tensor& t = ext(e);
      data[e] = static_cast<char*>(t.data_ptr());
      strides[e] = n == 1 || t.size() == 1 || (e < p.ninputs && !p.input_used[e]) ? 0 : t.itemsize();
    }
    fused_loop(data, strides, n, &p);
    return;
  }
  std::vector<char*> data;
  std::vector<std::vector<int64_t>> strides;
  for (int e = 0; e < next; ++e) {
    if (e < p.ninputs && !p.input_used[e]) {  // it need not even broadcast to the shape
      data.push_back(nullptr);
      strides.push_back(std::vector<int64_t>(p.shape.size(), 0));
      continue;
    }
    data.push_back(static_cast<char*>(ext(e).data_ptr()));
    strides.push_back(broadcast_byte_strides(ext(e), p.shape));
  }
  run_strided(p.shape, std::move(data), std::move(strides), fused_loop, &p);
}

void run_plan(const Plan& p, const Tensor* const* inputs, Tensor* outs) {
  if (p.fused) return run_program(*p.fused, inputs, outs);
  std::vector<Tensor> vals(p.steps.size());
  auto get = [&](const Operand& o) -> const Tensor& {
    return o.kind == Operand::Input ? *inputs[o.index] : o.kind == Operand::Const ? p.consts[o.index] : vals[o.index];
  };
  std::vector<const Tensor*> ext;
  std::vector<Tensor> res;
  for (const Plan::Segment& seg : p.segments) {
    if (seg.op_step >= 0) {  // an op that is not a ufunc, run as usual
      const Step& st = p.steps[seg.op_step];
      std::vector<Tensor> args;
      for (const Operand& o : st.args) args.push_back(get(o));
      vals[seg.op_step] = st.op(args);
      continue;
    }
    ext.clear();
    for (const Operand& o : seg.ext) ext.push_back(&get(o));
    res.assign(seg.outs.size(), Tensor());
    run_program(*seg.program, ext.data(), res.data());
    for (size_t k = 0; k < seg.outs.size(); ++k) vals[seg.outs[k]] = std::move(res[k]);
  }
  for (size_t k = 0; k < p.outputs.size(); ++k) outs[k] = vals[p.outputs[k]];
}

// ---- the cache ----

namespace {
// The first earlier input that is this very view, or -1: f(x, x) is traced apart from f(x, y),
// since its record reads the first of the two for both.
int alias_of(const Tensor* const* in, size_t k) {
  for (size_t j = 0; j < k; ++j)
    if (in[j]->shares_storage(*in[k]) && in[j]->is_same_view(*in[k])) return static_cast<int>(j);
  return -1;
}

struct Entry {
  std::vector<DType> dtypes;
  std::vector<Shape> shapes;
  std::vector<int> aliases;  // alias_of each input
  std::unique_ptr<const Plan> plan;  // null: f runs eagerly for this signature
};

bool matches(const Entry& e, const Tensor* const* in, size_t n) {
  if (e.dtypes.size() != n) return false;
  for (size_t k = 0; k < n; ++k)
    if (e.dtypes[k] != in[k]->dtype() || e.shapes[k] != in[k]->shape() || e.aliases[k] != alias_of(in, k)) return false;
  return true;
}

std::string signature(const Tensor* const* in, size_t n) {
  std::string s;
  for (size_t k = 0; k < n; ++k) s += (k ? ", " : "") + std::string(name(in[k]->dtype())) + " " + shape_str(in[k]->shape());
  return s;
}

// Calls that must run f as written: nested in another trace (its ufuncs are traced by that
// one), an undefined or non-CPU input, or an input that records gradients.
bool must_run_eagerly(const Tensor* const* in, size_t n) {
  if (g_tracer) return true;
  for (size_t k = 0; k < n; ++k) {
    if (!in[k]->defined() || in[k]->device() != Device::cpu) return true;
    if (in[k]->autograd_meta() && autograd::grad_enabled() && in[k]->requires_grad()) return true;
  }
  return false;
}
}  // namespace

// Entries are only ever appended (at most kMaxSignatures) and live as long as the cache, so
// lookups read them without a lock: `count` is published after the entry is complete.
struct Cache::Impl {
  std::mutex mu;  // serialises appends and not_fused
  std::unique_ptr<Entry> entries[kMaxSignatures];
  std::atomic<size_t> count{0};
  std::vector<std::string> not_fused;
  std::atomic<int64_t> traces{0}, fused{0}, eager{0};

  const Entry* find(const Tensor* const* in, size_t n) const {
    const size_t c = count.load(std::memory_order_acquire);
    for (size_t i = 0; i < c; ++i)
      if (matches(*entries[i], in, n)) return entries[i].get();
    return nullptr;
  }
};

Cache::Cache() : impl_(std::make_unique<Impl>()) {}
Cache::~Cache() = default;

bool Cache::run1(const Tensor* const* in, size_t n, Tensor& out) const {
  if (must_run_eagerly(in, n)) return false;
  const Entry* e = impl_->find(in, n);
  if (!e || !e->plan || e->plan->outputs.size() != 1) return false;
  run_plan(*e->plan, in, &out);
  impl_->fused.fetch_add(1, std::memory_order_relaxed);
  return true;
}

bool Cache::run(const Tensor* const* in, size_t n, std::vector<Tensor>& outs) const {
  if (must_run_eagerly(in, n)) return false;
  const Entry* e = impl_->find(in, n);
  if (!e || !e->plan) return false;
  outs.resize(e->plan->outputs.size());
  run_plan(*e->plan, in, outs.data());
  impl_->fused.fetch_add(1, std::memory_order_relaxed);
  return true;
}

std::vector<Tensor> Cache::eager(const Tensor* const* in, size_t n, Thunk f) const {
  impl_->eager.fetch_add(1, std::memory_order_relaxed);
  if (must_run_eagerly(in, n) || impl_->find(in, n)) return f.call(f.ctx);
  // A new signature: run f under a trace.
  Tracer tracer(in, n);
  std::vector<Tensor> results;
  set_tracer(&tracer);
  try {
    results = f.call(f.ctx);
  } catch (...) {
    set_tracer(nullptr);
    throw;
  }
  set_tracer(nullptr);
  std::unique_ptr<Plan> p = tracer.finish(results);
  std::lock_guard<std::mutex> lock(impl_->mu);
  const size_t c = impl_->count.load(std::memory_order_relaxed);
  if (impl_->find(in, n) || c == kMaxSignatures) return results;  // traced meanwhile, or full
  auto e = std::make_unique<Entry>();
  for (size_t k = 0; k < n; ++k) {
    e->dtypes.push_back(in[k]->dtype());
    e->shapes.push_back(in[k]->shape());
    e->aliases.push_back(alias_of(in, k));
  }
  if (!p) impl_->not_fused.push_back(signature(in, n) + ": " + tracer.why());
  e->plan = std::move(p);
  impl_->entries[c] = std::move(e);
  impl_->count.store(c + 1, std::memory_order_release);
  impl_->traces.fetch_add(1, std::memory_order_relaxed);
  return results;
}

CompileInfo Cache::info() const {
  CompileInfo i;
  i.traces = impl_->traces.load();
  i.fused_calls = impl_->fused.load();
  i.eager_calls = impl_->eager.load();
  std::lock_guard<std::mutex> lock(impl_->mu);
  i.not_fused = impl_->not_fused;
  for (size_t k = 0; k < impl_->count.load(std::memory_order_acquire); ++k) {
    const Plan* p = impl_->entries[k]->plan.get();
    if (p && p->fused && p->fused->chain) ++i.register_chains;
  }
  return i;
}

}  // namespace parity::compile_detail

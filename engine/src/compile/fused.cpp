// Running a traced Program blockwise, and compile(f)'s cache of programs by input signature.
#include <algorithm>
#include <mutex>

#include "parity/autograd.h"
#include "parity/compile.h"
#include "program.h"
#include "../shape_util.h"

namespace parity::compile_detail {

namespace {
// Elements per block: every intermediate block stays in L1 (256 x 16 bytes x steps).
constexpr int64_t kBlock = 256;
constexpr int64_t kFlatMax = int64_t{1} << 16;  // below this, one call without run_strided
constexpr int kMaxExt = 64;                      // operands of the flat call kept on the stack
constexpr size_t kMaxSignatures = 64;

// One ext operand per input, const and output: run_strided hands their pointers and strides.
void fused_loop(char** data, const int64_t* strides, int64_t n, const void* ctx) {
  const Program& p = *static_cast<const Program*>(ctx);
  thread_local std::unique_ptr<char[]> scratch_buf;
  thread_local int64_t scratch_cap = 0;
  if (scratch_cap < p.scratch_bytes + 64) {
    scratch_cap = std::max<int64_t>(p.scratch_bytes + 64, 4096);
    scratch_buf.reset(new char[scratch_cap]);
  }
  char* scratch = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(scratch_buf.get()) + 63) & ~uintptr_t{63});
  const int first_out = p.ninputs + static_cast<int>(p.consts.size());
  for (int64_t i0 = 0; i0 < n; i0 += kBlock) {
    const int64_t m = std::min(kBlock, n - i0);
    for (size_t s = 0; s < p.steps.size(); ++s) {
      const Step& st = p.steps[s];
      char* args[4];
      int64_t st_bytes[4];
      auto place = [&](int step, char*& ptr, int64_t& stride) {
        const int o = p.output_of_step[step];
        if (o < 0) {
          ptr = scratch + p.scratch_offset[step];
          stride = itemsize(p.steps[step].out);
        } else {
          ptr = data[first_out + o] + i0 * strides[first_out + o];
          stride = strides[first_out + o];
        }
      };
      for (int k = 0; k < st.nin; ++k) {
        const Operand& o = st.in[k];
        if (o.kind == Operand::Step) {
          place(o.index, args[k], st_bytes[k]);
        } else {
          const int e = o.kind == Operand::Input ? o.index : p.ninputs + o.index;
          args[k] = data[e] + i0 * strides[e];
          st_bytes[k] = strides[e];
        }
      }
      place(static_cast<int>(s), args[st.nin], st_bytes[st.nin]);
      st.fn(args, st_bytes, m, nullptr);
    }
  }
}
}  // namespace

void Program::finish() {
  output_of_step.assign(steps.size(), -1);
  for (size_t k = 0; k < outputs.size(); ++k) output_of_step[outputs[k]] = static_cast<int>(k);
  scratch_offset.assign(steps.size(), -1);
  scratch_bytes = 0;
  for (size_t s = 0; s < steps.size(); ++s) {
    if (output_of_step[s] >= 0) continue;
    scratch_offset[s] = scratch_bytes;
    scratch_bytes += (kBlock * itemsize(steps[s].out) + 63) / 64 * 64;
  }
}

void run_program(const Program& p, const Tensor* const* inputs, Tensor* outs) {
  for (size_t k = 0; k < p.outputs.size(); ++k) outs[k] = new_tensor(p.shape, p.steps[p.outputs[k]].out);
  int64_t n = 1;
  for (int64_t d : p.shape) n *= d;
  if (n == 0) return;
  const int next = p.ninputs + static_cast<int>(p.consts.size() + p.outputs.size());
  auto ext = [&](int e) -> const Tensor& {
    return e < p.ninputs ? *inputs[e]
           : e < p.ninputs + static_cast<int>(p.consts.size()) ? p.consts[e - p.ninputs]
                                                                : outs[e - p.ninputs - p.consts.size()];
  };
  // Flat: every operand is one element or C-contiguous in the result's shape.
  bool flat = n < kFlatMax && next <= kMaxExt;
  for (int e = 0; e < next && flat; ++e) {
    const Tensor& t = ext(e);
    flat = t.size() == 1 || (t.shape() == p.shape && t.is_contiguous());
  }
  if (flat) {
    char* data[kMaxExt];
    int64_t strides[kMaxExt];
    for (int e = 0; e < next; ++e) {
      const Tensor& t = ext(e);
      data[e] = static_cast<char*>(t.data_ptr());
      strides[e] = t.size() == 1 ? 0 : t.itemsize();
    }
    fused_loop(data, strides, n, &p);
    return;
  }
  std::vector<char*> data;
  std::vector<std::vector<int64_t>> strides;
  for (int e = 0; e < next; ++e) {
    data.push_back(static_cast<char*>(ext(e).data_ptr()));
    strides.push_back(broadcast_byte_strides(ext(e), p.shape));
  }
  run_strided(p.shape, std::move(data), std::move(strides), fused_loop, &p);
}

// ---- the cache ----

namespace {
struct Entry {
  std::vector<DType> dtypes;
  std::vector<Shape> shapes;
  std::shared_ptr<const Program> program;  // null: f runs eagerly for this signature
};

bool matches(const Entry& e, const Tensor* const* in, size_t n) {
  if (e.dtypes.size() != n) return false;
  for (size_t k = 0; k < n; ++k)
    if (e.dtypes[k] != in[k]->dtype() || e.shapes[k] != in[k]->shape()) return false;
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

}  // namespace parity::compile_detail

namespace parity::compile_detail {

struct Cache::Impl {
  mutable std::mutex mu;
  std::vector<Entry> entries;
  std::vector<std::string> not_fused;
  std::atomic<int64_t> traces{0}, fused{0}, eager{0};

  std::shared_ptr<const Program> find(const Tensor* const* in, size_t n, bool& found) const {
    std::lock_guard<std::mutex> lock(mu);
    for (const Entry& e : entries)
      if (matches(e, in, n)) {
        found = true;
        return e.program;
      }
    found = false;
    return nullptr;
  }
};

Cache::Cache() : impl_(std::make_unique<Impl>()) {}
Cache::~Cache() = default;

bool Cache::run1(const Tensor* const* in, size_t n, Tensor& out) const {
  if (must_run_eagerly(in, n)) return false;
  bool found;
  std::shared_ptr<const Program> p = impl_->find(in, n, found);
  if (!p || p->outputs.size() != 1) return false;
  run_program(*p, in, &out);
  impl_->fused.fetch_add(1, std::memory_order_relaxed);
  return true;
}

bool Cache::run(const Tensor* const* in, size_t n, std::vector<Tensor>& outs) const {
  if (must_run_eagerly(in, n)) return false;
  bool found;
  std::shared_ptr<const Program> p = impl_->find(in, n, found);
  if (!p) return false;
  outs.resize(p->outputs.size());
  run_program(*p, in, outs.data());
  impl_->fused.fetch_add(1, std::memory_order_relaxed);
  return true;
}

std::vector<Tensor> Cache::eager(const Tensor* const* in, size_t n, Thunk f) const {
  impl_->eager.fetch_add(1, std::memory_order_relaxed);
  bool found = false;
  if (must_run_eagerly(in, n)) return f.call(f.ctx);
  impl_->find(in, n, found);
  if (found) return f.call(f.ctx);
  // A new signature: run f under a trace.
  Tracer tracer(in, n);
  std::vector<Tensor> results;
  g_tracer = &tracer;
  try {
    results = f.call(f.ctx);
  } catch (...) {
    g_tracer = nullptr;
    throw;
  }
  g_tracer = nullptr;
  std::unique_ptr<Program> p = tracer.finish(results);
  std::lock_guard<std::mutex> lock(impl_->mu);
  for (const Entry& e : impl_->entries)
    if (matches(e, in, n)) return results;  // another thread traced it meanwhile
  if (impl_->entries.size() >= kMaxSignatures) return results;
  Entry e;
  for (size_t k = 0; k < n; ++k) {
    e.dtypes.push_back(in[k]->dtype());
    e.shapes.push_back(in[k]->shape());
  }
  if (!p) impl_->not_fused.push_back(signature(in, n) + ": " + tracer.why());
  e.program = std::move(p);
  impl_->entries.push_back(std::move(e));
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
  return i;
}

}  // namespace parity::compile_detail

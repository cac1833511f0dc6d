// Compiled: every elementwise op of the database run through compile(f) gives the eager result
// bit for bit (parity/compile.h), on each sample: the op alone, and the op chained into itself
// (op(op(x, ...), ...)) so that one fused pass holds two steps and, where dtypes change, a cast.
// The first call of a compiled function traces f (an eager run); the second runs the fused
// program, which is what is compared. Errors must be the eager ones. An op compile cannot fuse
// (not a ufunc) runs eagerly; the test prints that with compile's reason.
#include <cstring>
#include <iostream>

#include "harness.h"
#include "parity/compile.h"
#include "parity/ops.h"

namespace parity::suites {

namespace {
const char* kSuite = "Compiled";

struct Result {
  std::vector<Tensor> values;
  std::string error;  // the exception's message, empty when f returned
};

bool same_bits(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) return false;
  Tensor x = a.contiguous(), y = b.contiguous();
  return std::memcmp(x.data_ptr(), y.data_ptr(), static_cast<size_t>(x.nbytes())) == 0;
}

template <class F>
Result capture(F&& f) {
  Result r;
  try {
    r.values = f();
  } catch (const std::exception& e) {
    r.error = e.what();
    if (r.error.empty()) r.error = "(empty message)";
  }
  return r;
}

// The sample's call with its tensor arguments taken from `ts` (in order); chained: the op's
// result replaces the first tensor argument of a second call.
std::vector<Tensor> call(const OpInfo& op, const SampleInput& in, const std::vector<Tensor>& ts, bool chained) {
  std::vector<ArrayLike> args = in.args;
  size_t next = 0;
  for (auto& a : args)
    if (a.is_tensor()) a = ArrayLike(ts[next++]);
  std::vector<Tensor> r = op.run(Variant::function, args, in.kwargs, Tensor());
  if (!chained || r.size() != 1) return r;
  for (auto& a : args)
    if (a.is_tensor()) {
      a = ArrayLike(r[0]);
      break;
    }
  return op.run(Variant::function, args, in.kwargs, Tensor());
}

// Runs the compiled form twice; returns the second run and compile's info.
Result run_compiled(const OpInfo& op, const SampleInput& in, const std::vector<Tensor>& ts, bool chained,
                    CompileInfo& info) {
  auto f = [&](auto&... xs) { return call(op, in, {xs...}, chained); };
  Result r;
  switch (ts.size()) {
    case 1: {
      auto c = compile([&](const Tensor& a) { return f(a); });
      capture([&] { return c(ts[0]); });
      r = capture([&] { return c(ts[0]); });
      info = c.info();
      break;
    }
    case 2: {
      auto c = compile([&](const Tensor& a, const Tensor& b) { return f(a, b); });
      capture([&] { return c(ts[0], ts[1]); });
      r = capture([&] { return c(ts[0], ts[1]); });
      info = c.info();
      break;
    }
    default: {
      auto c = compile([&](const Tensor& a, const Tensor& b, const Tensor& d) { return f(a, b, d); });
      capture([&] { return c(ts[0], ts[1], ts[2]); });
      r = capture([&] { return c(ts[0], ts[1], ts[2]); });
      info = c.info();
      break;
    }
  }
  return r;
}
}  // namespace

void register_compiled() {
  register_per_dtype(kSuite, [](const OpInfo& op) { return op.elementwise; }, [](const OpInfo& op, DType d) {
    if (skipped(op, kSuite, d)) GTEST_SKIP() << "declared skip";
    int checked = 0, fused = 0;
    std::string not_fused;
    for (const SampleInput& in : op.sample_inputs(d)) {
      if (skipped(op, kSuite, d, in.note)) continue;
      std::vector<Tensor> ts;
      for (const auto& a : in.args)
        if (a.is_tensor()) ts.push_back(a.tensor());
      if (ts.empty() || ts.size() > 3) continue;
      for (bool chained : {false, true}) {
        Result want = capture([&] { return call(op, in, ts, chained); });
        CompileInfo info;
        Result got = run_compiled(op, in, ts, chained, info);
        ++checked;
        fused += info.fused_calls > 0;
        if (!info.not_fused.empty() && not_fused.empty()) not_fused = info.not_fused[0];
        const std::string what = std::string(chained ? "chained " : "") + "sample '" + in.note + "'";
        if (want.error != got.error) {
          ADD_FAILURE() << "[" << op.name << "] " << what << ": eager " << (want.error.empty() ? "returned" : "raised: " + want.error)
                        << "; compiled " << (got.error.empty() ? "returned" : "raised: " + got.error);
          continue;
        }
        if (!want.error.empty()) continue;
        bool same = want.values.size() == got.values.size();
        for (size_t k = 0; same && k < want.values.size(); ++k) same = same_bits(want.values[k], got.values[k]);
        if (!same) {
          Outcome w = outcome_of(want.values), g = outcome_of(got.values);
          ADD_FAILURE() << "[" << op.name << "] " << what << ": compiled result differs from eager\ncompiled: "
                        << describe(g) << "\neager: " << describe(w);
        }
      }
    }
    if (checked == 0) {
      print_skip(op, name(d), "no sample with 1 to 3 tensor arguments");
      GTEST_SKIP() << "no sample with tensor arguments";
    }
    if (fused == 0 && op.compiled)  // the op's record says compile() records it
      ADD_FAILURE() << "[" << op.name << "] its record says compile() records it, but no " << name(d)
                    << " sample ran fused (" << not_fused << ")";
    else if (fused == 0)  // passes (eager equals eager), but says that compile did not fuse it
      std::cout << "[NOT FUSED ] " << op.name << " " << name(d) << ": ran eagerly (" << not_fused << ")\n";
  });
}

}  // namespace parity::suites

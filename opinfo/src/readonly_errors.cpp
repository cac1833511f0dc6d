// One rule for every op with an in-place or out= variant: writing into a read-only view raises
// NumPy's ValueError ("output array is read-only"; "assignment destination is read-only" for
// setitem-like writes). The target is a broadcast_to view, which NumPy and the engine make read-only.

#include <algorithm>

#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
// NumPy 2.2's accumulate writes into a read-only out= without a check (np.cumsum(x, out=ro)
// returns normally; so do np.cumulative_sum/prod and np.nancumsum, which call it); the engine
// raises there too (engine/tests/readonly_test.cpp).
bool numpy_checks_out(const std::string& op) {
  return op != "cumsum" && op != "cumprod" && op != "cumulative_sum" && op != "cumulative_prod" && op != "nancumsum";
}

// take's out= goes through a WRITEBACKIFCOPY buffer: NumPy says "WRITEBACKIFCOPY base is read-only".
std::string name_regex(const OpInfo& op) {
  std::string r = "^\\[(" + op.name;
  for (const auto& a : op.aliases) r += "|" + a;
  return r + ")\\] (output array|assignment destination|WRITEBACKIFCOPY base) is read-only";
}

// A read-only view of `t`'s values with its shape (broadcast_to of a copy).
Tensor read_only(const Tensor& t) { return t.copy().broadcast_to(t.shape()); }

// The first sample (float64 first, then the op's other dtypes) whose in-place form keeps the
// target's dtype and shape (a comparison's needs bool input), and the first with any result.
std::vector<ErrorInput> readonly_errors(const OpInfo& op) {
  std::vector<ErrorInput> e;
  const bool want_inplace = op.has_variant(Variant::inplace);
  const bool want_out = op.has_variant(Variant::out) && numpy_checks_out(op.name);
  bool have_inplace = !want_inplace, have_out = !want_out;
  std::vector<DType> dtypes = op.dtypes_cpu;
  std::stable_partition(dtypes.begin(), dtypes.end(), [](DType d) { return d == DType::Float64; });
  for (DType d : dtypes) {
    if (have_inplace && have_out) break;
    for (const SampleInput& in : op.sample_inputs(d)) {
      if (have_inplace && have_out) break;
      // An n-d, non-empty target: a broadcast view with real strides (0-d and empty ones also raise).
      if (in.args.empty() || !in.args[0].is_tensor() || in.args[0].tensor().size() == 0) continue;
      if (in.args[0].tensor().ndim() == 0) continue;
      std::vector<Tensor> r;
      try {
        r = op.run(Variant::function, in.args, in.kwargs, Tensor());
      } catch (const Error&) {
        continue;
      }
      if (r.size() != 1 || r[0].size() == 0 || r[0].ndim() == 0) continue;
      const Tensor& x = in.args[0].tensor();
      if (!have_inplace && r[0].shape() == x.shape() && r[0].dtype() == x.dtype()) {
        ErrorInput err{in, "ValueError", name_regex(op), Variant::inplace, Tensor()};
        err.input.args[0] = read_only(x);
        err.input.note = "in-place into a read-only view";
        e.push_back(std::move(err));
        have_inplace = true;
      }
      if (!have_out) {
        // A zero-stride view of one element, as np.broadcast_to(np.zeros((), dt), shape).
        Tensor o = zeros({}, r[0].dtype()).broadcast_to(r[0].shape());
        ErrorInput err{in, "ValueError", name_regex(op), Variant::out, o};
        err.input.note = "out= a read-only view";
        e.push_back(std::move(err));
        have_out = true;
      }
    }
  }
  return e;
}
}  // namespace

void add_readonly_errors(std::vector<OpInfo>& db) {
  for (OpInfo& op : db) {
    if (!op.sample_inputs || !op.run) continue;
    if (!op.has_variant(Variant::inplace) && !op.has_variant(Variant::out)) continue;
    // The rule reads the entry as it stands (samples, run, name) when error_inputs() is called.
    OpInfo self = op;
    auto base = op.error_inputs;
    op.error_inputs = [base, self = std::move(self)] {
      std::vector<ErrorInput> e = base ? base() : std::vector<ErrorInput>{};
      for (auto& x : readonly_errors(self)) e.push_back(std::move(x));
      return e;
    };
  }
}

}  // namespace parity::opinfo

// Dtypes: the claims are checked both ways, for all 15 dtypes. A claimed dtype runs on the engine
// and in NumPy (the op's first sample); an unclaimed one raises TypeError in the engine, and in
// NumPy too (where NumPy supports it, the claim list is wrong).
#include <iostream>

#include "harness.h"

namespace parity::suites {

namespace {
const char* kSuite = "Dtypes";

// The op's first sample for dtype `d`. Entries generate samples for any dtype; where one cannot,
// a claimed dtype's first sample is taken with its tensors (and dtype= keyword) of that dtype cast to `d`.
std::optional<SampleInput> first_sample(const OpInfo& op, DType d) {
  try {
    std::vector<SampleInput> s = op.sample_inputs(d);
    if (!s.empty()) return s[0];
  } catch (const std::exception&) {
  }
  for (DType c : op.dtypes_cpu) {
    try {
      std::vector<SampleInput> s = op.sample_inputs(c);
      if (s.empty()) continue;
      SampleInput in = s[0];
      for (auto& a : in.args)
        if (a.is_tensor() && a.tensor().dtype() == c) a = ArrayLike(a.tensor().astype(d));
      for (auto& kv : in.kwargs)
        if (const DType* p = std::get_if<DType>(&kv.second); p && *p == c) kv.second = d;
      in.note += " (cast from " + std::string(name(c)) + ")";
      return in;
    } catch (const std::exception&) {
    }
  }
  return std::nullopt;
}

bool declared(const OpInfo& op, DType d, const SampleInput& in) {
  if (const Discrepancy* x = op.find_discrepancy(Discrepancy::Kind::differs, kSuite, d, in)) {
    std::cout << "[ DECLARED ] " << op.name << " " << name(d) << ": " << x->what << " -- " << x->reason << "\n";
    return true;
  }
  return false;
}
}  // namespace

void register_dtypes() {
  register_per_dtype(kSuite, [](const OpInfo&) { return true; }, [](const OpInfo& op, DType d) {
    if (skipped(op, kSuite, d)) GTEST_SKIP() << "declared skip";
    std::optional<SampleInput> in = first_sample(op, d);
    if (!in) {
      ADD_FAILURE() << "[" << op.name << "] no sample input can be made for " << name(d);
      return;
    }
    if (skipped(op, kSuite, d, in->note)) return;
    Case c;
    c.op = &op;
    c.input = *in;
    Outcome got = engine().run(c);
    Outcome want = numpy().run(c);
    Verdict v = compare(got, want, op.tolerance(d));
    const bool claimed = op.claims(d);
    if (claimed) {
      if ((got.error || want.error) && !declared(op, d, *in)) {
        if (v.match()) v.kind = Mismatch::error;
        v.detail = std::string(name(d)) + " is claimed, but " +
                   (got.error && want.error ? "both the engine and NumPy raised"
                    : got.error             ? "the engine raised"
                                            : "NumPy raised (the claim list is wrong: drop the dtype, or declare it)");
        ADD_FAILURE() << report(c, got, want, v);
      }
      return;
    }
    const bool engine_ok = got.raised("TypeError") && !got.crashed;
    const bool numpy_ok = want.raised("TypeError");
    if ((engine_ok && numpy_ok) || declared(op, d, *in)) return;
    if (v.match()) v.kind = Mismatch::error;
    if (!numpy_ok) {
      v.detail = std::string(name(d)) + " is not claimed, but NumPy " +
                 (want.error ? "raised " + want.error_class + ", not TypeError" : "supports it") +
                 ": the claim list is wrong (claim " + name(d) + " and make the engine support it, or declare a "
                 "discrepancy for the Dtypes suite)";
    } else {
      v.detail = std::string(name(d)) + " is not claimed: the engine must raise TypeError, it " +
                 (got.error ? "raised " + got.error_class : std::string("returned a result")) +
                 (got.error ? "" : " (claim the dtype if the engine supports it)");
    }
    ADD_FAILURE() << report(c, got, want, v);
  }, /*all_dtypes=*/true);
}

}  // namespace parity::suites

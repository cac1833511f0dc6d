// TypePromotion: for each op whose result dtype comes from promoting its inputs, the result (dtype,
// and values) equals NumPy's for all 15 x 15 dtype pairs and for weak Python scalars (NEP 50); an
// error in NumPy is an error of the same class in the engine.
#include <complex>
#include <iostream>

#include "harness.h"
#include "parity/samples.h"

namespace parity::suites {

namespace {
const char* kSuite = "TypePromotion";
constexpr int kMaxReports = 8;  // full reports per test; the rest are counted

Tensor operand(const OpInfo& op, DType d, uint64_t seed) {
  double lo = op.domain ? op.domain->first : 1, hi = op.domain ? op.domain->second : 5;
  return opinfo::make_tensor({3}, d, seed, lo, hi);
}

struct Tally {
  int cases = 0, failures = 0;
};

// Runs `c` on both sides; a mismatch fails unless a `differs` discrepancy covers one of `dts`.
void check(const Case& c, const std::vector<DType>& dts, const std::string& label, Tally& t) {
  ++t.cases;
  for (DType d : dts)
    if (c.op->find_discrepancy(Discrepancy::Kind::skip, kSuite, d, c.input.note)) return;
  Outcome got = engine().run(c);
  Outcome want = numpy().run(c);
  DType rd = (!want.error && !want.values.empty()) ? want.values[0].dtype() : dts[0];
  Verdict v = compare(got, want, c.op->tolerance(rd));
  if (v.match()) return;
  for (DType d : dts) {
    if (const Discrepancy* x = c.op->find_discrepancy(Discrepancy::Kind::differs, kSuite, d, c.input, c.out)) {
      std::cout << "[ DECLARED ] " << c.op->name << " " << label << ": " << x->what << " -- " << x->reason << "\n";
      return;
    }
  }
  if (++t.failures <= kMaxReports) ADD_FAILURE() << label << "\n" << report(c, got, want, v);
}

void print_skips(const OpInfo& op) {
  for (DType d : kAllDTypes) skipped(op, kSuite, d);
}
}  // namespace

void register_type_promotion() {
  auto want = [](const OpInfo& op) { return op.promotes && op.nin >= 2; };
  register_per_op(kSuite, "pairs", want, [](const OpInfo& op) {
    print_skips(op);
    Tally t;
    for (DType a : kAllDTypes) {
      for (DType b : kAllDTypes) {
        Case c;
        c.op = &op;
        c.input.note = std::string("dtype pair ") + name(a) + ", " + name(b);
        uint64_t seed = opinfo::seed_of(op.name + c.input.note);
        c.input.args.emplace_back(operand(op, a, seed));
        for (int k = 1; k < op.nin; ++k) c.input.args.emplace_back(operand(op, b, seed + k));
        check(c, {a, b}, std::string(name(a)) + " with " + name(b), t);
      }
    }
    if (t.failures > kMaxReports)
      ADD_FAILURE() << "[" << op.name << "] " << t.failures << " of " << t.cases << " dtype pairs differ from NumPy ("
                    << kMaxReports << " reported above)";
  });

  register_per_op(kSuite, "weak_scalars", want, [](const OpInfo& op) {
    print_skips(op);
    const std::vector<std::pair<const char*, Scalar>> scalars = {
        {"True", Scalar(true)},
        {"1", Scalar(int64_t{1})},
        {"1.5", Scalar(1.5)},
        {"1j", Scalar(std::complex<double>(0, 1))},
    };
    Tally t;
    for (DType d : kAllDTypes) {
      for (const auto& [text, s] : scalars) {
        for (int pos = 0; pos < 2; ++pos) {  // the scalar second, then first
          Case c;
          c.op = &op;
          c.input.note = std::string("weak scalar ") + text + (pos ? " first" : " second");
          uint64_t seed = opinfo::seed_of(op.name + name(d));
          for (int k = 0; k < op.nin; ++k) c.input.args.emplace_back(operand(op, d, seed + k));
          c.input.args[pos == 0 ? 1 : 0] = ArrayLike(s);
          check(c, {d}, std::string(name(d)) + " array with Python " + text + (pos ? " (first)" : " (second)"), t);
        }
      }
    }
    if (t.failures > kMaxReports)
      ADD_FAILURE() << "[" << op.name << "] " << t.failures << " of " << t.cases
                    << " weak-scalar cases differ from NumPy (" << kMaxReports << " reported above)";
  });
}

}  // namespace parity::suites

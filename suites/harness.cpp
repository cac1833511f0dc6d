#include "harness.h"

#include <iostream>

namespace parity::suites {

EngineExecutor& engine() {
  static EngineExecutor e;
  return e;
}
NumpyExecutor& numpy() {
  static NumpyExecutor n;
  return n;
}

namespace {
class FnTest : public ::testing::Test {
 public:
  explicit FnTest(std::function<void()> f) : f_(std::move(f)) {}
  void TestBody() override { f_(); }
 private:
  std::function<void()> f_;
};

void add_test(const std::string& suite, const std::string& name, std::function<void()> f) {
  ::testing::RegisterTest(suite.c_str(), name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                          [f]() -> ::testing::Test* { return new FnTest(f); });
}
}  // namespace

void register_per_dtype(const std::string& suite, std::function<bool(const OpInfo&)> want,
                        std::function<void(const OpInfo&, DType)> body, bool all) {
  for (const OpInfo& op : opinfo::op_db()) {
    if (!want(op)) continue;
    for (DType d : kAllDTypes) {
      if (!all && !op.claims(d)) continue;
      const OpInfo* p = &op;
      add_test(suite + "/" + op.name, std::string("cpu.") + name(d), [p, d, body] { body(*p, d); });
    }
  }
}

void register_per_op(const std::string& suite, const std::string& tag, std::function<bool(const OpInfo&)> want,
                     std::function<void(const OpInfo&)> body) {
  for (const OpInfo& op : opinfo::op_db()) {
    if (!want(op)) continue;
    const OpInfo* p = &op;
    add_test(suite + "/" + op.name, "cpu." + tag, [p, body] { body(*p); });
  }
}

std::string report(const Case& c, const Outcome& got, const Outcome& want, const Verdict& v) {
  std::string s = "[" + c.op->name + "] " + to_string(v.kind) + " mismatch, variant " + to_string(c.variant) +
                  ": " + v.detail + "\n";
  s += "inputs:\n" + describe(c);
  s += "engine: " + describe(got) + "\n";
  s += "NumPy:  " + describe(want) + "\n";
  if (v.kind == Mismatch::value) {
    s += "largest difference: abs " + std::to_string(v.max_abs) + ", rel " + std::to_string(v.max_rel) +
         ", ulp " + std::to_string(v.max_ulp) + "\n";
  }
  s += "NumPy call: " + NumpyExecutor::expression(c) + "\n";
  return s;
}

bool skipped(const OpInfo& op, const std::string& suite, DType d, const std::string& note) {
  if (const Discrepancy* x = op.find_discrepancy(Discrepancy::Kind::skip, suite, d, note)) {
    std::cout << "[     SKIP ] " << op.name << " " << name(d) << (note.empty() ? "" : " (" + note + ")")
              << ": " << x->what << " -- " << x->reason << "\n";
    return true;
  }
  return false;
}

Verdict check_against_numpy(const std::string& suite, const Case& c, DType d) {
  return check_against_numpy(suite, c, d, nullptr);
}

std::string report_pair(const Case& got_case, const Outcome& got, const std::string& got_label,
                        const Case& want_case, const Outcome& want, const std::string& want_label,
                        const Verdict& v) {
  std::string s = "[" + got_case.op->name + "] " + to_string(v.kind) + " mismatch, " + got_label + " (variant " +
                  to_string(got_case.variant) + ") vs " + want_label + " (variant " + to_string(want_case.variant) +
                  "): " + v.detail + "\n";
  s += got_label + " inputs:\n" + describe(got_case);
  s += want_label + " inputs:\n" + describe(want_case);
  s += got_label + ": " + describe(got) + "\n";
  s += want_label + ": " + describe(want) + "\n";
  if (v.kind == Mismatch::value) {
    s += "largest difference: abs " + std::to_string(v.max_abs) + ", rel " + std::to_string(v.max_rel) +
         ", ulp " + std::to_string(v.max_ulp) + "\n";
  }
  s += "NumPy call (" + got_label + "): " + NumpyExecutor::expression(got_case) + "\n";
  return s;
}

Outcome outcome_of(std::vector<Tensor> values) {
  Outcome o;
  o.values = std::move(values);
  return o;
}

void print_skip(const OpInfo& op, const std::string& what, const std::string& reason) {
  std::cout << "[     SKIP ] " << op.name << " " << what << ": " << reason << "\n";
}

Verdict check_against_numpy(const std::string& suite, const Case& c, DType d, Outcome* engine_outcome) {
  Outcome got = engine().run(c);
  if (engine_outcome) *engine_outcome = got;
  Outcome want = numpy().run(c);
  // Tolerances are per result dtype: sin(int16) is a float32 result, compared as float32.
  DType rd = (!want.error && !want.values.empty()) ? want.values[0].dtype() : d;
  Verdict v = compare(got, want, c.op->tolerance(rd), c.compute_dtype);
  if (!v.match()) {
    if (const Discrepancy* x = c.op->find_discrepancy(Discrepancy::Kind::differs, suite, d, c.input, c.out)) {
      std::cout << "[ DECLARED ] " << c.op->name << " " << name(d) << ": " << x->what << " -- " << x->reason << "\n";
      return v;
    }
    ADD_FAILURE() << report(c, got, want, v);
  }
  return v;
}

}  // namespace parity::suites

#include "harness.h"

#include <iostream>

#include "parity/cuda_timing.h"
#include "parity/device.h"

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

namespace {
size_t g_cuda_tests = 0;  // CUDA tests selected by the filter (registered, or not for want of a GPU)
}

bool filter_matches(const std::string& filter, const std::string& name) {
  auto glob = [](const std::string& pat, const std::string& s) {
    size_t p = 0, i = 0, star = std::string::npos, mark = 0;
    while (i < s.size()) {
      if (p < pat.size() && (pat[p] == '?' || pat[p] == s[i])) { ++p; ++i; }
      else if (p < pat.size() && pat[p] == '*') { star = p++; mark = i; }
      else if (star != std::string::npos) { p = star + 1; i = ++mark; }
      else return false;
    }
    while (p < pat.size() && pat[p] == '*') ++p;
    return p == pat.size();
  };
  auto any = [&](const std::string& list) {
    size_t start = 0;
    for (;;) {
      size_t colon = list.find(':', start);
      if (glob(list.substr(start, colon == std::string::npos ? std::string::npos : colon - start), name)) return true;
      if (colon == std::string::npos) return false;
      start = colon + 1;
    }
  };
  const size_t dash = filter.find('-');
  const std::string pos = dash == std::string::npos ? filter : filter.substr(0, dash);
  const std::string neg = dash == std::string::npos ? std::string() : filter.substr(dash + 1);
  return (pos.empty() ? true : any(pos)) && (neg.empty() || !any(neg));
}

void register_per_dtype_and_device(const std::string& suite, std::function<bool(const OpInfo&)> want,
                                   std::function<void(const OpInfo&, DType, Device)> body) {
  register_per_dtype(suite, want, [body](const OpInfo& op, DType d) { body(op, d, Device::cpu); });
  const bool gpu = cuda_device_count() > 0;
  const std::string filter = GTEST_FLAG_GET(filter);
  for (const OpInfo& op : opinfo::op_db()) {
    if (!want(op)) continue;
    for (DType d : op.dtypes_cuda) {
      const std::string test = std::string("cuda.") + name(d);
      if (filter_matches(filter, suite + "/" + op.name + "." + test)) ++g_cuda_tests;
      if (!gpu) continue;
      const OpInfo* p = &op;
      add_test(suite + "/" + op.name, test, [p, d, body] { body(*p, d, Device::cuda); });
    }
  }
}

std::string cuda_tests_line(bool built, int gpus, size_t n, const std::string& gpu_name) {
  if (!built) return "CUDA tests not run: Parity built without CUDA";
  if (gpus == 0) return std::to_string(n) + " CUDA tests not run: no CUDA device";
  return std::to_string(n) + " CUDA tests on cuda:0" + (gpu_name.empty() ? "" : " (" + gpu_name + ")");
}

std::string cuda_tests_line() {
  const int gpus = cuda_device_count();
  std::string gpu_name;
  if (gpus > 0) {
    try {
      gpu_name = cuda_device_description(Device::cuda);
    } catch (const std::exception&) {
    }
  }
  return cuda_tests_line(built_with_cuda(), gpus, g_cuda_tests, gpu_name);
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
                  (c.device.is_cpu() ? std::string() : ", engine on " + to_string(c.device)) + ": " + v.detail + "\n";
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
  Verdict v = compare(got, want, c.op->tolerance(rd, c.device), c.compute_dtype);
  const Discrepancy* declared =
      c.op->find_discrepancy(Discrepancy::Kind::differs, suite, d, c.input, c.out, Tensor(), "", "", c.device);
  if (!v.match()) {
    if (declared) {
      std::cout << "[ DECLARED ] " << c.op->name << " " << name(d) << ": " << declared->what << " -- "
                << declared->reason << "\n";
    } else {
      ADD_FAILURE() << report(c, got, want, v);
    }
  }
  if (c.device.is_cpu()) return v;
  // The engine's own CPU result is the second oracle of a GPU case.
  Case cpu_case = c;
  cpu_case.device = Device::cpu;
  const Outcome cpu = engine().run(cpu_case);
  const DType cd = (!cpu.error && !cpu.values.empty()) ? cpu.values[0].dtype() : rd;
  const Verdict dv = compare_devices(got, cpu, c.op->tolerance(cd, c.device), c.device, c.compute_dtype);
  if (!dv.match()) {
    if (declared) {
      std::cout << "[ DECLARED ] " << c.op->name << " " << name(d) << " (" << to_string(c.device)
                << " vs cpu): " << declared->what << " -- " << declared->reason << "\n";
    } else {
      std::string s = "[" + c.op->name + "] " + to_string(dv.kind) + " mismatch (" + to_string(c.device) +
                      " vs the engine on cpu), variant " + to_string(c.variant) + ": " + dv.detail + "\n";
      s += "inputs:\n" + describe(c);
      s += to_string(c.device) + ": " + describe(got) + "\n";
      s += "cpu:    " + describe(cpu) + "\n";
      if (dv.max_abs > 0 || dv.max_ulp > 0)
        s += "largest difference: abs " + std::to_string(dv.max_abs) + ", rel " + std::to_string(dv.max_rel) +
             ", ulp " + std::to_string(dv.max_ulp) + "\n";
      ADD_FAILURE() << s;
    }
    if (v.match()) return dv;
  }
  return v;
}

}  // namespace parity::suites

// `parity fuzz` (a differential fuzz campaign against NumPy) and `parity replay <case id>`, and the
// helpers the fuzzing subcommands share (fuzz_common.h).
#include <unistd.h>
#include <sys/wait.h>

#include <algorithm>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "fuzz_common.h"
#include "parity/op_db_hash.h"
#include "parity/closest.h"
#include "parity/device.h"
#include "parity/errors.h"
#include "parity/executors.h"

namespace parity::cli {

using namespace parity::fuzz;

// ---------------------------------------------------------------- progress

ProgressPrinter::ProgressPrinter(std::string label) : label_(std::move(label)), tty_(isatty(2) != 0) {}

std::string thousands(uint64_t v) {
  std::string digits = std::to_string(v), s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

void ProgressPrinter::update(const Progress& p) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "[%s] %6.1fs  %s cases  %s/s  mismatches %s  op: %s", label_.c_str(), p.seconds,
                thousands(p.cases).c_str(), thousands(static_cast<uint64_t>(p.cases_per_s)).c_str(),
                thousands(p.mismatches).c_str(), p.op.c_str());
  last_ = buf;
  if (tty_) {
    std::cerr << "\r" << last_ << "\033[K" << std::flush;
    drawn_ = true;
    plain_pending_ = false;
  } else if (last_plain_ < 0 || p.seconds - last_plain_ >= 5) {
    std::cerr << last_ << "\n" << std::flush;
    last_plain_ = p.seconds;
    plain_pending_ = false;
  } else {
    plain_pending_ = true;
  }
}

void ProgressPrinter::message(const std::string& line) {
  if (tty_ && drawn_) std::cerr << "\r\033[K";
  std::cerr << line << "\n";
  if (tty_ && drawn_) std::cerr << last_ << "\033[K";
  std::cerr << std::flush;
}

void ProgressPrinter::finding(const CaseRecord& r) {
  if (!r.accepted.empty()) return;
  if (++findings_ <= 10)
    message("mismatch: " + r.op + " " + name(r.dtype) + " " + to_string(r.kind) + ": " + r.detail + "\n    " +
            r.replay());
  else if (findings_ == 11)
    message("(more mismatches: the table below, the gate and the report list them)");
}

void ProgressPrinter::finish() {
  if (tty_ && drawn_) std::cerr << "\r" << last_ << "\033[K\n" << std::flush;
  else if (!tty_ && plain_pending_) std::cerr << last_ << "\n" << std::flush;
  plain_pending_ = false;
  drawn_ = false;
}

// ---------------------------------------------------------------- summary and gate

std::string summary_table(const Results& r) {
  struct Row {
    uint64_t cases = 0, matches = 0, accepted = 0, not_comparable = 0;
    std::map<Mismatch, uint64_t> mism;
    double max_ulp = 0;
    bool has_ulp = false;  // some case had a float result
    uint64_t grad_checked = 0;
  };
  // One row per op, or per op and pair when the run compared several pairs (three-way).
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& [key, st] : r.stats) pairs.insert({key.subject, key.against});
  const bool by_pair = pairs.size() > 1;
  const bool libraries = r.subject != "engine" || r.against == "torch" || r.against == "jax" || !r.participants.empty();
  std::map<std::string, Row> rows;
  Row total;
  for (const auto& [key, st] : r.stats) {
    const std::string label = by_pair ? key.op + " [" + key.subject + "]" : key.op;
    for (Row* row : {&rows[label], &total}) {
      row->cases += st.cases;
      row->matches += st.matches;
      row->accepted += st.accepted;
      row->not_comparable += st.not_comparable;
      row->grad_checked += st.grad_checked;
      for (const auto& [k, n] : st.mismatches) row->mism[k] += n;
      row->has_ulp = row->has_ulp || st.worst.has_value();
      if (std::isnan(st.max_ulp) || std::isnan(row->max_ulp)) row->max_ulp = std::nan("");
      else row->max_ulp = std::max(row->max_ulp, st.max_ulp);
    }
  }
  // A gradient campaign's table: cases, gradients checked, failures (grad), crashes. A campaign
  // against the engine's CPU result (`--against cpu`) adds the device column; one with a library
  // the kinds of library differences and the cases a side could not run.
  const bool vs_cpu = r.against == "cpu";
  std::vector<Mismatch> kinds = r.grad ? std::vector<Mismatch>{Mismatch::grad, Mismatch::crash}
                                       : std::vector<Mismatch>{Mismatch::value, Mismatch::dtype, Mismatch::shape,
                                                               Mismatch::error, Mismatch::crash};
  if (vs_cpu) kinds.push_back(Mismatch::device);
  if (libraries)
    for (Mismatch k : {Mismatch::nonfinite, Mismatch::integer, Mismatch::ordering, Mismatch::error_class,
                       Mismatch::aliasing, Mismatch::signed_zero, Mismatch::warning})
      kinds.push_back(k);
  auto column_width = [](Mismatch k) { return std::max(6, static_cast<int>(std::strlen(to_string(k)))); };
  size_t w = 6;
  for (const auto& [op, _] : rows) w = std::max(w, op.size());
  std::ostringstream s;
  auto line = [&](const std::string& op, const Row& row) {
    char buf[256];
    if (r.grad)
      std::snprintf(buf, sizeof buf, "%-*s %9s %9s %9s", static_cast<int>(w), op.c_str(), thousands(row.cases).c_str(),
                    thousands(row.grad_checked).c_str(), thousands(row.matches).c_str());
    else
      std::snprintf(buf, sizeof buf, "%-*s %9s %9s %8s", static_cast<int>(w), op.c_str(), thousands(row.cases).c_str(),
                    thousands(row.matches).c_str(), thousands(row.accepted).c_str());
    s << buf;
    for (Mismatch k : kinds) {
      auto it = row.mism.find(k);
      std::snprintf(buf, sizeof buf, " %*s", column_width(k), it == row.mism.end() ? "-" : thousands(it->second).c_str());
      s << buf;
    }
    if (libraries) {
      std::snprintf(buf, sizeof buf, " %8s", thousands(row.not_comparable).c_str());
      s << buf;
    }
    if (!r.grad) {
      std::snprintf(buf, sizeof buf, " %9s", row.has_ulp ? format_number(row.max_ulp).c_str() : "-");
      s << buf;
    }
    s << "\n";
  };
  std::string head;
  {
    char buf[256];
    if (r.grad)
      std::snprintf(buf, sizeof buf, "%-*s %9s %9s %9s", static_cast<int>(w), "op", "cases", "checked", "ok");
    else
      std::snprintf(buf, sizeof buf, "%-*s %9s %9s %8s", static_cast<int>(w), "op", "cases", "match", "accepted");
    head = buf;
    for (Mismatch k : kinds) {
      std::snprintf(buf, sizeof buf, " %*s", column_width(k), to_string(k));
      head += buf;
    }
    if (libraries) head += " not comp";
    if (!r.grad) head += "   max ulp";
  }
  s << head << "\n" << std::string(head.size(), '-') << "\n";
  for (const auto& [op, row] : rows) line(op, row);
  s << std::string(head.size(), '-') << "\n";
  line("total", total);
  return s.str();
}

Baseline load_baseline_or_empty(const std::string& path, bool required) {
  if (!required && !std::filesystem::exists(path)) {
    std::cerr << "note: no baseline at " << path << "; every mismatch fails the gate\n";
    return {};
  }
  return load_baseline(path);
}

// The cases of the unaccepted groups: the gate line counts both, as the reports do.
static uint64_t unaccepted_cases(const GateResult& g) {
  uint64_t n = 0;
  for (const GateFinding& f : g.unaccepted) n += f.count;
  return n;
}

bool run_and_print_gate(const Results& r, const Baseline& b, const std::string& baseline_path) {
  GateResult g = gate(r, b);
  std::cout << "\ngate (baseline " << (baseline_path.empty() ? "none" : baseline_path) << "): "
            << (g.passed ? "PASSED" : "FAILED") << " -- " << g.unaccepted.size() << " unaccepted "
            << (g.unaccepted.size() == 1 ? "group" : "groups") << " (" << unaccepted_cases(g) << " cases), " << g.stale.size()
            << " stale, " << g.baselined_mismatches << " baselined mismatches\n";
  for (const GateFinding& f : g.unaccepted) {
    std::cout << "  unaccepted: " << f.op << " " << name(f.dtype) << " " << to_string(f.device) << " "
              << to_string(f.kind) << " (" << f.count << " case" << (f.count == 1 ? "" : "s") << ")";
    if (!f.detail.empty()) std::cout << ": " << f.detail;
    std::cout << "\n";
    if (!f.replay.empty()) std::cout << "      replay: " << f.replay << "\n";
  }
  for (const BaselineEntry& e : g.stale)
    std::cout << "  stale baseline entry (no longer reproduces; remove it): " << e.str() << " -- " << e.reason << "\n";
  if (g.no_cases) std::cout << "  the run ran no cases: nothing was checked (see --ops, --dtypes, --cases, --time)\n";
  if (!g.not_exercised.empty())
    std::cout << "  (" << g.not_exercised.size() << " baseline entr" << (g.not_exercised.size() == 1 ? "y" : "ies")
              << " not exercised by this run)\n";
  return g.passed;
}

std::vector<std::string> split_list(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    std::stringstream ss(item);
    std::string part;
    while (std::getline(ss, part, ','))
      if (!part.empty()) out.push_back(part);
  }
  return out;
}

std::string did_you_mean_op(const std::string& name) {
  std::vector<std::string> names;
  for (const opinfo::OpInfo& o : opinfo::op_db()) names.push_back(o.name);
  return did_you_mean(name, names);
}

std::vector<std::string> resolve_ops(const std::vector<std::string>& names, const std::string& command) {
  std::vector<std::string> out;
  for (const auto& n : split_list(names)) {
    const opinfo::OpInfo* op = opinfo::find_op(n);
    if (!op)
      throw ValueError("[" + command + "] unknown op '" + n + "'" + did_you_mean_op(n) + " (`parity ops` lists them)");
    out.push_back(op->name);
  }
  return out;
}

std::vector<DType> resolve_dtypes(const std::vector<std::string>& names) {
  std::vector<DType> out;
  for (const auto& n : split_list(names)) out.push_back(dtype_from_name(n));
  return out;
}

int default_jobs() { return std::max(1u, std::thread::hardware_concurrency()); }

// ---------------------------------------------------------------- interruption

volatile std::sig_atomic_t g_stop_signal = 0;

namespace {
extern "C" void on_stop_signal(int sig) { g_stop_signal = sig; }
}  // namespace

StopSignals::StopSignals() {
  g_stop_signal = 0;
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int_);
  sigaction(SIGTERM, &sa, &old_term_);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

int report_interrupted(const std::string& command, const Results& r, const std::string& dir) {
  const int sig = g_stop_signal;
  uint64_t done = 0;
  for (const auto& [k, st] : r.stats) done += st.cases;
  std::cout << "parity " << command << ": interrupted by "
            << (sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal") << " after "
            << format_number(std::round(r.seconds * 10) / 10) << " s and " << thousands(done)
            << " cases: partial reports (complete=false) in " << dir
            << "/ (results.json, summary.md, index.html, junit.xml)\n"
            << std::flush;
  return 128 + sig;
}

// ---------------------------------------------------------------- option values

namespace {
bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}
}  // namespace

CLI::Validator positive_seconds() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        char* end = nullptr;
        double v = std::strtod(s.c_str(), &end);
        if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v) || v <= 0)
          return "must be a positive number of seconds (got " + s + ")";
        return "";
      },
      "SECONDS>0");
}

CLI::Validator positive_integer() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        if (!all_digits(s) || s.find_first_not_of('0') == std::string::npos || s.size() > 18)
          return "must be a whole number of at least 1 (got " + s + ")";
        return "";
      },
      "INT>=1");
}

CLI::Validator unsigned_integer() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        if (!all_digits(s) || s.size() > 19) return "must be a whole number, 0 or more (got " + s + ")";
        return "";
      },
      "INT>=0");
}

// ---------------------------------------------------------------- the suites' cases

std::vector<SampleInput> entry_inputs(const opinfo::OpInfo& op, const std::string& which) {
  std::vector<SampleInput> inputs;
  if (which == "errors") {
    if (op.error_inputs)
      for (auto& e : op.error_inputs()) inputs.push_back(std::move(e.input));
    return inputs;
  }
  DType d = dtype_from_name(which);
  if (op.sample_inputs) inputs = op.sample_inputs(d);
  if (op.reference_inputs)
    for (auto& r : op.reference_inputs(d)) inputs.push_back(std::move(r));
  return inputs;
}

CaseId sample_case_id(const std::string& op, const std::string& which, uint64_t i) {
  CaseId id;
  id.op = "samples/" + op + "/" + which;
  id.seed = 0;
  id.index = i;
  return id;
}

bool is_sample_case_id(const std::string& s) { return s.rfind("samples/", 0) == 0; }

DrawnCase draw_sample_case(const std::string& text) {
  CaseId id = CaseId::parse(text);
  std::string rest = id.op.substr(8);  // after "samples/"
  size_t slash = rest.find('/');
  if (slash == std::string::npos || !id.shrink_path.empty())
    throw ValueError("[replay] malformed sample case id '" + text + "' (expected samples/OP/DTYPE:0:I)");
  const opinfo::OpInfo* op = opinfo::find_op(rest.substr(0, slash));
  if (!op)
    throw ValueError("[replay] unknown op '" + rest.substr(0, slash) + "'" + did_you_mean_op(rest.substr(0, slash)));
  std::string which = rest.substr(slash + 1);
  std::vector<SampleInput> inputs = entry_inputs(*op, which);
  if (id.index >= inputs.size())
    throw ValueError("[replay] " + op->name + " has " + std::to_string(inputs.size()) + " " + which +
                     " entry inputs; no case " + std::to_string(id.index));
  DrawnCase dc;
  dc.id = id;
  dc.c.op = op;
  dc.c.variant = Variant::function;
  dc.c.input = std::move(inputs[id.index]);
  dc.dtype = which == "errors" ? (!dc.c.input.args.empty() && dc.c.input.args[0].is_tensor()
                                      ? dc.c.input.args[0].tensor().dtype()
                                      : DType::Float64)
                               : dtype_from_name(which);
  dc.layout = "as the entry lists it";
  dc.source = "sample: " + dc.c.input.note;
  return dc;
}

// ---------------------------------------------------------------- devices

int probe_cuda_device_count() {
  if (!built_with_cuda()) return 0;
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) return cuda_device_count();  // no fork: ask here
  if (pid == 0) _exit(std::min(cuda_device_count(), 100));
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  return WIFEXITED(st) ? WEXITSTATUS(st) : 0;
}

Device require_device(const std::string& spec, const char* command) {
  Device d;
  try {
    d = Device::parse(spec);
  } catch (const Error&) {
    throw ValueError(std::string("[") + command + "] --device takes cpu, cuda or cuda:N (got '" + spec + "')");
  }
  if (d.is_cpu()) return d;
  if (!built_with_cuda())
    throw RuntimeError(std::string("[") + command + "] --device " + spec +
                       ": Parity was built without CUDA (CMake PARITY_CUDA=OFF, or no nvcc when it was configured)");
  const int n = probe_cuda_device_count();
  if (n == 0)
    throw RuntimeError(std::string("[") + command + "] --device " + spec +
                       ": no CUDA device (the CUDA runtime sees no GPU on this machine)");
  if (d.index >= n)
    throw RuntimeError(std::string("[") + command + "] --device " + spec + ": no CUDA device " + to_string(d) + " (" +
                       std::to_string(n) + " found)");
  return d;
}

// ---------------------------------------------------------------- parity fuzz

namespace {

struct FuzzArgs {
  std::vector<std::string> ops, dtypes;
  bool all = false;
  uint64_t cases = 1000;
  double time = 0;
  uint64_t min_cases = 0;
  uint64_t seed = 1;
  int jobs = 0;
  std::string shard;
  std::string report = "reports/out";
  std::string baseline;
  bool grad = false;
  bool no_shrink = false;
  int shrink_per_key = Options{}.shrink_per_key;
  int shrink_steps = Options{}.shrink_steps;
  int64_t max_elements = GenConfig{}.max_elements;
  std::string replay_id;
  std::string device = "cpu";
  std::string against = "numpy";
  std::string subject = "engine";
  bool three_way = false;
};

// "torch vs numpy", "engine vs torch", "three-way": the pair a run compares, for its messages.
std::string pair_label(const GenConfig& g) {
  if (g.three_way) return "three-way";
  const Pairing p = Pairing::of(g);
  return p.subject_name() + " vs " + p.against_name();
}

// Checks --subject, --against and --three-way (exit 2 on a bad combination or a library that
// is not installed, one line each) and sets them in `g`.
void set_pairing(GenConfig& g, const std::string& subject, const std::string& against, bool three_way, bool grad) {
  auto lib = [](const std::string& x) { return x == "torch" || x == "jax"; };
  if (subject != "engine" && !library_subject(subject))
    throw ValueError("[fuzz] --subject takes engine, torch, jax or torch-same-name (got '" + subject + "')");
  if (against != "numpy" && against != "cpu" && !lib(against))
    throw ValueError("[fuzz] --against takes numpy, cpu, torch or jax (got '" + against + "')");
  if (subject == against)
    throw ValueError("[fuzz] --subject " + subject + " --against " + against + ": a library cannot be checked against itself");
  if (lib(subject) && against != "numpy")
    throw ValueError("[fuzz] --subject " + subject + " is checked against NumPy semantics: --against " + against +
                     " is not a pair (the engine against " + against + " is --against " + against + " alone)");
  if (three_way && (subject != "engine" || against != "numpy"))
    throw ValueError("[fuzz] --three-way runs the engine, NumPy, torch and jax, each against NumPy: it takes no "
                     "--subject or --against");
  if (grad && (subject != "engine" || three_way))
    throw ValueError("[fuzz] --grad checks the engine's gradients: no --subject or --three-way");
  // A library that is not installed: run_campaign says so (RuntimeError, exit 2) after one probe.
  g.subject = subject == "engine" ? "" : subject;
  g.against = against == "numpy" ? "" : against;
  g.three_way = three_way;
}

// Three-way runs: per op, how many cases showed each agreement pattern.
std::string agreement_table(const Results& r) {
  std::map<std::string, std::map<std::string, uint64_t>> per_op;
  std::set<std::string> patterns;
  for (const auto& [key, counts] : r.agreement)
    for (const auto& [pattern, n] : counts) {
      per_op[key.first][pattern] += n;
      patterns.insert(pattern);
    }
  std::ostringstream os;
  os << "\nagreement with NumPy (participants: ";
  for (size_t i = 0; i < r.participants.size(); ++i) os << (i ? ", " : "") << r.participants[i];
  os << "), cases per pattern:\n";
  for (const auto& [op, counts] : per_op) {
    os << "  " << op << ":";
    for (const auto& [pattern, n] : counts) os << "  " << pattern << " " << thousands(n);
    os << "\n";
  }
  return os.str();
}

void parse_shard(const std::string& s, int& index, int& count) {
  size_t slash = s.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("no /");
    index = std::stoi(s.substr(0, slash));
    count = std::stoi(s.substr(slash + 1));
  } catch (const std::exception&) {
    throw ValueError("[fuzz] --shard takes I/N, e.g. 0/4 (got '" + s + "')");
  }
  if (count < 1 || index < 0 || index >= count)
    throw ValueError("[fuzz] --shard I/N needs 0 <= I < N (got '" + s + "')");
}

int run_fuzz(const FuzzArgs& a) {
  Options o;
  o.grad = a.grad;
  o.ops = resolve_ops(a.ops);
  o.dtypes = resolve_dtypes(a.dtypes);
  o.cases_per_op = a.cases;
  o.time_budget_s = a.time;
  o.min_cases = a.min_cases;
  o.opdb_hash = opinfo::op_db_hash();  // the entries this report comes from (ReportFreshness)
  if (o.min_cases && o.grad) throw ValueError("[fuzz] --min-cases counts compared cases of value campaigns: not with --grad");
  o.seed = a.seed;
  o.jobs = a.jobs > 0 ? a.jobs : default_jobs();
  o.shrink = !a.no_shrink;
  o.shrink_per_key = a.shrink_per_key;
  o.shrink_steps = a.shrink_steps;
  o.gen.max_elements = a.max_elements;
  if (!a.shard.empty()) parse_shard(a.shard, o.shard_index, o.shard_count);
  if (a.against == "cpu" && (a.subject != "engine" || a.three_way))
    throw ValueError("[fuzz] --against cpu compares the engine on a GPU with its CPU result: no --subject or --three-way");
  o.gen.device = require_device(a.device, "fuzz");
  if (a.against == "cpu" && o.gen.device.is_cpu())
    throw ValueError("[fuzz] --against cpu compares a GPU with the CPU: it needs --device cuda");
  set_pairing(o.gen, a.subject, a.against, a.three_way, a.grad);
  if ((!o.gen.subject.empty() || o.gen.three_way) && !o.gen.device.is_cpu())
    throw ValueError("[fuzz] the libraries run on the CPU: --subject and --three-way need --device cpu");
  if (o.grad && !o.gen.device.is_cpu())
    throw ValueError("[fuzz] --grad runs on the CPU only (gradient cases are not run on " + a.device + ")");

  Baseline baseline;
  if (!a.baseline.empty()) baseline = load_baseline(a.baseline);  // fail early on a bad baseline

  std::filesystem::create_directories(a.report);
  const std::string results_path = a.report + "/results.json";
  const bool classic = Pairing::of(o.gen).classic();
  ProgressPrinter progress(o.grad ? "fuzz --grad" : classic ? "fuzz" : "fuzz " + pair_label(o.gen));
  o.progress = [&](const Progress& p) { progress.update(p); };
  o.on_checkpoint = [&](const Results& r) { write_results_json(r, results_path); };
  o.on_finding = [&](const CaseRecord& r) { progress.finding(r); };

  size_t n_all = opinfo::op_db().size();
  if (!o.gen.device.is_cpu()) {  // only ops with a CUDA kernel in some dtype are drawn
    n_all = 0;
    for (const auto& op : opinfo::op_db()) n_all += !op.dtypes_cuda.empty();
    for (const auto& n : o.ops)
      if (const opinfo::OpInfo* op = opinfo::find_op(n); op && op->dtypes_cuda.empty())
        std::cout << "note: " << op->name << " has no CUDA kernel in any dtype (dtypes_cuda is empty): not drawn\n";
  }
  if (o.grad) {
    n_all = 0;
    for (const auto& op : opinfo::op_db())
      n_all += op.supports_autograd && (op.claims(DType::Float64) || op.claims(DType::Complex128));
  }
  const bool grad_vs_torch = o.grad && o.gen.against == "torch";  // the second gradient oracle
  std::cout << "parity fuzz"
            << (grad_vs_torch ? " --grad (autograd vs torch.autograd)" : o.grad ? " --grad (autograd vs finite differences)" : "")
            << ": "
            << (o.ops.empty() ? std::to_string(n_all) + (o.grad ? " differentiable ops (all)" : " ops (all)")
                              : std::to_string(o.ops.size()) + " op(s)")
            << (o.gen.device.is_cpu() ? std::string()
                                      : ", on " + to_string(o.gen.device) + " against " +
                                            (o.gen.against == "cpu" ? "the engine's CPU result" : "NumPy") +
                                            " (ops and dtypes with CUDA kernels)")
            << (classic ? std::string()
                        : o.gen.three_way ? ", three-way (engine, NumPy, and torch and jax where installed; each against NumPy)"
                                          : ", " + pair_label(o.gen))
            << ", seed " << o.seed << ", "
            << (o.min_cases > 0 ? "at least " + std::to_string(o.min_cases) + " compared cases per op x dtype" +
                                      (o.time_budget_s > 0 ? ", time cap " + format_number(o.time_budget_s) + " s" : "")
                : o.time_budget_s > 0 ? "time budget " + format_number(o.time_budget_s) + " s"
                                      : std::to_string(o.cases_per_op) + " cases per op")
            << ", " << o.jobs << " job(s)" << (a.shard.empty() ? "" : ", shard " + a.shard) << "\n"
            << std::flush;
  StopSignals stop_signals;
  o.stop = &g_stop_signal;
  Results r = run_campaign(o);
  progress.finish();  // ends the live line

  if (g_stop_signal != 0 && !r.complete) {
    write_reports(r, a.report, a.baseline.empty() ? nullptr : &baseline);
    return report_interrupted("fuzz", r, a.report);
  }

  write_reports(r, a.report, a.baseline.empty() ? nullptr : &baseline);
  std::cout << "\n" << summary_table(r);
  uint64_t cases = 0;
  for (const auto& [k, st] : r.stats) cases += st.cases;
  uint64_t not_comparable = 0, runs = 0;
  for (const auto& [k, st] : r.stats) not_comparable += st.not_comparable;
  for (const auto& [k, n] : r.agreement)
    for (const auto& [pattern, c] : n) runs += c;
  if (r.participants.empty()) runs = cases + not_comparable;
  std::cout << thousands(runs) << " cases in " << format_number(std::round(r.seconds * 10) / 10) << " s ("
            << thousands(static_cast<uint64_t>(r.seconds > 0 ? runs / r.seconds : 0)) << "/s)"
            << (classic ? "" : ", " + pair_label(o.gen))
            << (not_comparable ? ", " + thousands(not_comparable) + " comparisons not comparable (a side lacks the op, variant or dtype)" : "")
            << "\n";
  if (!r.participants.empty()) std::cout << agreement_table(r);
  if (o.min_cases > 0) {  // --min-cases: the rows that did not get there (time cap, few comparable draws)
    const std::vector<StatsKey> short_rows = r.rows_short();
    std::cout << (short_rows.empty() ? "every op x dtype row with compared cases has at least "
                                     : std::to_string(short_rows.size()) + " op x dtype row(s) fell short of ")
              << o.min_cases << " compared cases" << (short_rows.empty() ? "\n" : ":\n");
    for (const StatsKey& k : short_rows) {
      const Stats& st = r.stats.at(k);
      std::cout << "  short: " << k.op << " " << name(k.dtype) << ": " << st.cases << " compared"
                << (st.not_comparable ? ", " + std::to_string(st.not_comparable) + " not comparable" : "") << "\n";
    }
  }
  if (grad_vs_torch) {  // why torch gave no gradient, per op
    std::map<std::string, uint64_t> by;
    for (const auto& [k, st] : r.stats)
      for (const auto& [why, c] : st.not_comparable_by) by[k.op + ": " + why] += c;
    for (const auto& [why, c] : by) std::cout << "  " << thousands(c) << " not comparable, " << why << "\n";
  }
  bool passed = run_and_print_gate(r, baseline, a.baseline);
  std::cout << "report: " << a.report << "/index.html (summary.md, table.md, junit.xml, results.json)\n";
  return passed ? 0 : 1;
}

void print_record(const CaseRecord& r) {
  std::cout << "case " << r.id.str() << ": " << r.op << ", dtype " << name(r.dtype) << ", variant "
            << to_string(r.variant) << ", device " << to_string(r.device) << "\n";
  std::cout << "verdict: " << (r.kind == Mismatch::none ? "match" : std::string(to_string(r.kind)) + " mismatch");
  if (!r.accepted.empty()) std::cout << " (accepted by the entry: " << r.accepted << ")";
  std::cout << "\n";
  if (!r.detail.empty()) std::cout << "difference: " << r.detail << "\n";
  if (r.kind == Mismatch::value || r.max_abs != 0 || r.max_ulp != 0)
    std::cout << "largest difference: abs " << format_number(r.max_abs) << ", rel " << format_number(r.max_rel)
              << ", ulp " << (r.has_ulp ? format_number(r.max_ulp) : "-") << "\n";
  std::cout << "\ninputs:\n" << r.inputs;
  if (!r.inputs.empty() && r.inputs.back() != '\n') std::cout << "\n";
  if (!r.outcomes.empty()) {  // a three-way case: every participant
    std::cout << "\nagreement: " << r.pattern << "\n";
    for (const auto& [who, what] : r.outcomes) std::cout << who << ": " << std::string(who.size() < 7 ? 7 - who.size() : 0, ' ') << what << "\n";
  } else {
    const size_t w = std::max(r.subject.size(), r.reference.size()) + 1;
    std::cout << "\n" << r.subject << ":" << std::string(w - r.subject.size(), ' ') << r.engine << "\n"
              << r.reference << ":" << std::string(w - r.reference.size(), ' ') << r.numpy << "\n";
  }
  const std::string ref = r.reference == "numpy" || r.reference == "cpu" ? "NumPy" : r.reference;
  std::cout << "\n" << ref << "'s side (Python):\n" << r.python;
  if (!r.python.empty() && r.python.back() != '\n') std::cout << "\n";
  if (!r.subject_python.empty()) {
    std::cout << "\n" << r.subject << "'s side (Python):\n" << r.subject_python;
    if (r.subject_python.back() != '\n') std::cout << "\n";
  }
}

int run_replay(const std::string& text) {
  CaseRecord r;
  if (is_sample_case_id(text)) {
    DrawnCase dc = draw_sample_case(text);
    NumpyExecutor numpy;
    EngineExecutor engine;
    r = make_record(dc, run_case(dc.c, numpy, engine));
    r.op = dc.c.op->name;
  } else {
    CaseId id = CaseId::parse(text);
    if (!opinfo::find_op(id.op))
      throw ValueError("[replay] unknown op '" + id.op + "' in case id '" + text + "'" + did_you_mean_op(id.op));
    if (id.device.is_cuda()) require_device(to_string(id.device), "replay");  // a :cuda id runs on that GPU
    for (const std::string& x : {id.subject, id.against})  // a library the id names must be installed
      if (library_subject(x))
        if (LibraryProbe p = probe_libraries({x})[x]; !p.available)
          throw RuntimeError("[replay] case " + text + " runs " + x + ", which is not installed here (" + p.why + ")");
    r = replay(id);
  }
  print_record(r);
  return r.kind != Mismatch::none && r.accepted.empty() ? 1 : 0;
}


}  // namespace

void add_fuzz_commands(CLI::App& app) {
  auto a = std::make_shared<FuzzArgs>();
  auto* f = app.add_subcommand("fuzz", "Differential fuzzing of ops against NumPy; writes a report, optional gate");
  auto* ops = f->add_option("--ops", a->ops, "Ops to fuzz, comma separated (default: every op)")->delimiter(',');
  auto* all = f->add_flag("--all", a->all, "Fuzz every op in the database");
  ops->excludes(all);
  f->add_option("--dtypes", a->dtypes, "Only these dtypes, comma separated (default: each op's claimed dtypes)")
      ->delimiter(',');
  auto* cases = f->add_option("--cases", a->cases, "Cases per op (when no --time)")
                    ->capture_default_str()
                    ->check(positive_integer());
  auto* time = f->add_option("--time", a->time, "Time budget in seconds; ops run round robin until it is spent")
                   ->check(positive_seconds());
  cases->excludes(time);
  auto* min_cases = f->add_option("--min-cases", a->min_cases,
                                  "Draw until every op x dtype row has at least N compared cases (not-comparable "
                                  "ones do not count); --time then caps the run, and the rows that fell short are "
                                  "listed")
                        ->check(positive_integer());
  cases->excludes(min_cases);
  f->add_option("--seed", a->seed, "Campaign seed: the same seed draws the same cases")
      ->capture_default_str()
      ->check(unsigned_integer());
  f->add_option("--jobs,-j", a->jobs, "Worker processes (default: one per core)")->check(positive_integer());
  f->add_option("--shard", a->shard, "I/N: run the I-th of N deterministic shares of the campaign (0-based)");
  f->add_option("--report", a->report, "Report directory (results.json as the run goes; summary.md, index.html, junit.xml)")
      ->capture_default_str();
  f->add_option("--baseline", a->baseline, "Gate against this baseline (e.g. reports/baseline.json)");
  f->add_flag("--no-shrink", a->no_shrink, "Record mismatches as drawn, without shrinking them");
  f->add_option("--shrink-per-key", a->shrink_per_key,
                "Mismatches shrunk per op x dtype x kind, in each worker (JAX compiles every shape a shrink "
                "tries: its report campaign shrinks 1)")
      ->capture_default_str()
      ->check(positive_integer());
  f->add_option("--shrink-steps", a->shrink_steps, "The most steps one shrink takes")
      ->capture_default_str()
      ->check(positive_integer());
  f->add_option("--max-elements", a->max_elements,
                "Cap on each tensor argument's element count; above the default, a third of the shapes get one "
                "axis near the cap (case ids then carry it: OP:SEED:INDEX:eCAP)")
      ->capture_default_str()
      ->check(positive_integer());
  f->add_option("--device", a->device,
                "Where the engine runs the cases: cpu, cuda or cuda:N (only ops and dtypes with CUDA kernels are drawn; "
                "case ids carry :cuda)")
      ->capture_default_str();
  f->add_option("--against", a->against,
                "The reference: numpy; cpu (GPU cases against the engine's own CPU result; differences are kind "
                "device; ids carry :vcpu); torch or jax (the engine checked against that library; ids :vtorch, :vjax)")
      ->capture_default_str();
  f->add_option("--subject", a->subject,
                "Who is checked against NumPy: engine, or torch or jax (that library runs the cases instead of the "
                "engine; differences are classified: dtype, value, error, nonfinite, integer, ordering, shape, and "
                "where results agree error_class, aliasing, signed_zero, warning; ids carry :torch, :jax), or "
                "torch-same-name (torch.<NumPy's name> with NumPy's arguments, as a porting user writes it; ids "
                ":torch-same-name)")
      ->capture_default_str();
  f->add_flag("--three-way", a->three_way,
              "Run every case on the engine, NumPy, and torch and jax where installed; each compared with NumPy, "
              "with the agreement pattern per op and dtype (ids carry :3way)");
  f->add_flag("--grad", a->grad,
              "Gradient campaign: ops whose entry claims autograd, drawn in float64/complex128; autograd checked "
              "against central finite differences (gradcheck); case ids carry :g. With --against torch: against "
              "torch.autograd's VJP on the same inputs (ids :g:vtorch)");
  f->footer(kExitCodesHelp);
  f->callback([a] { run_guarded([&] { return run_fuzz(*a); }); });

  auto* r = app.add_subcommand("replay", "Rerun one case by id; print inputs, both outcomes, the difference, NumPy's side");
  r->add_option("id", a->replay_id, "Case id, e.g. sin:1:1337 or sin:1:1337:s3.0.1 (from a report)")->required();
  r->footer(kExitCodesHelp);
  r->callback([a] { run_guarded([&] { return run_replay(a->replay_id); }); });
}

}  // namespace parity::cli

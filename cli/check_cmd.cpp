// `parity check`: the main job. Runs every case the OpInfo entries list (the suites' sample,
// reference and error inputs), then a time-boxed fuzz campaign over every op, then a short
// gradient campaign over every differentiable op; writes the reports, and gates them against the
// baseline (non-zero exit when a gate fails).
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <set>

#include "fuzz_common.h"
#include "parity/errors.h"
#include "parity/version.h"

namespace parity::cli {

using namespace parity::fuzz;

namespace {

struct CheckArgs {
  double time = 60;
  std::string report = "reports/out";
  std::string baseline = "reports/baseline.json";
  bool baseline_given = false;
  std::vector<std::string> ops;
  uint64_t seed = 1;
  int jobs = 0;
  uint64_t grad_cases = 32;  // per differentiable op (0: no gradient pass)
};

// One (op, dtype) or (op, "errors") group of entry inputs.
struct Item {
  const opinfo::OpInfo* op;
  std::string which;
};

std::vector<Item> entry_items(const std::vector<std::string>& ops) {
  std::vector<Item> items;
  for (const opinfo::OpInfo& op : opinfo::op_db()) {
    if (!ops.empty() && std::find(ops.begin(), ops.end(), op.name) == ops.end()) continue;
    for (DType d : kAllDTypes) {
      if (!op.claims(d)) continue;
      if (op.find_discrepancy(opinfo::Discrepancy::Kind::skip, "NumpyRef", d)) continue;  // whole dtype skipped
      items.push_back({&op, name(d)});
    }
    if (op.error_inputs) items.push_back({&op, "errors"});
  }
  return items;
}

DType item_dtype(const Item& it, const SampleInput& in) {
  if (it.which != "errors") return dtype_from_name(it.which);
  return !in.args.empty() && in.args[0].is_tensor() ? in.args[0].tensor().dtype() : DType::Float64;
}

bool skipped(const Item& it, const SampleInput& in) {
  return it.which != "errors" &&
         it.op->find_discrepancy(opinfo::Discrepancy::Kind::skip, "NumpyRef", dtype_from_name(it.which), in.note);
}

Case make_case(const Item& it, SampleInput in) {
  Case c;
  c.op = it.op;
  c.variant = Variant::function;
  c.input = std::move(in);
  return c;
}

struct Msg {  // child -> parent: the case about to run; item == UINT32_MAX when all are done
  uint32_t item, index;
  uint32_t mismatches;  // unaccepted mismatches this child has seen so far
};

// The child: runs items [start, end) (skipping crashed cases), reporting each case on `fd`, and
// checkpointing its results to `path` after each item.
[[noreturn]] void run_items_child(const std::vector<Item>& items, const std::vector<size_t>& mine, size_t start,
                                  const std::set<std::pair<size_t, size_t>>& crashed, int fd, const std::string& path) {
  int rc = 0;
  try {
    NumpyExecutor numpy;
    EngineExecutor engine;
    Results res;
    uint32_t seen = 0;
    for (size_t pos = start; pos < mine.size(); ++pos) {
      const size_t k = mine[pos];
      const Item& it = items[k];
      std::vector<SampleInput> inputs = entry_inputs(*it.op, it.which);
      for (size_t i = 0; i < inputs.size(); ++i) {
        if (crashed.count({k, i}) || skipped(it, inputs[i])) continue;
        Msg m{static_cast<uint32_t>(k), static_cast<uint32_t>(i), seen};
        (void)!write(fd, &m, sizeof m);
        DrawnCase dc;
        dc.id = sample_case_id(it.op->name, it.which, i);
        dc.dtype = item_dtype(it, inputs[i]);
        dc.c = make_case(it, inputs[i]);
        dc.source = "sample: " + inputs[i].note;
        const auto started = std::chrono::steady_clock::now();
        CaseResult cr = run_case(dc.c, numpy, engine);
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        CaseRecord rec;
        if (cr.verdict.match()) {
          rec.id = dc.id;
          rec.op = it.op->name;
          rec.dtype = dc.dtype;
          rec.kind = Mismatch::none;
          rec.max_abs = cr.verdict.max_abs;
          rec.max_rel = cr.verdict.max_rel;
          rec.max_ulp = cr.verdict.max_ulp;
          rec.has_ulp = cr.verdict.has_ulp;
        } else {
          rec = make_record(dc, cr);
          rec.op = it.op->name;
          if (rec.python.size() > 4000)  // the (789, 357) samples: too large to print as literals
            rec.python = "# inputs too large to print; `" + rec.replay() + "` reruns it\n" +
                         NumpyExecutor::expression(dc.c) + "\n";
        }
        if (cr.mismatch()) ++seen;
        Stats& row = res.stats[{it.op->name, dc.dtype, Device::cpu}];
        row.add(rec);
        row.seconds += took;
      }
      write_results_json(res, path);
    }
    Msg done{UINT32_MAX, UINT32_MAX, seen};
    (void)!write(fd, &done, sizeof done);
  } catch (const std::exception& e) {
    std::cerr << "parity check: entry inputs: " << e.what() << "\n";
    rc = 3;
  }
  std::cout << std::flush;
  std::cerr << std::flush;
  _exit(rc);
}

// Runs every entry input in `jobs` child processes (the engine may crash; the parent never starts
// Python, so the fuzz campaign can fork its workers afterwards). Child j takes the items k with
// k % jobs == j. A case that kills its child is recorded as a crash and the child is restarted at
// the crashed case's item, skipping that case.
Results run_entry_inputs(const std::vector<Item>& items, int jobs, const std::string& tmpdir, ProgressPrinter& progress) {
  struct Slot {
    std::vector<size_t> mine;  // item indices
    size_t start = 0;          // position in `mine` the next child starts at
    pid_t pid = -1;
    int fd = -1;
    Msg last{UINT32_MAX - 1, 0, 0};
    bool finished = false;
    std::string path;
  };
  Results total;
  std::set<std::pair<size_t, size_t>> crashed;
  uint64_t done_cases = 0, mismatches = 0;
  int runs = 0;
  auto t0 = std::chrono::steady_clock::now();
  std::vector<Slot> slots(static_cast<size_t>(std::max(1, jobs)));
  for (size_t k = 0; k < items.size(); ++k) slots[k % slots.size()].mine.push_back(k);

  auto start_child = [&](Slot& sl) {
    sl.path = tmpdir + "/entry_inputs." + std::to_string(runs++) + ".json";
    sl.last = Msg{UINT32_MAX - 1, 0, 0};
    sl.finished = false;
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("[check] pipe failed");
    std::cout << std::flush;
    std::cerr << std::flush;
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("[check] fork failed");
    if (pid == 0) {
      signal(SIGINT, SIG_IGN);  // a terminal's Ctrl-C: the parent stops the run and ends this child
      signal(SIGTERM, SIG_IGN);
      close(fds[0]);
      for (const Slot& other : slots)
        if (other.fd >= 0) close(other.fd);
      run_items_child(items, sl.mine, sl.start, crashed, fds[1], sl.path);
    }
    close(fds[1]);
    sl.pid = pid;
    sl.fd = fds[0];
  };
  // The child of `sl` ended: take its results; on a crash, record the case in flight and restart.
  auto child_ended = [&](Slot& sl) {
    close(sl.fd);
    sl.fd = -1;
    int status = 0;
    waitpid(sl.pid, &status, 0);
    sl.pid = -1;
    if (std::filesystem::exists(sl.path)) {
      Results part = read_results_json(sl.path);
      for (const auto& [k, st] : part.stats)
        for (const auto& [kind, n] : st.mismatches) mismatches += n;
      total.merge(part);
      std::filesystem::remove(sl.path);
    }
    if (sl.finished && WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
    if (sl.last.item >= items.size()) throw std::runtime_error("[check] the entry-input runner failed before its first case");
    const Item& it = items[sl.last.item];
    std::vector<SampleInput> inputs = entry_inputs(*it.op, it.which);
    Case c = make_case(it, inputs[sl.last.index]);
    CaseRecord rec;
    rec.id = sample_case_id(it.op->name, it.which, sl.last.index);
    rec.op = it.op->name;
    rec.dtype = item_dtype(it, c.input);
    rec.kind = Mismatch::crash;
    rec.detail = WIFSIGNALED(status) ? "the engine process died with signal " + std::to_string(WTERMSIG(status)) +
                                           " (" + strsignal(WTERMSIG(status)) + ")"
                                     : "the runner exited with status " + std::to_string(WEXITSTATUS(status));
    rec.inputs = describe(c);
    rec.python = NumpyExecutor::expression(c) + "\n";
    Results one;
    one.stats[{rec.op, rec.dtype, Device::cpu}].add(rec);
    total.merge(one);
    ++mismatches;
    progress.message("crash: " + rec.op + " " + name(rec.dtype) + ": " + rec.detail + "\n    " + rec.replay());
    crashed.insert({sl.last.item, sl.last.index});
    // The child checkpoints whole items: resume at the crashed case's item.
    sl.start = static_cast<size_t>(std::find(sl.mine.begin(), sl.mine.end(), sl.last.item) - sl.mine.begin());
    start_child(sl);
  };

  for (Slot& sl : slots)
    if (!sl.mine.empty()) start_child(sl);
  double last_draw = -1;
  std::string in_flight;
  for (;;) {
    if (g_stop_signal != 0) {  // interrupted: keep what the children checkpointed, end them
      for (Slot& sl : slots) {
        if (sl.pid < 0) continue;
        kill(sl.pid, SIGKILL);
        close(sl.fd);
        sl.fd = -1;
        while (waitpid(sl.pid, nullptr, 0) < 0 && errno == EINTR) {}
        sl.pid = -1;
        if (std::filesystem::exists(sl.path)) {
          total.merge(read_results_json(sl.path));
          std::filesystem::remove(sl.path);
        }
      }
      total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      total.complete = false;
      return total;
    }
    std::vector<pollfd> pfds;
    std::vector<Slot*> owners;
    for (Slot& sl : slots)
      if (sl.fd >= 0) {
        pfds.push_back({sl.fd, POLLIN, 0});
        owners.push_back(&sl);
      }
    if (pfds.empty()) break;
    if (poll(pfds.data(), pfds.size(), 200) < 0 && errno != EINTR) throw std::runtime_error("[check] poll failed");
    uint64_t child_mismatches = 0;
    for (size_t i = 0; i < pfds.size(); ++i) {
      Slot& sl = *owners[i];
      if (!(pfds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Msg m;
      ssize_t n = read(sl.fd, &m, sizeof m);
      if (n != static_cast<ssize_t>(sizeof m)) {
        child_ended(sl);
        continue;
      }
      if (m.item == UINT32_MAX) {
        sl.finished = true;
        continue;
      }
      sl.last = m;
      ++done_cases;
      in_flight = items[m.item].op->name + " " + items[m.item].which;
    }
    for (const Slot& sl : slots)
      if (sl.fd >= 0 && sl.last.item < items.size()) child_mismatches += sl.last.mismatches;
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s - last_draw >= 0.2) {
      last_draw = s;
      Progress p;
      p.cases = done_cases;
      p.seconds = s;
      p.cases_per_s = s > 0 ? done_cases / s : 0;
      p.mismatches = mismatches + child_mismatches;
      p.op = in_flight;
      progress.update(p);
    }
  }
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  total.complete = true;
  return total;
}

int run_check(const CheckArgs& a) {
  Baseline baseline = load_baseline_or_empty(a.baseline, a.baseline_given);
  StopSignals stop_signals;
  std::vector<std::string> ops = resolve_ops(a.ops, "check");
  std::filesystem::create_directories(a.report);
  const std::string results_path = a.report + "/results.json";
  std::string tmpdir = a.report + "/.tmp";
  std::filesystem::create_directories(tmpdir);

  const int jobs = a.jobs > 0 ? a.jobs : default_jobs();
  std::vector<Item> items = entry_items(ops);
  std::cout << "parity check: 1) the entries' sample, reference and error inputs (" << items.size()
            << " op x dtype groups), " << jobs << " job(s)\n" << std::flush;
  ProgressPrinter p1("entries");
  Results entries = run_entry_inputs(items, jobs, tmpdir, p1);
  p1.finish();
  std::filesystem::remove_all(tmpdir);
  if (g_stop_signal != 0) {
    write_reports(entries, a.report, &baseline);
    return report_interrupted("check", entries, a.report);
  }
  write_results_json(entries, results_path);

  Options o;
  o.ops = ops;
  o.time_budget_s = a.time;
  o.seed = a.seed;
  o.jobs = jobs;
  std::cout << "parity check: 2) fuzz campaign over " << (ops.empty() ? opinfo::op_db().size() : ops.size())
            << " ops, " << format_number(a.time) << " s, seed " << a.seed << ", " << o.jobs << " job(s)\n"
            << std::flush;
  ProgressPrinter p2("fuzz");
  o.progress = [&](const Progress& p) { p2.update(p); };
  o.on_checkpoint = [&](const Results& partial) {
    Results r = entries;
    r.merge(partial);
    r.complete = false;
    write_results_json(r, results_path);
  };
  o.on_finding = [&](const CaseRecord& r) { p2.finding(r); };
  o.stop = &g_stop_signal;
  Results campaign = run_campaign(o);
  p2.finish();

  Results r = entries;
  r.merge(campaign);
  r.seed = a.seed;
  r.seconds = entries.seconds + campaign.seconds;
  r.complete = entries.complete && campaign.complete;
  if (r.numpy_version.empty()) r.numpy_version = campaign.numpy_version;
  if (r.engine_version.empty()) r.engine_version = kVersion;
  write_reports(r, a.report, &baseline);
  if (g_stop_signal != 0 && !campaign.complete) return report_interrupted("check", r, a.report);

  std::cout << "\n" << summary_table(r);
  uint64_t n_entries = 0, n_fuzz = 0;
  for (const auto& [k, st] : entries.stats) n_entries += st.cases;
  for (const auto& [k, st] : campaign.stats) n_fuzz += st.cases;
  std::cout << thousands(n_entries) << " entry-input cases in " << format_number(std::round(entries.seconds * 10) / 10)
            << " s; " << thousands(n_fuzz) << " fuzz cases in " << format_number(std::round(campaign.seconds * 10) / 10) << " s\n";
  const std::string baseline_path = std::filesystem::exists(a.baseline) ? a.baseline : "";
  bool passed = run_and_print_gate(r, baseline, baseline_path);

  // 3) Derivatives: a wrong one passes the value checks above, so every differentiable op gets a
  // short gradient campaign against finite differences, with its own report and gate.
  if (a.grad_cases > 0) {
    Options g = gradient_pass(ops, a.grad_cases, a.seed, jobs);
    if (!g.ops.empty()) {
      std::cout << "\nparity check: 3) gradients of " << g.ops.size() << " differentiable ops, " << a.grad_cases
                << " cases each, against central finite differences\n" << std::flush;
      ProgressPrinter p3("grad");
      g.progress = [&](const Progress& p) { p3.update(p); };
      g.on_finding = [&](const CaseRecord& f) { p3.finding(f); };
      g.stop = &g_stop_signal;
      Results gr = run_campaign(g);
      p3.finish();
      const std::string grad_report = a.report + "/grad";
      std::filesystem::create_directories(grad_report);
      write_reports(gr, grad_report, &baseline);
      if (g_stop_signal != 0 && !gr.complete) return report_interrupted("check", gr, grad_report);
      uint64_t n = 0, checked = 0;
      for (const auto& [k, st] : gr.stats) n += st.cases, checked += st.grad_checked;
      std::cout << thousands(n) << " gradient cases (" << thousands(checked) << " checked) in "
                << format_number(std::round(gr.seconds * 10) / 10) << " s\n";
      passed = run_and_print_gate(gr, baseline, baseline_path) && passed;
    }
  }
  std::cout << "\nHTML report: " << std::filesystem::absolute(a.report + "/index.html").lexically_normal().string()
            << "\n(" << a.report << "/summary.md, table.md, junit.xml, results.json"
            << (a.grad_cases > 0 ? "; gradients in " + a.report + "/grad/" : std::string()) << ")\n";
  return passed ? 0 : 1;
}

}  // namespace

void add_check_command(CLI::App& app) {
  auto a = std::make_shared<CheckArgs>();
  auto* c = app.add_subcommand("check", "The conformance check: every entry's inputs plus a timed fuzz campaign, "
                                        "a report, and the baseline gate (non-zero exit when it fails)");
  c->add_option("--time", a->time, "Seconds for the fuzz campaign")->capture_default_str()->check(positive_seconds());
  c->add_option("--report", a->report, "Report directory")->capture_default_str();
  auto* b = c->add_option("--baseline", a->baseline, "Accepted discrepancies")->capture_default_str();
  c->add_option("--ops", a->ops, "Only these ops, comma separated (default: every op)")->delimiter(',');
  c->add_option("--seed", a->seed, "Fuzz campaign seed")->capture_default_str()->check(unsigned_integer());
  c->add_option("--jobs,-j", a->jobs, "Worker processes (default: one per core)")->check(positive_integer());
  c->add_option("--grad-cases", a->grad_cases, "Gradient cases per differentiable op (0: no gradient pass)")
      ->capture_default_str()
      ->check(unsigned_integer());
  c->footer(kExitCodesHelp);
  c->callback([a, b] {
    a->baseline_given = b->count() > 0;
    run_guarded([&] { return run_check(*a); });
  });
}

}  // namespace parity::cli

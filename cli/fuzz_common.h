#pragma once
// Shared by the fuzzing subcommands (fuzz_cmd.cpp, check_cmd.cpp, report_cmd.cpp): registration,
// the live progress line, the per-op summary table and the gate's verdict.
#include <CLI/CLI.hpp>
#include <signal.h>

#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "parity/fuzzer.h"
#include "parity/report.h"

namespace parity::cli {

// The exit codes, everywhere (the help footers and README.md say so).
inline constexpr int kExitPass = 0;         // everything checked passed
inline constexpr int kExitFailed = 1;       // the gate failed, or a replayed case still mismatches
inline constexpr int kExitUsage = 2;        // usage or configuration error
inline constexpr const char* kExitCodesHelp =
    "Exit codes:\n"
    "  0        pass\n"
    "  1        the gate failed (unaccepted finding, stale baseline entry, no cases run), or a replayed\n"
    "           case still mismatches\n"
    "  2        usage or configuration error: unknown subcommand, option or op, bad value, unreadable\n"
    "           or invalid baseline, malformed case id, a merge of incompatible runs\n"
    "  130/143  interrupted by SIGINT/SIGTERM (fuzz and check first write their reports, partial)";

// Runs a subcommand body returning an exit code; errors print like Python's ("ValueError: ...")
// and any non-zero code ends the parse with CLI::RuntimeError. An exception escaping the body is
// a usage or configuration error (the case errors of a run are results, caught inside it): exit 2.
template <class F>
void run_guarded(F f) {
  int rc;
  try {
    rc = f();
  } catch (const Error& e) {
    std::cerr << e.py_class() << ": " << e.what() << "\n";
    rc = kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    rc = kExitUsage;
  }
  std::cout << std::flush;
  if (rc != 0) throw CLI::RuntimeError(rc);
}

// SIGINT/SIGTERM during `parity fuzz` or `parity check`: while a StopSignals lives, the handler only
// records the signal in g_stop_signal (the campaign's Options::stop); the command then writes its
// reports marked partial and report_interrupted() prints the one line and returns 128 + signal.
extern volatile std::sig_atomic_t g_stop_signal;
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_int_ {}, old_term_ {};
};
int report_interrupted(const std::string& command, const fuzz::Results& r, const std::string& dir);

// `--device D` of fuzz, replay and bench: the parsed device, or RuntimeError (exit 2) with one line
// naming why it cannot be used: "Parity was built without CUDA", "no CUDA device". The GPUs are
// counted in a forked child, so that this process has not started CUDA when it forks workers
// (a CUDA context does not survive fork).
Device require_device(const std::string& spec, const char* command);
// GPUs the CUDA runtime sees, asked in a forked child (0 without CUDA, a driver or a GPU).
int probe_cuda_device_count();

// CLI11 validators for the fuzzing subcommands' numbers. A bad value is a usage error (exit 2)
// whose message names the option: "--jobs: must be a whole number of at least 1 (got -3)".
CLI::Validator positive_seconds();   // a finite number > 0
CLI::Validator positive_integer();   // 1, 2, ... (no sign)
CLI::Validator unsigned_integer();   // 0, 1, ... (no sign)

// Each adds its subcommand(s) to `app`; the subcommand runs from its CLI11 callback and ends the
// process's parse with CLI::RuntimeError(code) when it must exit non-zero.
void add_fuzz_commands(CLI::App& app);    // fuzz, replay
void add_check_command(CLI::App& app);    // check
void add_report_command(CLI::App& app);   // report

// Progress on stderr: one line redrawn with \r on a terminal, a plain line every few seconds
// otherwise. Also used to print findings without garbling the live line.
class ProgressPrinter {
 public:
  explicit ProgressPrinter(std::string label);
  void update(const fuzz::Progress& p);
  void message(const std::string& line);  // prints a whole line above the live one
  void finish();                          // ends the live line
  // Prints a new unaccepted mismatch with its replay command; after the first 10, only says once
  // that the rest go to the report.
  void finding(const fuzz::CaseRecord& r);
  bool tty() const { return tty_; }

 private:
  std::string label_;
  bool tty_ = false;
  bool drawn_ = false;
  bool plain_pending_ = false;
  int findings_ = 0;  // the latest line was not printed (no terminal)
  double last_plain_ = -1;
  std::string last_;
};

// The end-of-run table: per op, cases, matches, accepted, mismatches by kind, largest ULP error.
std::string summary_table(const fuzz::Results& r);
// Loads the baseline; `required`: a missing file is an error, else an empty baseline (with a note).
fuzz::Baseline load_baseline_or_empty(const std::string& path, bool required);
// Runs the gate, prints its verdict (each unaccepted mismatch with its replay command, each stale
// entry) and returns whether it passed.
bool run_and_print_gate(const fuzz::Results& r, const fuzz::Baseline& b, const std::string& baseline_path);
// "a,b,c" -> {"a","b","c"}
std::vector<std::string> split_list(const std::vector<std::string>& items);
// Validates op names against the database (ValueError naming the unknown one and the closest
// known one, prefixed with `command`).
std::vector<std::string> resolve_ops(const std::vector<std::string>& names, const std::string& command = "fuzz");
// " (did you mean 'sin'?)" for a mistyped op name, else "".
std::string did_you_mean_op(const std::string& name);
std::vector<DType> resolve_dtypes(const std::vector<std::string>& names);
int default_jobs();
std::string thousands(uint64_t v);  // 1234567 -> "1,234,567"

// `parity check` also runs every case an op's entry lists (the suites' cases): the sample and
// reference inputs per claimed dtype, and the error inputs. Their ids are
// "samples/OP/DTYPE:0:I" (I-th sample-or-reference input for DTYPE) and "samples/OP/errors:0:I",
// and `parity replay` takes them like any fuzz case id.
std::vector<SampleInput> entry_inputs(const opinfo::OpInfo& op, const std::string& dtype_or_errors);
fuzz::CaseId sample_case_id(const std::string& op, const std::string& dtype_or_errors, uint64_t i);
bool is_sample_case_id(const std::string& s);
fuzz::DrawnCase draw_sample_case(const std::string& id);  // ValueError when it does not exist

}  // namespace parity::cli

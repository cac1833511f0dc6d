// `parity report --merge DIR... [--out DIR] [--baseline FILE]`: merges the results of shards
// (`parity fuzz --shard I/N` on N machines) into one report and gates it (against the baseline
// when given, else every mismatch fails). It refuses (exit 2) to mix value and gradient runs and
// to merge one run twice; it says so when the runs' seeds differ; exit 1 when the gate fails.
// `parity report RESULTS --catalogue FILE [--library torch|jax]`: writes the catalogue of the
// differences between NumPy and that library the campaign found (reports/numpy-vs-torch/CASES.md).
#include <filesystem>
#include <iostream>
#include <cctype>
#include <set>

#include "fuzz_common.h"
#include "parity/errors.h"

namespace parity::cli {

using namespace parity::fuzz;

namespace {

struct Run {
  std::string path;  // the results.json
  Results r;
};

std::string run_name(const Results& r) {
  return "seed " + std::to_string(r.seed) + (r.shard.empty() ? "" : ", shard " + r.shard) +
         (r.grad ? ", gradient" : "");
}

// Throws ValueError (exit 2) when the runs cannot be merged into one report.
void check_mergeable(const std::vector<Run>& runs) {
  for (size_t i = 1; i < runs.size(); ++i)
    if (runs[i].r.grad != runs[0].r.grad) {
      const Run& g = runs[i].r.grad ? runs[i] : runs[0];
      const Run& v = runs[i].r.grad ? runs[0] : runs[i];
      throw ValueError("[report] cannot merge a gradient run (" + g.path + ") with a value run (" + v.path +
                       "): they check different things; merge each kind on its own");
    }
  for (size_t i = 1; i < runs.size(); ++i)
    if (runs[i].r.against != runs[0].r.against)
      throw ValueError("[report] cannot merge a run against " + runs[0].r.against + " (" + runs[0].path +
                       ") with a run against " + runs[i].r.against + " (" + runs[i].path + "): merge each on its own");
  for (size_t i = 1; i < runs.size(); ++i)
    if (runs[i].r.subject != runs[0].r.subject || runs[i].r.participants.empty() != runs[0].r.participants.empty())
      throw ValueError("[report] cannot merge a run of " + runs[0].r.subject +
                       (runs[0].r.participants.empty() ? "" : " (three-way)") + " (" + runs[0].path + ") with a run of " +
                       runs[i].r.subject + (runs[i].r.participants.empty() ? "" : " (three-way)") + " (" +
                       runs[i].path + "): merge each on its own");
  for (size_t i = 0; i < runs.size(); ++i)
    for (size_t j = i + 1; j < runs.size(); ++j) {
      const Results &a = runs[i].r, &b = runs[j].r;
      bool same = std::filesystem::equivalent(runs[i].path, runs[j].path);
      if (!same && a.seed == b.seed && a.shard == b.shard)  // the same draws, if they share an op x dtype
        for (const auto& [k, s] : a.stats)
          if (s.cases && b.stats.count(k) && b.stats.at(k).cases) {
            same = true;
            break;
          }
      if (same)
        throw ValueError("[report] " + runs[i].path + " and " + runs[j].path + " are the same run (" + run_name(a) +
                         "): merging it twice would count its cases twice");
    }
}

// The library a catalogue is about: --library, else the file's name if it says (NUMPY_VS_JAX.md),
// else the one library the campaign checked.
std::string catalogue_library(const std::string& given, const std::string& file, const Results& r) {
  if (!given.empty()) {
    if (!fuzz::library_subject(given))
      throw ValueError("[report] --library " + given + ": the catalogue compares NumPy with torch, jax or torch-same-name");
    return given;
  }
  std::string base = std::filesystem::path(file).filename().string();
  for (char& c : base) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (base.find("TORCH") != std::string::npos) return "torch";
  if (base.find("JAX") != std::string::npos) return "jax";
  std::set<std::string> libs;
  for (const auto& [k, s] : r.stats)
    for (const std::string& p : {k.subject, k.against})
      if (fuzz::library_subject(p)) libs.insert(p);
  if (libs.size() == 1) return *libs.begin();
  throw ValueError("[report] --catalogue " + file + ": which library? pass --library torch or --library jax");
}

int write_catalogue(const std::string& input, const std::string& file, const std::string& library_opt) {
  std::filesystem::path path =
      std::filesystem::is_directory(input) ? std::filesystem::path(input) / "results.json" : std::filesystem::path(input);
  Results r = read_results_json(path.string());
  const std::string library = catalogue_library(library_opt, file, r);
  std::string text = render_catalogue(r, library, input, file);
  write_file_atomic(file, text);
  uint64_t cases = 0;
  std::set<std::string> ops;
  std::set<Mismatch> kinds;
  for (const auto& [k, s] : r.stats)
    if ((k.subject == library && k.against == "numpy") || (k.subject == "numpy" && k.against == library))
      for (const auto& [m, n] : s.mismatches)
        if (n && m != Mismatch::none) cases += n, ops.insert(k.op), kinds.insert(m);
  std::cout << "catalogue: " << file << " (numpy vs " << library << ": " << cases << " differing cases in "
            << kinds.size() << " kinds over " << ops.size() << " ops)\n";
  return kExitPass;
}

}  // namespace

void add_report_command(CLI::App& app) {
  struct Args {
    std::vector<std::string> merge;
    std::string out = "reports/out";
    std::string baseline;
    std::string input, catalogue, library;
  };
  auto a = std::make_shared<Args>();
  auto* r = app.add_subcommand("report", "Merge shard results (results.json) into one report and gate it, or "
                                         "write the catalogue of a campaign's differences between NumPy and a library");
  r->add_option("--merge", a->merge, "Shard report directories (or their results.json files)")->expected(1, -1);
  r->add_option("results", a->input, "With --catalogue: a report directory or its results.json");
  r->add_option("--catalogue", a->catalogue,
                "Write the catalogue of the differences between NumPy and the library (reports/numpy-vs-torch/CASES.md)");
  r->add_option("--library", a->library, "The catalogue's library: torch or jax (default: from the file's name, "
                                         "else the campaign's library)");
  r->add_option("--out", a->out, "Directory for the merged report")->capture_default_str();
  r->add_option("--baseline", a->baseline, "Gate the merged results against this baseline (default: none, "
                                           "every mismatch fails)");
  r->footer(kExitCodesHelp);
  r->callback([a] {
    run_guarded([&] {
      if (!a->catalogue.empty() || !a->input.empty()) {
        if (a->catalogue.empty() || a->input.empty() || !a->merge.empty())
          throw ValueError("[report] give a results file with --catalogue FILE, or --merge DIR... (not both)");
        return write_catalogue(a->input, a->catalogue, a->library);
      }
      if (a->merge.empty()) throw ValueError("[report] nothing to do: give --merge DIR... or RESULTS --catalogue FILE");
      if (!a->library.empty()) throw ValueError("[report] --library goes with --catalogue");
      Baseline baseline;
      if (!a->baseline.empty()) baseline = load_baseline(a->baseline);  // fail early on a bad baseline
      std::vector<Run> runs;
      for (const std::string& p : a->merge) {
        std::filesystem::path file =
            std::filesystem::is_directory(p) ? std::filesystem::path(p) / "results.json" : std::filesystem::path(p);
        runs.push_back({file.string(), read_results_json(file.string())});
      }
      check_mergeable(runs);
      std::set<uint64_t> seeds;
      for (const Run& run : runs) seeds.insert(run.r.seed);
      std::vector<Results> all;
      for (const Run& run : runs) all.push_back(run.r);
      Results merged = merge_results(all);
      write_reports(merged, a->out, a->baseline.empty() ? nullptr : &baseline);
      uint64_t cases = 0;
      for (const auto& [k, st] : merged.stats) cases += st.cases;
      std::cout << "merged " << a->merge.size() << " result set(s): " << cases << " cases"
                << (merged.complete ? "" : " (at least one shard is partial: complete=false)") << "\n";
      if (seeds.size() > 1) {
        std::string list;
        for (uint64_t s : seeds) list += (list.empty() ? "" : ", ") + std::to_string(s);
        std::cout << "note: the runs have different seeds (" << list
                  << "): merged as independent campaigns, not as shards of one\n";
      }
      std::cout << "\n" << summary_table(merged);
      const bool passed = run_and_print_gate(merged, baseline, a->baseline);
      std::cout << "report: " << a->out << "/index.html (summary.md, table.md, junit.xml, results.json)\n";
      return passed ? kExitPass : kExitFailed;
    });
  });
}

}  // namespace parity::cli

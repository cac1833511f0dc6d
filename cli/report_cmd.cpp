// `parity report --merge DIR... [--out DIR] [--baseline FILE]`: merges the results of shards
// (`parity fuzz --shard I/N` on N machines) into one report, and gates it when given a baseline.
#include <filesystem>
#include <iostream>

#include "fuzz_common.h"
#include "parity/errors.h"

namespace parity::cli {

using namespace parity::fuzz;

void add_report_command(CLI::App& app) {
  struct Args {
    std::vector<std::string> merge;
    std::string out = "reports/out";
    std::string baseline;
  };
  auto a = std::make_shared<Args>();
  auto* r = app.add_subcommand("report", "Merge shard results (results.json) into one report; gate it with --baseline");
  r->add_option("--merge", a->merge, "Shard report directories (or their results.json files)")
      ->required()
      ->expected(1, -1);
  r->add_option("--out", a->out, "Directory for the merged report")->capture_default_str();
  r->add_option("--baseline", a->baseline, "Gate the merged results against this baseline");
  r->callback([a] {
    run_guarded([&] {
      Results merged = merge_results_files(a->merge);
      Baseline baseline;
      if (!a->baseline.empty()) baseline = load_baseline(a->baseline);
      write_reports(merged, a->out, a->baseline.empty() ? nullptr : &baseline);
      uint64_t cases = 0;
      for (const auto& [k, st] : merged.stats) cases += st.cases;
      std::cout << "merged " << a->merge.size() << " result set(s): " << cases << " cases"
                << (merged.complete ? "" : " (at least one shard is partial: complete=false)") << "\n\n"
                << summary_table(merged);
      const bool failed = !a->baseline.empty() && !run_and_print_gate(merged, baseline, a->baseline);
      std::cout << "report: " << a->out << "/index.html (summary.md, junit.xml, results.json)\n";
      return failed ? 1 : 0;
    });
  });
}

}  // namespace parity::cli

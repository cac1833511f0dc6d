// summary.md: a table per op x dtype x device, then each mismatch's minimal case and its replay.
#include <sstream>

#include "parity/report.h"
#include "report_common.h"

namespace parity::fuzz {

namespace {

std::string cell(const std::string& s) {  // one table cell: no pipes or newlines
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

std::string fence(const std::string& body, const char* lang = "") {
  std::string f = "```";
  while (body.find(f) != std::string::npos) f += "`";
  std::string b = body;
  if (!b.empty() && b.back() != '\n') b += '\n';
  return f + lang + "\n" + b + f + "\n";
}

}  // namespace

std::string render_markdown(const Results& r, const Baseline* baseline) {
  std::ostringstream os;
  uint64_t cases = 0, matches = 0, accepted = 0;
  for (const auto& [k, s] : r.stats) cases += s.cases, matches += s.matches, accepted += s.accepted;
  os << "# Parity fuzz report\n\n";
  os << (r.complete ? "" : "**Partial report: the run had not finished (complete=false).**\n\n");
  os << "- cases: " << cases << ", matches: " << matches << ", declared discrepancies: " << accepted
     << ", mismatches: " << cases - matches - accepted << "\n";
  os << "- seed: " << r.seed << (r.shard.empty() ? "" : ", shard: " + r.shard) << ", "
     << format_number(r.seconds) << " s\n";
  if (!r.numpy_version.empty()) os << "- NumPy " << r.numpy_version << "\n";
  if (!r.engine_version.empty()) os << "- engine " << r.engine_version << "\n";
  if (r.grad) {
    uint64_t checked = 0, failed = 0;
    for (const auto& [k, s] : r.stats) checked += s.grad_checked, failed += count(s, Mismatch::grad);
    os << "- gradient campaign (autograd vs central finite differences): " << checked << " cases checked, "
       << failed << " failed\n";
  }
  if (baseline) {
    GateResult g = gate(r, *baseline);
    os << "\n## Gate: " << (g.passed ? "PASS" : "FAIL") << "\n\n" << fence(g.summary());
  }

  os << "\n## Per op x dtype x device\n\n";
  os << "| op | dtype | device | cases | matches | value | dtype | shape | error | crash | max ULP | max-ULP case | max abs "
        "| max rel | grad (failed/checked) | status |\n";
  os << "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|\n";
  for (const auto& [k, s] : r.stats) {
    std::string status = row_status(k, s, baseline);
    if (status == "fail") status = "FAIL";
    os << "| " << cell(k.op) << " | " << name(k.dtype) << " | " << to_string(k.device) << " | " << s.cases << " | "
       << s.matches;
    for (Mismatch m : kKinds) os << " | " << count(s, m);
    os << " | " << ulp_cell(s) << " | " << cell(worst_case_cell(s)) << " | " << format_number(s.max_abs) << " | "
       << format_number(s.max_rel) << " | " << grad_cell(r, s) << " | " << status << " |\n";
  }

  bool any = false;
  for (const auto& [k, s] : r.stats) {
    for (const auto& [m, rec] : s.minimal) {
      if (!any) os << "\n## Minimal failing cases\n";
      any = true;
      os << "\n### " << k.op << " " << name(k.dtype) << " " << to_string(k.device) << ": " << to_string(m) << " ("
         << count(s, m) << " of " << s.cases << " cases)\n\n";
      if (baseline)
        if (const BaselineEntry* e = find_accepting(*baseline, k.op, k.dtype, k.device, m))
          os << "Accepted by the baseline: " << e->reason << "\n\n";
      os << "Replay: `" << rec.replay() << "` (variant " << to_string(rec.variant) << ")\n\n";
      if (!rec.detail.empty()) os << "Difference: " << cell(rec.detail) << "\n\n";
      os << "Inputs:\n\n" << fence(rec.inputs);
      os << "\nEngine:\n\n" << fence(rec.engine);
      os << "\nNumPy:\n\n" << fence(rec.numpy);
      if (!rec.python.empty()) os << "\nNumPy's side:\n\n" << fence(rec.python, "python");
    }
  }
  return os.str();
}

}  // namespace parity::fuzz

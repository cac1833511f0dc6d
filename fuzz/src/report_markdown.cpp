// summary.md (verdict, totals, failures and their minimal cases, accepted cases; under
// kSummaryMaxChars) and table.md (the full per op x dtype x device table).
#include <sstream>

#include "parity/opdocs.h"
#include "parity/report.h"
#include "report_common.h"

namespace parity::fuzz {

namespace {

std::string cell(const std::string& s) { return opinfo::md_cell(s); }  // one table cell: no pipes or newlines

std::string fence(const std::string& body, const char* lang = "") {
  std::string f = "```";
  while (body.find(f) != std::string::npos) f += "`";
  std::string b = body;
  if (!b.empty() && b.back() != '\n') b += '\n';
  return f + lang + "\n" + b + f + "\n";
}

std::string with_commas(uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<size_t>(i), 1, ',');
  return s;
}

const char* kTableHead =
    "| op | input dtype | device | cases | matches | accepted | value | dtype mismatch | shape | error | crash "
    "| device mismatch | max ULP | max-ULP case | max abs | max rel | grad (failed/checked) | status |\n"
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|\n";

std::string table_row(const Results& r, const Row& row) {
  const StatsKey& k = *row.key;
  const Stats& s = *row.stats;
  std::ostringstream os;
  os << "| " << cell(k.op) << " | " << name(k.dtype) << " | " << to_string(k.device) << " | " << s.cases << " | "
     << s.matches << " | " << s.accepted;
  for (Mismatch m : kKinds) os << " | " << count(s, m);
  os << " | " << ulp_cell(s) << " | " << cell(worst_case_cell(s)) << " | " << format_number(s.max_abs) << " | " << format_number(s.max_rel)
     << " | " << grad_cell(r, s) << " | " << (row.status == "fail" ? "FAIL" : row.status) << " |\n";
  return os.str();
}

// The summary in blocks: each is kept whole or left out, so truncation never cuts a table row or
// a code fence in half.
struct Blocks {
  std::vector<std::string> items;
  void add(std::string s) { items.push_back(std::move(s)); }
  std::string join(size_t limit) const {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
      std::string note = "\n\n**Truncated:** " + std::to_string(items.size() - i) + " of " +
                         std::to_string(items.size()) + " parts left out to stay under " + with_commas(limit) +
                         " characters (a pull-request comment). The full table is [table.md](table.md); every "
                         "case is in index.html and results.json.\n";
      // Room for this block and, should a later one not fit, the note.
      if (out.size() + items[i].size() + note.size() + 32 > limit) return out + note;
      out += items[i];
    }
    return out;
  }
};

}  // namespace

std::string render_markdown(const Results& r, const Baseline* baseline) {
  Blocks b;
  const Totals t = totals(r);
  const GateResult g = verdict(r, baseline);
  std::ostringstream head;
  head << "# Parity fuzz report\n\n";
  if (!r.complete) head << "**Partial report: the run had not finished (complete=false).**\n\n";
  head << "## Verdict: " << (g.passed ? "PASS" : "FAIL") << "\n\n";
  if (!baseline) head << "No baseline given: every mismatch that no OpInfo entry declares fails.\n\n";
  head << "- cases: " << t.cases << ", matches: " << t.matches << ", accepted (declared in OpInfo): " << t.accepted
       << ", mismatches: " << t.mismatches;
  if (baseline) head << " (baselined: " << g.baselined_mismatches << ")";
  head << "\n";
  head << "- seed: " << r.seed << (r.shard.empty() ? "" : ", shard: " + r.shard) << ", "
       << format_number(r.seconds) << " s\n";
  if (!r.numpy_version.empty()) head << "- NumPy " << r.numpy_version << "\n";
  if (!r.engine_version.empty()) head << "- engine " << r.engine_version << "\n";
  const Environment& e = r.environment;
  if (!e.empty()) {
    head << "- environment: " << (e.date.empty() ? "" : e.date) << (e.commit.empty() ? "" : ", commit " + e.commit)
         << (e.cpu.empty() ? "" : ", " + e.cpu) << (e.simd_target.empty() ? "" : ", SIMD " + e.simd_target)
         << (e.threads ? ", " + std::to_string(e.threads) + (e.threads == 1 ? " thread" : " threads") : "") << "\n";
    if (!e.command_line.empty()) head << "- command: `" << cell(e.command_line) << "`\n";
  }
  if (r.grad) {
    uint64_t checked = 0, failed = 0;
    for (const auto& [k, s] : r.stats) checked += s.grad_checked, failed += count(s, Mismatch::grad);
    head << "- gradient campaign (autograd vs central finite differences): " << checked << " cases checked, "
         << failed << " failed\n";
  }
  head << "\nThe full per op x dtype x device table: [table.md](table.md).\n";
  b.add(head.str());
  if (!g.passed || baseline) b.add("\n" + fence(g.summary()));

  const std::vector<Row> rows = rows_failures_first(r, baseline);
  bool any_fail = false;
  for (const Row& row : rows) {
    if (row.status != "fail") break;
    if (!any_fail) b.add(std::string("\n## Failing rows\n\n") + kTableHead);
    any_fail = true;
    b.add(table_row(r, row));
  }

  bool any_case = false;
  for (const Row& row : rows) {
    const StatsKey& k = *row.key;
    const Stats& s = *row.stats;
    for (const auto& [m, recp] : cases_failures_first(k, s, baseline)) {
      const CaseRecord& rec = *recp;
      std::ostringstream os;
      if (!any_case) os << "\n## Minimal mismatching cases\n";
      any_case = true;
      os << "\n### " << k.op << " " << name(k.dtype) << " " << to_string(k.device) << ": " << to_string(m) << " ("
         << count(s, m) << " of " << s.cases << " cases)\n\n";
      if (baseline)
        if (const BaselineEntry* be = find_accepting(*baseline, k, m))
          os << "Baselined: " << be->reason << "\n\n";
      os << "Replay: `" << rec.replay() << "` (variant " << to_string(rec.variant) << ")\n\n";
      if (!rec.detail.empty()) os << "Difference: " << cell(rec.detail) << "\n\n";
      os << "Inputs:\n\n" << fence(rec.inputs);
      os << "\nEngine:\n\n" << fence(rec.engine);
      os << "\nNumPy:\n\n" << fence(rec.numpy);
      if (!rec.python.empty()) os << "\nNumPy's side:\n\n" << fence(rec.python, "python");
      b.add(os.str());
    }
  }

  bool any_accepted = false;
  for (const Row& row : rows) {
    for (const auto& [decl, a] : row.stats->accepted_by) {
      if (!any_accepted)
        b.add("\n## Accepted cases\n\nCases whose difference from NumPy the op's OpInfo entry declares "
              "(reports/DISCREPANCIES.md); they count as neither matches nor mismatches.\n\n"
              "| op | input dtype | device | cases | declaration | example |\n|---|---|---|---:|---|---|\n");
      any_accepted = true;
      const StatsKey& k = *row.key;
      b.add("| " + cell(k.op) + " | " + name(k.dtype) + " | " + to_string(k.device) + " | " + std::to_string(a.cases) +
            " | " + cell(decl) + " | " + (a.example.empty() ? "" : "`parity replay " + cell(a.example) + "`") + " |\n");
    }
  }
  return b.join(kSummaryMaxChars);
}

std::string render_markdown_table(const Results& r, const Baseline* baseline) {
  std::ostringstream os;
  os << "# Parity fuzz report: per op x dtype x device\n\n";
  if (!r.complete) os << "**Partial report: the run had not finished (complete=false).**\n\n";
  os << "Failures first. `accepted`: cases the op's OpInfo entry declares (see summary.md); `value` ... `crash`: "
        "mismatches by kind (`dtype mismatch`: the result's dtype differs from NumPy's; `device mismatch`: a GPU "
        "result differs from the engine's CPU result); status `baselined`: every "
        "mismatch kind is listed in the baseline. Back to [summary.md](summary.md).\n\n";
  os << kTableHead;
  for (const Row& row : rows_failures_first(r, baseline)) os << table_row(r, row);
  return os.str();
}

}  // namespace parity::fuzz

// summary.md (verdict, totals, failures and their minimal cases, accepted cases; under
// kSummaryMaxChars) and table.md (the full per op x dtype x device table).
#include <map>
#include <sstream>

#include "parity/opdocs.h"
#include "parity/report.h"
#include "report_common.h"

namespace parity::fuzz {

namespace {

std::string cell(const std::string& s) { return opinfo::md_cell(s); }  // one table cell: no pipes or newlines

// The gate's list cut at whole lines to about `limit` characters, with how many lines were left
// out: a library campaign's list (thousands of findings) would otherwise not fit, and the summary
// kept only its head.
std::string first_lines(const std::string& text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t cut = text.rfind('\n', limit);
  if (cut == std::string::npos) cut = 0;
  size_t left = 0;
  for (size_t i = cut + 1; i < text.size(); ++i) left += text[i] == '\n';
  return text.substr(0, cut + 1) + "... " + std::to_string(left) + " more lines: every finding is in index.html and "
         "results.json\n";
}

// Where table.md is, in words: summary.md is pasted into pull requests, where a relative link breaks.
constexpr const char* kTableMdWhere = "`table.md` beside this file in the run's report folder";

std::string fence(const std::string& body, const char* lang = "") { return md_fence(body, lang); }

std::string with_commas(uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<size_t>(i), 1, ',');
  return s;
}

// The table's head. An engine-vs-NumPy run keeps its columns; a library campaign adds the pair
// (when it has several), the not-comparable count and the library kinds.
std::string table_head(const Results& r) {
  std::string names = "| op |", align = "|---|";
  if (several_pairs(r)) names += " pair |", align += "---|";
  names += " input dtype | device | cases | matches | accepted |", align += "---|---|---:|---:|---:|";
  if (show_not_comparable(r)) names += " not comparable |", align += "---:|";
  for (Mismatch m : kind_columns(r)) names += " " + kind_column_title(r, m) + " |", align += "---:|";
  names += " max ULP | max-ULP case | max abs | max rel | grad (failed/checked) | status |\n";
  align += "---:|---|---:|---:|---:|---|\n";
  return names + align;
}

std::string table_row(const Results& r, const Row& row) {
  const StatsKey& k = *row.key;
  const Stats& s = *row.stats;
  std::ostringstream os;
  os << "| " << cell(k.op);
  if (several_pairs(r)) os << " | " << cell(pair_cell(k));
  os << " | " << name(k.dtype) << " | " << to_string(k.device) << " | " << s.cases << " | " << s.matches << " | "
     << s.accepted;
  if (show_not_comparable(r)) os << " | " << s.not_comparable;
  for (Mismatch m : kind_columns(r)) os << " | " << kind_cell(r, s, m);
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
                         " characters (a pull-request comment). The full table is " + std::string(kTableMdWhere) +
                         "; every case is in index.html and results.json there.\n";
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
  if (show_not_comparable(r)) head << ", not comparable: " << t.not_comparable;
  head << "\n";
  const bool library = library_campaign(r);
  if (library) {
    head << "- checked: " << pair_line(r) << "\n";
    std::string versions;
    for (const auto& [p, v] : r.versions) versions += (versions.empty() ? "" : ", ") + p + " " + v;
    if (!versions.empty()) head << "- versions: " << versions << "\n";
  }
  head << "- seed: " << r.seed << (r.shard.empty() ? "" : ", shard: " + r.shard) << ", "
       << format_number(r.seconds) << " s\n";
  if (!r.numpy_version.empty()) head << "- NumPy " << r.numpy_version << "\n";
  if (!r.engine_version.empty()) head << "- engine " << r.engine_version << "\n";
  if (r.min_cases) head << "- " << min_cases_line(r) << "\n";
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
    head << "- gradient campaign (autograd vs "
         << (r.against == "torch" ? "torch.autograd" : "central finite differences") << "): " << checked << " cases checked, "
         << failed << " failed\n";
  }
  // Said as a path, not a link: pasted into a pull request, a relative link would point nowhere.
  head << "\nThe full per op x dtype x device table: " << kTableMdWhere << ".\n";
  b.add(head.str());
  if (!g.passed || baseline) b.add("\n" + fence(first_lines(g.summary(), kSummaryMaxChars / 4)));

  // Three-way: how many cases showed each agreement pattern, and in how many op x dtype cells it
  // is the dominant one (index.html draws the matrix).
  if (!r.participants.empty() && !r.agreement.empty()) {
    std::map<std::string, std::pair<uint64_t, uint64_t>> patterns;  // cases, cells where dominant
    for (const auto& [cellkey, counts] : r.agreement) {
      for (const auto& [pattern, n] : counts) patterns[pattern].first += n;
      const std::string d = dominant_pattern(counts);
      if (!d.empty()) ++patterns[d].second;
    }
    std::string table = "\n## Agreement (three-way)\n\nPer op x dtype, which participants' outcomes differ from NumPy's "
                        "(participants that could not run a case are left out of its pattern). A cell's pattern is "
                        "its dominant disagreement.\n\n| pattern | cases | op x dtype cells |\n|---|---:|---:|\n";
    for (const auto& [pattern, n] : patterns)
      table += "| " + cell(pattern) + " | " + std::to_string(n.first) + " | " + std::to_string(n.second) + " |\n";
    b.add(table);
  }

  const std::vector<Row> rows = rows_failures_first(r, baseline);
  bool any_fail = false;
  for (const Row& row : rows) {
    if (row.status != "fail") break;
    if (!any_fail) b.add(std::string("\n## Failing rows\n\n") + table_head(r));
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
      os << "\n### " << k.op << " " << name(k.dtype) << " " << to_string(k.device)
         << (default_pair(k) && !several_pairs(r) ? "" : " (" + pair_cell(k) + ")") << ": "
         << (library ? kind_title(m, true) : std::string(to_string(m))) << " (" << count(s, m) << " of " << s.cases
         << " cases)\n\n";
      if (baseline)
        if (const BaselineEntry* be = find_accepting(*baseline, k, m))
          os << "Baselined: " << be->reason << "\n\n";
      os << "Replay: `" << rec.replay() << "` (variant " << to_string(rec.variant) << ")\n\n";
      if (!rec.detail.empty()) os << "Difference: " << cell(rec.detail) << "\n\n";
      os << "Inputs:\n\n" << fence(rec.inputs);
      for (const auto& [who, outcome] : labelled_outcomes(rec)) os << "\n" << who << ":\n\n" << fence(outcome);
      if (!rec.python.empty()) os << "\n" << reference_snippet_owner(rec) << "'s side:\n\n" << fence(rec.python, "python");
      if (!rec.subject_python.empty())
        os << "\n" << display_name(rec.subject) << "'s side:\n\n" << fence(rec.subject_python, "python");
      if (!rec.pattern.empty()) os << "\nAgreement pattern: " << cell(rec.pattern) << "\n";
      b.add(os.str());
    }
  }

  // Accepted cases: one line per declaration (a declaration covers many op x dtype rows; written
  // out per row it was most of a passing run's summary), with the rows it covers and an example.
  const std::vector<AcceptedGroup> groups = accepted_groups(rows);
  if (!groups.empty())
    b.add("\n## Accepted cases\n\nCases whose difference from NumPy the op's OpInfo entry declares "
          "(reports/DISCREPANCIES.md); they count as neither matches nor mismatches. " +
          std::to_string(groups.size()) + (groups.size() == 1 ? " declaration" : " declarations") +
          ", each with the rows it covers (op, input dtype, device: cases).\n\n");
  for (const AcceptedGroup& grp : groups) {
    uint64_t n = 0;
    std::string where, example;
    for (const auto& [row, a] : grp.rows) {
      const StatsKey& k = *row->key;
      n += a->cases;
      where += (where.empty() ? "" : ", ") + k.op + " " + name(k.dtype) + " " + to_string(k.device) +
               (default_pair(k) ? "" : " (" + pair_cell(k) + ")") + ": " + std::to_string(a->cases);
      if (example.empty()) example = a->example;
    }
    b.add("- **" + cell(grp.declaration) + "** (" + std::to_string(n) + (n == 1 ? " case" : " cases") + "): " + cell(where) +
          (example.empty() ? "" : "; e.g. `parity replay " + cell(example) + "`") + "\n");
  }

  // Cases a library could not run, with the reasons: neither passes nor mismatches.
  bool any_nc = false;
  for (const Row& row : rows) {
    const Stats& s = *row.stats;
    if (!s.not_comparable) continue;
    if (!any_nc)
      b.add(std::string("\n## Not comparable\n\nCases a library could not run (it lacks the op, the variant or the "
                        "dtype); they count as neither matches nor mismatches.\n\n| op |") +
            (several_pairs(r) ? " pair |" : "") + " input dtype | device | cases | reasons |\n|---|" +
            (several_pairs(r) ? "---|" : "") + "---|---|---:|---|\n");
    any_nc = true;
    const StatsKey& k = *row.key;
    b.add("| " + cell(k.op) + " | " + (several_pairs(r) ? cell(pair_cell(k)) + " | " : "") + name(k.dtype) + " | " +
          to_string(k.device) + " | " + std::to_string(s.not_comparable) + " | " + cell(not_comparable_reasons(s)) +
          " |\n");
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
  if (library_campaign(r))
    os << "Checked: " << pair_line(r) << ". Kinds between libraries: `result dtype (promotion)`: the result dtypes "
          "differ (another promotion rule); `error in one library, a result in the other` (or errors of other "
          "classes); `not comparable`: cases a library could not run (summary.md lists the reasons).\n\n";
  os << table_head(r);
  for (const Row& row : rows_failures_first(r, baseline)) os << table_row(r, row);
  return os.str();
}

}  // namespace parity::fuzz

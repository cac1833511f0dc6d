#pragma once
// Pieces the report renderings share (report_html.cpp, report_markdown.cpp).
#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "parity/report.h"

namespace parity::fuzz {

// The kinds with a column of their own ("device mismatch": the GPU vs the engine's CPU result);
// gradient failures have the "grad" column (grad_cell).
inline constexpr Mismatch kKinds[] = {Mismatch::value, Mismatch::dtype, Mismatch::shape, Mismatch::error,
                                      Mismatch::crash, Mismatch::device};
inline constexpr Mismatch kAllKinds[] = {Mismatch::value, Mismatch::dtype, Mismatch::shape, Mismatch::error,
                                         Mismatch::crash, Mismatch::device, Mismatch::grad};

inline uint64_t count(const Stats& s, Mismatch k) {
  auto it = s.mismatches.find(k);
  return it == s.mismatches.end() ? 0 : it->second;
}

// A row's status: "fail" (a mismatch kind no baseline entry lists), "baselined" (every mismatch
// kind listed in the baseline), "accepted" (no mismatch, some cases its OpInfo entry declares) or
// "ok". The order of kRowStatuses is the order the reports list rows in: failures first.
inline constexpr const char* kRowStatuses[] = {"fail", "baselined", "accepted", "ok"};
inline std::string row_status(const StatsKey& k, const Stats& s, const Baseline* baseline) {
  std::string status = s.accepted ? "accepted" : "ok";
  for (Mismatch m : kAllKinds) {
    if (!count(s, m)) continue;
    if (baseline && find_accepting(*baseline, k, m)) status = "baselined";
    else return "fail";
  }
  return status;
}
inline int status_rank(const std::string& status) {
  for (int i = 0; i < 4; ++i)
    if (status == kRowStatuses[i]) return i;
  return 4;
}

// The rows of a rendering: failures first, then baselined, accepted and ok rows, each in key order.
struct Row {
  const StatsKey* key;
  const Stats* stats;
  std::string status;
};
inline std::vector<Row> rows_failures_first(const Results& r, const Baseline* baseline) {
  std::vector<Row> rows;
  for (const auto& [k, s] : r.stats) rows.push_back(Row{&k, &s, row_status(k, s, baseline)});
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return status_rank(a.status) < status_rank(b.status); });
  return rows;
}

// The minimal cases of a row in the order reports show them: kinds that fail first, then baselined.
inline std::vector<std::pair<Mismatch, const CaseRecord*>> cases_failures_first(const StatsKey& k, const Stats& s,
                                                                                const Baseline* baseline) {
  std::vector<std::pair<Mismatch, const CaseRecord*>> out, baselined;
  for (const auto& [m, rec] : s.minimal)
    (baseline && find_accepting(*baseline, k, m) ? baselined : out).push_back({m, &rec});
  out.insert(out.end(), baselined.begin(), baselined.end());
  return out;
}

// An id-safe name for HTML anchors, and the anchor of a row's minimal case of one kind.
inline std::string anchor(const std::string& s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}
inline std::string case_anchor(const StatsKey& k, Mismatch m) {
  return "case-" + anchor(k.op) + "-" + name(k.dtype) + "-" + to_string(k.device) + "-" + to_string(m);
}

// Totals over the rows.
struct Totals {
  uint64_t cases = 0, matches = 0, accepted = 0, mismatches = 0;
};
inline Totals totals(const Results& r) {
  Totals t;
  for (const auto& [k, s] : r.stats) {
    t.cases += s.cases, t.matches += s.matches, t.accepted += s.accepted;
    for (const auto& [m, n] : s.mismatches) t.mismatches += m == Mismatch::none ? 0 : n;
  }
  return t;
}

// The gradient column: "failures/checked" for rows of a gradient campaign (or with gradient
// counts), "-" otherwise.
inline std::string grad_cell(const Results& r, const Stats& s) {
  if (!r.grad && s.grad_checked == 0 && count(s, Mismatch::grad) == 0) return "-";
  return std::to_string(count(s, Mismatch::grad)) + "/" + std::to_string(s.grad_checked);
}

// The max-ULP column: "-" for a row with no float result (integer and bool results have no ULP).
inline std::string ulp_cell(const Stats& s) { return s.worst ? format_number(s.max_ulp) : "-"; }
// The max-ULP case column: the worst case's id and how it ended ("sin:1:7 (match)"), or "-".
inline std::string worst_case_cell(const Stats& s) {
  if (!s.worst) return "-";
  const WorstCase& w = *s.worst;
  return w.id.str() + " (" + (w.kind == Mismatch::none ? "match" : w.accepted ? "accepted" : to_string(w.kind)) + ")";
}

}  // namespace parity::fuzz

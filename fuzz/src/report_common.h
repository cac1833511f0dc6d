#pragma once
// Pieces the report renderings share (report_html.cpp, report_markdown.cpp).
#include <string>

#include "parity/report.h"

namespace parity::fuzz {

// The kinds with a column of their own; gradient failures have the "grad" column (grad_cell).
inline constexpr Mismatch kKinds[] = {Mismatch::value, Mismatch::dtype, Mismatch::shape, Mismatch::error,
                                      Mismatch::crash};
inline constexpr Mismatch kAllKinds[] = {Mismatch::value, Mismatch::dtype, Mismatch::shape, Mismatch::error,
                                         Mismatch::crash, Mismatch::grad};

inline uint64_t count(const Stats& s, Mismatch k) {
  auto it = s.mismatches.find(k);
  return it == s.mismatches.end() ? 0 : it->second;
}

// A row's verdict: "ok" (no mismatch), "accepted" (every mismatch kind the baseline accepts) or "fail".
inline std::string row_status(const StatsKey& k, const Stats& s, const Baseline* baseline) {
  std::string status = "ok";
  for (Mismatch m : kAllKinds) {
    if (!count(s, m)) continue;
    if (baseline && find_accepting(*baseline, k.op, k.dtype, k.device, m)) {
      if (status == "ok") status = "accepted";
    } else {
      return "fail";
    }
  }
  return status;
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

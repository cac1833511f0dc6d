#pragma once
// Pieces the report renderings share (report_html.cpp, report_markdown.cpp).
#include <string>

#include "parity/report.h"

namespace parity::fuzz {

inline constexpr Mismatch kKinds[] = {Mismatch::value, Mismatch::dtype, Mismatch::shape, Mismatch::error,
                                      Mismatch::crash};

inline uint64_t count(const Stats& s, Mismatch k) {
  auto it = s.mismatches.find(k);
  return it == s.mismatches.end() ? 0 : it->second;
}

// A row's verdict: "ok" (no mismatch), "accepted" (every mismatch kind the baseline accepts) or "fail".
inline std::string row_status(const StatsKey& k, const Stats& s, const Baseline* baseline) {
  std::string status = "ok";
  for (Mismatch m : kKinds) {
    if (!count(s, m)) continue;
    if (baseline && find_accepting(*baseline, k.op, k.dtype, k.device, m)) {
      if (status == "ok") status = "accepted";
    } else {
      return "fail";
    }
  }
  return status;
}

}  // namespace parity::fuzz

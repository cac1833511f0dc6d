#pragma once
// Pieces the report renderings share (report_html.cpp, report_markdown.cpp, report_junit.cpp,
// report_catalogue.cpp).
#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "parity/report.h"

namespace parity::fuzz {

// The kinds with a column of their own ("device mismatch": the GPU vs the engine's CPU result);
// gradient failures have the "grad" column (grad_cell).
inline constexpr Mismatch kKinds[] = {Mismatch::value, Mismatch::dtype, Mismatch::shape, Mismatch::error,
                                      Mismatch::crash, Mismatch::device};
inline constexpr Mismatch kAllKinds[] = {Mismatch::value,     Mismatch::dtype,   Mismatch::shape,
                                         Mismatch::error,     Mismatch::crash,   Mismatch::device,
                                         Mismatch::grad,      Mismatch::nonfinite, Mismatch::integer,
                                         Mismatch::ordering,  Mismatch::error_class, Mismatch::aliasing,
                                         Mismatch::signed_zero, Mismatch::warning};
// The kinds seen only between libraries where the results otherwise agree (issue 27).
inline constexpr Mismatch kQuietKinds[] = {Mismatch::error_class, Mismatch::aliasing, Mismatch::signed_zero,
                                           Mismatch::warning};
// The kinds of a difference between two libraries (issue 14), in the order the issue lists them
// and the catalogue groups them; crash last.
inline constexpr Mismatch kLibraryKinds[] = {Mismatch::dtype,   Mismatch::value,    Mismatch::error,
                                             Mismatch::nonfinite, Mismatch::integer, Mismatch::ordering,
                                             Mismatch::shape,   Mismatch::error_class, Mismatch::aliasing,
                                             Mismatch::signed_zero, Mismatch::warning, Mismatch::crash};

inline uint64_t count(const Stats& s, Mismatch k) {
  auto it = s.mismatches.find(k);
  return it == s.mismatches.end() ? 0 : it->second;
}

// A row's status: "fail" (a mismatch kind no baseline entry lists), "baselined" (every mismatch
// kind listed in the baseline), "accepted" (no mismatch, some cases its OpInfo entry declares),
// "not comparable" (no case could be compared: a library lacks the op, variant or dtype; never a
// pass) or "ok". The order of kRowStatuses is the order the reports list rows in: failures first.
inline constexpr const char* kRowStatuses[] = {"fail", "baselined", "accepted", "not comparable", "ok"};
inline constexpr int kNumRowStatuses = static_cast<int>(std::size(kRowStatuses));
inline std::string row_status(const StatsKey& k, const Stats& s, const Baseline* baseline) {
  std::string status = s.accepted ? "accepted" : s.not_comparable && !s.matches ? "not comparable" : "ok";
  for (Mismatch m : kAllKinds) {
    if (!count(s, m)) continue;
    if (baseline && find_accepting(*baseline, k, m)) status = "baselined";
    else return "fail";
  }
  return status;
}
inline int status_rank(const std::string& status) {
  for (int i = 0; i < kNumRowStatuses; ++i)
    if (status == kRowStatuses[i]) return i;
  return kNumRowStatuses;
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
// The engine against NumPy, or against its own CPU result (a `--against cpu` run): the reports as
// they were before issue 14.
inline bool default_pair(const StatsKey& k) {
  return k.subject == "engine" && (k.against == "numpy" || k.against == "cpu");
}
// Rows of another pair than the engine against NumPy carry it in their anchors (a three-way
// campaign has one row per participant for each op x dtype x device).
inline std::string case_anchor(const StatsKey& k, Mismatch m) {
  std::string a = "case-" + anchor(k.op) + "-" + name(k.dtype) + "-" + to_string(k.device) + "-" + to_string(m);
  return default_pair(k) ? a : a + "-" + anchor(k.subject) + "-vs-" + anchor(k.against);
}

// Accepted cases by declaration: each declaration once (in the order the rows first name it),
// with the rows it covers and their counts and examples.
struct AcceptedGroup {
  std::string declaration;
  std::vector<std::pair<const Row*, const AcceptedBy*>> rows;
};
inline std::vector<AcceptedGroup> accepted_groups(const std::vector<Row>& rows) {
  std::vector<AcceptedGroup> out;
  std::map<std::string, size_t> at;
  for (const Row& row : rows)
    for (const auto& [decl, a] : row.stats->accepted_by) {
      auto [it, fresh] = at.emplace(decl, out.size());
      if (fresh) out.push_back(AcceptedGroup{decl, {}});
      out[it->second].rows.push_back({&row, &a});
    }
  return out;
}
inline size_t group_index(const std::vector<AcceptedGroup>& groups, const std::string& decl) {
  for (size_t i = 0; i < groups.size(); ++i)
    if (groups[i].declaration == decl) return i;
  return groups.size();
}
// The anchor of a row's line under its declaration's group (index.html's accepted section).
inline std::string accepted_anchor(const StatsKey& k, size_t group) {
  std::string a = "acc-" + anchor(k.op) + "-" + name(k.dtype) + "-" + anchor(to_string(k.device));
  if (!default_pair(k)) a += "-" + anchor(k.subject) + "-vs-" + anchor(k.against);
  return a + "-" + std::to_string(group);
}

// ---- Issue 14: who was checked against whom ----

// A campaign with a library as a participant: a library checked against NumPy (--subject torch),
// the engine against a library (--against torch), or three-way. Its reports name the pair and use
// the library kinds' titles; an engine-vs-NumPy report looks as it did before.
inline bool library_campaign(const Results& r) {
  if (r.subject != "engine" || !r.participants.empty() || (r.against != "numpy" && r.against != "cpu")) return true;
  for (const auto& [k, s] : r.stats)
    if (!default_pair(k)) return true;
  return false;
}
// Whether the rows belong to more than one pair (three-way): the tables get a pair column.
inline bool several_pairs(const Results& r) {
  std::set<std::pair<std::string, std::string>> pairs;
  for (const auto& [k, s] : r.stats) pairs.insert({k.subject, k.against});
  return pairs.size() > 1 || !r.participants.empty();
}
// How a participant is named in prose: "PyTorch", "JAX", "NumPy", "Engine".
inline std::string display_name(const std::string& p) {
  if (p == "engine") return "Engine";
  if (p == "numpy") return "NumPy";
  if (p == "torch") return "PyTorch";
  if (p == "torch-same-name") return "PyTorch (same names)";
  if (p == "jax") return "JAX";
  if (p == "cpu") return "Engine (CPU)";
  return p;
}
inline std::string version_of(const Results& r, const std::string& p) {
  if (auto it = r.versions.find(p); it != r.versions.end() && !it->second.empty()) return it->second;
  if (p == "numpy") return r.numpy_version;
  if (p == "engine") return r.engine_version;
  return "";
}
// A participant with its version: "torch 2.15.0", "numpy 2.2.6", "engine (parity 0.1.0)".
inline std::string who(const Results& r, const std::string& p) {
  const std::string v = version_of(r, p);
  if (v.empty()) return p;
  return p == "engine" ? p + " (" + v + ")" : p + " " + v;
}
// `parity fuzz --min-cases N` (Results::min_cases > 0): what was asked and the rows that fell short.
inline std::string min_cases_line(const Results& r) {
  const std::vector<StatsKey> short_rows = r.rows_short();
  std::string s = "at least " + std::to_string(r.min_cases) + " compared cases asked per op x dtype row: ";
  if (short_rows.empty()) return s + "every row with compared cases has them";
  s += std::to_string(short_rows.size()) + " row" + (short_rows.size() == 1 ? "" : "s") + " fell short (compared cases):";
  for (size_t i = 0; i < short_rows.size(); ++i)
    s += (i ? ", " : " ") + short_rows[i].op + " " + name(short_rows[i].dtype) + " (" +
         std::to_string(r.stats.at(short_rows[i]).cases) + ")";
  return s;
}
// Who was checked against whom: "torch 2.15.0 against numpy 2.2.6", or the participants of a
// three-way campaign.
inline std::string pair_line(const Results& r) {
  if (!r.participants.empty()) {
    std::string list;
    for (const std::string& p : r.participants) list += (list.empty() ? "" : ", ") + who(r, p);
    return "three-way: " + list + "; each checked against " + who(r, "numpy");
  }
  std::string subject = r.subject, against = r.against;
  for (const auto& [k, s] : r.stats)  // a file that names the pair only in its rows
    if (!default_pair(k)) {
      subject = k.subject, against = k.against;
      break;
    }
  return who(r, subject) + " against " + who(r, against);
}
inline std::string pair_cell(const StatsKey& k) { return k.subject + " vs " + k.against; }

// A kind's title. Between libraries the same kinds read differently: `dtype` is the result dtype
// a promotion gives, `error` an error on one side only (or of another class).
inline std::string kind_title(Mismatch m, bool library) {
  switch (m) {
    case Mismatch::dtype: return library ? "result dtype (promotion)" : "dtype mismatch";
    case Mismatch::shape: return library ? "shape (keepdims, 0-d)" : "shape";
    case Mismatch::error: return library ? "error in one library, a result in the other" : "error";
    case Mismatch::nonfinite: return "NaN and infinity handling";
    case Mismatch::integer: return "integer overflow and division";
    case Mismatch::ordering: return "complex ordering";
    case Mismatch::error_class: return "error class";
    case Mismatch::aliasing: return "view or copy";
    case Mismatch::signed_zero: return "sign of zero";
    case Mismatch::warning: return "warning";
    case Mismatch::device: return "device mismatch";
    default: return to_string(m);
  }
}
inline uint64_t count_any(const Results& r, Mismatch m) {
  uint64_t n = 0;
  for (const auto& [k, s] : r.stats) {
    auto it = s.mismatches.find(m);
    n += it == s.mismatches.end() ? 0 : it->second;
  }
  return n;
}
// The kind columns of the tables. An engine-vs-NumPy report keeps its columns (value ... device
// mismatch) and shows a library kind only when a row has one; a library campaign shows the
// library kinds, and `device` only when a row has one.
inline std::vector<Mismatch> kind_columns(const Results& r) {
  std::vector<Mismatch> cols;
  if (library_campaign(r)) {
    for (Mismatch m : {Mismatch::value, Mismatch::dtype, Mismatch::shape, Mismatch::error, Mismatch::nonfinite,
                       Mismatch::integer, Mismatch::ordering, Mismatch::crash})
      cols.push_back(m);
    for (Mismatch m : kQuietKinds)
      if (count_any(r, m)) cols.push_back(m);
    if (count_any(r, Mismatch::device)) cols.push_back(Mismatch::device);
    return cols;
  }
  cols.assign(std::begin(kKinds), std::end(kKinds));
  for (Mismatch m : {Mismatch::nonfinite, Mismatch::integer, Mismatch::ordering})
    if (count_any(r, m)) cols.push_back(m);
  return cols;
}
// A column's header: the old names for an engine-vs-NumPy report ("dtype mismatch"), the titles
// otherwise.
inline std::string kind_column_title(const Results& r, Mismatch m) { return kind_title(m, library_campaign(r)); }

// Not-comparable cases (a library lacks the op, variant or dtype): shown with their reasons,
// never counted as passes.
inline uint64_t total_not_comparable(const Results& r) {
  uint64_t n = 0;
  for (const auto& [k, s] : r.stats) n += s.not_comparable;
  return n;
}
inline bool show_not_comparable(const Results& r) { return library_campaign(r) || total_not_comparable(r) > 0; }
// "torch has no uint16 (3); no out= in jax (1)".
inline std::string not_comparable_reasons(const Stats& s) {
  std::string out;
  for (const auto& [why, n] : s.not_comparable_by) out += (out.empty() ? "" : "; ") + why + " (" + std::to_string(n) + ")";
  return out;
}

// A minimal case's outcomes, labelled by participant: every participant's for a three-way case,
// else the subject's and the reference's ("Engine", "NumPy" for the engine against NumPy).
inline std::vector<std::pair<std::string, std::string>> labelled_outcomes(const CaseRecord& rec) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!rec.outcomes.empty()) {
    for (const auto& [p, d] : rec.outcomes) out.push_back({display_name(p), d});
    return out;
  }
  out.push_back({display_name(rec.subject), rec.engine});
  out.push_back({display_name(rec.reference), rec.numpy});
  return out;
}

// Whose snippet CaseRecord::python is: NumPy's, or the reference library's when the engine was
// checked against one (--against torch).
inline std::string reference_snippet_owner(const CaseRecord& rec) {
  return rec.reference == "torch" || rec.reference == "jax" ? display_name(rec.reference) : "NumPy";
}

// ---- Three-way agreement (Results::agreement) ----

// The participants a pattern names: "engine, torch differ" -> {engine, torch}; "all agree" -> {};
// *ok is false for a pattern of another form.
inline std::vector<std::string> pattern_participants(const std::string& pattern, bool* ok) {
  *ok = true;
  if (pattern == "all agree") return {};
  std::string body;
  for (const char* suffix : {" differs", " differ"}) {
    const std::string sfx = suffix;
    if (pattern.size() > sfx.size() && pattern.compare(pattern.size() - sfx.size(), sfx.size(), sfx) == 0) {
      body = pattern.substr(0, pattern.size() - sfx.size());
      break;
    }
  }
  if (body.empty()) {
    *ok = false;
    return {};
  }
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= body.size()) {
    size_t comma = body.find(", ", start);
    out.push_back(body.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 2;
  }
  return out;
}
// The matrix class of a pattern: "agree", "only-engine", "only-torch", "only-jax", "several", or
// "other" (a pattern this renderer does not know).
inline std::string pattern_class(const std::string& pattern) {
  bool ok = false;
  std::vector<std::string> ps = pattern_participants(pattern, &ok);
  if (!ok) return "other";
  if (ps.empty()) return "agree";
  if (ps.size() > 1) return "several";
  return "only-" + anchor(ps[0]);
}
// A cell's pattern: the dominant disagreement (the pattern other than "all agree" with the most
// cases; the first by name on a tie), else "all agree", else "" (no cases).
inline std::string dominant_pattern(const std::map<std::string, uint64_t>& counts) {
  std::string best;
  uint64_t most = 0;
  bool agree = false;
  for (const auto& [pattern, n] : counts) {
    if (!n) continue;
    const std::string cls = pattern_class(pattern);
    if (cls == "agree") agree = true;
    else if (cls != "other" && n > most) best = pattern, most = n;
  }
  return !best.empty() ? best : agree ? "all agree" : "";
}

// A Markdown code fence around `body`, longer than any run of backticks in it.
inline std::string md_fence(const std::string& body, const char* lang = "") {
  std::string f = "```";
  while (body.find(f) != std::string::npos) f += "`";
  std::string b = body;
  if (!b.empty() && b.back() != '\n') b += '\n';
  return f + lang + "\n" + b + f + "\n";
}

// Totals over the rows.
struct Totals {
  uint64_t cases = 0, matches = 0, accepted = 0, mismatches = 0, not_comparable = 0;
};
inline Totals totals(const Results& r) {
  Totals t;
  for (const auto& [k, s] : r.stats) {
    t.cases += s.cases, t.matches += s.matches, t.accepted += s.accepted, t.not_comparable += s.not_comparable;
    for (const auto& [m, n] : s.mismatches) t.mismatches += m == Mismatch::none ? 0 : n;
  }
  return t;
}

// What a column shows when the run did not measure it: never 0, which would read as "agrees".
inline constexpr const char* kNotCompared = "not compared";
// The gradient column: "failures/checked" for rows of a gradient campaign (or with gradient
// counts), "not compared" otherwise.
inline std::string grad_cell(const Results& r, const Stats& s) {
  if (!r.grad && s.grad_checked == 0 && count(s, Mismatch::grad) == 0) return kNotCompared;
  return std::to_string(count(s, Mismatch::grad)) + "/" + std::to_string(s.grad_checked);
}
// Whether the run measured a kind: `device` mismatches are only looked for by a campaign against
// the engine's CPU result (--against cpu); every other kind by every run.
inline bool measured(const Results& r, Mismatch m) {
  return m != Mismatch::device || r.against == "cpu" || count_any(r, Mismatch::device) > 0;
}
// A kind column's cell: the count, or "not compared".
inline std::string kind_cell(const Results& r, const Stats& s, Mismatch m) {
  return measured(r, m) ? std::to_string(count(s, m)) : kNotCompared;
}

// The max-ULP column: "-" for a row with no float result (integer and bool results have no ULP),
// "accepted" when its largest distance is a declared (accepted) case's: that distance (often inf)
// is the declared difference, not the row's accuracy.
inline std::string ulp_cell(const Stats& s) {
  if (!s.worst) return "-";
  return s.worst->accepted ? "accepted" : format_number(s.max_ulp);
}
// The max-ULP case column: the worst case's id and how it ended ("sin:1:7 (match)"), or "-".
inline std::string worst_case_cell(const Stats& s) {
  if (!s.worst) return "-";
  const WorstCase& w = *s.worst;
  return w.id.str() + " (" + (w.kind == Mismatch::none ? "match" : w.accepted ? "accepted" : to_string(w.kind)) + ")";
}

}  // namespace parity::fuzz

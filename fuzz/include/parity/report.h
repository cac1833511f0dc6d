#pragma once
// Reports of a fuzz campaign and the CI gate. results.json is the source (schema:
// reports/SCHEMA.md); summary.md, index.html and junit.xml are renderings of it. The baseline
// (reports/baseline.json) lists known mismatches; the gate fails on anything it does not list and
// on entries that no longer reproduce. Words: a case its OpInfo entry declares is "accepted"
// (Stats::accepted, never a mismatch); a mismatch a baseline entry lets through is "baselined".
#include <string>
#include <vector>

#include "parity/fuzz.h"

namespace parity::fuzz {

inline constexpr int kResultsSchemaVersion = 1;
inline constexpr int kBaselineSchemaVersion = 1;

// ---- results.json ----
std::string results_to_json(const Results& r);        // pretty-printed JSON text
Results results_from_json(const std::string& text);   // ValueError on malformed input
// Writes atomically (temp file in the same directory + rename): a reader, or a run killed
// mid-write, always sees a complete, valid file. Creates the parent directory.
void write_results_json(const Results& r, const std::string& path);
Results read_results_json(const std::string& path);   // ValueError when missing or malformed

// How big a case's inputs are: the total element count of its tensor arguments (a Python
// scalar counts 1), read from CaseRecord::inputs. Orders minimal cases.
uint64_t input_size(const CaseRecord& r);
// True when `a` is a smaller (better) minimal case than `b`: fewer input elements, then a shorter
// description, then the smaller id (so the choice does not depend on the order of shards).
bool smaller_case(const CaseRecord& a, const CaseRecord& b);

// Shards of one campaign into one: counts summed, maxima maxed, histograms added, the smallest
// minimal case per kind kept; complete only when every shard is; seconds is the longest shard's.
Results merge_results(const std::vector<Results>& shards);
// `parity report --merge DIR...`: each path is a directory holding results.json, or the file.
Results merge_results_files(const std::vector<std::string>& paths);

// ---- the baseline ----
struct BaselineEntry {
  std::string op;
  std::string dtype = "*";     // a dtype name, or "*" for every dtype
  std::string device = "cpu";  // "cpu", "cuda", or "*"
  Mismatch kind = Mismatch::value;
  std::string reason;          // required: why a NumPy expert would accept it
  // The pair it is about (issue 14): `subject` "engine" (default), "torch" or "jax"; `against`
  // "" (default: the engine's own references, NumPy, or its CPU result in a --against cpu run),
  // "numpy", "cpu", "torch" or "jax". Absent from JSON when default, so older files stay valid.
  std::string subject = "engine";
  std::string against = "";
  bool matches(const std::string& op, DType dtype, Device device, const std::string& subject = "engine",
               const std::string& against = "numpy") const;
  bool matches(const StatsKey& k) const { return matches(k.op, k.dtype, k.device, k.subject, k.against); }
  std::string str() const;     // "sin float32 cpu value" ("... torch vs numpy" for another pair)
};
struct Baseline {
  std::vector<BaselineEntry> accepted;
};
Baseline baseline_from_json(const std::string& text);  // ValueError naming the bad entry
std::string baseline_to_json(const Baseline& b);
Baseline load_baseline(const std::string& path);       // ValueError when missing or invalid
void save_baseline(const Baseline& b, const std::string& path);  // atomic, like results.json

// ---- the gate ----
struct GateFinding {  // a mismatch kind seen on an op x dtype x device the baseline does not accept
  std::string op;
  std::string subject = "engine", against = "numpy";  // the row's pair
  DType dtype = DType::Float64;
  Device device = Device::cpu;
  Mismatch kind = Mismatch::value;
  uint64_t count = 0;
  std::string replay;  // the minimal case's replay command ("" when the run kept none)
  std::string detail;  // the minimal case's comparator detail
};
struct GateResult {
  bool passed = true;
  std::vector<GateFinding> unaccepted;        // fail: new mismatches
  std::vector<BaselineEntry> stale;           // fail: covered by the run, no longer reproduces
  std::vector<BaselineEntry> not_exercised;   // informational: the run did not cover its op/dtype
  uint64_t baselined_mismatches = 0;          // mismatches a baseline entry let through
  bool no_cases = false;                      // fail: the run ran no case at all (nothing was checked)
  std::string summary() const;                // says which, one line each
};
GateResult gate(const Results& r, const Baseline& b);
// The baseline entry accepting this op x dtype x device x kind (of the engine against NumPy, or
// of a row's pair), or nullptr.
const BaselineEntry* find_accepting(const Baseline& b, const std::string& op, DType dtype,
                                    Device device, Mismatch kind);
const BaselineEntry* find_accepting(const Baseline& b, const StatsKey& row, Mismatch kind);

// ---- renderings (a baseline, when given, marks baselined mismatches and decides the verdict) ----
// The verdict every rendering shows: the gate against `baseline`, or without one, against an empty
// baseline (so any mismatch that is not accepted fails).
GateResult verdict(const Results& r, const Baseline* baseline);
// summary.md: verdict, totals, the failing rows and their minimal cases, the accepted cases; kept
// under kSummaryMaxChars (a pull-request comment) by truncating with a note. The full per-op
// table is table.md (render_markdown_table), which it links to.
inline constexpr size_t kSummaryMaxChars = 65536;
std::string render_markdown(const Results& r, const Baseline* baseline = nullptr);
std::string render_markdown_table(const Results& r, const Baseline* baseline = nullptr);
std::string render_html(const Results& r, const Baseline* baseline = nullptr);
std::string render_junit(const Results& r, const Baseline* baseline = nullptr);
// The catalogue of the differences between NumPy and `library` ("torch" or "jax") that a campaign
// found (reports/NUMPY_VS_PYTORCH.md, NUMPY_VS_JAX.md): its rows of that library against NumPy
// (`--subject torch`, or a three-way campaign's), by kind, each op x dtype with its minimal case,
// both results, both snippets and the replay id. Deterministic: the same Results give the same
// bytes. `source` and `file`, when given, are named in the header's regenerate command (`parity
// report SOURCE --catalogue FILE --library LIBRARY`). ValueError for another library.
std::string render_catalogue(const Results& r, const std::string& library, const std::string& source = "",
                             const std::string& file = "");
// Writes results.json, summary.md, table.md, index.html and junit.xml into `dir` (created if
// needed), each atomically.
void write_reports(const Results& r, const std::string& dir, const Baseline* baseline = nullptr);

// Helpers shared by the renderings.
Mismatch mismatch_from_string(const std::string& s);  // "value" ... "crash", "match"; ValueError
Device device_from_string(const std::string& s);      // "cpu", "cuda"; ValueError
Variant variant_from_string(const std::string& s);    // ValueError
void write_file_atomic(const std::string& path, const std::string& content);
std::string format_number(double v);  // compact: 0, 1.5e-07, 3, inf

}  // namespace parity::fuzz

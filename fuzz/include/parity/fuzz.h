#pragma once
// The differential fuzzer: random cases drawn from each op's OpInfo entry, run on the engine and
// on NumPy, compared by the suites' comparator; failures shrunk to a minimal case that replays
// exactly from its id. Design: ../shared/DESIGN.md.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "parity/case.h"
#include "parity/compare.h"
#include "parity/opinfo.h"

namespace parity::fuzz {

// A library that can be checked against NumPy in the engine's place: torch, jax, and torch in
// same-name mode ("torch-same-name", issue 27: torch.<NumPy's name> with NumPy's arguments).
inline bool library_subject(const std::string& x) { return x == "torch" || x == "jax" || x == "torch-same-name"; }

// Identifies one case: the op, the campaign seed, the case's index, and the path of shrink steps
// taken from it (empty for the case as drawn). Text form: "sin:42:1337" or "sin:42:1337:s3.0.1";
// a campaign with a raised element cap adds it, "sin:42:1337:e100000:s3.0.1"; a gradient case
// (`parity fuzz --grad`) adds "g" after the cap, "sin:42:1337:g:s3.0.1"; a case run on a GPU
// (`parity fuzz --device cuda`) adds "cuda" ("cudaN" for cuda:N). Then who takes part (issue 14):
// a library checked instead of the engine (`--subject torch`: "torch", "jax", "torch-same-name"), the reference when
// it is not NumPy (`--against`: "vcpu" the engine's CPU result of a GPU case, "vtorch", "vjax"),
// and "3way" for a case every participant runs (`--three-way`), in that order:
// "exp:42:1337:cuda:vcpu:s2", "reciprocal:1:7:torch:s0", "add:1:7:vtorch", "add:1:7:3way:s1".
struct CaseId {
  std::string op;
  uint64_t seed = 0;
  uint64_t index = 0;
  std::vector<uint32_t> shrink_path;
  int64_t max_elements = 0;  // the generator's element cap when not the default (0: default)
  bool grad = false;         // a gradient case: drawn for gradcheck, checked against finite differences
  Device device = Device::cpu;  // where the engine runs the case (its dtype is drawn from the claims there)
  // `subject`: who is checked ("" the engine; "torch", "jax": that library runs the case instead).
  // `against`: who it is checked against ("" NumPy; "cpu": the engine's CPU result of a GPU case,
  // differences are Mismatch::device; "torch", "jax"). `three_way`: the engine, NumPy, and torch
  // and jax where installed run the case; each is compared with NumPy.
  std::string subject{};  // (an initializer: brace-initialised CaseIds stay -Wextra clean)
  std::string against{};
  bool three_way = false;
  std::string subject_name() const { return subject.empty() ? "engine" : subject; }
  std::string against_name() const { return against.empty() ? "numpy" : against; }
  std::string str() const;
  static CaseId parse(const std::string& s);  // ValueError on a malformed id
};

// One executed case, as reports show it.
struct CaseRecord {
  CaseId id;
  std::string op;
  DType dtype = DType::Float64;       // the dtype the case was drawn for
  Device device = Device::cpu;
  Variant variant = Variant::function;
  Mismatch kind = Mismatch::none;
  double max_abs = 0, max_rel = 0, max_ulp = 0;
  bool has_ulp = false;                // a float result was compared (Verdict::has_ulp): max_ulp means something
  std::string detail;                  // the comparator's detail
  std::string inputs;                  // describe(case)
  // The two sides of the pair compared: the subject (the engine, or a library checked against
  // NumPy) and the reference. `engine` and `numpy` hold their outcomes whoever they are.
  std::string subject = "engine";
  std::string reference = "numpy";
  std::string engine;                  // describe(subject's outcome)
  std::string numpy;                   // describe(reference's outcome)
  std::string python;                  // a Python snippet that shows NumPy's side
  std::string subject_python;          // the same case as a snippet in the subject library (torch, jax)
  // Three-way cases: every participant's outcome (participant, describe(outcome)), and the
  // agreement pattern (Results::agreement).
  std::vector<std::pair<std::string, std::string>> outcomes;
  std::string pattern;
  // Set when the op's OpInfo entry declares this difference (a `differs` Discrepancy): "what:
  // reason". Such a case is counted in Stats::accepted, not in Stats::mismatches.
  std::string accepted;
  std::string replay() const { return "parity replay " + id.str(); }
};

// The case with the largest ULP distance of a Stats row, whatever its verdict; replayable by id.
struct WorstCase {
  CaseId id;
  double ulp = 0;
  Mismatch kind = Mismatch::none;  // none: it matched
  bool accepted = false;           // a mismatch the OpInfo entry declares
  // Whether this case, rather than `o`, is a row's worst: larger ULP, then the smaller id (so
  // merging in any order keeps the same one).
  bool worse_than(const WorstCase& o) const;
};

// The accepted cases of one row that one OpInfo declaration let through.
struct AcceptedBy {
  uint64_t cases = 0;
  std::string example;  // a case id to replay: the smallest (by seed, index, shrink path) seen
};

// Per op x dtype x device totals.
struct Stats {
  uint64_t cases = 0, matches = 0;
  uint64_t accepted = 0;                     // mismatches the OpInfo entry declares (CaseRecord::accepted)
  std::map<std::string, AcceptedBy> accepted_by;  // by the declaration ("what: reason") that accepted them
  std::map<Mismatch, uint64_t> mismatches;   // by kind
  double max_abs = 0, max_rel = 0, max_ulp = 0;
  // The case of max_ulp (matched, accepted or mismatched); none when no case had a float result,
  // and then the row has no ULP figure (reports print '-').
  std::optional<WorstCase> worst;
  // ULP distances seen on matching, accepted and mismatching float results, bucketed:
  // 0, 1, 2, 3-4, 5-8, 9-16, 17-64, 65-256, >256, inf (NaN vs number)
  std::vector<uint64_t> ulp_histogram = std::vector<uint64_t>(10, 0);
  std::map<Mismatch, CaseRecord> minimal;    // per mismatch kind, the smallest (shrunk) case
  // Gradient campaigns: cases whose gradient was checked (the rest had nothing checkable: an error,
  // no float output, a non-finite input...). Failures are mismatches[Mismatch::grad].
  uint64_t grad_checked = 0;
  // Seconds spent running this row's cases (worker time: summed over workers and shards).
  double seconds = 0;
  // Cases the reference or the subject could not run because the library lacks the op, variant
  // or dtype (Outcome::not_comparable), by its reason; neither matches nor mismatches.
  uint64_t not_comparable = 0;
  std::map<std::string, uint64_t> not_comparable_by;
  void add(const CaseRecord& r, bool replace_minimal_if_smaller = true);
  void note_worst(const WorstCase& w);  // keeps w if it is worse than `worst`
  void merge(const Stats& o);
};
int ulp_bucket(double ulp);
const std::vector<std::string>& ulp_bucket_labels();

struct StatsKey {
  std::string op;
  DType dtype;
  Device device;
  // The pair compared (Results::subject, Results::against; a three-way campaign has a row per
  // participant against NumPy).
  std::string subject = "engine";
  std::string against = "numpy";
  bool operator<(const StatsKey& o) const;
};

// Where a campaign ran (results.json "environment"; the reports' Environment section).
struct Environment {
  std::string date;          // UTC start of the run, ISO 8601 ("2026-12-02T05:32:34Z")
  std::string commit;        // the source's git commit ("" when unknown)
  std::string cpu;           // /proc/cpuinfo's model name
  std::string simd_target;   // the Highway target the vector loops ran (parity::simd_target())
  int threads = 0;           // worker processes that ran cases in parallel (--jobs)
  std::string command_line;  // the command that ran the campaign
  bool empty() const { return date.empty() && commit.empty() && cpu.empty() && simd_target.empty() && !threads && command_line.empty(); }
};
// This process's environment: now, its commit, CPU, SIMD target and command line.
Environment current_environment(int threads);

// What a campaign produced: the source of every report (results.json).
struct Results {
  Environment environment;
  std::string numpy_version;
  std::string engine_version;
  // The hash of the OpInfo entries the campaign ran on (opinfo::op_db_hash(); issue 27): a report
  // made from other entries than today's is stale. Shards with different hashes merge to "A,B".
  std::string opdb_hash;
  // `parity fuzz --min-cases N`: the compared cases asked of every op x dtype row (0: not asked);
  // rows_short() lists the rows that fell short.
  uint64_t min_cases = 0;
  uint64_t seed = 0;
  std::string shard;         // "I/N", empty when unsharded
  double seconds = 0;
  bool complete = false;     // false while the run goes on (a killed run leaves complete=false)
  bool grad = false;         // a gradient campaign (`parity fuzz --grad`)
  // What the engine was compared with: "numpy", or "cpu" (`parity fuzz --device cuda --against
  // cpu`: the GPU against the engine's CPU result; differences are Mismatch::device).
  std::string against = "numpy";
  // Issue 14: who was checked ("engine", "torch", "jax"); a three-way campaign's participants
  // ({"engine", "numpy", "torch", "jax"} as installed; empty otherwise) and each participant's
  // version ("torch" -> "2.15.0").
  std::string subject = "engine";
  std::vector<std::string> participants;
  std::map<std::string, std::string> versions;
  std::map<StatsKey, Stats> stats;
  // Three-way campaigns, per op x dtype: how many cases showed each agreement pattern, named by
  // the participants whose outcome differs from NumPy's: "all agree", "engine differs",
  // "torch differs", "engine, torch differ"... (participants that could not run a case are left
  // out of its pattern).
  std::map<std::pair<std::string, DType>, std::map<std::string, uint64_t>> agreement;
  void merge(const Results& o);
  // The rows of the campaign's subject with fewer compared cases than min_cases but some (a row
  // the library compared nothing of is not comparable, not short); empty when min_cases is 0.
  std::vector<StatsKey> rows_short() const;
};

}  // namespace parity::fuzz

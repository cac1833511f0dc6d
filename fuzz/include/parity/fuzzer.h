#pragma once
// The fuzzer core: cases drawn from an op's OpInfo entry (CaseGen), run on the engine and NumPy
// (run_case), shrunk to a minimal failing case (shrink), replayed exactly from an id (replay), and
// campaigns over many ops in crash-isolated worker processes (run_campaign).
// Types shared with the reports (CaseId, CaseRecord, Stats, Results): parity/fuzz.h.
#include <csignal>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "parity/fuzz.h"
#include "parity/numpy_executor.h"

namespace parity::fuzz {

// What a generator may draw.
struct GenConfig {
  int64_t max_elements = 64;   // cap on each tensor argument's element count
  int max_rank = 6;
  bool layouts = true;         // non-contiguous layouts (transposed, stepped, flipped, broadcast, offset)
  bool specials = true;        // nan, ±inf, ±0, subnormals, tiny, huge, int min/max
  bool incompatible_shapes = true;  // sometimes draw non-broadcastable shape pairs (elementwise ops)
  // Gradient cases (`parity fuzz --grad`): float64/complex128 only, the function variant, finite
  // values away from rounding ties and domain edges, plain weak scalars. Ids carry it (":g").
  bool grad = false;
  // Where the engine runs the cases (`parity fuzz --device`): on a GPU, dtypes are drawn from the
  // op's dtypes_cuda (the kernels that exist), and the cases' Case::device is set. Ids carry it.
  Device device = Device::cpu;
  // Who takes part (CaseId::subject, against, three_way; ids carry them). `subject`: "" the engine,
  // or "torch"/"jax" checked in its place. `against`: "" NumPy; "cpu": GPU cases compared with the
  // engine's CPU result (any difference is Mismatch::device, ":vcpu"); "torch", "jax".
  // `three_way`: the engine, NumPy, and torch and jax where installed, each against NumPy.
  std::string subject = "";
  std::string against = "";
  bool three_way = false;
};

// A case as drawn: the Case both executors run plus how it was made (for reports and replay).
struct DrawnCase {
  CaseId id;
  DType dtype = DType::Float64;  // the dtype drawn for (the first tensor argument's)
  Case c;
  std::string layout;            // e.g. "arg0 transposed(1,0); arg1 contiguous"
  std::string source;            // "generated" or "sample: <note>" (ops fuzzed from their samples)
};

// Draws cases for one op. Deterministic: the same CaseId (op, seed, index, shrink_path) gives the
// same case, byte for byte, in any process. The dtype is drawn from the op's claimed dtypes on the
// generator's device (GenConfig::device) by (seed, index); dtype_of() tells it without drawing the case.
class CaseGen {
 public:
  explicit CaseGen(GenConfig cfg = {});
  const GenConfig& config() const { return cfg_; }
  // The dtype the case with this id is drawn for (nullopt when the op claims none).
  std::optional<DType> dtype_of(const opinfo::OpInfo& op, uint64_t seed, uint64_t index) const;
  // The case for `id`, with its shrink path applied. ValueError for an unknown op, an op that
  // claims no dtype, or a shrink path that does not exist.
  DrawnCase draw(const CaseId& id) const;
  // The id of a case drawn as-is; it carries this generator's element cap when not the default,
  // so that the id alone replays the case.
  CaseId id(const std::string& op, uint64_t seed, uint64_t index) const;
  // This generator's config with the id's element cap applied.
  GenConfig config_for(const CaseId& id) const;
  // The simpler cases one shrink step away from `id`'s case, in order; the i-th is the case of
  // id with i appended to its shrink_path. (fewer dims, smaller dims, simpler values, contiguous
  // layouts, fewer kwargs, function variant.)
  std::vector<DrawnCase> shrinks(const CaseId& id) const;

 private:
  GenConfig cfg_;
};

// Who runs a case and against whom: a case id's (or a generator's) subject, against, three_way.
struct Pairing {
  std::string subject;   // "" the engine; "torch", "jax"
  std::string against;   // "" NumPy; "cpu", "torch", "jax"
  bool three_way = false;
  // "engine" and "numpy" are the defaults, held as "".
  static Pairing make(const std::string& s, const std::string& a, bool three) {
    return {s == "engine" ? "" : s, a == "numpy" ? "" : a, three};
  }
  static Pairing of(const CaseId& id) { return make(id.subject, id.against, id.three_way); }
  static Pairing of(const GenConfig& g) { return make(g.subject, g.against, g.three_way); }
  bool classic() const { return subject.empty() && (against.empty() || against == "cpu") && !three_way; }
  std::string subject_name() const { return subject.empty() ? "engine" : subject; }
  std::string against_name() const { return against.empty() ? "numpy" : against; }
};

// The result of running one case on both sides of a pair.
struct CaseResult {
  Verdict verdict;          // compare(subject, reference, op.tolerance(result dtype)), classified
  // `engine`: the subject's outcome (the engine's, or the library's checked instead of it).
  // `numpy`: the reference's outcome: NumPy's, the engine's on the CPU for a case compared
  // with it (against "cpu"; then any difference is Mismatch::device), or torch's/jax's.
  Outcome engine, numpy;
  std::string subject = "engine", reference = "numpy";  // the pair's participants
  // The declared `differs` discrepancy that covers a mismatch ("what: reason"); empty if none.
  // An accepted case still has verdict.kind != none; campaigns count it in Stats::accepted.
  std::string accepted;
  // Non-empty when a side could not run the case (Outcome::not_comparable): "torch: why". The
  // verdict is then none, and campaigns count the case in Stats::not_comparable.
  std::string not_comparable;
  bool grad_checked = false;  // gradient cases: a gradient was checked (run_grad_case)
  // Three-way cases: this result is the engine's against NumPy; `rows` the libraries' (torch,
  // jax) against NumPy, and `pattern` the agreement pattern of the case (Results::agreement).
  std::vector<CaseResult> rows;
  std::string pattern;
  bool mismatch() const { return !verdict.match() && accepted.empty() && not_comparable.empty(); }
  // The result of participant `who` ("" or this result's subject: this one), nullptr if absent.
  const CaseResult* row(const std::string& who) const;
};
CaseResult run_case(const Case& c, NumpyExecutor& numpy, EngineExecutor& engine, const Pairing& p = {});

// Batched run: the engine on each case, each library on all of them in one Python call (the fast
// path campaigns use; results identical to run_case).
std::vector<CaseResult> run_cases(const std::vector<const Case*>& cases, EngineExecutor& engine,
                                  const Pairing& p = {});

// One pair's verdict on a case whose outcomes are known (`subject`, `reference`: "engine",
// "numpy", "torch", "jax"): not comparable when a side could not run the case (the verdict is
// then none); else compared with the op's tolerance, a difference classified
// (classify_difference) and the declarations about this pair applied. The engine against NumPy
// keeps compare()'s kinds.
CaseResult compare_pair(const Case& c, Outcome subject_outcome, Outcome reference_outcome,
                        const std::string& subject, const std::string& reference);

// The kind of a difference between two libraries (or the engine and a library other than NumPy),
// refining compare()'s verdict (compare.h, Mismatch): crash; ordering: an ordering op on complex
// inputs whose results or errors differ; error: an error on one side only or of another class;
// dtype: the result dtype (promotion); shape (keepdims, 0-d, number of results); and for values:
// integer when the result is integer or bool (overflow, division), nonfinite when every differing
// element is NaN or infinite on a side (or an input of the case is), else value.
// `tol`: the tolerance the pair's comparison used for the case.
Mismatch classify_difference(const Case& c, const Verdict& v, const Outcome& subject, const Outcome& reference,
                             Tolerance tol);

// Agreement pattern of a case from the participants whose outcome differs from NumPy's, in
// participant order: "all agree", "torch differs", "engine, torch differ".
std::string agreement_pattern(const std::vector<std::string>& differing);

// Whether each library can be imported, and its version, asked in a forked child when this
// process has not started Python (a campaign's parent never does: its workers fork from it).
struct LibraryProbe {
  bool available = false;
  std::string version;  // "2.15.0"
  std::string why;      // why not available
};
std::map<std::string, LibraryProbe> probe_libraries(const std::vector<std::string>& names);

// Shrinks a failing case: repeatedly takes the first simpler case that still fails with the same
// mismatch kind (and is not accepted), up to max_steps steps. Returns the id of the minimal case
// (its shrink_path records the steps) and its result.
struct ShrinkOutcome {
  CaseId id;
  CaseResult result;
  int steps = 0;       // shrink steps taken
  int tried = 0;       // candidates run
};
// `participant`: for a three-way id, whose row must keep failing ("": the engine's).
ShrinkOutcome shrink(const CaseGen& gen, const CaseId& failing, Mismatch kind, NumpyExecutor& numpy,
                     EngineExecutor& engine, int max_steps = 200, const std::string& participant = "");
// Shrinking against any predicate (true: still "fails"); used by tests.
CaseId shrink_with(const CaseGen& gen, const CaseId& failing,
                   const std::function<bool(const DrawnCase&)>& fails, int max_steps = 200);

// ---- gradient cases ----
// The gradient property: autograd::gradcheck of the op (the case's variant; weak scalars and
// kwargs fixed) as a function of its tensor arguments, float ones cast to float64/complex128.
// Fast mode (one random projection, seeded by `seed`) when the outputs have over 16 elements.
struct GradCheck {
  bool checked = false;  // false: nothing checkable (the forward raised, no float output or input,
                         // a non-finite input, a narrow float result, too many elements)
  bool ok = true;        // checked and autograd agrees with finite differences
  std::string detail;    // gradcheck's first disagreement, or why nothing was checked
  Outcome forward;       // the op's outputs on the inputs (or its error)
  // Against torch: why torch could not give a gradient to compare with (it lacks the op, its
  // forward raised or differs, its backward raised, it is not installed); empty otherwise. Such
  // a case counts in Stats::not_comparable, never as a pass nor as a mismatch.
  std::string not_comparable;
};
GradCheck check_gradient(const Case& c, uint64_t seed);
// The same with the op given as a function of its tensor inputs (tests plant broken derivatives).
GradCheck check_gradient(const std::function<std::vector<Tensor>(const std::vector<Tensor>&)>& f,
                         const std::vector<Tensor>& inputs, uint64_t seed);
// The second gradient oracle (`parity fuzz --grad --against torch`, ids ":vtorch"): the engine's
// vector-Jacobian product for one fixed random cotangent per float output (seeded by `seed`)
// against torch.autograd's on the same inputs, compared with the op's tolerance; a disagreement
// is ok = false with the input and first differing element in detail. Both sides differentiate
// L = Re(sum(conj(v) * out)) and give a complex input dL/dx + i dL/dy (PyTorch's convention, the
// engine's too: no conversion). Starts the embedded interpreter.
using GradFn = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;
GradCheck check_gradient_torch(const Case& c, uint64_t seed);
// The same with the engine side given as a function of the case's tensor arguments (tests plant
// broken derivatives); torch still runs the case's op.
GradCheck check_gradient_torch(const Case& c, uint64_t seed, const GradFn& engine);
// The op's PyTorch callable: OpInfo::torch_ref when set, "" with `why` when OpInfo::torch_missing
// says torch lacks it; otherwise derived from a plain numpy_ref "np.X" as "torch.X".
std::string torch_callable(const opinfo::OpInfo& op, std::string* why = nullptr);
// Whether the oracle's interpreter imports torch (once per process); `why` says why not.
bool torch_importable(std::string* why = nullptr);
// The projection seed of a gradient case: from (op, seed, index), so shrunk cases keep it.
uint64_t grad_seed(const CaseId& id);
// A gradient case's result: verdict grad (detail: gradcheck's) or none; engine: the forward.
// Against torch (CaseId::against "torch"): the torch property, reference "torch", and
// not_comparable ("torch: why") when torch gave nothing to compare.
CaseResult run_grad_case(const DrawnCase& d);
// Shrinks a gradient failure: the first simpler case whose gradient check still fails, repeatedly.
ShrinkOutcome shrink_grad(const CaseGen& gen, const CaseId& failing, int max_steps = 200);

// A Python snippet that recreates the case's inputs with exact np.array(...) literals and calls
// NumPy's reference the way the oracle does; the result is printed.
std::string python_snippet(const Case& c);

// The record a report shows for a case (inputs, both outcomes, the difference, the snippets).
// `participant`: for a three-way result, whose row it records ("": the engine's); every
// participant's outcome and the pattern are recorded too.
CaseRecord make_record(const DrawnCase& d, const CaseResult& r, const std::string& participant = "");
// Regenerates the case of `id` (shrink path included), runs it on both sides and records it.
// Starts the embedded interpreter in this process. A gradient id (":g") re-runs the gradient check.
CaseRecord replay(const CaseId& id, const GenConfig& cfg = {});

// ---- campaigns ----
struct Progress {
  uint64_t cases = 0;        // cases done
  uint64_t mismatches = 0;   // unaccepted mismatches so far (crashes included)
  double cases_per_s = 0;
  double seconds = 0;
  std::string op;            // an op in flight
};

struct Options {
  std::vector<std::string> ops;   // empty: every op in op_db()
  std::vector<DType> dtypes;      // empty: each op's claimed dtypes; else only these (skipping ops that claim none)
  uint64_t cases_per_op = 1000;   // used when time_budget_s == 0
  double time_budget_s = 0;       // > 0: run until the budget is spent, ops in round robin
  // > 0 (`parity fuzz --min-cases N`): draw each op until every dtype row of it has at least this
  // many compared cases (not-comparable ones do not count; three-way: the engine's row), with
  // time_budget_s, when set, as a cap. A row stops short when its first min_cases draws compared
  // none (the library lacks it) or after 20 x min_cases draws; Results::min_cases records N.
  uint64_t min_cases = 0;
  // Recorded as Results::opdb_hash: opinfo::op_db_hash(), which `parity fuzz` computes (seconds:
  // every entry's samples are drawn), or "" where nobody asks (the library's tests).
  std::string opdb_hash;
  uint64_t seed = 0;
  int jobs = 1;                   // worker processes
  int shard_index = 0;            // this shard: indices i with (i % shard_count) == shard_index
  int shard_count = 1;
  GenConfig gen;
  // Gradient campaign: only ops whose entry claims autograd; each case's property is the gradient
  // check (check_gradient), failures are Mismatch::grad. NumPy is not consulted.
  bool grad = false;
  bool shrink = true;             // shrink each op x dtype x kind's first few mismatches
  int shrink_per_key = 2;         // how many mismatches per op x dtype x kind to shrink (per worker)
  int shrink_steps = 200;         // the most steps one shrink takes
  bool isolate = true;            // fork workers (false: run in this process, no crash isolation)
  uint64_t batch = 256;           // cases per work unit / Python call
  // A library (torch, JAX; not NumPy's batch of the engine's campaign) runs case by case; a call
  // that has not returned after this many seconds is killed and recorded as the case's finding.
  double library_timeout_s = 60;
  std::function<void(const Progress&)> progress;       // called about 5 times a second
  std::function<void(const CaseRecord&)> on_finding;   // each recorded mismatch (shrunk), as it comes
  std::function<void(const Results&)> on_checkpoint;   // the partial results, about once a second
  // When set and *stop becomes non-zero (a SIGINT/SIGTERM handler sets it), the campaign ends
  // within a poll interval: units in flight are dropped, workers killed, complete = false.
  const volatile std::sig_atomic_t* stop = nullptr;
};

// Runs the campaign. Workers (forked before any Python starts; the parent never starts Python)
// draw and run cases; a worker that dies mid-case (segfault, abort) is restarted and the case in
// flight is recorded as a crash finding. Results have complete = true when the run finishes.
Results run_campaign(const Options& o);
// The gradient pass of `parity check`: a gradient campaign of `cases_per_op` cases over each op
// among `ops` (every op when empty) whose entry claims autograd. A wrong derivative fails it.
Options gradient_pass(const std::vector<std::string>& ops, uint64_t cases_per_op, uint64_t seed, int jobs);

// Test hook: when set (in a worker, before a case runs on the engine), called with the case;
// lets tests simulate an engine crash without a broken op.
extern std::function<void(const Case&)> g_before_engine_hook;
// Test hook: when set (in a worker, before a library call takes the case: NumPy's batch of the
// engine's campaign, or a library's call on the case alone), called with the case; lets tests
// simulate a library that crashes or never returns.
extern std::function<void(const Case&)> g_before_library_hook;

}  // namespace parity::fuzz

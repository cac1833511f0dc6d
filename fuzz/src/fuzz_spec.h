#pragma once
// Internal to the fuzzer core: the plain description a case is drawn as (CaseSpec), which
// shrinking simplifies and materialization turns into a Case.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "parity/fuzzer.h"
#include "parity/opinfo.h"

namespace parity::fuzz::detail {

// splitmix64: small, fast, and the same on every platform.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return n ? next() % n : 0; }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  bool chance(double p) { return unit() < p; }
  int64_t range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1)); }
};
uint64_t mix(uint64_t a, uint64_t b);
uint64_t hash_str(const std::string& s);

// One positional argument: a weak Python scalar, or a tensor given by its logical values and the
// memory layout the engine sees it in.
struct ArgSpec {
  bool is_scalar = false;
  Scalar scalar;
  Shape shape;                 // logical shape
  Tensor values;               // C-contiguous; shape with 1 on broadcast axes
  std::vector<int64_t> perm;   // memory order of the axes, outermost first (empty: identity)
  std::vector<int64_t> step;   // per axis (empty: all 1)
  std::vector<bool> flip;      // per axis (empty: none)
  std::vector<bool> bcast;     // per axis: expanded with stride 0 (empty: none)
  int64_t offset = 0;          // elements before the first one in storage
  bool keep_values = false;    // values from an op's sample (indices...): not simplified
  int fill_profile = -1;       // how `values` were drawn (-1: not drawn), so a JAX cluster redraws them
  std::optional<std::pair<double, double>> fill_domain;
  bool contiguous_layout() const;
  std::string layout_str() const;
};

struct CaseSpec {
  const opinfo::OpInfo* op = nullptr;
  DType dtype = DType::Float64;
  Variant variant = Variant::function;
  std::vector<ArgSpec> args;
  Kwargs kwargs;
  std::string note;
  std::string source = "generated";
  bool out_other_dtype = false;  // out= variant: an out tensor of out_dtype instead of the result's
  DType out_dtype = DType::Float64;
  bool grad = false;             // a gradient case (GenConfig::grad)
};

// The dtypes gradient cases of `op` are drawn in: its claimed float64 and complex128.
std::vector<DType> grad_dtypes(const opinfo::OpInfo& op);
CaseSpec draw_spec(const opinfo::OpInfo& op, uint64_t seed, uint64_t index, const GenConfig& cfg);
std::vector<CaseSpec> shrink_candidates(const CaseSpec& s);
Case materialize(const CaseSpec& s);
Tensor materialize_arg(const ArgSpec& a);
std::string layout_str(const CaseSpec& s);
// The spec of a case id (its shrink path applied), without materializing it.
// The references (and a library subject) on the cases, one Python call per library, compared with
// the engine outcomes computed already (empty when a library is the subject). Against "cpu": the
// reference is the engine's CPU run of each case (GPU cases).
std::vector<CaseResult> run_with_engine(const std::vector<const Case*>& cases, std::vector<Outcome> engine,
                                        const Pairing& p = {});
// Draws and runs case `id` on the engine in a forked child; true when the child died by a signal
// (`how` says which) or hung (20 s).
bool crashes_in_child(const CaseGen& gen, const CaseId& id, std::string* how);
// Draws and runs a library's case `id` (the library and NumPy) in a forked child; true when the
// child died by a signal or had not returned after `timeout_s` (`how` says which). Only in a
// process that has not started Python (false otherwise: forking a running interpreter is unsafe).
bool library_fails_in_child(const CaseGen& gen, const CaseId& id, std::string* how, double timeout_s);
CaseSpec spec_of(const opinfo::OpInfo& op, const CaseId& id, const GenConfig& cfg);
// "ValueError: [add] ..." for a Parity error, "C++ exception: ..." for any other.
std::string error_text(const std::exception& e);
// A gradient case whose forward raised: nothing to check; the error recorded as its outcome.
GradCheck forward_raised(GradCheck g, const std::exception& e);
// Where the op's record declares no derivative for the case's keywords or shape (NoGradWhere):
// the claim is what is checked, that backward raises RuntimeError; nullopt where none is declared.
std::optional<GradCheck> check_declared_undefined(const Case& c);

}  // namespace parity::fuzz::detail

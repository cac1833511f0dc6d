#pragma once
// The operator database: one entry per engine op says everything the tests need to know about it.
// Suites (suites/), the fuzzer (fuzz/), reports and `parity ops` are generated from it.
// Anchor: PyTorch's torch/testing/_internal/opinfo/core.py.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parity/case.h"
#include "parity/compare.h"
#include "parity/op_record.h"

namespace parity::opinfo {

// An input that must fail, with NumPy's exception class and a regex the engine's message matches.
struct ErrorInput {
  // A constructor, not an aggregate: entries brace-initialise the first three fields only.
  ErrorInput() = default;
  ErrorInput(SampleInput in, std::string cls, std::string regex, Variant v = Variant::function, Tensor o = Tensor())
      : input(std::move(in)), error_class(std::move(cls)), message_regex(std::move(regex)), variant(v), out(std::move(o)) {}
  SampleInput input;
  std::string error_class;    // e.g. "ValueError"; the engine must raise it or a subclass
  std::string message_regex;  // e.g. "\\[concatenate\\].*shape"
  Variant variant = Variant::function;  // inplace: args[0] is the target; out: writes into `out`
  Tensor out;
};

// A behaviour that deliberately differs from NumPy, or a case the suites skip, with the reason.
struct Discrepancy {
  enum class Kind : uint8_t { skip, differs };
  Kind kind = Kind::differs;
  std::vector<DType> dtypes;     // empty: every dtype
  std::vector<std::string> suites;  // empty: every suite ("NumpyRef", "Noncontiguous", ...)
  std::string what;              // the behaviour
  std::string reason;            // why
  // Which samples it concerns (by SampleInput::note); empty: all of them.
  std::string note;
  // Which cases it concerns, by a trait of the case's inputs (case_traits); empty: all of them.
  std::string when = "";
  // The pair it is about (issue 14): `subject` "" the engine (else "torch", "jax"), `against`
  // "" NumPy (else "torch", "jax"). Both empty: the engine against NumPy (and, for GPU cases,
  // against its own CPU result), as every declaration before issue 14. A declaration about the
  // engine never excuses PyTorch, nor the reverse.
  std::string subject = "";
  std::string against = "";
  // "" for every device; "cuda": GPU cases only (a difference of the device's arithmetic).
  std::string device = "";
};

// Traits of a case that declared discrepancies can be scoped by (so that the suites and the
// fuzzer, whose generated cases carry no sample note, recognise the same behaviour):
inline constexpr const char* kBf16PythonFloat = "bfloat16 with a Python float";
inline constexpr const char* kBf16MixedScalar = "bfloat16 with another array dtype and a Python scalar";
inline constexpr const char* kBf16MixedOut = "bfloat16 mixed with another dtype through out=";
inline constexpr const char* kFloatToIntOutOfRange = "float to integer cast of NaN, inf or an out-of-range value";
inline constexpr const char* kProductOverflow = "inf, nan or overflowing products";
inline constexpr const char* kOutCastPartials = "a reduction into an out= of another dtype";
inline constexpr const char* kAtJump = "a within 1e-4 of a multiple of b (a jump of floor(a/b) or trunc(a/b))";
inline constexpr const char* kReducedLayout = "an input not in C order";
inline constexpr const char* kSeveralNaNs = "more than one NaN in the first input";
inline constexpr const char* kAnyNaN = "a NaN in an input";
inline constexpr const char* kComplexOperand = "a complex operand (an array or a Python complex)";
// `natural`: for an out= of another dtype, the op's result without out= (when known).
std::vector<std::string> case_traits(const SampleInput& in, const Tensor& out = Tensor(),
                                     const Tensor& natural = Tensor());

// Discrepancies that hold for every op (shown as op "*" in reports/DISCREPANCIES.md).
const std::vector<Discrepancy>& global_discrepancies();

struct ToleranceOverride {
  DType dtype;
  Tolerance tol;
  std::string reason;
  // The pair it is about, as Discrepancy::subject/against: both empty, the engine against NumPy
  // (an override's reason is about how the engine computes); "torch", "jax" for a library's.
  std::string subject = "";
  std::string against = "";
};

using RunFn = std::function<std::vector<Tensor>(Variant, const std::vector<ArrayLike>& args,
                                                const Kwargs& kwargs, const Tensor& out)>;
using SamplesFn = std::function<std::vector<SampleInput>(DType)>;
using ErrorsFn = std::function<std::vector<ErrorInput>()>;

struct OpInfo {
  std::string name;                 // NumPy's name (engine function name where they differ: see aliases)
  std::vector<std::string> aliases;
  std::string family;               // "unary", "binary", "reduction", "shape", "creation", "linalg", "indexing"
  std::vector<Variant> variants;    // which forms exist in the engine
  std::vector<DType> dtypes_cpu;    // claimed; checked both ways by the Dtypes suite
  // Claimed on CUDA: derived, never written by an entry (op_db.cpp, derive_cuda_dtypes): the
  // dtypes_cpu that has_cuda_kernel(name, d) confirms; empty in a build without CUDA.
  std::vector<DType> dtypes_cuda;
  std::string numpy_ref;            // Python callable, e.g. "np.sin" or "lambda x: ..."
  std::string numpy_method;         // the ndarray method NumPy has for this op ("" if none)
  // The op in PyTorch and in JAX (issue 14), Python callables over that library's arrays, e.g.
  // "torch.sin", "jnp.sin" or "lambda x, **kw: ...". op_db.cpp derives them from numpy_ref where
  // the names agree; an entry sets them where they differ. `*_missing`: why the library has no
  // such op (the ref is then empty and every case is "not comparable").
  std::string torch_ref, jax_ref;
  std::string torch_method;         // the torch.Tensor method ("" if none); in-place is torch_method + "_"
  std::string torch_missing, jax_missing;
  SamplesFn sample_inputs;          // shapes, layouts and keyword combinations
  SamplesFn reference_inputs;       // extremal values: nan, ±inf, ±0, subnormals, int min/max
  ErrorsFn error_inputs;
  std::optional<std::pair<double, double>> domain;  // where the op is defined (sample values stay inside)
  std::vector<ToleranceOverride> tolerances;       // overrides of default_tolerance (by result dtype), each with a reason
  // On a GPU only, where the device's order of accumulation differs by design (cuBLAS picks its
  // kernel, and so its summation order, by whether an operand is stored transposed): the
  // tolerance between the GPU's result and the CPU's, and between layouts on the GPU, by result
  // dtype, each with a reason. Without one, a GPU case meets tolerance(d) against the CPU and
  // gives the same bits for every layout.
  std::vector<ToleranceOverride> device_tolerances;
  bool supports_autograd = false;
  bool supports_gradgrad = false;
  bool compiled = false;            // compile(f) records it (op record); the Compiled suite checks it
  // The fuzzer draws only ordinary values in the domain for this op (no specials, not the whole
  // range): a reference does not return on those. The entry declares it as a Fuzz skip with the reason.
  bool fuzz_ordinary_values = false;
  std::vector<Discrepancy> discrepancies;
  RunFn run;                        // calls the engine
  int nin = 1;                      // tensor inputs (for the elementwise suites)
  bool elementwise = false;         // broadcasts its inputs (Broadcasting, TypePromotion suites)
  bool promotes = false;            // result dtype comes from promoting the inputs (TypePromotion)
  // Sums of products (matmul, dot): the fuzzer also allows rtol * max|a| * max|b| absolute error,
  // the scale of each term, since a cancelling sum keeps the terms' rounding (BLAS's error bound).
  bool sum_of_products = false;
  // Properties of the op that shared declarations (case_traits.cpp) are scoped by:
  bool products = false;     // multiplies its inputs: which of inf and nan an overflowing product gives
  bool jumps = false;        // floor(a/b) or trunc(a/b) inside: no derivative where a/b is an integer
  bool accumulates = false;  // a reduction that adds, multiplies or compares in its iterator's order

  bool has_variant(Variant v) const;
  bool claims(DType d, Device dev = Device::cpu) const;  // any GPU: dtypes_cuda
  Tolerance tolerance(DType d) const;  // the engine's (against NumPy or its CPU result)
  // For a pair ("engine"/"numpy"/"cpu" count as the engine's): the overrides naming that pair,
  // else default_tolerance.
  Tolerance tolerance(DType d, const std::string& subject, const std::string& against) const;
  // The engine's on `dev`: a declared device tolerance for d on a GPU, else tolerance(d).
  Tolerance tolerance(DType d, Device dev) const;
  // Between two layouts of one case on `dev`: exact, but for a declared device tolerance on a GPU.
  Tolerance layout_tolerance(DType d, Device dev) const;
  // The discrepancy of kind `k` that covers this suite, dtype and sample note, if any.
  // Entries scoped by a trait (`when`) match only the overload that is given the case.
  const Discrepancy* find_discrepancy(Discrepancy::Kind k, const std::string& suite, DType d,
                                      const std::string& note = "") const;
  // The same for a whole case: its note and traits; the op's entries first, then the global ones.
  // `subject`, `against`: the pair compared ("engine"/"" and "numpy"/"cpu"/"": the engine's
  // declarations; "torch", "jax": those naming that library); the other overload is the engine's.
  const Discrepancy* find_discrepancy(Discrepancy::Kind k, const std::string& suite, DType d,
                                      const SampleInput& in, const Tensor& out = Tensor(),
                                      const Tensor& natural = Tensor(), const std::string& subject = "",
                                      const std::string& against = "", Device device = Device::cpu) const;
};

// Where a differentiable op has no derivative for this sample's keywords or shape (its record's
// no_grad_where rule: the Gradcheck suite and the gradient fuzzer check that backward raises
// there), or nullptr.
const NoGradWhere* no_grad_at(const OpInfo& op, const SampleInput& in);

// Every op in the database, in a stable order.
const std::vector<OpInfo>& op_db();
const OpInfo* find_op(const std::string& name);  // by name or alias; nullptr if absent
// Fills every entry's dtypes_cuda from has_cuda_kernel (op_db() calls it once).
void derive_cuda_dtypes(std::vector<OpInfo>& db);

// The ops the engine exposes, by name (a test checks each has an entry).
// engine_op_names() (parity/op_names.h) lists what the engine exposes; a test checks each has an entry.

}  // namespace parity::opinfo

#pragma once
// One record per op: the single declaration of what the op is, from which the op's name list, the
// OpInfo skeleton (name, aliases, family, variants, dtype claims, autograd claims) and the reports
// derive. Modelled on PyTorch's native_functions.yaml + derivatives.yaml, written as C++ data.
//
// A ufunc's record is its row in op_list.h (name, NumPy name, claimed dtypes); its derivative sits
// beside its kernel (PARITY_DERIVATIVE). Any other op states its record beside its implementation:
//
//   PARITY_OP_RECORD({.name = "sort", .family = "sorting", .forms = kFunction | kMethod | kOut,
//                     .dtypes = DTypeSet::all, .grad = "through its permutation (take_along_axis)"});
//
// opinfo/ seeds each OpInfo entry from the record (opinfo::entry_from_record) and a test checks
// that every record has an entry and every entry a record.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parity/dtype.h"

namespace parity {

// The forms an op comes in (NumPy's: np.f(x), x.f(), in place, out=).
using Forms = uint8_t;
inline constexpr Forms kFunction = 1, kMethod = 2, kInplace = 4, kOut = 8;
inline constexpr Forms kAllForms = kFunction | kMethod | kInplace | kOut;

// Named dtype sets for claims (kAllDTypes order).
enum class DTypeSet : uint8_t {
  all,                // every dtype
  all_but_bool,       // numbers
  all_but_complex,    // bool, integers, real floats
  real_numbers,       // integers and real floats (no bool, no complex)
  bool_and_integers,  // bitwise ops
  integers,           // no bool
  floating,           // float16, bfloat16, float32, float64
  inexact,            // float16, bfloat16, float32, float64, complex64, complex128
  linalg,             // every dtype but float16/bfloat16 (LAPACK computes in float32/64, complex64/128;
                      // bool and integers promote to float64 as NumPy's linalg does)
  none,               // the op claims dtypes itself (creation ops: the dtype is an argument)
};
std::vector<DType> dtypes_of(DTypeSet s);

// Where an op is differentiable for some keywords or shapes only, each case without a derivative
// is a rule: all of its keyword conditions hold and the first argument's matrix (last two axes)
// has the shape named. The op's backward raises with `why` there (autograd::no_grad_at), the
// Gradcheck suite and the gradient fuzzer check that it raises instead of checking a derivative,
// and Python's grad gets the same error.
struct KeywordIs {
  std::string keyword;
  std::string default_value;        // the value when the caller omits the keyword, as NumPy spells it
  std::vector<std::string> values;  // the rule holds for these: "raw", "True", "3"
};
enum class MatrixShape : uint8_t { any, tall, wide, non_square };  // M > N, M < N, M != N
struct NoGradWhere {
  std::vector<KeywordIs> keywords = {};
  MatrixShape shape = MatrixShape::any;
  std::string why = {};
};

struct OpRecord {
  std::string name;                       // the engine's C++ name
  std::string numpy = {};                 // NumPy's name where it differs (np.<numpy>); "" = name
  std::vector<std::string> aliases = {};  // more names: NumPy's aliases, the Array API standard's spellings
  std::string family = {};                // "unary", "binary", "reduction", "shape", "creation", "linalg",
                                          // "fft", "sorting", "sets", "indexing", "random"
  Forms forms = kFunction;
  DTypeSet dtypes = DTypeSet::all;        // claimed on the CPU (checked both ways by the Dtypes suite)
  // Derivatives. `no_grad` says why the op has none ("" = differentiable: the op records its
  // backward); `no_gradgrad` why double backward is not claimed ("" = claimed when differentiable).
  std::string no_grad = {};
  std::string no_gradgrad = {};
  std::string grad = {};                  // how the backward is computed, when worth saying (docs)
  std::vector<NoGradWhere> no_grad_where = {};  // a differentiable op's cases without a derivative
  // compile(f) records the op as a step of its program (every ufunc, and the ops that report to
  // the tracer); an op without it makes a traced f run eagerly. The Compiled suite checks it.
  bool compiled = false;
};

// Every op's record, sorted by name (ufunc rows from op_list.h and PARITY_OP_RECORD registrations).
const std::vector<OpRecord>& op_records();
// By name, NumPy name or alias; nullptr if none.
const OpRecord* find_op_record(std::string_view name);

// The rule of `r.no_grad_where` that holds for a call (`keyword(k)` gives the value the caller
// passed, as NumPy spells it, or nullopt; `first` is the first argument's shape); nullptr where
// the derivative is defined.
using KeywordLookup = std::function<std::optional<std::string>(const std::string&)>;
const NoGradWhere* no_grad_at(const OpRecord& r, const KeywordLookup& keyword,
                              const std::vector<int64_t>& first);
// The engine's form: the op by name and its keyword values as the op received them.
const NoGradWhere* no_grad_at(std::string_view op, const std::vector<std::pair<std::string, std::string>>& keywords,
                              const std::vector<int64_t>& first);

struct OpRecordRegistrar {
  explicit OpRecordRegistrar(OpRecord r);
};

}  // namespace parity

#define PARITY_OP_RECORD_CAT2(a, b) a##b
#define PARITY_OP_RECORD_CAT(a, b) PARITY_OP_RECORD_CAT2(a, b)
#define PARITY_OP_RECORD(...)                                                                \
  static const ::parity::OpRecordRegistrar PARITY_OP_RECORD_CAT(parity_op_record_, __LINE__)( \
      ::parity::OpRecord __VA_ARGS__)

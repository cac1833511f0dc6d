#pragma once
// One test case and what an executor made of it. Design: ../shared/DESIGN.md, "One case, end to end".
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "parity/tensor.h"

namespace parity {

namespace opinfo { struct OpInfo; }

enum class Variant : uint8_t { function, method, inplace, out };
const char* to_string(Variant v);

// A keyword argument's value, as NumPy takes it: None, bool, int, float, a tuple of ints, a dtype
// or a string.
using KwValue = std::variant<std::monostate, bool, int64_t, double, std::vector<int64_t>, DType, std::string>;
using Kwargs = std::vector<std::pair<std::string, KwValue>>;
const KwValue* find_kwarg(const Kwargs& kw, const std::string& key);
std::string kwvalue_python(const KwValue& v);  // Python source for the value: (0, 2), None, np.float32 ...

// Positional arguments (tensors or weak scalars) and keyword arguments of one call.
struct SampleInput {
  std::vector<ArrayLike> args;
  Kwargs kwargs;
  std::string note;  // what the sample exercises, e.g. "reference values"
};

struct Case {
  const opinfo::OpInfo* op = nullptr;
  Variant variant = Variant::function;
  SampleInput input;
  Device device = Device::cpu;
  Tensor out;  // for Variant::out: the tensor to write into (a fresh copy is made per executor)
  // For an out= of another dtype: the dtype the op computes in (its function variant's result).
  // The comparison then allows the looser tolerance of the two: cosh(float32, out=float64) is a
  // float32 result widened, not a float64 one.
  std::optional<DType> compute_dtype;
  Tensor natural;  // and that result itself (traits of the case look at it)
};

// The result of running a case: output tensors, or the Python-style error it raised.
struct Outcome {
  std::vector<Tensor> values;
  bool error = false;
  std::string error_class;              // e.g. "AxisError"
  std::vector<std::string> error_mro;   // the class and its bases, e.g. {"AxisError", "ValueError", ...}
  std::string error_message;
  std::vector<std::string> warnings;    // categories of warnings raised, e.g. "RuntimeWarning"
  // Recorded for library pairs only (run_library_observed, executors.h): the library's own
  // exception class and bases before the error table maps them onto NumPy's (error_mro), and
  // whether a result shares memory with a tensor argument (a view, not a copy).
  std::vector<std::string> native_error_mro;
  bool aliases_input = false;
  bool crashed = false;                 // a non-Parity C++ exception escaped the engine
  std::string reference;                // who computed it when a reference did, e.g. "numpy 2.2.6"
  // The library lacks the op, the variant or the dtype (its OpInfo mapping says so, or it cannot
  // represent the dtype): error_message says which. Never a pass and never a mismatch: reports
  // count such cases as "not comparable".
  bool not_comparable = false;
  bool raised(const std::string& cls) const;  // error of class `cls` or a subclass
};

// Who runs a case: the engine, or a library through the embedded interpreter ("numpy", "torch",
// "jax"; oracle/include/parity/executors.h makes them by name).
class Executor {
 public:
  virtual ~Executor() = default;
  virtual std::string name() const = 0;  // "engine", "numpy", "torch", "jax"
  virtual Outcome run(const Case& c) = 0;
  // Many cases at once, outcomes in order. Libraries behind Python answer a batch in one Python
  // call (the fuzzer's fast path); the default runs each case.
  virtual std::vector<Outcome> run_batch(const std::vector<const Case*>& cases);
};

// The engine as an executor (opinfo/src/engine_executor.cpp), on the case's device: on a GPU,
// tensor arguments and out= move there with their layouts (strides, offsets, flags), the op runs
// under a DeviceGuard (creation ops allocate there) and the results come back to the host.
class EngineExecutor : public Executor {
 public:
  std::string name() const override { return "engine"; }
  Outcome run(const Case& c) override;
};

// `t` (on the CPU) on device `d` with the same shape, strides, offset and writeable flag: the
// byte range holding its elements is copied as one block and the view rebuilt there (Tensor::to
// makes a contiguous copy). A tensor already on `d` is returned as is.
Tensor to_device_keeping_layout(const Tensor& t, Device d);

// Human-readable rendering of a case: op, variant, each input (dtype, shape, strides, values).
std::string describe(const Case& c, size_t max_values = 24);
std::string describe(const Outcome& o, size_t max_values = 24);

}  // namespace parity

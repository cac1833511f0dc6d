#pragma once
// Builders for tests (fuzz/, oracle/, suites/): a Case of an op by its name, an Outcome of values
// or of an error, a tensor's values as doubles, and a planted fault in one entry. An unknown op name throws, which fails the test.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "parity/case.h"
#include "parity/opinfo.h"

namespace parity::testing {

// While it lives, the database's entry `op` calls `run` instead of the engine: a test plants a
// fault (a wrong derivative) and shows that a gate built on the database catches it. In-process
// only: set it up before a campaign forks its workers.
class PlantedRun {
 public:
  PlantedRun(const std::string& op, opinfo::RunFn run);
  ~PlantedRun();
  PlantedRun(const PlantedRun&) = delete;
  PlantedRun& operator=(const PlantedRun&) = delete;

 private:
  opinfo::OpInfo* entry_ = nullptr;
  opinfo::RunFn saved_;
};

inline Case case_of(const std::string& op, std::vector<ArrayLike> args, Kwargs kw = {},
                    Variant v = Variant::function) {
  Case c;
  c.op = opinfo::find_op(op);
  if (!c.op) throw std::invalid_argument("case_of: no op named '" + op + "'");
  c.variant = v;
  c.input.args = std::move(args);
  c.input.kwargs = std::move(kw);
  return c;
}

inline Outcome values(std::vector<Tensor> ts) {
  Outcome o;
  o.values = std::move(ts);
  return o;
}

// An error of class `cls` (a direct subclass of Exception), and the library's own classes.
inline Outcome raised(const std::string& cls, std::vector<std::string> native = {}) {
  Outcome o;
  o.error = true;
  o.error_class = cls;
  o.error_mro = {cls, "Exception", "BaseException", "object"};
  o.native_error_mro = std::move(native);
  o.error_message = "boom";
  return o;
}

inline std::vector<double> as_doubles(const Tensor& t) {
  const Tensor c = t.astype(DType::Float64).contiguous();
  return std::vector<double>(c.data<double>(), c.data<double>() + c.size());
}

}  // namespace parity::testing

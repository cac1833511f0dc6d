#include <exception>

#include "parity/opinfo.h"

namespace parity {

namespace {
std::vector<std::string> mro_of(const std::string& cls) {
  if (cls == "AxisError") return {"AxisError", "ValueError", "IndexError", "Exception"};
  if (cls == "DTypePromotionError") return {"DTypePromotionError", "TypeError", "Exception"};
  if (cls == "UFuncTypeError") return {"UFuncTypeError", "TypeError", "Exception"};
  return {cls, "Exception"};
}

// In-place and out= variants write into their operand: each executor gets a private copy, as
// read-only as the operand.
Tensor private_copy(const Tensor& t) {
  if (!t.defined()) return t;
  Tensor c = t.copy();
  return t.writeable() ? c : c.setflags(false);
}
}  // namespace

Outcome EngineExecutor::run(const Case& c) {
  Outcome o;
  try {
    std::vector<ArrayLike> args = c.input.args;
    if (c.variant == Variant::inplace && !args.empty() && args[0].is_tensor())
      args[0] = ArrayLike(private_copy(args[0].tensor()));
    Tensor out = c.variant == Variant::out ? private_copy(c.out) : Tensor();
    o.values = c.op->run(c.variant, args, c.input.kwargs, out);
  } catch (const Error& e) {
    o.error = true;
    o.error_class = e.py_class();
    o.error_mro = mro_of(o.error_class);
    o.error_message = e.what();
  } catch (const std::exception& e) {
    o.error = true;
    o.crashed = true;
    o.error_class = "InternalError";
    o.error_message = e.what();
  }
  return o;
}

}  // namespace parity

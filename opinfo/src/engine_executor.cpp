#include <exception>

#include "parity/device.h"
#include "parity/opinfo.h"

namespace parity {

namespace {
std::vector<std::string> mro_of(const std::string& cls) {
  if (cls == "AxisError") return {"AxisError", "ValueError", "IndexError", "Exception"};
  if (cls == "DTypePromotionError") return {"DTypePromotionError", "TypeError", "Exception"};
  if (cls == "UFuncTypeError") return {"UFuncTypeError", "TypeError", "Exception"};
  if (cls == "LinAlgError") return {"LinAlgError", "ValueError", "Exception"};
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

Tensor to_device_keeping_layout(const Tensor& t, Device d) {
  if (!t.defined() || t.device() == d) return t;
  if (!t.device().is_cpu() || t.size() == 0 || t.is_contiguous()) {
    Tensor r = t.to(d);
    return t.writeable() ? r : r.setflags(false);
  }
  // The elements' byte range [lo, hi] in the storage moves as one block; the view is rebuilt on it.
  int64_t lo = t.offset(), hi = t.offset();
  for (int64_t i = 0; i < t.ndim(); ++i) {
    const int64_t reach = (t.shape()[i] - 1) * t.strides()[i];
    (reach < 0 ? lo : hi) += reach;
  }
  Tensor span(t.storage(), t.dtype(), {hi - lo + 1}, {1}, lo);
  Tensor moved = span.to(d);
  Tensor r(moved.storage(), t.dtype(), t.shape(), t.strides(), moved.offset() + (t.offset() - lo));
  return t.writeable() ? r : r.setflags(false);
}

Outcome EngineExecutor::run(const Case& c) {
  Outcome o;
  try {
    std::vector<ArrayLike> args = c.input.args;
    if (c.variant == Variant::inplace && !args.empty() && args[0].is_tensor())
      args[0] = ArrayLike(private_copy(args[0].tensor()));
    Tensor out = c.variant == Variant::out ? private_copy(c.out) : Tensor();
    if (c.device.is_cpu()) {
      o.values = c.op->run(c.variant, args, c.input.kwargs, out);
    } else {
      // On a GPU: tensor operands (and out=) move there in their layouts, creation defaults to
      // the device, and the results come back to the host for comparison. A result that is
      // not on the device (an op that ran on the host) is an error of its own.
      for (auto& a : args)
        if (a.is_tensor()) a = ArrayLike(to_device_keeping_layout(a.tensor(), c.device));
      out = to_device_keeping_layout(out, c.device);
      std::vector<Tensor> r;
      {
        DeviceGuard guard(c.device);
        r = c.op->run(c.variant, args, c.input.kwargs, out);
      }
      for (const Tensor& t : r) {
        if (t.defined() && t.device() != c.device)
          throw RuntimeError("[" + c.op->name + "] returned a result on " + to_string(t.device()) + " for operands on " +
                             to_string(c.device));
        o.values.push_back(t.defined() ? t.to(Device::cpu) : t);
      }
    }
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

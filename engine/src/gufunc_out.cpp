// out= of the gufunc-like ops (gufunc_out.h).
#include "gufunc_out.h"

#include "iter.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/promotion.h"
#include "shape_util.h"

namespace parity::gufunc {

void check_out(const char* op, const char* ufunc, DType loop, const Tensor& out) {
  if (!out.defined()) throw ValueError(op_msg(op, "undefined out= tensor"));
  out.check_writeable(op);
  if (!can_cast(loop, out.dtype(), Casting::same_kind))
    throw UFuncTypeError(op_msg(op, std::string("Cannot cast ufunc '") + ufunc + "' output from dtype('" + name(loop) +
                                        "') to dtype('" + name(out.dtype()) + "') with casting rule 'same_kind'"));
}

Tensor write_out(const char* op, const Tensor& r, const Tensor& out) {
  if (out.device() != r.device())
    throw RuntimeError(op_msg(op, "expected all tensors on one device, but found at least two devices, " +
                                      to_string(r.device()) + " and " + to_string(out.device())));
  if (r.shape() != out.shape()) {
    Shape b;
    try {
      b = broadcast_shape({r.shape(), out.shape()}, op);
    } catch (const ValueError&) {
      throw ValueError(op_msg(op, "operands could not be broadcast together: the result's loop dimensions " +
                                      shape_str(r.shape()) + " and out= " + shape_str(out.shape())));
    }
    if (out.ndim() < r.ndim())
      throw ValueError(op_msg(op, "output operand requires a reduction, but the reduction is not enabled (out= " +
                                      shape_str(out.shape()) + ", result " + shape_str(r.shape()) + ")"));
    if (b != out.shape())
      throw ValueError(op_msg(op, "non-broadcastable output operand with shape " + shape_str(out.shape()) +
                                      " doesn't match the broadcast shape " + shape_str(b)));
  }
  copy_cast(r.shape() == out.shape() ? r : r.broadcast_to(out.shape()), out);
  return record_into_out(op, out, r);
}

Tensor record_into_out(const char* op, const Tensor& out, const Tensor& r) {
  if (!autograd::needs_grad({r})) return out;
  return autograd::record(op, out, {r}, [](const Tensor& g) { return std::vector<Tensor>{g}; });
}

}  // namespace parity::gufunc

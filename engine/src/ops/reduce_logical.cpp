// any, all: truth of elements (NaN is true; a complex is true when either part is nonzero).
#include "../shape_util.h"
#include "parity/op_record.h"
#include "reduce_stub.h"
#include "parity/autograd.h"

namespace parity {
namespace reduce {
Tensor logical_cpu(const ReduceCall& c) {
  const bool all = c.kind == cuda::ReduceOp::all;
  Tensor res = new_tensor(c.plan.result_shape, DType::Bool);
  bool* o = res.data<bool>();
  dispatch<AllTypes>(c.x.dtype(), c.op, [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    for_each_output(c.plan, c.x, [&](const char* base, int64_t k) {
      bool acc = all;  // identity: all() of nothing is true, any() false
      for_each_row(c.plan, base, [&](const char* row, int64_t n, int64_t s) {
        for (int64_t i = 0; i < n && acc == all; ++i)
          acc = static_cast<C>(load<S>(row + i * s)) != C(0);
      });
      o[k] = acc;
    });
  });
  return res;
}
}  // namespace reduce

namespace {
Tensor logical(const Tensor& x, const Axes& axis, bool keepdims, const OutArg& out, bool all,
               const char* op) {
  reduce::check_defined(x, op);
  const reduce::Plan p = reduce::make_plan(x, axis, keepdims, op);
  const reduce::ReduceCall c{all ? cuda::ReduceOp::all : cuda::ReduceOp::any, x, axis, keepdims, p, DType::Bool, out, op};
  Tensor r = reduce::finish(reduce::reduce_stub.at(x.device(), op)(c), out, op);
  // Truth values: no derivative (only an inexact out= can carry a node, and it says so).
  if (autograd::needs_grad({x})) r = autograd::record_not_differentiable(op, r, {x});
  return r;
}
}  // namespace

Tensor any(const Tensor& x, Axes axis, bool keepdims, OutArg out) {
  return logical(x, axis, keepdims, out, false, "any");
}
Tensor all(const Tensor& x, Axes axis, bool keepdims, OutArg out) {
  return logical(x, axis, keepdims, out, true, "all");
}
Tensor Tensor::any(Axes axis, bool keepdims) const {
  return parity::any(*this, axis, keepdims);
}
Tensor Tensor::all(Axes axis, bool keepdims) const {
  return parity::all(*this, axis, keepdims);
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "any", .family = "reduction", .forms = kFunction | kMethod | kOut, .grad = "bool results: no gradient flows"});
PARITY_OP_RECORD({.name = "all", .family = "reduction", .forms = kFunction | kMethod | kOut, .grad = "bool results: no gradient flows"});

}  // namespace parity

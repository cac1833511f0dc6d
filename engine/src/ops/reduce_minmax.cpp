// amax, amin (NaN propagates), nanmax, nanmin (NumPy's fmax/fmin.reduce: NaN skipped), argmax,
// argmin (first NaN, else first extreme). Complex values compare lexicographically, as in NumPy.
#include "../compile/program.h"
#include "parity/op_record.h"
#include "../shape_util.h"
#include "../ufunc.h"
#include "reduce_stub.h"
#include "parity/autograd.h"

namespace parity {
namespace {

template <class C> bool greater(const C& a, const C& b) {
  if constexpr (is_complex_v<C>) return a.real() > b.real() || (a.real() == b.real() && a.imag() > b.imag());
  else return a > b;
}
// a is better than b for a max (or min) reduction.
template <class C> bool better(const C& a, const C& b, bool is_max) {
  return is_max ? greater(a, b) : greater(b, a);
}

Tensor extreme(const Tensor& x, const Axes& axis, bool keepdims, const OutArg& out, bool is_max,
               bool skip_nan, const char* op) {
  reduce::check_defined(x, op);
  const reduce::Plan p = reduce::make_plan(x, axis, keepdims, op);
  if (p.count == 0)
    throw ValueError(op_msg(op, std::string("zero-size array to reduction operation ") +
                                    (skip_nan ? (is_max ? "fmax" : "fmin") : (is_max ? "maximum" : "minimum")) +
                                    " which has no identity"));
  const UFuncDef& uf = skip_nan ? (is_max ? ufunc_fmax() : ufunc_fmin()) : (is_max ? ufunc_maximum() : ufunc_minimum());
  const DType loop = reduce::loop_dtype(uf, x.dtype(), std::nullopt, out, x.dtype());
  const cuda::ReduceOp kind = skip_nan ? (is_max ? cuda::ReduceOp::nanmax : cuda::ReduceOp::nanmin)
                                       : (is_max ? cuda::ReduceOp::max : cuda::ReduceOp::min);
  const reduce::ReduceCall c{kind, x, axis, keepdims, p, loop, out, op};
  return reduce::finish(reduce::reduce_stub.at(x.device(), op)(c), out, op);
}

Tensor arg_extreme(const Tensor& x, std::optional<int64_t> axis, bool keepdims, const OutArg& out,
                   bool is_max, const char* op) {
  reduce::check_defined(x, op);
  const bool flat = !axis || x.ndim() == 0;  // flattened in C order; a 0-d input acts as shape (1,)
  if (flat && axis) normalize_axis(*axis, 1, op);
  const Axes red = flat ? Axes() : Axes(std::vector<int64_t>{normalize_axis(*axis, x.ndim(), op)});
  const reduce::Plan p = reduce::make_plan(x, red, keepdims, op);
  if (p.count == 0)
    throw ValueError(op_msg(op, std::string("attempt to get ") + (is_max ? "argmax" : "argmin") +
                                    " of an empty sequence"));
  // NumPy checks the cast the other way round: out's dtype must cast safely to intp (bool, int8
  // and uint32 outs are accepted; uint64, float and complex are not).
  if (out.tensor && out.tensor->defined() && !can_cast(out.tensor->dtype(), DType::Int64, Casting::safe))
    throw TypeError(op_msg(op, std::string("Cannot cast scalar from dtype('") + name(out.tensor->dtype()) +
                                   "') to dtype('int64') according to the rule 'safe'"));
  if (out.tensor && out.tensor->defined() && out.tensor->shape() != p.result_shape)
    throw ValueError(op_msg(op, std::string("output array does not match result of np.") +
                                    (is_max ? "argmax" : "argmin")));
  const reduce::ReduceCall c{is_max ? cuda::ReduceOp::argmax : cuda::ReduceOp::argmin, x, red, keepdims, p,
                             DType::Int64, out, op};
  return reduce::finish(reduce::reduce_stub.at(x.device(), op)(c), out, op);
}
}  // namespace

namespace reduce {
// NumPy's maximum/fmax.reduce with out= loops in the dtype resolved for (out, x) (int8 into a
// uint64 out: float64), then casts into out. Having no identity, it first copies each output's
// first element (index 0 on the reduced axes) into out, cast from x's dtype straight to out's,
// and reads it back into the loop dtype: uint16 64459 into a uint8 out starts from 203.
Tensor extreme_cpu(const ReduceCall& c) {
  const Tensor& x = c.x;
  const OutArg& out = c.out;
  const DType loop = c.dtype;
  const bool is_max = c.kind == cuda::ReduceOp::max || c.kind == cuda::ReduceOp::nanmax;
  const bool skip_nan = c.kind == cuda::ReduceOp::nanmax || c.kind == cuda::ReduceOp::nanmin;
  const bool via_out = out.tensor && out.tensor->defined() && out.tensor->dtype() != loop;
  // With via_out both copies are dense in one axis order, so an element sits at the same offset.
  const Tensor src = via_out ? copy_keep_layout(x, loop) : cast_keep_layout(x, loop);
  const Tensor firsts = via_out ? copy_keep_layout(copy_keep_layout(x, out.tensor->dtype()), loop) : src;
  const ptrdiff_t first_shift = static_cast<const char*>(firsts.data_ptr()) - static_cast<const char*>(src.data_ptr());
  const Plan p = src.is_same_view(x) ? c.plan : make_plan(src, c.axis, c.keepdims, c.op);
  Tensor res = new_tensor(p.result_shape, src.dtype());
  dispatch<AllTypes>(src.dtype(), c.op, [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    S* o = res.data<S>();
    for_each_output(p, src, [&](const char* base, int64_t k) {
      bool first = true;
      C acc{};
      for_each_row(p, base, [&](const char* row, int64_t n, int64_t s) {
        for (int64_t i = 0; i < n; ++i) {
          if (first) {
            acc = static_cast<C>(load<S>(row + i * s + first_shift));
            first = false;
            continue;
          }
          C v = static_cast<C>(load<S>(row + i * s));
          if (skip_nan) {  // fmax: a NaN loses to any number
            if (is_nan_v(v)) continue;
            if (is_nan_v(acc) || better(v, acc, is_max)) acc = v;
          } else {  // maximum: the first NaN wins; ties take the later element (signed zeros)
            if (!is_nan_v(acc) && (is_nan_v(v) || !better(acc, v, is_max))) acc = v;
          }
        }
      });
      o[k] = static_cast<S>(acc);
    });
  });
  return res;
}

// The index of the first NaN, else of the first extreme, along the C-order run (the flattened
// input, or the one axis).
Tensor arg_extreme_cpu(const ReduceCall& c) {
  const bool flat = !c.axis;
  const bool is_max = c.kind == cuda::ReduceOp::argmax;
  const Tensor src = flat ? c.x.reshape({-1}) : c.x;
  const Plan p = make_plan(src, flat ? Axes(std::vector<int64_t>{0}) : c.axis, c.keepdims, c.op);
  Tensor res = new_tensor(c.plan.result_shape, DType::Int64);
  int64_t* o = res.data<int64_t>();
  dispatch<AllTypes>(src.dtype(), c.op, [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    for_each_output(p, src, [&](const char* base, int64_t k) {
      C best{};
      int64_t bi = -1, i = 0;
      bool done = false;
      for_each_row(p, base, [&](const char* row, int64_t n, int64_t s) {
        for (int64_t j = 0; j < n && !done; ++j, ++i) {
          C v = static_cast<C>(load<S>(row + j * s));
          if (is_nan_v(v)) { bi = i; done = true; }  // the first NaN is the answer
          else if (bi < 0 || better(v, best, is_max)) { best = v; bi = i; }
        }
      });
      o[k] = bi;
    });
  });
  return res;
}
}  // namespace reduce

namespace {
// amax & co.: g goes to the elements equal to the result, split evenly among ties (PyTorch's
// amax/amin); a NaN result (amax over a NaN) equals nothing and gives no gradient.
Tensor extreme_recorded(const Tensor& x, const Axes& axis, bool keepdims, const OutArg& out, bool is_max,
                        bool skip_nan, const char* op) {
  if (!autograd::needs_grad({x})) return extreme(x, axis, keepdims, out, is_max, skip_nan, op);
  Tensor r = extreme(x.detach(), axis, keepdims, out, is_max, skip_nan, op);
  return autograd::record(op, r, {x},
                          [sx = autograd::SavedTensor(x), so = autograd::SavedTensor(r), axis, keepdims, op](const Tensor& g) {
                            Tensor xv = sx.get(op), o = so.get(op);
                            Tensor mask = equal(xv, reduce::expand_reduced(o, xv.shape(), axis, keepdims, op));
                            Tensor cnt = sum(mask, axis, true);
                            Tensor eg = divide(reduce::expand_reduced(g, xv.shape(), axis, keepdims, op), cnt);
                            return std::vector<Tensor>{where(mask, eg, 0)};
                          });
}
}  // namespace

Tensor amax(const Tensor& x, Axes axis, bool keepdims, OutArg out) {
  if (compile_detail::g_tracer && !out.tensor)
    return compile_detail::traced_op("amax", {x}, [=](const std::vector<Tensor>& a) { return amax(a[0], axis, keepdims); });
  return extreme_recorded(x, axis, keepdims, out, true, false, "amax");
}
Tensor amin(const Tensor& x, Axes axis, bool keepdims, OutArg out) {
  if (compile_detail::g_tracer && !out.tensor)
    return compile_detail::traced_op("amin", {x}, [=](const std::vector<Tensor>& a) { return amin(a[0], axis, keepdims); });
  return extreme_recorded(x, axis, keepdims, out, false, false, "amin");
}
Tensor nanmax(const Tensor& x, Axes axis, bool keepdims, OutArg out) {
  return extreme_recorded(x, axis, keepdims, out, true, true, "nanmax");
}
Tensor nanmin(const Tensor& x, Axes axis, bool keepdims, OutArg out) {
  return extreme_recorded(x, axis, keepdims, out, false, true, "nanmin");
}
// argmax/argmin give integer indices: declared not differentiable (record_not_differentiable
// attaches nothing to an integer result, so this only documents it).
Tensor argmax(const Tensor& x, std::optional<int64_t> axis, bool keepdims, OutArg out) {
  Tensor r = arg_extreme(x, axis, keepdims, out, true, "argmax");
  if (!autograd::needs_grad({x})) return r;
  return autograd::record_not_differentiable("argmax", r, {x});
}
Tensor argmin(const Tensor& x, std::optional<int64_t> axis, bool keepdims, OutArg out) {
  Tensor r = arg_extreme(x, axis, keepdims, out, false, "argmin");
  if (!autograd::needs_grad({x})) return r;
  return autograd::record_not_differentiable("argmin", r, {x});
}
Tensor Tensor::max(Axes axis, bool keepdims) const {
  return parity::amax(*this, axis, keepdims);
}
Tensor Tensor::min(Axes axis, bool keepdims) const {
  return parity::amin(*this, axis, keepdims);
}
Tensor Tensor::argmax(std::optional<int64_t> axis, bool keepdims) const {
  return parity::argmax(*this, axis, keepdims);
}
Tensor Tensor::argmin(std::optional<int64_t> axis, bool keepdims) const {
  return parity::argmin(*this, axis, keepdims);
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "amax", .aliases = {"max"}, .family = "reduction", .forms = kFunction | kMethod | kOut, .compiled = true});
PARITY_OP_RECORD({.name = "amin", .aliases = {"min"}, .family = "reduction", .forms = kFunction | kMethod | kOut, .compiled = true});
PARITY_OP_RECORD({.name = "nanmax", .family = "reduction", .forms = kFunction | kOut});
PARITY_OP_RECORD({.name = "nanmin", .family = "reduction", .forms = kFunction | kOut});
PARITY_OP_RECORD({.name = "argmax", .family = "reduction", .forms = kFunction | kMethod | kOut, .grad = "integer results: no gradient flows"});
PARITY_OP_RECORD({.name = "argmin", .family = "reduction", .forms = kFunction | kMethod | kOut, .grad = "integer results: no gradient flows"});

}  // namespace parity

// searchsorted, count_nonzero, isin (NumPy's), searching in NumPy's sort order (sort_order.h).
#include <algorithm>
#include <numeric>
#include <vector>

#include "../shape_util.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "sort_order.h"
#include "../require_cpu.h"

namespace parity {

PARITY_OP_RECORD({.name = "searchsorted", .family = "sorting", .forms = kFunction | kMethod,
                  .dtypes = DTypeSet::all, .no_grad = "an index is piecewise constant"});
PARITY_OP_RECORD({.name = "count_nonzero", .family = "reduction", .forms = kFunction, .dtypes = DTypeSet::all,
                  .no_grad = "a count is piecewise constant"});
PARITY_OP_RECORD({.name = "isin", .family = "sets", .forms = kFunction, .dtypes = DTypeSet::all,
                  .no_grad = "a bool result"});

namespace {
// The dtype a and b are compared in: their common dtype, or, for pairs NumPy's promotion
// rejects (bfloat16 with an integer), float64 (complex128 with a complex), as NumPy's comparison
// loops compare them exactly.
DType compared_in(DType a, DType b, const char* op) {
  try {
    return promote_types(a, b, op);
  } catch (const TypeError&) {
    return is_complex(a) || is_complex(b) ? DType::Complex128 : DType::Float64;
  }
}
// Looks each element of `queries` up among `keys`, both compared in dtype dt in NumPy's sort
// order: the keys are read in `order` (searchsorted: a, already sorted, read through its sorter)
// or, without one, sorted here (isin). visit(k, sorted_keys, x, less) handles the k-th query x.
template <class Visit>
void lookup(const Tensor& keys, const std::vector<int64_t>* order, const Tensor& queries, DType dt, const char* op,
            Visit&& visit) {
  const Tensor kc = keys.astype(dt).contiguous(), qc = queries.astype(dt).contiguous();
  dispatch<AllTypes>(dt, op, [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    const S* kp = kc.data<S>();
    const S* qp = qc.data<S>();
    std::vector<C> sorted(static_cast<size_t>(kc.size()));
    for (int64_t i = 0; i < kc.size(); ++i)
      sorted[static_cast<size_t>(i)] = static_cast<C>(kp[order ? (*order)[static_cast<size_t>(i)] : i]);
    auto lt = [](const C& a_, const C& b_) { return sort_order::less(a_, b_); };
    if (!order) std::sort(sorted.begin(), sorted.end(), lt);
    for (int64_t k = 0, m = qc.size(); k < m; ++k) visit(k, sorted, static_cast<C>(qp[k]), lt);
  });
}

Tensor not_differentiable(const char* op, Tensor r, const std::vector<Tensor>& inputs) {
  if (!autograd::needs_grad(inputs)) return r;
  return autograd::record_not_differentiable(op, r, inputs);
}
}  // namespace

Tensor searchsorted(const Tensor& a, const ArrayLike& v, const std::string& side, const Tensor& sorter) {
  const char* op = "searchsorted";
  if (!a.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  require_cpu(a, op);
  if (a.ndim() > 1) throw ValueError(op_msg(op, "object too deep for desired array"));
  if (a.ndim() < 1) throw ValueError(op_msg(op, "object of too small depth for desired array"));
  if (side != "left" && side != "right")
    throw ValueError(op_msg(op, "search side must be 'left' or 'right' (got '" + side + "')"));
  const bool right = side == "right";
  const Tensor vt = v.to_tensor(std::nullopt, op).detach();
  require_cpu(vt, op);
  const int64_t n = a.size();
  // The order to read a in: sorter, checked (NumPy reads it unchecked).
  std::vector<int64_t> order(n);
  if (sorter.defined()) {
    if (is_inexact(sorter.dtype())) throw TypeError(op_msg(op, "sorter must only contain integers"));
    if (sorter.dtype() == DType::UInt64) throw ValueError(op_msg(op, "could not parse sorter argument"));
    if (sorter.ndim() != 1 && sorter.ndim() != 0)
      throw ValueError(op_msg(op, "sorter.size must equal a.size"));  // NumPy flattens nothing here
    if (sorter.size() != n) throw ValueError(op_msg(op, "sorter.size must equal a.size"));
    const Tensor s = sorter.detach().astype(DType::Int64).contiguous();
    const int64_t* sp = s.data<int64_t>();
    for (int64_t i = 0; i < n; ++i) {
      if (sp[i] < 0 || sp[i] >= n) throw ValueError(op_msg(op, "Sorter index out of range."));
      order[i] = sp[i];
    }
  } else {
    std::iota(order.begin(), order.end(), int64_t{0});
  }
  // Compared in the common dtype of a and v (NumPy: v converted to an array first).
  const DType dt = compared_in(a.dtype(), vt.dtype(), op);
  Tensor res = new_tensor(vt.shape(), DType::Int64, op);
  int64_t* o = res.data<int64_t>();
  lookup(a.detach(), &order, vt, dt, op, [&](int64_t k, const auto& keys, const auto& x, auto lt) {
    auto it = right ? std::upper_bound(keys.begin(), keys.end(), x, lt) : std::lower_bound(keys.begin(), keys.end(), x, lt);
    o[k] = it - keys.begin();
  });
  std::vector<Tensor> ins{a};
  if (v.is_tensor()) ins.push_back(v.tensor());
  return not_differentiable(op, res, ins);
}

Tensor Tensor::searchsorted(const ArrayLike& v, const std::string& side) const {
  return parity::searchsorted(*this, v, side);
}
Tensor Tensor::searchsorted(const ArrayLike& v, const std::string& side, const Tensor& sorter) const {
  return parity::searchsorted(*this, v, side, sorter);
}

Tensor count_nonzero(const Tensor& x, Axes axis, bool keepdims) {
  const char* op = "count_nonzero";
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  // NumPy: x.astype(bool).sum(axis, dtype=intp, keepdims); an int axis of a 0-d array is 0 or -1.
  if (axis) {
    const int64_t nd = x.ndim() == 0 && axis->is_int() ? 1 : x.ndim();
    std::vector<int64_t> seen;
    for (int64_t a : *axis) {
      const int64_t n = normalize_axis(a, nd, op);
      if (std::find(seen.begin(), seen.end(), n) != seen.end())
        throw ValueError(op_msg(op, "duplicate value in 'axis'"));
      seen.push_back(n);
    }
  }
  Tensor r = sum(x.detach().astype(DType::Bool), axis, keepdims, DType::Int64);
  return not_differentiable(op, r, {x});
}

Tensor isin(const ArrayLike& element, const ArrayLike& test_elements, bool invert) {
  const char* op = "isin";
  const Tensor e = element.to_tensor(std::nullopt, op).detach(), t = test_elements.to_tensor(std::nullopt, op).detach();
  require_cpu(e, op);
  require_cpu(t, op);
  const DType dt = compared_in(e.dtype(), t.dtype(), op);
  Tensor res = new_tensor(e.shape(), DType::Bool, op);
  bool* o = res.data<bool>();
  lookup(t, nullptr, e, dt, op, [&](int64_t k, const auto& keys, const auto& x, auto lt) {
    // Equal elements are adjacent in the order; NaN (and complex with a NaN part) equals nothing.
    auto it = std::lower_bound(keys.begin(), keys.end(), x, lt);
    o[k] = (it != keys.end() && *it == x) != invert;
  });
  std::vector<Tensor> ins;
  if (element.is_tensor()) ins.push_back(element.tensor());
  if (test_elements.is_tensor()) ins.push_back(test_elements.tensor());
  return not_differentiable(op, res, ins);
}

}  // namespace parity

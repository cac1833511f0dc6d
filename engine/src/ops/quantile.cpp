// np.median and np.quantile, written step by step as NumPy 2.2's _median and _quantile
// (numpy/lib/_function_base_impl.py) in the engine's own NumPy-exact ops, so that every rounding
// is NumPy's: the virtual indexes in q's dtype, the interpolation in the promoted dtype, and an
// integer difference b - a that wraps as NumPy's does. The reduced axes are moved last and merged
// (NumPy's _ureduce), then sorted in NumPy's order (NaN last) instead of partitioned: the
// elements read are the same.
#include <algorithm>
#include <string>
#include <vector>

#include "../require_cpu.h"
#include "../shape_util.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/op_record.h"
#include "parity/ops.h"

namespace parity {

PARITY_OP_RECORD({.name = "median", .family = "reduction", .forms = kFunction, .dtypes = DTypeSet::all,
                  .no_grad = "no backward is written for median yet"});
PARITY_OP_RECORD({.name = "quantile", .family = "reduction", .forms = kFunction, .dtypes = DTypeSet::real_numbers,
                  .no_grad = "no backward is written for quantile yet"});

namespace {

// a with the reduced axes merged into one last axis; `keep` is the result's shape under keepdims.
struct Rows {
  Tensor t;
  Shape keep;
};

Rows rows_of(const Tensor& a, const Axes& axis, const char* op) {
  const int64_t nd = a.ndim();
  std::vector<bool> red(static_cast<size_t>(nd), !axis.has_value());
  if (axis)
    for (int64_t ax : *axis) {
      const int64_t k = normalize_axis(ax, nd, op);
      if (red[static_cast<size_t>(k)]) throw ValueError(op_msg(op, "duplicate value in 'axis'"));
      red[static_cast<size_t>(k)] = true;
    }
  std::vector<int64_t> perm, back;
  Shape outer, keep;
  int64_t n = 1;
  for (int64_t i = 0; i < nd; ++i) {
    const int64_t s = a.shape(i);
    if (red[static_cast<size_t>(i)]) {
      back.push_back(i);
      n *= s;
      keep.push_back(1);
    } else {
      perm.push_back(i);
      outer.push_back(s);
      keep.push_back(s);
    }
  }
  // NumPy's _ureduce merges any number of axes but one (0 too) with reshape(kept + (-1,)), which cannot infer -1
  // when a kept axis has size 0.
  int64_t kept = 1;
  for (int64_t s : outer) kept *= s;
  if (axis && back.size() != 1 && !outer.empty() && kept == 0) {
    std::string sh;
    for (int64_t s : outer) sh += std::to_string(s) + ",";
    throw ValueError(op_msg(op, "cannot reshape array of size 0 into shape (" + sh + "newaxis)"));
  }
  perm.insert(perm.end(), back.begin(), back.end());
  outer.push_back(n);
  return {transpose(a, perm).reshape(outer), keep};
}

// The result r (q's dims first, then the kept axes) in the keepdims shape.
Tensor with_keepdims(const Tensor& r, const Rows& rows, int64_t qdims) {
  Shape s(r.shape().begin(), r.shape().begin() + qdims);
  s.insert(s.end(), rows.keep.begin(), rows.keep.end());
  return r.reshape(s);
}

Tensor not_differentiable(const char* op, Tensor r, const Tensor& a) {
  if (!autograd::needs_grad({a})) return r;
  return autograd::record_not_differentiable(op, r, {a});
}

Tensor last(const Tensor& sorted) { return take(sorted, asarray(Scalar(int64_t{-1})), -1); }

bool numpy_float_kind(DType d) { return d == DType::Float16 || d == DType::Float32 || d == DType::Float64; }

const std::vector<std::string>& method_names() {
  static const std::vector<std::string> v = {"inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                                             "interpolated_inverted_cdf", "hazen", "weibull", "linear",
                                             "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint",
                                             "nearest"};
  return v;
}

// NumPy's _discrete_interpolation_to_boundaries: floor(index), or the next index where `take_next`.
Tensor to_boundaries(const Tensor& index, const Tensor& take_previous) {
  Tensor prev = floor(index);
  Tensor res = where(take_previous, prev, add(prev, Scalar(int64_t{1}))).astype(DType::Int64);
  return where(less(res, Scalar(int64_t{0})), Scalar(int64_t{0}), res);
}

}  // namespace

Tensor median(const Tensor& x, Axes axis, bool keepdims) {
  const char* op = "median";
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  require_cpu(x, op);
  const Tensor a = x.detach();
  Rows rows = rows_of(a, axis, op);
  const int64_t n = rows.t.shape(-1);
  const Tensor s = sort(rows.t, -1);
  // The middle element, or the mean of the middle two (np.mean: float16 through float32, integers
  // and bool in float64).
  const int64_t h = n / 2;
  const Tensor mid = n % 2 == 1 ? asarray(std::vector<int64_t>{h}) : asarray(std::vector<int64_t>{std::max<int64_t>(h - 1, 0), h});
  Tensor r = n == 0 ? mean(s, -1) : mean(take(s, mid, -1), -1);
  // A row with a NaN (sorted last) is NaN; NumPy checks only non-empty rows.
  if (is_inexact(a.dtype()) && n > 0) {
    const Tensor l = last(s);  // NumPy copies that element in (a 0-d result becomes it)
    r = r.ndim() == 0 && isnan(l).item<bool>() ? l : where(isnan(l), l, r).astype(r.dtype());
  }
  if (keepdims) r = with_keepdims(r, rows, 0);
  return not_differentiable(op, r, x);
}

Tensor quantile(const Tensor& x, const ArrayLike& q_in, Axes axis, const std::string& method, bool keepdims) {
  const char* op = "quantile";
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  require_cpu(x, op);
  const Tensor a = x.detach();
  if (is_complex(a.dtype())) throw TypeError(op_msg(op, "a must be an array of real numbers"));
  // A Python int or float q takes a float array's dtype (NumPy's rule: ml_dtypes' bfloat16 is not
  // of kind 'f'); any other q keeps its own.
  const bool py_real = !q_in.is_tensor() && q_in.scalar().type != Scalar::Type::Complex;
  const Tensor q = py_real && numpy_float_kind(a.dtype()) ? asarray(q_in.scalar(), a.dtype())
                                                          : q_in.to_tensor(std::nullopt, op).detach();
  require_cpu(q, op);
  if (q.size() > 0 && !all(logical_and(greater_equal(q, Scalar(0.0)), less_equal(q, Scalar(1.0)))).item<bool>())
    throw ValueError(op_msg(op, "Quantiles must be in the range [0, 1]"));
  Rows rows = rows_of(a, axis, op);
  if (q.ndim() > 2) throw ValueError(op_msg(op, "q must be a scalar or 1d"));
  const std::vector<std::string>& names = method_names();
  if (std::find(names.begin(), names.end(), method) == names.end()) {
    std::string keys;
    for (const std::string& m : names) keys += (keys.empty() ? "'" : ", '") + m + "'";
    throw ValueError(op_msg(op, "'" + method + "' is not a valid method. Use one of: dict_keys([" + keys + "])"));
  }
  const int64_t n = rows.t.shape(-1);
  const Scalar sn(n), sn1(n - 1), one(int64_t{1});
  auto virtual_index = [&](double alpha, double beta) {  // n q + (alpha + q (1 - alpha - beta)) - 1
    return subtract(add(multiply(sn, q), add(Scalar(alpha), multiply(q, Scalar(1 - alpha - beta)))), one);
  };
  // The virtual indexes (q's shape, in q's dtype), or for the discrete methods the indexes.
  Tensor vi;
  bool discrete = false;
  if (method == "inverted_cdf") {
    const Tensor idx = subtract(multiply(sn, q), one);
    vi = to_boundaries(idx, equal(subtract(idx, floor(idx)), Scalar(int64_t{0})));
    discrete = true;
  } else if (method == "closest_observation") {
    const Tensor idx = subtract(subtract(multiply(sn, q), one), Scalar(0.5));
    const Tensor prev = floor(idx);
    vi = to_boundaries(idx, logical_and(equal(subtract(idx, prev), Scalar(int64_t{0})),
                                        equal(remainder(prev, Scalar(int64_t{2})), Scalar(int64_t{1}))));
    discrete = true;
  } else if (method == "lower" || method == "higher" || method == "nearest") {
    const Tensor v = multiply(sn1, q);
    vi = (method == "lower" ? floor(v) : method == "higher" ? ceil(v) : around(v)).astype(DType::Int64);
    discrete = true;
  } else if (method == "averaged_inverted_cdf") {
    vi = subtract(multiply(sn, q), one);
  } else if (method == "midpoint") {
    const Tensor v = multiply(sn1, q);
    vi = multiply(Scalar(0.5), add(floor(v), ceil(v)));
  } else if (method == "linear") {
    vi = multiply(sn1, q);
    discrete = !is_inexact(vi.dtype());  // an integer q: NumPy takes the elements
  } else if (method == "interpolated_inverted_cdf") {
    vi = virtual_index(0, 1);
  } else if (method == "hazen") {
    vi = virtual_index(0.5, 0.5);
  } else if (method == "weibull") {
    vi = virtual_index(0, 0);
  } else if (method == "median_unbiased") {
    vi = virtual_index(1 / 3.0, 1 / 3.0);
  } else {
    vi = virtual_index(3 / 8.0, 3 / 8.0);
  }
  if (!discrete && a.dtype() == DType::Bool)
    throw TypeError(op_msg(op, "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the "
                               "`^` operator, or the logical_xor function instead."));
  // An empty axis: NumPy's partition, NaN check (arr[-1]) or indexing raises, except for an
  // integer array without elements whose interpolation indexes an empty result.
  if (n == 0) {
    const bool other = rows.t.size() == 0 && rows.t.ndim() > 1 && [&] {
      for (int64_t i = 0; i + 1 < rows.t.ndim(); ++i)
        if (rows.t.shape(i) == 0) return true;
      return false;
    }();
    if (is_inexact(a.dtype())) throw IndexError(op_msg(op, "index -1 is out of bounds for axis 0 with size 0"));
    if (discrete && !other) throw IndexError(op_msg(op, "cannot do a non-empty take from an empty axes."));
    if (discrete) throw IndexError(op_msg(op, "index -1 is out of bounds for axis 0 with size 0"));
    if (!other) throw IndexError(op_msg(op, "index 0 is out of bounds for axis 0 with size 0"));
    // No elements at all: the interpolation's empty result, but a 0-d q indexes with a scalar
    // (NumPy's arr[previous_indexes] then checks the bound: 0 below the range, -1 above it).
    if (vi.ndim() == 0)
      throw IndexError(op_msg(op, std::string("index ") + (less(vi, Scalar(int64_t{0})).item<bool>() ? "0" : "-1") +
                                      " is out of bounds for axis 0 with size 0"));
    Shape sh = vi.shape();
    sh.insert(sh.end(), rows.t.shape().begin(), rows.t.shape().end() - 1);
    Tensor r = zeros(sh, promote_types(a.dtype(), vi.dtype(), op));
    return keepdims ? with_keepdims(r, rows, vi.ndim()) : r;
  }
  const Tensor s = sort(rows.t, -1);
  const int64_t qd = vi.ndim();
  // take along the merged axis gives (outer..., q...); NumPy's result is (q..., outer...).
  auto gather = [&](const Tensor& idx) {
    Tensor t = take(s, idx, -1);
    std::vector<int64_t> src, dst;
    for (int64_t i = 0; i < qd; ++i) {
      src.push_back(t.ndim() - qd + i);
      dst.push_back(i);
    }
    return moveaxis(t, src, dst);
  };
  Tensor r;
  if (discrete) {
    r = gather(vi.astype(DType::Int64));
  } else {
    // NumPy's _get_indexes: both neighbours the last element above n - 1, the first below 0, the
    // last for a NaN index.
    const Tensor prev_f = floor(vi);
    Tensor prev = prev_f, next = add(prev_f, one);
    const Tensor above = greater_equal(vi, Scalar(n - 1)), below = less(vi, Scalar(int64_t{0}));
    prev = where(above, Scalar(int64_t{-1}), prev);
    next = where(above, Scalar(int64_t{-1}), next);
    prev = where(below, Scalar(int64_t{0}), prev);
    next = where(below, Scalar(int64_t{0}), next);
    if (is_inexact(a.dtype())) {
      const Tensor nan_index = isnan(vi);
      prev = where(nan_index, Scalar(int64_t{-1}), prev);
      next = where(nan_index, Scalar(int64_t{-1}), next);
    }
    prev = prev.astype(DType::Int64);
    next = next.astype(DType::Int64);
    // gamma: the fractional part (against the adjusted integer index), then the method's fix, in
    // vi's dtype.
    Tensor gamma = subtract(vi, prev);
    if (method == "midpoint")
      gamma = where(equal(remainder(vi, one), Scalar(int64_t{0})), Scalar(0.0), full(gamma.shape(), Scalar(0.5)));
    else if (method == "averaged_inverted_cdf")
      gamma = where(equal(gamma, Scalar(int64_t{0})), Scalar(0.5), full(gamma.shape(), Scalar(1.0)));
    gamma = gamma.astype(vi.dtype());
    Shape gs = gamma.shape();
    for (int64_t i = 0; i + 1 < s.ndim(); ++i) gs.push_back(1);
    gamma = gamma.reshape(gs);
    // NumPy's _lerp: a + (b - a) t, or b - (b - a)(1 - t) where t >= 0.5.
    const Tensor lo = gather(prev), hi = gather(next);
    const Tensor diff = subtract(hi, lo);
    const Tensor lerp = add(lo, multiply(diff, gamma));
    const Tensor upper = subtract(hi, multiply(diff, subtract(one, gamma)));
    r = where(greater_equal(gamma, Scalar(0.5)), upper.astype(lerp.dtype()), lerp);
  }
  // A row with a NaN (sorted last) gives that NaN; a 0-d result becomes the NaN element itself
  // (NumPy's `result = arr[-1]`, of a's dtype).
  if (is_inexact(a.dtype())) {
    const Tensor l = last(s), has_nan = isnan(l);
    if (any(has_nan).item<bool>()) {
      if (r.ndim() == 0) r = l;
      else r = where(has_nan, l, r).astype(r.dtype());
    }
  }
  if (keepdims) r = with_keepdims(r, rows, qd);
  return not_differentiable(op, r, x);
}

}  // namespace parity

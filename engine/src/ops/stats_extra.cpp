// np.ptp, np.average, np.nanprod, np.nancumsum, np.nanvar, np.nanstd, np.nanargmax, np.nanargmin,
// np.isclose, np.allclose, np.array_equal, np.nan_to_num, np.trace, np.percentile: NumPy 2.2's Python code
// (numpy/_core/_methods.py, lib/_function_base_impl.py, lib/_nanfunctions_impl.py) step by step in
// the engine's own ops, so that dtypes and roundings are NumPy's and autograd flows through the
// ops composed (nanvar and nanstd, whose forward writes in place, record their derivative).
#include <algorithm>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "../iter.h"
#include "../shape_util.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/linalg.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "parity/promotion.h"
#include "reduce_util.h"

namespace parity {

PARITY_OP_RECORD({.name = "ptp", .family = "reduction", .forms = kFunction | kOut, .dtypes = DTypeSet::all_but_bool,
                  .grad = "through amax and amin"});
PARITY_OP_RECORD({.name = "average", .family = "reduction", .forms = kFunction,
                  .grad = "through mean, or multiply, sum and divide (weights too)"});
PARITY_OP_RECORD({.name = "nanprod", .family = "reduction", .forms = kFunction | kOut,
                  .no_gradgrad = "its double backward (through where, then prod) fails gradgradcheck: not investigated yet",
                  .grad = "through where and prod: NaN elements get none"});
PARITY_OP_RECORD({.name = "nancumsum", .family = "reduction", .forms = kFunction | kOut,
                  .grad = "through where and cumsum: NaN elements get none"});
PARITY_OP_RECORD({.name = "nanvar", .family = "reduction", .forms = kFunction | kOut,
                  .no_gradgrad = "its backward is recorded by hand; double backward is not checked yet"});
PARITY_OP_RECORD({.name = "nanstd", .family = "reduction", .forms = kFunction | kOut,
                  .no_gradgrad = "its backward is recorded by hand; double backward is not checked yet"});

PARITY_OP_RECORD({.name = "nanargmax", .family = "reduction", .forms = kFunction | kOut,
                  .grad = "integer results: no gradient flows"});
PARITY_OP_RECORD({.name = "nanargmin", .family = "reduction", .forms = kFunction | kOut,
                  .grad = "integer results: no gradient flows"});
PARITY_OP_RECORD({.name = "isclose", .family = "binary", .forms = kFunction, .grad = "bool results: no gradient flows"});
PARITY_OP_RECORD({.name = "allclose", .family = "binary", .forms = kFunction, .grad = "a bool result: no gradient flows"});
PARITY_OP_RECORD({.name = "array_equal", .family = "binary", .forms = kFunction,
                  .grad = "a bool result: no gradient flows"});
PARITY_OP_RECORD({.name = "nan_to_num", .family = "unary", .forms = kFunction,
                  .grad = "1 where the element is kept, 0 where it is replaced (where)"});
PARITY_OP_RECORD({.name = "trace", .family = "reduction", .forms = kFunction,
                  .grad = "through moveaxis and linalg.trace"});
PARITY_OP_RECORD({.name = "percentile", .family = "reduction", .forms = kFunction, .dtypes = DTypeSet::real_numbers,
                  .no_grad = "no backward is written for quantile yet"});

namespace {

// An error of an op composed here, renamed to the op the caller called ("[amax] ..." becomes
// "[ptp] ..."), keeping NumPy's class.
[[noreturn]] void rethrow_as(const Error& e, const char* op) {
  std::string m = e.what();
  if (!m.empty() && m[0] == '[') {
    const size_t p = m.find("] ");
    if (p != std::string::npos) m.erase(0, p + 2);
  }
  const std::string msg = op_msg(op, m);
  const std::string c = e.py_class();
  if (c == "AxisError") throw AxisError(msg);
  if (c == "ValueError") throw ValueError(msg);
  if (c == "DTypePromotionError") throw DTypePromotionError(msg);
  if (c == "UFuncTypeError") throw UFuncTypeError(msg);
  if (c == "TypeError") throw TypeError(msg);
  if (c == "IndexError") throw IndexError(msg);
  if (c == "OverflowError") throw OverflowError(msg);
  if (c == "ZeroDivisionError") throw ZeroDivisionError(msg);
  if (c == "NotImplementedError") throw NotImplementedError(msg);
  if (c == "MemoryError") throw MemoryError(msg);
  if (c == "RuntimeError") throw RuntimeError(msg);
  if (c == "LinAlgError") throw LinAlgError(msg);
  throw Error(msg);
}

template <class F>
auto named(const char* op, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    rethrow_as(e, op);
  }
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// NumPy's normalize_axis_tuple(axis, ndim, argname="axis").
Axes normalize_axis_tuple(const Axes& axis, int64_t nd, const char* op) {
  if (!axis) return axis;
  std::vector<int64_t> out;
  for (int64_t a : *axis) {
    if (a < -nd || a >= nd)
      throw AxisError(op_msg(op, "axis: axis " + std::to_string(a) + " is out of bounds for array of dimension " +
                                     std::to_string(nd)));
    const int64_t k = a < 0 ? a + nd : a;
    if (std::find(out.begin(), out.end(), k) != out.end())
      throw ValueError(op_msg(op, "repeated axis in `axis` argument"));
    out.push_back(k);
  }
  return AxisList(out);
}

// x's axes in NumPy's K order (np.array(x, copy=True), a ufunc's output): by |stride|, largest
// first, a broadcast (stride 0) axis innermost, ties in C order; `back` undoes the permutation.
struct KOrder {
  std::vector<int64_t> order, back;
};
// A ufunc's iterator instead leaves a broadcast axis where C order puts it (zero_outer: outermost,
// as reduce_util's layout of partial results).
KOrder k_order(const Tensor& x, bool zero_outer = false) {
  const int64_t nd = x.ndim();
  KOrder k{std::vector<int64_t>(static_cast<size_t>(nd)), std::vector<int64_t>(static_cast<size_t>(nd))};
  std::iota(k.order.begin(), k.order.end(), int64_t{0});
  auto key = [&](int64_t i) {
    const int64_t s = x.strides()[static_cast<size_t>(i)];
    if (s == 0 && zero_outer) return std::numeric_limits<int64_t>::max();
    return s < 0 ? -s : s;
  };
  std::stable_sort(k.order.begin(), k.order.end(), [&](int64_t a, int64_t b) { return key(a) > key(b); });
  for (int64_t i = 0; i < nd; ++i) k.back[static_cast<size_t>(k.order[static_cast<size_t>(i)])] = i;
  return k;
}

struct Averaged {
  Tensor avg, scl;
};

Averaged average_impl(const Tensor& a, Axes axis, const std::optional<Tensor>& weights, bool keepdims) {
  const char* op = "average";
  reduce::check_defined(a, op);
  axis = normalize_axis_tuple(axis, a.ndim(), op);
  if (!weights) {
    Tensor avg = named(op, [&] { return mean(a, axis, keepdims); });
    // scl = avg.dtype.type(a.size / avg.size): Python's division by zero for an empty result.
    if (avg.size() == 0) throw ZeroDivisionError(op_msg(op, "division by zero"));
    const double ratio = static_cast<double>(a.size()) / static_cast<double>(avg.size());
    return {avg, asarray(Scalar(ratio), avg.dtype())};
  }
  const Tensor& w = *weights;
  reduce::check_defined(w, op);
  return named(op, [&]() -> Averaged {
    Tensor wb = w;
    if (a.shape() != w.shape()) {
      if (!axis) throw TypeError(op_msg(op, "Axis must be specified when shapes of a and weights differ."));
      Shape want;
      for (int64_t ax : *axis) want.push_back(a.shape(ax));
      if (w.shape() != want)
        throw ValueError(op_msg(op, "Shape of weights must be consistent with shape of a along specified axis."));
      // wgt.transpose(argsort(axis)), then 1 along the axes not reduced.
      std::vector<int64_t> order(axis->size());
      std::iota(order.begin(), order.end(), int64_t{0});
      std::stable_sort(order.begin(), order.end(),
                       [&](int64_t i, int64_t j) { return (*axis)[static_cast<size_t>(i)] < (*axis)[static_cast<size_t>(j)]; });
      wb = transpose(w, order);
      Shape rs;
      for (int64_t i = 0; i < a.ndim(); ++i)
        rs.push_back(std::find(axis->begin(), axis->end(), i) != axis->end() ? a.shape(i) : 1);
      wb = wb.reshape(rs);
    }
    // NumPy checks the shapes first, then promotes.
    DType rt = promote_types(a.dtype(), w.dtype(), op);
    if (is_bool(a.dtype()) || is_integer(a.dtype())) rt = promote_types(rt, DType::Float64, op);
    Tensor scl = sum(wb, axis, keepdims, rt);
    if (any(equal(scl.detach(), Scalar(0.0))).item<bool>())
      throw ZeroDivisionError(op_msg(op, "Weights sum to zero, can't be normalized"));
    // np.multiply(a, wgt, dtype=result_dtype): both cast to the loop's dtype.
    // np.multiply(a, wgt, dtype=result_dtype): both cast to the loop's dtype, the product laid out
    // in a's K order (which decides the order the sum rounds in): computed over a's axes in that
    // order, summed there, the result's axes put back.
    const KOrder k = k_order(a, true);
    const Tensor pt = multiply(transpose(a.astype(rt, Casting::unsafe, false), k.order),
                               transpose(wb.astype(rt, Casting::unsafe, false), k.order));
    std::optional<std::vector<int64_t>> pax;
    std::vector<int64_t> rem;  // the original axes of the kept dims, in permuted order
    for (int64_t i = 0; i < a.ndim(); ++i) {
      const int64_t o = k.order[static_cast<size_t>(i)];
      const bool red = !axis || std::find(axis->begin(), axis->end(), o) != axis->end();
      if (red) {
        if (!pax) pax.emplace();
        pax->push_back(i);
      }
      if (!red || keepdims) rem.push_back(o);
    }
    Tensor st = sum(pt, pax ? Axes(AxisList(*pax)) : Axes(AxisList(std::vector<int64_t>{})), keepdims);
    std::vector<int64_t> perm(rem.size());
    std::iota(perm.begin(), perm.end(), int64_t{0});
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t i, int64_t j) {
      return rem[static_cast<size_t>(i)] < rem[static_cast<size_t>(j)];
    });
    Tensor avg = divide(transpose(st, perm), scl);
    return {avg, scl};
  });
}

// NumPy's _replace_nan: NaNs (of float16/32/64 and complex) replaced by v in a copy laid out as
// np.array(x, copy=True) (K order, which decides the order a float16 product or sum rounds in):
// where() over x's axes in that order writes C order; transposed back, that is the K layout, and
// autograd flows through transpose and where.
Tensor replace_nan(const Tensor& x, int64_t v) {
  if (!reduce::nan_aware(x.dtype())) return x;
  const KOrder k = k_order(x);
  const Tensor xt = transpose(x, k.order);
  return transpose(where(isnan(xt), Scalar(v), xt), k.back);
}

// A copy of x in K order (np.array(x, copy=True)).
Tensor copy_k(const Tensor& x) {
  const KOrder k = k_order(x);
  return transpose(copy(transpose(x, k.order)), k.back);  // ascontiguousarray may return x itself
}

// np.nanvar for float16/32/64 and complex: the mean of the non-NaN elements (in dtype, divided in
// place by the intp count), the squared deviations in x's dtype with NaNs as 0, their sum (dtype=,
// out=) divided in place by count - ddof, and NaN where count - ddof <= 0.
Tensor nanvar_impl(const Tensor& x, const Axes& axis, int64_t ddof, bool keepdims, std::optional<DType> dtype,
                   const OutArg& out) {
  if (dtype && !reduce::nan_aware(*dtype)) throw TypeError("If a is inexact, then dtype must be inexact");
  if (out.tensor && out.tensor->defined() && !reduce::nan_aware(out.tensor->dtype()))
    throw TypeError("If a is inexact, then out must be inexact");
  const Tensor mask = isnan(x);
  Tensor arr = copy_k(x);
  copy_cast(where(mask, Scalar(int64_t{0}), arr), arr);
  Tensor cnt = sum(logical_not(mask), axis, true, DType::Int64);
  Tensor avg = sum(arr, axis, true, dtype);
  copy_cast(divide(avg, cnt), avg);
  copy_cast(subtract(arr, avg), arr);
  copy_cast(where(mask, Scalar(int64_t{0}), arr), arr);
  Tensor sqr;
  if (is_complex(arr.dtype())) {
    copy_cast(multiply(arr, conj(arr)), arr);
    sqr = arr.real();
  } else {
    copy_cast(multiply(arr, arr), arr);
    sqr = arr;
  }
  Tensor v = sum(sqr, axis, keepdims, dtype, out);
  if (v.ndim() < cnt.ndim()) cnt = axis ? squeeze(cnt, axis) : squeeze(cnt);
  const Tensor dof = subtract(cnt, Scalar(ddof));
  copy_cast(divide(v, dof), v);
  const Tensor bad = less_equal(dof, Scalar(int64_t{0}));
  if (any(bad).item<bool>()) copy_cast(where(bad, Scalar(kNaN), v), v);
  return v;
}

Tensor nanstd_impl(const Tensor& x, const Axes& axis, int64_t ddof, bool keepdims, std::optional<DType> dtype,
                   const OutArg& out) {
  Tensor v = nanvar_impl(x, axis, ddof, keepdims, dtype, out);
  // A NumPy scalar takes var.dtype.type(sqrt(var)); an array sqrt(var, out=var).
  if (!out.tensor && v.ndim() == 0) return sqrt(v).astype(v.dtype());
  return sqrt(v, v);
}

// nanvar's derivative: 2 (x - nanmean) / (count - ddof) times g spread back, 0 at NaNs.
Tensor nanvar_grad(const Tensor& g, const Tensor& x, const Axes& axis, int64_t ddof, bool keepdims, const char* op) {
  const Tensor nan = isnan(x);
  const Tensor cnt = sum(logical_not(nan), axis, true);
  const Tensor d = subtract(x, nanmean(x, axis, true));
  const Tensor eg = reduce::expand_reduced(g, x.shape(), axis, keepdims, op);
  const Tensor dof = maximum(subtract(cnt, Scalar(ddof)), Scalar(int64_t{0}));
  return where(nan, Scalar(0.0), multiply(eg, divide(multiply(d, Scalar(2.0)), dof)));
}

// np.nanargmax / np.nanargmin: NaNs replaced by -inf / +inf (a copy), ValueError where a slice
// is all NaN (checked only when there are elements), then argmax / argmin.
Tensor nanarg(const Tensor& x, std::optional<int64_t> axis, bool keepdims, const OutArg& out, bool is_max) {
  const char* op = is_max ? "nanargmax" : "nanargmin";
  reduce::check_defined(x, op);
  return named(op, [&] {
    Tensor a = x.detach();
    if (reduce::nan_aware(a.dtype())) {
      const Tensor mask = isnan(a);
      const double inf = std::numeric_limits<double>::infinity();
      a = where(mask, Scalar(is_max ? -inf : inf), a);
      if (mask.size() > 0) {
        const Axes ax = axis ? Axes(AxisList(*axis)) : Axes();
        if (any(all(mask, ax)).item<bool>()) throw ValueError(op_msg(op, "All-NaN slice encountered"));
      }
    }
    return is_max ? argmax(a, axis, keepdims, out) : argmin(a, axis, keepdims, out);
  });
}

}  // namespace

Tensor nanargmax(const Tensor& x, std::optional<int64_t> axis, bool keepdims, OutArg out) {
  return nanarg(x, axis, keepdims, out, true);
}
Tensor nanargmin(const Tensor& x, std::optional<int64_t> axis, bool keepdims, OutArg out) {
  return nanarg(x, axis, keepdims, out, false);
}

// np.isclose: y (an array) cast to result_type(y, 1.0), a Python int y to a float; then
// (|x - y| <= atol + rtol |y|) & isfinite(y) | (x == y), or'ed with isnan(x) & isnan(y) where
// equal_nan.
Tensor isclose(const ArrayLike& a, const ArrayLike& b, double rtol, double atol, bool equal_nan) {
  const char* op = "isclose";
  if (a.is_tensor()) reduce::check_defined(a.tensor(), op);
  if (b.is_tensor()) reduce::check_defined(b.tensor(), op);
  return named(op, [&] {
    const ArrayLike x = a.is_tensor() ? ArrayLike(a.tensor().detach()) : a;
    ArrayLike y = b;
    if (b.is_tensor()) {
      const Tensor t = b.tensor().detach();
      y = ArrayLike(t.astype(result_type({t.dtype(), 1.0}, op), Casting::unsafe, false));
    } else if (b.scalar().type == Scalar::Type::Int || b.scalar().type == Scalar::Type::Bool) {
      // float(y) for a Python int; NumPy's isinstance(y, int) holds for bool too.
      y = ArrayLike(Scalar(b.scalar().as_double()));
    }
    const Tensor close = less_equal(abs(subtract(x, y)), add(Scalar(atol), multiply(Scalar(rtol), abs(y))));
    Tensor r = logical_or(logical_and(close, isfinite(y)), equal(x, y));
    if (equal_nan) r = logical_or(r, logical_and(isnan(x), isnan(y)));
    return r;
  });
}

bool allclose(const ArrayLike& a, const ArrayLike& b, double rtol, double atol, bool equal_nan) {
  return named("allclose", [&] { return all(isclose(a, b, rtol, atol, equal_nan)).item<bool>(); });
}

// np.array_equal: False for other shapes; else all(a == b), NaNs compared as equal where
// equal_nan (the elements where a is NaN must be NaN in b, the others equal).
bool array_equal(const Tensor& a, const Tensor& b, bool equal_nan) {
  const char* op = "array_equal";
  reduce::check_defined(a, op);
  reduce::check_defined(b, op);
  if (a.shape() != b.shape()) return false;
  return named(op, [&] {
    const Tensor x = a.detach(), y = b.detach();
    const Tensor eq = equal(x, y);
    const bool can_nan = !(is_bool(x.dtype()) || is_integer(x.dtype())) || !(is_bool(y.dtype()) || is_integer(y.dtype()));
    if (!equal_nan || !can_nan) return all(eq).item<bool>();
    const Tensor xn = isnan(x), yn = isnan(y);
    if (!all(equal(xn, yn)).item<bool>()) return false;
    return all(logical_or(xn, eq)).item<bool>();
  });
}

// np.nan_to_num: in a copy (or x itself), each part's NaNs to `nan`, +inf to posinf and -inf to
// neginf (default: the part dtype's max and lowest), the three masks taken before writing.
// bfloat16 is not np.inexact: returned as it is, as bool and integers.
Tensor nan_to_num(const Tensor& x, bool copy, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  const char* op = "nan_to_num";
  reduce::check_defined(x, op);
  return named(op, [&] {
    if (!reduce::nan_aware(x.dtype())) return copy ? parity::copy(x) : x;
    const Tensor xd = x.detach();
    const Tensor fixed = copy ? reduce::copy_keep_layout(xd, xd.dtype()) : xd;
    const FInfo fi = finfo(xd.dtype());
    const double maxf = posinf.value_or(fi.max), minf = neginf.value_or(-fi.max);
    std::vector<Tensor> parts;
    if (is_complex(xd.dtype())) parts = {fixed.real(), fixed.imag()};
    else parts = {fixed};
    Tensor replaced = zeros({}, DType::Bool);
    for (const Tensor& d : parts) {
      const Tensor inf = isinf(d);
      const Tensor in = isnan(d), ip = logical_and(inf, greater(d, Scalar(int64_t{0}))),
                   ineg = logical_and(inf, less(d, Scalar(int64_t{0})));
      copy_cast(where(in, Scalar(nan), where(ip, Scalar(maxf), where(ineg, Scalar(minf), d))), d);
      replaced = logical_or(replaced, logical_or(in, logical_or(ip, ineg)));
    }
    // The derivative: 1 where the element is kept (both parts, for complex), 0 where replaced.
    if (autograd::needs_grad({x})) return where(replaced, fixed, x);
    return fixed;
  });
}

Tensor ptp(const Tensor& x, Axes axis, bool keepdims, OutArg out) {
  const char* op = "ptp";
  reduce::check_defined(x, op);
  return named(op, [&] {
    Tensor hi = amax(x, axis, keepdims, out);
    Tensor lo = amin(x, axis, keepdims);
    if (is_bool(x.dtype()))
      throw TypeError(op_msg(op, "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, "
                                 "the `^` operator, or the logical_xor function instead."));
    return out.tensor ? subtract(hi, lo, out) : subtract(hi, lo);
  });
}

Tensor average(const Tensor& a, Axes axis, const std::optional<Tensor>& weights, bool keepdims) {
  return average_impl(a, std::move(axis), weights, keepdims).avg;
}

std::pair<Tensor, Tensor> average_returned(const Tensor& a, Axes axis, const std::optional<Tensor>& weights,
                                           bool keepdims) {
  Averaged r = average_impl(a, std::move(axis), weights, keepdims);
  if (r.scl.shape() != r.avg.shape()) r.scl = named("average", [&] { return copy(broadcast_to(r.scl, r.avg.shape())); });
  return {r.avg, r.scl};
}

Tensor nanprod(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  reduce::check_defined(x, "nanprod");
  return named("nanprod", [&] { return prod(replace_nan(x, 1), axis, keepdims, dtype, out); });
}

Tensor nancumsum(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, OutArg out) {
  reduce::check_defined(x, "nancumsum");
  return named("nancumsum", [&] { return cumsum(replace_nan(x, 0), axis, dtype, out); });
}

Tensor nanvar(const Tensor& x, Axes axis, int64_t ddof, bool keepdims, std::optional<DType> dtype, OutArg out) {
  const char* op = "nanvar";
  reduce::check_defined(x, op);
  return named(op, [&] {
    if (!reduce::nan_aware(x.dtype())) return var(x, axis, ddof, keepdims, dtype, out);  // NumPy calls np.var
    if (!autograd::needs_grad({x})) return nanvar_impl(x, axis, ddof, keepdims, dtype, out);
    Tensor r = nanvar_impl(x.detach(), axis, ddof, keepdims, dtype, out);
    return autograd::record(op, r, {x}, [sx = autograd::SavedTensor(x), axis, ddof, keepdims](const Tensor& g) {
      return std::vector<Tensor>{nanvar_grad(g, sx.get("nanvar"), axis, ddof, keepdims, "nanvar")};
    });
  });
}

// nanstd = sqrt(nanvar): nanvar's derivative times g / (2 std), 0 where std is 0.
Tensor nanstd(const Tensor& x, Axes axis, int64_t ddof, bool keepdims, std::optional<DType> dtype, OutArg out) {
  const char* op = "nanstd";
  reduce::check_defined(x, op);
  return named(op, [&] {
    if (!reduce::nan_aware(x.dtype())) return std(x, axis, ddof, keepdims, dtype, out);  // np.var, then sqrt
    if (!autograd::needs_grad({x})) return nanstd_impl(x, axis, ddof, keepdims, dtype, out);
    Tensor r = nanstd_impl(x.detach(), axis, ddof, keepdims, dtype, out);
    return autograd::record(op, r, {x},
                            [sx = autograd::SavedTensor(x), so = autograd::SavedTensor(r), axis, ddof, keepdims](const Tensor& g) {
                              const Tensor o = so.get("nanstd");
                              const Tensor gv = where(equal(o, Scalar(int64_t{0})), Scalar(0.0), divide(g, multiply(o, Scalar(2.0))));
                              return std::vector<Tensor>{nanvar_grad(gv, sx.get("nanstd"), axis, ddof, keepdims, "nanstd")};
                            });
  });
}

// np.trace: a.diagonal(offset, axis1, axis2).sum(-1, dtype): the two axes moved last, then
// linalg.trace over them.
Tensor trace(const Tensor& x, int64_t offset, int64_t axis1, int64_t axis2, std::optional<DType> dtype) {
  const char* op = "trace";
  reduce::check_defined(x, op);
  const int64_t nd = x.ndim();
  if (nd < 2) throw ValueError(op_msg(op, "diag requires an array of at least two dimensions"));
  auto norm = [&](int64_t a, const char* which) {
    if (a < -nd || a >= nd)
      throw AxisError(op_msg(op, std::string(which) + ": axis " + std::to_string(a) +
                                     " is out of bounds for array of dimension " + std::to_string(nd)));
    return a < 0 ? a + nd : a;
  };
  const int64_t a1 = norm(axis1, "axis1"), a2 = norm(axis2, "axis2");
  if (a1 == a2) throw ValueError(op_msg(op, "axis1 and axis2 cannot be the same"));
  return named(op, [&] { return linalg::trace(moveaxis(x, {a1, a2}, {-2, -1}), offset, dtype); });
}

// np.percentile: q / 100 with the divisor of a float array's dtype (float16/32/64; a Python q
// then keeps it), else a Python 100; checked against [0, 1]; then quantile.
Tensor percentile(const Tensor& x, const ArrayLike& q, Axes axis, const std::string& method, bool keepdims) {
  const char* op = "percentile";
  reduce::check_defined(x, op);
  if (q.is_tensor()) reduce::check_defined(q.tensor(), op);
  return named(op, [&] {
    if (is_complex(x.dtype())) throw TypeError(op_msg(op, "a must be an array of real numbers"));
    const DType d = x.dtype();
    const bool float_kind = d == DType::Float16 || d == DType::Float32 || d == DType::Float64;
    const ArrayLike qa = q.is_tensor() ? ArrayLike(q.tensor().detach()) : q;
    const Tensor qd = float_kind ? divide(qa, asarray(Scalar(int64_t{100}), d)) : divide(qa, Scalar(int64_t{100}));
    if (qd.size() > 0 &&
        !all(logical_and(greater_equal(qd, Scalar(int64_t{0})), less_equal(qd, Scalar(int64_t{1})))).item<bool>())
      throw ValueError(op_msg(op, "Percentiles must be in the range [0, 100]"));
    return quantile(x, qd, axis, method, keepdims);
  });
}

}  // namespace parity

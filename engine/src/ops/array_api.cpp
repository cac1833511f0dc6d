// The Array API standard's functions that NumPy 2.x has and the engine lacked: meshgrid, tril,
// triu, roll, unstack, diff, cumulative_sum/prod, matrix_transpose, tensordot, vecdot, and the
// dtype queries finfo, iinfo, isdtype. Each is written with the engine's own differentiable ops
// (views, index, concatenate, where, cumsum, dot, matmul), as NumPy writes them in Python, so the
// derivatives (and the dtype rules) are those ops'.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numeric>

#include "parity/autograd.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "parity/promotion.h"
#include "../gufunc_out.h"
#include "reduce_util.h"
#include "shape_util.h"

namespace parity {

PARITY_OP_RECORD({.name = "meshgrid", .family = "shape", .dtypes = DTypeSet::all,
                  .grad = "reshape and broadcast of each input: g summed back over the broadcast axes"});
PARITY_OP_RECORD({.name = "tril", .family = "shape", .dtypes = DTypeSet::all, .grad = "where(mask, g, 0)"});
PARITY_OP_RECORD({.name = "triu", .family = "shape", .dtypes = DTypeSet::all, .grad = "where(mask, g, 0)"});
PARITY_OP_RECORD({.name = "roll", .family = "shape", .dtypes = DTypeSet::all, .grad = "g rolled back"});
PARITY_OP_RECORD({.name = "unstack", .family = "shape", .dtypes = DTypeSet::all, .grad = "each view's g placed back"});
PARITY_OP_RECORD({.name = "diff", .family = "shape", .dtypes = DTypeSet::all,
                  .grad = "through the slices and subtract (bool differences by not_equal: none)"});
PARITY_OP_RECORD({.name = "cumulative_sum", .family = "reduction", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "cumsum's (reverse cumulative sum of g)"});
PARITY_OP_RECORD({.name = "cumulative_prod", .family = "reduction", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .no_gradgrad = "cumprod's backward where x has zeros is not itself differentiable",
                  .grad = "cumprod's"});
PARITY_OP_RECORD({.name = "matrix_transpose", .aliases = {"linalg.matrix_transpose"}, .family = "shape",
                  .dtypes = DTypeSet::all, .grad = "g with its last two axes swapped back"});
PARITY_OP_RECORD({.name = "tensordot", .aliases = {"linalg.tensordot"}, .family = "linalg", .dtypes = DTypeSet::all,
                  .grad = "transposes, reshapes and dot's"});
PARITY_OP_RECORD({.name = "vecdot", .aliases = {"linalg.vecdot"}, .family = "linalg", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "matmul's over the (1, n) @ (n, 1) products"});
// broadcast_shapes is implemented in shape_ops.cpp; its record sits here with the other Array API
// functions (a function of shapes: the OpInfo entry runs it on its sample tensors' shapes).
PARITY_OP_RECORD({.name = "broadcast_shapes", .family = "shape", .dtypes = DTypeSet::all,
                  .no_grad = "a function of shapes, not of values"});
PARITY_OP_RECORD({.name = "finfo", .family = "dtype", .dtypes = DTypeSet::inexact,
                  .no_grad = "a property of the dtype, not of values"});
PARITY_OP_RECORD({.name = "iinfo", .family = "dtype", .dtypes = DTypeSet::integers,
                  .no_grad = "a property of the dtype, not of values"});
// Claims every dtype but bfloat16 (OpInfo entry): NumPy's isdtype refuses ml_dtypes' bfloat16.
PARITY_OP_RECORD({.name = "isdtype", .family = "dtype", .dtypes = DTypeSet::none,
                  .no_grad = "a property of the dtype, not of values"});

namespace {
void check_defined(const Tensor& x, const char* op) {
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
}
// x[..., a:b] along `axis` (a view).
Tensor slice_along(const Tensor& x, int64_t axis, std::optional<int64_t> a, std::optional<int64_t> b) {
  std::vector<TensorIndex> idx(static_cast<size_t>(axis), TensorIndex(Slice()));
  idx.emplace_back(Slice(a, b));
  return x.index(idx);
}
Tensor conj_if_complex(const Tensor& t) { return is_complex(t.dtype()) ? conj(t) : t; }
}  // namespace

// ---- meshgrid ----
std::vector<Tensor> meshgrid(const std::vector<Tensor>& xs, const std::string& indexing) {
  if (indexing != "xy" && indexing != "ij")
    throw ValueError("[meshgrid] Valid values for `indexing` are 'xy' and 'ij' (got '" + indexing + "')");
  const size_t n = xs.size();
  std::vector<Tensor> out;
  for (size_t i = 0; i < n; ++i) {
    check_defined(xs[i], "meshgrid");
    Shape s(n, 1);
    size_t pos = i;
    if (indexing == "xy" && n > 1 && i < 2) pos = 1 - i;  // Cartesian: the first two axes swapped
    s[pos] = xs[i].size();
    out.push_back(xs[i].reshape(s));
  }
  if (n == 0) return out;
  std::vector<Tensor> b = broadcast_arrays(out);
  for (Tensor& t : b) t = t.copy();  // NumPy's copy=True default
  return b;
}

// ---- tril / triu ----
namespace {
Tensor triangle(const Tensor& x, int64_t k, bool lower, const char* op) {
  check_defined(x, op);
  if (x.ndim() == 0)
    throw TypeError(op_msg(op, "input must be at least 1-d (NumPy's tri() gets no size from a 0-d array)"));
  const int64_t m = x.shape(-1), n = x.ndim() == 1 ? m : x.shape(-2);
  // np.tri: mask[i, j] = j - i <= k (tril); triu keeps j - i >= k.
  std::vector<bool> mask(static_cast<size_t>(n * m));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) mask[static_cast<size_t>(i * m + j)] = lower ? (j - i <= k) : (j - i >= k);
  Tensor mk = zeros({n, m}, DType::Bool);
  bool* pm = mk.data<bool>();
  for (size_t q = 0; q < mask.size(); ++q) pm[q] = mask[q];
  return where(mk.to(x.device()), x, zeros_on({}, x.dtype(), x.device()));
}
}  // namespace

Tensor tril(const Tensor& x, int64_t k) { return triangle(x, k, true, "tril"); }
Tensor triu(const Tensor& x, int64_t k) { return triangle(x, k, false, "triu"); }

// ---- roll ----
Tensor roll(const Tensor& x, const std::vector<int64_t>& shift, Axes axis) {
  check_defined(x, "roll");
  if (!axis) {
    if (x.ndim() == 1) return roll(x, shift, AxisList(0));
    return roll(x.reshape({-1}), shift, AxisList(0)).reshape(x.shape());
  }
  std::vector<int64_t> axes;
  for (int64_t a : *axis) axes.push_back(normalize_axis(a, x.ndim(), "roll"));  // repeats allowed
  const size_t ns = shift.size(), na = axes.size();
  if (ns != na && ns != 1 && na != 1)
    throw ValueError("[roll] shape mismatch: objects cannot be broadcast to a single shape. Mismatch is between "
                     "arg 0 with shape (" + std::to_string(ns) + ",) and arg 1 with shape (" + std::to_string(na) + ",).");
  std::vector<int64_t> total(static_cast<size_t>(x.ndim()), 0);
  for (size_t q = 0; q < std::max(ns, na); ++q) {
    const int64_t s = shift[ns == 1 ? 0 : q], a = axes[na == 1 ? 0 : q];
    const int64_t len = x.shape(a);
    if (len == 0) continue;
    total[static_cast<size_t>(a)] = ((total[static_cast<size_t>(a)] + s % len) % len + len) % len;
  }
  Tensor r = x;
  bool moved = false;
  for (int64_t a = 0; a < x.ndim(); ++a) {
    const int64_t s = total[static_cast<size_t>(a)], len = x.shape(a);
    if (s == 0) continue;
    r = concatenate({slice_along(r, a, len - s, std::nullopt), slice_along(r, a, std::nullopt, len - s)}, a);
    moved = true;
  }
  return moved ? r : x.copy();
}

// ---- unstack ----
std::vector<Tensor> unstack(const Tensor& x, int64_t axis) {
  check_defined(x, "unstack");
  if (x.ndim() == 0) throw ValueError("[unstack] Input array must be at least 1-d.");
  const int64_t ax = normalize_axis(axis, x.ndim(), "unstack");
  const Tensor m = x.moveaxis({ax}, {0});
  std::vector<Tensor> out;
  for (int64_t i = 0; i < m.shape(0); ++i) out.push_back(m.index({TensorIndex(i)}));
  return out;
}

// ---- diff ----
Tensor diff(const Tensor& x, int64_t n, int64_t axis, const std::optional<ArrayLike>& prepend,
            const std::optional<ArrayLike>& append) {
  check_defined(x, "diff");
  if (n == 0) return autograd::needs_grad({x}) ? x.copy() : x;  // NumPy returns x itself; a copy carries a node
  if (n < 0) throw ValueError("[diff] order must be non-negative but got " + std::to_string(n));
  if (x.ndim() == 0) throw ValueError("[diff] diff requires input that is at least one dimensional");
  const int64_t ax = normalize_axis(axis, x.ndim(), "diff");
  // np.asanyarray of the ends: a Python scalar is a strong int64/float64 array, broadcast along
  // the other axes with length 1 along `axis`.
  auto end = [&](const ArrayLike& v) {
    Tensor t = v.is_tensor() ? v.tensor() : asarray(v.scalar());
    if (t.ndim() == 0) {
      Shape s = x.shape();
      s[static_cast<size_t>(ax)] = 1;
      t = t.broadcast_to(s);
    }
    return t;
  };
  Tensor a = x;
  if (prepend || append) {
    std::vector<Tensor> parts;
    if (prepend) parts.push_back(end(*prepend));
    parts.push_back(x);
    if (append) parts.push_back(end(*append));
    a = concatenate(parts, ax);
  }
  for (int64_t k = 0; k < n; ++k) {
    const Tensor hi = slice_along(a, ax, 1, std::nullopt), lo = slice_along(a, ax, std::nullopt, -1);
    a = a.dtype() == DType::Bool ? not_equal(hi, lo) : subtract(hi, lo);
  }
  return a;
}

// ---- cumulative_sum / cumulative_prod ----
namespace {
Tensor cumulative(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, bool include_initial,
                  bool prod, const OutArg& out, const char* op) {
  check_defined(x, op);
  if (!axis) {
    if (x.ndim() > 1)
      throw ValueError(op_msg(op, "For arrays which have more than one dimension ``axis`` argument is required (shape " +
                                      shape_str(x.shape()) + ")"));
    axis = 0;
  }
  if (out.tensor && include_initial) {
    // NumPy (fromnumeric._cumulative_func): accumulate into out[1:] along axis (indexing out with
    // a list of np.atleast_1d(x).ndim slices), then out[0] = the identity.
    const Tensor& o = *out.tensor;
    if (!o.defined()) throw ValueError(op_msg(op, "undefined out= tensor"));
    const int64_t nd = std::max<int64_t>(x.ndim(), 1);
    if (*axis < -nd || *axis >= nd)
      throw IndexError(op_msg(op, "list assignment index out of range (axis " + std::to_string(*axis) +
                                      " with include_initial and out= for a " + std::to_string(nd) + "-d input)"));
    const int64_t ax = *axis < 0 ? *axis + nd : *axis;
    if (o.ndim() < nd)
      throw IndexError(op_msg(op, "too many indices for array: array is " + std::to_string(o.ndim()) +
                                      "-dimensional, but " + std::to_string(nd) + " were indexed"));
    if (o.shape(ax) == 0)
      throw IndexError(op_msg(op, "index 0 is out of bounds for axis " + std::to_string(ax) + " with size 0"));
    const Tensor xd = x.detach();
    reduce::accumulate(xd.ndim() == 0 ? xd.reshape({1}) : xd, ax, dtype, OutArg(slice_along(o, ax, 1, std::nullopt)),
                       prod, op);
    slice_along(o, ax, 0, 1).assign(ArrayLike(Scalar(int64_t{prod ? 1 : 0})), Casting::unsafe, op);
    if (!autograd::needs_grad({x})) return o;
    // out records the node of the function's result (its values' graph: cumsum/cumprod and
    // concatenate), its gradient passed through (cast back to that result's dtype).
    return gufunc::record_into_out(op, o, cumulative(x, axis, dtype, true, prod, OutArg(), op));
  }
  if (x.ndim() == 0) normalize_axis(*axis, 1, op);  // a 0-d input accumulates as shape (1,)
  else normalize_axis(*axis, x.ndim(), op);
  Tensor r = reduce::accumulate(x, axis, dtype, out, prod, op);
  if (!include_initial) return r;
  const int64_t ax = normalize_axis(*axis, r.ndim(), op);
  Shape s = r.shape();
  s[static_cast<size_t>(ax)] = 1;
  Tensor init = prod ? ones(s, r.dtype()) : zeros(s, r.dtype());
  return concatenate({init.to(r.device()), r}, ax);
}
}  // namespace

Tensor cumulative_sum(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, bool include_initial,
                      OutArg out) {
  return cumulative(x, axis, dtype, include_initial, false, out, "cumulative_sum");
}
Tensor cumulative_prod(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, bool include_initial,
                       OutArg out) {
  return cumulative(x, axis, dtype, include_initial, true, out, "cumulative_prod");
}

// ---- matrix_transpose ----
Tensor matrix_transpose(const Tensor& x) {
  check_defined(x, "matrix_transpose");
  if (x.ndim() < 2)
    throw ValueError("[matrix_transpose] Input array must be at least 2-dimensional, but it is " + std::to_string(x.ndim()));
  return x.mT();
}

// ---- tensordot ----
Tensor tensordot(const Tensor& a, const Tensor& b, int64_t axes) {
  std::vector<int64_t> aa, bb;
  for (int64_t i = -axes; i < 0; ++i) aa.push_back(i);  // empty for axes <= 0
  for (int64_t i = 0; i < axes; ++i) bb.push_back(i);
  return tensordot(a, b, aa, bb);
}

Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& axes_a_in,
                 const std::vector<int64_t>& axes_b_in) {
  check_defined(a, "tensordot");
  check_defined(b, "tensordot");
  std::vector<int64_t> axes_a = axes_a_in, axes_b = axes_b_in;
  const int64_t nda = a.ndim(), ndb = b.ndim();
  if (axes_a.size() != axes_b.size())
    throw ValueError("[tensordot] shape-mismatch for sum (" + std::to_string(axes_a.size()) + " axes of a, " +
                     std::to_string(axes_b.size()) + " of b)");
  // NumPy indexes the shape tuples with the axes as given (IndexError out of range), then compares.
  auto dim = [](const Tensor& t, int64_t ax) {
    if (ax < -t.ndim() || ax >= t.ndim())
      throw IndexError("[tensordot] tuple index out of range (axis " + std::to_string(ax) + " of shape " +
                       shape_str(t.shape()) + ")");
    return t.shape(ax);
  };
  for (size_t k = 0; k < axes_a.size(); ++k) {
    if (dim(a, axes_a[k]) != dim(b, axes_b[k]))
      throw ValueError("[tensordot] shape-mismatch for sum (axis " + std::to_string(axes_a[k]) + " of " +
                       shape_str(a.shape()) + ", axis " + std::to_string(axes_b[k]) + " of " + shape_str(b.shape()) + ")");
    if (axes_a[k] < 0) axes_a[k] += nda;
    if (axes_b[k] < 0) axes_b[k] += ndb;
  }
  auto repeated = [](std::vector<int64_t> v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) != v.end();
  };
  if (repeated(axes_a) || repeated(axes_b)) throw ValueError("[tensordot] repeated axis in transpose");
  auto contains = [](const std::vector<int64_t>& v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); };
  std::vector<int64_t> perm_a, perm_b, old;
  int64_t pa = 1, pb = 1, n2 = 1;
  for (int64_t i = 0; i < nda; ++i)
    if (!contains(axes_a, i)) {
      perm_a.push_back(i);
      pa *= a.shape(i);
      old.push_back(a.shape(i));
    }
  for (int64_t ax : axes_a) {
    perm_a.push_back(ax);
    n2 *= a.shape(ax);
  }
  perm_b = axes_b;
  for (int64_t i = 0; i < ndb; ++i)
    if (!contains(axes_b, i)) {
      perm_b.push_back(i);
      pb *= b.shape(i);
      old.push_back(b.shape(i));
    }
  const Tensor at = a.transpose(perm_a).reshape({pa, n2});
  const Tensor bt = b.transpose(perm_b).reshape({n2, pb});
  return dot(at, bt).reshape(old);
}

// ---- vecdot ----
Tensor vecdot(const Tensor& x1, const Tensor& x2, int64_t axis, OutArg out) {
  check_defined(x1, "vecdot");
  check_defined(x2, "vecdot");
  // out=: NumPy checks it (writeable, then the same_kind cast of the loop's dtype) before the
  // operands' core dimensions. The loop: matmul's dtype (bfloat16 gives float32).
  if (out.tensor) {
    DType loop = result_type({x1.dtype(), x2.dtype()}, "vecdot");
    if (loop == DType::BFloat16) loop = DType::Float32;
    gufunc::check_out("vecdot", "vecdot", loop, *out.tensor);
  }
  for (int i = 0; i < 2; ++i)
    if ((i == 0 ? x1 : x2).ndim() == 0)
      throw ValueError("[vecdot] Input operand " + std::to_string(i) +
                       " does not have enough dimensions (has 0, gufunc core with signature (n),(n)->() requires 1)");
  const int64_t a1 = normalize_axis(axis, x1.ndim(), "vecdot"), a2 = normalize_axis(axis, x2.ndim(), "vecdot");
  const int64_t n1 = x1.shape(a1), n2 = x2.shape(a2);
  if (n1 != n2)
    throw ValueError("[vecdot] Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                     "(n),(n)->() (size " + std::to_string(n2) + " is different from " + std::to_string(n1) + ")");
  // (..., 1, n) @ (..., n, 1): matmul's loops and dtypes (16-bit floats accumulate in float32, as
  // NumPy's vecdot loops do; bfloat16 gives float32, the loop NumPy picks for it).
  // Contiguous operands: BLAS's kernel (and so the rounding) would otherwise depend on the layout.
  const Tensor a = conj_if_complex(x1.moveaxis({a1}, {-1})).contiguous().expand_dims({-2});
  const Tensor b = x2.moveaxis({a2}, {-1}).contiguous().expand_dims({-1});
  AxisList core;
  core.push_back(-2);
  core.push_back(-1);
  Tensor r = matmul(a, b).squeeze(core);
  return out.tensor ? gufunc::write_out("vecdot", r, *out.tensor) : r;
}

// ---- finfo / iinfo / isdtype ----
FInfo finfo(DType d) {
  switch (d) {
    case DType::Float16: return {16, std::ldexp(1.0, -10), 65504.0, -65504.0, std::ldexp(1.0, -14), 1e-3, d};
    case DType::BFloat16: {
      const double mx = std::ldexp(255.0, 120);  // (2 - 2^-7) * 2^127
      return {16, std::ldexp(1.0, -7), mx, -mx, std::ldexp(1.0, -126), 1e-2, d};
    }
    case DType::Float32:
    case DType::Complex64:
      return {32, double(FLT_EPSILON), double(FLT_MAX), -double(FLT_MAX), double(FLT_MIN), 1e-6, DType::Float32};
    case DType::Float64:
    case DType::Complex128: return {64, DBL_EPSILON, DBL_MAX, -DBL_MAX, DBL_MIN, 1e-15, DType::Float64};
    default: throw ValueError(std::string("[finfo] data type ") + name(d) + " not inexact");
  }
}

IInfo iinfo(DType d) {
  if (!is_integer(d)) throw ValueError(std::string("[iinfo] Invalid integer data type '") + name(d) + "'.");
  const int bits = static_cast<int>(itemsize(d) * 8);
  if (is_unsigned_int(d)) return {bits, 0, bits == 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1, d};
  const int64_t mx = bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1;
  return {bits, -mx - 1, static_cast<uint64_t>(mx), d};
}

bool isdtype(DType d, const DTypeKind& kind) {
  if (d == DType::BFloat16 || (kind.dtype && *kind.dtype == DType::BFloat16))
    throw TypeError("[isdtype] dtype argument must be a NumPy dtype, but it is bfloat16 (ml_dtypes')");
  if (kind.dtype) return d == *kind.dtype;
  const std::string& k = kind.kind;
  if (k == "bool") return is_bool(d);
  if (k == "signed integer") return is_signed_int(d);
  if (k == "unsigned integer") return is_unsigned_int(d);
  if (k == "integral") return is_integer(d);
  if (k == "real floating") return is_floating(d);
  if (k == "complex floating") return is_complex(d);
  if (k == "numeric") return !is_bool(d);
  throw ValueError("[isdtype] kind argument is a string, but '" + k + "' is not a known kind name.");
}

bool isdtype(DType d, const std::vector<DTypeKind>& kinds) {
  bool any = false;
  for (const DTypeKind& k : kinds) any = isdtype(d, k) || any;  // every kind is checked, as NumPy does
  return any;
}

}  // namespace parity

// numpy.linalg's products, norms and matrix helpers that need no LAPACK: vector_norm, cross,
// diagonal, trace, matrix_power, outer. Written with the engine's differentiable ops, in the
// order NumPy's Python code runs them (so dtypes and rounding follow), with explicit derivatives
// only where a step has none (the inf-norms' max, the 0-"norm"'s count).
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "parity/autograd.h"
#include "parity/linalg.h"
#include "parity/op_record.h"
#include "parity/promotion.h"
#include "shape_util.h"

namespace parity {

PARITY_OP_RECORD({.name = "linalg.vector_norm", .family = "linalg", .dtypes = DTypeSet::all,
                  .no_gradgrad = "|x|'s derivative uses sign(x), which has no derivative of its own (abs claims no "
                                 "double backward)",
                  .grad = "through |x|^p sums; inf-norms: g split among the elements of largest (smallest) |x|; "
                          "ord 0: zero"});
PARITY_OP_RECORD({.name = "linalg.cross", .family = "linalg", .dtypes = DTypeSet::all_but_bool,
                  .grad = "through the products and differences of the components"});
PARITY_OP_RECORD({.name = "linalg.diagonal", .family = "linalg", .dtypes = DTypeSet::all,
                  .grad = "g scattered onto the diagonal (index's backward)"});
PARITY_OP_RECORD({.name = "linalg.trace", .family = "linalg", .dtypes = DTypeSet::all,
                  .grad = "g on the diagonal"});
PARITY_OP_RECORD({.name = "linalg.matrix_power", .family = "linalg", .dtypes = DTypeSet::all,
                  .grad = "matmul's through the repeated squaring (n >= 0)"});
PARITY_OP_RECORD({.name = "linalg.outer", .family = "linalg", .dtypes = DTypeSet::all, .grad = "outer's"});

namespace linalg {

namespace {
void check_defined(const Tensor& x, const char* op) {
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
}
bool numpy_inexact(DType d) { return is_inexact(d) && d != DType::BFloat16; }  // ml_dtypes' bfloat16 is not np.inexact
}  // namespace

// ---- vector_norm ----
namespace {
// NumPy's norm(x, ord, axis=0) on x already flattened/transposed so that axis 0 is reduced.
Tensor norm_axis0(const Tensor& x, double ord) {
  const char* op = "linalg.vector_norm";
  if (std::isinf(ord)) {
    Tensor ax = abs(x.detach());
    Tensor r = ord > 0 ? amax(ax, AxisList(0)) : amin(ax, AxisList(0));
    if (!autograd::needs_grad({x})) return r;
    // The derivative of max|x| (min|x|): g shared equally among the elements where |x| reaches it,
    // times d|x|/dx (sign(x), x/|x| for complex), taken from the values (constant in x).
    Tensor hit = equal(ax, r.expand_dims({0}));
    Tensor w = divide(hit, sum(hit, AxisList(0), true));
    Tensor xd = x.detach();
    Tensor dir = is_complex(x.dtype()) ? where(equal(ax, 0), zeros({}, x.dtype()), divide(xd, ax)) : sign(xd);
    Tensor k = multiply(w, dir).astype(is_complex(x.dtype()) ? x.dtype() : r.dtype());
    return autograd::record(op, r, {x}, [k](const Tensor& g) { return std::vector<Tensor>{multiply(g.expand_dims({0}), k)}; });
  }
  if (ord == 0) {
    const DType rd = is_complex(x.dtype()) ? (x.dtype() == DType::Complex64 ? DType::Float32 : DType::Float64) : x.dtype();
    Tensor r = sum(not_equal(x.detach(), 0).astype(rd), AxisList(0));
    if (!autograd::needs_grad({x})) return r;
    const Shape s = x.shape();
    const DType xd = x.dtype();
    return autograd::record(op, r, {x}, [s, xd](const Tensor& g) { return std::vector<Tensor>{zeros_on(s, xd, g.device())}; });
  }
  if (ord == 1) return sum(abs(x), AxisList(0));
  if (ord == 2) return sqrt(sum(real(multiply(conj(x), x)), AxisList(0)));
  Tensor absx = power(abs(x), ArrayLike(Scalar(ord)));  // absx **= ord: a weak Python float
  Tensor ret = sum(absx, AxisList(0));
  return power(ret, reciprocal(full({}, Scalar(ord), ret.dtype())).to(ret.device()));  // ret **= reciprocal(ord, dtype=ret.dtype)
}
}  // namespace

Tensor vector_norm(const Tensor& x_in, Axes axis, bool keepdims, double ord) {
  const char* op = "linalg.vector_norm";
  check_defined(x_in, op);
  if (std::isnan(ord)) throw ValueError("[linalg.vector_norm] Invalid norm order 'nan' for vectors");
  Tensor x = numpy_inexact(x_in.dtype()) ? x_in : x_in.astype(DType::Float64);
  const Shape shape = x_in.shape();
  std::vector<int64_t> axes;
  Tensor flat;
  if (!axis) {
    flat = x.reshape({-1});
    for (int64_t i = 0; i < x.ndim(); ++i) axes.push_back(i);
  } else {
    axes = normalize_axes(*axis, x.ndim(), op);
    if (axis->size() == 1 && axes.size() == 1) {
      flat = x.moveaxis({axes[0]}, {0});
    } else {
      // NumPy: transpose to axis + rest, then merge the leading (reduced) axes into one
      std::vector<int64_t> perm = axes;
      Shape ns{1};
      for (int64_t a : axes) ns[0] *= x.shape(a);
      for (int64_t i = 0; i < x.ndim(); ++i)
        if (std::find(axes.begin(), axes.end(), i) == axes.end()) {
          perm.push_back(i);
          ns.push_back(x.shape(i));
        }
      flat = x.transpose(perm).reshape(ns);
    }
  }
  Tensor r = norm_axis0(flat, ord);
  if (keepdims) {
    Shape ks = shape;
    for (int64_t a : axes) ks[static_cast<size_t>(a)] = 1;
    r = r.reshape(ks);
  }
  return r;
}

// ---- cross ----
Tensor cross(const Tensor& x1, const Tensor& x2, int64_t axis) {
  const char* op = "linalg.cross";
  check_defined(x1, op);
  check_defined(x2, op);
  auto len = [&](const Tensor& t) {
    if (axis < -t.ndim() || axis >= t.ndim())
      throw IndexError("[linalg.cross] tuple index out of range (axis " + std::to_string(axis) + " of shape " +
                       shape_str(t.shape()) + ")");
    return t.shape(axis);
  };
  const int64_t n1 = len(x1), n2 = len(x2);
  if (n1 != 3 || n2 != 3)
    throw ValueError("[linalg.cross] Both input arrays must be (arrays of) 3-dimensional vectors, but they are " +
                     std::to_string(n1) + " and " + std::to_string(n2) + " dimensional instead.");
  const Tensor a = x1.moveaxis({axis}, {-1}), b = x2.moveaxis({axis}, {-1});
  auto c = [](const Tensor& t, int64_t i) { return t.index({ellipsis, TensorIndex(i)}); };
  // np.cross: cp0 = a1*b2 - a2*b1, cp1 = a2*b0 - a0*b2, cp2 = a0*b1 - a1*b0
  Tensor cp0 = subtract(multiply(c(a, 1), c(b, 2)), multiply(c(a, 2), c(b, 1)));
  Tensor cp1 = subtract(multiply(c(a, 2), c(b, 0)), multiply(c(a, 0), c(b, 2)));
  Tensor cp2 = subtract(multiply(c(a, 0), c(b, 1)), multiply(c(a, 1), c(b, 0)));
  Tensor cp = stack({cp0, cp1, cp2}, -1);
  // NumPy moves the result's axis to `axis` of the result (normalized against its ndim)
  return cp.moveaxis({-1}, {normalize_axis(axis, cp.ndim(), op)});
}

// ---- diagonal / trace ----
Tensor diagonal(const Tensor& x, int64_t offset) {
  const char* op = "linalg.diagonal";
  check_defined(x, op);
  if (x.ndim() < 2) throw ValueError("[linalg.diagonal] diag requires an array of at least two dimensions (shape " +
                                     shape_str(x.shape()) + ")");
  const int64_t n = x.shape(-2), m = x.shape(-1);
  const int64_t r0 = offset < 0 ? -offset : 0, c0 = offset > 0 ? offset : 0;
  const int64_t k = std::max<int64_t>(0, std::min(n - r0, m - c0));
  std::vector<int64_t> rows(static_cast<size_t>(k)), cols(static_cast<size_t>(k));
  for (int64_t i = 0; i < k; ++i) {
    rows[static_cast<size_t>(i)] = r0 + i;
    cols[static_cast<size_t>(i)] = c0 + i;
  }
  Tensor ri = asarray(rows, DType::Int64), ci = asarray(cols, DType::Int64);
  return x.index({ellipsis, TensorIndex(ri.to(x.device())), TensorIndex(ci.to(x.device()))});
}

Tensor trace(const Tensor& x, int64_t offset, std::optional<DType> dtype) {
  check_defined(x, "linalg.trace");
  if (x.ndim() < 2) throw ValueError("[linalg.trace] diag requires an array of at least two dimensions (shape " +
                                     shape_str(x.shape()) + ")");
  return sum(diagonal(x, offset), AxisList(-1), false, dtype);
}

// ---- matrix_power ----
Tensor power_by_squaring(const Tensor& a, int64_t n);

Tensor matrix_power(const Tensor& a, int64_t n) {
  const char* op = "linalg.matrix_power";
  check_defined(a, op);
  if (a.ndim() < 2)
    throw LinAlgError("[linalg.matrix_power] " + std::to_string(a.ndim()) +
                      "-dimensional array given. Array must be at least two-dimensional");
  if (a.shape(-1) != a.shape(-2))
    throw LinAlgError("[linalg.matrix_power] Last 2 dimensions of the array must be square (shape " +
                      shape_str(a.shape()) + ")");
  if (n == 0) {
    // the identity in a's dtype, broadcast over the batch; g does not reach a
    Tensor r = broadcast_to(eye(a.shape(-1), std::nullopt, 0, a.dtype()).to(a.device()), a.shape()).copy();
    if (!autograd::needs_grad({a})) return r;
    const Shape s = a.shape();
    const DType d = a.dtype();
    return autograd::record(op, r, {a}, [s, d](const Tensor& g) { return std::vector<Tensor>{zeros_on(s, d, g.device())}; });
  }
  Tensor a_in = a;
  if (n < 0) {  // NumPy: inv(a) ** |n| (LinAlgError for a singular a); integers invert to float64
    a_in = inv(a);
    n = -n;
  }
  return power_by_squaring(a_in, n);
}

// a ** n for n >= 1 by NumPy's sequence of products (repeated squaring).
Tensor power_by_squaring(const Tensor& a, int64_t n) {
  if (n == 1) return autograd::needs_grad({a}) ? a.copy() : a;  // NumPy returns a itself; a copy carries a node
  if (n == 2) return parity::matmul(a, a);
  if (n == 3) return parity::matmul(parity::matmul(a, a), a);
  Tensor z, result;
  while (n > 0) {
    z = z.defined() ? parity::matmul(z, z) : a;
    const bool bit = n % 2;
    n /= 2;
    if (bit) result = result.defined() ? parity::matmul(result, z) : z;
  }
  return result;
}

// ---- outer (numpy.linalg's: 1-D vectors only) ----
Tensor outer(const Tensor& a, const Tensor& b) {
  check_defined(a, "linalg.outer");
  check_defined(b, "linalg.outer");
  if (a.ndim() != 1 || b.ndim() != 1)
    throw ValueError("[linalg.outer] Input arrays must be one-dimensional, but they are x1.ndim=" +
                     std::to_string(a.ndim()) + " and x2.ndim=" + std::to_string(b.ndim()) + ".");
  return parity::outer(a, b);
}

}  // namespace linalg
}  // namespace parity

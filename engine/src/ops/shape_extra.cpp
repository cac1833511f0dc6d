// NumPy's shape and matrix helpers of parity/ops_shape_extra.h. Each is written with the engine's
// own differentiable ops (reshape, expand_dims, concatenate, split, flip, transpose, where,
// index), as NumPy writes them in Python, so their derivatives and dtype rules are those ops'.
// Arguments are checked here first, so that errors name the op the caller called.
#include <algorithm>
#include <limits>
#include <string>

#include "parity/linalg.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "shape_util.h"

namespace parity {

PARITY_OP_RECORD({.name = "atleast_1d", .family = "shape", .dtypes = DTypeSet::all, .grad = "through reshape"});
PARITY_OP_RECORD({.name = "atleast_2d", .family = "shape", .dtypes = DTypeSet::all, .grad = "through reshape"});
PARITY_OP_RECORD({.name = "atleast_3d", .family = "shape", .dtypes = DTypeSet::all, .grad = "through reshape"});
PARITY_OP_RECORD({.name = "vstack", .family = "shape", .dtypes = DTypeSet::all, .grad = "through concatenate"});
PARITY_OP_RECORD({.name = "hstack", .family = "shape", .dtypes = DTypeSet::all, .grad = "through concatenate"});
PARITY_OP_RECORD({.name = "dstack", .family = "shape", .dtypes = DTypeSet::all, .grad = "through concatenate"});
PARITY_OP_RECORD({.name = "column_stack", .family = "shape", .dtypes = DTypeSet::all, .grad = "through concatenate"});
PARITY_OP_RECORD({.name = "array_split", .family = "shape", .dtypes = DTypeSet::all, .grad = "through split's views"});
PARITY_OP_RECORD({.name = "rot90", .family = "shape", .dtypes = DTypeSet::all, .grad = "through flip and transpose"});
PARITY_OP_RECORD({.name = "diag", .family = "shape", .dtypes = DTypeSet::all,
                  .grad = "where(eye mask, v, 0) for 1-d v; the diagonal's advanced index for 2-d v"});
PARITY_OP_RECORD({.name = "diagflat", .family = "shape", .dtypes = DTypeSet::all, .grad = "through ravel and diag"});
PARITY_OP_RECORD({.name = "tri", .family = "creation", .dtypes = DTypeSet::all});
// Claims every dtype but bfloat16 (OpInfo entry): NumPy has no common dtype of bfloat16 and int64.
PARITY_OP_RECORD({.name = "vander", .family = "shape", .dtypes = DTypeSet::none,
                  .no_gradgrad = "through cumprod, whose second derivative does not pass gradgradcheck yet (issue 5)",
                  .grad = "through cumprod of x (cast to x's dtype promoted with int64)"});
PARITY_OP_RECORD({.name = "indices", .family = "creation", .dtypes = DTypeSet::all,
                  .no_grad = "a grid of integer indices of a shape: no array argument to differentiate"});
PARITY_OP_RECORD({.name = "kron", .family = "linalg", .dtypes = DTypeSet::all, .grad = "through multiply of expanded views"});
PARITY_OP_RECORD({.name = "logspace", .family = "creation"});
PARITY_OP_RECORD({.name = "geomspace", .family = "creation"});

namespace {

void check_all_defined(const std::vector<Tensor>& xs, const char* op) {
  for (const Tensor& x : xs)
    if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
}

std::string np_dtype(DType d) {
  std::string s = "dtype('";
  s += name(d);
  s += "')";
  return s;
}

// Every x with at least nd (1, 2 or 3) dimensions, as NumPy's atleast_*d.
Tensor at_least(const Tensor& x, int nd) {
  const int64_t n = x.ndim();
  if (n >= nd) return x;
  if (n == 0) return reshape(x, Shape(static_cast<size_t>(nd), 1));
  if (nd == 2) return expand_dims(x, {0});           // (N,) -> (1, N)
  if (n == 1) return expand_dims(x, {0, 2});         // (N,) -> (1, N, 1)
  return expand_dims(x, {2});                        // (M, N) -> (M, N, 1)
}
std::vector<Tensor> all_at_least(const std::vector<Tensor>& xs, int nd, const char* op) {
  check_all_defined(xs, op);
  std::vector<Tensor> out;
  out.reserve(xs.size());
  for (const Tensor& x : xs) out.push_back(at_least(x, nd));
  return out;
}

// NumPy's concatenate of xs along axis (0 <= axis < ndim of the first), its checks and messages
// named after op; with dtype, each input cast to it under `casting` (TypeError where not allowed).
Tensor join(std::vector<Tensor> xs, int64_t axis, const char* op, std::optional<DType> dtype = std::nullopt,
            Casting casting = Casting::same_kind) {
  if (xs.empty()) throw ValueError(op_msg(op, "need at least one array to concatenate"));
  const int64_t nd = xs[0].ndim();
  for (size_t i = 1; i < xs.size(); ++i)
    if (xs[i].ndim() != nd) {
      std::string m = "all the input arrays must have same number of dimensions, but the array at index 0 has ";
      m += std::to_string(nd);
      m += " dimension(s) and the array at index ";
      m += std::to_string(i);
      m += " has ";
      m += std::to_string(xs[i].ndim());
      m += " dimension(s)";
      throw ValueError(op_msg(op, m));
    }
  axis = normalize_axis(axis, nd, op);
  for (size_t i = 1; i < xs.size(); ++i)
    for (int64_t d = 0; d < nd; ++d)
      if (d != axis && xs[i].shape()[static_cast<size_t>(d)] != xs[0].shape()[static_cast<size_t>(d)]) {
        std::string m = "all the input array dimensions except for the concatenation axis must match exactly, but along dimension ";
        m += std::to_string(d);
        m += ", the array at index 0 has size ";
        m += std::to_string(xs[0].shape()[static_cast<size_t>(d)]);
        m += " and the array at index ";
        m += std::to_string(i);
        m += " has size ";
        m += std::to_string(xs[i].shape()[static_cast<size_t>(d)]);
        m += " (shapes ";
        m += shape_str(xs[0].shape());
        m += " and ";
        m += shape_str(xs[i].shape());
        m += ")";
        throw ValueError(op_msg(op, m));
      }
  if (dtype) {
    for (Tensor& x : xs) {
      if (!can_cast(x.dtype(), *dtype, casting)) {
        std::string m = "Cannot cast array data from ";
        m += np_dtype(x.dtype());
        m += " to ";
        m += np_dtype(*dtype);
        m += " according to the rule '";
        m += to_string(casting);
        m += "'";
        throw TypeError(op_msg(op, m));
      }
      if (x.dtype() != *dtype) x = x.astype(*dtype, Casting::unsafe);
    }
  }
  return concatenate(xs, axis);
}

// NumPy reads ary.shape[axis]: a bad axis is an IndexError.
int64_t split_axis(const Tensor& x, int64_t axis, const char* op) {
  if (axis < -x.ndim() || axis >= x.ndim()) {
    std::string m = "tuple index out of range (axis ";
    m += std::to_string(axis);
    m += " for array of dimension ";
    m += std::to_string(x.ndim());
    m += ")";
    throw IndexError(op_msg(op, m));
  }
  return axis < 0 ? axis + x.ndim() : axis;
}

// The (n, n) matrix with the 1-d v on diagonal k (n = len(v) + |k|).
Tensor diag_matrix(const Tensor& v, int64_t k, const char* op) {
  const int64_t len = v.shape()[0];
  const int64_t big = std::numeric_limits<int64_t>::max() - len;
  if (k > big || k < -big) {
    std::string m = "array is too big (diagonal offset k=";
    m += std::to_string(k);
    m += " for ";
    m += std::to_string(len);
    m += " elements)";
    throw ValueError(op_msg(op, m));
  }
  const int64_t n = len + (k < 0 ? -k : k);
  // NumPy's zeros((n, n), v.dtype): its size checks and MemoryError first
  (void)alloc_storage({n, n}, v.dtype(), op, Device::cpu);
  Tensor mask = new_tensor({n, n}, DType::Bool, op);
  bool* pm = mask.data<bool>();
  std::fill(pm, pm + n * n, false);
  for (int64_t r = 0; r < len; ++r) {
    const int64_t i = k >= 0 ? r : r - k, j = k >= 0 ? r + k : r;
    pm[i * n + j] = true;
  }
  // v padded with |k| zeros to n, as a column (k >= 0: row r holds v[r]) or a row (k < 0: column c holds v[c])
  Tensor padded = v;
  if (k != 0) padded = concatenate({v, zeros_on({n - len}, v.dtype(), v.device())}, 0);
  padded = reshape(padded, k >= 0 ? Shape{n, 1} : Shape{1, n});
  return where(mask.to(v.device()), padded, zeros_on({}, v.dtype(), v.device()));
}

std::string axes_str(const std::vector<int64_t>& axes) {
  std::string s = "(";
  for (size_t i = 0; i < axes.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(axes[i]);
  }
  if (axes.size() == 1) s += ",";
  s += ")";
  return s;
}

}  // namespace

std::vector<Tensor> atleast_1d(const std::vector<Tensor>& xs) { return all_at_least(xs, 1, "atleast_1d"); }
std::vector<Tensor> atleast_2d(const std::vector<Tensor>& xs) { return all_at_least(xs, 2, "atleast_2d"); }
std::vector<Tensor> atleast_3d(const std::vector<Tensor>& xs) { return all_at_least(xs, 3, "atleast_3d"); }

Tensor vstack(const std::vector<Tensor>& xs, std::optional<DType> dtype, Casting casting) {
  return join(all_at_least(xs, 2, "vstack"), 0, "vstack", dtype, casting);
}

Tensor hstack(const std::vector<Tensor>& xs, std::optional<DType> dtype, Casting casting) {
  std::vector<Tensor> a = all_at_least(xs, 1, "hstack");
  const int64_t axis = !a.empty() && a[0].ndim() == 1 ? 0 : 1;
  return join(std::move(a), axis, "hstack", dtype, casting);
}

Tensor dstack(const std::vector<Tensor>& xs) { return join(all_at_least(xs, 3, "dstack"), 2, "dstack"); }

Tensor column_stack(const std::vector<Tensor>& xs) {
  check_all_defined(xs, "column_stack");
  std::vector<Tensor> cols;
  for (const Tensor& x : xs) {
    if (x.ndim() == 0) cols.push_back(reshape(x, {1, 1}));
    else if (x.ndim() == 1) cols.push_back(expand_dims(x, {1}));  // (N,) -> (N, 1)
    else cols.push_back(x);
  }
  return join(std::move(cols), 1, "column_stack");
}

std::vector<Tensor> array_split(const Tensor& x, int64_t sections, int64_t axis) {
  check_all_defined({x}, "array_split");
  axis = split_axis(x, axis, "array_split");
  if (sections <= 0) throw ValueError("[array_split] number sections must be larger than 0.");
  // NumPy builds Python lists of `sections` sizes and pieces: refuse counts that would not fit in memory
  if (sections > (int64_t{1} << 24)) {
    std::string m = "too many sections (";
    m += std::to_string(sections);
    m += ") to build a list of pieces";
    throw MemoryError(op_msg("array_split", m));
  }
  const int64_t n = x.shape()[static_cast<size_t>(axis)];
  const int64_t each = n / sections, extras = n % sections;
  std::vector<int64_t> bounds;
  int64_t pos = 0;
  for (int64_t i = 0; i + 1 < sections; ++i) bounds.push_back(pos += each + (i < extras ? 1 : 0));
  return split(x, bounds, axis);
}

std::vector<Tensor> array_split(const Tensor& x, const std::vector<int64_t>& indices, int64_t axis) {
  check_all_defined({x}, "array_split");
  axis = split_axis(x, axis, "array_split");
  return split(x, indices, axis);
}

Tensor rot90(const Tensor& x, int64_t k, const std::vector<int64_t>& axes) {
  check_all_defined({x}, "rot90");
  if (axes.size() != 2) throw ValueError("[rot90] len(axes) must be 2.");
  const int64_t nd = x.ndim(), a0 = axes[0], a1 = axes[1];
  // NumPy's order of checks: equal axes (or |a0 - a1| == ndim) first, then the range
  // |a0 - a1| == ndim, without overflow (axes of opposite signs beyond ndim cannot differ by it)
  bool differ_by_ndim = false;
  if ((a0 < 0) == (a1 < 0)) differ_by_ndim = a0 - a1 == nd || a1 - a0 == nd;
  else if (a0 >= -nd && a0 <= nd && a1 >= -nd && a1 <= nd) differ_by_ndim = a0 - a1 == nd || a1 - a0 == nd;
  if (a0 == a1 || differ_by_ndim) {
    std::string m = "Axes must be different (axes ";
    m += axes_str(axes);
    m += " for array of ndim ";
    m += std::to_string(nd);
    m += ").";
    throw ValueError(op_msg("rot90", m));
  }
  if (a0 >= nd || a0 < -nd || a1 >= nd || a1 < -nd) {
    std::string m = "Axes=";
    m += axes_str(axes);
    m += " out of range for array of ndim=";
    m += std::to_string(nd);
    m += ".";
    throw ValueError(op_msg("rot90", m));
  }
  k = ((k % 4) + 4) % 4;
  if (k == 0) return x;
  if (k == 2) return flip(flip(x, AxisList(a0)), AxisList(a1));
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  for (int64_t i = 0; i < nd; ++i) perm[static_cast<size_t>(i)] = i;
  const size_t p0 = static_cast<size_t>(a0 < 0 ? a0 + nd : a0), p1 = static_cast<size_t>(a1 < 0 ? a1 + nd : a1);
  std::swap(perm[p0], perm[p1]);
  if (k == 1) return transpose(flip(x, AxisList(a1)), perm);
  return flip(transpose(x, perm), AxisList(a1));
}

Tensor diag(const Tensor& v, int64_t k) {
  check_all_defined({v}, "diag");
  if (v.ndim() == 1) return diag_matrix(v, k, "diag");
  if (v.ndim() != 2) {
    std::string m = "Input must be 1- or 2-d (shape ";
    m += shape_str(v.shape());
    m += ").";
    throw ValueError(op_msg("diag", m));
  }
  // NumPy's diagonal takes the offset as a C int
  if (k > std::numeric_limits<int32_t>::max() || k < std::numeric_limits<int32_t>::min()) {
    std::string msg = k > 0 ? "signed integer is greater than maximum (k=" : "signed integer is less than minimum (k=";
    msg += std::to_string(k);
    msg += ")";
    throw OverflowError(op_msg("diag", msg));
  }
  // offsets past the matrix give an empty diagonal
  const int64_t n = v.shape()[0], m = v.shape()[1];
  return linalg::diagonal(v, std::clamp<int64_t>(k, -n, m));
}

Tensor diagflat(const Tensor& v, int64_t k) {
  check_all_defined({v}, "diagflat");
  return diag_matrix(ravel(v), k, "diagflat");
}

Tensor tri(int64_t n, std::optional<int64_t> m_in, int64_t k, DType dtype) {
  // NumPy's arange(N) and arange(-k, M - k): a negative count is an empty axis
  const int64_t m_raw = m_in.value_or(n);
  // NumPy's arange(-k, M - k) of int64: -k or a non-empty range's M - k past int64 overflow
  if (k == std::numeric_limits<int64_t>::min() || (k < 0 && m_raw > std::numeric_limits<int64_t>::max() + k)) {
    std::string msg = "Python int too large to convert to C long (arange(-k, M - k) with M=";
    msg += std::to_string(m_raw);
    msg += ", k=";
    msg += std::to_string(k);
    msg += ")";
    throw OverflowError(op_msg("tri", msg));
  }
  const int64_t rows = std::max<int64_t>(n, 0), cols = std::max<int64_t>(m_raw, 0);
  // NumPy's allocations in order: arange(N), arange(-k, M - k), then the (N, M) result
  (void)alloc_storage({rows}, DType::Int64, "tri", Device::cpu);
  (void)alloc_storage({cols}, DType::Int64, "tri", Device::cpu);
  (void)alloc_storage({rows, cols}, dtype, "tri", Device::cpu);
  Tensor mask = new_tensor({rows, cols}, DType::Bool, "tri");
  bool* pm = mask.data<bool>();
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) pm[i * cols + j] = j - i <= k;  // i >= j - k
  return mask.astype(dtype).to(default_device());
}

Tensor vander(const Tensor& x, std::optional<int64_t> n_in, bool increasing) {
  check_all_defined({x}, "vander");
  if (x.ndim() != 1) {
    std::string m = "x must be a one-dimensional array or sequence (shape ";
    m += shape_str(x.shape());
    m += ").";
    throw ValueError(op_msg("vander", m));
  }
  const int64_t len = x.shape()[0], n = n_in.value_or(len);
  if (n < 0) {
    std::string m = "negative dimensions are not allowed (N=";
    m += std::to_string(n);
    m += ")";
    throw ValueError(op_msg("vander", m));
  }
  // NumPy's empty((len(x), N), dtype=promote_types(x.dtype, int)), then multiply.accumulate
  const DType dt = promote_types(x.dtype(), DType::Int64, "vander");
  (void)alloc_storage({len, n}, dt, "vander", Device::cpu);
  if (n == 0) return zeros_on({len, 0}, dt, x.device());
  Tensor xc = x.dtype() == dt ? x : x.astype(dt);
  std::vector<Tensor> cols{full_like(expand_dims(xc, {1}), Scalar(int64_t{1}))};
  if (n > 1) cols.push_back(cumprod(broadcast_to(expand_dims(xc, {1}), {len, n - 1}), 1));
  Tensor v = cols.size() == 1 ? cols[0] : concatenate(cols, 1);
  return increasing ? v : flip(v, AxisList(1));
}

std::vector<Tensor> indices(const Shape& dims, DType dtype, bool sparse) {
  const int64_t nd = static_cast<int64_t>(dims.size());
  for (int64_t d : dims) {
    if (d < 0 && !sparse) {
      std::string m = "negative dimensions are not allowed (dimensions ";
      m += shape_str(dims);
      m += ")";
      throw ValueError(op_msg("indices", m));
    }
    if (dtype == DType::Bool && d > 2)
      throw TypeError("[indices] arange() is only supported for booleans when the result has at most length 2.");
  }
  if (!sparse) {
    Shape full_shape{nd};
    full_shape.insert(full_shape.end(), dims.begin(), dims.end());
    (void)alloc_storage(full_shape, dtype, "indices", Device::cpu);  // NumPy's empty((N,) + dimensions)
  }
  std::vector<Tensor> axes;
  for (int64_t i = 0; i < nd; ++i) {
    const int64_t len = std::max<int64_t>(dims[static_cast<size_t>(i)], 0);  // a negative count: empty
    Shape s(static_cast<size_t>(nd), 1);
    s[static_cast<size_t>(i)] = len;
    axes.push_back(arange(Scalar(int64_t{0}), Scalar(len), Scalar(int64_t{1}), DType::Int64).astype(dtype).reshape(s));
  }
  if (sparse) return axes;
  if (nd == 0) return {zeros({0}, dtype)};
  for (Tensor& t : axes) t = broadcast_to(t, dims);
  return {stack(axes, 0)};
}

Tensor kron(const Tensor& a_in, const Tensor& b) {
  check_all_defined({a_in, b}, "kron");
  Tensor a = a_in;
  if (a.ndim() < b.ndim()) {  // NumPy's array(a, ndmin=b.ndim)
    Shape s(static_cast<size_t>(b.ndim() - a.ndim()), 1);
    s.insert(s.end(), a.shape().begin(), a.shape().end());
    a = reshape(a, s);
  }
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b);
  const size_t nd = static_cast<size_t>(a.ndim());
  Shape bs(nd - static_cast<size_t>(b.ndim()), 1);
  bs.insert(bs.end(), b.shape().begin(), b.shape().end());
  // a at the even axes and b at the odd ones of a (2 * nd)-d product, read back as blocks
  Shape ai, bi, out;
  for (size_t i = 0; i < nd; ++i) {
    ai.push_back(a.shape()[i]);
    ai.push_back(1);
    bi.push_back(1);
    bi.push_back(bs[i]);
  }
  Tensor r = multiply(reshape(a, ai), reshape(b, bi));
  for (size_t i = 0; i < nd; ++i) out.push_back(r.shape()[2 * i] * r.shape()[2 * i + 1]);
  return reshape(r, out);
}

Tensor logspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint, const Scalar& base,
                std::optional<DType> dtype) {
  if (num < 0) {
    std::string m = "Number of samples, ";
    m += std::to_string(num);
    m += ", must be non-negative.";
    throw ValueError(op_msg("logspace", m));
  }
  // power(np.array(base)[None], linspace(start, stop)) (0-d array endpoints: float64 or complex128)
  Tensor y = linspace(start, stop, num, endpoint);
  Tensor r = power(full({1}, base), y);
  return dtype ? r.astype(*dtype) : r;
}

Tensor geomspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint, std::optional<DType> dtype) {
  if (start.as_complex() == std::complex<double>(0, 0) || stop.as_complex() == std::complex<double>(0, 0))
    throw ValueError("[geomspace] Geometric sequence cannot include zero");
  if (num < 0) {
    std::string m = "Number of samples, ";
    m += std::to_string(num);
    m += ", must be non-negative.";
    throw ValueError(op_msg("geomspace", m));
  }
  // NumPy's dt = result_type(asarray(start), asarray(stop), float(num), zeros((), None)): float64,
  // or complex128 for a complex endpoint. start is rotated to the positive real axis, the sequence
  // computed as logspace of log10 of the endpoints, its ends set to start and stop, then rotated back.
  const bool cplx = start.type == Scalar::Type::Complex || stop.type == Scalar::Type::Complex;
  const DType dt = cplx ? DType::Complex128 : DType::Float64;
  Tensor s = full({}, start, dt), e = full({}, stop, dt);
  Tensor sgn = sign(s);
  s = divide(s, sgn);
  e = divide(e, sgn);
  Tensor r = logspace(log10(s).item_scalar(), log10(e).item_scalar(), num, endpoint, Scalar(10.0), dt);
  if (num > 0) {
    std::vector<Tensor> parts{reshape(s, {1})};
    const bool last = num > 1 && endpoint;
    const int64_t mid_stop = last ? num - 1 : num;
    if (mid_stop > 1) parts.push_back(r.index({Slice(int64_t{1}, mid_stop)}));
    if (last) parts.push_back(reshape(e, {1}));
    r = concatenate(parts, 0);
  }
  r = multiply(r, sgn);
  return dtype ? r.astype(*dtype) : r;
}

}  // namespace parity

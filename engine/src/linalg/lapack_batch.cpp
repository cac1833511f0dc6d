// The shared pieces of the LAPACK-backed numpy.linalg ops (lapack_batch.h).
#include "lapack_batch.h"

#include <climits>

#include "parity/promotion.h"
#include "../require_cpu.h"

namespace parity::linalg::detail {

DType compute_dtype(DType d, const char* op) {
  if (d == DType::Float16 || d == DType::BFloat16)
    throw TypeError(op_msg(op, std::string("array type ") + name(d) + " is unsupported in linalg"));
  if (d == DType::Float32 || d == DType::Float64 || d == DType::Complex64 || d == DType::Complex128) return d;
  return DType::Float64;  // bool and integers, as NumPy's linalg (its _commonType)
}

DType compute_dtype(DType a, DType b, const char* op) {
  compute_dtype(a, op);
  compute_dtype(b, op);
  return compute_dtype(promote_types(compute_dtype(a, op), compute_dtype(b, op), op), op);
}

void check_matrix(const Tensor& a, const char* op) {
  if (a.ndim() < 2)
    throw LinAlgError(op_msg(op, std::to_string(a.ndim()) +
                                     "-dimensional array given. Array must be at least two-dimensional"));
}

void check_square(const Tensor& a, const char* op) {
  check_matrix(a, op);
  if (a.shape(-1) != a.shape(-2))
    throw LinAlgError(op_msg(op, "Last 2 dimensions of the array must be square (shape " + shape_str(a.shape()) + ")"));
}

Tensor work_copy(const Tensor& x, DType d) {
  Tensor t = x.astype(d, Casting::unsafe, true);
  return t.is_contiguous() ? t : t.contiguous();
}

LapackInput lapack_input(const Tensor& a, const char* op, bool square) {
  require_cpu(a, op);
  if (square) check_square(a, op);
  else check_matrix(a, op);
  const DType cd = compute_dtype(a.dtype(), op);
  init_lapacke();
  return {cd, work_copy(a.detach(), cd), a.shape(-2), a.shape(-1), batch_count(a.shape())};
}

int64_t batch_count(const Shape& s) {
  int64_t n = 1;
  for (size_t i = 0; i + 2 < s.size(); ++i) n *= s[i];
  return n;
}

Shape batch_shape(const Shape& s, int k) { return Shape(s.begin(), s.end() - k); }

void init_lapacke() {
  static const bool once = [] {
    LAPACKE_set_nancheck(0);
    return true;
  }();
  (void)once;
}

lapack_int lapack_dim(int64_t n, const char* op) {
  if (n > INT_MAX) throw ValueError(op_msg(op, "matrix dimension " + std::to_string(n) + " is too large for LAPACK"));
  return static_cast<lapack_int>(n);
}

Tensor mT(const Tensor& x) { return x.swapaxes(-1, -2); }
Tensor mH(const Tensor& x) { return is_complex(x.dtype()) ? conj(x.swapaxes(-1, -2)) : x.swapaxes(-1, -2); }

Tensor eye_like(const Shape& batch, int64_t n, DType d) {
  Shape s = batch;
  s.push_back(n);
  s.push_back(n);
  Tensor r = zeros(s, d);
  if (r.size() > 0) r.assign(ArrayLike(eye(n, std::nullopt, 0, d)));
  return r;
}

}  // namespace parity::linalg::detail

namespace parity::linalg::detail {

Tensor diagonal_of(const Tensor& x) {
  const int64_t n = x.shape(-1);
  return sum(multiply(x, eye(n, std::nullopt, 0, real_dtype(x.dtype()))), std::vector<int64_t>{-1});
}

Tensor diag_embed(const Tensor& v) {
  const int64_t n = v.shape(-1);
  return multiply(v.expand_dims({-1}), eye(n, std::nullopt, 0, real_dtype(v.dtype())));
}

Tensor tri_mask(int64_t n, bool lower, DType d) {
  Tensor f = zeros({n, n}, DType::Float64);
  double* p = f.data<double>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) p[i * n + j] = (lower ? j <= i : j >= i) ? 1.0 : 0.0;
  return f.astype(real_dtype(d));
}

Tensor triangle_weights(int64_t n, bool lower, DType d) {
  Tensor f = zeros({n, n}, DType::Float64);
  double* p = f.data<double>();
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) p[i * n + j] = i == j ? 0.5 : ((lower ? j < i : j > i) ? 1.0 : 0.0);
  return f.astype(real_dtype(d));
}

void check_finite(const Tensor& x, const char* op, const char* msg) {
  if (x.size() == 0) return;
  if (!all(isfinite(x)).item<bool>()) throw LinAlgError(op_msg(op, msg));
}

}  // namespace parity::linalg::detail

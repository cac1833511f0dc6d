#pragma once
// Shared by the numpy.linalg decompositions (engine/src/linalg/*.cpp): argument checks with
// NumPy's messages, the compute dtype (NumPy's linalg signatures: float32, float64, complex64,
// complex128; bool and integers promote to float64, float16 is a TypeError), contiguous working
// copies that LAPACK overwrites, the loop over a stack of matrices, and LAPACKE's routines
// overloaded by element type (row-major: LAPACKE transposes for Fortran).
#include <complex>

#define LAPACK_COMPLEX_CPP
#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>

#include <cstdint>
#include <string>

#include "parity/errors.h"
#include "parity/ops.h"

namespace parity::linalg::detail {

// The dtype LAPACK runs in for an input of dtype d; TypeError for float16/bfloat16 (NumPy: "array
// type float16 is unsupported in linalg").
DType compute_dtype(DType d, const char* op);
// The common compute dtype of two inputs (solve): their promotion, then compute_dtype.
DType compute_dtype(DType a, DType b, const char* op);
// LinAlgError unless a.ndim >= 2 ("1-dimensional array given. Array must be at least
// two-dimensional").
void check_matrix(const Tensor& a, const char* op);
// check_matrix and LinAlgError unless the last two dimensions are equal.
void check_square(const Tensor& a, const char* op);
// A fresh C-contiguous copy of x in dtype d (LAPACK writes into it).
Tensor work_copy(const Tensor& x, DType d);
// The opening of every LAPACK forward: the CPU check, NumPy's shape checks (a square matrix, or any matrix),
// the compute dtype, LAPACKE set up, and a contiguous working copy of the stack in that dtype.
struct LapackInput {
  DType dtype;    // the compute dtype
  Tensor work;    // C-contiguous (..., m, n) in dtype; LAPACK overwrites it
  int64_t m, n;   // the matrix dimensions
  int64_t batch;  // the number of matrices
};
LapackInput lapack_input(const Tensor& a, const char* op, bool square = true);
// The number of matrices in a stack of shape (..., m, n).
int64_t batch_count(const Shape& s);
// s without its last `k` dimensions.
Shape batch_shape(const Shape& s, int k = 2);
// Disables LAPACKE's NaN scan of its inputs (NumPy calls LAPACK directly: a NaN goes through).
void init_lapacke();

// Calls f(T{}) with T the C++ element type of a LAPACK dtype.
template <class F> decltype(auto) dispatch(DType d, F&& f) {
  switch (d) {
    case DType::Float32: return f(float{});
    case DType::Float64: return f(double{});
    case DType::Complex64: return f(std::complex<float>{});
    case DType::Complex128: return f(std::complex<double>{});
    default: throw TypeError(std::string("[linalg] no LAPACK routine for dtype ") + name(d));
  }
}

template <class T> struct RealOf { using type = T; };
template <class T> struct RealOf<std::complex<T>> { using type = T; };
template <class T> using real_t = typename RealOf<T>::type;

// ---- LAPACKE, overloaded (row-major, leading dimension = row length) ----
// Cholesky: a (n x n) -> its lower/upper factor in that triangle.
inline lapack_int potrf(char uplo, lapack_int n, float* a) { return LAPACKE_spotrf(LAPACK_ROW_MAJOR, uplo, n, a, n); }
inline lapack_int potrf(char uplo, lapack_int n, double* a) { return LAPACKE_dpotrf(LAPACK_ROW_MAJOR, uplo, n, a, n); }
inline lapack_int potrf(char uplo, lapack_int n, std::complex<float>* a) { return LAPACKE_cpotrf(LAPACK_ROW_MAJOR, uplo, n, a, n); }
inline lapack_int potrf(char uplo, lapack_int n, std::complex<double>* a) { return LAPACKE_zpotrf(LAPACK_ROW_MAJOR, uplo, n, a, n); }
// LU with partial pivoting (m x n).
inline lapack_int getrf(lapack_int m, lapack_int n, float* a, lapack_int* p) { return LAPACKE_sgetrf(LAPACK_ROW_MAJOR, m, n, a, n, p); }
inline lapack_int getrf(lapack_int m, lapack_int n, double* a, lapack_int* p) { return LAPACKE_dgetrf(LAPACK_ROW_MAJOR, m, n, a, n, p); }
inline lapack_int getrf(lapack_int m, lapack_int n, std::complex<float>* a, lapack_int* p) { return LAPACKE_cgetrf(LAPACK_ROW_MAJOR, m, n, a, n, p); }
inline lapack_int getrf(lapack_int m, lapack_int n, std::complex<double>* a, lapack_int* p) { return LAPACKE_zgetrf(LAPACK_ROW_MAJOR, m, n, a, n, p); }
// Solve a x = b, a (n x n), b (n x nrhs), row-major.
inline lapack_int gesv(lapack_int n, lapack_int k, float* a, lapack_int* p, float* b) { return LAPACKE_sgesv(LAPACK_ROW_MAJOR, n, k, a, n, p, b, k); }
inline lapack_int gesv(lapack_int n, lapack_int k, double* a, lapack_int* p, double* b) { return LAPACKE_dgesv(LAPACK_ROW_MAJOR, n, k, a, n, p, b, k); }
inline lapack_int gesv(lapack_int n, lapack_int k, std::complex<float>* a, lapack_int* p, std::complex<float>* b) { return LAPACKE_cgesv(LAPACK_ROW_MAJOR, n, k, a, n, p, b, k); }
inline lapack_int gesv(lapack_int n, lapack_int k, std::complex<double>* a, lapack_int* p, std::complex<double>* b) { return LAPACKE_zgesv(LAPACK_ROW_MAJOR, n, k, a, n, p, b, k); }
// Hermitian eigendecomposition (divide and conquer, as NumPy): w ascending, a -> eigenvectors.
inline lapack_int heevd(char jobz, char uplo, lapack_int n, float* a, float* w) { return LAPACKE_ssyevd(LAPACK_ROW_MAJOR, jobz, uplo, n, a, n, w); }
inline lapack_int heevd(char jobz, char uplo, lapack_int n, double* a, double* w) { return LAPACKE_dsyevd(LAPACK_ROW_MAJOR, jobz, uplo, n, a, n, w); }
inline lapack_int heevd(char jobz, char uplo, lapack_int n, std::complex<float>* a, float* w) { return LAPACKE_cheevd(LAPACK_ROW_MAJOR, jobz, uplo, n, a, n, w); }
inline lapack_int heevd(char jobz, char uplo, lapack_int n, std::complex<double>* a, double* w) { return LAPACKE_zheevd(LAPACK_ROW_MAJOR, jobz, uplo, n, a, n, w); }
// General eigenproblem: real (wr, wi, real vr: conjugate pairs in consecutive columns).
inline lapack_int geev(char jobvr, lapack_int n, float* a, float* wr, float* wi, float* vr) { return LAPACKE_sgeev(LAPACK_ROW_MAJOR, 'N', jobvr, n, a, n, wr, wi, nullptr, 1, vr, n); }
inline lapack_int geev(char jobvr, lapack_int n, double* a, double* wr, double* wi, double* vr) { return LAPACKE_dgeev(LAPACK_ROW_MAJOR, 'N', jobvr, n, a, n, wr, wi, nullptr, 1, vr, n); }
inline lapack_int geev(char jobvr, lapack_int n, std::complex<float>* a, std::complex<float>* w, std::complex<float>* vr) { return LAPACKE_cgeev(LAPACK_ROW_MAJOR, 'N', jobvr, n, a, n, w, nullptr, 1, vr, n); }
inline lapack_int geev(char jobvr, lapack_int n, std::complex<double>* a, std::complex<double>* w, std::complex<double>* vr) { return LAPACKE_zgeev(LAPACK_ROW_MAJOR, 'N', jobvr, n, a, n, w, nullptr, 1, vr, n); }
// QR: geqrf (m x n) -> R above the diagonal, reflectors below, tau (min(m, n)); orgqr/ungqr forms
// the first k columns of Q (m x k, from a of leading dimension lda) out of the reflectors.
inline lapack_int geqrf(lapack_int m, lapack_int n, float* a, float* tau) { return LAPACKE_sgeqrf(LAPACK_ROW_MAJOR, m, n, a, n, tau); }
inline lapack_int geqrf(lapack_int m, lapack_int n, double* a, double* tau) { return LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, m, n, a, n, tau); }
inline lapack_int geqrf(lapack_int m, lapack_int n, std::complex<float>* a, std::complex<float>* tau) { return LAPACKE_cgeqrf(LAPACK_ROW_MAJOR, m, n, a, n, tau); }
inline lapack_int geqrf(lapack_int m, lapack_int n, std::complex<double>* a, std::complex<double>* tau) { return LAPACKE_zgeqrf(LAPACK_ROW_MAJOR, m, n, a, n, tau); }
inline lapack_int ungqr(lapack_int m, lapack_int n, lapack_int k, float* a, const float* tau) { return LAPACKE_sorgqr(LAPACK_ROW_MAJOR, m, n, k, a, n, tau); }
inline lapack_int ungqr(lapack_int m, lapack_int n, lapack_int k, double* a, const double* tau) { return LAPACKE_dorgqr(LAPACK_ROW_MAJOR, m, n, k, a, n, tau); }
inline lapack_int ungqr(lapack_int m, lapack_int n, lapack_int k, std::complex<float>* a, const std::complex<float>* tau) { return LAPACKE_cungqr(LAPACK_ROW_MAJOR, m, n, k, a, n, tau); }
inline lapack_int ungqr(lapack_int m, lapack_int n, lapack_int k, std::complex<double>* a, const std::complex<double>* tau) { return LAPACKE_zungqr(LAPACK_ROW_MAJOR, m, n, k, a, n, tau); }
// SVD (divide and conquer, as NumPy): jobz 'A' (u m x m, vt n x n), 'S' (m x k, k x n), 'N'.
inline lapack_int gesdd(char jobz, lapack_int m, lapack_int n, float* a, float* s, float* u, lapack_int ldu, float* vt, lapack_int ldvt) { return LAPACKE_sgesdd(LAPACK_ROW_MAJOR, jobz, m, n, a, n, s, u, ldu, vt, ldvt); }
inline lapack_int gesdd(char jobz, lapack_int m, lapack_int n, double* a, double* s, double* u, lapack_int ldu, double* vt, lapack_int ldvt) { return LAPACKE_dgesdd(LAPACK_ROW_MAJOR, jobz, m, n, a, n, s, u, ldu, vt, ldvt); }
inline lapack_int gesdd(char jobz, lapack_int m, lapack_int n, std::complex<float>* a, float* s, std::complex<float>* u, lapack_int ldu, std::complex<float>* vt, lapack_int ldvt) { return LAPACKE_cgesdd(LAPACK_ROW_MAJOR, jobz, m, n, a, n, s, u, ldu, vt, ldvt); }
inline lapack_int gesdd(char jobz, lapack_int m, lapack_int n, std::complex<double>* a, double* s, std::complex<double>* u, lapack_int ldu, std::complex<double>* vt, lapack_int ldvt) { return LAPACKE_zgesdd(LAPACK_ROW_MAJOR, jobz, m, n, a, n, s, u, ldu, vt, ldvt); }

// A dimension as LAPACK's int (ValueError beyond it).
lapack_int lapack_dim(int64_t n, const char* op);

// The gradient-free copy of a possibly differentiable input.
inline Tensor plain(const Tensor& t) { return t.detach(); }

// Conjugate transpose of the last two axes (a view for real dtypes).
Tensor mH(const Tensor& x);
// The last two axes swapped.
Tensor mT(const Tensor& x);
// Identity matrices shaped like the stack (..., n, n), dtype d.
Tensor eye_like(const Shape& batch, int64_t n, DType d);

}  // namespace parity::linalg::detail

namespace parity::linalg::detail {
// Differentiable helpers for the derivatives (engine ops only, so double backward works).
// The diagonal of each matrix of a stack (..., n, n) -> (..., n).
Tensor diagonal_of(const Tensor& x);
// (..., n) -> (..., n, n) with v on the diagonal.
Tensor diag_embed(const Tensor& v);
// The weights that turn the gradient G with respect to a Hermitian matrix M into the gradient
// with respect to the triangle of the input M is read from (lower: strictly lower 1, diagonal
// 1/2, upper 0; transposed for the upper triangle): g = (G + G^H) * W. Dtype: real_dtype(d).
Tensor triangle_weights(int64_t n, bool lower, DType d);
// A constant mask of the lower (k = 0: with the diagonal) or upper triangle, dtype real_dtype(d).
Tensor tri_mask(int64_t n, bool lower, DType d);
// Raises op's LinAlgError `msg` when any element of x is NaN or infinite.
void check_finite(const Tensor& x, const char* op, const char* msg);
}  // namespace parity::linalg::detail

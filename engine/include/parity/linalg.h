#pragma once
// numpy.linalg: parity::linalg::<name> (ops named "linalg.<name>" in their records and OpInfo
// entries). Batched over leading dimensions; float32, float64, complex64 and complex128 through
// LAPACK (LAPACKE); bool and integers promote to float64, as NumPy's linalg does. Errors NumPy
// raises as LinAlgError (singular, not positive definite, no convergence) are parity::LinAlgError.
#include <optional>
#include <string>

#include "parity/ops.h"

namespace parity::linalg {

// ---- decompositions, solvers and eigenvalues (engine/src/linalg/) ----
// Every function takes a stack of matrices (..., M, N) and raises LinAlgError for fewer than two
// dimensions, and for non-square input where the op needs a square one; TypeError for float16.

// Lower (upper: upper) Cholesky factor of a Hermitian positive-definite matrix; only its lower
// (upper) triangle is read. LinAlgError "Matrix is not positive definite".
Tensor cholesky(const Tensor& a, bool upper = false);
// Determinant (LU); a singular matrix gives 0. 0x0 matrices give 1.
Tensor det(const Tensor& a);
struct SlogdetResult {
  Tensor sign;       // sign (unit complex number for complex input; 0 when singular)
  Tensor logabsdet;  // log|det| (real; -inf when singular)
};
SlogdetResult slogdet(const Tensor& a);
// Inverse; LinAlgError "Singular matrix".
Tensor inv(const Tensor& a);
// x with a @ x = b. NumPy 2's rule: b is a stack of vectors (..., M) only when b.ndim == 1,
// otherwise a stack of matrices (..., M, K); batch dimensions broadcast.
Tensor solve(const Tensor& a, const Tensor& b);
struct EighResult {
  Tensor eigenvalues;   // ascending, real
  Tensor eigenvectors;  // columns
};
// Hermitian/symmetric eigendecomposition reading the lower ("L") or upper ("U") triangle.
EighResult eigh(const Tensor& a, const std::string& UPLO = "L");
Tensor eigvalsh(const Tensor& a, const std::string& UPLO = "L");
struct EigResult {
  Tensor eigenvalues;
  Tensor eigenvectors;  // unit columns
};
// General eigendecomposition. For real input the result is complex unless every eigenvalue of
// the whole stack is real (NumPy 2), then real. LinAlgError "Eigenvalues did not converge".
EigResult eig(const Tensor& a);
Tensor eigvals(const Tensor& a);
struct QRResult {
  Tensor Q;  // mode "reduced"/"complete": Q; mode "raw": h (the reflectors, (..., N, M)); "r": undefined
  Tensor R;  // R; mode "raw": tau
};
// mode: "reduced" (Q (M, K), R (K, N), K = min(M, N)), "complete" (Q (M, M), R (M, N)), "r" (R
// only, in .R), "raw" (h and tau as LAPACK's geqrf leaves them, h transposed as NumPy's).
QRResult qr(const Tensor& a, const std::string& mode = "reduced");
struct SVDResult {
  Tensor U;   // undefined when compute_uv is false
  Tensor S;   // descending, real
  Tensor Vh;  // undefined when compute_uv is false
};
// a = U @ diag(S) @ Vh (gesdd). hermitian: from eigh (S = |eigenvalues|, sorted descending).
// LinAlgError "SVD did not converge".
SVDResult svd(const Tensor& a, bool full_matrices = true, bool compute_uv = true, bool hermitian = false);
Tensor svdvals(const Tensor& a);
// Pseudo-inverse: singular values <= rcond * largest set to zero (rcond default 1e-15).
Tensor pinv(const Tensor& a, double rcond = 1e-15, bool hermitian = false);
// Rank: singular values > tol (default S.max * max(M, N) * eps of the compute dtype). A 0-d or
// 1-d input: 1 unless all zero. int64 result.
Tensor matrix_rank(const Tensor& a, std::optional<double> tol = std::nullopt, bool hermitian = false);
// Matrix norm over the last two axes; ord: "fro", "nuc", "inf", "-inf", "1", "-1", "2", "-2".
Tensor matrix_norm(const Tensor& x, bool keepdims = false, const std::string& ord = "fro");

// ---- products, norms and matrix helpers (engine/src/linalg/) ----
// (engine/src/linalg/products.cpp) Norm of vectors along `axis` (None: the flattened array; a
// tuple: those axes together): ord any real, inf (max |x|), -inf (min |x|), 0 (count of nonzeros).
// The result is real: float64 for bool and integers, the real dtype of a complex input.
Tensor vector_norm(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, double ord = 2);
// Cross product of 3-vectors along `axis` of both operands (the rest broadcast).
Tensor cross(const Tensor& x1, const Tensor& x2, int64_t axis = -1);
// The offset diagonal of the last two axes (a copy), shape (..., k).
Tensor diagonal(const Tensor& x, int64_t offset = 0);
// Sum of that diagonal; dtype as np.sum's (integers widen to int64/uint64).
Tensor trace(const Tensor& x, int64_t offset = 0, std::optional<DType> dtype = std::nullopt);
// a^n for square (..., m, m) a by repeated squaring; n = 0 gives the identity in a's dtype.
// n < 0 is inv(a)^|n| (LinAlgError for a singular a), as NumPy.
Tensor matrix_power(const Tensor& a, int64_t n);
// The main namespace's ops under numpy.linalg's names (outer takes 1-D vectors only).
Tensor outer(const Tensor& a, const Tensor& b);
inline Tensor matmul(const Tensor& a, const Tensor& b) { return parity::matmul(a, b); }
inline Tensor tensordot(const Tensor& a, const Tensor& b, int64_t axes = 2) { return parity::tensordot(a, b, axes); }
inline Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& axes_a,
                        const std::vector<int64_t>& axes_b) {
  return parity::tensordot(a, b, axes_a, axes_b);
}
inline Tensor vecdot(const Tensor& x1, const Tensor& x2, int64_t axis = -1) { return parity::vecdot(x1, x2, axis); }
inline Tensor matrix_transpose(const Tensor& x) { return parity::matrix_transpose(x); }

}  // namespace parity::linalg

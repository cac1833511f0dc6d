#pragma once
// numpy.linalg: parity::linalg::<name> (ops named "linalg.<name>" in their records and OpInfo
// entries). Batched over leading dimensions; float32, float64, complex64 and complex128 through
// LAPACK (LAPACKE); bool and integers promote to float64, as NumPy's linalg does. Errors NumPy
// raises as LinAlgError (singular, not positive definite, no convergence) are parity::LinAlgError.
#include "parity/ops.h"

namespace parity::linalg {

// ---- decompositions, solvers and eigenvalues (engine/src/linalg/) ----

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
// n < 0 needs linalg.inv (not yet here): NotImplementedError.
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

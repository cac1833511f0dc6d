#pragma once
// numpy.linalg: parity::linalg::<name> (ops named "linalg.<name>" in their records and OpInfo
// entries). Batched over leading dimensions; float32, float64, complex64 and complex128 through
// LAPACK (LAPACKE); bool and integers promote to float64, as NumPy's linalg does. Errors NumPy
// raises as LinAlgError (singular, not positive definite, no convergence) are parity::LinAlgError.
#include "parity/ops.h"

namespace parity::linalg {

// ---- decompositions, solvers and eigenvalues (engine/src/linalg/) ----

// ---- products, norms and matrix helpers (engine/src/linalg/) ----

}  // namespace parity::linalg

#pragma once
// Each op family adds its entries to the database (opinfo/src/entries_*.cpp).
#include <vector>

#include "parity/opinfo.h"

namespace parity::opinfo {

void add_unary_ops(std::vector<OpInfo>& db);
void add_binary_ops(std::vector<OpInfo>& db);
void add_reduction_ops(std::vector<OpInfo>& db);
void add_shape_ops(std::vector<OpInfo>& db);
void add_creation_ops(std::vector<OpInfo>& db);
void add_linalg_ops(std::vector<OpInfo>& db);
void add_fft_ops(std::vector<OpInfo>& db);
// numpy.linalg decompositions, solvers, eigenvalues (entries_linalg_lapack.cpp).
void add_linalg_lapack_ops(std::vector<OpInfo>& db);
void add_indexing_ops(std::vector<OpInfo>& db);
void add_random_ops(std::vector<OpInfo>& db);
void add_dtype_ops(std::vector<OpInfo>& db);
void add_interop_ops(std::vector<OpInfo>& db);
// The Array API functions (entries_array_api.cpp) and numpy.linalg's products and norms without
// LAPACK (entries_linalg_products.cpp).
void add_array_api_ops(std::vector<OpInfo>& db);
void add_linalg_product_ops(std::vector<OpInfo>& db);
// sort, argsort, take, take_along_axis, searchsorted, count_nonzero, isin, unique_* (entries_sorting.cpp).
void add_sorting_ops(std::vector<OpInfo>& db);
// median, quantile (entries_quantile.cpp).
void add_quantile_ops(std::vector<OpInfo>& db);
// atleast_*d, vstack, hstack, dstack, column_stack, array_split, rot90, diag, diagflat, tri (entries_shape_extra.cpp).
void add_shape_extra_ops(std::vector<OpInfo>& db);
// ptp, average, nanprod, nancumsum, nanvar, nanstd, nanargmax, nanargmin, isclose, allclose,
// array_equal, nan_to_num, trace, percentile (entries_stats_extra.cpp).
void add_stats_extra_ops(std::vector<OpInfo>& db);
void add_ufunc_special_ops(std::vector<OpInfo>& db);  // divmod, modf, frexp, ldexp, matvec, vecmat
// Error inputs for every in-place and out= variant on a read-only view (readonly_errors.cpp).
void add_readonly_errors(std::vector<OpInfo>& db);
// Declarations scoped by a case trait that several ops share (case_traits.cpp).
void add_trait_discrepancies(std::vector<OpInfo>& db);
// An entry seeded from the op's record (parity/op_record.h): name, aliases, family, variants, CPU
// dtype claims, numpy_ref (np.<NumPy name>) and the autograd claims. The caller adds run and the
// inputs. Throws std::logic_error when the engine has no record of that name.
OpInfo entry_from_record(const std::string& name, RunFn run = nullptr);
// Fills torch_ref, jax_ref and torch_method from numpy_ref where an entry left them empty (op_db.cpp).
void derive_library_refs(std::vector<OpInfo>& db);

// Samples shared by elementwise families: every standard shape, plus the dtype's extremal values
// for reference inputs.
std::vector<SampleInput> elementwise_samples(const std::string& op, DType d, int nin,
                                             std::optional<std::pair<double, double>> domain);
std::vector<SampleInput> elementwise_reference(DType d, int nin);

}  // namespace parity::opinfo

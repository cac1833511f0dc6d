#pragma once
// Sorting, searching, sets and take, with NumPy's names, arguments and orderings
// (engine/src/ops/sort.cpp, take.cpp, search.cpp, unique.cpp).
//
// NumPy's sort order: NaNs last; complex numbers lexicographically (real part, then imaginary
// part), those with NaN parts after the others in NumPy's order (R + Rj, R + nanj, nan + Rj,
// nan + nanj); -0.0 and 0.0 are equal (a stable sort keeps their order).
#include <optional>
#include <string>
#include <vector>

#include "parity/tensor.h"

namespace parity {

// np.sort / np.argsort. axis=None sorts the flattened array. `stable` is NumPy 2's keyword (the
// engine's sort is always stable, a valid unstable sort too); `descending` is the Array API
// standard's (stable descending: equal elements keep their order). As NumPy's, sort of a 0-d
// array is an AxisError and argsort of one sorts it as a 1-d array.
Tensor sort(const Tensor& x, std::optional<int64_t> axis = -1, bool stable = true, bool descending = false);
Tensor argsort(const Tensor& x, std::optional<int64_t> axis = -1, bool stable = true, bool descending = false);

// np.take: mode "raise" (IndexError out of bounds; negative indices count from the end), "wrap"
// or "clip". axis=None takes from the flattened array. out= must have the result's shape; an out of
// another dtype must cast to x's dtype under 'safe' (NumPy's buffer), values are cast into it.
Tensor take(const Tensor& x, const Tensor& indices, std::optional<int64_t> axis = std::nullopt,
            const std::string& mode = "raise", OutArg out = {});
// np.take_along_axis: indices has x's ndim and broadcasts with x on the other axes; axis=None
// takes from the flattened x with 1-d indices.
Tensor take_along_axis(const Tensor& x, const Tensor& indices, std::optional<int64_t> axis);

// np.searchsorted over a 1-d `a` (sorted in NumPy's order, or through `sorter`): int64 indices
// of v's shape. side "left" or "right".
Tensor searchsorted(const Tensor& a, const ArrayLike& v, const std::string& side = "left",
                    const Tensor& sorter = Tensor());
// np.count_nonzero: int64 (a 0-d result for axis=None without keepdims).
Tensor count_nonzero(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false);
// np.isin: a bool array of element's shape, true where the element equals one of test_elements
// (compared in their common dtype; NaN equals nothing).
Tensor isin(const ArrayLike& element, const ArrayLike& test_elements, bool invert = false);

// NumPy 2's set functions over the flattened x (each NaN is a value of its own, as NumPy's
// equal_nan=False). Results: values sorted in NumPy's order; indices of first occurrences;
// inverse_indices with x's shape; counts. All indices and counts are int64.
Tensor unique_values(const Tensor& x);
std::vector<Tensor> unique_counts(const Tensor& x);   // {values, counts}
std::vector<Tensor> unique_inverse(const Tensor& x);  // {values, inverse_indices}
std::vector<Tensor> unique_all(const Tensor& x);      // {values, indices, inverse_indices, counts}

}  // namespace parity

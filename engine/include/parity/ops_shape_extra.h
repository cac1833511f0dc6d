#pragma once
// NumPy's shape and matrix helpers written with the engine's differentiable ops
// (engine/src/ops/shape_extra.cpp): atleast_1d/2d/3d, vstack, hstack, dstack, column_stack,
// array_split, rot90, diag, diagflat, tri, vander, indices, kron, logspace, geomspace.
#include <optional>
#include <vector>

#include "parity/promotion.h"
#include "parity/tensor.h"

namespace parity {

// Each input viewed with at least 1, 2 or 3 dimensions (NumPy's rules: a 1-d (N,) becomes (1, N)
// and (1, N, 1), a 2-d (M, N) becomes (M, N, 1)); one result per input.
std::vector<Tensor> atleast_1d(const std::vector<Tensor>& xs);
std::vector<Tensor> atleast_2d(const std::vector<Tensor>& xs);
std::vector<Tensor> atleast_3d(const std::vector<Tensor>& xs);
// concatenate of atleast_2d along axis 0 / of atleast_1d along axis 0 (1-d inputs) or 1; with
// dtype, each input is cast to it first under `casting` (NumPy's default same_kind).
Tensor vstack(const std::vector<Tensor>& xs, std::optional<DType> dtype = std::nullopt,
              Casting casting = Casting::same_kind);
Tensor hstack(const std::vector<Tensor>& xs, std::optional<DType> dtype = std::nullopt,
              Casting casting = Casting::same_kind);
// concatenate of atleast_3d along axis 2.
Tensor dstack(const std::vector<Tensor>& xs);
// 0-d and 1-d inputs as columns ((1, 1) and (N, 1)), then concatenate along axis 1.
Tensor column_stack(const std::vector<Tensor>& xs);
// np.array_split: `sections` pieces, the first n % sections one longer; or pieces between
// `indices` (Python slice clamping). Views.
std::vector<Tensor> array_split(const Tensor& x, int64_t sections, int64_t axis = 0);
std::vector<Tensor> array_split(const Tensor& x, const std::vector<int64_t>& indices, int64_t axis = 0);
// x rotated k times by 90 degrees in the plane of `axes` (from the first axis towards the second).
Tensor rot90(const Tensor& x, int64_t k = 1, const std::vector<int64_t>& axes = {0, 1});
// A 1-d v: the (n+|k|, n+|k|) matrix with v on diagonal k; a 2-d v: its diagonal k (a copy).
Tensor diag(const Tensor& v, int64_t k = 0);
// diag of v flattened.
Tensor diagflat(const Tensor& v, int64_t k = 0);
// The (N, M) matrix with ones at and below diagonal k (M = N when absent).
Tensor tri(int64_t n, std::optional<int64_t> m = std::nullopt, int64_t k = 0, DType dtype = DType::Float64);

// The Vandermonde matrix of the 1-d x: columns x**(n-1), ..., x**0 (increasing: x**0 first);
// n = len(x) when absent.
Tensor vander(const Tensor& x, std::optional<int64_t> n = std::nullopt, bool increasing = false);
// np.indices: the index grid of `dimensions`, one (len(dimensions), *dimensions) array; sparse:
// one array per axis, of shape 1 but along its axis.
std::vector<Tensor> indices(const Shape& dimensions, DType dtype = DType::Int64, bool sparse = false);
// The Kronecker product (blocks a[i] * b), both viewed with the larger number of dimensions.
Tensor kron(const Tensor& a, const Tensor& b);
// base ** linspace(start, stop, num, endpoint), and numbers spaced evenly on a log scale from
// start to stop (geomspace); Python-number endpoints.
Tensor logspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                const Scalar& base = Scalar(10.0), std::optional<DType> dtype = std::nullopt);
Tensor geomspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                 std::optional<DType> dtype = std::nullopt);

}  // namespace parity

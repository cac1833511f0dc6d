#pragma once
// Gathering along one axis and its adjoint, scatter-add (engine/src/ops/take.cpp): the kernels of
// take, take_along_axis and sort, and their derivatives (each is the other's backward, so any
// order of derivative is recorded).
#include "parity/tensor.h"

namespace parity::gather {

// r[..., j, ...] = xv[..., idx[..., j, ...], ...] along axis `axis`: idx is int64, in bounds, of
// xv's shape but for its length along `axis`. `x` is the tensor the caller differentiates
// against: xv itself, a broadcast of it (the gradient is summed back by autograd::record) or a
// reshape of it with as many elements (the gradient is reshaped back).
Tensor gather_recorded(const char* op, const Tensor& x, const Tensor& xv, const Tensor& idx, int64_t axis);
// The adjoint: zeros of `shape` (g's dtype) with g[..., j, ...] added at idx[..., j, ...] along axis.
Tensor scatter_add(const Tensor& g, const Tensor& idx, int64_t axis, const Shape& shape);

}  // namespace parity::gather

#pragma once
// Axis and shape helpers shared by the ops.
#include <string>
#include <vector>

#include "parity/tensor.h"

namespace parity {

// Maps a possibly negative axis into [0, ndim); AxisError "[op] axis 3 is out of bounds for array of dimension 2".
int64_t normalize_axis(int64_t axis, int64_t ndim, const char* op);
// Normalizes each axis; ValueError on repeats.
std::vector<int64_t> normalize_axes(const std::vector<int64_t>& axes, int64_t ndim, const char* op);
Strides contiguous_strides(const Shape& shape);
// NumPy broadcasting of several shapes; ValueError naming the shapes when incompatible.
Shape broadcast_shape(const std::vector<Shape>& shapes, const char* op);
// A fresh C-contiguous tensor.
Tensor new_tensor(const Shape& shape, DType dtype);

}  // namespace parity

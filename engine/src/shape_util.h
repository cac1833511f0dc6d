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
// NumPy's check on every array, done once here so that size(), nbytes() and products of sizes
// never overflow: no negative dimension, and the product of the non-zero dimensions times
// `itemsize` fits in int64 (ValueError "array is too big..." naming shape and itemsize).
// Returns the number of elements.
int64_t checked_size(const Shape& shape, int64_t itemsize, const char* op);
// ValueError naming shape, strides, offset and storage size unless every element reachable
// through them lies inside `nbytes` of storage (0-size shapes reach nothing), and the strides and
// offset in bytes fit in int64. For the public Tensor constructor.
void check_strided(const Shape& shape, const Strides& strides, int64_t offset, DType dtype,
                   int64_t nbytes, const char* op);
// NumPy's _ArrayMemoryError size string: "4.00 EiB", "512. GiB", "100 bytes".
std::string byte_size_str(int64_t nbytes);
// Storage for a C-contiguous `shape` of `dtype`: checked_size, then NumPy's MemoryError
// "[op] Unable to allocate 4.00 EiB for an array with shape (...) and data type float64".
std::shared_ptr<Storage> alloc_storage(const Shape& shape, DType dtype, const char* op,
                                       Device device = Device::cpu);
// zeros(shape, dtype) on `device`, whatever the default device (engine/src/ops/creation.cpp): for
// the engine's own temporaries, which belong where their operands are, not under a DeviceGuard's device.
Tensor zeros_on(const Shape& shape, DType dtype, Device device);
// A fresh C-contiguous tensor on `device`; `op` names the caller in errors.
Tensor new_tensor(const Shape& shape, DType dtype, const char* op = "empty", Device device = Device::cpu);

}  // namespace parity

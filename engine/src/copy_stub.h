#pragma once
// The copy family's kernel slots per device (device_stub.h): copies with NumPy's unsafe cast
// (copy_cast, iter.cpp), zero fills (creation.cpp), and where's select (ops/where_clip.cpp).
// The CPU slots sit beside their op bodies; the CUDA ones in copy_cuda.cpp.
#include "device_stub.h"
#include "parity/tensor.h"

namespace parity {

// dst = src cast unsafely (src broadcast to dst's shape, on any device).
using CopyCastFn = void (*)(const Tensor& src, const Tensor& dst);
// All bytes of t set to zero (all-zero bits are 0 in every dtype).
using FillZeroFn = void (*)(const Tensor& t);
// where(c, x, y) into a new tensor of dtype dt on `dev`: operands broadcast to `shape`, c bool, x
// and y of dtype dt (CPU 0-d operands may join an op on a GPU).
using WhereFn = Tensor (*)(const Shape& shape, const Tensor& c, const Tensor& x, const Tensor& y, DType dt, Device dev);

void copy_cast_cuda(const Tensor& src, const Tensor& dst);
void fill_zero_cuda(const Tensor& t);
Tensor where_cuda(const Shape& shape, const Tensor& c, const Tensor& x, const Tensor& y, DType dt, Device dev);

}  // namespace parity

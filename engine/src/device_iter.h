#pragma once
// The front end's side of device kernels: operands broadcast to one shape, dimensions coalesced,
// handed to the backend as cuda::Operands (the device counterpart of iter.h's run_tensors).
#include <vector>

#include "cuda/backend.h"
#include "parity/tensor.h"

namespace parity {

// Operands for `ts` (all on one device, broadcast to `shape`; the output last). Dimensions of
// size 1 are dropped and adjacent dimensions merged where every operand allows; more than
// cuda::kMaxDims remaining raises NotImplementedError naming `op`.
cuda::Operands pack_operands(const Shape& shape, const std::vector<Tensor>& ts, const char* op);

// The common device of an op's tensor arguments, as ATen's TensorIterator::compute_types: all
// must share one device, except that CPU 0-d tensors may join an op on a GPU (their value is
// passed to the kernel). RuntimeError naming both devices otherwise.
Device common_device(const std::vector<const Tensor*>& ts, const char* op);

}  // namespace parity

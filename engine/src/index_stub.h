#pragma once
// The indexing family's kernel slots per device (device_stub.h): advanced indexing's gather and
// scatter through a table of element offsets, and basic-index assignment. indexing.cpp resolves
// the index and checks the value (NumPy's rules and messages) and holds the CPU slots;
// index_cuda.cpp holds the CUDA ones.
#include "device_stub.h"
#include "parity/tensor.h"

namespace parity::indexing {

// The layout of an advanced index's result relative to the source: strided `pre` dimensions, the
// table of offsets, then strided `post` dimensions. The dense side is the C-contiguous result
// (or one element repeated when dense_repeats).
struct Plan {
  char* base;
  Shape pre, post;
  Strides pre_b, post_b;  // byte strides in the source
  const int64_t* table;   // element offsets (on the host)
  int64_t ntable;
  int64_t itemsize;
};

// Moves elements between the plan's strided side (the source's storage, on `dev`) and `dense`
// (on `dev` too): a gather (index) or a scatter (index_put). `table` is the host tensor behind
// p.table, already bounds-checked.
using MoveFn = void (*)(const Plan& p, const Tensor& table, char* dense, bool dense_repeats, bool scatter, Device dev,
                        const char* op);
// A basic-index assignment of `value` into `view` (of self) by the device's own kernels; false
// (nothing done) where view.assign does it instead (always, on the CPU).
using FillViewFn = bool (*)(const Tensor& self, const Tensor& view, const ArrayLike& value, const char* op);

void move_cuda(const Plan& p, const Tensor& table, char* dense, bool dense_repeats, bool scatter, Device dev,
               const char* op);
bool fill_view_cuda(const Tensor& self, const Tensor& view, const ArrayLike& value, const char* op);

// Drops size-1 dimensions and merges dimensions that are contiguous in the strided operand.
void coalesce(Shape& shape, Strides& st);

}  // namespace parity::indexing

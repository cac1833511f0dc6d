#pragma once
// The strided loop every elementwise kernel runs through (NumPy's ufunc inner loops, PyTorch's
// TensorIterator): operands broadcast to one shape, dimensions coalesced, then an inner loop over
// the last dimension with byte strides.
#include <cstdint>
#include <vector>

#include "parity/tensor.h"

namespace parity {

// data[k] points at operand k's element, strides[k] is its byte stride, n the count.
using InnerLoop = void (*)(char** data, const int64_t* strides, int64_t n, const void* ctx);

// Calls `loop` over every element of `shape` for operands given by their first-element pointers
// and byte strides (already broadcast: stride 0 along broadcast dimensions).
// Loops over more than 2^16 elements run in chunks on the thread pool (thread_pool.h) unless
// parallel_ok is false; the loop must then be elementwise (no element depends on another) and
// ctx read-only. An output (last operand) with a zero stride always runs serially, in order.
void run_strided(const Shape& shape, std::vector<char*> data,
                 std::vector<std::vector<int64_t>> byte_strides, InnerLoop loop,
                 const void* ctx = nullptr, bool parallel_ok = true);

// Byte strides of `t` broadcast to `shape` (which t must broadcast to).
std::vector<int64_t> broadcast_byte_strides(const Tensor& t, const Shape& shape);

// Runs `loop` with operands `ts` (all broadcast to `shape`; the last is usually the output).
void run_tensors(const Shape& shape, const std::vector<Tensor>& ts, InnerLoop loop,
                 const void* ctx = nullptr);

// The loop that converts elements of `from` into `to` (astype's, unsafe casting).
InnerLoop cast_loop_for(DType from, DType to);

// Copies src into dst with casting (src broadcast to dst's shape). Handles overlap.
void copy_cast(const Tensor& src, const Tensor& dst);

}  // namespace parity

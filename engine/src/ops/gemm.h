#pragma once
// The gemm family (device_stub.h): matmul's kernel slot per device, and dot's BLAS-scalar slot.
// linalg.cpp holds the op bodies and the CPU slots; gemm_cuda.cpp the CUDA ones (cuBLAS).
#include <vector>

#include "../device_stub.h"
#include "parity/tensor.h"

namespace parity {

// (..., n, k) @ (..., k, m) with broadcast batch axes (a, b of ndim >= 2, checked) into a new
// tensor of the result dtype rdt on their device.
using MatmulFn = Tensor (*)(const Tensor& a, const Tensor& b, DType rdt);
// dot's scalar branch of BLAS's cblas_matrixproduct; an undefined Tensor where it does not apply.
using DotScalarFn = Tensor (*)(const Tensor& a, const Tensor& b);

Tensor matmul_cuda(const Tensor& a, const Tensor& b, DType rdt);
Tensor dot_scalar_cuda(const Tensor& a, const Tensor& b);

// One operand's matrices as row-major BLAS sees them: `trans` when the last two axes are stored
// transposed (column-major), `ld` the leading dimension. Other layouts (negative, zero or
// non-unit inner strides) get a contiguous copy, as NumPy's matmul copies for gemm. (For a
// matrix-vector product NumPy takes its plain loop instead; copying keeps the engine's result
// independent of the layout, which the Noncontiguous suite checks.)
struct BlasOperand {
  Tensor t;
  bool trans;
  int64_t ld;
};
BlasOperand blas_operand(const Tensor& x, DType cdt);  // x cast to cdt first
// Per-batch-axis element strides of x's matrices within `batch` (0 where x broadcasts).
std::vector<int64_t> batch_strides(const Tensor& x, const Shape& batch);

}  // namespace parity

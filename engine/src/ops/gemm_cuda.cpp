// The gemm family's CUDA slots (gemm.h): matmul through cuda::gemm (cuBLAS, engine/src/cuda/linalg.cu).
#include "../cuda/backend.h"
#include "../shape_util.h"
#include "gemm.h"
#include "parity/errors.h"

namespace parity {

namespace {
// The dtype the device kernel reads for result dtype rdt: rdt, except bfloat16 @ bfloat16 ->
// float32, which reads bfloat16. (cuBLAS for the floating and complex dtypes, a plain kernel for
// bool and integers.)
DType device_input_dtype(const Tensor& a, const Tensor& b, DType rdt) {
  if (a.dtype() == bfloat16 && b.dtype() == bfloat16 && rdt == float32) return bfloat16;
  return rdt;
}

}  // namespace

Tensor matmul_cuda(const Tensor& a_in, const Tensor& b_in, DType rdt) {
  const Device dev = a_in.device();
  const DType in = device_input_dtype(a_in, b_in, rdt);
  Shape batch = broadcast_shape({Shape(a_in.shape().begin(), a_in.shape().end() - 2),
                                 Shape(b_in.shape().begin(), b_in.shape().end() - 2)}, "matmul");
  if (batch.size() > static_cast<size_t>(cuda::kMaxDims))
    throw NotImplementedError("[matmul] no CUDA kernel for more than " + std::to_string(cuda::kMaxDims) + " batch dimensions");
  Shape out_shape = batch;
  out_shape.push_back(a_in.shape(-2));
  out_shape.push_back(b_in.shape(-1));
  Tensor c = new_tensor(out_shape, rdt, "matmul", dev);
  if (c.size() == 0) return c;
  const BlasOperand a = blas_operand(a_in, in), b = blas_operand(b_in, in);  // device casts and copies
  const std::vector<int64_t> sa = batch_strides(a.t, batch), sb = batch_strides(b.t, batch);
  cuda::GemmArgs g;
  g.a = a.t.device_ptr();
  g.b = b.t.device_ptr();
  g.c = c.device_ptr();
  g.n = a_in.shape(-2);
  g.k = a_in.shape(-1);
  g.m = b_in.shape(-1);
  g.lda = a.ld;
  g.ldb = b.ld;
  g.ta = a.trans;
  g.tb = b.trans;
  g.nbatch_dims = static_cast<int>(batch.size());
  for (size_t i = 0; i < batch.size(); ++i) {
    g.batch[i] = batch[i];
    g.a_batch_strides[i] = sa[i];
    g.b_batch_strides[i] = sb[i];
  }
  if (!cuda::gemm(in, rdt, g, dev.index))
    throw NotImplementedError(std::string("[matmul] no CUDA kernel for ") + name(in) + " -> " + name(rdt));
  return c;
}

// cuBLAS has no scalar branch: dot's scalar cases are np.multiply's there, the others matmul's.
Tensor dot_scalar_cuda(const Tensor&, const Tensor&) { return {}; }

}  // namespace parity

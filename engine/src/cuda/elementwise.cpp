// The elementwise family's registration (registry.h): every ufunc loop with a CUDA kernel, where,
// and the op-level declarations (add_op_kernel) for clip, angle and where that has_cuda_kernel reads.
#include "ew_units.h"
#include "registry.h"

namespace parity::cuda {

void register_ufunc_kernels() {
  register_unary_basic_kernels();
  register_unary_float_kernels();
  register_complex_kernels();
  register_binary_arith_kernels();
  register_binary_compare_kernels();
  register_where_kernels();
  register_row_kernels();
  // clip is not in the ufunc list has_cuda_kernel searches: its dtypes are declared here. bfloat16
  // runs NumPy's float32 loop, which has a kernel.
  for (DType d : kAllDTypes) add_op_kernel("clip", d);
  // angle runs the "angle" loops (ew_unary_float.cu) for every dtype (bool through int64).
  for (DType d : kAllDTypes) add_op_kernel("angle", d);
}

}  // namespace parity::cuda

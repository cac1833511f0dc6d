// The ufunc loops the CPU has and the CUDA backend does not (backend.h: missing_ufunc_kernels).
// Every other CPU loop has a kernel (checked by CudaKernels.EveryUfuncLoopHasAKernelOrIsListed in
// engine/tests/cuda_elementwise_test.cpp); OpInfo's dtypes_cuda follow from this list.
#include "backend.h"

namespace parity::cuda {

// Empty: every CPU loop has a kernel (the complex functions since kernels/complex_math.h, nextafter
// since kern::NextAfter). A loop added to the CPU without a kernel is listed here with its reason,
// e.g. l.push_back({"sqrt", DType::Complex64, "why"}).
const std::vector<MissingKernel>& missing_ufunc_kernels() {
  static const std::vector<MissingKernel> list;
  return list;
}

}  // namespace parity::cuda

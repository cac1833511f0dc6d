// The ufunc loops the CPU has and the CUDA backend does not (backend.h: missing_ufunc_kernels).
// Every other CPU loop has a kernel (checked by CudaKernels.EveryUfuncLoopHasAKernelOrIsListed in
// engine/tests/cuda_elementwise_test.cpp); OpInfo's dtypes_cuda follow from this list.
#include "backend.h"

namespace parity::cuda {

namespace {
// NumPy computes these complex functions with its npy_c* routines (C99 Annex G special values)
// and the CPU with std::complex (glibc's cexp, clog, csin...), adjusted where NumPy differs. The
// GPU has no std::complex; libcu++'s cuda::std::complex follows libc++'s formulas, whose special
// values (branch cuts, nan/inf signs) are not glibc's or NumPy's, so no kernel rather than one
// that differs from the CPU in the corners.
constexpr const char* kComplexFn =
    "complex function of std::complex on the CPU (glibc, C99 Annex G special values): no device "
    "implementation with the same special values";
constexpr const char* kComplexPow =
    "complex power: exponents other than small integers take std::pow of complex on the CPU "
    "(glibc's cpow); no device implementation with the same special values";
}  // namespace

const std::vector<MissingKernel>& missing_ufunc_kernels() {
  static const std::vector<MissingKernel> list = [] {
    std::vector<MissingKernel> l;
    for (const char* f : {"sqrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "tan", "arcsin",
                          "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh"})
      for (DType d : {DType::Complex64, DType::Complex128}) l.push_back({f, d, kComplexFn});
    for (DType d : {DType::Complex64, DType::Complex128}) l.push_back({"power", d, kComplexPow});
    for (DType d : {DType::Float16, DType::Float32, DType::Float64, DType::BFloat16})
      l.push_back({"nextafter", d, "a step in the storage type's bits (16-bit floats too): the CPU loop only, no device kernel yet"});
    return l;
  }();
  return list;
}

}  // namespace parity::cuda

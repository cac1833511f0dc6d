// CUDA kernels of the ufuncs of PARITY_UNARY_UFUNC_ROWS and PARITY_BINARY_UFUNC_ROWS
// (parity/op_list.h), generated from their rows: the kernel struct of kernels/unary.h or binary.h
// (the CPU's formula) in the row's CUDA loops.
#include "../kernels/binary.h"
#include "../kernels/unary.h"
#include "elementwise.cuh"
#include "ew_units.h"
#include "parity/op_list.h"

namespace parity::cuda {

void register_row_kernels() {
  using namespace ew;
#define PARITY_X(name, py, set, Loops, Kernel, noloop, CudaLoops) add_unary<kern::Kernel>(#py, CudaLoops{});
  PARITY_UNARY_UFUNC_ROWS(PARITY_X)
#undef PARITY_X
#define PARITY_X(name, py, set, Loops, Kernel, noloop, CudaLoops) add_binary<kern::Kernel>(#py, CudaLoops{});
  PARITY_BINARY_UFUNC_ROWS(PARITY_X)
#undef PARITY_X
}

}  // namespace parity::cuda

// The CUDA backend's functions in a build without it (CMake PARITY_CUDA=OFF, or AUTO without
// nvcc): no devices, and every entry that would touch one raises, as MLX's no_gpu units do.
#include "backend.h"
#include "parity/errors.h"

namespace parity::cuda {

namespace {
[[noreturn]] void no_cuda(const char* what) {
  throw RuntimeError(std::string("[") + what + "] Parity was built without CUDA (CMake PARITY_CUDA=OFF or no nvcc)");
}
}  // namespace

bool built() { return false; }
int device_count() { return 0; }
std::string device_name(int) { no_cuda("device_name"); }
std::string device_description(int) { no_cuda("device_description"); }
void* alloc(int64_t, int) { no_cuda("cuda alloc"); }
void release(void*, int64_t, int) {}
void copy_to_device(void*, const void*, int64_t, int) { no_cuda("copy to cuda"); }
void copy_to_host(void*, const void*, int64_t, int) { no_cuda("copy from cuda"); }
void copy_on_device(void*, const void*, int64_t, int) { no_cuda("cuda copy"); }
void synchronize(int) {}
double time_ms(const std::function<void()>&, int, int) { no_cuda("cuda time_ms"); }
ElementwiseFn ufunc_kernel(const char*, const DType*, int, DType) { return nullptr; }
ElementwiseFn cast_kernel(DType, DType) { return nullptr; }
bool has_op_kernel(const char*, DType) { return false; }
const std::vector<MissingKernel>& missing_ufunc_kernels() {
  static const std::vector<MissingKernel> none;  // no backend: has_cuda_kernel is false throughout
  return none;
}

void fill_zero(void*, int64_t, int) { no_cuda("cuda fill"); }
bool reduce(ReduceOp, DType, DType, const ReduceArgs&, int) { return false; }
bool scan(bool, DType, DType, const ScanArgs&, int) { return false; }
bool gemm(DType, DType, const GemmArgs&, int) { return false; }
void index_gather(const IndexArgs&, int) { no_cuda("cuda index"); }
void index_scatter(const IndexArgs&, int) { no_cuda("cuda index_put"); }

}  // namespace parity::cuda

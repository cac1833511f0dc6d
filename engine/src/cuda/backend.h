#pragma once
// What the device-independent front end asks of the CUDA backend: memory, copies and one kernel
// stub per family (ATen's DispatchStub). The front end keeps NumPy's semantics (argument checks,
// broadcasting, loop resolution, promotion) and hands the backend operands that are already
// resolved. Implemented by engine/src/cuda/*.cu in a CUDA build (CMake PARITY_CUDA), by
// engine/src/cuda/no_cuda.cpp otherwise, whose functions raise "built without CUDA" (MLX's no_gpu).
#include <cstdint>
#include <functional>
#include <string>

#include "parity/device.h"
#include "parity/dtype.h"

namespace parity::cuda {

// ---- runtime ----
bool built();                      // compiled with nvcc
int device_count();                // 0 without a driver or GPU; never throws
std::string device_name(int index);
// "NVIDIA H200, sm_90, 139 GiB, driver 13.0, runtime 13.0" (for reports and the benchmark header).
std::string device_description(int index);

// ---- memory: a caching allocator over cudaMalloc, one stream per device ----
// Blocks are freed in stream order: a block released while kernels that use it are queued is
// reused only by work queued after them on the same stream. Never managed memory.
void* alloc(int64_t nbytes, int device);  // MemoryError when the device is full
void release(void* p, int64_t nbytes, int device);
void copy_to_device(void* dst, const void* src, int64_t nbytes, int device);    // host -> device
void copy_to_host(void* dst, const void* src, int64_t nbytes, int device);      // waits for the stream
void copy_on_device(void* dst, const void* src, int64_t nbytes, int device);    // device -> device
void synchronize(int device);
// Milliseconds per call of f() (which queues work on `device`), averaged over `reps` calls: CUDA
// events recorded on the device's stream around the calls, after synchronising it (timing.cu).
double time_ms(const std::function<void()>& f, int device, int reps);

// ---- elementwise kernels ----
// Operands (inputs first, the output last) broadcast to `shape`, dimensions coalesced by the
// front end, strides in bytes (0 along broadcast dimensions, negative allowed). An input with
// by_value[k] set is a CPU 0-d tensor or a scalar: its element is in value[k] (the kernel reads it
// from its parameters) and data[k] is null.
constexpr int kMaxDims = 16;
constexpr int kMaxOperands = 4;
struct Operands {
  int ndim = 0;
  int nops = 0;
  int64_t numel = 0;
  int64_t shape[kMaxDims] = {};
  char* data[kMaxOperands] = {};
  int64_t strides[kMaxOperands][kMaxDims] = {};
  bool by_value[kMaxOperands] = {};
  alignas(16) unsigned char value[kMaxOperands][16] = {};
};
// `ctx` is the CPU loop's context (e.g. round's decimals), read on the host.
using ElementwiseFn = void (*)(const Operands& ops, int device, const void* ctx);

// The CUDA kernel of ufunc `ufunc` (NumPy's name) for the CPU loop with input dtypes in[0..nin)
// and output `out`; nullptr when that loop has no CUDA kernel (the op then raises, naming it).
ElementwiseFn ufunc_kernel(const char* ufunc, const DType* in, int nin, DType out);
// Ops of the other families (reductions, matmul, indexing...) with a kernel for inputs of
// `dtype`: each family's register function declares them with add_op_kernel (registry.h).
bool has_op_kernel(const char* op, DType dtype);
// Strided copy with NumPy's unsafe cast from `from` to `to` (operands: source, destination).
ElementwiseFn cast_kernel(DType from, DType to);

}  // namespace parity::cuda

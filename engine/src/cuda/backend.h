#pragma once
// What the device-independent front end asks of the CUDA backend: memory, copies and one kernel
// stub per family (ATen's DispatchStub). The front end keeps NumPy's semantics (argument checks,
// broadcasting, loop resolution, promotion) and hands the backend operands that are already
// resolved. Implemented by engine/src/cuda/*.cu in a CUDA build (CMake PARITY_CUDA), by
// engine/src/cuda/no_cuda.cpp otherwise, whose functions raise "built without CUDA" (MLX's no_gpu).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

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

// ---- fills (engine/src/cuda/index.cu) ----
// Sets nbytes bytes at p to zero, queued on the device's stream (all-zero bits are 0 in every dtype).
void fill_zero(void* p, int64_t nbytes, int device);

// ---- reductions (engine/src/cuda/reduce.cu) ----
// The front end's reduce::Plan as the kernel sees it: output k (C order over outer_shape) reduces
// the `count` elements at in + outer offset(k) + reduced offset(i), i in C order over red_shape
// (byte strides; red_ndim >= 1). `out` holds nout contiguous elements of the output dtype.
// NumPy's iterator hands a reduction's inner loop at most its buffer size (np.getbufsize()) of
// elements at a time: float sums are pairwise within chunks of this many, sequential across them.
constexpr int64_t kNumpyBufSize = 8192;
enum class ReduceOp : uint8_t { sum, prod, max, min, nanmax, nanmin, any, all, argmax, argmin };
struct ReduceArgs {
  const char* in = nullptr;
  char* out = nullptr;
  int64_t nout = 0, count = 0;
  int outer_ndim = 0, red_ndim = 0;
  int64_t outer_shape[kMaxDims] = {}, outer_strides[kMaxDims] = {};
  int64_t red_shape[kMaxDims] = {}, red_strides[kMaxDims] = {};
  // The plan's inner_contig (reduce_util.h): sums and products round as NumPy's iterator does,
  // pairwise per inner row when set, after every element otherwise (as the CPU loops).
  bool inner_contig = false;
};
// Queues the reduction; false (nothing queued) when no kernel takes input dtype `in` to output
// dtype `out` for `op`. sum/prod: out is the accumulation dtype (in itself, or NumPy's sum dtype
// int64/uint64 for bool and small ints, or float32 for 16-bit floats and float64 for bool and
// ints, mean's); max/min/nan*: out == in; any/all: out bool; argmax/argmin: out int64. Float and
// complex sums and products add and round in the CPU's order (NumPy's: pairwise per buffer of an
// inner row, sequential otherwise), so their bits are the CPU's.
bool reduce(ReduceOp op, DType in, DType out, const ReduceArgs& a, int device);

// ---- cumulative sums and products (engine/src/cuda/reduce.cu) ----
// Row r (C order over shape) runs along n elements at in + offset_in(r) + i * in_step, writing
// out + offset_out(r) + i * out_step (byte strides). With row_ndim > 0 the row's input elements
// are instead C order over row_shape/row_strides (a flattened strided input, axis=None). Input
// and output dtypes as for reduce's sum.
struct ScanArgs {
  const char* in = nullptr;
  char* out = nullptr;
  int64_t n = 0, in_step = 0, out_step = 0, nrows = 0;
  int ndim = 0, row_ndim = 0;
  int64_t shape[kMaxDims] = {}, in_strides[kMaxDims] = {}, out_strides[kMaxDims] = {};
  int64_t row_shape[kMaxDims] = {}, row_strides[kMaxDims] = {};
};
bool scan(bool prod, DType in, DType out, const ScanArgs& a, int device);

// ---- matmul through cuBLAS (engine/src/cuda/linalg.cu) ----
// c[b] (n x m, C-contiguous, batches consecutive) = a[b] @ b[b] for every index b of `batch`;
// a[b] starts at a + sum(b_i * a_batch_strides[i]) elements and is row-major with leading
// dimension lda, or stored transposed (column-major) when ta; likewise b. Dtypes: float32,
// float64, complex64, complex128 (in == out), float16 and bfloat16 (accumulating in float32),
// and bfloat16 in to float32 out. false (nothing queued) for any other pair.
struct GemmArgs {
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;
  int64_t n = 0, m = 0, k = 0, lda = 0, ldb = 0;
  bool ta = false, tb = false;
  int nbatch_dims = 0;
  int64_t batch[kMaxDims] = {}, a_batch_strides[kMaxDims] = {}, b_batch_strides[kMaxDims] = {};
};
bool gemm(DType in, DType out, const GemmArgs& g, int device);

// ---- advanced indexing (engine/src/cuda/index.cu) ----
// The element at base + pre offset(i) + table[t] * itemsize + post offset(j) (pre and post in C
// order over their shapes, byte strides) and dense element (i, t, j) in C order (or dense's one
// element, when dense_repeats) move: gather into dense, or scatter from it. `table` is on the
// device and already bounds-checked. A scatter with repeated offsets writes one of the values
// (which one is unspecified; NumPy's last write wins).
struct IndexArgs {
  char* base = nullptr;
  char* dense = nullptr;
  const int64_t* table = nullptr;
  int64_t ntable = 0, itemsize = 0;
  bool dense_repeats = false;
  int npre = 0, npost = 0;
  int64_t pre[kMaxDims] = {}, pre_strides[kMaxDims] = {}, post[kMaxDims] = {}, post_strides[kMaxDims] = {};
};
void index_gather(const IndexArgs& a, int device);
void index_scatter(const IndexArgs& a, int device);

// The CPU's ufunc loops that have no CUDA kernel, each with the reason: the one list (in
// missing_kernels.cpp) that OpInfo's dtypes_cuda follow through has_cuda_kernel (device.h). A
// test checks that every CPU loop has a kernel or is listed here, and that no entry is stale.
// `in` is the loop's first input dtype (the loops listed all have inputs of one dtype).
// Empty in a build without CUDA, where no loop has a kernel.
struct MissingKernel {
  const char* ufunc;  // NumPy's name (UFuncDef::name)
  DType in;
  const char* reason;
};
const std::vector<MissingKernel>& missing_ufunc_kernels();

}  // namespace parity::cuda

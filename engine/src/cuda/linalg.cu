// matmul (and dot, through matmul) on the device with cuBLAS (backend.h's gemm): one handle per
// device, bound to that device's stream. Row-major C = A @ B is column-major C^T = B^T @ A^T, so
// cuBLAS gets (B, A) with m and n swapped; an operand stored transposed takes op T (never C: no
// conjugation). Batches: dimensions merged where both operands' strides allow, the innermost
// run going to one strided-batched call per index of the others (broadcast operands stride 0).
// float32/float64 (s/dgemm) and complex64/complex128 with k > 1 (c/zgemm) go to cuBLAS;
// everything else takes a plain kernel in the CPU loop's order (plain_gemm_kernel).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "ops_types.cuh"
#include "parity/errors.h"
#include "registry.h"
#include "runtime.h"

namespace parity::cuda {

namespace {

using namespace opk;

void check_blas(cublasStatus_t s, const char* what) {
  if (s == CUBLAS_STATUS_SUCCESS) return;
  if (s == CUBLAS_STATUS_ALLOC_FAILED) throw MemoryError(std::string("[") + what + "] cuBLAS could not allocate memory");
  throw RuntimeError(std::string("[") + what + "] cuBLAS error: " + cublasGetStatusString(s));
}

std::mutex& blas_mutex() {
  static std::mutex mu;
  return mu;
}

// The device's handle (created on first use, bound to stream(device)); call with blas_mutex held.
cublasHandle_t handle(int device) {
  static std::vector<cublasHandle_t> handles(static_cast<size_t>(device_count()), nullptr);
  if (device < 0 || device >= static_cast<int>(handles.size()))
    throw RuntimeError("[matmul] no CUDA device cuda:" + std::to_string(device));
  cublasHandle_t& h = handles[static_cast<size_t>(device)];
  if (!h) {
    check_blas(cublasCreate(&h), "matmul");
    check_blas(cublasSetStream(h, stream(device)), "matmul");
  }
  return h;
}

int64_t dtype_size(DType d) { return itemsize(d); }

// The products cuBLAS does not compute as the CPU does, one thread per output element in the
// CPU loop's order (engine/src/ops/linalg.cpp's gemm): bool (or of ands), integers (wrapping
// uint64 products and sums), 16-bit floats (float32 products added in order from 0, rounded to
// the output once: cuBLAS's tensor-core sums of a float16 row of 789 differ by 5 ULP) and
// complex with k == 1 (the CPU's plain loop, as NumPy's: cuBLAS scales by alpha = 1+0j, which
// turns inf+nanj into nan+nanj). c[bt] (n x m, contiguous, batches consecutive) = a[bt] @ b[bt],
// element (i, p) of a at i * lda + p (or i + p * lda when ta), likewise b; batch bt at a + bt * sa.
template <class T, class O>
__global__ void plain_gemm_kernel(const T* a, const T* b, O* c, int64_t n, int64_t m, int64_t k, int64_t lda,
                                  int64_t ldb, bool ta, bool tb, int64_t sa, int64_t sb, int64_t count) {
  const int64_t total = count * n * m;
  for (int64_t idx = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; idx < total;
       idx += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t j = idx % m, r = idx / m, i = r % n, bt = r / n;
    const T* pa = a + bt * sa;
    const T* pb = b + bt * sb;
    const int64_t a_row = ta ? i : i * lda, a_step = ta ? lda : 1;
    const int64_t b_col = tb ? j * ldb : j, b_step = tb ? 1 : ldb;
    if constexpr (std::is_same_v<T, bool>) {
      bool acc = false;
      for (int64_t p = 0; p < k && !acc; ++p) acc = pa[a_row + p * a_step] && pb[b_col + p * b_step];
      c[idx] = acc;
    } else if constexpr (std::is_integral_v<T>) {
      uint64_t acc = 0;
      for (int64_t p = 0; p < k; ++p)
        acc += static_cast<uint64_t>(static_cast<int64_t>(pa[a_row + p * a_step])) *
               static_cast<uint64_t>(static_cast<int64_t>(pb[b_col + p * b_step]));
      c[idx] = static_cast<T>(acc);
    } else if constexpr (is_cplx_v<T>) {
      T acc = zero_v<T>();
      for (int64_t p = 0; p < k; ++p) acc = add(acc, mul(pa[a_row + p * a_step], pb[b_col + p * b_step]));
      c[idx] = acc;
    } else {  // float16, bfloat16
      float acc = 0;
      for (int64_t p = 0; p < k; ++p) acc += to_comp<T>(pa[a_row + p * a_step]) * to_comp<T>(pb[b_col + p * b_step]);
      if constexpr (std::is_same_v<O, float>) c[idx] = acc;
      else c[idx] = from_comp<O>(acc);
    }
  }
}

bool is_int_like(DType d) { return d == DType::Bool || is_integer(d); }
bool is_half(DType d) { return d == DType::Float16 || d == DType::BFloat16; }
bool plain(DType in, int64_t k) { return is_int_like(in) || is_half(in) || (is_complex(in) && k == 1); }

void plain_gemm(DType in, DType out, const GemmArgs& g, const char* a, const char* b, char* c, int64_t sa,
                int64_t sb, int64_t count, cudaStream_t s) {
  with_storage(in, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<T>) return;  // float32/float64: cuBLAS
    const int block = 256;
    auto run = [&](auto* o) {
      plain_gemm_kernel<<<grid_for(count * g.n * g.m, block), block, 0, s>>>(
          reinterpret_cast<const T*>(a), reinterpret_cast<const T*>(b), o, g.n, g.m, g.k, g.lda, g.ldb, g.ta, g.tb,
          sa, sb, count);
    };
    if constexpr (std::is_same_v<T, __nv_bfloat16>)
      if (out == DType::Float32) {  // bfloat16 @ bfloat16 -> float32 (ml_dtypes' matmul loop)
        run(reinterpret_cast<float*>(c));
        check(cudaGetLastError(), "matmul");
        return;
      }
    run(reinterpret_cast<T*>(c));
    check(cudaGetLastError(), "matmul");
  });
}

// One strided-batched product of `count` matrices: a, b, c already offset to the first ones.
void gemm_batched(DType in, DType out, const GemmArgs& g, const char* a, const char* b, char* c, int64_t sa,
                  int64_t sb, int64_t count, cublasHandle_t h) {
  const cublasOperation_t oa = g.ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = g.tb ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
  const int lda = static_cast<int>(g.lda), ldb = static_cast<int>(g.ldb);
  const long long sc = static_cast<long long>(g.n * g.m);
  const int cnt = static_cast<int>(count);
  const char* what = "matmul";
  if (in == DType::Float32 && out == DType::Float32) {
    const float one = 1, zero = 0;
    check_blas(cublasSgemmStridedBatched(h, ob, oa, m, n, k, &one, reinterpret_cast<const float*>(b), ldb, sb,
                                         reinterpret_cast<const float*>(a), lda, sa, &zero,
                                         reinterpret_cast<float*>(c), m, sc, cnt), what);
  } else if (in == DType::Float64 && out == DType::Float64) {
    const double one = 1, zero = 0;
    check_blas(cublasDgemmStridedBatched(h, ob, oa, m, n, k, &one, reinterpret_cast<const double*>(b), ldb, sb,
                                         reinterpret_cast<const double*>(a), lda, sa, &zero,
                                         reinterpret_cast<double*>(c), m, sc, cnt), what);
  } else if (in == DType::Complex64 && out == DType::Complex64) {
    const cuComplex one = make_cuComplex(1, 0), zero = make_cuComplex(0, 0);
    check_blas(cublasCgemmStridedBatched(h, ob, oa, m, n, k, &one, reinterpret_cast<const cuComplex*>(b), ldb, sb,
                                         reinterpret_cast<const cuComplex*>(a), lda, sa, &zero,
                                         reinterpret_cast<cuComplex*>(c), m, sc, cnt), what);
  } else if (in == DType::Complex128 && out == DType::Complex128) {
    const cuDoubleComplex one = make_cuDoubleComplex(1, 0), zero = make_cuDoubleComplex(0, 0);
    check_blas(cublasZgemmStridedBatched(h, ob, oa, m, n, k, &one, reinterpret_cast<const cuDoubleComplex*>(b), ldb,
                                         sb, reinterpret_cast<const cuDoubleComplex*>(a), lda, sa, &zero,
                                         reinterpret_cast<cuDoubleComplex*>(c), m, sc, cnt), what);
  }
}

bool supported(DType in, DType out) {
  switch (in) {
    case DType::Float32: case DType::Float64: case DType::Complex64: case DType::Complex128: case DType::Float16:
      return out == in;
    case DType::BFloat16:
      return out == DType::BFloat16 || out == DType::Float32;
    default:
      return is_int_like(in) && out == in;
  }
}

}  // namespace

bool gemm(DType in, DType out, const GemmArgs& g, int device) {
  if (!supported(in, out)) return false;
  constexpr int64_t kIntMax = 2147483647;
  if (g.n > kIntMax || g.m > kIntMax || g.k > kIntMax || g.lda > kIntMax || g.ldb > kIntMax)
    throw NotImplementedError("[matmul] no CUDA kernel for matrices with a dimension beyond 2^31 - 1");
  int64_t nbatch = 1;
  for (int i = 0; i < g.nbatch_dims; ++i) nbatch *= g.batch[i];
  if (g.n == 0 || g.m == 0 || nbatch == 0) return true;
  const int64_t isz_in = dtype_size(in), isz_out = dtype_size(out);
  DeviceScope scope(device);
  if (g.k == 0) {  // the empty sum
    check(cudaMemsetAsync(g.c, 0, static_cast<size_t>(nbatch * g.n * g.m * isz_out), stream(device)), "matmul");
    return true;
  }
  // Batch dimensions of size > 1, merged where both operands' strides continue across them.
  std::vector<int64_t> dims, sa, sb;
  for (int i = 0; i < g.nbatch_dims; ++i) {
    if (g.batch[i] == 1) continue;
    if (!dims.empty() && sa.back() == g.a_batch_strides[i] * g.batch[i] &&
        sb.back() == g.b_batch_strides[i] * g.batch[i]) {
      dims.back() *= g.batch[i];
      sa.back() = g.a_batch_strides[i];
      sb.back() = g.b_batch_strides[i];
      continue;
    }
    dims.push_back(g.batch[i]);
    sa.push_back(g.a_batch_strides[i]);
    sb.push_back(g.b_batch_strides[i]);
  }
  if (dims.empty()) {
    dims.push_back(1);
    sa.push_back(0);
    sb.push_back(0);
  }
  // The innermost merged dimension is one call (in chunks below cuBLAS's int batch count); the
  // others are an odometer on the host.
  const size_t nd = dims.size();
  const int64_t inner = dims[nd - 1], outer = nbatch / inner;
  std::vector<int64_t> idx(nd - 1, 0);
  int64_t oa = 0, ob = 0;
  std::lock_guard<std::mutex> lock(blas_mutex());
  cublasHandle_t h = handle(device);
  const char* pa = static_cast<const char*>(g.a);
  const char* pb = static_cast<const char*>(g.b);
  char* pc = static_cast<char*>(g.c);
  for (int64_t t = 0; t < outer; ++t) {
    for (int64_t done = 0; done < inner;) {
      const int64_t cnt = inner - done < kIntMax ? inner - done : kIntMax;
      const char* a0 = pa + (oa + done * sa[nd - 1]) * isz_in;
      const char* b0 = pb + (ob + done * sb[nd - 1]) * isz_in;
      char* c0 = pc + ((t * inner + done) * g.n * g.m) * isz_out;
      if (plain(in, g.k)) plain_gemm(in, out, g, a0, b0, c0, sa[nd - 1], sb[nd - 1], cnt, stream(device));
      else gemm_batched(in, out, g, a0, b0, c0, sa[nd - 1], sb[nd - 1], cnt, h);
      done += cnt;
    }
    for (size_t d = nd - 1; d-- > 0;) {
      if (++idx[d] < dims[d]) {
        oa += sa[d];
        ob += sb[d];
        break;
      }
      oa -= sa[d] * (dims[d] - 1);
      ob -= sb[d] * (dims[d] - 1);
      idx[d] = 0;
    }
  }
  return true;
}

void register_linalg_kernels() {
  for (DType d : kAllDTypes) {
    add_op_kernel("matmul", d);
    add_op_kernel("dot", d);
  }
}

}  // namespace parity::cuda

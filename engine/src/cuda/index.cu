// Advanced indexing on the device (backend.h's index_gather / index_scatter): one thread per
// moved element, (pre index, table entry, post index) decoded from its position in the dense
// side's C order. The table of element offsets was bounds-checked on the host, so no thread
// reads or writes outside the source's elements. Also the zero fill of creation (fill_zero).
#include <cuda_runtime.h>

#include "ops_types.cuh"
#include "registry.h"
#include "runtime.h"

namespace parity::cuda {

namespace {

using namespace opk;

template <int N> struct Bytes;
template <> struct Bytes<1> { using type = uint8_t; };
template <> struct Bytes<2> { using type = uint16_t; };
template <> struct Bytes<4> { using type = uint32_t; };
template <> struct Bytes<8> { using type = uint64_t; };
struct Pair64 {
  uint64_t lo, hi;
};
template <> struct Bytes<16> { using type = Pair64; };  // complex128: 8-byte aligned is enough

template <int N, bool Scatter>
__global__ void index_kernel(IndexArgs a, int64_t total, int64_t post_total) {
  using T = typename Bytes<N>::type;
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t j = i % post_total, rest = i / post_total;
    const int64_t t = rest % a.ntable, p = rest / a.ntable;
    char* src = a.base + strided_offset(p, a.npre, a.pre, a.pre_strides) + a.table[t] * N +
                strided_offset(j, a.npost, a.post, a.post_strides);
    T* dense = reinterpret_cast<T*>(a.dense) + (a.dense_repeats ? 0 : i);
    if constexpr (Scatter) *reinterpret_cast<T*>(src) = *dense;
    else *dense = *reinterpret_cast<const T*>(src);
  }
}

template <bool Scatter> void launch(const IndexArgs& a, int device) {
  int64_t pre_total = 1, post_total = 1;
  for (int d = 0; d < a.npre; ++d) pre_total *= a.pre[d];
  for (int d = 0; d < a.npost; ++d) post_total *= a.post[d];
  const int64_t total = pre_total * a.ntable * post_total;
  if (total == 0) return;
  DeviceScope scope(device);
  const int block = 256;
  const unsigned grid = grid_for(total, block);
  cudaStream_t s = stream(device);
  switch (a.itemsize) {
    case 1: index_kernel<1, Scatter><<<grid, block, 0, s>>>(a, total, post_total); break;
    case 2: index_kernel<2, Scatter><<<grid, block, 0, s>>>(a, total, post_total); break;
    case 4: index_kernel<4, Scatter><<<grid, block, 0, s>>>(a, total, post_total); break;
    case 8: index_kernel<8, Scatter><<<grid, block, 0, s>>>(a, total, post_total); break;
    default: index_kernel<16, Scatter><<<grid, block, 0, s>>>(a, total, post_total); break;
  }
  check(cudaGetLastError(), Scatter ? "index_put" : "index");
}

}  // namespace

void index_gather(const IndexArgs& a, int device) { launch<false>(a, device); }
void index_scatter(const IndexArgs& a, int device) { launch<true>(a, device); }

void fill_zero(void* p, int64_t nbytes, int device) {
  if (nbytes == 0) return;
  DeviceScope scope(device);
  check(cudaMemsetAsync(p, 0, static_cast<size_t>(nbytes), stream(device)), "fill");
}

void register_index_kernels() {
  for (DType d : kAllDTypes) {
    add_op_kernel("getitem", d);
    add_op_kernel("setitem", d);
  }
}

}  // namespace parity::cuda

// Float and complex sums and products on the device, in the CPU's order of operations (which is
// NumPy's: engine/src/ops/reduce_util.h's sum_rows and reduce_sum.cpp's sum_prod), so that the GPU
// gives the CPU's bits: a tree sum rounds differently, and on float32 sums over hundreds of rows,
// 16-bit floats and infinities that differs from NumPy by more than any tolerance should allow.
//
// Sums (NumPy's add.reduce): when the plan's inner_contig holds (and S is not bfloat16, whose
// ml_dtypes loop rounds every step) each inner row is summed pairwise per buffer of
// kNumpyBufSize elements and rounded to S after each; a full reduction over several axes fills
// its buffers across rows (NumPy's buffered iterator). Otherwise every element is added and
// rounded in order. Pass 1 computes each buffer's pairwise sum (one thread per buffer: enough
// parallelism when there are few outputs); pass 2 adds them up in order, one thread per output.
// With many outputs one pass does both. Products are sequential, one thread per output.
// Integer sums and products wrap, which is exact in any order: they stay on reduce.cu's tree.
#include <cuda_runtime.h>

#include "ops_types.cuh"
#include "reduce_sum.h"
#include "runtime.h"

namespace parity::cuda {

namespace {

using namespace opk;

// Rounds a compute value through storage type S (what storing into S does).
template <class S> __device__ __forceinline__ comp_t<S> round_to(comp_t<S> v) {
  if constexpr (is_half_v<S>) return to_comp<S>(from_comp<S>(v));
  else return v;
}

// The reduction's element j of output o's row r (byte offsets from the input's start).
struct Rows {
  const ReduceArgs* a;
  bool flat;  // one row over every reduced axis in C order (NumPy's buffer across rows)
  int64_t len, nrows;
  __device__ int64_t row_offset(int64_t o, int64_t r) const {
    const int64_t base = strided_offset(o, a->outer_ndim, a->outer_shape, a->outer_strides);
    return flat ? base : base + strided_offset(r, a->red_ndim - 1, a->red_shape, a->red_strides);
  }
  __device__ int64_t element(int64_t j) const {  // offset of element j within its row
    return flat ? strided_offset(j, a->red_ndim, a->red_shape, a->red_strides) : j * a->red_strides[a->red_ndim - 1];
  }
};

// NumPy's pairwise summation of n (<= kNumpyBufSize) elements ld(0..n): 8 partial sums up to 128
// elements, halves (a multiple of 8) above; complex: 4 partial sums per part up to 64 elements,
// halves of (n - n % 8) above. Leaves first:
template <class C, class L> __device__ C pairwise_leaf(int64_t b, int64_t n, const L& ld) {
  if constexpr (is_cplx_v<C>) {
    using R = decltype(C{}.re);
    if (n < 4) {
      R rr = R(0), ri = R(0);
      for (int64_t i = 0; i < n; ++i) {
        const C v = ld(b + i);
        rr += v.re;
        ri += v.im;
      }
      return C{rr, ri};
    }
    C r[4];
    for (int j = 0; j < 4; ++j) r[j] = ld(b + j);
    int64_t i = 4;
    for (; i < n - (n % 4); i += 4)
      for (int j = 0; j < 4; ++j) {
        const C v = ld(b + i + j);
        r[j] = C{r[j].re + v.re, r[j].im + v.im};
      }
    R rr = (r[0].re + r[1].re) + (r[2].re + r[3].re);
    R ri = (r[0].im + r[1].im) + (r[2].im + r[3].im);
    for (; i < n; ++i) {
      const C v = ld(b + i);
      rr += v.re;
      ri += v.im;
    }
    return C{rr, ri};
  } else {
    if (n < 8) {
      C r = C(0);
      for (int64_t i = 0; i < n; ++i) r += ld(b + i);
      return r;
    }
    C r[8];
    for (int j = 0; j < 8; ++j) r[j] = ld(b + j);
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += ld(b + i + j);
    C res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += ld(b + i);
    return res;
  }
}

// The halving recursion, walked with an explicit stack (a recursive template would be inlined
// 2^depth times): left half, then right half, then their sum, as NumPy's recursion adds them.
template <class C, class L> __device__ C pairwise(int64_t n, const L& ld) {
  constexpr int64_t leaf = is_cplx_v<C> ? 64 : 128;
  struct Frame {
    int64_t b, n, n2;
    C left;
    bool right;  // the left half is done (in `left`), the right one is on the stack above
  };
  Frame st[16];  // halving a buffer of 8192 takes at most 9 levels
  int sp = 0;
  st[0] = Frame{0, n, 0, C{}, false};
  for (;;) {
    Frame& f = st[sp];
    if (f.n > leaf) {
      f.n2 = is_cplx_v<C> ? (f.n - f.n % 8) / 2 : f.n / 2 - (f.n / 2) % 8;
      st[sp + 1] = Frame{f.b, f.n2, 0, C{}, false};
      ++sp;
      continue;
    }
    C r = pairwise_leaf<C>(f.b, f.n, ld);
    for (;;) {  // hand r to the parent: its left half, or its right one (then the parent is done)
      if (sp == 0) return r;
      Frame& p = st[--sp];
      if (!p.right) {
        p.left = r;
        p.right = true;
        st[sp + 1] = Frame{p.b + p.n2, p.n - p.n2, 0, C{}, false};
        ++sp;
        break;
      }
      r = add(p.left, r);
    }
  }
}

// Buffer c (row r = c / per_row, buffer c % per_row of it) of output o: its pairwise sum.
template <class In, class S> __device__ comp_t<S> buffer_sum(const Rows& rows, int64_t o, int64_t c, int64_t per_row) {
  using C = comp_t<S>;
  const int64_t r = c / per_row, start = (c % per_row) * kNumpyBufSize;
  const int64_t n = rows.len - start < kNumpyBufSize ? rows.len - start : kNumpyBufSize;
  const char* p = rows.a->in + rows.row_offset(o, r);
  auto ld = [&](int64_t j) { return widen<C>(load_comp<In>(p + rows.element(start + j))); };
  return pairwise<C>(n, ld);
}

// Pass 1: partial[o * nbuf + c] for every (output, buffer).
template <class In, class S>
__global__ void buffer_kernel(const __grid_constant__ ReduceArgs a, Rows rows, int64_t per_row, comp_t<S>* partial) {
  rows.a = &a;
  const int64_t nbuf = rows.nrows * per_row, total = a.nout * nbuf;
  for (int64_t t = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; t < total;
       t += static_cast<int64_t>(gridDim.x) * blockDim.x)
    partial[t] = buffer_sum<In, S>(rows, t / nbuf, t % nbuf, per_row);
}

// Pass 2 (or both passes, partial == nullptr): each output adds its buffers' sums in order.
template <class In, class S>
__global__ void pairwise_out_kernel(const __grid_constant__ ReduceArgs a, Rows rows, int64_t per_row, const comp_t<S>* partial) {
  using C = comp_t<S>;
  rows.a = &a;
  const int64_t nbuf = rows.nrows * per_row;
  for (int64_t o = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; o < a.nout;
       o += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    C acc = zero_v<C>();
    for (int64_t c = 0; c < nbuf; ++c)
      acc = round_to<S>(add(acc, partial ? partial[o * nbuf + c] : buffer_sum<In, S>(rows, o, c, per_row)));
    reinterpret_cast<S*>(a.out)[o] = from_comp<S>(acc);
  }
}

// Every element added (or multiplied) and rounded in order; products as reduce_sum.cpp's sum_prod:
// complex ones fused (NumPy's SIMD multiply) unless the reduced axis is innermost, rounding 16-bit
// floats per element, or per buffer (of the row, or of the whole reduction for one output).
template <class In, class S, bool Prod> __global__ void sequential_kernel(const __grid_constant__ ReduceArgs a) {
  using C = comp_t<S>;
  const int64_t n = a.red_shape[a.red_ndim - 1], step = a.red_strides[a.red_ndim - 1], nrows = n ? a.count / n : 0;
  const bool per_row = a.inner_contig && !std::is_same_v<S, __nv_bfloat16>;
  const bool one_buffer = a.nout == 1;
  for (int64_t o = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; o < a.nout;
       o += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const char* base = a.in + strided_offset(o, a.outer_ndim, a.outer_shape, a.outer_strides);
    C acc = Prod ? one_v<C>() : zero_v<C>();
    int64_t done = 0;
    for (int64_t r = 0; r < nrows; ++r) {
      const char* row = base + strided_offset(r, a.red_ndim - 1, a.red_shape, a.red_strides);
      for (int64_t i = 0; i < n; ++i) {
        const C x = widen<C>(load_comp<In>(row + i * step));
        if constexpr (!Prod) {
          acc = round_to<S>(add(acc, x));
        } else {
          if constexpr (is_cplx_v<C>) {  // (nvcc fuses nothing else: --fmad=false)
            acc = a.inner_contig ? mul(acc, x) : C{fma(acc.re, x.re, -(acc.im * x.im)), fma(acc.re, x.im, acc.im * x.re)};
          } else {
            acc = acc * x;
          }
          ++done;
          if (!per_row || (one_buffer ? done : i + 1) % kNumpyBufSize == 0) acc = round_to<S>(acc);
        }
      }
      if (Prod && !one_buffer) acc = round_to<S>(acc);
    }
    reinterpret_cast<S*>(a.out)[o] = from_comp<S>(round_to<S>(acc));
  }
}

template <class In, class S> void launch_sum(const ReduceArgs& a, int device) {
  DeviceScope scope(device);
  cudaStream_t s = stream(device);
  const int block = 128;
  const bool per_row = a.inner_contig && !std::is_same_v<S, __nv_bfloat16>;
  if (!per_row || a.count == 0) {
    sequential_kernel<In, S, false><<<grid_for(a.nout, block), block, 0, s>>>(a);
    check(cudaGetLastError(), "sum");
    return;
  }
  Rows rows{nullptr, false, 0, 0};
  rows.flat = a.nout == 1 && a.red_ndim > 1;
  rows.len = rows.flat ? a.count : a.red_shape[a.red_ndim - 1];
  rows.nrows = a.count / rows.len;
  const int64_t per_row_bufs = (rows.len + kNumpyBufSize - 1) / kNumpyBufSize;
  const int64_t nbuf = rows.nrows * per_row_bufs;
  // Enough outputs to fill the device, or one buffer each: one pass.
  if (a.nout >= 8192 || nbuf == 1) {
    pairwise_out_kernel<In, S><<<grid_for(a.nout, block), block, 0, s>>>(a, rows, per_row_bufs, nullptr);
    check(cudaGetLastError(), "sum");
    return;
  }
  using C = comp_t<S>;
  const int64_t bytes = a.nout * nbuf * static_cast<int64_t>(sizeof(C));
  auto* partial = static_cast<C*>(alloc(bytes, device));
  buffer_kernel<In, S><<<grid_for(a.nout * nbuf, block), block, 0, s>>>(a, rows, per_row_bufs, partial);
  check(cudaGetLastError(), "sum");
  pairwise_out_kernel<In, S><<<grid_for(a.nout, block), block, 0, s>>>(a, rows, per_row_bufs, partial);
  check(cudaGetLastError(), "sum");
  release(partial, bytes, device);  // stream-ordered: reused only by work queued after these
}

template <class In, class S> void launch_prod(const ReduceArgs& a, int device) {
  DeviceScope scope(device);
  const int block = 128;
  sequential_kernel<In, S, true><<<grid_for(a.nout, block), block, 0, stream(device)>>>(a);
  check(cudaGetLastError(), "prod");
}

}  // namespace

template <class In, class S> void sum_prod_in_order(bool prod, const ReduceArgs& a, int device) {
  if (a.nout == 0) return;
  if (prod) launch_prod<In, S>(a, device);
  else launch_sum<In, S>(a, device);
}

#define PARITY_SUM_PROD(In, S) template void sum_prod_in_order<In, S>(bool, const ReduceArgs&, int);
PARITY_SUM_PROD(__half, __half)
PARITY_SUM_PROD(__nv_bfloat16, __nv_bfloat16)
PARITY_SUM_PROD(float, float)
PARITY_SUM_PROD(double, double)
PARITY_SUM_PROD(opk::c64, opk::c64)
PARITY_SUM_PROD(opk::c128, opk::c128)
PARITY_SUM_PROD(__half, float)
PARITY_SUM_PROD(__nv_bfloat16, float)
PARITY_SUM_PROD(bool, double)
PARITY_SUM_PROD(int8_t, double)
PARITY_SUM_PROD(int16_t, double)
PARITY_SUM_PROD(int32_t, double)
PARITY_SUM_PROD(int64_t, double)
PARITY_SUM_PROD(uint8_t, double)
PARITY_SUM_PROD(uint16_t, double)
PARITY_SUM_PROD(uint32_t, double)
PARITY_SUM_PROD(uint64_t, double)
#undef PARITY_SUM_PROD

}  // namespace parity::cuda

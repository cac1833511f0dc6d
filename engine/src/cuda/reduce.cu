// Reductions (sum, prod, max/min, nanmax/nanmin, any/all, argmax/argmin) and cumulative sums and
// products on the device (backend.h's reduce and scan).
//
// Reductions: one block per output (grid-stride over outputs); each thread folds the reduced
// elements i = threadIdx.x, + blockDim.x, ... then a shared-memory tree combines the threads'
// partials. That order serves what is exact in any order: integer sums and products (which
// wrap) and any/all. Float and complex sums and products take the CPU's order instead
// (reduce_sum.cu), since a tree rounds differently from NumPy. The selections (max, min, argmax...) carry the element's index,
// so the answer is NumPy's whatever the order: max/min take the first NaN, else the extreme with
// the largest index among ties (the CPU's "ties take the later element", which decides signed
// zeros); nanmax/nanmin skip NaNs (all NaN: the first), ties take the earliest; argmax/argmin the
// first NaN, else the first extreme.
//
// Cumulative ops: one thread per row, sequential along the axis, rounding to the output dtype at
// every step as NumPy's accumulate loops (and the CPU kernel) do; complex products use the
// textbook formula (the CPU fuses one case, rows of 2 complex elements, as NumPy's SIMD loop).
#include <cuda_runtime.h>

#include "ops_types.cuh"
#include "reduce_sum.h"
#include "registry.h"
#include "runtime.h"

namespace parity::cuda {

namespace {

using namespace opk;

constexpr int kBlock = 256;

// ---- the ops: identity, make (element i at p), combine, store ----
template <class In, class Out, bool Prod> struct SumOp {
  using Acc = comp_t<Out>;
  __device__ Acc identity() const { return Prod ? one_v<Acc>() : zero_v<Acc>(); }
  __device__ Acc make(const char* p, int64_t) const { return widen<Acc>(load_comp<In>(p)); }
  __device__ Acc combine(Acc a, Acc b) const { return Prod ? mul(a, b) : add(a, b); }
  __device__ void store(char* out, int64_t k, Acc a) const { reinterpret_cast<Out*>(out)[k] = from_comp<Out>(a); }
};

template <class In, bool All> struct LogicalOp {
  using Acc = bool;
  __device__ Acc identity() const { return All; }
  __device__ Acc make(const char* p, int64_t) const { return nonzero(load_comp<In>(p)); }
  __device__ Acc combine(Acc a, Acc b) const { return All ? (a && b) : (a || b); }
  __device__ void store(char* out, int64_t k, Acc a) const { reinterpret_cast<bool*>(out)[k] = a; }
};

template <class C> struct Best {
  C v;
  int64_t i;  // < 0: no element yet
};
enum Kind { kMax, kMin, kNanMax, kNanMin, kArgMax, kArgMin };
template <class In, int K> struct SelectOp {
  using C = comp_t<In>;
  using Acc = Best<C>;
  static constexpr bool is_max = K == kMax || K == kNanMax || K == kArgMax;
  __device__ static bool better(C a, C b) { return is_max ? greater(a, b) : greater(b, a); }
  __device__ Acc identity() const { return Acc{zero_v<C>(), -1}; }
  __device__ Acc make(const char* p, int64_t i) const { return Acc{load_comp<In>(p), i}; }
  __device__ Acc combine(Acc a, Acc b) const {
    if (a.i < 0) return b;
    if (b.i < 0) return a;
    if (b.i < a.i) {  // a is the earlier element
      Acc t = a;
      a = b;
      b = t;
    }
    if constexpr (K == kMax || K == kMin) {  // the first NaN; ties: the later element
      if (is_nan(a.v)) return a;
      if (is_nan(b.v)) return b;
      return better(a.v, b.v) ? a : b;
    } else if constexpr (K == kNanMax || K == kNanMin) {  // NaNs lose; ties: the earlier element
      if (is_nan(b.v)) return a;
      if (is_nan(a.v)) return b;
      return better(b.v, a.v) ? b : a;
    } else {  // argmax/argmin: the first NaN, else the first extreme
      if (is_nan(a.v)) return a;
      if (is_nan(b.v)) return b;
      return better(b.v, a.v) ? b : a;
    }
  }
  __device__ void store(char* out, int64_t k, Acc a) const {
    if constexpr (K == kArgMax || K == kArgMin) reinterpret_cast<int64_t*>(out)[k] = a.i;
    else reinterpret_cast<In*>(out)[k] = from_comp<In>(a.v);
  }
};

template <class Op> __global__ void reduce_kernel(ReduceArgs a, Op op) {
  using Acc = typename Op::Acc;
  __shared__ Acc sh[kBlock];
  for (int64_t o = blockIdx.x; o < a.nout; o += gridDim.x) {
    const char* base = a.in + strided_offset(o, a.outer_ndim, a.outer_shape, a.outer_strides);
    Acc acc = op.identity();
    for (int64_t i = threadIdx.x; i < a.count; i += blockDim.x) {
      const int64_t off = a.red_ndim == 1 ? i * a.red_strides[0] : strided_offset(i, a.red_ndim, a.red_shape, a.red_strides);
      acc = op.combine(acc, op.make(base + off, i));
    }
    sh[threadIdx.x] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
      if (static_cast<int>(threadIdx.x) < s) sh[threadIdx.x] = op.combine(sh[threadIdx.x], sh[threadIdx.x + s]);
      __syncthreads();
    }
    if (threadIdx.x == 0) op.store(a.out, o, sh[0]);
    __syncthreads();  // sh is reused by the next output
  }
}

template <class Op> void launch_reduce(const ReduceArgs& a, Op op, int device) {
  if (a.nout == 0) return;
  DeviceScope scope(device);
  int block = 32;  // a power of two, for the tree
  while (block < kBlock && block < a.count) block *= 2;
  const int64_t grid = a.nout < (int64_t{1} << 20) ? a.nout : (int64_t{1} << 20);
  reduce_kernel<<<static_cast<unsigned>(grid), block, 0, stream(device)>>>(a, op);
  check(cudaGetLastError(), "reduce");
}

// ---- cumulative ----
template <class In, class Out, bool Prod> __global__ void scan_kernel(ScanArgs a) {
  using Acc = comp_t<Out>;
  for (int64_t r = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; r < a.nrows;
       r += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const char* ip = a.in + strided_offset(r, a.ndim, a.shape, a.in_strides);
    char* op = a.out + strided_offset(r, a.ndim, a.shape, a.out_strides);
    Acc v = zero_v<Acc>();
    for (int64_t i = 0; i < a.n; ++i) {
      const int64_t off = a.row_ndim > 0 ? strided_offset(i, a.row_ndim, a.row_shape, a.row_strides) : i * a.in_step;
      const Acc e = widen<Acc>(load_comp<In>(ip + off));
      // NumPy's accumulate starts from the first element, not the identity (-0.0 stays -0.0).
      v = i == 0 ? e : (Prod ? mul(v, e) : add(v, e));
      const Out s = from_comp<Out>(v);
      v = to_comp<Out>(s);  // rounds 16-bit floats at every step
      *reinterpret_cast<Out*>(op + i * a.out_step) = s;
    }
  }
}

// ---- dtype pairs ----
// Calls f(Tag<In>, Tag<Out>) for the (in, out) pairs the sum-like kernels take: in == out; bool
// and signed ints up to int32 into int64, unsigned up to uint32 into uint64 (NumPy's sum dtype);
// with `mean_pairs`, bool and ints into float64 and 16-bit floats into float32 (mean's dtypes).
template <class F> bool with_sum_pair(DType in, DType out, bool mean_pairs, F&& f) {
  if (in == out) {
    with_storage(in, [&](auto t) { f(t, t); });
    return true;
  }
  auto int_in = [&](auto o) {  // bool or an integer into o
    switch (in) {
      case DType::Bool: f(Tag<bool>{}, o); return true;
      case DType::Int8: f(Tag<int8_t>{}, o); return true;
      case DType::Int16: f(Tag<int16_t>{}, o); return true;
      case DType::Int32: f(Tag<int32_t>{}, o); return true;
      case DType::Int64: f(Tag<int64_t>{}, o); return true;
      case DType::UInt8: f(Tag<uint8_t>{}, o); return true;
      case DType::UInt16: f(Tag<uint16_t>{}, o); return true;
      case DType::UInt32: f(Tag<uint32_t>{}, o); return true;
      case DType::UInt64: f(Tag<uint64_t>{}, o); return true;
      default: return false;
    }
  };
  switch (out) {
    case DType::Int64:
      if (in == DType::Bool || in == DType::Int8 || in == DType::Int16 || in == DType::Int32) return int_in(Tag<int64_t>{});
      return false;
    case DType::UInt64:
      if (in == DType::UInt8 || in == DType::UInt16 || in == DType::UInt32) return int_in(Tag<uint64_t>{});
      return false;
    case DType::Float64:
      return mean_pairs && int_in(Tag<double>{});
    case DType::Float32:
      if (!mean_pairs) return false;
      if (in == DType::Float16) { f(Tag<__half>{}, Tag<float>{}); return true; }
      if (in == DType::BFloat16) { f(Tag<__nv_bfloat16>{}, Tag<float>{}); return true; }
      return false;
    default:
      return false;
  }
}

template <int K> bool select(DType in, DType out, const ReduceArgs& a, int device) {
  const bool arg = K == kArgMax || K == kArgMin;
  if (out != (arg ? DType::Int64 : in)) return false;
  with_storage(in, [&](auto t) {
    using S = typename decltype(t)::type;
    launch_reduce(a, SelectOp<S, K>{}, device);
  });
  return true;
}

}  // namespace

bool reduce(ReduceOp op, DType in, DType out, const ReduceArgs& a, int device) {
  if ((op == ReduceOp::sum || op == ReduceOp::prod) && is_inexact(out))  // the CPU's order (reduce_sum.cu)
    return with_sum_pair(in, out, op == ReduceOp::sum, [&](auto i, auto o) {
      using O = typename decltype(o)::type;
      if constexpr (std::is_floating_point_v<O> || is_half_v<O> || is_cplx_v<O>)
        sum_prod_in_order<typename decltype(i)::type, O>(op == ReduceOp::prod, a, device);
    });
  switch (op) {
    case ReduceOp::sum:
      return with_sum_pair(in, out, true, [&](auto i, auto o) {
        launch_reduce(a, SumOp<typename decltype(i)::type, typename decltype(o)::type, false>{}, device);
      });
    case ReduceOp::prod:
      return with_sum_pair(in, out, false, [&](auto i, auto o) {
        launch_reduce(a, SumOp<typename decltype(i)::type, typename decltype(o)::type, true>{}, device);
      });
    case ReduceOp::any:
    case ReduceOp::all:
      if (out != DType::Bool) return false;
      with_storage(in, [&](auto t) {
        using S = typename decltype(t)::type;
        if (op == ReduceOp::all) launch_reduce(a, LogicalOp<S, true>{}, device);
        else launch_reduce(a, LogicalOp<S, false>{}, device);
      });
      return true;
    case ReduceOp::max: return select<kMax>(in, out, a, device);
    case ReduceOp::min: return select<kMin>(in, out, a, device);
    case ReduceOp::nanmax: return select<kNanMax>(in, out, a, device);
    case ReduceOp::nanmin: return select<kNanMin>(in, out, a, device);
    case ReduceOp::argmax: return select<kArgMax>(in, out, a, device);
    case ReduceOp::argmin: return select<kArgMin>(in, out, a, device);
  }
  return false;
}

bool scan(bool prod, DType in, DType out, const ScanArgs& a, int device) {
  return with_sum_pair(in, out, false, [&](auto i, auto o) {
    using I = typename decltype(i)::type;
    using O = typename decltype(o)::type;
    if (a.nrows == 0 || a.n == 0) return;
    DeviceScope scope(device);
    const int block = 128;
    if (prod) scan_kernel<I, O, true><<<grid_for(a.nrows, block), block, 0, stream(device)>>>(a);
    else scan_kernel<I, O, false><<<grid_for(a.nrows, block), block, 0, stream(device)>>>(a);
    check(cudaGetLastError(), prod ? "cumprod" : "cumsum");
  });
}

void register_reduce_kernels() {
  for (DType d : kAllDTypes)
    for (const char* op : {"sum", "prod", "amax", "amin", "nanmax", "nanmin", "any", "all", "argmax", "argmin",
                           "cumsum", "cumprod"})
      add_op_kernel(op, d);
}

}  // namespace parity::cuda

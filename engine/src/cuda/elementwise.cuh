#pragma once
// The generic elementwise launcher of the CUDA backend: one kernel template over cuda::Operands
// (backend.h) for every ufunc loop, cast and where. An `Op` is a functor with a __device__
// operator()(In...) returning the output storage type; the launcher reads the inputs (from device
// memory, or from the kernel's parameters for by-value CPU scalars) and stores the result.
//
// Two paths, chosen on the host:
//  - flat: at most one dimension, every device operand contiguous (stride == itemsize) or
//    broadcast (stride 0): each thread handles kUnroll elements kThreads apart (coalesced), with
//    64-bit indices;
//  - strided: any shape of at most kMaxDims dimensions and byte strides (0 or negative too), one
//    element per thread in a grid-stride loop, offsets from the linear index.
// Kernels run on cuda::stream(device) under a DeviceScope; launch errors raise (cuda::check).
// Their parameters are __grid_constant__: read in place (by-value scalars, shapes and strides
// indexed at run time) instead of copied to each thread's local memory.
#include <cuda_runtime.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "../convert.h"
#include "../kernels/common.h"
#include "backend.h"
#include "registry.h"
#include "runtime.h"

namespace parity::cuda::ew {

// Device storage of a host storage type: std::complex becomes dcomplex (same layout).
template <class T> struct DevOf { using type = T; };
template <class R> struct DevOf<std::complex<R>> { using type = dcomplex<R>; };
template <class T> using dev_t = typename DevOf<T>::type;
template <class T> struct HostOf { using type = T; };
template <class R> struct HostOf<dcomplex<R>> { using type = std::complex<R>; };
template <class T> constexpr DType dtype_of_dev() { return dtype_of<typename HostOf<T>::type>(); }

constexpr int kThreads = 256;
constexpr int kUnroll = 4;

// Operand k in the flat path: element i is data[k][i & mask[k]] (mask -1: contiguous, 0:
// broadcast from device memory), or value[k] where by_value[k] (data[k] then points at a scratch
// element, so that every load is unconditional and a thread's loads can all be in flight at once).
struct FlatArgs {
  int64_t n = 0;
  char* data[kMaxOperands] = {};
  int64_t mask[kMaxOperands] = {};
  bool by_value[kMaxOperands] = {};
  alignas(16) unsigned char value[kMaxOperands][16] = {};
};

namespace {
__device__ __align__(16) unsigned char g_scratch[16];  // zeros: what by-value operands load
}  // namespace

template <class T> __device__ __forceinline__ T from_bytes(const unsigned char* p) {
  T v;
  memcpy(&v, p, sizeof(T));
  return v;
}

template <class T, int K> __device__ __forceinline__ T flat_load(const FlatArgs& a, int64_t i) {
  const T* p = reinterpret_cast<const T*>(a.by_value[K] ? g_scratch : reinterpret_cast<unsigned char*>(a.data[K]));
  const T v = p[i & a.mask[K]];
  return a.by_value[K] ? from_bytes<T>(a.value[K]) : v;
}

// Registers for kUnroll elements of each input: Slot<K, T> holds input K's.
template <size_t K, class T> struct Slot {
  T v[kUnroll];
};
template <class Seq, class... In> struct SlotsImpl;
template <size_t... K, class... In> struct SlotsImpl<std::index_sequence<K...>, In...> : Slot<K, In>... {};
template <class... In> using Slots = SlotsImpl<std::index_sequence_for<In...>, In...>;

template <class... In, size_t... K, class S>
__device__ __forceinline__ void flat_load_all(TypeList<In...>, std::index_sequence<K...>, const FlatArgs& a,
                                              int64_t i, int u, S& s) {
  ((static_cast<Slot<K, In>&>(s).v[u] = flat_load<In, static_cast<int>(K)>(a, i)), ...);
}
template <class Op, class... In, size_t... K, class S>
__device__ __forceinline__ auto flat_apply(TypeList<In...>, std::index_sequence<K...>, int u, S& s) {
  return Op{}(static_cast<Slot<K, In>&>(s).v[u]...);
}

// Loads, then computes, then stores: all of a thread's kUnroll x nin loads are issued before the
// first result is needed (the output may alias an input as far as the compiler knows, and a
// kernel's branches would otherwise keep it from hoisting them).
template <class Op, class O, class... In>
__global__ void __launch_bounds__(kThreads) flat_kernel(const __grid_constant__ FlatArgs a) {
  const int64_t base = static_cast<int64_t>(blockIdx.x) * (kThreads * kUnroll) + threadIdx.x;
  O* out = reinterpret_cast<O*>(a.data[sizeof...(In)]);
  Slots<In...> s;
  O r[kUnroll];
  constexpr auto seq = std::index_sequence_for<In...>{};
  constexpr auto ins = TypeList<In...>{};
  if (base + (kUnroll - 1) * kThreads < a.n) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) flat_load_all(ins, seq, a, base + u * kThreads, u, s);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) r[u] = flat_apply<Op>(ins, seq, u, s);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) out[base + u * kThreads] = r[u];
  } else {
    for (int u = 0; u < kUnroll; ++u) {
      const int64_t i = base + u * kThreads;
      if (i >= a.n) break;
      flat_load_all(ins, seq, a, i, 0, s);
      out[i] = flat_apply<Op>(ins, seq, 0, s);
    }
  }
}

template <class T, int K> __device__ __forceinline__ T strided_load(const Operands& p, const int64_t* off) {
  if (p.by_value[K]) return from_bytes<T>(p.value[K]);
  return *reinterpret_cast<const T*>(p.data[K] + off[K]);
}

template <class Op, class O, class... In, size_t... K>
__device__ __forceinline__ void strided_one(const Operands& p, const int64_t* off, std::index_sequence<K...>) {
  constexpr int out = sizeof...(In);
  *reinterpret_cast<O*>(p.data[out] + off[out]) = Op{}(strided_load<In, static_cast<int>(K)>(p, off)...);
}

template <class Op, class O, class... In> __global__ void __launch_bounds__(kThreads) strided_kernel(const __grid_constant__ Operands p) {
  constexpr int nops = sizeof...(In) + 1;
  const int64_t step = static_cast<int64_t>(gridDim.x) * kThreads;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; i < p.numel; i += step) {
    int64_t off[nops] = {};
    int64_t r = i;
    for (int d = p.ndim - 1; d >= 0; --d) {
      const int64_t len = p.shape[d];
      const int64_t idx = r % len;
      r /= len;
#pragma unroll
      for (int k = 0; k < nops; ++k) off[k] += idx * p.strides[k][d];
    }
    strided_one<Op, O, In...>(p, off, std::index_sequence_for<In...>{});
  }
}

// Whether operand k of itemsize `size` suits the flat path; fills its entry.
inline bool flat_operand(const Operands& ops, int k, int64_t size, FlatArgs& a) {
  if (ops.by_value[k]) {
    a.by_value[k] = true;
    a.mask[k] = 0;
    std::memcpy(a.value[k], ops.value[k], sizeof(a.value[k]));
    return true;
  }
  a.data[k] = ops.data[k];
  if (ops.ndim == 0 || ops.strides[k][0] == size) {
    a.mask[k] = -1;
    return true;
  }
  if (ops.strides[k][0] == 0) {
    a.mask[k] = 0;
    return true;
  }
  return false;
}

template <class Op, class O, class... In> void launch(const Operands& ops, int device) {
  static_assert(sizeof...(In) + 1 <= kMaxOperands);
  if (ops.numel <= 0) return;
  DeviceScope scope(device);
  cudaStream_t s = stream(device);
  constexpr int nin = static_cast<int>(sizeof...(In));
  FlatArgs a;
  a.n = ops.numel;
  bool flat = ops.ndim <= 1;
  if (flat) {
    int k = 0;
    ((flat = flat && flat_operand(ops, k++, static_cast<int64_t>(sizeof(In)), a)), ...);
    a.data[nin] = ops.data[nin];
    a.mask[nin] = -1;
    flat = flat && (ops.ndim == 0 || ops.strides[nin][0] == static_cast<int64_t>(sizeof(O)));
  }
  if (flat) {
    const int64_t per_block = static_cast<int64_t>(kThreads) * kUnroll;
    const int64_t blocks = (ops.numel + per_block - 1) / per_block;
    if (blocks > 0x7fffffffLL) {
      flat = false;  // over 2^42 elements: the grid-stride loop
    } else {
      flat_kernel<Op, O, In...><<<static_cast<unsigned>(blocks), kThreads, 0, s>>>(a);
      check(cudaGetLastError(), "cuda elementwise kernel");
      return;
    }
  }
  const int64_t blocks = std::min<int64_t>((ops.numel + kThreads - 1) / kThreads, int64_t(1) << 20);
  strided_kernel<Op, O, In...><<<static_cast<unsigned>(blocks), kThreads, 0, s>>>(ops);
  check(cudaGetLastError(), "cuda elementwise kernel");
}

// ---- the ops: a ufunc's scalar kernel F on storage type T, as the CPU loops run it ----
// (inputs converted to the compute type, float for float16/bfloat16; the result stored back.)
template <class F, class T> struct Unary {
  // A kernel that takes the storage type (spacing: a step in a 16-bit float's own grid).
  using C = std::conditional_t<takes_storage<F>::value, T, compute_t<T>>;
  using O = out_storage_t<T, decltype(F{}(C{}))>;
  __device__ O operator()(T a) const { return convert<O>(F{}(static_cast<C>(a))); }
};
template <class F, class T> struct Binary {
  using C = compute_t<T>;
  using O = out_storage_t<T, decltype(F{}(C{}, C{}))>;
  __device__ O operator()(T a, T b) const { return convert<O>(F{}(static_cast<C>(a), static_cast<C>(b))); }
};
template <class F, class T> struct Ternary {
  using C = compute_t<T>;
  using O = out_storage_t<T, decltype(F{}(C{}, C{}, C{}))>;
  __device__ O operator()(T a, T b, T c) const {
    return convert<O>(F{}(static_cast<C>(a), static_cast<C>(b), static_cast<C>(c)));
  }
};

template <class F, class T> void run_unary(const Operands& ops, int device, const void*) {
  using Op = Unary<F, T>;
  launch<Op, typename Op::O, T>(ops, device);
}
template <class F, class T> void run_binary(const Operands& ops, int device, const void*) {
  using Op = Binary<F, T>;
  launch<Op, typename Op::O, T, T>(ops, device);
}
template <class F, class T> void run_ternary(const Operands& ops, int device, const void*) {
  using Op = Ternary<F, T>;
  launch<Op, typename Op::O, T, T, T>(ops, device);
}

// Registration: ufunc `name` with kernel F for each host storage type in the list (the CPU
// loop's input types; the output dtype follows as the CPU's make_*_loops derive it).
template <class F, class... Ts> void add_unary(const char* name, TypeList<Ts...>) {
  (add_ufunc_kernel(name, {dtype_of<Ts>()}, dtype_of_dev<typename Unary<F, dev_t<Ts>>::O>(),
                    &run_unary<F, dev_t<Ts>>), ...);
}
template <class F, class... Ts> void add_binary(const char* name, TypeList<Ts...>) {
  (add_ufunc_kernel(name, {dtype_of<Ts>(), dtype_of<Ts>()}, dtype_of_dev<typename Binary<F, dev_t<Ts>>::O>(),
                    &run_binary<F, dev_t<Ts>>), ...);
}
template <class F, class... Ts> void add_ternary(const char* name, TypeList<Ts...>) {
  (add_ufunc_kernel(name, {dtype_of<Ts>(), dtype_of<Ts>(), dtype_of<Ts>()},
                    dtype_of_dev<typename Ternary<F, dev_t<Ts>>::O>(), &run_ternary<F, dev_t<Ts>>), ...);
}

}  // namespace parity::cuda::ew

#pragma once
// Device-side element types and helpers shared by the non-elementwise families (reduce.cu,
// linalg.cu, index.cu): storage types with the engine's layouts, their compute types (16-bit
// floats compute in float32, as compute_t on the CPU), NumPy's textbook complex product, wrapping
// integer arithmetic, offsets of strided operands, and a DType switch.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "backend.h"

// In their own namespace (parity::cuda::opk), apart from the elementwise family's helpers.
namespace parity::cuda::opk {

// std::complex<float/double>'s layout: real then imaginary part.
struct alignas(8) c64 {
  float re, im;
};
struct alignas(16) c128 {
  double re, im;
};

template <class T> inline constexpr bool is_cplx_v = std::is_same_v<T, c64> || std::is_same_v<T, c128>;
template <class T> inline constexpr bool is_half_v = std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>;

template <class S> struct Compute { using type = S; };
template <> struct Compute<__half> { using type = float; };
template <> struct Compute<__nv_bfloat16> { using type = float; };
template <class S> using comp_t = typename Compute<S>::type;

template <class S> __device__ __forceinline__ comp_t<S> to_comp(S v) {
  if constexpr (std::is_same_v<S, __half>) return __half2float(v);
  else if constexpr (std::is_same_v<S, __nv_bfloat16>) return __bfloat162float(v);
  else return v;
}
// Rounds to nearest even, as the CPU's float -> float16/bfloat16 conversions.
template <class S> __device__ __forceinline__ S from_comp(comp_t<S> v) {
  if constexpr (std::is_same_v<S, __half>) return __float2half_rn(v);
  else if constexpr (std::is_same_v<S, __nv_bfloat16>) return __float2bfloat16_rn(v);
  else return v;
}
template <class S> __device__ __forceinline__ comp_t<S> load_comp(const char* p) {
  return to_comp<S>(*reinterpret_cast<const S*>(p));
}

// A compute value of one type as another: the widenings the kernels take (bool/ints to int64,
// uint64 or float64; float32 to itself); complex only to itself.
template <class To, class From> __device__ __forceinline__ To widen(From v) {
  if constexpr (std::is_same_v<To, From>) return v;
  else return static_cast<To>(v);
}

template <class T> __device__ __forceinline__ bool is_nan(T v) {
  if constexpr (is_cplx_v<T>) return v.re != v.re || v.im != v.im;
  else if constexpr (std::is_floating_point_v<T>) return v != v;
  else return false;
}
template <class T> __device__ __forceinline__ bool nonzero(T v) {
  if constexpr (is_cplx_v<T>) return v.re != 0 || v.im != 0;
  else return v != T(0);
}
// a > b; complex values compare lexicographically, as NumPy's.
template <class T> __device__ __forceinline__ bool greater(T a, T b) {
  if constexpr (is_cplx_v<T>) return a.re > b.re || (a.re == b.re && a.im > b.im);
  else return a > b;
}

// Integer arithmetic that wraps like NumPy's, without signed-overflow UB; bool: or / and.
template <class T> __device__ __forceinline__ T add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (is_cplx_v<T>) return T{a.re + b.re, a.im + b.im};
  else if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else return a + b;
}
// NumPy's complex product is the textbook formula (no Annex G recovery of infinities).
template <class T> __device__ __forceinline__ T mul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (is_cplx_v<T>) return T{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  else if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
  } else return a * b;
}
template <class T> __device__ __forceinline__ T zero_v() {
  if constexpr (is_cplx_v<T>) return T{0, 0};
  else return T(0);
}
template <class T> __device__ __forceinline__ T one_v() {
  if constexpr (is_cplx_v<T>) return T{1, 0};
  else return T(1);
}

// Byte offset of linear index i in C order over shape[0..nd) with byte strides st.
__device__ __forceinline__ int64_t strided_offset(int64_t i, int nd, const int64_t* shape, const int64_t* st) {
  int64_t off = 0;
  for (int d = nd - 1; d >= 0; --d) {
    const int64_t q = i / shape[d];
    off += (i - q * shape[d]) * st[d];
    i = q;
  }
  return off;
}

template <class T> struct Tag { using type = T; };

// Calls f(Tag<S>{}) with the storage type of d.
template <class F> void with_storage(DType d, F&& f) {
  switch (d) {
    case DType::Bool: return f(Tag<bool>{});
    case DType::Int8: return f(Tag<int8_t>{});
    case DType::Int16: return f(Tag<int16_t>{});
    case DType::Int32: return f(Tag<int32_t>{});
    case DType::Int64: return f(Tag<int64_t>{});
    case DType::UInt8: return f(Tag<uint8_t>{});
    case DType::UInt16: return f(Tag<uint16_t>{});
    case DType::UInt32: return f(Tag<uint32_t>{});
    case DType::UInt64: return f(Tag<uint64_t>{});
    case DType::Float16: return f(Tag<__half>{});
    case DType::BFloat16: return f(Tag<__nv_bfloat16>{});
    case DType::Float32: return f(Tag<float>{});
    case DType::Float64: return f(Tag<double>{});
    case DType::Complex64: return f(Tag<c64>{});
    case DType::Complex128: return f(Tag<c128>{});
  }
}

// Grid size for a grid-stride loop over n items with `block` threads each.
inline unsigned grid_for(int64_t n, int block) {
  int64_t g = (n + block - 1) / block;
  if (g < 1) g = 1;
  if (g > (int64_t{1} << 20)) g = int64_t{1} << 20;
  return static_cast<unsigned>(g);
}

}  // namespace parity::cuda::opk

#pragma once
// Vectorized float32/float64 loops (Google Highway, runtime dispatch: one binary runs SSE4, AVX2 or
// AVX-512 code, whichever the processor has). Only contiguous arrays; ufunc.h gathers strided
// operands into blocks. An element's result depends on its value only, never on its position:
// lanes outside the vector approximation's valid range (nan, inf, overflow, subnormal results,
// zeros whose sign matters...) are recomputed with the op's scalar kernel, which the caller passes.
#include <cstdint>

namespace parity::simd {

template <class T> using ScalarFn = T (*)(T);
// out[i] = f(in[i]); in == out is allowed.
template <class T> using UnaryFn = void (*)(const T* in, T* out, int64_t n, ScalarFn<T> scalar);
// o[i] = a[i*sa] op b[i*sb] with sa, sb in {0, 1} (0: a broadcast scalar); o may be a or b.
template <class T>
using BinaryFn = void (*)(const T* a, int64_t sa, const T* b, int64_t sb, T* o, int64_t n);

// What a kernel struct names as its `simd_fn` (see ufunc.h): one routine per float type.
struct Unary {
  UnaryFn<float> f32;
  UnaryFn<double> f64;
  template <class T> constexpr UnaryFn<T> get() const {
    if constexpr (sizeof(T) == 4) return f32; else return f64;
  }
};
struct Binary {
  BinaryFn<float> f32;
  BinaryFn<double> f64;
  template <class T> constexpr BinaryFn<T> get() const {
    if constexpr (sizeof(T) == 4) return f32; else return f64;
  }
};

#define PARITY_SIMD_UNARY_DECL(name)                                       \
  void name(const float* in, float* out, int64_t n, ScalarFn<float> s);    \
  void name(const double* in, double* out, int64_t n, ScalarFn<double> s);
PARITY_SIMD_UNARY_DECL(exp)
PARITY_SIMD_UNARY_DECL(expm1)
PARITY_SIMD_UNARY_DECL(log)
PARITY_SIMD_UNARY_DECL(log2)
PARITY_SIMD_UNARY_DECL(log10)
PARITY_SIMD_UNARY_DECL(log1p)
PARITY_SIMD_UNARY_DECL(expit)
PARITY_SIMD_UNARY_DECL(sin)
PARITY_SIMD_UNARY_DECL(cos)
PARITY_SIMD_UNARY_DECL(tanh)
PARITY_SIMD_UNARY_DECL(sinh)
PARITY_SIMD_UNARY_DECL(arcsin)
PARITY_SIMD_UNARY_DECL(arctan)
PARITY_SIMD_UNARY_DECL(negative)  // exact: every lane bit-identical to -x
// Exact too (exact.cpp): bit-identical to the scalar kernel (libm / IEEE arithmetic) on every input.
PARITY_SIMD_UNARY_DECL(sqrt)
PARITY_SIMD_UNARY_DECL(absolute)
PARITY_SIMD_UNARY_DECL(square)
PARITY_SIMD_UNARY_DECL(reciprocal)
PARITY_SIMD_UNARY_DECL(floor)
PARITY_SIMD_UNARY_DECL(ceil)
PARITY_SIMD_UNARY_DECL(trunc)
PARITY_SIMD_UNARY_DECL(rint)
#undef PARITY_SIMD_UNARY_DECL

#define PARITY_SIMD_BINARY_DECL(name)                                                         \
  void name(const float* a, int64_t sa, const float* b, int64_t sb, float* o, int64_t n);     \
  void name(const double* a, int64_t sa, const double* b, int64_t sb, double* o, int64_t n);
PARITY_SIMD_BINARY_DECL(add)
PARITY_SIMD_BINARY_DECL(subtract)
PARITY_SIMD_BINARY_DECL(multiply)
PARITY_SIMD_BINARY_DECL(divide)
#undef PARITY_SIMD_BINARY_DECL

// A compiled chain (compile(f), fused.cpp): a value carried in a vector register through ops that
// each take it and at most one other operand, e.g. 1 / (1 + exp(-x)). Each op is the eager loop's
// vector op (IEEE arithmetic, sign flip, FastExp), so results equal the eager calls bit for bit.
enum class ChainCode : uint8_t { Neg, Exp, Add, Sub, Mul, Div };
struct ChainOp {
  ChainCode code;
  bool other_first;  // binary: the other operand is the left one (1 - v, 1 / v)
  int8_t src;        // binary: the other operand's source
};
// Up to this many ops and sources per chain.
inline constexpr int kChainMaxOps = 32, kChainMaxSrc = 16;
// out[i] = the chain on element i for i in [i0, n), starting from source `start`; source k is
// src[k][i] (contig[k]) or the one value src[k][0]; src and contig have kChainMaxSrc entries (unused:
// null). Stops at the first vector of lanes that the
// eager loop would send to a scalar kernel (exp outside its vector range), or where fewer than a
// vector's lanes remain, and returns that index: the caller computes from there through the eager
// loops (a chain of at most 64 elements), then calls again. `stream`: non-temporal stores for
// aligned vectors (an output too large to stay in cache: no read of it before the write).
int64_t chain(const ChainOp* ops, int nops, int start, const float* const* src, const bool* contig, float* out,
              int64_t i0, int64_t n, bool stream);
int64_t chain(const ChainOp* ops, int nops, int start, const double* const* src, const bool* contig, double* out,
              int64_t i0, int64_t n, bool stream);

// Highway's name for the target the dispatcher chose on this processor ("AVX3", "AVX2"...).
const char* target_name();

}  // namespace parity::simd

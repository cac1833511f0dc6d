// simd::chain (simd.h): a compiled elementwise chain evaluated one vector at a time with its value
// in a register, where the blockwise program (compile/fused.cpp) stores every step to scratch.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/chain.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "simd/fast_exp-inl.h"
#include "simd/loops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {

template <class T>
int64_t Chain(const ChainOp* ops, int nops, int start, const T* const* src, const bool* contig, T* out,
              int64_t i, int64_t n, bool stream) {
  const hn::ScalableTag<T> d;
  using V = hn::Vec<decltype(d)>;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  // Broadcast sources, splatted once (read back from L1 as memory operands).
  HWY_ALIGN T splat[kChainMaxSrc][HWY_MAX_BYTES / sizeof(T)];
  for (int k = 0; k < kChainMaxSrc; ++k)
    if (src[k] && !contig[k]) hn::Store(hn::Set(d, src[k][0]), d, splat[k]);
  auto load = [&](int k, int64_t at) -> V { return contig[k] ? hn::LoadU(d, src[k] + at) : hn::Load(d, splat[k]); };
  const ExpOp exp_op;
  auto store = [&](V v, int64_t at) {
    if (stream && (reinterpret_cast<uintptr_t>(out + at) & (N * sizeof(T) - 1)) == 0) hn::Stream(v, d, out + at);
    else hn::StoreU(v, d, out + at);
  };
  // kTile vectors at a time, each op applied to all of them before the next: one dispatch per op
  // for the tile, and kTile independent dependency chains for the core to overlap (one vector at
  // a time ran at the latency of exp plus the division).
  constexpr int kTile = 4;
  for (; i + kTile * N <= n; i += kTile * N) {
    V v[kTile];
#pragma GCC unroll 4
    for (int u = 0; u < kTile; ++u) v[u] = load(start, i + u * N);
    for (int s = 0; s < nops; ++s) {
      const ChainOp o = ops[s];
      switch (o.code) {
        case ChainCode::Neg:
#pragma GCC unroll 4
          for (int u = 0; u < kTile; ++u) v[u] = hn::Neg(v[u]);
          break;
        case ChainCode::Exp: {
          auto ok = exp_op.Ok(d, v[0]);
#pragma GCC unroll 4
          for (int u = 1; u < kTile; ++u) ok = hn::And(ok, exp_op.Ok(d, v[u]));
          if (!hn::AllTrue(d, ok)) return i;  // some lane needs exp's scalar kernel
#pragma GCC unroll 4
          for (int u = 0; u < kTile; ++u) v[u] = exp_op(d, v[u]);
          break;
        }
#define PARITY_CHAIN_BINARY(Code, Fn)                                                          \
  case ChainCode::Code:                                                                        \
    _Pragma("GCC unroll 4") for (int u = 0; u < kTile; ++u) {                                  \
      const V w = load(o.src, i + u * N);                                                      \
      v[u] = o.other_first ? hn::Fn(w, v[u]) : hn::Fn(v[u], w);                                \
    }                                                                                          \
    break;
        PARITY_CHAIN_BINARY(Add, Add)
        PARITY_CHAIN_BINARY(Sub, Sub)
        PARITY_CHAIN_BINARY(Mul, Mul)
        PARITY_CHAIN_BINARY(Div, Div)
#undef PARITY_CHAIN_BINARY
      }
    }
#pragma GCC unroll 4
    for (int u = 0; u < kTile; ++u) store(v[u], i + u * N);
  }
  for (; i + N <= n; i += N) {  // the last vectors, one at a time
    V v = load(start, i);
    for (int s = 0; s < nops; ++s) {
      const ChainOp o = ops[s];
      switch (o.code) {
        case ChainCode::Neg: v = hn::Neg(v); break;
        case ChainCode::Exp:
          if (!hn::AllTrue(d, exp_op.Ok(d, v))) return i;
          v = exp_op(d, v);
          break;
        case ChainCode::Add: v = o.other_first ? hn::Add(load(o.src, i), v) : hn::Add(v, load(o.src, i)); break;
        case ChainCode::Sub: v = o.other_first ? hn::Sub(load(o.src, i), v) : hn::Sub(v, load(o.src, i)); break;
        case ChainCode::Mul: v = o.other_first ? hn::Mul(load(o.src, i), v) : hn::Mul(v, load(o.src, i)); break;
        case ChainCode::Div: v = o.other_first ? hn::Div(load(o.src, i), v) : hn::Div(v, load(o.src, i)); break;
      }
    }
    store(v, i);
  }
  if (stream) hwy::FlushStream();
  return i;
}

int64_t ChainF32(const ChainOp* ops, int nops, int start, const float* const* src, const bool* contig, float* out,
                 int64_t i0, int64_t n, bool stream) {
  return Chain(ops, nops, start, src, contig, out, i0, n, stream);
}
int64_t ChainF64(const ChainOp* ops, int nops, int start, const double* const* src, const bool* contig,
                 double* out, int64_t i0, int64_t n, bool stream) {
  return Chain(ops, nops, start, src, contig, out, i0, n, stream);
}

}  // namespace HWY_NAMESPACE
}  // namespace parity::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace parity::simd {
HWY_EXPORT(ChainF32);
HWY_EXPORT(ChainF64);
int64_t chain(const ChainOp* ops, int nops, int start, const float* const* src, const bool* contig, float* out,
              int64_t i0, int64_t n, bool stream) {
  return HWY_DYNAMIC_DISPATCH(ChainF32)(ops, nops, start, src, contig, out, i0, n, stream);
}
int64_t chain(const ChainOp* ops, int nops, int start, const double* const* src, const bool* contig, double* out,
              int64_t i0, int64_t n, bool stream) {
  return HWY_DYNAMIC_DISPATCH(ChainF64)(ops, nops, start, src, contig, out, i0, n, stream);
}
}  // namespace parity::simd
#endif

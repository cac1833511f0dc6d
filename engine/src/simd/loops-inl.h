// Per-target loop drivers of the simd/*.cpp files. Highway's foreach_target re-includes each .cpp
// once per target, so this header has a toggle guard (compiled once per target), not #pragma once.
#if defined(PARITY_SIMD_LOOPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef PARITY_SIMD_LOOPS_INL_H_
#undef PARITY_SIMD_LOOPS_INL_H_
#else
#define PARITY_SIMD_LOOPS_INL_H_
#endif

#include <cstdint>
#include <limits>

#include "hwy/highway.h"
#include "simd/simd.h"

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class T> inline constexpr T kTiny = std::numeric_limits<T>::min();  // smallest normal
template <class T> inline constexpr T kMax = std::numeric_limits<T>::max();

// Lanes with lo <= x <= hi: false for nan, so nan always takes the scalar kernel.
template <class D, class V, class T = hn::TFromD<D>>
HWY_INLINE auto InRange(D d, V x, T lo, T hi) {
  return hn::And(hn::Ge(x, hn::Set(d, lo)), hn::Le(x, hn::Set(d, hi)));
}
template <class D, class V, class T = hn::TFromD<D>>
HWY_INLINE auto AbsInRange(D d, V x, T lo, T hi) {
  return InRange(d, hn::Abs(x), lo, hi);
}

// One vector of `op` (op(d, x): the approximation, op.Ok(d, x): lanes where it is valid). Invalid
// lanes are recomputed by the scalar kernel from the saved inputs (in may equal out). An op with
// `kExact` (bit-identical to its scalar kernel for every input, e.g. negative) has no Ok().
template <class D, class Op, class T = hn::TFromD<D>>
HWY_INLINE void UnaryVec(D d, const T* in, T* out, ScalarFn<T> scalar, Op op) {
  const auto x = hn::LoadU(d, in);
  if constexpr (requires { Op::kExact; }) {
    hn::StoreU(op(d, x), d, out);
  } else {
    const auto ok = op.Ok(d, x);
    if (HWY_LIKELY(hn::AllTrue(d, ok))) {  // the common path: one range test per vector
      hn::StoreU(op(d, x), d, out);
      return;
    }
    const auto bad = hn::Not(ok);
    constexpr size_t kLanes = HWY_MAX_BYTES / sizeof(T);
    HWY_ALIGN T xs[kLanes];
    HWY_ALIGN T rs[kLanes];
    uint8_t bits[(kLanes + 7) / 8 + 8] = {};
    hn::Store(x, d, xs);
    hn::Store(op(d, x), d, rs);
    hn::StoreMaskBits(d, bad, bits);
    const size_t n = hn::Lanes(d);
    for (size_t j = 0; j < n; ++j)
      if ((bits[j / 8] >> (j % 8)) & 1) rs[j] = scalar(xs[j]);
    hn::StoreU(hn::Load(d, rs), d, out);
  }
}

// out[i] = op(in[i]) over contiguous arrays. The tail also goes through a full vector (padded with
// 0.75, valid for every op) so that an element's result never depends on where it sits.
template <class T, class Op>
HWY_INLINE void Unary(const T* in, T* out, int64_t n, ScalarFn<T> scalar, Op op) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + N <= n; i += N) UnaryVec(d, in + i, out + i, scalar, op);
  if (i == n) return;
  HWY_ALIGN T buf[HWY_MAX_BYTES / sizeof(T)];
  for (int64_t j = 0; j < N; ++j) buf[j] = i + j < n ? in[i + j] : T(0.75);
  UnaryVec(d, buf, buf, scalar, op);
  for (int64_t j = 0; i + j < n; ++j) out[i + j] = buf[j];
}

// o[i] = op(a[i*sa], b[i*sb]), sa and sb in {0, 1}. IEEE + - * / round exactly, so these equal the
// scalar loop bit for bit; the tail still uses a padded vector (one code path for every element).
template <class T, class Op>
HWY_INLINE void Binary(const T* a, int64_t sa, const T* b, int64_t sb, T* o, int64_t n, Op op) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  if (sa && sb) {
    for (; i + N <= n; i += N) hn::StoreU(op(hn::LoadU(d, a + i), hn::LoadU(d, b + i)), d, o + i);
  } else if (sa) {
    const auto vb = hn::Set(d, *b);
    for (; i + N <= n; i += N) hn::StoreU(op(hn::LoadU(d, a + i), vb), d, o + i);
  } else if (sb) {
    const auto va = hn::Set(d, *a);
    for (; i + N <= n; i += N) hn::StoreU(op(va, hn::LoadU(d, b + i)), d, o + i);
  } else {
    const auto r = op(hn::Set(d, *a), hn::Set(d, *b));
    for (; i + N <= n; i += N) hn::StoreU(r, d, o + i);
  }
  if (i == n) return;
  HWY_ALIGN T ba[HWY_MAX_BYTES / sizeof(T)];
  HWY_ALIGN T bb[HWY_MAX_BYTES / sizeof(T)];
  for (int64_t j = 0; j < N; ++j) {
    ba[j] = i + j < n ? a[(i + j) * sa] : T(1);
    bb[j] = i + j < n ? b[(i + j) * sb] : T(1);
  }
  hn::Store(op(hn::Load(d, ba), hn::Load(d, bb)), d, ba);
  for (int64_t j = 0; i + j < n; ++j) o[i + j] = ba[j];
}

}  // namespace HWY_NAMESPACE
}  // namespace parity::simd
HWY_AFTER_NAMESPACE();

// Per-target entry points <Op>F32 / <Op>F64 for an op struct (inside HWY_NAMESPACE).
#ifndef PARITY_SIMD_UNARY_TARGET
#define PARITY_SIMD_UNARY_TARGET(Op)                                                      \
  void Op##F32(const float* in, float* out, int64_t n, ScalarFn<float> s) {               \
    Unary(in, out, n, s, Op());                                                           \
  }                                                                                       \
  void Op##F64(const double* in, double* out, int64_t n, ScalarFn<double> s) {            \
    Unary(in, out, n, s, Op());                                                           \
  }
#define PARITY_SIMD_BINARY_TARGET(Op)                                                       \
  void Op##F32(const float* a, int64_t sa, const float* b, int64_t sb, float* o, int64_t n) { \
    Binary(a, sa, b, sb, o, n, Op());                                                       \
  }                                                                                         \
  void Op##F64(const double* a, int64_t sa, const double* b, int64_t sb, double* o,         \
               int64_t n) {                                                                 \
    Binary(a, sa, b, sb, o, n, Op());                                                       \
  }
// The dispatching functions of simd.h (once, in parity::simd, under HWY_ONCE).
#define PARITY_SIMD_UNARY_EXPORT(name, Op)                                                \
  HWY_EXPORT(Op##F32);                                                                    \
  HWY_EXPORT(Op##F64);                                                                    \
  void name(const float* in, float* out, int64_t n, ScalarFn<float> s) {                  \
    HWY_DYNAMIC_DISPATCH(Op##F32)(in, out, n, s);                                         \
  }                                                                                       \
  void name(const double* in, double* out, int64_t n, ScalarFn<double> s) {               \
    HWY_DYNAMIC_DISPATCH(Op##F64)(in, out, n, s);                                         \
  }
#define PARITY_SIMD_BINARY_EXPORT(name, Op)                                                    \
  HWY_EXPORT(Op##F32);                                                                         \
  HWY_EXPORT(Op##F64);                                                                         \
  void name(const float* a, int64_t sa, const float* b, int64_t sb, float* o, int64_t n) {     \
    HWY_DYNAMIC_DISPATCH(Op##F32)(a, sa, b, sb, o, n);                                         \
  }                                                                                            \
  void name(const double* a, int64_t sa, const double* b, int64_t sb, double* o, int64_t n) {  \
    HWY_DYNAMIC_DISPATCH(Op##F64)(a, sa, b, sb, o, n);                                         \
  }
#endif

#endif  // PARITY_SIMD_LOOPS_INL_H_

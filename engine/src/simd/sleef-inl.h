// SLEEF's 1-ULP (u10) float64 functions on Highway vectors, for the ops whose Highway kernel misses
// NumPy's float64 tolerance of 1 ULP (NumPy's umath-validation-set tables, checked on every target
// by engine/tests/accuracy_tables_test.cpp): expm1, log10, cos, arcsin, sinh. float32 keeps
// Highway's kernels, which meet NumPy's float32 tolerances (2 to 4 ULP). Each target calls SLEEF's
// routine for its own instruction set (avx512f, avx2, sse4); other targets (SCALAR, EMU128) call
// SLEEF's scalar u10 routine per lane. Included by the simd/*.cpp files after hwy/highway.h, once
// per target (toggle guard, as loops-inl.h).
// The price: at 2^20 float64 elements, one thread, these take 1.7x (cos, log10) to 2.3-2.7x (arcsin,
// expm1) the time of Highway's kernels on AVX-512 and 2.0-2.4x on AVX2 (Xeon, Dec 2026: sinh 1.44 ->
// 2.91 ms on AVX3); SLEEF's u10 routines carry double-double arithmetic.

// SLEEF's prototypes, once. sleef.h declares its AVX2 and AVX-512 routines only when the whole
// file is compiled for those instruction sets (__AVX__, __AVX512F__); the engine is compiled for
// the baseline and enables them per function (Highway's target attributes), so those prototypes are
// written here, exactly as sleef.h 3.5 has them.
#ifndef PARITY_SIMD_SLEEF_DECL_H_
#define PARITY_SIMD_SLEEF_DECL_H_
#include <sleef.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
// Each carries its instruction set's target attribute: clang rejects a call passing __m256d or
// __m512d to a function declared without AVX ("changes the ABI"); GCC accepts either form.
extern "C" {
#define PARITY_SLEEF_DECL(fn)                                                   \
  __attribute__((target("avx2"))) __m256d Sleef_##fn##d4_u10avx2(__m256d);      \
  __attribute__((target("avx512f"))) __m512d Sleef_##fn##d8_u10avx512f(__m512d);
PARITY_SLEEF_DECL(expm1)
PARITY_SLEEF_DECL(log10)
PARITY_SLEEF_DECL(cos)
PARITY_SLEEF_DECL(asin)
PARITY_SLEEF_DECL(sinh)
#undef PARITY_SLEEF_DECL
}
#endif
#endif  // PARITY_SIMD_SLEEF_DECL_H_

#if defined(PARITY_SIMD_SLEEF_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef PARITY_SIMD_SLEEF_INL_H_
#undef PARITY_SIMD_SLEEF_INL_H_
#else
#define PARITY_SIMD_SLEEF_INL_H_
#endif

#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// <Name>U1(d, x): SLEEF's fn for float64 vectors, Highway's hwy_fn for float32 ones.
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
#define PARITY_SLEEF_F64(fn) return V{Sleef_##fn##d8_u10avx512f(x.raw)};
#elif HWY_TARGET == HWY_AVX2
#define PARITY_SLEEF_F64(fn) return V{Sleef_##fn##d4_u10avx2(x.raw)};
#elif HWY_TARGET == HWY_SSE4
#define PARITY_SLEEF_F64(fn) return V{Sleef_##fn##d2_u10sse4(x.raw)};
#else
#define PARITY_SLEEF_F64(fn)                                          \
  HWY_ALIGN double lanes[HWY_MAX_BYTES / sizeof(double)];             \
  hn::Store(x, d, lanes);                                             \
  for (size_t i = 0; i < hn::Lanes(d); ++i) lanes[i] = Sleef_##fn##_u10(lanes[i]); \
  return hn::Load(d, lanes);
#endif
#define PARITY_SLEEF_UNARY(Name, fn, hwy_fn)                                          \
  template <class D, class V> HWY_INLINE V Name(D d, V x) {                           \
    if constexpr (sizeof(hn::TFromD<D>) == 4) {                                       \
      return hn::hwy_fn(d, x);                                                        \
    } else {                                                                          \
      (void)d;                                                                        \
      PARITY_SLEEF_F64(fn)                                                            \
    }                                                                                 \
  }
PARITY_SLEEF_UNARY(Expm1U1, expm1, Expm1)
PARITY_SLEEF_UNARY(Log10U1, log10, Log10)
PARITY_SLEEF_UNARY(CosU1, cos, Cos)
PARITY_SLEEF_UNARY(AsinU1, asin, Asin)
PARITY_SLEEF_UNARY(SinhU1, sinh, Sinh)
#undef PARITY_SLEEF_UNARY
#undef PARITY_SLEEF_F64

}  // namespace HWY_NAMESPACE
}  // namespace parity::simd
HWY_AFTER_NAMESPACE();

#endif  // PARITY_SIMD_SLEEF_INL_H_

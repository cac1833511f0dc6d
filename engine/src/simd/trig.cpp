// sin, cos, tanh, sinh, arcsin, arctan with Highway's vector math (hwy/contrib/math; float64 cos,
// sinh and arcsin with SLEEF's 1-ULP routines, simd/sleef-inl.h), inside the
// ranges math-inl.h documents; other lanes (nan, inf, out of range, zeros and subnormals whose
// result is x itself) take the scalar kernel. See exp_log.cpp.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/trig.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include "simd/loops-inl.h"
#include "simd/sleef-inl.h"  // float64 cos, arcsin, sinh: SLEEF u10 (1 ULP)

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {

// sin, cos: documented [-39000, +39000] (beyond it the range reduction loses accuracy).
template <class T> inline constexpr T kTrigMax = T(39000);

struct SinOp {
  template <class D, class V> V operator()(D d, V x) const { return hn::Sin(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return AbsInRange(d, x, kTiny<T>, kTrigMax<T>);
  }
};
struct CosOp {
  template <class D, class V> V operator()(D d, V x) const { return CosU1(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return AbsInRange(d, x, T(0), kTrigMax<T>);
  }
};
// tanh: documented for all finite x.
struct TanhOp {
  template <class D, class V> V operator()(D d, V x) const { return hn::Tanh(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return AbsInRange(d, x, kTiny<T>, kMax<T>);
  }
};
// sinh: documented [-88.7228, 88.7228] (float32), [-709, 709] (float64): expm1(|x|) must not overflow.
struct SinhOp {
  template <class D, class V> V operator()(D d, V x) const { return SinhU1(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return AbsInRange(d, x, kTiny<T>, sizeof(T) == 4 ? T(88) : T(709));
  }
};
struct ArcsinOp {
  template <class D, class V> V operator()(D d, V x) const { return AsinU1(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return AbsInRange(d, x, kTiny<T>, T(1));
  }
};
struct ArctanOp {
  template <class D, class V> V operator()(D d, V x) const { return hn::Atan(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return AbsInRange(d, x, kTiny<T>, kMax<T>);
  }
};

PARITY_SIMD_UNARY_TARGET(SinOp)
PARITY_SIMD_UNARY_TARGET(CosOp)
PARITY_SIMD_UNARY_TARGET(TanhOp)
PARITY_SIMD_UNARY_TARGET(SinhOp)
PARITY_SIMD_UNARY_TARGET(ArcsinOp)
PARITY_SIMD_UNARY_TARGET(ArctanOp)

}  // namespace HWY_NAMESPACE
}  // namespace parity::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace parity::simd {
PARITY_SIMD_UNARY_EXPORT(sin, SinOp)
PARITY_SIMD_UNARY_EXPORT(cos, CosOp)
PARITY_SIMD_UNARY_EXPORT(tanh, TanhOp)
PARITY_SIMD_UNARY_EXPORT(sinh, SinhOp)
PARITY_SIMD_UNARY_EXPORT(arcsin, ArcsinOp)
PARITY_SIMD_UNARY_EXPORT(arctan, ArctanOp)
}  // namespace parity::simd
#endif

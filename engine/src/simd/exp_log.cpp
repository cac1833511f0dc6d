// exp, expm1, log, log2, log10, log1p, expit with vector math: exp (also inside expit) is FastExp
// (fast_exp-inl.h); the others use Highway's (hwy/contrib/math). Each op's Ok() keeps the vector path
// inside the approximation's valid range, further narrowed to finite, normal results; every other
// lane (nan, inf, overflow, subnormal, exact zeros) is left to the scalar kernel so that special
// values are those of the scalar path.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/exp_log.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include "simd/loops-inl.h"
#include "simd/fast_exp-inl.h"
#include "simd/sleef-inl.h"  // float64 expm1, log10: SLEEF u10 (1 ULP)

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {

// expm1(+-0) and of subnormals is x itself: the scalar kernel keeps the sign and bits.
struct Expm1Op {
  template <class D, class V> V operator()(D d, V x) const { return Expm1U1(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return hn::And(InRange(d, x, kExpLo<T>, kExpHi<T>), hn::Ge(hn::Abs(x), hn::Set(d, kTiny<T>)));
  }
};
// log: documented (0, max]; zeros, negatives, subnormals, inf and nan go scalar.
struct LogOp {
  template <class D, class V> V operator()(D d, V x) const { return hn::Log(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return InRange(d, x, kTiny<T>, kMax<T>);
  }
};
struct Log10Op {
  template <class D, class V> V operator()(D d, V x) const { return Log10U1(d, x); }
  template <class D, class V> auto Ok(D d, V x) const { return LogOp().Ok(d, x); }
};
// log2 of a power of two is an exact integer on the scalar path; Highway's log(x) * log2(e) can
// miss it by an ulp, so those lanes (mantissa bits all zero) go scalar too.
struct Log2Op {
  template <class D, class V> V operator()(D d, V x) const { return hn::Log2(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    const hn::RebindToSigned<D> di;
    using TI = hn::TFromD<decltype(di)>;
    const TI mant = sizeof(T) == 4 ? TI(0x7FFFFF) : TI(0xFFFFFFFFFFFFFLL);
    const auto frac = hn::And(hn::BitCast(di, x), hn::Set(di, mant));
    return hn::And(LogOp().Ok(d, x), hn::RebindMask(d, hn::Ne(frac, hn::Zero(di))));
  }
};
// log1p: documented [0, max]; zeros (sign) and subnormals (result x) go scalar, as do negatives.
struct Log1pOp {
  template <class D, class V> V operator()(D d, V x) const { return hn::Log1p(d, x); }
  template <class D, class V> auto Ok(D d, V x) const { return LogOp().Ok(d, x); }
};
// expit as the scalar kernel computes it: with e = exp(-|x|) (never overflows), 1 / (1 + e) for
// x >= 0 and e / (1 + e) below. Vector lanes need e normal: |x| <= 87 (float32), 708 (float64).
struct ExpitOp {
  template <class D, class V> V operator()(D d, V x) const {
    const V one = hn::Set(d, 1);
    const V e = FastExp(d, hn::Neg(hn::Abs(x)));
    const V den = hn::Add(one, e);
    return hn::IfThenElse(hn::Ge(x, hn::Zero(d)), hn::Div(one, den), hn::Div(e, den));
  }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return AbsInRange(d, x, T(0), -kExpLo<T>);
  }
};

PARITY_SIMD_UNARY_TARGET(ExpOp)
PARITY_SIMD_UNARY_TARGET(Expm1Op)
PARITY_SIMD_UNARY_TARGET(LogOp)
PARITY_SIMD_UNARY_TARGET(Log2Op)
PARITY_SIMD_UNARY_TARGET(Log10Op)
PARITY_SIMD_UNARY_TARGET(Log1pOp)
PARITY_SIMD_UNARY_TARGET(ExpitOp)

}  // namespace HWY_NAMESPACE
}  // namespace parity::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace parity::simd {
PARITY_SIMD_UNARY_EXPORT(exp, ExpOp)
PARITY_SIMD_UNARY_EXPORT(expm1, Expm1Op)
PARITY_SIMD_UNARY_EXPORT(log, LogOp)
PARITY_SIMD_UNARY_EXPORT(log2, Log2Op)
PARITY_SIMD_UNARY_EXPORT(log10, Log10Op)
PARITY_SIMD_UNARY_EXPORT(log1p, Log1pOp)
PARITY_SIMD_UNARY_EXPORT(expit, ExpitOp)
}  // namespace parity::simd
#endif

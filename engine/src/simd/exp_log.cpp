// exp, expm1, log, log2, log10, log1p, expit with vector math: exp (also inside expit) is this file's
// own FastExp; the others use Highway's (hwy/contrib/math). Each op's Ok() keeps the vector path
// inside the approximation's valid range, further narrowed to finite, normal results; every other
// lane (nan, inf, overflow, subnormal, exact zeros) is left to the scalar kernel so that special
// values are those of the scalar path.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/exp_log.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include "simd/loops-inl.h"
#include "simd/sleef-inl.h"  // float64 expm1, log10: SLEEF u10 (1 ULP)

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {

// exp(x) is finite and normal for x in [ln(min normal), ln(max)] = [-87.3, 88.7] (float32),
// [-708.4, 709.8] (float64); Highway's documented range (expm1) ends at +104 / +706; the bounds used
// here are inside both, and keep FastExp's 2^n normal (n in [-126, 127] / [-1021, 1019]).
template <class T> inline constexpr T kExpLo = sizeof(T) == 4 ? T(-87) : T(-708);
template <class T> inline constexpr T kExpHi = sizeof(T) == 4 ? T(88) : T(706);

// exp(x) for x in [kExpLo, kExpHi] (finite, normal result), cheaper than hn::Exp (one range, no
// two-step ldexp). x = n*ln2 + r with n = round(x*log2(e)), |r| <= ln2/2; exp(r) - 1 by a minimax
// polynomial of degree 6 (float32) / 11 (float64), fitted for this kernel (relative error 2^-28.2 /
// 2^-58 with the coefficients rounded); the result is scale * exp(r) with scale = 2^n built from
// its exponent bits. Max error vs long double exp over 2^24 random inputs and the range edges:
// 1.01 ulp float32, 1.10 ulp float64 on every compiled target (Simd.ExpIsWithinTwoUlp checks it).
template <class D, class V> HWY_INLINE V FastExp(D d, V x) {
  using T = hn::TFromD<D>;
  const hn::RebindToSigned<D> di;
  constexpr bool f32 = sizeof(T) == 4;
  // z = x*log2(e) + 1.5*2^mant + bias: the addition rounds x*log2(e) to the nearest integer n,
  // which (plus the exponent bias) sits in z's low mantissa bits, ready to shift into 2^n.
  const V shift = hn::Set(d, f32 ? T(0x1.8p23 + 127) : T(0x1.8p52 + 1023));
  const V z = hn::MulAdd(x, hn::Set(d, T(1.4426950408889634)), shift);
  const V n = hn::Sub(z, shift);
  const V scale = hn::BitCast(d, hn::ShiftLeft<f32 ? 23 : 52>(hn::BitCast(di, z)));
  // r = x - n*ln2 in two steps; ln2_hi has few bits so n*ln2_hi is exact even without FMA.
  V r = hn::NegMulAdd(n, hn::Set(d, f32 ? T(0x1.63p-1) : T(0x1.62e42feep-1)), x);
  r = hn::NegMulAdd(n, hn::Set(d, f32 ? T(-0x1.bd0106p-13) : T(0x1.a39ef35793c76p-33)), r);
  // exp(r) - 1 = r + r^2 * q(r): r enters exactly, only the small r^2 term carries rounding.
  V q;
  if constexpr (f32) {
    q = hn::Set(d, T(0x1.6a4f86p-10));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.123988p-7)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.5558aep-5)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.555492p-3)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.fffffcp-2)));
  } else {
    q = hn::Set(d, T(0x1.ad65ee2604f6dp-26));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.28b33821b4ecap-22)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.71df45839b7cbp-19)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.a01992a7c7368p-16)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.a01a011006f5bp-13)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.6c16c187905b6p-10)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.1111111130f51p-7)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.555555554f327p-5)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.55555555554a1p-3)));
    q = hn::MulAdd(q, r, hn::Set(d, T(0x1.0000000000010p-1)));
  }
  const V em1 = hn::MulAdd(q, hn::Mul(r, r), r);
  return hn::MulAdd(em1, scale, scale);
}

struct ExpOp {
  template <class D, class V> V operator()(D d, V x) const { return FastExp(d, x); }
  template <class D, class V, class T = hn::TFromD<D>> auto Ok(D d, V x) const {
    return InRange(d, x, kExpLo<T>, kExpHi<T>);
  }
};
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

#pragma once
// The complex functions of the GPU's kernels (csqrt, cexp, clog, the trigonometric and hyperbolic
// functions and their inverses, cpow), written over the real type R with the km:: math shim. The
// CPU keeps std::complex (glibc): km::sqrt(dcomplex) & co below pick these only for dcomplex, the
// GPU's complex type. They give glibc's special values (C99 Annex G: branch cuts with signed zeros,
// infinities, NaNs, glibc's choices where C99 leaves a sign open) and, for ordinary values, results
// within a few ULPs of glibc's (engine/tests/complex_math_test.cpp compares them on the host).
#include "common.h"

namespace parity::cplx {

template <class R> using Cx = dcomplex<R>;
template <class R> PARITY_HD constexpr R inf() { return std::numeric_limits<R>::infinity(); }
template <class R> PARITY_HD constexpr R nan() { return std::numeric_limits<R>::quiet_NaN(); }
template <class R> PARITY_HD constexpr R rmax() { return std::numeric_limits<R>::max(); }
template <class R> PARITY_HD constexpr R rmin() { return std::numeric_limits<R>::min(); }  // smallest normal
template <class R> PARITY_HD constexpr R eps() { return std::numeric_limits<R>::epsilon(); }
inline constexpr double kPi = 3.14159265358979323846264338327950288;
inline constexpr double kPi2 = 1.57079632679489661923132169163975144;
inline constexpr double kPi4 = 0.785398163397448309615660845819875721;
inline constexpr double kLn2 = 0.693147180559945309417232121458176568;
// exp(u) overflows past t = trunc((max_exponent - 1) * ln 2): 709 for double, 88 for float.
template <class R> PARITY_HD constexpr R exp_limit() { return std::is_same_v<R, float> ? R(88) : R(709); }
// 2^(2k) and 2^-k with 2k >= the significand's digits: exact rescaling of subnormal arguments.
template <class R> PARITY_HD constexpr R tiny_up() { return std::is_same_v<R, float> ? R(16777216.0) : R(18014398509481984.0); }
template <class R> PARITY_HD constexpr R tiny_down() { return std::is_same_v<R, float> ? R(2.44140625e-4) : R(7.450580596923828125e-9); }

template <class R> PARITY_HD bool neg(R x) { return km::copysign(R(1), x) < 0; }  // the sign bit

// |x + iy|: km::hypot, except near the largest finite value, where a * sqrt(1 + (b/a)^2) cannot
// round past it (CUDA's hypot(1, DBL_MAX) is inf).
template <class R> PARITY_HD R abs2(R x, R y) {
  R a = km::fabs(x), b = km::fabs(y);
  if (b > a) {
    const R t = a;
    a = b;
    b = t;
  }
  if (a > rmax<R>() / 4 && km::isfinite(a)) {
    const R r = b / a;
    return a * km::sqrt(km::fma(r, r, R(1)));
  }
  return km::hypot(a, b);
}

// s + t == a + b exactly (Knuth's TwoSum).
template <class R> PARITY_HD void two_sum(R a, R b, R& s, R& t) {
  s = a + b;
  const R bb = s - a;
  t = (a - (s - bb)) + (b - bb);
}
// x^2 + y^2 - 1 without cancellation near the unit circle: the squares' rounding errors (fma)
// and the sums' errors carried to the end.
template <class R> PARITY_HD R x2y2m1(R x, R y) {
  const R p = x * x, ep = km::fma(x, x, -p), q = y * y, eq = km::fma(y, y, -q);
  R s, t1, t2;
  two_sum(p, R(-1), s, t1);
  two_sum(s, q, s, t2);
  return s + (t1 + t2 + ep + eq);
}

// log|x + iy| for x, y not NaN: log1p near the unit circle, rescaled near overflow and for
// subnormals.
template <class R> PARITY_HD R log_abs(R x, R y) {
  R a = km::fabs(x), b = km::fabs(y);
  if (b > a) {
    const R t = a;
    a = b;
    b = t;
  }
  if (km::isinf(a)) return inf<R>();
  if (a >= R(0.5) && a < R(2)) {
    const R s2 = a * a + b * b;
    if (s2 >= R(0.5) && s2 <= R(2)) return km::log1p(x2y2m1(a, b)) / 2;
  }
  if (a > rmax<R>() / 4) return km::log(abs2(a / 4, b / 4)) + R(2 * kLn2);
  if (a < rmin<R>()) {
    constexpr double k = std::is_same_v<R, float> ? 24 : 54;  // log2(tiny_up)
    return km::log(abs2(a * tiny_up<R>(), b * tiny_up<R>())) - R(k * kLn2);
  }
  return km::log(abs2(a, b));
}

// (x1*y1 - x2*y2, x1*y2 + x2*y1) with C99 Annex G's recovery of infinities (as glibc's cpow's
// product through libgcc's __muldc3).
template <class R> PARITY_HD Cx<R> mul(Cx<R> p, Cx<R> q) {
  R a = p.real(), b = p.imag(), c = q.real(), d = q.imag();
  const R ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  const R x = ac - bd, y = ad + bc;
  if (!(km::isnan(x) && km::isnan(y))) return {x, y};
  bool again = false;
  auto unit = [](R v) { return km::copysign(km::isinf(v) ? R(1) : R(0), v); };
  auto zero_nan = [](R& v) {
    if (km::isnan(v)) v = km::copysign(R(0), v);
  };
  if (km::isinf(a) || km::isinf(b)) {
    a = unit(a);
    b = unit(b);
    zero_nan(c);
    zero_nan(d);
    again = true;
  }
  if (km::isinf(c) || km::isinf(d)) {
    c = unit(c);
    d = unit(d);
    zero_nan(a);
    zero_nan(b);
    again = true;
  }
  if (!again && (km::isinf(ac) || km::isinf(bd) || km::isinf(ad) || km::isinf(bc))) {
    zero_nan(a);
    zero_nan(b);
    zero_nan(c);
    zero_nan(d);
    again = true;
  }
  if (!again) return {x, y};
  return {inf<R>() * (a * c - b * d), inf<R>() * (a * d + b * c)};
}

// ---- sqrt ----
template <class R> PARITY_HD Cx<R> csqrt(Cx<R> z) {
  R x = z.real(), y = z.imag();
  if (!km::isfinite(x) || !km::isfinite(y)) {
    if (km::isinf(y)) return {inf<R>(), y};
    if (km::isinf(x)) {
      if (x < 0) return {km::isnan(y) ? nan<R>() : R(0), km::copysign(inf<R>(), y)};
      return {x, km::isnan(y) ? nan<R>() : km::copysign(R(0), y)};
    }
    return {nan<R>(), nan<R>()};
  }
  if (y == 0) {
    if (x < 0) return {R(0), km::copysign(km::sqrt(-x), y)};
    return {km::fabs(km::sqrt(x)), km::copysign(R(0), y)};
  }
  if (x == 0) {
    const R ay = km::fabs(y);
    const R r = ay >= 2 * rmin<R>() ? km::sqrt(ay / 2) : km::sqrt(2 * ay) / 2;
    return {r, km::copysign(r, y)};
  }
  // Rescaled by an even power of two where d + |x| could overflow or the halvings lose bits.
  R unscale = 1;
  const R m = km::fabs(x) > km::fabs(y) ? km::fabs(x) : km::fabs(y);
  if (m > rmax<R>() / 4) {
    x /= 4;
    y /= 4;
    unscale = 2;
  } else if (m < 4 * rmin<R>()) {
    x *= tiny_up<R>();
    y *= tiny_up<R>();
    unscale = tiny_down<R>();
  }
  const R d = abs2(x, y);
  R r, s;
  if (x > 0) {
    r = km::sqrt((d + x) / 2);
    s = (y / r) / 2;
  } else {
    s = km::sqrt((d - x) / 2);
    r = km::fabs((y / s) / 2);
  }
  return {r * unscale, km::copysign(s * unscale, y)};
}

// ---- exp, log, pow ----
// (e^u p, e^u q) for finite u, p, q (times 1/2 if `half`), e^u taken in factors below the overflow
// threshold so that a finite product is not lost to an intermediate inf.
template <class R> PARITY_HD Cx<R> exp_mul(R u, R p, R q, bool half) {
  const R t = exp_limit<R>();
  if (u > t) {
    const R et = km::exp(t), f = half ? et / 2 : et;
    u -= t;
    p *= f;
    q *= f;
    if (u > t) {
      u -= t;
      p *= et;
      q *= et;
    }
    if (u > t) return {rmax<R>() * p, rmax<R>() * q};  // overflows (or stays 0)
    half = false;
  }
  R e = km::exp(u);
  if (half) e /= 2;
  return {e * p, e * q};
}

template <class R> PARITY_HD Cx<R> cexp(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  if (km::isnan(x)) return {x, y == 0 ? y : nan<R>()};
  if (km::isinf(x)) {
    if (!km::isfinite(y)) return neg(x) ? Cx<R>(R(0), km::copysign(R(0), y)) : Cx<R>(x, y - y);
    const R v = neg(x) ? R(0) : inf<R>();
    if (y == 0) return {v, y};
    return {km::copysign(v, km::cos(y)), km::copysign(v, km::sin(y))};
  }
  if (!km::isfinite(y)) return {nan<R>(), nan<R>()};
  if (y == 0) return exp_mul(x, R(1), y, false);
  return exp_mul(x, km::cos(y), km::sin(y), false);
}

template <class R> PARITY_HD Cx<R> clog(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  if (km::isnan(x) || km::isnan(y)) return {km::isinf(x) || km::isinf(y) ? inf<R>() : nan<R>(), nan<R>()};
  const R arg = km::atan2(y, x);
  if (x == 0 && y == 0) return {-inf<R>(), arg};
  return {log_abs(x, y), arg};
}

// glibc's cpow: cexp(b * clog(a)), the product with Annex G's inf recovery.
template <class R> PARITY_HD Cx<R> cpow(Cx<R> a, Cx<R> b) { return cexp(mul(b, clog(a))); }

// ---- sinh, cosh, tanh and, rotated, sin, cos, tan ----
// (f(u) p, g(u) q) with (f, g) = (sinh, cosh) if `sinh_first`, else (cosh, sinh); past the
// overflow threshold both are e^|u| / 2 (sinh signed like u).
template <class R> PARITY_HD Cx<R> hyp_mul(R u, R p, R q, bool sinh_first) {
  if (km::fabs(u) > exp_limit<R>()) {
    if (neg(u)) (sinh_first ? p : q) = -(sinh_first ? p : q);
    return exp_mul(km::fabs(u), p, q, true);
  }
  const R sh = km::sinh(u), ch = km::cosh(u);
  return sinh_first ? Cx<R>(sh * p, ch * q) : Cx<R>(ch * p, sh * q);
}
// (cos v, sin v), with (1, v) below the smallest normal as glibc.
template <class R> PARITY_HD void cos_sin(R v, R& c, R& s) {
  if (km::fabs(v) > rmin<R>()) {
    c = km::cos(v);
    s = km::sin(v);
  } else {
    c = 1;
    s = v;
  }
}

template <class R> PARITY_HD Cx<R> csinh(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  R c, s;
  if (km::isfinite(x)) {
    if (km::isfinite(y)) {
      cos_sin(y, c, s);
      return hyp_mul(x, c, s, true);
    }
    return x == 0 ? Cx<R>(x, y - y) : Cx<R>(nan<R>(), nan<R>());
  }
  if (km::isinf(x)) {
    if (!km::isfinite(y)) return {inf<R>(), y - y};
    if (y == 0) return {x, y};
    cos_sin(y, c, s);
    return {km::copysign(inf<R>(), c) * km::copysign(R(1), x), km::copysign(inf<R>(), s)};
  }
  return {x, y == 0 ? y : nan<R>()};
}

template <class R> PARITY_HD Cx<R> ccosh(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  R c, s;
  if (km::isfinite(x)) {
    if (km::isfinite(y)) {
      cos_sin(y, c, s);
      return hyp_mul(x, c, s, false);
    }
    return {y - y, x == 0 ? R(0) : nan<R>()};
  }
  if (km::isinf(x)) {
    if (!km::isfinite(y)) return {inf<R>(), y - y};
    if (y == 0) return {inf<R>(), y * km::copysign(R(1), x)};
    cos_sin(y, c, s);
    return {km::copysign(inf<R>(), c), km::copysign(inf<R>(), s) * km::copysign(R(1), x)};
  }
  return {nan<R>(), y == 0 ? y : nan<R>()};
}

template <class R> PARITY_HD Cx<R> ctanh(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  R c, s;
  if (!km::isfinite(x) || !km::isfinite(y)) {
    if (km::isinf(x)) {
      R im = km::copysign(R(0), y);
      if (km::isfinite(y) && km::fabs(y) > 1) {
        cos_sin(y, c, s);
        im = km::copysign(R(0), s * c);
      }
      return {km::copysign(R(1), x), im};
    }
    if (x == 0) return {x, nan<R>()};
    if (y == 0) return z;
    return {nan<R>(), nan<R>()};
  }
  cos_sin(y, c, s);
  // tanh(x + iy) = (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y); past t = e^... the real
  // part is +-1 and the imaginary part 4 sin y cos y / e^(2|x|), taken in two factors.
  const R t = std::is_same_v<R, float> ? R(44) : R(354);
  if (km::fabs(x) > t) {
    const R e2t = km::exp(2 * t), u = km::fabs(x) - t;
    R im = 4 * s * c / e2t;
    im /= u > t ? e2t : km::exp(2 * u);
    return {km::copysign(R(1), x), im};
  }
  R sh = x, ch = 1;
  if (km::fabs(x) > rmin<R>()) {
    sh = km::sinh(x);
    ch = km::cosh(x);
  }
  const R den = sh * sh + c * c;
  return {sh * ch / den, s * c / den};
}

template <class R> PARITY_HD Cx<R> csin(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  R c, s;
  if (km::isfinite(y)) {
    if (km::isfinite(x)) {
      cos_sin(x, c, s);
      return hyp_mul(y, s, c, false);  // (sin x cosh y, cos x sinh y)
    }
    return y == 0 ? Cx<R>(x - x, y) : Cx<R>(nan<R>(), nan<R>());
  }
  if (km::isinf(y)) {
    if (x == 0) return {x, y};
    if (km::isfinite(x)) {
      cos_sin(x, c, s);
      return {km::copysign(inf<R>(), s), km::copysign(inf<R>(), c) * km::copysign(R(1), y)};
    }
    return {x - x, inf<R>()};
  }
  return {x == 0 ? x : nan<R>(), nan<R>()};
}
template <class R> PARITY_HD Cx<R> ccos(Cx<R> z) { return ccosh(Cx<R>(-z.imag(), z.real())); }
template <class R> PARITY_HD Cx<R> ctan(Cx<R> z) {  // -i tanh(iz)
  const Cx<R> w = ctanh(Cx<R>(-z.imag(), z.real()));
  return {w.imag(), -w.real()};
}

// ---- asin, acos, asinh (Hull, Fairgrieve and Tang's algorithm) ----
// For u, v >= 0 finite, not both 0: asin(u + iv) = (re, im) and acos(u + iv) = (re_acos, -im),
// from A = (|w + 1| + |w - 1|) / 2 and B = u / A: re = asin(B), im = acosh(A), each evaluated
// without cancellation; huge arguments take asin(w) ~ atan2(u, v) + i (log|w| + ln 2).
template <class R> PARITY_HD void asin_parts(R u, R v, bool acos, R& re, R& im) {
  if (u >= 1 / eps<R>() || v >= 1 / eps<R>()) {
    re = acos ? km::atan2(v, u) : km::atan2(u, v);
    im = log_abs(u, v) + R(kLn2);
    return;
  }
  const R r = abs2(u + 1, v), s = abs2(u - 1, v), a = (r + s) / 2, b = u / a;
  const R rp = r + (u + 1);  // |w + 1| + (u + 1)
  if (b <= R(0.6417)) {
    re = acos ? km::acos(b) : km::asin(b);
  } else {
    R q;  // the other leg: u / tan(re) = sqrt(A^2 - u^2)
    if (u <= 1) q = km::sqrt((a + u) / 2 * (v * v / rp + (s + (1 - u))));
    else q = v * km::sqrt(((a + u) / rp + (a + u) / (s + (u - 1))) / 2);
    re = acos ? km::atan2(q, u) : km::atan2(u, q);
  }
  if (a <= R(1.5)) {
    R am1, root;  // A - 1 and sqrt((A - 1)(A + 1)), the v^2 factored out for u < 1
    if (u < 1) {
      const R k = (1 / rp + 1 / (s + (1 - u))) / 2;
      am1 = v * (v * k);
      root = v * km::sqrt(k * (a + 1));
    } else {  // 2(A - 1) is not halved before the root: it can be a subnormal v
      const R am1x2 = v * v / rp + (s + (u - 1));
      am1 = am1x2 / 2;
      root = km::sqrt(am1x2 * ((a + 1) / 2));
    }
    im = km::log1p(am1 + root);
  } else {
    im = km::acosh(a);
  }
}

template <class R> PARITY_HD Cx<R> casinh(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  if (!km::isfinite(x) || !km::isfinite(y)) {
    if (km::isinf(y)) {
      if (km::isnan(x)) return {km::copysign(inf<R>(), x), nan<R>()};
      return {km::copysign(inf<R>(), x), km::copysign(R(km::isinf(x) ? kPi4 : kPi2), y)};
    }
    if (km::isinf(x)) return {x, km::isnan(y) ? nan<R>() : km::copysign(R(0), y)};
    if (km::isnan(x) && y == 0) return z;
    return {nan<R>(), nan<R>()};
  }
  if (x == 0 && y == 0) return z;
  R re, im;
  asin_parts(km::fabs(y), km::fabs(x), false, re, im);  // asinh(x + iy) = swap(asin(|y| + i|x|)), signed
  return {km::copysign(im, x), km::copysign(re, y)};
}

template <class R> PARITY_HD Cx<R> casin(Cx<R> z) {  // -i asinh(iz), NaNs as glibc
  const R x = z.real(), y = z.imag();
  if (km::isnan(x) || km::isnan(y)) {
    if (x == 0) return z;
    if (km::isinf(x) || km::isinf(y)) return {nan<R>(), km::copysign(inf<R>(), y)};
    return {nan<R>(), nan<R>()};
  }
  const Cx<R> w = casinh(Cx<R>(-y, x));
  return {w.imag(), -w.real()};
}

template <class R> PARITY_HD Cx<R> cacos(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  if (!km::isfinite(x) || !km::isfinite(y) || (x == 0 && y == 0)) {  // pi/2 - asin(z)
    const Cx<R> w = casin(z);
    R re = R(kPi2) - w.real();
    if (re == 0) re = 0;
    return {re, -w.imag()};
  }
  R re, im;
  asin_parts(km::fabs(x), km::fabs(y), true, re, im);
  return {neg(x) ? R(kPi) - re : re, km::copysign(im, -y)};
}

// ---- atanh, atan ----
template <class R> PARITY_HD Cx<R> catanh(Cx<R> z) {
  const R x = z.real(), y = z.imag();
  if (!km::isfinite(x) || !km::isfinite(y)) {
    if (km::isinf(y)) return {km::copysign(R(0), x), km::copysign(R(kPi2), y)};
    if (km::isinf(x) || x == 0) return {km::copysign(R(0), x), km::isnan(y) ? nan<R>() : km::copysign(R(kPi2), y)};
    return {nan<R>(), nan<R>()};
  }
  if (x == 0 && y == 0) return z;
  const R ax = km::fabs(x), ay = km::fabs(y);
  R re, im;
  if (ax >= 16 / eps<R>() || ay >= 16 / eps<R>()) {  // x / |z|^2 + i pi/2
    const R h = abs2(ax / 2, ay / 2);
    re = ax / 2 / h / h / 2;
    im = R(kPi2);
  } else {
    // re = log(|1 + z|^2 / |1 - z|^2) / 4 = log1p(4|x| / |1 - |x| + iy|^2) / 4
    R d, dl;  // 1 - |x| = d + dl exactly
    two_sum(R(1), -ax, d, dl);
    const R q = abs2(d, ay);
    if (q < eps<R>()) {
      re = (R(kLn2) - km::log(q)) / 2 + km::log(ax) / 4;
    } else {
      const R q2 = km::fma(d, d, km::fma(ay, ay, 2 * d * dl));
      re = km::log1p(4 * ax / q2) / 4;
    }
    // im = atan2(2y, 1 - |z|^2) / 2
    R den;
    const R s2 = ax * ax + ay * ay;
    if (s2 >= R(0.5) && s2 <= R(2)) den = -x2y2m1(ax, ay);
    else den = (1 - ax) * (1 + ax) - ay * ay;
    if (den == 0) den = 0;
    im = km::atan2(2 * ay, den) / 2;
  }
  return {km::copysign(re, x), km::copysign(im, y)};
}
template <class R> PARITY_HD Cx<R> catan(Cx<R> z) {  // -i atanh(iz)
  const Cx<R> w = catanh(Cx<R>(-z.imag(), z.real()));
  return {w.imag(), -w.real()};
}

}  // namespace parity::cplx

namespace parity::km {
// The GPU's complex functions (the CPU's std::complex arguments take the generic km:: overloads,
// i.e. std::sqrt & co, as before).
#define PARITY_KM_CPLX(fn, impl) \
  template <class R> PARITY_HD inline dcomplex<R> fn(dcomplex<R> z) { return cplx::impl(z); }
PARITY_KM_CPLX(sqrt, csqrt) PARITY_KM_CPLX(exp, cexp) PARITY_KM_CPLX(log, clog)
PARITY_KM_CPLX(sin, csin) PARITY_KM_CPLX(cos, ccos) PARITY_KM_CPLX(tan, ctan)
PARITY_KM_CPLX(asin, casin) PARITY_KM_CPLX(acos, cacos) PARITY_KM_CPLX(atan, catan)
PARITY_KM_CPLX(sinh, csinh) PARITY_KM_CPLX(cosh, ccosh) PARITY_KM_CPLX(tanh, ctanh)
PARITY_KM_CPLX(asinh, casinh) PARITY_KM_CPLX(atanh, catanh)
#undef PARITY_KM_CPLX
template <class R> PARITY_HD inline dcomplex<R> pow(dcomplex<R> a, dcomplex<R> b) { return cplx::cpow(a, b); }
}  // namespace parity::km

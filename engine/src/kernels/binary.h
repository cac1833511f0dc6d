#pragma once
// The binary (and clip's ternary) ufuncs' scalar kernels, compiled by g++ for the CPU loops
// (engine/src/ops/binary_*.cpp, arithmetic.cpp, where_clip.cpp) and by nvcc for the CUDA kernels
// (engine/src/cuda/ew_binary*.cu). Complex pow is std::pow (glibc's cpow) on the CPU and
// complex_math.h's cpow on the GPU.
#include "common.h"
#include "complex_math.h"
#include "derivative.h"

namespace parity {
// power of signed integers to a negative exponent: ValueError (defined in ops/binary_power.cpp).
[[noreturn]] void throw_negative_integer_power();
}

namespace parity::kern {

// ---- add, subtract, multiply: NumPy's integer wrap-around, bool add is logical or ----
struct Add {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) return a || b;
    else if constexpr (std::is_integral_v<T>) return wrap_add(a, b);
    else return a + b;
  }
};
struct Subtract {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) return wrap_sub(a, b);
    else return a - b;
  }
};
struct Multiply {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) return a && b;
    else if constexpr (std::is_integral_v<T>) return wrap_mul(a, b);
    else if constexpr (is_complex_v<T>) {
      // NumPy's SIMD loop (simd_cmul, AVX2 fmaddsub): the a.real products are fused, the a.imag ones
      // rounded first; no C99 Annex G inf recovery. (1e38-6j)*(-inf-7j) is -inf+infj in complex64.
      const auto ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
      return T(km::fma(ar, br, -(ai * bi)), km::fma(ar, bi, ai * br));
    }
    else return a * b;
  }
};

// ---- divide, floor_divide, remainder, fmod ----
// Smith's algorithm for complex division (as NumPy): scale by the larger part of the divisor;
// a zero divisor divides each part by +0, so 1/(-0+0j) is inf, not -inf.
template <class C> PARITY_HD inline C complex_divide(C a, C b) {
  using R = typename C::value_type;
  const R ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  const R abr = km::fabs(br), abi = km::fabs(bi);
  if (abr >= abi) {
    if (abr == R(0) && abi == R(0)) return {ar / abr, ai / abi};
    const R rat = bi / br, scl = R(1) / (br + bi * rat);
    return {(ar + ai * rat) * scl, (ai - ar * rat) * scl};
  }
  const R rat = br / bi, scl = R(1) / (bi + br * rat);
  return {(ar * rat + ai) * scl, (ai * rat - ar) * scl};
}

// Python's float divmod: floor quotient and a remainder with the divisor's sign.
template <class T> PARITY_HD T float_floordiv(T a, T b) {
  if (b == T(0)) return a / b;  // ±inf, or nan for 0/0 and nan/0
  T mod = km::fmod(a, b);
  T div = (a - mod) / b;
  if (mod != T(0) && ((b < T(0)) != (mod < T(0)))) div -= T(1);
  if (div == T(0)) return km::copysign(T(0), a / b);
  T fl = km::floor(div);
  if (div - fl > T(0.5)) fl += T(1);  // (a - mod) / b may land just below an integer
  return fl;
}
template <class T> PARITY_HD T float_remainder(T a, T b) {
  T mod = km::fmod(a, b);
  if (b == T(0)) return mod;  // nan
  if (mod != T(0)) {
    if ((b < T(0)) != (mod < T(0))) mod += b;
  } else {
    mod = km::copysign(T(0), b);
  }
  return mod;
}

struct Divide {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (is_complex_v<T>) return complex_divide(a, b);
    else return a / b;
  }
};
// Integer division never traps: x // 0 and x % 0 are 0, and INT_MIN // -1 wraps to INT_MIN.
struct FloorDivide {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return static_cast<T>(static_cast<std::make_unsigned_t<T>>(0) - static_cast<std::make_unsigned_t<T>>(a));
        T q = static_cast<T>(a / b);
        if (static_cast<T>(a % b) != 0 && ((a < 0) != (b < 0))) --q;
        return q;
      } else {
        return static_cast<T>(a / b);
      }
    } else {
      return float_floordiv(a, b);
    }
  }
};
struct Remainder {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return 0;
        T r = static_cast<T>(a % b);
        if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
        return r;
      } else {
        return static_cast<T>(a % b);
      }
    } else {
      return float_remainder(a, b);
    }
  }
};
struct FMod {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return 0;
      }
      return static_cast<T>(a % b);  // C's truncated remainder: the dividend's sign
    } else {
      return km::fmod(a, b);
    }
  }
};

// ---- power: integers by repeated squaring with wrap-around, floats by pow(), complex with
// exact small integer powers as NumPy ----
// A negative exponent of a signed integer raises ValueError on the CPU; the CUDA launcher checks
// the exponents before it runs the kernel, which then never sees one (it would give 0).
template <class T> PARITY_HD T int_power(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
#ifdef __CUDA_ARCH__
      return T(0);
#else
      throw_negative_integer_power();
#endif
    }
  }
  // Unsigned arithmetic wraps without UB; int8/int16 are widened to unsigned int first.
  using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
  U r = 1, b = static_cast<U>(base);
  auto e = static_cast<std::make_unsigned_t<T>>(exp);
  while (e) {
    if (e & 1) r = static_cast<U>(r * b);
    b = static_cast<U>(b * b);
    e >>= 1;
  }
  return static_cast<T>(r);
}

template <class C> PARITY_HD C complex_power(C a, C b) {
  using R = typename C::value_type;
  if (b.real() == R(0) && b.imag() == R(0)) return C(1, 0);
  if (a.real() == R(0) && a.imag() == R(0)) {
    if (b.real() > R(0)) return C(0, 0);
    const R nan = std::numeric_limits<R>::quiet_NaN();
    return C(nan, nan);
  }
  // Small integer exponents multiply exactly (x**2 of a real stays real), as NumPy does.
  if (b.imag() == R(0) && b.real() == km::floor(b.real()) && km::fabs(b.real()) < R(100)) {
    long n = static_cast<long>(b.real());
    long m = n < 0 ? -n : n;
    // Plain products (no C99 Annex G recovery), so overflow gives NumPy's nan/inf mix.
    auto mul = [](C p, C q) { return C(p.real() * q.real() - p.imag() * q.imag(),
                                       p.real() * q.imag() + p.imag() * q.real()); };
    // Like NumPy: n = 1, 2, 3 multiply a directly; other n start from 1 (1 * (0+nanj) is nan+nanj).
    if (n == 1) return a;
    if (n == 2) return mul(a, a);
    if (n == 3) return mul(mul(a, a), a);
    C r(1, 0), x = a;
    while (m) {
      if (m & 1) r = mul(r, x);
      m >>= 1;
      if (m) x = mul(x, x);
    }
    return n < 0 ? complex_divide(C(1, 0), r) : r;
  }
  return km::pow(a, b);  // std::pow (glibc's cpow) on the CPU, cplx::cpow on the GPU
}

struct Power {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) return int_power(a, b);
    else if constexpr (is_complex_v<T>) return complex_power(a, b);
    else return km::pow(a, b);
  }
};

// ---- nextafter: a step in the storage type's own bits (a 16-bit float is not widened to float32
// as the other loops do, so the kernel takes the storage type) ----
struct NextAfter {
  template <class T> PARITY_HD T operator()(T x, T y) const {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
#ifdef __CUDA_ARCH__
      if constexpr (std::is_same_v<T, float>) return ::nextafterf(x, y);
      else return ::nextafter(x, y);
#else
      return std::nextafter(x, y);
#endif
    } else {  // float16_t, bfloat16_t: IEEE-style binary formats, sign in bit 15
      const float fx = static_cast<float>(x), fy = static_cast<float>(y);
      if (km::isnan(fx) || km::isnan(fy)) return T(std::numeric_limits<float>::quiet_NaN());
      // x == y: NumPy's half loop returns x (nextafter(0, -0) is 0), ml_dtypes' bfloat16 loop y.
      if (fx == fy) return std::is_same_v<T, float16_t> ? x : y;
      if (fx == 0) return T::from_bits(static_cast<uint16_t>((y.bits & 0x8000u) | 1u));  // smallest subnormal
      const bool away = (fx > 0) == (fy > fx);  // moving away from zero: the magnitude grows
      return T::from_bits(static_cast<uint16_t>(away ? x.bits + 1u : x.bits - 1u));
    }
  }
};

// ---- maximum, minimum (NaN propagates), fmax, fmin (NaN ignored) ----
// Complex values order lexicographically, as NumPy's; bool is logical or/and.
template <class T> PARITY_HD bool isnan_any(const T& v) {
  if constexpr (is_complex_v<T>) return km::isnan(v.real()) || km::isnan(v.imag());
  else if constexpr (std::is_floating_point_v<T>) return km::isnan(v);
  else return false;
}
// a >= b for non-NaN values; complex: real part first, then imaginary.
template <class T> PARITY_HD bool minmax_ge(const T& a, const T& b) {
  if constexpr (is_complex_v<T>) return a.real() > b.real() || (a.real() == b.real() && a.imag() >= b.imag());
  else return a >= b;
}
template <class T> PARITY_HD bool minmax_le(const T& a, const T& b) { return minmax_ge(b, a); }

// On ties NumPy's float32/float64 loops return the second operand (maximum(0., -0.) is -0.).
struct Maximum {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if (isnan_any(a)) return a;
    if (isnan_any(b)) return b;
    if constexpr (std::is_floating_point_v<T>) return a > b ? a : b;
    else return minmax_ge(a, b) ? a : b;
  }
};
struct Minimum {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if (isnan_any(a)) return a;
    if (isnan_any(b)) return b;
    if constexpr (std::is_floating_point_v<T>) return a < b ? a : b;
    else return minmax_le(a, b) ? a : b;
  }
};
struct FMax {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if (isnan_any(b)) return a;
    if (isnan_any(a)) return b;
    if constexpr (std::is_floating_point_v<T>) return a > b ? a : b;
    else return minmax_ge(a, b) ? a : b;
  }
};
struct FMin {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if (isnan_any(b)) return a;
    if (isnan_any(a)) return b;
    if constexpr (std::is_floating_point_v<T>) return a < b ? a : b;
    else return minmax_le(a, b) ? a : b;
  }
};

// ---- arctan2, hypot, copysign, logaddexp: real floating loops only ----
struct Arctan2 {
  template <class T> PARITY_HD T operator()(T a, T b) const { return km::atan2(a, b); }
};
struct Hypot {
  template <class T> PARITY_HD T operator()(T a, T b) const { return km::hypot(a, b); }
};
struct CopySign {
  template <class T> PARITY_HD T operator()(T a, T b) const { return km::copysign(a, b); }
};
// log(exp(a) + exp(b)) without overflow: the larger term factors out.
struct LogAddExp {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if (a == b) return a + static_cast<T>(0.693147180559945309417232121458176568);  // also ±inf
    T d = a - b;
    if (d > 0) return a + km::log1p(km::exp(-d));
    if (d <= 0) return b + km::log1p(km::exp(d));
    return d;  // nan
  }
};

// ---- equal, not_equal, less, less_equal, greater, greater_equal -> bool ----
// Complex orders lexicographically and any NaN compares false.
template <class T> PARITY_HD bool has_nan(const T& v) { return isnan_any(v); }
template <class T> PARITY_HD bool cmp_lt(const T& a, const T& b) {
  if constexpr (is_complex_v<T>) {
    if (has_nan(a) || has_nan(b)) return false;
    return a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
  } else {
    return a < b;
  }
}
template <class T> PARITY_HD bool cmp_le(const T& a, const T& b) {
  if constexpr (is_complex_v<T>) {
    if (has_nan(a) || has_nan(b)) return false;
    return a.real() < b.real() || (a.real() == b.real() && a.imag() <= b.imag());
  } else {
    return a <= b;
  }
}
struct Equal { template <class T> PARITY_HD bool operator()(T a, T b) const { return a == b; } };
struct NotEqual { template <class T> PARITY_HD bool operator()(T a, T b) const { return a != b; } };
struct Less { template <class T> PARITY_HD bool operator()(T a, T b) const { return cmp_lt(a, b); } };
struct LessEqual { template <class T> PARITY_HD bool operator()(T a, T b) const { return cmp_le(a, b); } };
struct Greater { template <class T> PARITY_HD bool operator()(T a, T b) const { return cmp_lt(b, a); } };
struct GreaterEqual { template <class T> PARITY_HD bool operator()(T a, T b) const { return cmp_le(b, a); } };
// Exact int64/uint64 comparison (NumPy's 'qQ->?' and 'Qq->?' loops): a negative int64 is below
// every uint64.
template <class F> struct MixedCompare {
  template <class A, class B> PARITY_HD bool operator()(A a, B b) const {
    return F{}(static_cast<__int128>(a), static_cast<__int128>(b));
  }
};

// ---- logical_and, logical_or, logical_xor -> bool ----
template <class T> PARITY_HD bool truth(const T& v) {
  if constexpr (is_complex_v<T>) return v.real() != 0 || v.imag() != 0;
  else return v != T(0);  // NaN is true
}
struct LogicalAnd { template <class T> PARITY_HD bool operator()(T a, T b) const { return truth(a) && truth(b); } };
struct LogicalOr { template <class T> PARITY_HD bool operator()(T a, T b) const { return truth(a) || truth(b); } };
struct LogicalXor { template <class T> PARITY_HD bool operator()(T a, T b) const { return truth(a) != truth(b); } };

// ---- bitwise_and/or/xor (bool and integers), left_shift/right_shift (integers) ----
// Shift counts at or past the bit width, or negative, give 0 (right shift of a negative value:
// -1), never UB. NumPy compares the count as size_t, so a negative count is out of range too.
struct BitAnd { template <class T> PARITY_HD T operator()(T a, T b) const { return static_cast<T>(a & b); } };
struct BitOr { template <class T> PARITY_HD T operator()(T a, T b) const { return static_cast<T>(a | b); } };
struct BitXor { template <class T> PARITY_HD T operator()(T a, T b) const { return static_cast<T>(a ^ b); } };
template <class T> PARITY_HD bool shift_in_range(T b) {
  constexpr int bits = static_cast<int>(sizeof(T) * 8);
  if constexpr (std::is_signed_v<T>) return b >= 0 && b < bits;
  else return b < static_cast<T>(bits);
}
struct LeftShift {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    using U = std::make_unsigned_t<T>;
    if (!shift_in_range(b)) return 0;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) << b));
  }
};
struct RightShift {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    if (shift_in_range(b)) return static_cast<T>(a >> b);  // arithmetic shift for signed (C++20)
    if constexpr (std::is_signed_v<T>) return a < 0 ? T(-1) : T(0);
    else return 0;
  }
};

// ---- clip: NumPy's clip loop (umath/clip.cpp) ----
// min(max(x, lo), hi) where max(a, b) is `isnan(a) || a > b ? a : b` and min likewise, complex
// comparing lexicographically. So NaN in x or in a bound that is reached propagates, and lo > hi
// gives hi; for complex only a NaN that decides a comparison counts (clip(inf-0j, -inf+nanj,
// nan+nanj) is nan+nanj: inf > -inf keeps x, then x < nan fails).
template <class T> PARITY_HD bool clip_less(const T& a, const T& b) {
  if constexpr (is_complex_v<T>) return a.real() == b.real() ? a.imag() < b.imag() : a.real() < b.real();
  else return a < b;
}
struct Clip {
  template <class T> PARITY_HD T operator()(T x, T lo, T hi) const {
    T m = isnan_any(x) || clip_less(lo, x) ? x : lo;
    return isnan_any(m) || clip_less(m, hi) ? m : hi;
  }
};
// NumPy's clip loop list: no bfloat16 loop (ml_dtypes has none), so bfloat16 clips as float32.
using ClipLoops = TypeList<bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                           uint64_t, float16_t, float, double, complex64_t, complex128_t>;

// ---- the rows of PARITY_BINARY_UFUNC_ROWS (op_list.h): formula and derivative together ----
// logaddexp2: NumPy's npy_logaddexp2, log2(2**a + 2**b) without overflow.
struct LogAddExp2 {
  template <class T> PARITY_HD T operator()(T a, T b) const {
    constexpr T log2e = static_cast<T>(1.442695040888963407359924681001892137);
    if (a == b) return a + T(1);  // also +-inf
    const T d = a - b;
    if (d > 0) return a + log2e * km::log1p(km::exp2(-d));
    if (d <= 0) return b + log2e * km::log1p(km::exp2(d));
    return d;  // nan
  }
  PARITY_GRAD(return {g * ::parity::exp2(x[0] - out), g * ::parity::exp2(x[1] - out)};)
};
// heaviside(x1, x2): 0 below zero, 1 above, x2 at zero, nan for nan (npy_heaviside).
struct Heaviside {
  template <class T> PARITY_HD T operator()(T x, T h0) const {
    if (km::isnan(x)) return std::numeric_limits<T>::quiet_NaN();
    if (x == T(0)) return h0;
    return x < T(0) ? T(0) : T(1);
  }
  PARITY_NO_GRAD("a step: zero where the derivative exists, none at x1 == 0 (torch.heaviside has no derivative "
                 "either)")
};
// gcd, lcm of the magnitudes in the unsigned type, cast back (NumPy: gcd(int8(-128), 0) is -128,
// lcm wraps: lcm(int8(100), 3) is 44).
template <class T> PARITY_HD std::make_unsigned_t<T> magnitude(T x) {
  using U = std::make_unsigned_t<T>;
  return x < T(0) ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x);
}
template <class U> PARITY_HD U gcd_unsigned(U a, U b) {
  while (b != U(0)) {
    const U t = static_cast<U>(a % b);
    a = b;
    b = t;
  }
  return a;
}
struct Gcd {
  static constexpr bool no_bool_loop = true;
  template <class T> PARITY_HD T operator()(T a, T b) const {
    return static_cast<T>(gcd_unsigned(magnitude(a), magnitude(b)));
  }
  PARITY_INTEGRAL("an integer result")
};
struct Lcm {
  static constexpr bool no_bool_loop = true;
  template <class T> PARITY_HD T operator()(T a, T b) const {
    using U = std::make_unsigned_t<T>;
    const U ua = magnitude(a), ub = magnitude(b), g = gcd_unsigned(ua, ub);
    return g == U(0) ? T(0) : static_cast<T>(static_cast<U>(static_cast<U>(ua / g) * ub));
  }
  PARITY_INTEGRAL("an integer result")
};
// float_power: power in float64 or complex128 only (FloatPowerLoops), for every input dtype.
struct FloatPower {
  template <class T> PARITY_HD T operator()(T a, T b) const { return Power{}(a, b); }
  // power's formulas (PyTorch's): no gradient to the base where the exponent is 0, none to the
  // exponent where the base is 0 and the exponent's real part >= 0.
  PARITY_GRAD({
    const Tensor &a = x[0], &b = x[1];
    Tensor ga = g * where(equal(b, 0.0), 0.0, conj(b * float_power(a, b - 1.0)));
    Tensor b_re = is_complex(b.dtype()) ? b.real() : b;
    Tensor gb = g * where(logical_and(equal(a, 0.0), greater_equal(b_re, 0.0)), 0.0, conj(out * log(a)));
    return {ga, gb};
  })
  PARITY_GRAD_ONCE("the where() masks at b == 0 and a == 0 make the second derivative differ from finite "
                   "differences there (gradgradcheck fails)")
};

}  // namespace parity::kern

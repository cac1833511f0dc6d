#pragma once
// The unary ufuncs' scalar kernels, compiled by g++ for the CPU loops (engine/src/ops/unary_*.cpp,
// which add their Highway `simd_fn` in derived structs) and by nvcc for the CUDA kernels
// (engine/src/cuda/ew_unary*.cu). A kernel takes the compute type (float for float16/bfloat16)
// and returns the result. Complex functions (km::sqrt, km::exp...) are std::complex's (glibc) on the
// CPU and complex_math.h's on the GPU.
#include "binary.h"  // NextAfter (spacing)
#include "common.h"
#include "complex_math.h"
#include "derivative.h"

namespace parity::kern {

// ---- abs, negative, positive, sign, reciprocal, square, conj, invert, logical_not ----
struct Abs {
  template <class T> PARITY_HD auto operator()(T x) const {
    if constexpr (is_complex_v<T>) return km::hypot(x.real(), x.imag());
    else if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) return x;
    else if constexpr (is_int_v<T>) return x < 0 ? wrap_neg(x) : x;  // abs(INT_MIN) wraps
    else return km::fabs(x);
  }
};
struct Negative {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_int_v<T>) return wrap_neg(x);
    else return -x;
  }
};
struct Positive {
  template <class T> PARITY_HD T operator()(T x) const { return x; }
};
struct Sign {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (std::is_unsigned_v<T>) return static_cast<T>(x > 0);
    else if constexpr (is_int_v<T>) return static_cast<T>((x > 0) - (x < 0));
    else if constexpr (is_complex_v<T>) {  // NumPy 2: z / |z|, with infinities mapped to units
      using R = typename T::value_type;
      const R re = x.real(), im = x.imag(), a = km::hypot(re, im);
      const R nan = std::numeric_limits<R>::quiet_NaN();
      if (km::isnan(a)) return T(nan, nan);
      if (km::isinf(a)) {
        if (km::isinf(re)) return km::isinf(im) ? T(nan, nan) : T(re > 0 ? 1 : -1, 0);
        return T(0, im > 0 ? 1 : -1);
      }
      if (a == 0) return T(0, 0);
      return T(re / a, im / a);
    } else {
      return x > 0 ? T(1) : x < 0 ? T(-1) : x == 0 ? T(0) : x;  // nan stays nan
    }
  }
};
struct SignKeepZero {  // ml_dtypes' bfloat16 sign returns zeros as they are: sign(-0.0) is -0.0
  PARITY_HD float operator()(float x) const { return x > 0 ? 1.0f : x < 0 ? -1.0f : x; }
};
struct Reciprocal {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_int_v<T>) {
      // NumPy computes 1.0/x and converts: 1/0 is inf, which x86 turns into the 32/64-bit
      // "integer indefinite" (INT_MIN) and truncates: INT32/INT64 min for int32/int64, 0 otherwise.
      if (x == 0) {
        if constexpr (std::is_signed_v<T> && sizeof(T) >= 4) return std::numeric_limits<T>::min();
        else return T(0);
      }
      if (x == 1) return T(1);
      if constexpr (std::is_signed_v<T>) if (x == -1) return T(-1);
      return T(0);
    } else if constexpr (is_complex_v<T>) {  // Smith's algorithm, as NumPy
      using R = typename T::value_type;
      const R re = x.real(), im = x.imag();
      if (km::fabs(im) <= km::fabs(re)) {
        const R r = im / re, d = re + im * r;
        return T(1 / d, -r / d);
      }
      const R r = re / im, d = re * r + im;
      return T(r / d, -1 / d);
    } else {
      return T(1) / x;
    }
  }
};
struct Square {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_int_v<T>) return wrap_mul(x, x);
    else if constexpr (is_complex_v<T>) {
      // NumPy's SIMD square is its complex product x*x (simd_cmul, AVX2 fmaddsub): re fused with
      // -(im*im), im fused with im*re; no C99 Annex G inf recovery. (3e38+infj)**2 is -inf+infj.
      const auto re = x.real(), im = x.imag();
      return T(km::fma(re, re, -(im * im)), km::fma(re, im, im * re));
    }
    else return x * x;
  }
};
struct Conj {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) return T(x.real(), -x.imag());
    else return x;
  }
};
struct Invert {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (std::is_same_v<T, bool>) return !x;  // bool invert is logical not
    else return static_cast<T>(~x);
  }
};
struct LogicalNot {
  template <class T> PARITY_HD bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return x.real() == 0 && x.imag() == 0;
    else return !(x != T(0));  // nan is truthy
  }
};

// ---- sqrt, cbrt, exp, exp2, expm1, log, log2, log10, log1p ----
// Complex forms follow C99 (csqrt, cexp, clog) as NumPy's do; exp2/expm1/log2/log10/log1p of
// complex use NumPy's formulas.
inline constexpr double kLn2 = 0.693147180559945309417232121458176568;
inline constexpr double kLog2E = 1.44269504088896340735992468100189214;
inline constexpr double kLog10E = 0.434294481903251827651128918916605082;

struct Sqrt {
  template <class T> PARITY_HD T operator()(T x) const { return km::sqrt(x); }
};
struct Cbrt {
  template <class T> PARITY_HD T operator()(T x) const { return km::cbrt(x); }
};
struct Exp {
  template <class T> PARITY_HD T operator()(T x) const { return km::exp(x); }
};
struct Exp2 {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      using R = typename T::value_type;
      return km::exp(T(x.real() * R(kLn2), x.imag() * R(kLn2)));
    } else {
      return km::exp2(x);
    }
  }
};
struct Expm1 {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) {  // exp(z) - 1 without cancellation in the real part
      using R = typename T::value_type;
      const R s = km::sin(x.imag() / 2);
      return T(km::expm1(x.real()) * km::cos(x.imag()) - 2 * s * s, km::exp(x.real()) * km::sin(x.imag()));
    } else {
      return km::expm1(x);
    }
  }
};
struct Log {
  template <class T> PARITY_HD T operator()(T x) const { return km::log(x); }
};
template <class T> PARITY_HD T scaled_log(T x, double k) {
  const T l = km::log(x);
  using R = typename T::value_type;
  return T(l.real() * R(k), l.imag() * R(k));
}
struct Log2 {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) return scaled_log(x, kLog2E);
    else return km::log2(x);
  }
};
struct Log10 {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) return scaled_log(x, kLog10E);
    else return km::log10(x);
  }
};
struct Log1p {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      const auto re1 = x.real() + 1;
      return T(km::log(km::hypot(re1, x.imag())), km::atan2(x.imag(), re1));
    } else {
      return km::log1p(x);
    }
  }
};

// ---- sin, cos, tan, arcsin, arccos, arctan (complex: C99's csin, casin..., as NumPy's) ----
struct Sin {
  template <class T> PARITY_HD T operator()(T x) const { return km::sin(x); }
};
struct Cos {
  template <class T> PARITY_HD T operator()(T x) const { return km::cos(x); }
};
struct Tan {
  template <class T> PARITY_HD T operator()(T x) const { return km::tan(x); }
};
// asin(+-inf + i*nan) is (nan, +-inf) in NumPy (asin(z) = swap(asinh(swap(z)))); C99 leaves the
// sign open and glibc differs.
struct Arcsin {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>)
      if (km::isinf(x.real()) && km::isnan(x.imag())) return T(x.imag(), x.real());
    return km::asin(x);
  }
};
struct Arccos {
  template <class T> PARITY_HD T operator()(T x) const { return km::acos(x); }
};
struct Arctan {
  template <class T> PARITY_HD T operator()(T x) const { return km::atan(x); }
};

// ---- sinh, cosh, tanh, arcsinh, arccosh, arctanh (complex: C99's csinh, casinh...) ----
struct Sinh {
  template <class T> PARITY_HD T operator()(T x) const { return km::sinh(x); }
};
struct Cosh {
  template <class T> PARITY_HD T operator()(T x) const { return km::cosh(x); }
};
struct Tanh {
  template <class T> PARITY_HD T operator()(T x) const { return km::tanh(x); }
};
// NumPy's complex arcsinh/arccosh differ from glibc's where C99 leaves signs open or a part nan:
// asinh(nan + i*inf) is (+-inf, nan) with the sign of the imaginary part, and acosh is built
// from acos (w = acos(z): (|Im w|, Re w signed like Im z), a nan part making both nan).
struct Arcsinh {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>)
      if (km::isnan(x.real()) && km::isinf(x.imag())) return T(x.imag(), x.real());
    return km::asinh(x);
  }
};
struct Arccosh {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) {
      const T w = km::acos(x);
      const auto rx = w.real(), ry = w.imag();
      if (km::isnan(rx) && km::isnan(ry)) return T(ry, rx);
      if (km::isnan(rx)) return T(km::fabs(ry), rx);
      if (km::isnan(ry)) return T(ry, ry);
      return T(km::fabs(ry), km::copysign(rx, x.imag()));
    } else {
      return km::acosh(x);
    }
  }
};
struct Arctanh {
  template <class T> PARITY_HD T operator()(T x) const { return km::atanh(x); }
};

// ---- floor, ceil, trunc, rint ----
struct Floor {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (std::is_floating_point_v<T>) return km::floor(x);
    else return x;  // integers and bool are already integral
  }
};
struct Ceil {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (std::is_floating_point_v<T>) return km::ceil(x);
    else return x;
  }
};
struct Trunc {
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (std::is_floating_point_v<T>) return km::trunc(x);
    else return x;
  }
};
struct Rint {  // nearbyint: rint's value (current mode: nearest-even) without raising inexact
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (is_complex_v<T>) return T(km::nearbyint(x.real()), km::nearbyint(x.imag()));
    else return km::nearbyint(x);
  }
};

// ---- isnan, isinf, isfinite, signbit: bool results; integers and bool are always finite ----
struct IsNan {
  template <class T> PARITY_HD bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return km::isnan(x.real()) || km::isnan(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return km::isnan(x);
    else return false;
  }
};
struct IsInf {
  template <class T> PARITY_HD bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return km::isinf(x.real()) || km::isinf(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return km::isinf(x);
    else return false;
  }
};
struct IsFinite {
  template <class T> PARITY_HD bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return km::isfinite(x.real()) && km::isfinite(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return km::isfinite(x);
    else return true;
  }
};
struct SignBit {  // reads the bit: GCC 12 crashes vectorizing std::signbit over bfloat16 input
  PARITY_HD bool operator()(float x) const { return (detail::f32_bits(x) >> 31) != 0; }
  PARITY_HD bool operator()(double x) const { return (detail::f64_bits(x) >> 63) != 0; }
};

// ---- sigmoid (scipy.special.expit): 1 / (1 + exp(-x)), evaluated so that no exp overflows ----
struct Sigmoid {
  template <class T> PARITY_HD T operator()(T x) const {
    if (x >= 0) return T(1) / (T(1) + km::exp(-x));
    const T e = km::exp(x);  // x < 0 or nan: exp(x) <= 1
    return e / (T(1) + e);
  }
};

// ---- angle: arctan2(imag, real); for real input NumPy calls arctan2(0, x) ----
struct Angle {
  template <class T> PARITY_HD auto operator()(T x) const {
    if constexpr (is_complex_v<T>) return km::atan2(x.imag(), x.real());
    else return km::atan2(T(0), x);
  }
};

// ---- the rows of PARITY_UNARY_UFUNC_ROWS (op_list.h): formula and derivative together ----
// deg2rad and radians, rad2deg and degrees: NumPy's constants in the compute type (pi/180 as
// float(pi) / 180.0f in float32, as npy_deg2radf), so each dtype's results are NumPy's bits.
struct Deg2rad {
  template <class T> PARITY_HD T operator()(T x) const { return x * (T(cplx::kPi) / T(180)); }
  PARITY_GRAD(return {g * (cplx::kPi / 180)};)
};
struct Rad2deg {
  template <class T> PARITY_HD T operator()(T x) const { return x * (T(180) / T(cplx::kPi)); }
  PARITY_GRAD(return {g * (180 / cplx::kPi)};)
};
struct Fabs {  // real floating loops only: complex input is a TypeError, as NumPy's fabs
  template <class T> PARITY_HD T operator()(T x) const { return km::fabs(x); }
  PARITY_GRAD(return {g * ::parity::sign(x[0])};)
  PARITY_GRAD_ONCE("its derivative uses sign, whose own derivative is not defined at 0")
};
// spacing: the gap from x to the next representable value away from zero, in the storage type's
// own grid (so the kernel takes the storage type). NumPy's three loops differ: float32/float64
// keep x's sign (but +0 and -0 both give the smallest subnormal), float16 steps towards +inf
// (spacing(float16(-1)) is +2**-11), ml_dtypes' bfloat16 keeps the sign of zeros too.
struct Spacing {
  static constexpr bool storage_type = true;
  template <class T> PARITY_HD T operator()(T x) const {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      if (km::isinf(x) || km::isnan(x)) return std::numeric_limits<T>::quiet_NaN();
      if (x == T(0)) return std::numeric_limits<T>::denorm_min();
      const T inf = std::numeric_limits<T>::infinity();
      return NextAfter{}(x, x > T(0) ? inf : -inf) - x;
    } else {
      const float f = static_cast<float>(x);
      if (km::isinf(f) || km::isnan(f)) return T(std::numeric_limits<float>::quiet_NaN());
      const float inf = std::numeric_limits<float>::infinity();
      const float to = std::is_same_v<T, float16_t> ? inf : (x.bits & 0x8000u) ? -inf : inf;
      return T(static_cast<float>(NextAfter{}(x, T(to))) - f);  // a power of two: exact
    }
  }
  PARITY_NO_GRAD("piecewise constant: the gap to the next representable value")
};
// bitwise_count: the set bits of |x| (NumPy counts the magnitude: bitwise_count(int8(-1)) is 1),
// as uint8 for every integer type.
struct BitwiseCount {
  template <class T> PARITY_HD uint8_t operator()(T x) const {
    using U = std::make_unsigned_t<T>;
    U u = x < T(0) ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x);
    uint8_t n = 0;
    for (; u != U(0); u = static_cast<U>(u & (u - U(1)))) ++n;
    return n;
  }
  PARITY_INTEGRAL("an integer count")
};

}  // namespace parity::kern

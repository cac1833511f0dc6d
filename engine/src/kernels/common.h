#pragma once
// What the scalar kernels (engine/src/kernels/*.h) share with both compilers: PARITY_HD (host and
// device under nvcc, nothing under g++), a math shim `km::` (std:: on the host, CUDA's device
// math on the GPU), the GPU's stand-in for std::complex, integer wrap-around helpers, the loop
// lists (NumPy's `ufunc.types` order) and the output storage rule for 16-bit floats.
//
// The CPU op files (engine/src/ops/) and the CUDA units (engine/src/cuda/ew_*.cu) instantiate the
// same functors, so each formula is written once. On the host every km:: call is the std:: call
// the CPU always made, so CPU results are unchanged bit for bit.
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "parity/dtype.h"
#include "parity/half.h"  // PARITY_HD

namespace parity {

// ---- the GPU's complex storage and compute type ----
// Layout-compatible with std::complex<R> (two R, real first). It has only what the kernels use:
// parts, construction, + - (binary and unary), == and !=. Functions of complex values (exp, log,
// sin, pow...) are std::complex's on the CPU and complex_math.h's (km:: overloads) on the GPU.
template <class R> struct dcomplex {
  using value_type = R;
  R re_ = R(0), im_ = R(0);
  dcomplex() = default;
  PARITY_HD constexpr dcomplex(R r, R i = R(0)) : re_(r), im_(i) {}
  PARITY_HD constexpr R real() const { return re_; }
  PARITY_HD constexpr R imag() const { return im_; }
  PARITY_HD friend constexpr dcomplex operator+(dcomplex a, dcomplex b) { return {a.re_ + b.re_, a.im_ + b.im_}; }
  PARITY_HD friend constexpr dcomplex operator-(dcomplex a, dcomplex b) { return {a.re_ - b.re_, a.im_ - b.im_}; }
  PARITY_HD friend constexpr dcomplex operator-(dcomplex a) { return {-a.re_, -a.im_}; }
  PARITY_HD friend constexpr bool operator==(dcomplex a, dcomplex b) { return a.re_ == b.re_ && a.im_ == b.im_; }
  PARITY_HD friend constexpr bool operator!=(dcomplex a, dcomplex b) { return !(a == b); }
};
template <class R> struct is_complex_t<dcomplex<R>> : std::true_type {};

// ---- math shim ----
namespace km {
// Each is PARITY_HD in both nvcc passes; the body picks CUDA's float or double function on the
// GPU and the std:: overload (real or complex) on the host.
#ifdef __CUDA_ARCH__
#define PARITY_KM_BODY(fn, ...)                                                    \
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);            \
  if constexpr (std::is_same_v<T, float>) return ::fn##f(__VA_ARGS__);             \
  else return ::fn(__VA_ARGS__);
#else
#define PARITY_KM_BODY(fn, ...) return std::fn(__VA_ARGS__);
#endif
#define PARITY_KM1(fn) \
  template <class T> PARITY_HD inline auto fn(T x) { PARITY_KM_BODY(fn, x) }
#define PARITY_KM2(fn) \
  template <class T> PARITY_HD inline auto fn(T x, T y) { PARITY_KM_BODY(fn, x, y) }
PARITY_KM1(sqrt) PARITY_KM1(cbrt) PARITY_KM1(exp) PARITY_KM1(exp2) PARITY_KM1(expm1)
PARITY_KM1(log) PARITY_KM1(log2) PARITY_KM1(log10) PARITY_KM1(log1p)
PARITY_KM1(sin) PARITY_KM1(cos) PARITY_KM1(tan) PARITY_KM1(asin) PARITY_KM1(acos) PARITY_KM1(atan)
PARITY_KM1(sinh) PARITY_KM1(cosh) PARITY_KM1(tanh) PARITY_KM1(asinh) PARITY_KM1(acosh) PARITY_KM1(atanh)
PARITY_KM1(floor) PARITY_KM1(ceil) PARITY_KM1(trunc) PARITY_KM1(nearbyint) PARITY_KM1(fabs)
PARITY_KM2(fmod) PARITY_KM2(copysign) PARITY_KM2(atan2) PARITY_KM2(pow)
template <class T> PARITY_HD inline auto fma(T x, T y, T z) { PARITY_KM_BODY(fma, x, y, z) }
// hypot as the device computes it (CUDA's own is not correctly rounded, and gives inf for
// hypot(1, DBL_MAX) on an H200 where glibc returns DBL_MAX): the operands scaled by a power of two
// (exact) to keep their squares normal, sqrt(fma(a, a, b * b)), then one correction from the exact
// residuals (Borges' fused hypot), within half an ULP but in rare ties. Compiled for the host
// too, where a test holds it against glibc's (the CPU's kernels call std::hypot).
template <class T> PARITY_HD inline T scaled_hypot(T x, T y) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
  constexpr bool f = std::is_same_v<T, float>;
  T a = km::fabs(x), b = km::fabs(y);
  const T inf = std::numeric_limits<T>::infinity();
  if (a == inf || b == inf) return inf;  // also with a NaN (C99 Annex F)
  if (a != a || b != b) return a + b;
  if (a < b) {
    const T t = a;
    a = b;
    b = t;
  }
  if (a == T(0)) return T(0);
  T s = T(1), inv = T(1);  // operands times s, the result times inv
  if (a > (f ? T(0x1p+50) : T(0x1p+500))) {
    s = f ? T(0x1p-70) : T(0x1p-600);
    inv = f ? T(0x1p+70) : T(0x1p+600);
  } else if (a < (f ? T(0x1p-50) : T(0x1p-500))) {
    s = f ? T(0x1p+90) : T(0x1p+600);
    inv = f ? T(0x1p-90) : T(0x1p-600);
  }
  a *= s;
  b *= s;
  T h = km::sqrt(km::fma(a, a, b * b));
  const T h_sq = h * h, a_sq = a * a;
  const T delta = km::fma(-b, b, h_sq - a_sq) + km::fma(h, h, -h_sq) - km::fma(a, a, -a_sq);
  h -= delta / (2 * h);
  return h * inv;
}
template <class T> PARITY_HD inline auto hypot(T x, T y) {
#ifdef __CUDA_ARCH__
  return scaled_hypot(x, y);
#else
  return std::hypot(x, y);
#endif
}
#undef PARITY_KM1
#undef PARITY_KM2
#undef PARITY_KM_BODY
// Classification: IEEE comparisons on the GPU (no fast-math there), std:: on the host.
template <class T> PARITY_HD inline bool isnan(T x) {
#ifdef __CUDA_ARCH__
  return x != x;
#else
  return std::isnan(x);
#endif
}
template <class T> PARITY_HD inline bool isinf(T x) {
#ifdef __CUDA_ARCH__
  return x == std::numeric_limits<T>::infinity() || x == -std::numeric_limits<T>::infinity();
#else
  return std::isinf(x);
#endif
}
template <class T> PARITY_HD inline bool isfinite(T x) {
#ifdef __CUDA_ARCH__
  return x - x == x - x;  // nan for inf and nan, 0 otherwise
#else
  return std::isfinite(x);
#endif
}
}  // namespace km

// ---- integers: wrap-around as NumPy's loops, done in unsigned to avoid signed-overflow UB ----
namespace kern {
template <class T> inline constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T> PARITY_HD inline T wrap_add(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <class T> PARITY_HD inline T wrap_sub(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <class T> PARITY_HD inline T wrap_neg(T x) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(x)));
}
template <class T> PARITY_HD inline T wrap_mul(T a, T b) {
  using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
}
}  // namespace kern

// ---- loop lists, in NumPy's order ----
template <class... Ts> struct TypeList {};
using BoolLoop = TypeList<bool>;
using IntLoops = TypeList<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t>;
using BoolIntLoops = TypeList<bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t>;
using RealFloatLoops = TypeList<float16_t, float, double, bfloat16_t>;
using ComplexLoops = TypeList<complex64_t, complex128_t>;
using FloatLoops = TypeList<float16_t, float, double, bfloat16_t, complex64_t, complex128_t>;
using IntRealFloatLoops = TypeList<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                                   uint64_t, float16_t, float, double, bfloat16_t>;
using NumericLoops = TypeList<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                              uint64_t, float16_t, float, double, bfloat16_t, complex64_t, complex128_t>;
using AllLoops = TypeList<bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                          uint64_t, float16_t, float, double, bfloat16_t, complex64_t, complex128_t>;
using BoolRealLoops = TypeList<bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                               uint64_t, float16_t, float, double, bfloat16_t>;
using FloatPowerLoops = TypeList<double, complex128_t>;
using HalfFloatDoubleLoops = TypeList<float16_t, float, double>;  // radians, degrees: ml_dtypes registers no bfloat16 loop
// A kernel declaring `static constexpr bool storage_type = true` takes the storage type itself,
// not the compute type (spacing steps in a 16-bit float's own grid). A trait, not a requires
// expression: nvcc cannot mangle those in a template argument.
template <class F, class = void> struct takes_storage : std::false_type {};
template <class F> struct takes_storage<F, std::void_t<decltype(F::storage_type)>> : std::bool_constant<F::storage_type> {};
// A kernel declaring `static constexpr bool no_bool_loop = true` has no loop for all-bool inputs,
// which NumPy's newer ufuncs (gcd, lcm) refuse rather than casting bool to int8.
template <class F, class = void> struct refuses_bool : std::false_type {};
template <class F> struct refuses_bool<F, std::void_t<decltype(F::no_bool_loop)>> : std::bool_constant<F::no_bool_loop> {};  // float_power computes in float64 or complex128
template <class... A, class... B> auto concat(TypeList<A...>, TypeList<B...>) -> TypeList<A..., B...>;
template <class A, class B> using Concat = decltype(concat(A{}, B{}));

// Output storage type for input T when the kernel returns R: a float result of a 16-bit float
// input is stored back as that 16-bit type.
template <class T, class R>
using out_storage_t = std::conditional_t<is_half_v<T> && std::is_same_v<R, float>, T, R>;

}  // namespace parity

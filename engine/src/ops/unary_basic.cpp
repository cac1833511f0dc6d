// abs, negative, positive, sign, reciprocal, square, conj, invert, logical_not.
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using unary::is_int_v;

struct Abs {
  static constexpr simd::Unary simd_fn{simd::absolute, simd::absolute};  // float32/float64 loops
  template <class T> auto operator()(T x) const {
    if constexpr (is_complex_v<T>) return std::hypot(x.real(), x.imag());
    else if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) return x;
    else if constexpr (is_int_v<T>) return x < 0 ? unary::wrap_neg(x) : x;  // abs(INT_MIN) wraps
    else return std::fabs(x);
  }
};
struct Negative {
  static constexpr simd::Unary simd_fn{simd::negative, simd::negative};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if constexpr (is_int_v<T>) return unary::wrap_neg(x);
    else return -x;
  }
};
struct Positive {
  template <class T> T operator()(T x) const { return x; }
};
struct Sign {
  template <class T> T operator()(T x) const {
    if constexpr (std::is_unsigned_v<T>) return static_cast<T>(x > 0);
    else if constexpr (is_int_v<T>) return static_cast<T>((x > 0) - (x < 0));
    else if constexpr (is_complex_v<T>) {  // NumPy 2: z / |z|, with infinities mapped to units
      using R = typename T::value_type;
      const R re = x.real(), im = x.imag(), a = std::hypot(re, im);
      const R nan = std::numeric_limits<R>::quiet_NaN();
      if (std::isnan(a)) return T(nan, nan);
      if (std::isinf(a)) {
        if (std::isinf(re)) return std::isinf(im) ? T(nan, nan) : T(re > 0 ? 1 : -1, 0);
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
  float operator()(float x) const { return x > 0 ? 1.0f : x < 0 ? -1.0f : x; }
};
struct Reciprocal {
  static constexpr simd::Unary simd_fn{simd::reciprocal, simd::reciprocal};  // float32/float64 loops
  template <class T> T operator()(T x) const {
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
      if (std::fabs(im) <= std::fabs(re)) {
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
  static constexpr simd::Unary simd_fn{simd::square, simd::square};  // float32/float64 loops
  template <class T> T operator()(T x) const {
    if constexpr (is_int_v<T>) return unary::wrap_mul(x, x);
    else if constexpr (is_complex_v<T>) {
      // NumPy's SIMD square is its complex product x*x (simd_cmul, AVX2 fmaddsub): re fused with
      // -(im*im), im fused with im*re; no C99 Annex G inf recovery. (3e38+infj)**2 is -inf+infj.
      const auto re = x.real(), im = x.imag();
      return T(std::fma(re, re, -(im * im)), std::fma(re, im, im * re));
    }
    else return x * x;
  }
};
struct Conj {
  template <class T> T operator()(T x) const {
    if constexpr (is_complex_v<T>) return T(x.real(), -x.imag());
    else return x;
  }
};
struct Invert {
  template <class T> T operator()(T x) const {
    if constexpr (std::is_same_v<T, bool>) return !x;  // bool invert is logical not
    else return static_cast<T>(~x);
  }
};
struct LogicalNot {
  template <class T> bool operator()(T x) const {
    if constexpr (is_complex_v<T>) return x.real() == 0 && x.imag() == 0;
    else return !(x != T(0));  // nan is truthy
  }
};
}  // namespace

PARITY_UNARY(abs, "absolute", AllLoops, Abs, TypeError)
// d|z| = sgn(z) = z/|z| (0 at 0): NumPy 2's sign, also for complex (PyTorch's abs formula).
PARITY_DERIVATIVE(absolute, return {g * sign(x[0])};);
PARITY_UNARY(reciprocal, "reciprocal", NumericLoops, Reciprocal, TypeError)
PARITY_DERIVATIVE(reciprocal, return {-g * conj(out * out)};);
PARITY_UNARY(square, "square", NumericLoops, Square, TypeError)
PARITY_DERIVATIVE(square, return {g * conj(x[0] * 2.0)};);
PARITY_UNARY(conj, "conjugate", NumericLoops, Conj, TypeError)
// conj is not holomorphic: PyTorch's formula, conj(g).
PARITY_DERIVATIVE(conjugate, return {conj(g)};);
PARITY_UNARY(invert, "invert", BoolIntLoops, Invert, TypeError)
PARITY_NOT_DIFFERENTIABLE(invert, "bitwise not of integers and bools has no derivative");
PARITY_UNARY(logical_not, "logical_not", AllLoops, LogicalNot, TypeError)
PARITY_NOT_DIFFERENTIABLE(logical_not, "returns bool: a logical op has no derivative");

// negative, positive and sign reject bool instead of casting it to int8, as NumPy 2 does.
const UFuncDef& ufunc_negative() {
  static const UFuncDef def{"negative", 1, make_unary_loops<Negative>(NumericLoops{})};
  return def;
}
Tensor negative(const ArrayLike& x, OutArg out) {
  if (unary::input_dtype(x, "negative") == DType::Bool)
    throw TypeError("[negative] The numpy boolean negative, the `-` operator, is not supported, use "
                    "the `~` operator or the logical_not function instead.");
  return apply_unary(ufunc_negative(), x, out);
}
PARITY_DERIVATIVE(negative, return {-g};);
const UFuncDef& ufunc_positive() {
  static const UFuncDef def{"positive", 1, make_unary_loops<Positive>(NumericLoops{}), nullptr,
                            UFuncDef::NoLoop::UFuncTypeError};
  return def;
}
Tensor positive(const ArrayLike& x, OutArg out) {
  if (unary::input_dtype(x, "positive") == DType::Bool) unary::throw_no_bool_loop("positive");
  return apply_unary(ufunc_positive(), x, out);
}
PARITY_DERIVATIVE(positive, return {g};);
const UFuncDef& ufunc_sign() {
  static const UFuncDef def = [] {
    std::vector<LoopSig> loops = make_unary_loops<Sign>(Concat<IntLoops, TypeList<float16_t, float, double>>{});
    for (const auto& l : make_unary_loops<SignKeepZero>(TypeList<bfloat16_t>{})) loops.push_back(l);
    for (const auto& l : make_unary_loops<Sign>(TypeList<complex64_t, complex128_t>{})) loops.push_back(l);
    return UFuncDef{"sign", 1, loops, nullptr, UFuncDef::NoLoop::UFuncTypeError};
  }();
  return def;
}
Tensor sign(const ArrayLike& x, OutArg out) {
  if (unary::input_dtype(x, "sign") == DType::Bool) unary::throw_no_bool_loop("sign");
  return apply_unary(ufunc_sign(), x, out);
}
// (Complex sign z/|z| is not piecewise constant, but has no declared formula either.)
PARITY_NOT_DIFFERENTIABLE(sign, "piecewise constant: the derivative is zero almost everywhere");

}  // namespace parity

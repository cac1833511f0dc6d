// divide (true_divide), floor_divide, remainder, fmod. Integer division never traps: x // 0 and
// x % 0 are 0, and INT_MIN // -1 wraps to INT_MIN, as NumPy does.
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// Python's float divmod: floor quotient and a remainder with the divisor's sign.
template <class T> T float_floordiv(T a, T b) {
  if (b == T(0)) return a / b;  // ±inf, or nan for 0/0 and nan/0
  T mod = std::fmod(a, b);
  T div = (a - mod) / b;
  if (mod != T(0) && ((b < T(0)) != (mod < T(0)))) div -= T(1);
  if (div == T(0)) return std::copysign(T(0), a / b);
  T fl = std::floor(div);
  if (div - fl > T(0.5)) fl += T(1);  // (a - mod) / b may land just below an integer
  return fl;
}
template <class T> T float_remainder(T a, T b) {
  T mod = std::fmod(a, b);
  if (b == T(0)) return mod;  // nan
  if (mod != T(0)) {
    if ((b < T(0)) != (mod < T(0))) mod += b;
  } else {
    mod = std::copysign(T(0), b);
  }
  return mod;
}

struct Divide {
  static constexpr simd::Binary simd_fn{simd::divide, simd::divide};  // float32/float64 loops
  template <class T> T operator()(T a, T b) const {
    if constexpr (is_complex_v<T>) return complex_divide(a, b);
    else return a / b;
  }
};
struct FloorDivide {
  template <class T> T operator()(T a, T b) const {
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
  template <class T> T operator()(T a, T b) const {
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
  template <class T> T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == -1) return 0;
      }
      return static_cast<T>(a % b);  // C's truncated remainder: the dividend's sign
    } else {
      return std::fmod(a, b);
    }
  }
};

// true_divide has only inexact loops; bool and integer inputs divide as float64.
DType divide_pre(DType d) { return is_inexact(d) ? d : DType::Float64; }
using DivLoops = Concat<IntLoops, RealFloatLoops>;
}  // namespace

const UFuncDef& ufunc_divide() {
  // NumPy 2 names the ufunc "divide" (true_divide is an alias): messages say [divide].
  static const UFuncDef def{"divide", 2, make_binary_loops<Divide>(FloatLoops{}), &divide_pre};
  return def;
}
Tensor divide(const ArrayLike& a, const ArrayLike& b, OutArg out) { return apply_binary(ufunc_divide(), a, b, out); }
PARITY_DERIVATIVE(divide, return {g / conj(x[1]), -g * conj(out / x[1])};);

PARITY_UFUNC2(floor_divide, "floor_divide", DivLoops, FloorDivide)
PARITY_NOT_DIFFERENTIABLE(floor_divide, "piecewise constant: the derivative is zero almost everywhere");
PARITY_UFUNC2(remainder, "remainder", DivLoops, Remainder)
// a - b*floor_divide(a, b): PyTorch's formula (the floor is constant almost everywhere).
PARITY_DERIVATIVE(remainder, return {g, -g * floor_divide(x[0], x[1])};);
PARITY_UFUNC2(fmod, "fmod", DivLoops, FMod)
PARITY_DERIVATIVE(fmod, return {g, -g * trunc(x[0] / x[1])};);

}  // namespace parity

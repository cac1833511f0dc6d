// add, subtract, multiply: NumPy's integer wrap-around, bool add is logical or.
#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// Integer arithmetic wraps like NumPy's; done in unsigned to avoid signed-overflow UB.
template <class T> T wrap_add(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
}
template <class T> T wrap_sub(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
}
template <class T> T wrap_mul(T a, T b) {
  using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
}

struct Add {
  static constexpr simd::Binary simd_fn{simd::add, simd::add};  // float32/float64 loops
  template <class T> T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) return a || b;
    else if constexpr (std::is_integral_v<T>) return wrap_add(a, b);
    else return a + b;
  }
};
struct Subtract {
  static constexpr simd::Binary simd_fn{simd::subtract, simd::subtract};  // float32/float64 loops
  template <class T> T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) return wrap_sub(a, b);
    else return a - b;
  }
};
struct Multiply {
  static constexpr simd::Binary simd_fn{simd::multiply, simd::multiply};  // float32/float64 loops
  template <class T> T operator()(T a, T b) const {
    if constexpr (std::is_same_v<T, bool>) return a && b;
    else if constexpr (std::is_integral_v<T>) return wrap_mul(a, b);
    else if constexpr (is_complex_v<T>) {
      // NumPy's SIMD loop (simd_cmul, AVX2 fmaddsub): the a.real products are fused, the a.imag ones
      // rounded first; no C99 Annex G inf recovery. (1e38-6j)*(-inf-7j) is -inf+infj in complex64.
      const auto ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
      return T(std::fma(ar, br, -(ai * bi)), std::fma(ar, bi, ai * br));
    }
    else return a * b;
  }
};
}  // namespace

PARITY_UFUNC2(add, "add", AllLoops, Add)
PARITY_DERIVATIVE(add, return {g, g};);
const UFuncDef& ufunc_subtract() {
  static const UFuncDef def{"subtract", 2, make_binary_loops<Subtract>(NumericLoops{})};
  return def;
}
// NumPy refuses bool - bool (arrays or Python bools) instead of using the int8 loop.
Tensor subtract(const ArrayLike& a, const ArrayLike& b, OutArg out) {
  auto is_b = [](const ArrayLike& x) {
    return x.is_tensor() ? x.tensor().defined() && x.tensor().dtype() == DType::Bool
                         : x.scalar().type == Scalar::Type::Bool;
  };
  if (is_b(a) && is_b(b))
    throw TypeError("[subtract] numpy boolean subtract, the `-` operator, is not supported, use the "
                    "bitwise_xor, the `^` operator, or the logical_xor function instead.");
  return apply_binary(ufunc_subtract(), a, b, out);
}
PARITY_DERIVATIVE(subtract, return {g, -g};);
PARITY_UFUNC2(multiply, "multiply", AllLoops, Multiply)
PARITY_DERIVATIVE(multiply, return {g * conj(x[1]), g * conj(x[0])};);

}  // namespace parity

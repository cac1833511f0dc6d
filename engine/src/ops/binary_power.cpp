// power: integers by repeated squaring with wrap-around (a negative exponent is a ValueError, as
// in NumPy), floats by pow(), complex with exact small integer powers as NumPy.
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
template <class T> T int_power(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) throw ValueError("[power] Integers to negative integer powers are not allowed.");
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

template <class R> std::complex<R> complex_power(std::complex<R> a, std::complex<R> b) {
  using C = std::complex<R>;
  if (b.real() == R(0) && b.imag() == R(0)) return C(1, 0);
  if (a.real() == R(0) && a.imag() == R(0)) {
    if (b.real() > R(0)) return C(0, 0);
    const R nan = std::numeric_limits<R>::quiet_NaN();
    return C(nan, nan);
  }
  // Small integer exponents multiply exactly (x**2 of a real stays real), as NumPy does.
  if (b.imag() == R(0) && b.real() == std::floor(b.real()) && std::fabs(b.real()) < R(100)) {
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
  return std::pow(a, b);
}

struct Power {
  template <class T> T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) return int_power(a, b);
    else if constexpr (is_complex_v<T>) return complex_power(a, b);
    else return std::pow(a, b);
  }
};
using PowerLoops = Concat<IntLoops, FloatLoops>;
}  // namespace

PARITY_UFUNC2(power, "power", PowerLoops, Power)
// PyTorch's pow formulas: no gradient to the base where the exponent is 0, none to the exponent
// where the base is 0 and the exponent's real part >= 0 (0**b is 0 or 1 there, constant in b).
PARITY_DERIVATIVE(power, {
  const Tensor &a = x[0], &b = x[1];
  Tensor ga = g * where(equal(b, 0.0), 0.0, conj(b * power(a, b - 1.0)));
  Tensor b_re = is_complex(b.dtype()) ? b.real() : b;
  Tensor gb = g * where(logical_and(equal(a, 0.0), greater_equal(b_re, 0.0)), 0.0, conj(out * log(a)));
  return {ga, gb};
});

}  // namespace parity

// The method and in-place forms of every elementwise op, generated from op_list.h.
#include <string_view>

#include "parity/ops.h"

namespace parity {

// ndarray.conj() of a non-complex array is the array itself (a bool array stays bool, where
// np.conjugate gives int8).
#define PARITY_X(name, py, ...)                                                                       \
  Tensor Tensor::name() const {                                                                  \
    if (std::string_view(#name) == "conj" && defined() && !is_complex(dtype())) return *this;    \
    return parity::name(*this);                                                                  \
  }                                                                                              \
  Tensor& Tensor::name##_() {                                 \
    parity::name(*this, *this);                               \
    return *this;                                             \
  }
PARITY_UNARY_UFUNCS(PARITY_X)
#undef PARITY_X

#define PARITY_X(name, py, ...)                                                                \
  Tensor Tensor::name(const ArrayLike& other) const { return parity::name(*this, other); } \
  Tensor& Tensor::name##_(const ArrayLike& other) {                                        \
    parity::name(*this, other, *this);                                                     \
    return *this;                                                                          \
  }
PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X

Tensor Tensor::round(int64_t decimals) const { return parity::round(*this, decimals); }
Tensor& Tensor::round_(int64_t decimals) {
  parity::round(*this, decimals, *this);
  return *this;
}
Tensor Tensor::angle(bool deg) const { return parity::angle(*this, deg); }
Tensor Tensor::clip(const ArrayLike& lo, const ArrayLike& hi) const { return parity::clip(*this, lo, hi); }
Tensor& Tensor::clip_(const ArrayLike& lo, const ArrayLike& hi) {
  parity::clip(*this, lo, hi, *this);
  return *this;
}

// C++ operators map to the ufuncs.
Tensor operator+(const ArrayLike& a, const ArrayLike& b) { return add(a, b); }
Tensor operator-(const ArrayLike& a, const ArrayLike& b) { return subtract(a, b); }
Tensor operator*(const ArrayLike& a, const ArrayLike& b) { return multiply(a, b); }
Tensor operator/(const ArrayLike& a, const ArrayLike& b) { return divide(a, b); }
Tensor operator%(const ArrayLike& a, const ArrayLike& b) { return remainder(a, b); }
Tensor operator&(const ArrayLike& a, const ArrayLike& b) { return bitwise_and(a, b); }
Tensor operator|(const ArrayLike& a, const ArrayLike& b) { return bitwise_or(a, b); }
Tensor operator^(const ArrayLike& a, const ArrayLike& b) { return bitwise_xor(a, b); }
Tensor operator<<(const Tensor& a, const ArrayLike& b) { return left_shift(a, b); }
Tensor operator>>(const Tensor& a, const ArrayLike& b) { return right_shift(a, b); }
Tensor operator==(const ArrayLike& a, const ArrayLike& b) { return equal(a, b); }
Tensor operator!=(const ArrayLike& a, const ArrayLike& b) { return not_equal(a, b); }
Tensor operator<(const ArrayLike& a, const ArrayLike& b) { return less(a, b); }
Tensor operator<=(const ArrayLike& a, const ArrayLike& b) { return less_equal(a, b); }
Tensor operator>(const ArrayLike& a, const ArrayLike& b) { return greater(a, b); }
Tensor operator>=(const ArrayLike& a, const ArrayLike& b) { return greater_equal(a, b); }
Tensor Tensor::operator-() const { return parity::negative(*this); }
Tensor Tensor::operator~() const { return parity::invert(*this); }
Tensor Tensor::operator!() const { return parity::logical_not(*this); }
Tensor& Tensor::operator+=(const ArrayLike& o) { return add_(o); }
Tensor& Tensor::operator-=(const ArrayLike& o) { return subtract_(o); }
Tensor& Tensor::operator*=(const ArrayLike& o) { return multiply_(o); }
Tensor& Tensor::operator/=(const ArrayLike& o) { return divide_(o); }
Tensor& Tensor::operator%=(const ArrayLike& o) { return remainder_(o); }
Tensor& Tensor::operator&=(const ArrayLike& o) { return bitwise_and_(o); }
Tensor& Tensor::operator|=(const ArrayLike& o) { return bitwise_or_(o); }
Tensor& Tensor::operator^=(const ArrayLike& o) { return bitwise_xor_(o); }
Tensor& Tensor::operator<<=(const ArrayLike& o) { return left_shift_(o); }
Tensor& Tensor::operator>>=(const ArrayLike& o) { return right_shift_(o); }

}  // namespace parity

// bitwise_and/or/xor (bool and integers), left_shift/right_shift (integers). Shift counts at or
// past the bit width, or negative, give 0 (right shift of a negative value: -1), never UB.
#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
struct BitAnd { template <class T> T operator()(T a, T b) const { return static_cast<T>(a & b); } };
struct BitOr { template <class T> T operator()(T a, T b) const { return static_cast<T>(a | b); } };
struct BitXor { template <class T> T operator()(T a, T b) const { return static_cast<T>(a ^ b); } };

constexpr int kBits(size_t bytes) { return static_cast<int>(bytes * 8); }
// NumPy compares the count as size_t, so a negative count is out of range too.
template <class T> bool shift_in_range(T b) {
  if constexpr (std::is_signed_v<T>) return b >= 0 && b < kBits(sizeof(T));
  else return b < static_cast<T>(kBits(sizeof(T)));
}
struct LeftShift {
  template <class T> T operator()(T a, T b) const {
    using U = std::make_unsigned_t<T>;
    if (!shift_in_range(b)) return 0;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) << b));
  }
};
struct RightShift {
  template <class T> T operator()(T a, T b) const {
    if (shift_in_range(b)) return static_cast<T>(a >> b);  // arithmetic shift for signed (C++20)
    if constexpr (std::is_signed_v<T>) return a < 0 ? T(-1) : T(0);
    else return 0;
  }
};
}  // namespace

PARITY_UFUNC2(bitwise_and, "bitwise_and", BoolIntLoops, BitAnd)
PARITY_NOT_DIFFERENTIABLE(bitwise_and, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(bitwise_or, "bitwise_or", BoolIntLoops, BitOr)
PARITY_NOT_DIFFERENTIABLE(bitwise_or, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(bitwise_xor, "bitwise_xor", BoolIntLoops, BitXor)
PARITY_NOT_DIFFERENTIABLE(bitwise_xor, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(left_shift, "left_shift", IntLoops, LeftShift)
PARITY_NOT_DIFFERENTIABLE(left_shift, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(right_shift, "right_shift", IntLoops, RightShift)
PARITY_NOT_DIFFERENTIABLE(right_shift, "integer and bool only: a bitwise op has no derivative");

}  // namespace parity

// bitwise_and/or/xor (bool and integers), left_shift/right_shift (integers). Shift counts at or
// past the bit width, or negative, give 0 (right shift of a negative value: -1), never UB.
#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using kern::BitAnd;  // kernels/binary.h, shared with CUDA
using kern::BitOr;
using kern::BitXor;
using kern::LeftShift;
using kern::RightShift;
}  // namespace

PARITY_UFUNC2(bitwise_and, "bitwise_and", BoolIntLoops, BitAnd)
PARITY_INTEGRAL_RESULT(bitwise_and, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(bitwise_or, "bitwise_or", BoolIntLoops, BitOr)
PARITY_INTEGRAL_RESULT(bitwise_or, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(bitwise_xor, "bitwise_xor", BoolIntLoops, BitXor)
PARITY_INTEGRAL_RESULT(bitwise_xor, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(left_shift, "left_shift", IntLoops, LeftShift)
PARITY_INTEGRAL_RESULT(left_shift, "integer and bool only: a bitwise op has no derivative");
PARITY_UFUNC2(right_shift, "right_shift", IntLoops, RightShift)
PARITY_INTEGRAL_RESULT(right_shift, "integer and bool only: a bitwise op has no derivative");

}  // namespace parity

#pragma once
// The elementwise ops, listed once. Each X-macro row generates the free function (with out=),
// the Tensor method and the in-place method; the kernels are defined in engine/src/ops/.
// To add a ufunc: add a row here and define its loops with PARITY_UFUNC in engine/src/ops/.

// X(name, python_name)
#define PARITY_UNARY_UFUNCS(X)                                                                     \
  X(abs, absolute) X(negative, negative) X(positive, positive) X(sign, sign)                      \
  X(reciprocal, reciprocal) X(square, square) X(sqrt, sqrt) X(cbrt, cbrt) X(exp, exp)              \
  X(exp2, exp2) X(expm1, expm1) X(log, log) X(log2, log2) X(log10, log10) X(log1p, log1p)          \
  X(sin, sin) X(cos, cos) X(tan, tan) X(arcsin, arcsin) X(arccos, arccos) X(arctan, arctan)        \
  X(sinh, sinh) X(cosh, cosh) X(tanh, tanh) X(arcsinh, arcsinh) X(arccosh, arccosh)                \
  X(arctanh, arctanh) X(floor, floor) X(ceil, ceil) X(trunc, trunc) X(rint, rint)                  \
  X(isnan, isnan) X(isinf, isinf) X(isfinite, isfinite) X(signbit, signbit)                        \
  X(logical_not, logical_not) X(invert, invert) X(sigmoid, expit) X(conj, conjugate)

#define PARITY_BINARY_UFUNCS(X)                                                                    \
  X(add, add) X(subtract, subtract) X(multiply, multiply) X(divide, true_divide)                   \
  X(floor_divide, floor_divide) X(remainder, remainder) X(fmod, fmod) X(power, power)              \
  X(maximum, maximum) X(minimum, minimum) X(fmax, fmax) X(fmin, fmin) X(arctan2, arctan2)          \
  X(hypot, hypot) X(copysign, copysign) X(logaddexp, logaddexp) X(equal, equal)                    \
  X(not_equal, not_equal) X(less, less) X(less_equal, less_equal) X(greater, greater)              \
  X(greater_equal, greater_equal) X(logical_and, logical_and) X(logical_or, logical_or)            \
  X(logical_xor, logical_xor) X(bitwise_and, bitwise_and) X(bitwise_or, bitwise_or)                \
  X(bitwise_xor, bitwise_xor) X(left_shift, left_shift) X(right_shift, right_shift)

#pragma once
// The elementwise ops, listed once: each row is the ufunc's record. The X-macro rows generate the
// free function (with out=), the Tensor method, the in-place method, the op's record (op_record.h)
// and its OpInfo entry; the kernels and derivatives are defined in engine/src/ops/.
// To add a ufunc: add a row here and define its loops (PARITY_UNARY / PARITY_BINARY) and its
// derivative (PARITY_DERIVATIVE or PARITY_NOT_DIFFERENTIABLE) in engine/src/ops/.

// X(name, NumPy's name, claimed dtypes: a DTypeSet)
#define PARITY_UNARY_UFUNCS(X)                                                                     \
  X(abs, absolute, all) X(negative, negative, all_but_bool) X(positive, positive, all_but_bool)    \
  X(sign, sign, all_but_bool) X(reciprocal, reciprocal, all) X(square, square, all)                \
  X(sqrt, sqrt, all) X(cbrt, cbrt, all_but_complex) X(exp, exp, all) X(exp2, exp2, all)            \
  X(expm1, expm1, all) X(log, log, all) X(log2, log2, all) X(log10, log10, all)                    \
  X(log1p, log1p, all) X(sin, sin, all) X(cos, cos, all) X(tan, tan, all)                          \
  X(arcsin, arcsin, all) X(arccos, arccos, all) X(arctan, arctan, all) X(sinh, sinh, all)          \
  X(cosh, cosh, all) X(tanh, tanh, all) X(arcsinh, arcsinh, all) X(arccosh, arccosh, all)          \
  X(arctanh, arctanh, all) X(floor, floor, all_but_complex) X(ceil, ceil, all_but_complex)         \
  X(trunc, trunc, all_but_complex) X(rint, rint, all) X(isnan, isnan, all)                         \
  X(isinf, isinf, all) X(isfinite, isfinite, all) X(signbit, signbit, all_but_complex)             \
  X(logical_not, logical_not, all) X(invert, invert, bool_and_integers)                            \
  X(sigmoid, expit, all_but_complex) X(conj, conjugate, all)

#define PARITY_BINARY_UFUNCS(X)                                                                    \
  X(add, add, all) X(subtract, subtract, all_but_bool) X(multiply, multiply, all)                  \
  X(divide, true_divide, all) X(floor_divide, floor_divide, all_but_complex)                       \
  X(remainder, remainder, all_but_complex) X(fmod, fmod, all_but_complex) X(power, power, all)     \
  X(maximum, maximum, all) X(minimum, minimum, all) X(fmax, fmax, all) X(fmin, fmin, all)          \
  X(arctan2, arctan2, all_but_complex) X(hypot, hypot, all_but_complex)                            \
  X(copysign, copysign, all_but_complex) X(logaddexp, logaddexp, all_but_complex)                  \
  X(equal, equal, all) X(not_equal, not_equal, all) X(less, less, all)                             \
  X(less_equal, less_equal, all) X(greater, greater, all) X(greater_equal, greater_equal, all)     \
  X(logical_and, logical_and, all) X(logical_or, logical_or, all) X(logical_xor, logical_xor, all) \
  X(bitwise_and, bitwise_and, bool_and_integers) X(bitwise_or, bitwise_or, bool_and_integers)      \
  X(bitwise_xor, bitwise_xor, bool_and_integers) X(left_shift, left_shift, bool_and_integers)      \
  X(right_shift, right_shift, bool_and_integers) X(nextafter, nextafter, all_but_complex)

#pragma once
// The elementwise ops, listed once: each row is the ufunc's record. The X-macro rows generate the
// free function (with out=), the Tensor method, the in-place method, the op's record (op_record.h)
// and its OpInfo entry.
//
// A row of PARITY_UNARY_UFUNC_ROWS / PARITY_BINARY_UFUNC_ROWS also names its loops, its kernel and
// NumPy's error class when no loop fits, and its CUDA loops: the CPU definition
// (engine/src/ops/ufunc_rows.cpp) and the CUDA registration (engine/src/cuda/ew_rows.cu) are
// generated from it, and the kernel struct (engine/src/kernels/unary.h, binary.h) holds the formula,
// shared by g++ and nvcc, beside its derivative. Adding a ufunc is the row and the kernel:
//   X(deg2rad, deg2rad, all_but_complex, RealFloatLoops, Deg2rad, TypeError, RealFloatLoops)
//   struct Deg2rad { template <class T> PARITY_HD T operator()(T x) const {...}  PARITY_GRAD(...) };
// The rows above them (three columns) define their loops in engine/src/ops/ by hand (SIMD paths,
// special loop lists) and their CUDA kernels in engine/src/cuda/ew_*.cu.

// X(name, NumPy's name, claimed dtypes: a DTypeSet[, loops, kernel, no-loop error class, CUDA loops])
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
  X(sigmoid, expit, all_but_complex) X(conj, conjugate, all) PARITY_UNARY_UFUNC_ROWS(X)

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
  X(right_shift, right_shift, bool_and_integers) X(nextafter, nextafter, all_but_complex)        \
  PARITY_BINARY_UFUNC_ROWS(X)

#define PARITY_UNARY_UFUNC_ROWS(X)                                                                          \
  X(deg2rad, deg2rad, all_but_complex, RealFloatLoops, Deg2rad, TypeError, RealFloatLoops)                  \
  X(radians, radians, all_but_complex, HalfFloatDoubleLoops, Deg2rad, TypeError, HalfFloatDoubleLoops)                  \
  X(rad2deg, rad2deg, all_but_complex, RealFloatLoops, Rad2deg, TypeError, RealFloatLoops)                  \
  X(degrees, degrees, all_but_complex, HalfFloatDoubleLoops, Rad2deg, TypeError, HalfFloatDoubleLoops)                  \
  X(fabs, fabs, all_but_complex, RealFloatLoops, Fabs, TypeError, RealFloatLoops)                           \
  X(spacing, spacing, all_but_complex, RealFloatLoops, Spacing, TypeError, RealFloatLoops)                  \
  X(bitwise_count, bitwise_count, bool_and_integers, IntLoops, BitwiseCount, TypeError, IntLoops)

#define PARITY_BINARY_UFUNC_ROWS(X)                                                                         \
  X(logaddexp2, logaddexp2, all_but_complex, RealFloatLoops, LogAddExp2, TypeError, RealFloatLoops)         \
  X(heaviside, heaviside, all_but_complex, RealFloatLoops, Heaviside, TypeError, RealFloatLoops)            \
  X(gcd, gcd, integers, IntLoops, Gcd, UFuncTypeError, IntLoops)                                        \
  X(lcm, lcm, integers, IntLoops, Lcm, UFuncTypeError, IntLoops)                                        \
  X(float_power, float_power, all, FloatPowerLoops, FloatPower, TypeError, FloatPowerLoops)

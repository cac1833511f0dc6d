#pragma once
// The elementwise family's units (ew_*.cu), each registering its kernels; register_ufunc_kernels()
// (elementwise.cpp) calls them once, on the first kernel lookup (registry.cpp).
namespace parity::cuda {
void register_unary_basic_kernels();
void register_unary_float_kernels();
void register_complex_kernels();
void register_binary_arith_kernels();
void register_binary_compare_kernels();
void register_where_kernels();
void register_row_kernels();  // ew_rows.cu: the op_list.h rows with loop columns

// The unary ufuncs whose complex loops take kernels/complex_math.h's functions: their real loops
// are ew_unary_float.cu's, their complex loops ew_complex.cu's. X(kernel, ufunc name).
#define PARITY_COMPLEX_MATH_UNARY(X)                                                             \
  X(Sqrt, "sqrt") X(Exp, "exp") X(Exp2, "exp2") X(Log, "log") X(Log2, "log2") X(Log10, "log10") \
  X(Sin, "sin") X(Cos, "cos") X(Tan, "tan") X(Arcsin, "arcsin") X(Arccos, "arccos")             \
  X(Arctan, "arctan") X(Sinh, "sinh") X(Cosh, "cosh") X(Tanh, "tanh") X(Arcsinh, "arcsinh")     \
  X(Arccosh, "arccosh") X(Arctanh, "arctanh")
}  // namespace parity::cuda

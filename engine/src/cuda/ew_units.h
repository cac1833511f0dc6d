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
}  // namespace parity::cuda

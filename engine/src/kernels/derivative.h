#pragma once
// A ufunc's derivative, written beside its formula (kernels/unary.h, binary.h) in the kernel struct
// of an op_list.h row with loop columns (PARITY_*_UFUNC_ROWS):
//
//   struct Deg2rad {
//     template <class T> PARITY_HD T operator()(T x) const { return x * (pi<T> / T(180)); }
//     PARITY_GRAD(return {g * (kPi / 180)};)
//   };
//
// The body sees `g` (the output's gradient), `x` (the inputs as the loop read them) and `out`, and
// returns one gradient per input, as PARITY_DERIVATIVE's (autograd/derivatives.h). The other
// choices: PARITY_NO_GRAD("why") (backward raises), PARITY_INTEGRAL("why") (bool or integer
// results: nothing flows), and PARITY_GRAD_ONCE("why") beside PARITY_GRAD where double backward is
// not claimed. engine/src/ops/ufunc_rows.cpp registers them. nvcc compiles the formulas only: a
// derivative is host code on Tensors.
#ifdef __CUDACC__
#define PARITY_GRAD(...)
#define PARITY_NO_GRAD(why)
#define PARITY_INTEGRAL(why)
#define PARITY_GRAD_ONCE(why)
#else
#include <vector>

#include "parity/ops.h"
#define PARITY_GRAD(...)                                                                     \
  static std::vector<::parity::Tensor> grad(const ::parity::Tensor& g,                       \
                                            const std::vector<::parity::Tensor>& x,          \
                                            const ::parity::Tensor& out) {                   \
    (void)g;                                                                                 \
    (void)x;                                                                                 \
    (void)out;                                                                               \
    __VA_ARGS__                                                                              \
  }
#define PARITY_NO_GRAD(why) static constexpr const char* no_grad = why;
#define PARITY_INTEGRAL(why) static constexpr const char* integral = why;
#define PARITY_GRAD_ONCE(why) static constexpr const char* no_gradgrad = why;
#endif

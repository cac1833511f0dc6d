#pragma once
// Derivatives of the ufuncs, declared next to each ufunc's definition:
//
//   PARITY_UNARY(sin, "sin", FloatLoops, Sin, TypeError)
//   PARITY_DERIVATIVE(sin, return {g * conj(cos(x[0]))};);
//   PARITY_NOT_DIFFERENTIABLE(floor, "piecewise constant");   // backward through it raises
//   PARITY_INTEGRAL_RESULT(isnan, "returns bool");            // nothing to differentiate
//   PARITY_NO_GRADGRAD(abs, "its derivative uses sign");      // first derivative only
//
// In the body, `g` is the gradient of the output, `x` the inputs as the loop computed them (cast to
// the loop's dtype; weak scalars as 0-d tensors), `out` the result. Return one gradient per input
// (an undefined Tensor where none): shapes may be the broadcast shape and dtypes the loop's;
// autograd::record() reduces them to each input. For complex inputs the gradient follows
// PyTorch's convention: conj of the Wirtinger derivative (d(sin)/dz -> g * conj(cos(z))).
// call_ufunc (engine/src/ops/ufunc_dispatch.cpp) records the node; a ufunc without a declaration
// is treated as not differentiable, and a test requires a declaration for every ufunc (never by
// omission).
#include <functional>
#include <vector>

#include "parity/autograd.h"
#include "parity/ops.h"

namespace parity::autograd {

using UFuncGrad = std::function<std::vector<Tensor>(const Tensor& g, const std::vector<Tensor>& x, const Tensor& out)>;
struct UFuncDerivative {
  UFuncGrad fn;               // null when not differentiable
  std::string why;            // why not differentiable
  bool integral = false;      // the result is bool or integer: no gradient flows, backward passes over it
  std::string no_gradgrad = {};  // why double backward is not claimed ("" = claimed)
};
const UFuncDerivative* find_ufunc_derivative(const std::string& ufunc);
std::vector<std::string> ufuncs_with_derivative_declarations();
struct DerivativeRegistrar {
  DerivativeRegistrar(const char* ufunc, UFuncDerivative d);
  DerivativeRegistrar(const char* ufunc, const char* no_gradgrad);  // PARITY_NO_GRADGRAD
};

}  // namespace parity::autograd

#define PARITY_GRAD_CAT2(a, b) a##b
#define PARITY_GRAD_CAT(a, b) PARITY_GRAD_CAT2(a, b)
#define PARITY_DERIVATIVE(name, ...)                                                                        \
  static const ::parity::autograd::DerivativeRegistrar PARITY_GRAD_CAT(parity_grad_, __LINE__)(              \
      #name, ::parity::autograd::UFuncDerivative{                                                            \
                 [](const Tensor& g, const std::vector<Tensor>& x, const Tensor& out) -> std::vector<Tensor> { \
                   (void)g; (void)x; (void)out;                                                              \
                   __VA_ARGS__                                                                               \
                 },                                                                                          \
                 ""})
#define PARITY_NOT_DIFFERENTIABLE(name, why)                                                        \
  static const ::parity::autograd::DerivativeRegistrar PARITY_GRAD_CAT(parity_grad_, __LINE__)(     \
      #name, ::parity::autograd::UFuncDerivative{nullptr, why})
#define PARITY_INTEGRAL_RESULT(name, why)                                                           \
  static const ::parity::autograd::DerivativeRegistrar PARITY_GRAD_CAT(parity_grad_, __LINE__)(     \
      #name, ::parity::autograd::UFuncDerivative{nullptr, why, true})
#define PARITY_NO_GRADGRAD(name, why) \
  static const ::parity::autograd::DerivativeRegistrar PARITY_GRAD_CAT(parity_grad_, __LINE__)(#name, why)

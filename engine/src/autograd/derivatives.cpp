// The registry behind PARITY_DERIVATIVE / PARITY_NOT_DIFFERENTIABLE.
#include "derivatives.h"

#include <map>

namespace parity::autograd {
namespace {
std::map<std::string, UFuncDerivative>& registry() {
  static std::map<std::string, UFuncDerivative> r;
  return r;
}
}  // namespace

DerivativeRegistrar::DerivativeRegistrar(const char* ufunc, UFuncDerivative d) { registry()[ufunc] = std::move(d); }

const UFuncDerivative* find_ufunc_derivative(const std::string& ufunc) {
  auto it = registry().find(ufunc);
  return it == registry().end() ? nullptr : &it->second;
}

std::vector<std::string> ufuncs_with_derivative_declarations() {
  std::vector<std::string> v;
  for (const auto& [k, d] : registry()) v.push_back(k);
  return v;
}
}  // namespace parity::autograd

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


static std::map<std::string, std::string>& no_gradgrad() {
  static std::map<std::string, std::string> r;
  return r;
}

DerivativeRegistrar::DerivativeRegistrar(const char* ufunc, UFuncDerivative d) { registry()[ufunc] = std::move(d); }
DerivativeRegistrar::DerivativeRegistrar(const char* ufunc, const char* why) { no_gradgrad()[ufunc] = why; }

const UFuncDerivative* find_ufunc_derivative(const std::string& ufunc) {
  auto it = registry().find(ufunc);
  if (it == registry().end()) return nullptr;
  // Registration order across files is unspecified: the no-gradgrad reasons join on lookup.
  if (auto g = no_gradgrad().find(ufunc); g != no_gradgrad().end()) it->second.no_gradgrad = g->second;
  return &it->second;
}

std::vector<std::string> ufuncs_with_derivative_declarations() {
  std::vector<std::string> v;
  for (const auto& [k, d] : registry()) v.push_back(k);
  return v;
}
}  // namespace parity::autograd

// The libraries by name (executors.h), PyTorch and JAX as executors, their error table, and the
// Python snippet of a case in each library.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>

#include <pybind11/embed.h>

#include "library.h"
#include "parity/errors.h"
#include "parity/executors.h"
#include "parity/library_executors.h"
#include "parity/numpy_convert.h"
#include "parity/numpy_executor.h"
#include "parity/opinfo.h"

namespace py = pybind11;

namespace parity {

namespace {

oracle::Lib require(const std::string& name) {
  oracle::Lib l;
  if (!oracle::lib_from_name(name, l))
    throw ValueError("[executors] unknown library '" + name + "' (numpy, torch, jax, torch-same-name)");
  return l;
}

void require_available(oracle::Lib l) {
  std::string why;
  if (!oracle::lib_available(l, &why)) throw RuntimeError("[executors] " + why);
}

}  // namespace

const std::vector<std::string>& library_names() {
  static const std::vector<std::string> n = {"numpy", "torch", "jax"};
  return n;
}

bool library_available(const std::string& name, std::string* why) {
  return oracle::lib_available(require(name), why);
}

std::string library_version(const std::string& name) { return oracle::lib_version(require(name)); }

std::unique_ptr<Executor> make_executor(const std::string& name) {
  switch (require(name)) {
    case oracle::Lib::numpy: return std::make_unique<NumpyExecutor>();
    case oracle::Lib::torch: return std::make_unique<TorchExecutor>();
    case oracle::Lib::jax: return std::make_unique<JaxExecutor>();
    case oracle::Lib::torch_same: return std::make_unique<TorchSameNameExecutor>();
  }
  return nullptr;
}

std::vector<Outcome> run_library_observed(const std::string& name, const std::vector<const Case*>& cases) {
  return oracle::run_lib_batch(require(name), cases, /*record=*/true);
}

TorchExecutor::TorchExecutor() { require_available(oracle::Lib::torch); }
Outcome TorchExecutor::run(const Case& c) { return oracle::run_lib_batch(oracle::Lib::torch, {&c})[0]; }
std::vector<Outcome> TorchExecutor::run_batch(const std::vector<const Case*>& cases) {
  return oracle::run_lib_batch(oracle::Lib::torch, cases);
}

TorchSameNameExecutor::TorchSameNameExecutor() { require_available(oracle::Lib::torch_same); }
Outcome TorchSameNameExecutor::run(const Case& c) { return oracle::run_lib_batch(oracle::Lib::torch_same, {&c})[0]; }
std::vector<Outcome> TorchSameNameExecutor::run_batch(const std::vector<const Case*>& cases) {
  return oracle::run_lib_batch(oracle::Lib::torch_same, cases);
}

JaxExecutor::JaxExecutor() { require_available(oracle::Lib::jax); }
Outcome JaxExecutor::run(const Case& c) { return oracle::run_lib_batch(oracle::Lib::jax, {&c})[0]; }
std::vector<Outcome> JaxExecutor::run_batch(const std::vector<const Case*>& cases) {
  return oracle::run_lib_batch(oracle::Lib::jax, cases);
}

// ---- error classes ----

const std::vector<ErrorMapping>& library_error_table() {
  static const std::vector<ErrorMapping> t = {
      {"torch", "", "must match the size of tensor b|must match the existing size|number of sizes provided .* must be greater or equal",
       "ValueError", "operands that do not broadcast: NumPy raises ValueError (operands could not be broadcast together)"},
      {"torch", "", "doesn't match the broadcast shape", "ValueError",
       "an in-place or out= target smaller than the broadcast result: NumPy's non-broadcastable output operand ValueError"},
      {"torch", "", "not implemented for '", "TypeError",
       "no kernel for the dtype (e.g. 'UInt16'): NumPy's UFuncTypeError (no loop matching the signature), a TypeError"},
      {"torch", "", "can't be cast to the desired output type", "TypeError",
       "the result cannot be cast into out= or the in-place target: NumPy's UFuncTypeError (Cannot cast ufunc output), a TypeError"},
      {"torch", "IndexError", "Dimension out of range", "AxisError",
       "an axis outside the array's dimensions: NumPy's AxisError"},
      {"torch", "", "shape '\\[.*\\]' is invalid for input of size", "ValueError",
       "reshape to another number of elements: NumPy's cannot reshape array ValueError"},
      {"torch", "", "Integers to negative integer powers are not allowed", "ValueError",
       "NumPy raises ValueError with the same message"},
      {"torch", "", "value cannot be converted to type .* without overflow", "OverflowError",
       "a Python number outside the dtype's range: NumPy's (NEP 50) OverflowError, Python integer out of bounds"},
      {"torch", "", "Sizes of tensors must match except in dimension|stack expects each tensor to be equal size|"
                    "expected a non-empty list of Tensors|zero-dimensional tensor .* cannot be concatenated|"
                    "Tensors must have same number of dimensions",
       "ValueError", "joining arrays of mismatched shapes, or none: NumPy's concatenate/stack ValueError"},
      {"torch", "", "shapes cannot be multiplied|size mismatch|inconsistent tensor size|1D tensors expected|Expected 1-D argument|"
                    "both arguments to matmul need to be at least 1D",
       "ValueError", "matmul/dot operands whose core dimensions differ: NumPy's ValueError (mismatch in its core dimension)"},
      {"torch", "", "with (a bool tensor|two bool tensors) is not supported|on a bool tensor is not supported", "TypeError",
       "subtract/negative of bool: NumPy raises TypeError (numpy boolean subtract/negative is not supported)"},
      {"torch", "", "not supported for complex|does not support complex|not implemented for complex|"
                    "is not supported for complex",
       "TypeError", "ordering complex numbers: TypeError, as Python raises for complex < complex (NumPy orders them "
                    "lexicographically, so these cases differ by outcome, not by class)"},
      {"torch", "RuntimeError", "^ZeroDivisionError$", "ZeroDivisionError",
       "integer division by zero: the class its message names (NumPy returns 0 with a RuntimeWarning)"},
      {"torch", "", "Expected reduction dim to be specified for input.numel\\(\\) == 0", "ValueError",
       "a reduction of an empty array with no identity (max, min): NumPy's zero-size array to reduction operation ValueError"},
      {"torch", "", "could not infer output dtype|expected input to have floating point or complex dtype|"
                    "only support floating point and complex dtypes|expected condition to be a boolean tensor",
       "TypeError", "an input dtype the op has no kernel for (mean/var/std of integers, a non-bool where condition): "
                    "NumPy's dtype refusals are TypeError (UFuncTypeError, no loop)"},
      {"torch", "", "invalid shape dimension", "ValueError", "a shape argument reshape refuses: NumPy's reshape errors are ValueError"},
      {"torch", "", "Boolean value of Tensor with more than one value is ambiguous", "ValueError",
       "NumPy's truth value of an array with more than one element is ambiguous ValueError"},
      {"torch", "", "Trying to resize storage that is not resizable", "ValueError",
       "an out= of another shape: torch would resize it but cannot resize NumPy-owned memory; NumPy refuses it with ValueError"},
      {"torch", "", "only one element tensors can be converted|only integer tensors of a single element can be converted to an index",
       "TypeError", "NumPy's only integer scalar arrays can be converted to a scalar index TypeError"},
      {"jax", "TypeError", "incompatible shapes for broadcasting", "ValueError",
       "operands that do not broadcast: JAX raises TypeError, NumPy ValueError (operands could not be broadcast together)"},
      {"jax", "ValueError", "axis .* is out of bounds for array of dimension", "AxisError",
       "JAX raises a plain ValueError for an axis outside the array; NumPy's AxisError (a ValueError)"},
  };
  return t;
}

namespace {
// NumPy's class by name, with its MRO's names (builtins, then numpy.exceptions).
std::vector<std::string> numpy_mro(const std::string& cls) {
  static std::map<std::string, std::vector<std::string>> cache;
  auto it = cache.find(cls);
  if (it != cache.end()) return it->second;
  oracle::start_interpreter();
  std::vector<std::string> mro;
  py::module_ b = py::module_::import("builtins");
  py::object k = py::hasattr(b, cls.c_str()) ? b.attr(cls.c_str())
                                              : py::module_::import("numpy.exceptions").attr(cls.c_str());
  for (auto c : k.attr("__mro__")) mro.push_back(py::cast<std::string>(c.attr("__name__")));
  cache.emplace(cls, mro);
  return mro;
}
}  // namespace

void map_library_error(const std::string& library, const std::string& cls, const std::vector<std::string>& mro,
                       const std::string& message, Outcome& o) {
  static const std::vector<std::regex> res = [] {
    std::vector<std::regex> v;
    for (const auto& row : library_error_table()) v.emplace_back(row.pattern);
    return v;
  }();
  o.error = true;
  o.error_message = "[" + library + " " + cls + "] " + message;
  const auto& t = library_error_table();
  for (size_t i = 0; i < t.size(); ++i) {
    if (library != t[i].library) continue;
    if (*t[i].cls && cls != t[i].cls) continue;
    if (!std::regex_search(message, res[i])) continue;
    o.error_class = t[i].numpy_class;
    o.error_mro = numpy_mro(t[i].numpy_class);
    return;
  }
  o.error_class = cls;
  o.error_mro = mro;
}

// ---- snippets ----

namespace {

// The shortest decimal that reads back as the same value of the dtype.
std::string float_literal(double v, DType d) {
  if (std::isnan(v)) return "np.nan";
  if (std::isinf(v)) return v > 0 ? "np.inf" : "-np.inf";
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    const double back = std::strtod(buf, nullptr);
    bool same;
    switch (d) {
      case DType::Float16: same = static_cast<float>(float16_t(back)) == static_cast<float>(float16_t(v)); break;
      case DType::BFloat16: same = static_cast<float>(bfloat16_t(back)) == static_cast<float>(bfloat16_t(v)); break;
      case DType::Float32: case DType::Complex64: same = static_cast<float>(back) == static_cast<float>(v); break;
      default: same = back == v;
    }
    if (same && std::signbit(back) == std::signbit(v)) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

std::string np_dtype(DType d) { return d == DType::BFloat16 ? "ml_dtypes.bfloat16" : std::string("np.") + name(d); }

// np.array([...], dtype=...) with the tensor's exact values (C order).
std::string exact_array_literal(const Tensor& t0) {
  Tensor t = t0.contiguous();
  std::ostringstream os;
  os << "np.array([";
  const int64_t n = t.size();
  const DType d = t.dtype();
  dispatch<AllTypes>(d, "snippet", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = t.data<T>();
    for (int64_t i = 0; i < n; ++i) {
      if (i) os << ", ";
      if constexpr (std::is_same_v<T, bool>) os << (p[i] ? "True" : "False");
      else if constexpr (std::is_integral_v<T>) os << +p[i];
      else if constexpr (is_complex_v<T>) os << "complex(" << float_literal(p[i].real(), d) << ", " << float_literal(p[i].imag(), d) << ")";
      else if constexpr (std::is_same_v<T, double>) os << float_literal(p[i], d);  // not through float: 1.6e308, 5e-324
      else os << float_literal(static_cast<double>(static_cast<float>(p[i])), d);
    }
  });
  os << "], dtype=" << np_dtype(d) << ")";
  if (t.ndim() != 1) os << ".reshape(" << shape_str(t.shape()) << ")";
  return os.str();
}

std::string library_array(oracle::Lib l, const Tensor& t) {
  const std::string a = exact_array_literal(t);
  if (l == oracle::Lib::jax) return "jnp.asarray(" + a + ")";
  if (oracle::is_torch(l)) {
    if (t.dtype() == DType::BFloat16) return "torch.from_numpy(" + a + ".view(np.uint16)).view(torch.bfloat16)";
    return "torch.from_numpy(" + a + ")";
  }
  return a;
}

std::string kw_source(oracle::Lib l, const KwValue& v) {
  if (const auto* d = std::get_if<DType>(&v)) return oracle::is_torch(l) ? "torch." + std::string(name(*d)) : np_dtype(*d);
  return kwvalue_python(v);
}

// The call the executor makes, with tensors named a0, a1, ... and out `o`; "" when the library
// has no such form (then `why` says so).
std::string library_call(oracle::Lib l, const Case& c, std::string& why) {
  if (l == oracle::Lib::numpy) return NumpyExecutor::expression(c);  // exactly what NumPy's executor runs
  const opinfo::OpInfo& op = *c.op;
  std::vector<std::string> args;
  for (size_t i = 0; i < c.input.args.size(); ++i)
    args.push_back(c.input.args[i].is_tensor() ? "a" + std::to_string(i) : python_literal(c.input.args[i].scalar()));
  std::string kw;
  for (const auto& [k, v] : c.input.kwargs) kw += ", " + oracle::lib_kwarg(l, k) + "=" + kw_source(l, v);
  auto call = [&](const std::string& fn, size_t first, const std::string& extra) {
    std::string s = (fn.rfind("lambda", 0) == 0 ? "(" + fn + ")" : fn) + "(";
    std::string inner;
    for (size_t i = first; i < args.size(); ++i) inner += (i > first ? ", " : "") + args[i];
    std::string k = kw + extra;
    if (inner.empty() && !k.empty()) k = k.substr(2);
    return s + inner + k + ")";
  };
  const std::string ref = oracle::lib_ref(l, op);
  const std::string method = oracle::lib_method(l, op);
  const bool tensor0 = !c.input.args.empty() && c.input.args[0].is_tensor();
  switch (c.variant) {
    case Variant::function:
      if (l == oracle::Lib::torch_same && !oracle::same_name_is_function(op)) {
        if (!tensor0) { why = "torch has neither " + ref + " nor a Tensor method " + method + " for it"; return ""; }
        return call(args[0] + "." + method, 1, "");  // torch.repeat does not exist; x.repeat does
      }
      return call(ref, 0, "");
    case Variant::method:
      if (l == oracle::Lib::torch_same && op.numpy_method.empty()) return call(ref, 0, "");
      if (!method.empty() && tensor0) return call(args[0] + "." + method, 1, "");
      return call(ref, 0, "");
    case Variant::inplace:
      if (l == oracle::Lib::jax) { why = "jax arrays are immutable: no in-place form"; return ""; }
      if (oracle::is_torch(l)) {
        if (method.empty() || !tensor0) { why = "torch.Tensor has no in-place method for " + op.name; return ""; }
        return call(args[0] + "." + method + "_", 1, "");
      }
      return "(lambda r: a0)(" + call(ref, 0, ", out=a0") + ")";
    case Variant::out:
      if (l == oracle::Lib::jax) { why = "jax.numpy functions take no out="; return ""; }
      return "(lambda r: o)(" + call(ref, 0, ", out=o") + ")";
  }
  return "";
}

}  // namespace

std::string array_literal(const Tensor& t) { return exact_array_literal(t); }

std::string library_keyword(const std::string& name, const std::string& numpy_key, const KwValue& v) {
  const oracle::Lib l = require(name);
  return oracle::lib_kwarg(l, numpy_key) + "=" + kw_source(l, v);
}

std::string library_snippet(const std::string& name, const Case& c) {
  const oracle::Lib l = require(name);
  std::ostringstream os;
  os << "import numpy as np, ml_dtypes\n";
  if (oracle::is_torch(l)) os << "import torch\n";
  if (l == oracle::Lib::jax)
    os << "import os; os.environ.setdefault('JAX_PLATFORMS', 'cpu')\n"
          "import jax, jax.numpy as jnp; jax.config.update('jax_enable_x64', True)\n";
  const std::string missing = oracle::lib_missing(l, *c.op);
  if (!missing.empty()) {
    os << "# " << name << " lacks " << c.op->name << ": " << missing << "\n";
    return os.str();
  }
  const std::string ref = oracle::lib_ref(l, *c.op);
  if (ref.find("_parity") != std::string::npos)
    os << "# " << ref << ": NumPy has no such function; the reference Parity uses (oracle/numpy_executor.cpp):"
       << NumpyExecutor::prelude();
  for (size_t i = 0; i < c.input.args.size(); ++i) {
    const ArrayLike& a = c.input.args[i];
    if (!a.is_tensor()) continue;
    const Tensor& t = a.tensor();
    os << "a" << i << " = " << library_array(l, t);
    if (!t.is_contiguous()) os << "  # engine layout: strides " << shape_str(t.strides()) << " (elements)";
    os << "\n";
  }
  if (c.variant == Variant::out && c.out.defined()) os << "o = " << library_array(l, c.out) << "\n";
  std::string why;
  const std::string expr = library_call(l, c, why);
  if (expr.empty()) {
    os << "# not comparable: " << why << "\n";
    return os.str();
  }
  if (l == oracle::Lib::numpy) {
    os << "with np.errstate(all='ignore'):\n    r = " << expr << "\n";
  } else if (c.variant == Variant::inplace) {
    os << expr << "\nr = a0\n";
  } else {
    os << "r = " << expr << "\n";
  }
  os << "print(repr(r))\n";
  return os.str();
}

}  // namespace parity

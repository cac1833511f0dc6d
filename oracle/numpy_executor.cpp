#include "parity/numpy_executor.h"

#include "parity/executors.h"
#include "parity/opinfo.h"
#include "parity/oracle.h"

namespace parity {

namespace {
// Python helpers for references NumPy lacks (scipy's expit) or spells differently.
constexpr const char* kPrelude = R"py(
import numpy as np, ml_dtypes
class _parity:
    @staticmethod
    def expit(x, out=None):
        x = np.asarray(x)
        if x.dtype.kind == 'c':  # scipy's expit has no complex loops
            raise TypeError("ufunc 'expit' not supported for the input types")
        dt = np.sin(np.zeros((), x.dtype)).dtype  # the loop sin would pick: int8 -> float16 ...
        with np.errstate(all='ignore'):
            r = (1.0 / (1.0 + np.exp(-x.astype(np.float64)))).astype(dt)
        if out is None:
            return r
        return np.positive(r, out=out)  # a ufunc's out= rules: same_kind cast, UFuncTypeError
    @staticmethod
    def random_like(method, size, dtype=None, **kw):
        # Parity's streams differ from NumPy's: compare shape, dtype and errors (values zeroed).
        dt = np.dtype(np.float64 if dtype is None else dtype)
        if dt.kind != 'f' and dt != np.dtype(ml_dtypes.bfloat16):
            raise TypeError(f"{method}: unsupported dtype {dt} (float dtypes only)")
        r = getattr(np.random.default_rng(0), method)(size=size, **kw)
        return np.zeros(np.shape(r), dt)
import builtins
builtins._parity = _parity
)py";

// "a<i>", the Python name of tensor argument i. Built by appending: GCC 12 at -O3 gives a false
// -Wrestrict for "a" + std::to_string(i) (a known false positive in its string::insert).
std::string arg_name(size_t i) {
  std::string s = "a";
  s += std::to_string(i);
  return s;
}

}  // namespace

std::string python_literal(const Scalar& s) {
  std::string r = s.repr();
  if (r == "nan") return "float('nan')";
  if (r == "inf") return "float('inf')";
  if (r == "-inf") return "-float('inf')";
  return r;
}

NumpyExecutor::NumpyExecutor() { oracle::exec(kPrelude); }

const char* NumpyExecutor::prelude() { return kPrelude; }

std::string NumpyExecutor::expression(const Case& c) {
  std::vector<std::string> args;
  for (size_t i = 0; i < c.input.args.size(); ++i) {
    const ArrayLike& a = c.input.args[i];
    args.push_back(a.is_tensor() ? arg_name(i) : python_literal(a.scalar()));
  }
  std::string kw;
  for (const auto& [k, v] : c.input.kwargs) kw += ", " + k + "=" + kwvalue_python(v);
  auto call = [&](const std::string& fn, size_t first) {
    // A lambda reference is called as (lambda ...)(args).
    std::string s = (fn.rfind("lambda", 0) == 0 ? "(" + fn + ")" : fn) + "(";
    for (size_t i = first; i < args.size(); ++i) s += (i > first ? ", " : "") + args[i];
    if (args.size() == first && !kw.empty()) return s + kw.substr(2) + ")";
    return s + kw + ")";
  };
  const std::string& ref = c.op->numpy_ref;
  switch (c.variant) {
    case Variant::function: return call(ref, 0);
    case Variant::method:
      if (!c.op->numpy_method.empty() && !args.empty()) return call(args[0] + "." + c.op->numpy_method, 1);
      return call(ref, 0);
    case Variant::inplace: {
      std::string s = call(ref, 0);
      s.insert(s.size() - 1, ", out=a0");
      return "(lambda r: a0)(" + s + ")";
    }
    case Variant::out: {
      std::string s = call(ref, 0);
      s.insert(s.size() - 1, ", out=o");
      return "(lambda r: o)(" + s + ")";
    }
  }
  return "";
}

Outcome NumpyExecutor::run(const Case& c) {
  // The oracle hands NumPy the tensors' own memory: in-place and out= write into private copies,
  // as read-only as the operands.
  auto private_copy = [](const Tensor& t) {
    Tensor c = t.copy();
    return t.writeable() ? c : c.setflags(false);
  };
  oracle::Args a;
  for (size_t i = 0; i < c.input.args.size(); ++i) {
    if (!c.input.args[i].is_tensor()) continue;
    const Tensor& t = c.input.args[i].tensor();
    a.emplace_back(arg_name(i), c.variant == Variant::inplace && i == 0 ? private_copy(t) : t);
  }
  if (c.variant == Variant::out && c.out.defined()) a.emplace_back("o", private_copy(c.out));
  return oracle::eval(expression(c), a);
}

}  // namespace parity

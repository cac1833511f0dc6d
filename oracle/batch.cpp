// One batch runner for every library behind the embedded interpreter (NumPy, PyTorch, JAX): the
// calls of a batch are built in C++ (reference callables compiled once, no per-case source text)
// and run by one Python function; torch and jax add a conversion of the arguments and results.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>

#include <pybind11/embed.h>
#include <pybind11/numpy.h>

#include "library.h"
#include "parity/library_executors.h"
#include "parity/numpy_convert.h"
#include "parity/numpy_executor.h"
#include "parity/opinfo.h"
#include "parity/oracle.h"

namespace py = pybind11;

namespace parity::oracle {

namespace {

constexpr const char* kBatchPrelude = R"py(
import warnings as _w, numpy as _np, ml_dtypes as _mld
class _ParityNotComparable(Exception):
    pass
def _parity_batch(calls, cin=None, cout=None, record=False, alias=None):
    # cin/cout convert arguments to the library and results back to NumPy (None for NumPy).
    # record (library pairs, issue 27): each entry is (result or exception, the warning categories
    # the call raised, whether a result shares memory with a tensor argument (alias(result, arg))).
    res = []
    # errstate as in the single-case path: with 'warn', NumPy can emit a RuntimeWarning while an
    # error is pending (power(int, -3, out=float16)) and raise SystemError instead of ValueError;
    # recording warns, and a SystemError is then asked again with 'ignore'.
    with _w.catch_warnings(record=True) as log, _np.errstate(all='warn' if record else 'ignore'):
        _w.simplefilter('always' if record else 'ignore')
        for fn, mode, args, kw, o in calls:
            warned, shared, n0, given = [], False, 0, args
            try:
                if cin is not None:
                    args = [cin(a) if type(a) is _np.ndarray else a for a in args]
                    if o is not None:
                        o = cin(o)
                n0 = len(log)  # warnings of the call itself, not of the conversions
                try:
                    r = _parity_call(fn, mode, args, kw, o)
                except SystemError:
                    if not record:
                        raise
                    with _np.errstate(all='ignore'):
                        r = _parity_call(fn, mode, args, kw, o)
                if record:
                    warned = sorted({w.category.__name__ for w in log[n0:]})
                    if alias is not None and mode < 2:  # in-place and out= results are their argument
                        outs = r if isinstance(r, (tuple, list)) else (r,)
                        # against the arrays as given: a copy the conversion made (torch takes no
                        # negative strides) is no input of the caller's
                        shared = any(alias(x, a) for x in outs for a in given if type(a) is _np.ndarray)
                r = r if cout is None else cout(r)
            except Exception as e:
                r = e
                if record:
                    warned = sorted({w.category.__name__ for w in log[n0:]})
            res.append((r, warned, shared) if record else r)
            del log[:]
    return res
def _parity_call(fn, mode, args, kw, o):
    if mode == 0:
        return fn(*args, **kw)
    if mode == 1:
        return getattr(args[0], fn)(*args[1:], **kw)
    if mode == 2:
        fn(*args, **kw, out=args[0])
        return args[0]
    if mode == 3:
        fn(*args, **kw, out=o)
        return o
    getattr(args[0], fn)(*args[1:], **kw)  # an in-place method: x.add_(y)
    return args[0]
def _parity_alias_numpy(x, a):
    return type(x) is _np.ndarray and type(a) is _np.ndarray and x.size > 0 and _np.may_share_memory(x, a)
import builtins as _b
_b._parity_alias_numpy = _parity_alias_numpy
_b._parity_batch = _parity_batch
_b._ParityNotComparable = _ParityNotComparable
)py";

constexpr const char* kTorchPrelude = R"py(
import numpy as _np, ml_dtypes as _mld, torch as _torch
_torch.set_num_threads(1)  # the fuzzer's tensors are small; one thread like the engine's flat path
_bf16 = _np.dtype(_mld.bfloat16)
def _parity_to_torch(a):
    if a.dtype == _bf16:  # NumPy knows no torch.bfloat16: hand over the bits
        return _parity_to_torch(a.view(_np.uint16)).view(_torch.bfloat16)
    if any(s < 0 for s in a.strides):  # from_numpy refuses negative strides
        a = a.copy()
    return _torch.from_numpy(a)
def _parity_from_torch(r):
    if isinstance(r, _torch.Tensor):
        r = r.detach().cpu().resolve_conj().resolve_neg()
        if r.dtype == _torch.bfloat16:
            return r.view(_torch.uint16).numpy().view(_bf16)
        return r.numpy()
    if isinstance(r, (tuple, list)):
        return [_parity_from_torch(x) for x in r]
    return r
def _parity_alias_torch(x, a):  # x's storage overlaps the NumPy array a was made from (jax never aliases)
    if not isinstance(x, _torch.Tensor) or x.numel() == 0 or a.size == 0:
        return False
    lo, hi = _np.lib.array_utils.byte_bounds(a)
    p = x.untyped_storage().data_ptr()
    return p < hi and lo < p + x.untyped_storage().nbytes()
import builtins as _b
_b._parity_alias_torch = _parity_alias_torch
_b._parity_to_torch = _parity_to_torch
_b._parity_from_torch = _parity_from_torch
)py";

constexpr const char* kJaxPrelude = R"py(
import os as _os
_os.environ.setdefault('JAX_PLATFORMS', 'cpu')  # before the first import: no accelerator probing
import numpy as _np, jax as _jax, jax.numpy as _jnp
_jax.config.update('jax_enable_x64', True)  # int64/float64 as NumPy has them
_jax.config.update('jax_platforms', 'cpu')
# PARITY_JAX_CACHE_DIR (scripts/reports.sh: build/jax-cache): JAX's persistent compilation cache,
# shared by the campaign's workers and kept between runs; every compilation is kept (by default
# only those over a second are, and an op's eager compilation takes tens of milliseconds).
if _os.environ.get('PARITY_JAX_CACHE_DIR'):
    _jax.config.update('jax_compilation_cache_dir', _os.environ['PARITY_JAX_CACHE_DIR'])
    _jax.config.update('jax_persistent_cache_min_compile_time_secs', 0)
    _jax.config.update('jax_persistent_cache_min_entry_size_bytes', 0)
def _parity_to_jax(a):  # device_put, not jnp.asarray: that compiles a copy per shape and dtype
    return _jax.device_put(a)
def _parity_from_jax(r):
    if isinstance(r, _jax.Array):
        return _np.asarray(r)
    if isinstance(r, (tuple, list)):
        return [_parity_from_jax(x) for x in r]
    return r
import builtins as _b
_b._parity_to_jax = _parity_to_jax
_b._parity_from_jax = _parity_from_jax
)py";

struct PyState {
  Lib lib = Lib::numpy;
  py::object batch, cin, cout;
  py::object base_exc, not_comparable;
  py::object alias;        // alias(result, argument): whether they share memory (None: jax)
  py::object tensor_type;  // torch.Tensor / jax.Array: whose methods the method variant calls
  py::dict ns;             // where references are evaluated
  std::map<std::string, py::object> fns;  // reference source -> callable
  std::map<std::string, bool> has_method;
  std::string reference;
};

// Imported state per library; nullptr (with the reason) when the library cannot be imported.
PyState* state(Lib l, std::string* why = nullptr) {
  static PyState* st[4] = {nullptr, nullptr, nullptr, nullptr};
  static std::string failed[4];
  static bool tried[4] = {false, false, false, false};
  const int k = static_cast<int>(l);
  if (!tried[k]) {
    tried[k] = true;
    start_interpreter();
    try {
      if (l == Lib::numpy) {
        NumpyExecutor prelude;  // the oracle's _parity helpers (expit, random_like) in this interpreter
        (void)prelude;
      }
      static bool batch_defined = false;
      if (!batch_defined) {
        py::exec(kBatchPrelude);
        batch_defined = true;
      }
      auto* s = new PyState;
      s->lib = l;
      py::module_ builtins = py::module_::import("builtins");
      s->batch = builtins.attr("_parity_batch");
      s->base_exc = builtins.attr("Exception");
      s->not_comparable = builtins.attr("_ParityNotComparable");
      s->cin = py::none();
      s->cout = py::none();
      s->alias = py::none();
      py::module_ np = py::module_::import("numpy");
      s->ns["np"] = np;
      s->ns["ml_dtypes"] = py::module_::import("ml_dtypes");
      s->ns["bfloat16"] = py::module_::import("ml_dtypes").attr("bfloat16");
      if (l == Lib::numpy) {
        s->ns["_parity"] = builtins.attr("_parity");
        s->tensor_type = np.attr("ndarray");
        s->alias = builtins.attr("_parity_alias_numpy");
        s->reference = "numpy " + numpy_version();
      } else if (is_torch(l)) {
        import_torch();  // first: RTLD_DEEPBIND (oracle.h)
        py::exec(kTorchPrelude);
        py::module_ torch = py::module_::import("torch");
        s->ns["torch"] = torch;
        s->cin = builtins.attr("_parity_to_torch");
        s->cout = builtins.attr("_parity_from_torch");
        s->tensor_type = torch.attr("Tensor");
        s->alias = builtins.attr("_parity_alias_torch");
        s->reference = "torch " + py::cast<std::string>(torch.attr("__version__"));
      } else {
        py::exec(kJaxPrelude);
        py::module_ jax = py::module_::import("jax");
        s->ns["jax"] = jax;
        s->ns["jnp"] = py::module_::import("jax.numpy");
        s->cin = builtins.attr("_parity_to_jax");
        s->cout = builtins.attr("_parity_from_jax");
        s->tensor_type = jax.attr("Array");
        s->reference = "jax " + py::cast<std::string>(jax.attr("__version__"));
      }
      st[k] = s;
    } catch (py::error_already_set& e) {
      failed[k] = std::string(lib_name(l)) + " not installed (" + py::cast<std::string>(e.type().attr("__name__")) +
                  ": " + py::cast<std::string>(py::str(e.value())) + ")";
    } catch (const std::runtime_error& e) {  // import_torch's
      failed[k] = std::string(lib_name(l)) + " not installed (" + e.what() + ")";
    }
  }
  if (!st[k] && why) *why = failed[k];
  return st[k];
}

py::object ref_fn(PyState& st, const std::string& ref) {
  auto it = st.fns.find(ref);
  if (it != st.fns.end()) return it->second;
  py::object f = py::eval(ref, st.ns);
  st.fns.emplace(ref, f);
  return f;
}

// The callable, or None when the library has no such name (same-name mode asks for names torch
// may lack).
py::object try_ref_fn(PyState& st, const std::string& ref) {
  auto it = st.fns.find(ref);
  if (it != st.fns.end()) return it->second;
  py::object f = py::none();
  try {
    f = py::eval(ref, st.ns);
  } catch (py::error_already_set&) {
  }
  st.fns.emplace(ref, f);
  return f;
}

bool has_method(PyState& st, const std::string& m) {
  auto it = st.has_method.find(m);
  if (it != st.has_method.end()) return it->second;
  const bool h = !m.empty() && py::hasattr(st.tensor_type, m.c_str());
  st.has_method.emplace(m, h);
  return h;
}

py::object scalar_py(const Scalar& s) {
  switch (s.type) {
    case Scalar::Type::Bool: return py::bool_(s.b);
    case Scalar::Type::Int:
      return s.big_uint ? py::reinterpret_steal<py::object>(PyLong_FromUnsignedLongLong(s.u))
                        : py::reinterpret_steal<py::object>(PyLong_FromLongLong(s.i));
    case Scalar::Type::Float: return py::float_(s.c.real());
    case Scalar::Type::Complex: return py::reinterpret_steal<py::object>(PyComplex_FromDoubles(s.c.real(), s.c.imag()));
  }
  return py::none();
}

// A dtype keyword as the library takes it: NumPy's scalar type, torch.float32 ...
py::object dtype_py(PyState& st, DType d) {
  if (is_torch(st.lib)) return st.ns["torch"].attr(name(d));
  return numpy_dtype(d).attr("type");  // jax.numpy takes NumPy's types
}

py::object kw_py(PyState& st, const KwValue& v) {
  if (const auto* d = std::get_if<DType>(&v)) return dtype_py(st, *d);
  struct V {
    py::object operator()(std::monostate) const { return py::none(); }
    py::object operator()(bool b) const { return py::bool_(b); }
    py::object operator()(int64_t i) const { return py::int_(i); }
    py::object operator()(double d) const { return py::float_(d); }
    py::object operator()(const std::vector<int64_t>& t) const {
      py::tuple r(t.size());
      for (size_t i = 0; i < t.size(); ++i) r[i] = py::int_(t[i]);
      return r;
    }
    py::object operator()(DType) const { return py::none(); }
    py::object operator()(const std::string& s) const { return py::str(s); }
  };
  return std::visit(V{}, v);
}

// A result array as a fresh tensor: memcpy when C-contiguous (the common case), the oracle's
// converter otherwise.
Tensor result_tensor(py::handle obj) {
  if (py::isinstance<py::array>(obj)) {
    py::array arr = py::reinterpret_borrow<py::array>(obj);
    if (arr.flags() & py::array::c_style) {
      const DType d = dtype_from_numpy(arr.dtype());
      Shape shape(arr.ndim());
      int64_t n = 1;
      for (size_t i = 0; i < shape.size(); ++i) { shape[i] = arr.shape(i); n *= shape[i]; }
      const int64_t bytes = n * itemsize(d);
      Tensor t(std::make_shared<Storage>(std::max<int64_t>(bytes, itemsize(d))), d, shape, contiguous_strides(shape), 0);
      if (bytes > 0) std::memcpy(t.data_ptr(), arr.data(), static_cast<size_t>(bytes));
      return t;
    }
  }
  return from_numpy(obj);
}

void oracle_failure(Outcome& o, const std::string& what) {
  o.values.clear();
  o.error = true;
  o.crashed = true;
  o.error_class = "OracleError";
  o.error_mro = {"OracleError"};
  o.error_message = "[oracle] " + what;
}

Outcome not_comparable(const PyState* st, const std::string& why) {
  Outcome o;
  if (st) o.reference = st->reference;
  o.not_comparable = true;
  o.error_message = why;
  return o;
}

Outcome to_outcome(PyState& st, py::handle entry, const Case& c, bool record) {
  Outcome o;
  o.reference = st.reference;
  py::handle r = entry;
  if (record) {  // (result, warnings, aliases)
    r = py::handle(PyTuple_GET_ITEM(entry.ptr(), 0));
    for (auto w : py::handle(PyTuple_GET_ITEM(entry.ptr(), 1))) o.warnings.push_back(py::cast<std::string>(w));
    o.aliases_input = PyObject_IsTrue(PyTuple_GET_ITEM(entry.ptr(), 2)) == 1;
  }
  if (PyObject_IsInstance(r.ptr(), st.base_exc.ptr()) == 1) {
    py::object type = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(Py_TYPE(r.ptr())));
    const std::string cls = py::cast<std::string>(type.attr("__name__"));
    const std::string msg = py::cast<std::string>(py::str(r));
    if (PyObject_IsInstance(r.ptr(), st.not_comparable.ptr()) == 1) return not_comparable(&st, msg);
    // A library function without out=: the variant does not exist there, which is no error of the op.
    if (st.lib != Lib::numpy && c.variant == Variant::out && cls == "TypeError" &&
        msg.find("unexpected keyword argument 'out'") != std::string::npos)
      return not_comparable(&st, std::string(lib_name(st.lib)) + ": " + lib_ref(st.lib, *c.op) + " has no out= argument");
    std::vector<std::string> mro;
    for (auto k : type.attr("__mro__")) mro.push_back(py::cast<std::string>(k.attr("__name__")));
    o.native_error_mro = mro;
    if (st.lib == Lib::numpy) {
      o.error = true;
      o.error_class = cls;
      o.error_mro = std::move(mro);
      o.error_message = msg;
    } else {
      map_library_error(table_name(st.lib), cls, mro, msg, o);
    }
    return o;
  }
  try {
    if (py::isinstance<py::tuple>(r) || py::isinstance<py::list>(r)) {
      for (auto item : r) o.values.push_back(result_tensor(item));
    } else {
      o.values.push_back(result_tensor(r));
    }
  } catch (py::error_already_set& e) {
    oracle_failure(o, std::string("cannot convert the result: ") + e.what());
  } catch (const std::exception& e) {
    oracle_failure(o, std::string("cannot convert the result: ") + e.what());
  }
  return o;
}

}  // namespace

const char* lib_name(Lib l) {
  switch (l) {
    case Lib::numpy: return "numpy";
    case Lib::torch: return "torch";
    case Lib::jax: return "jax";
    case Lib::torch_same: return "torch-same-name";
  }
  return "?";
}

bool lib_from_name(const std::string& n, Lib& out) {
  for (Lib l : {Lib::numpy, Lib::torch, Lib::jax, Lib::torch_same})
    if (n == lib_name(l)) {
      out = l;
      return true;
    }
  return false;
}

bool lib_available(Lib l, std::string* why) { return state(l, why) != nullptr; }

std::string lib_version(Lib l) {
  PyState* s = state(l);
  if (!s) return "";
  return s->reference.substr(s->reference.find(' ') + 1);
}

std::string lib_ref(Lib l, const opinfo::OpInfo& op) {
  if (l == Lib::torch_same) {
    const std::string& r = op.numpy_ref;
    if (r.rfind("np.", 0) != 0 || r.size() == 3) return "";
    for (char ch : r.substr(3))
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '.') return "";
    return "torch." + r.substr(3);
  }
  return l == Lib::numpy ? op.numpy_ref : l == Lib::torch ? op.torch_ref : op.jax_ref;
}

std::string lib_method(Lib l, const opinfo::OpInfo& op) {
  if (l == Lib::torch) return op.torch_method;
  if (l == Lib::torch_same && op.numpy_method.empty()) {  // the function's last name, as a Tensor method
    const std::string r = lib_ref(l, op);
    return r.empty() ? "" : r.substr(r.rfind('.') + 1);
  }
  return op.numpy_method;
}

bool same_name_is_function(const opinfo::OpInfo& op) {
  PyState* st = state(Lib::torch_same);
  const std::string r = lib_ref(Lib::torch_same, op);
  return st && !r.empty() && !try_ref_fn(*st, r).is_none();
}

std::string lib_missing(Lib l, const opinfo::OpInfo& op) {
  if (l == Lib::numpy) return op.numpy_ref.empty() ? "no NumPy reference" : "";
  if (l == Lib::torch_same)
    return lib_ref(l, op).empty() ? "NumPy's reference " + op.numpy_ref + " is no plain np. function" : "";
  const std::string& why = l == Lib::torch ? op.torch_missing : op.jax_missing;
  if (!why.empty()) return why;
  if (lib_ref(l, op).empty()) return std::string("the ") + op.name + " entry names no " + lib_name(l) + " call";
  return "";
}

std::string lib_kwarg(Lib l, const std::string& k) {
  if (l == Lib::torch) {  // PyTorch's names for NumPy's keywords (torch_same keeps NumPy's)
    if (k == "axis") return "dim";
    if (k == "keepdims") return "keepdim";
  }
  return k;
}

std::vector<Outcome> run_lib_batch(Lib l, const std::vector<const Case*>& cases, bool record) {
  std::vector<Outcome> outs(cases.size());
  std::string why;
  PyState* sp = state(l, &why);
  if (!sp) {
    for (auto& o : outs) oracle_failure(o, why);
    return outs;
  }
  PyState& st = *sp;
  const char* lname = lib_name(l);
  py::list calls;
  std::vector<size_t> slot;  // cases[slot[i]] is calls[i]
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = *cases[i];
    const opinfo::OpInfo& op = *c.op;
    if (l != Lib::numpy) {
      const std::string missing = lib_missing(l, op);
      if (!missing.empty()) {
        outs[i] = not_comparable(&st, std::string(lname) + " lacks " + op.name + ": " + missing);
        continue;
      }
    }
    try {
      int mode = 0;
      py::object fn;
      const std::string method = lib_method(l, op);
      const bool tensor0 = !c.input.args.empty() && c.input.args[0].is_tensor();
      switch (c.variant) {
        case Variant::function:
          if (l == Lib::torch_same && try_ref_fn(st, lib_ref(l, op)).is_none()) {
            if (!tensor0 || !has_method(st, method)) {
              outs[i] = not_comparable(&st, std::string(lname) + ": torch has neither " + lib_ref(l, op) +
                                                " nor a Tensor method " + method);
              continue;
            }
            mode = 1;  // torch.repeat does not exist; x.repeat does (with its own meaning)
            fn = py::str(method);
          }
          break;
        case Variant::method:
          // (same-name: NumPy's method name only; an op without one calls the function, as NumPy does)
          if (tensor0 && has_method(st, l == Lib::torch_same ? op.numpy_method : method)) {
            mode = 1;
            fn = py::str(method);
          }
          break;
        case Variant::inplace:
          if (l == Lib::numpy) {
            mode = 2;
          } else if (l == Lib::jax) {
            outs[i] = not_comparable(&st, "jax arrays are immutable: no in-place form of " + op.name);
            continue;
          } else if (has_method(st, method + "_")) {
            mode = 4;
            fn = py::str(method + "_");
          } else {
            outs[i] = not_comparable(&st, "torch.Tensor has no in-place method " +
                                              (method.empty() ? op.name + " (no torch_method)" : method + "_"));
            continue;
          }
          break;
        case Variant::out:
          if (l == Lib::jax) {
            outs[i] = not_comparable(&st, "jax.numpy functions take no out=: " + op.name);
            continue;
          }
          mode = 3;
          break;
      }
      if (!fn && l == Lib::torch_same && try_ref_fn(st, lib_ref(l, op)).is_none()) {
        outs[i] = not_comparable(&st, std::string(lname) + ": torch has no " + lib_ref(l, op));
        continue;
      }
      if (!fn) fn = ref_fn(st, lib_ref(l, op));
      py::tuple args(c.input.args.size());
      for (size_t k = 0; k < c.input.args.size(); ++k) {
        const ArrayLike& a = c.input.args[k];
        if (!a.is_tensor()) args[k] = scalar_py(a.scalar());
        else args[k] = to_numpy(c.variant == Variant::inplace && k == 0 ? a.tensor().copy() : a.tensor());
      }
      py::dict kw;
      for (const auto& [k, v] : c.input.kwargs) kw[py::str(l == Lib::numpy ? k : lib_kwarg(l, k))] = kw_py(st, v);
      py::object o = c.variant == Variant::out && c.out.defined() ? py::object(to_numpy(c.out.copy())) : py::object(py::none());
      calls.append(py::make_tuple(fn, mode, args, kw, o));
      slot.push_back(i);
    } catch (py::error_already_set& e) {
      oracle_failure(outs[i], e.what());
    }
  }
  if (slot.empty()) return outs;
  py::list res;
  try {
    res = st.batch(calls, st.cin, st.cout, record, record ? st.alias : py::object(py::none()));
  } catch (py::error_already_set& e) {
    for (size_t i : slot) oracle_failure(outs[i], e.what());
    return outs;
  }
  for (size_t j = 0; j < slot.size(); ++j) outs[slot[j]] = to_outcome(st, res[j], *cases[slot[j]], record);
  return outs;
}

}  // namespace parity::oracle

namespace parity {

std::vector<Outcome> NumpyExecutor::run_batch(const std::vector<const Case*>& cases) {
  return oracle::run_lib_batch(oracle::Lib::numpy, cases);
}

}  // namespace parity

// Running cases on both sides: the engine case by case, NumPy in one Python call per batch
// (reference callables compiled once, no per-case source text), then the suites' comparator.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include <pybind11/embed.h>
#include <pybind11/numpy.h>

#include "fuzz_spec.h"
#include "parity/fuzzer.h"
#include "parity/numpy_convert.h"
#include "parity/oracle.h"
#include "parity/ops.h"

namespace py = pybind11;

namespace parity::fuzz {

std::function<void(const Case&)> g_before_engine_hook;

namespace {

constexpr const char* kBatchPrelude = R"py(
import warnings as _w, numpy as _np, ml_dtypes as _mld
def _parity_fuzz_batch(calls):
    res = []
    # errstate as in the single-case path: with 'warn', NumPy can emit a RuntimeWarning while an
    # error is pending (power(int, -3, out=float16)) and raise SystemError instead of ValueError.
    with _w.catch_warnings(), _np.errstate(all='ignore'):
        _w.simplefilter('ignore')
        for fn, mode, args, kw, o in calls:
            try:
                if mode == 0:
                    r = fn(*args, **kw)
                elif mode == 1:
                    r = getattr(args[0], fn)(*args[1:], **kw)
                elif mode == 2:
                    fn(*args, **kw, out=args[0])
                    r = args[0]
                else:
                    fn(*args, **kw, out=o)
                    r = o
                res.append(r)
            except Exception as e:
                res.append(e)
    return res
import builtins as _b
_b._parity_fuzz_batch = _parity_fuzz_batch
)py";

struct PyState {
  py::object batch;
  py::object base_exc;
  py::dict ns;
  std::map<std::string, py::object> fns;  // numpy_ref -> callable
  std::string reference;
};

PyState& py_state() {
  static PyState* st = [] {
    NumpyExecutor prelude;  // runs the oracle's prelude (_parity helpers) in this interpreter
    (void)prelude;
    oracle::exec(kBatchPrelude);
    auto* s = new PyState;
    py::module_ builtins = py::module_::import("builtins");
    s->batch = builtins.attr("_parity_fuzz_batch");
    s->base_exc = builtins.attr("Exception");
    s->ns["np"] = py::module_::import("numpy");
    s->ns["ml_dtypes"] = py::module_::import("ml_dtypes");
    s->ns["bfloat16"] = py::module_::import("ml_dtypes").attr("bfloat16");
    s->reference = "numpy " + oracle::numpy_version();
    return s;
  }();
  return *st;
}

py::object ref_fn(PyState& st, const std::string& ref) {
  auto it = st.fns.find(ref);
  if (it != st.fns.end()) return it->second;
  py::object f = py::eval(ref, st.ns);
  st.fns.emplace(ref, f);
  return f;
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

py::object kw_py(const KwValue& v) {
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
    py::object operator()(DType d) const { return oracle::numpy_dtype(d).attr("type"); }
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
      const DType d = oracle::dtype_from_numpy(arr.dtype());
      Shape shape(arr.ndim());
      int64_t n = 1;
      for (size_t i = 0; i < shape.size(); ++i) { shape[i] = arr.shape(i); n *= shape[i]; }
      const int64_t bytes = n * itemsize(d);
      Tensor t(std::make_shared<Storage>(std::max<int64_t>(bytes, itemsize(d))), d, shape, contiguous_strides(shape), 0);
      if (bytes > 0) std::memcpy(t.data_ptr(), arr.data(), static_cast<size_t>(bytes));
      return t;
    }
  }
  return oracle::from_numpy(obj);
}

Outcome to_outcome(PyState& st, py::handle r) {
  Outcome o;
  o.reference = st.reference;
  if (PyObject_IsInstance(r.ptr(), st.base_exc.ptr()) == 1) {
    o.error = true;
    py::object type = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(Py_TYPE(r.ptr())));
    o.error_class = py::cast<std::string>(type.attr("__name__"));
    for (auto c : type.attr("__mro__")) o.error_mro.push_back(py::cast<std::string>(c.attr("__name__")));
    o.error_message = py::cast<std::string>(py::str(r));
    return o;
  }
  try {
    if (py::isinstance<py::tuple>(r) || py::isinstance<py::list>(r)) {
      for (auto item : r) o.values.push_back(result_tensor(item));
    } else {
      o.values.push_back(result_tensor(r));
    }
  } catch (const std::exception& e) {
    o.values.clear();
    o.error = true;
    o.crashed = true;
    o.error_class = "OracleError";
    o.error_mro = {"OracleError"};
    o.error_message = std::string("[oracle] cannot convert the result: ") + e.what();
  }
  return o;
}

// NumPy's outcomes for a batch of cases, in one Python call.
std::vector<Outcome> numpy_batch(const std::vector<const Case*>& cases) {
  oracle::start_interpreter();
  PyState& st = py_state();
  std::vector<Outcome> outs(cases.size());
  py::list calls;
  std::vector<size_t> slot;  // cases[slot[i]] is calls[i]
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = *cases[i];
    const opinfo::OpInfo& op = *c.op;
    try {
      int mode = 0;
      py::object fn;
      if (c.variant == Variant::method && !op.numpy_method.empty() && !c.input.args.empty()) {
        mode = 1;
        fn = py::str(op.numpy_method);
      } else {
        fn = ref_fn(st, op.numpy_ref);
        mode = c.variant == Variant::inplace ? 2 : c.variant == Variant::out ? 3 : 0;
      }
      py::tuple args(c.input.args.size());
      for (size_t k = 0; k < c.input.args.size(); ++k) {
        const ArrayLike& a = c.input.args[k];
        if (!a.is_tensor()) args[k] = scalar_py(a.scalar());
        else args[k] = oracle::to_numpy(c.variant == Variant::inplace && k == 0 ? a.tensor().copy() : a.tensor());
      }
      py::dict kw;
      for (const auto& [k, v] : c.input.kwargs) kw[py::str(k)] = kw_py(v);
      py::object o = c.variant == Variant::out && c.out.defined() ? py::object(oracle::to_numpy(c.out.copy())) : py::object(py::none());
      calls.append(py::make_tuple(fn, mode, args, kw, o));
      slot.push_back(i);
    } catch (py::error_already_set& e) {
      outs[i].error = true;
      outs[i].crashed = true;
      outs[i].error_class = "OracleError";
      outs[i].error_mro = {"OracleError"};
      outs[i].error_message = std::string("[oracle] ") + e.what();
    }
  }
  py::list res;
  try {
    res = st.batch(calls);
  } catch (py::error_already_set& e) {
    for (size_t i : slot) {
      outs[i].error = true;
      outs[i].crashed = true;
      outs[i].error_class = "OracleError";
      outs[i].error_message = std::string("[oracle] ") + e.what();
    }
    return outs;
  }
  for (size_t j = 0; j < slot.size(); ++j) outs[slot[j]] = to_outcome(st, res[j]);
  return outs;
}

// The op's tolerance for the result dtype (the reference's, else the engine's), loosened to the
// compute dtype's for an out= of another dtype.
Tolerance case_tolerance(const Case& c, const CaseResult& r) {
  DType rd = !r.numpy.values.empty() ? r.numpy.values[0].dtype()
             : !r.engine.values.empty() ? r.engine.values[0].dtype() : DType::Float64;
  Tolerance tol = c.op->tolerance(rd);
  if (c.compute_dtype) {
    const Tolerance t = c.op->tolerance(*c.compute_dtype);
    tol = {std::max(tol.rtol, t.rtol), std::max(tol.atol, t.atol)};
  }
  return tol;
}

// A mismatch the op's entry declares (a "differs" discrepancy covering this case) is accepted,
// with its reason; crashes never are.
void accept_declared(const Case& c, CaseResult& r) {
  if (r.verdict.match() || r.verdict.kind == Mismatch::crash) return;
  DType d = DType::Float64;
  for (const auto& a : c.input.args)
    if (a.is_tensor()) { d = a.tensor().dtype(); break; }
  if (const auto* x = c.op->find_discrepancy(opinfo::Discrepancy::Kind::differs, "Fuzz", d, c.input, c.out, c.natural))
    r.accepted = x->what + ": " + x->reason;
}


// A GPU case against the engine's CPU run of it: any difference is Mismatch::device, unless the
// entry declares it (a `differs` discrepancy of suite "Fuzz" covering the case).
CaseResult finish_vs_cpu(const Case& c, Outcome gpu, Outcome cpu) {
  CaseResult r;
  r.engine = std::move(gpu);
  r.numpy = std::move(cpu);
  r.numpy.reference = "engine on cpu";
  Tolerance tol = case_tolerance(c, r);
  r.verdict = compare_devices(r.engine, r.numpy, tol, c.device, c.compute_dtype);
  accept_declared(c, r);
  return r;
}

std::vector<Outcome> cpu_runs(const std::vector<const Case*>& cases, EngineExecutor& engine) {
  std::vector<Outcome> out;
  out.reserve(cases.size());
  for (const Case* c : cases) {
    Case cpu = *c;
    cpu.device = Device::cpu;
    out.push_back(engine.run(cpu));
  }
  return out;
}

CaseResult finish(const Case& c, Outcome engine, Outcome numpy) {
  CaseResult r;
  r.engine = std::move(engine);
  r.numpy = std::move(numpy);
  Tolerance tol = case_tolerance(c, r);
  r.verdict = compare(r.engine, r.numpy, tol, c.compute_dtype);
  // Sums of products get the terms' scale too, computed only when the strict comparison fails.
  if (r.verdict.kind == Mismatch::value && c.op->sum_of_products) {
    std::vector<double> m;
    for (const auto& a : c.input.args)
      if (a.is_tensor() && a.tensor().defined() && is_inexact(a.tensor().dtype()) && a.tensor().size() > 0) {
        const double v = parity::amax(parity::absolute(a.tensor())).astype(DType::Float64).item_scalar().c.real();
        if (std::isfinite(v)) m.push_back(v);
      }
    if (m.size() == 2) {
      tol.atol = std::max(tol.atol, tol.rtol * m[0] * m[1]);
      r.verdict = compare(r.engine, r.numpy, tol, c.compute_dtype);
    }
  }
  accept_declared(c, r);
  return r;
}

}  // namespace

std::vector<CaseResult> detail::run_with_engine(const std::vector<const Case*>& cases, std::vector<Outcome> eng,
                                                bool against_cpu) {
  std::vector<CaseResult> out;
  out.reserve(cases.size());
  if (against_cpu) {
    EngineExecutor cpu;
    std::vector<Outcome> ref = cpu_runs(cases, cpu);
    for (size_t i = 0; i < cases.size(); ++i) out.push_back(finish_vs_cpu(*cases[i], std::move(eng[i]), std::move(ref[i])));
    return out;
  }
  std::vector<Outcome> np = numpy_batch(cases);
  for (size_t i = 0; i < cases.size(); ++i) out.push_back(finish(*cases[i], std::move(eng[i]), std::move(np[i])));
  return out;
}

std::vector<CaseResult> run_cases(const std::vector<const Case*>& cases, EngineExecutor& engine, bool against_cpu) {
  std::vector<Outcome> eng;
  eng.reserve(cases.size());
  for (const Case* c : cases) {
    if (g_before_engine_hook) g_before_engine_hook(*c);
    eng.push_back(engine.run(*c));
  }
  return detail::run_with_engine(cases, std::move(eng), against_cpu);
}

CaseResult run_case(const Case& c, NumpyExecutor& numpy, EngineExecutor& engine, bool against_cpu) {
  if (g_before_engine_hook) g_before_engine_hook(c);
  Outcome e = engine.run(c);
  if (against_cpu) {
    Case cpu = c;
    cpu.device = Device::cpu;
    return finish_vs_cpu(c, std::move(e), engine.run(cpu));
  }
  return finish(c, std::move(e), numpy.run(c));
}

}  // namespace parity::fuzz

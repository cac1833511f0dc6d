// Running cases on both sides: the engine case by case, NumPy in one Python call per batch
// (reference callables compiled once, no per-case source text), then the suites' comparator.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <set>

#include <sys/wait.h>
#include <unistd.h>

#include <pybind11/embed.h>
#include <pybind11/numpy.h>

#include "fuzz_spec.h"
#include "parity/executors.h"
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

// A mismatch the op's entry declares (a "differs" discrepancy covering this case and this pair:
// the engine's declarations never excuse a library, nor the reverse) is accepted, with its
// reason; crashes never are.
void accept_declared(const Case& c, CaseResult& r) {
  if (r.verdict.match() || r.verdict.kind == Mismatch::crash) return;
  DType d = DType::Float64;
  for (const auto& a : c.input.args)
    if (a.is_tensor()) { d = a.tensor().dtype(); break; }
  if (const auto* x = c.op->find_discrepancy(opinfo::Discrepancy::Kind::differs, "Fuzz", d, c.input, c.out, c.natural,
                                             r.subject, r.reference))
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

// compare() with the op's tolerance; sums of products get the terms' scale too.
void compare_case(const Case& c, CaseResult& r) {
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
}

CaseResult finish(const Case& c, Outcome engine, Outcome numpy) {
  CaseResult r;
  r.engine = std::move(engine);
  r.numpy = std::move(numpy);
  compare_case(c, r);
  accept_declared(c, r);
  return r;
}

// compare()'s details say "engine" and "NumPy": name the pair's participants instead.
std::string rename_sides(std::string d, const std::string& subject, const std::string& reference) {
  auto swap_all = [&](const std::string& from, const std::string& to) {
    if (from == to) return;
    std::string out;
    size_t i = 0;
    for (size_t p; (p = d.find(from, i)) != std::string::npos; i = p + from.size()) out += d.substr(i, p - i) + to;
    d = out + d.substr(i);
  };
  const std::string ref = reference == "numpy" ? "NumPy" : reference;
  swap_all("NumPy", "\x01");
  swap_all("engine", subject);
  swap_all("\x01", ref);
  return d;
}

// A pair other than the engine against NumPy (or its own CPU result): a library on either side.
// Not comparable when a side could not run the case; else compared with the op's tolerance, the
// difference classified (classify_difference) and declarations about this pair applied.
}  // namespace

CaseResult compare_pair(const Case& c, Outcome subj, Outcome ref, const std::string& subject,
                        const std::string& reference) {
  CaseResult r;
  r.subject = subject;
  r.reference = reference;
  r.engine = std::move(subj);
  r.numpy = std::move(ref);
  if (r.engine.not_comparable || r.numpy.not_comparable) {
    const bool s = r.engine.not_comparable;
    const std::string& who = s ? subject : reference;
    const std::string& why = (s ? r.engine : r.numpy).error_message;
    r.not_comparable = why.rfind(who + ":", 0) == 0 ? why : who + ": " + why;  // named once
    return r;
  }
  compare_case(c, r);
  // The engine against NumPy keeps compare()'s kinds (the baseline and the gate count on them).
  if (!r.verdict.match() && !(subject == "engine" && reference == "numpy")) {
    r.verdict.kind = classify_difference(c, r.verdict, r.engine, r.numpy);
    r.verdict.detail = rename_sides(r.verdict.detail, subject, reference);
  }
  accept_declared(c, r);
  return r;
}

namespace {

}  // namespace

// ---- the libraries ----

namespace {

// NumPy through the batch path above (compiled reference callables, one Python call per batch).
class BatchedNumpy : public Executor {
 public:
  std::string name() const override { return "numpy"; }
  Outcome run(const Case& c) override { return numpy_batch({&c})[0]; }
  std::vector<Outcome> run_batch(const std::vector<const Case*>& cases) override { return numpy_batch(cases); }
};

// This process's executors, made on first use (workers make them after the fork).
Executor& library(const std::string& name) {
  static auto* libs = new std::map<std::string, std::unique_ptr<Executor>>;
  auto it = libs->find(name);
  if (it == libs->end())
    it = libs->emplace(name, name == "numpy" ? std::make_unique<BatchedNumpy>() : make_executor(name)).first;
  return *it->second;
}

bool available_here(const std::string& name) {
  static auto* known = new std::map<std::string, bool>;
  auto it = known->find(name);
  if (it == known->end()) it = known->emplace(name, library_available(name)).first;
  return it->second;
}

// Ops whose result depends on an order of the values: NumPy orders complex numbers
// lexicographically, PyTorch and JAX refuse or differ.
bool ordering_op(const std::string& n) {
  static const std::set<std::string> ops = {
      "maximum", "minimum", "fmax", "fmin", "clip", "amax", "amin", "max", "min", "nanmax", "nanmin",
      "argmax", "argmin", "nanargmax", "nanargmin", "sort", "argsort", "partition", "argpartition",
      "searchsorted", "less", "less_equal", "greater", "greater_equal", "ptp", "median", "nanmedian",
      "percentile", "quantile", "sort_complex", "unique", "lexsort"};
  return ops.count(n) != 0;
}

bool complex_input(const Case& c) {
  for (const auto& a : c.input.args) {
    if (a.is_tensor() ? is_complex(a.tensor().dtype()) : a.scalar().type == Scalar::Type::Complex) return true;
  }
  return false;
}

// The values of a tensor as doubles in logical order: real parts, then imaginary parts (complex).
std::vector<double> parts_of(const Tensor& t, bool imag) {
  if (!is_complex(t.dtype())) return imag ? std::vector<double>(t.size(), 0.0) : t.to_double_vector();
  return (imag ? t.imag() : t.real()).to_double_vector();
}

bool nonfinite_at(const std::vector<double>& re, const std::vector<double>& im, size_t i) {
  return !std::isfinite(re[i]) || !std::isfinite(im[i]);
}

// Whether input `a` has a NaN or an infinity at the element that output element `i` (of shape
// `out`) reads under broadcasting; any element when the shapes do not broadcast that way.
bool input_nonfinite_at(const ArrayLike& a, const Shape& out, size_t i, bool elementwise) {
  if (!a.is_tensor()) {
    const Scalar& sc = a.scalar();
    return (sc.type == Scalar::Type::Float || sc.type == Scalar::Type::Complex) &&
           (!std::isfinite(sc.c.real()) || !std::isfinite(sc.c.imag()));
  }
  const Tensor& t = a.tensor();
  if (!t.defined() || !is_inexact(t.dtype()) || t.size() == 0) return false;
  const std::vector<double> re = parts_of(t, false), im = parts_of(t, true);
  const Shape& s = t.shape();
  if (!elementwise || s.size() > out.size()) {
    for (size_t k = 0; k < re.size(); ++k)
      if (nonfinite_at(re, im, k)) return true;
    return false;
  }
  // Output multi-index of i, then the input's flat index (size-1 axes broadcast).
  int64_t rem = static_cast<int64_t>(i), flat = 0, stride = 1;
  for (size_t d = out.size(); d-- > 0;) {
    const int64_t m = out[d] ? rem % out[d] : 0;
    rem = out[d] ? rem / out[d] : 0;
    const size_t off = out.size() - s.size();
    if (d >= off) {
      const int64_t n = s[d - off];
      flat += (n == 1 ? 0 : m) * stride;
      stride *= n;
    }
  }
  return flat < static_cast<int64_t>(re.size()) && nonfinite_at(re, im, static_cast<size_t>(flat));
}

}  // namespace

Mismatch classify_difference(const Case& c, const Verdict& v, const Outcome& subj, const Outcome& ref) {
  switch (v.kind) {
    case Mismatch::value: case Mismatch::error: case Mismatch::dtype: case Mismatch::shape: break;
    default: return v.kind;  // none, crash, grad, device, and kinds already refined
  }
  if (ordering_op(c.op->name) && complex_input(c) && (v.kind == Mismatch::value || v.kind == Mismatch::error))
    return Mismatch::ordering;
  if (v.kind != Mismatch::value) return v.kind;
  // Values: integer results; else where the differing elements are.
  bool finite_difference = false, any_difference = false;
  for (size_t k = 0; k < subj.values.size() && k < ref.values.size(); ++k) {
    const Tensor& a = subj.values[k];
    const Tensor& b = ref.values[k];
    if (a.dtype() != b.dtype() || a.shape() != b.shape()) continue;
    if (!is_inexact(b.dtype())) {  // integer and bool results: bitwise, as compare() does
      const Tensor ac = a.contiguous(), bc = b.contiguous();
      if (a.size() > 0 && std::memcmp(ac.data_ptr(), bc.data_ptr(), static_cast<size_t>(a.size() * a.itemsize())) != 0)
        return Mismatch::integer;
      continue;
    }
    Tolerance tol = c.op->tolerance(b.dtype());
    if (c.compute_dtype) {
      const Tolerance t = c.op->tolerance(*c.compute_dtype);
      tol = {std::max(tol.rtol, t.rtol), std::max(tol.atol, t.atol)};
    }
    const std::vector<double> ar = parts_of(a, false), ai = parts_of(a, true);
    const std::vector<double> br = parts_of(b, false), bi = parts_of(b, true);
    for (size_t i = 0; i < br.size(); ++i) {
      const double mag = std::hypot(br[i], bi[i]);
      auto differs = [&](double x, double y) {
        if (std::isnan(x) || std::isnan(y)) return !(std::isnan(x) && std::isnan(y));
        if (std::isinf(x) || std::isinf(y)) return x != y;
        return std::fabs(x - y) > tol.atol + tol.rtol * (std::isfinite(mag) ? std::max(mag, std::fabs(y)) : std::fabs(y));
      };
      if (!differs(ar[i], br[i]) && !differs(ai[i], bi[i])) continue;
      any_difference = true;
      if (nonfinite_at(ar, ai, i) || nonfinite_at(br, bi, i)) continue;
      bool from_input = false;
      for (const auto& arg : c.input.args) from_input = from_input || input_nonfinite_at(arg, b.shape(), i, c.op->elementwise);
      if (!from_input) finite_difference = true;
    }
  }
  if (any_difference && !finite_difference) return Mismatch::nonfinite;
  return Mismatch::value;
}

std::string agreement_pattern(const std::vector<std::string>& differing) {
  if (differing.empty()) return "all agree";
  std::string s;
  for (size_t i = 0; i < differing.size(); ++i) s += (i ? ", " : "") + differing[i];
  return s + (differing.size() == 1 ? " differs" : " differ");
}

const CaseResult* CaseResult::row(const std::string& who) const {
  if (who.empty() || who == subject) return this;
  for (const CaseResult& r : rows)
    if (r.subject == who) return &r;
  return nullptr;
}

std::map<std::string, LibraryProbe> probe_libraries(const std::vector<std::string>& names) {
  auto ask = [&] {
    std::map<std::string, LibraryProbe> out;
    for (const std::string& n : names) {
      LibraryProbe& p = out[n];
      try {
        p.available = library_available(n, &p.why);
        if (p.available) p.version = library_version(n);
      } catch (const std::exception& e) {
        p.available = false;
        p.why = e.what();
      }
    }
    return out;
  };
  if (Py_IsInitialized()) return ask();
  // The parent of a campaign must not start Python (its workers fork from it): ask a child.
  int fds[2];
  if (pipe(fds) != 0) return ask();
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return ask();
  }
  auto clean = [](std::string t) {
    for (char& ch : t)
      if (ch == '\n' || ch == '\t') ch = ' ';
    return t;
  };
  if (pid == 0) {
    ::close(fds[0]);
    std::string msg;
    for (const auto& [n, p] : ask()) msg += clean(n) + "\t" + (p.available ? "1" : "0") + "\t" + clean(p.version) + "\t" + clean(p.why) + "\n";
    for (size_t off = 0; off < msg.size();) {
      ssize_t k = ::write(fds[1], msg.data() + off, msg.size() - off);
      if (k <= 0) break;
      off += static_cast<size_t>(k);
    }
    _exit(0);
  }
  ::close(fds[1]);
  std::string msg;
  char buf[4096];
  for (ssize_t k; (k = ::read(fds[0], buf, sizeof buf)) != 0;) {
    if (k < 0) {
      if (errno == EINTR) continue;
      break;
    }
    msg.append(buf, static_cast<size_t>(k));
  }
  ::close(fds[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  std::map<std::string, LibraryProbe> out;
  for (const std::string& n : names) out[n].why = "the probe process failed";
  size_t pos = 0;
  while (pos < msg.size()) {
    size_t end = msg.find('\n', pos);
    if (end == std::string::npos) end = msg.size();
    std::vector<std::string> f;
    size_t a = pos;
    for (size_t t; (t = msg.find('\t', a)) != std::string::npos && t < end; a = t + 1) f.push_back(msg.substr(a, t - a));
    f.push_back(msg.substr(a, end - a));
    if (f.size() == 4) out[f[0]] = LibraryProbe{f[1] == "1", f[2], f[3]};
    pos = end + 1;
  }
  return out;
}

std::vector<CaseResult> detail::run_with_engine(const std::vector<const Case*>& cases, std::vector<Outcome> eng,
                                                const Pairing& p) {
  std::vector<CaseResult> out;
  out.reserve(cases.size());
  if (p.against == "cpu") {
    EngineExecutor cpu;
    std::vector<Outcome> ref = cpu_runs(cases, cpu);
    for (size_t i = 0; i < cases.size(); ++i) out.push_back(finish_vs_cpu(*cases[i], std::move(eng[i]), std::move(ref[i])));
    return out;
  }
  if (p.classic()) {  // the engine against NumPy: the fast path
    std::vector<Outcome> np = library("numpy").run_batch(cases);
    for (size_t i = 0; i < cases.size(); ++i) out.push_back(finish(*cases[i], std::move(eng[i]), std::move(np[i])));
    return out;
  }
  if (p.three_way) {
    // NumPy and each installed library answer the batch in one call each; every participant is
    // compared with NumPy, the engine as in a plain campaign, the libraries classified.
    std::vector<Outcome> np = library("numpy").run_batch(cases);
    std::vector<std::pair<std::string, std::vector<Outcome>>> libs;
    for (const char* lib : {"torch", "jax"})
      if (available_here(lib)) libs.emplace_back(lib, library(lib).run_batch(cases));
    for (size_t i = 0; i < cases.size(); ++i) {
      CaseResult r = finish(*cases[i], std::move(eng[i]), np[i]);
      std::vector<std::string> differ;
      if (!r.verdict.match()) differ.push_back("engine");
      for (auto& [lib, outs] : libs) {
        CaseResult row = compare_pair(*cases[i], std::move(outs[i]), np[i], lib, "numpy");
        if (row.not_comparable.empty() && !row.verdict.match()) differ.push_back(lib);
        r.rows.push_back(std::move(row));
      }
      r.pattern = agreement_pattern(differ);
      out.push_back(std::move(r));
    }
    return out;
  }
  const std::string subject = p.subject.empty() ? "engine" : p.subject;
  const std::string against = p.against.empty() ? "numpy" : p.against;
  std::vector<Outcome> subj = p.subject.empty() ? std::move(eng) : library(subject).run_batch(cases);
  std::vector<Outcome> ref = library(against).run_batch(cases);
  for (size_t i = 0; i < cases.size(); ++i)
    out.push_back(compare_pair(*cases[i], std::move(subj[i]), std::move(ref[i]), subject, against));
  return out;
}

std::vector<CaseResult> run_cases(const std::vector<const Case*>& cases, EngineExecutor& engine, const Pairing& p) {
  std::vector<Outcome> eng;
  if (p.subject.empty() || p.subject == "engine") {  // a library subject runs instead of the engine
    eng.reserve(cases.size());
    for (const Case* c : cases) {
      if (g_before_engine_hook) g_before_engine_hook(*c);
      eng.push_back(engine.run(*c));
    }
  }
  return detail::run_with_engine(cases, std::move(eng), p);
}

CaseResult run_case(const Case& c, NumpyExecutor& numpy, EngineExecutor& engine, const Pairing& p) {
  if (!p.classic()) return run_cases({&c}, engine, p)[0];
  if (g_before_engine_hook) g_before_engine_hook(c);
  Outcome e = engine.run(c);
  if (p.against == "cpu") {
    Case cpu = c;
    cpu.device = Device::cpu;
    return finish_vs_cpu(c, std::move(e), engine.run(cpu));
  }
  return finish(c, std::move(e), numpy.run(c));
}

}  // namespace parity::fuzz

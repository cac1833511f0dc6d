// Running cases on both sides: the engine case by case, NumPy in one Python call per batch
// (NumpyExecutor::run_batch), then the suites' comparator.
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>

#include <sys/wait.h>
#include <unistd.h>

#include <Python.h>  // Py_IsInitialized

#include "fuzz_spec.h"
#include "parity/judge_values.h"
#include "parity/executors.h"
#include "parity/fuzzer.h"
#include "parity/ops.h"

namespace parity::fuzz {

std::function<void(const Case&)> g_before_engine_hook;
std::function<void(const Case&)> g_before_library_hook;

namespace {

// The op's tolerance for the result dtype (the reference's, else the engine's), loosened to the
// compute dtype's for an out= of another dtype.
Tolerance case_tolerance(const Case& c, const CaseResult& r) {
  DType rd = !r.numpy.values.empty() ? r.numpy.values[0].dtype()
             : !r.engine.values.empty() ? r.engine.values[0].dtype() : DType::Float64;
  // The overrides of this pair: the entries' are about the engine against NumPy; the engine on a
  // GPU takes the op's device tolerance where one is declared.
  const bool engine_on_gpu = !c.device.is_cpu() && (r.subject.empty() || r.subject == "engine");
  auto op_tol = [&](DType d) {
    // Same-name mode calls torch: torch's tolerances.
    const std::string subject = r.subject == "torch-same-name" ? "torch" : r.subject;
    return engine_on_gpu ? c.op->tolerance(d, c.device) : c.op->tolerance(d, subject, r.reference);
  };
  Tolerance tol = op_tol(rd);
  if (c.compute_dtype) {
    const Tolerance t = op_tol(*c.compute_dtype);
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
                                             r.subject, r.reference, c.device))
    r.accepted = x->what + ": " + x->reason;
}


// A GPU case against the engine's CPU run of it: any difference is Mismatch::device, unless the
// entry declares it (a `differs` discrepancy of suite "Fuzz" covering the case).

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

// compare() with the op's tolerance; sums of products get the terms' scale too. Returns the
// op's tolerance for the case (before that loosening).
Tolerance compare_case(const Case& c, CaseResult& r) {
  const Tolerance base = case_tolerance(c, r);
  Tolerance tol = base;
  r.verdict = compare(r.engine, r.numpy, tol, c.compute_dtype);
  // Sums of products get the terms' scale too, computed only when the strict comparison fails.
  if (r.verdict.kind == Mismatch::value && c.op->sum_of_products) {
    std::vector<double> m;
    size_t tensors = 0;
    for (const auto& a : c.input.args)
      if (a.is_tensor() && a.tensor().defined()) {
        ++tensors;
        const DType d = a.tensor().dtype();
        if (d == DType::Bool || a.tensor().size() == 0 || (tensors > 1 && !is_inexact(d))) continue;
        const double v = judge::max_abs(a.tensor());  // read from memory: no engine op judges
        if (std::isfinite(v)) m.push_back(v);
      }
    // two factors (matmul): max|a| * max|b|; one input (an FFT: products with twiddles of modulus 1): max|a|
    if (m.size() == 2 || (tensors == 1 && m.size() == 1)) {
      tol.atol = std::max(tol.atol, tol.rtol * m[0] * (m.size() == 2 ? m[1] : 1.0));
      r.verdict = compare(r.engine, r.numpy, tol, c.compute_dtype);
    }
  }
  return base;
}

// A GPU case against the engine's CPU run of it, judged as against NumPy (the op's tolerance, or
// its device tolerance; sums of products by their terms' scale): any difference is
// Mismatch::device, unless the entry declares it (a `differs` discrepancy of suite "Fuzz").
CaseResult finish_vs_cpu(const Case& c, Outcome gpu, Outcome cpu) {
  CaseResult r;
  r.engine = std::move(gpu);
  r.numpy = std::move(cpu);
  r.numpy.reference = "engine on cpu";
  compare_case(c, r);
  r.verdict = as_device_verdict(r.verdict, c.device);
  accept_declared(c, r);
  return r;
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

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// Two libraries whose results (or error classes, through the error table) agree may still differ
// in what compare() does not look at (issue 27): the library's own error class, a view against a
// copy, the sign of a zero, a warning (in that order). Sets the verdict's kind and detail for the
// first found.
void quiet_difference(CaseResult& r) {
  const Outcome& s = r.engine;
  const Outcome& n = r.numpy;
  const std::string& a = r.subject;
  const std::string b = r.reference == "numpy" ? "NumPy" : r.reference;
  auto set = [&](Mismatch m, std::string d) {
    r.verdict.kind = m;
    r.verdict.detail = std::move(d);
  };
  if (s.error && n.error) {
    // The libraries' own classes share no class below Exception (RuntimeError against TypeError):
    // no `except` clause narrower than Exception catches both. (AxisError against IndexError
    // share IndexError: not this kind.)
    if (s.native_error_mro.empty() || n.native_error_mro.empty()) return;
    for (const std::string& k : s.native_error_mro) {
      if (k == "Exception" || k == "BaseException" || k == "object") break;
      if (contains(n.native_error_mro, k)) return;
    }
    set(Mismatch::error_class, a + " raises " + s.native_error_mro[0] + ", " + b + " " + n.native_error_mro[0] +
                                   " (no common class below Exception; the error table maps " + a + "'s to " +
                                   s.error_class + ")");
    return;
  }
  if (s.error || n.error) return;
  // jax arrays are immutable: no write can tell a view from a copy there.
  if (s.aliases_input != n.aliases_input && a != "jax" && r.reference != "jax") {
    const std::string& view = s.aliases_input ? a : b;
    const std::string& copy = s.aliases_input ? b : a;
    set(Mismatch::aliasing, view + "'s result shares memory with an input (a view), " + copy + "'s is a copy");
    return;
  }
  for (size_t k = 0; k < s.values.size() && k < n.values.size(); ++k) {
    const Tensor& x = s.values[k];
    const Tensor& y = n.values[k];
    if (x.dtype() != y.dtype() || x.shape() != y.shape() || !is_inexact(x.dtype())) continue;
    for (bool imag : {false, true}) {
      if (imag && !is_complex(x.dtype())) break;
      const std::vector<double> xs = judge::parts(x, imag), ys = judge::parts(y, imag);
      for (size_t i = 0; i < xs.size() && i < ys.size(); ++i)
        if (xs[i] == 0 && ys[i] == 0 && std::signbit(xs[i]) != std::signbit(ys[i])) {
          set(Mismatch::signed_zero, "output " + std::to_string(k) + " element " + std::to_string(i) +
                                         (imag ? " (imaginary part)" : "") + ": " + a + " " +
                                         (std::signbit(xs[i]) ? "-0.0" : "+0.0") + ", " + b + " " +
                                         (std::signbit(ys[i]) ? "-0.0" : "+0.0"));
          return;
        }
    }
  }
  std::vector<std::string> sw = s.warnings, nw = n.warnings;
  std::sort(sw.begin(), sw.end());
  std::sort(nw.begin(), nw.end());
  sw.erase(std::unique(sw.begin(), sw.end()), sw.end());
  nw.erase(std::unique(nw.begin(), nw.end()), nw.end());
  if (sw != nw)
    set(Mismatch::warning, a + " warns " + (sw.empty() ? "nothing" : joined(sw)) + ", " + b + " " +
                               (nw.empty() ? "nothing" : joined(nw)));
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
  const Tolerance tol = compare_case(c, r);
  // The engine against NumPy keeps compare()'s kinds (the baseline and the gate count on them).
  if (!r.verdict.match() && !(subject == "engine" && reference == "numpy")) {
    r.verdict.kind = classify_difference(c, r.verdict, r.engine, r.numpy, tol);
    r.verdict.detail = rename_sides(r.verdict.detail, subject, reference);
  }
  // Two libraries (not the engine, which records none of this): what compare() does not see.
  if (r.verdict.match() && subject != "engine" && reference != "engine") quiet_difference(r);
  accept_declared(c, r);
  return r;
}

// ---- the libraries ----

namespace {

// This process's executors, made on first use (workers make them after the fork).
Executor& library(const std::string& name) {
  static auto* libs = new std::map<std::string, std::unique_ptr<Executor>>;
  auto it = libs->find(name);
  if (it == libs->end())
    it = libs->emplace(name, make_executor(name)).first;  // NumPy's batch path: oracle/batch.cpp
  return *it->second;
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

bool nonfinite_at(const std::vector<double>& re, const std::vector<double>& im, size_t i) {
  return !std::isfinite(re[i]) || !std::isfinite(im[i]);
}

// An input's values as classify_difference reads them, converted once per case.
struct InputParts {
  const ArrayLike* arg;
  std::vector<double> re, im;  // a float or complex tensor's parts (empty otherwise)
  explicit InputParts(const ArrayLike& a) : arg(&a) {
    if (!a.is_tensor()) return;
    const Tensor& t = a.tensor();
    if (!t.defined() || !is_inexact(t.dtype()) || t.size() == 0) return;
    re = judge::parts(t, false);
    im = judge::parts(t, true);
  }
};

// Whether input `a` has a NaN or an infinity at the element that output element `i` (of shape
// `out`) reads under broadcasting; any element when the shapes do not broadcast that way.
bool input_nonfinite_at(const InputParts& a, const Shape& out, size_t i, bool elementwise) {
  if (!a.arg->is_tensor()) {
    const Scalar& sc = a.arg->scalar();
    return (sc.type == Scalar::Type::Float || sc.type == Scalar::Type::Complex) &&
           (!std::isfinite(sc.c.real()) || !std::isfinite(sc.c.imag()));
  }
  const std::vector<double>& re = a.re;
  const std::vector<double>& im = a.im;
  if (re.empty()) return false;
  const Shape& s = a.arg->tensor().shape();
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

Mismatch classify_difference(const Case& c, const Verdict& v, const Outcome& subj, const Outcome& ref,
                             Tolerance tol) {
  switch (v.kind) {
    case Mismatch::value: case Mismatch::error: case Mismatch::dtype: case Mismatch::shape: break;
    default: return v.kind;  // none, crash, grad, device, and kinds already refined
  }
  if (ordering_op(c.op->name) && complex_input(c) && (v.kind == Mismatch::value || v.kind == Mismatch::error))
    return Mismatch::ordering;
  if (v.kind != Mismatch::value) return v.kind;
  // Values: integer results; else where the differing elements are.
  bool finite_difference = false, any_difference = false;
  std::vector<InputParts> inputs;
  for (const auto& arg : c.input.args) inputs.emplace_back(arg);
  for (size_t k = 0; k < subj.values.size() && k < ref.values.size(); ++k) {
    const Tensor& a = subj.values[k];
    const Tensor& b = ref.values[k];
    if (a.dtype() != b.dtype() || a.shape() != b.shape()) continue;
    if (!is_inexact(b.dtype())) {  // integer and bool results: bitwise, as compare() does
      for (int64_t i = 0; i < a.size(); ++i)
        if (!judge::same_bytes(a, b, i)) return Mismatch::integer;
      continue;
    }
    const std::vector<double> ar = judge::parts(a, false), ai = judge::parts(a, true);
    const std::vector<double> br = judge::parts(b, false), bi = judge::parts(b, true);
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
      for (const InputParts& in : inputs) from_input = from_input || input_nonfinite_at(in, b.shape(), i, c.op->elementwise);
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
    // Observed runs (warnings, aliasing, native error classes) for the libraries' rows.
    std::vector<Outcome> np = run_library_observed("numpy", cases);
    std::vector<std::pair<std::string, std::vector<Outcome>>> libs;
    for (const char* lib : {"torch", "jax"})
      if (library_available(lib)) libs.emplace_back(lib, run_library_observed(lib, cases));
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
  const std::string subject = p.subject_name(), against = p.against_name();
  // A library subject against NumPy: observed runs (warnings, aliasing, native error classes).
  std::vector<Outcome> subj = p.subject.empty() ? std::move(eng) : run_library_observed(subject, cases);
  std::vector<Outcome> ref = p.subject.empty() ? library(against).run_batch(cases) : run_library_observed(against, cases);
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

// Shrinking failing cases, the Python snippet of a case, records and replay.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <csignal>
#include <cstring>
#include <functional>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "fuzz_spec.h"
#include "parity/executors.h"
#include "parity/fuzzer.h"
#include "parity/oracle.h"

namespace parity::fuzz {

namespace {
// The same kind on the same pair (a three-way case: on the participant's row), not accepted.
bool same_failure(const CaseResult& r, Mismatch kind, const std::string& participant) {
  const CaseResult* row = r.row(participant);
  return row && row->verdict.kind == kind && row->accepted.empty() && row->not_comparable.empty();
}
}  // namespace

ShrinkOutcome shrink(const CaseGen& gen, const CaseId& failing, Mismatch kind, NumpyExecutor& numpy,
                     EngineExecutor& engine, int max_steps, const std::string& participant) {
  ShrinkOutcome out;
  out.id = failing;
  // A three-way case shrinks on its participant's pair alone (the other libraries are not run
  // for each candidate); the minimal case is then run three-way once, for its record.
  const Pairing pair = failing.three_way ? Pairing::make(participant.empty() ? "engine" : participant, "numpy", false)
                                         : Pairing::of(failing);
  {
    DrawnCase d = gen.draw(failing);
    out.result = run_case(d.c, numpy, engine, pair);
  }
  for (int step = 0; step < max_steps; ++step) {
    std::vector<DrawnCase> cands = gen.shrinks(out.id);
    if (cands.empty()) break;
    // Candidates run in batches of 2, 4, 8...: the first candidate that still fails is taken, and
    // the ones after it are never run (JAX compiles each new shape: a whole step's batch cost
    // twenty compilations where the first two usually decide).
    bool moved = false;
    for (size_t lo = 0, n = 2; lo < cands.size() && !moved; lo += n, n *= 2) {
      const size_t hi = std::min(cands.size(), lo + n);
      std::vector<const Case*> ptrs;
      for (size_t i = lo; i < hi; ++i) ptrs.push_back(&cands[i].c);
      std::vector<CaseResult> res = run_cases(ptrs, engine, pair);
      out.tried += static_cast<int>(hi - lo);
      for (size_t i = lo; i < hi; ++i) {
        if (same_failure(res[i - lo], kind, participant)) {
          out.id = cands[i].id;
          out.result = std::move(res[i - lo]);
          ++out.steps;
          moved = true;
          break;
        }
      }
    }
    if (!moved) break;
  }
  if (failing.three_way) out.result = run_case(gen.draw(out.id).c, numpy, engine, Pairing::of(failing));
  return out;
}

CaseId shrink_with(const CaseGen& gen, const CaseId& failing, const std::function<bool(const DrawnCase&)>& fails,
                   int max_steps) {
  CaseId id = failing;
  for (int step = 0; step < max_steps; ++step) {
    bool moved = false;
    for (auto& c : gen.shrinks(id)) {
      if (fails(c)) {
        id = c.id;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  return id;
}

std::string python_snippet(const Case& c) {
  std::ostringstream os;
  os << "import numpy as np, ml_dtypes\n";
  if (c.op->numpy_ref.find("_parity") != std::string::npos)  // NumPy lacks it: the oracle's definition
    os << "# " << c.op->numpy_ref << ": NumPy has no such function; the reference Parity uses"
       << " (oracle/numpy_executor.cpp):" << NumpyExecutor::prelude();
  for (size_t i = 0; i < c.input.args.size(); ++i) {
    const ArrayLike& a = c.input.args[i];
    if (!a.is_tensor()) continue;
    const Tensor& t = a.tensor();
    os << "a" << i << " = " << array_literal(t);
    if (!t.is_contiguous()) os << "  # engine layout: strides " << shape_str(t.strides()) << " (elements)";
    os << "\n";
  }
  if (c.variant == Variant::out && c.out.defined()) os << "o = " << array_literal(c.out) << "\n";
  os << "with np.errstate(all='ignore'):\n";
  os << "    r = " << NumpyExecutor::expression(c) << "\n";
  os << "print(repr(r))\n";
  return os.str();
}

namespace {
std::string snippet_of(const std::string& who, const Case& c) {
  if (who == "numpy") return python_snippet(c);
  if (library_subject(who)) {
    try {
      return library_snippet(who, c);
    } catch (const std::exception& e) {
      return std::string("# no ") + who + " snippet: " + e.what() + "\n";
    }
  }
  return "";
}
}  // namespace

CaseRecord make_record(const DrawnCase& d, const CaseResult& full, const std::string& participant) {
  const CaseResult* row = full.row(participant);
  const CaseResult& r = row ? *row : full;
  CaseRecord rec;
  rec.id = d.id;
  rec.op = d.id.op;
  rec.dtype = d.dtype;
  rec.device = d.c.device;
  rec.variant = d.c.variant;
  rec.kind = r.verdict.kind;
  rec.max_abs = r.verdict.max_abs;
  rec.max_rel = r.verdict.max_rel;
  rec.max_ulp = r.verdict.max_ulp;
  rec.has_ulp = r.verdict.has_ulp;
  rec.detail = r.not_comparable.empty() ? r.verdict.detail : "not comparable: " + r.not_comparable;
  rec.inputs = "  variant: " + std::string(to_string(d.c.variant)) + "\n" + describe(d.c, 64) +
               "  layout: " + d.layout + "\n";
  rec.subject = r.subject;
  rec.reference = r.reference;
  rec.engine = describe(r.engine, 64);
  rec.numpy = describe(r.numpy, 64);
  if (d.id.against == "cpu") rec.numpy = "(the engine on cpu, the reference of a --against cpu case) " + rec.numpy;
  if (d.id.grad) {  // engine: the forward's outputs; the other side is finite differences, not NumPy
    rec.engine = "forward: " + rec.engine;
    rec.numpy = d.id.against == "torch"  // the second gradient oracle (fuzz_grad_torch.cpp)
                    ? (r.not_comparable.empty() ? "(torch.autograd's VJP on the same inputs and cotangents: the difference above)"
                                                : "not comparable: " + r.not_comparable)
                    : "(not consulted: a gradient case compares autograd with central finite differences)";
    rec.python = python_snippet(d.c);
  } else {
    // The reference's side (NumPy's, or the library's the engine is checked against), and the
    // subject library's.
    rec.python = r.reference == "cpu" ? python_snippet(d.c) : snippet_of(r.reference, d.c);
    rec.subject_python = snippet_of(r.subject, d.c);
  }
  if (d.id.three_way) {
    rec.outcomes.emplace_back("engine", describe(full.engine, 64));
    rec.outcomes.emplace_back("numpy", describe(full.numpy, 64));
    for (const CaseResult& x : full.rows)
      rec.outcomes.emplace_back(x.subject, x.not_comparable.empty() ? describe(x.engine, 64)
                                                                    : "not comparable: " + x.not_comparable);
    rec.pattern = full.pattern;
  }
  rec.accepted = r.accepted;
  return rec;
}

CaseRecord replay(const CaseId& id, const GenConfig& cfg) {
  CaseGen gen(cfg);
  // A case that kills the engine is replayed in a child process first, so replay reports it
  // (a library checked instead of the engine does not run the engine).
  std::string how;
  // A library's case (checked instead of the engine) is first run in a child too: a call that
  // never returns (jnp.gcd on a signed minimum) or kills the process is reported, not inherited.
  const bool crashes = (id.subject.empty() || id.grad) ? detail::crashes_in_child(gen, id, &how)
                                                       : detail::library_fails_in_child(gen, id, &how, Options{}.library_timeout_s);
  DrawnCase d = gen.draw(id);
  if (id.grad && !crashes) return make_record(d, run_grad_case(d));
  NumpyExecutor numpy;
  EngineExecutor engine;
  if (!crashes) {
    CaseResult r = run_case(d.c, numpy, engine, Pairing::of(id));
    if (!id.three_way) return make_record(d, r);
    // A three-way case: the record of the first participant that differs and is not accepted
    // (the exit status follows it), else the engine's.
    std::string who;
    for (const CaseResult& x : r.rows)
      if (x.mismatch() && !r.mismatch() && who.empty()) who = x.subject;
    return make_record(d, r, who);
  }
  CaseResult r;
  r.verdict.kind = Mismatch::crash;
  r.verdict.detail = how;
  r.engine.error = r.engine.crashed = true;
  r.engine.error_class = "Crash";
  r.engine.error_message = how;
  if (!id.subject.empty()) r.subject = id.subject;  // the library died, not the engine
  if (!id.grad) r.numpy = numpy.run(d.c);
  return make_record(d, r);
}

namespace {
// Runs `run` in a forked child that SIGALRM ends after `timeout_s`; the signal that ended the
// child, or 0 when it returned (or could not be forked). Exceptions are the child's own business.
int signal_in_child(unsigned timeout_s, const std::function<void()>& run) {
  std::fflush(nullptr);  // what is buffered is written once, not once more by the child
  pid_t pid = fork();
  if (pid < 0) return 0;
  if (pid == 0) {
    alarm(timeout_s);  // SIGALRM's default action ends the child
    try {
      run();
    } catch (...) {
    }
    std::fflush(nullptr);
    _exit(0);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  return WIFSIGNALED(st) ? WTERMSIG(st) : 0;
}

std::string killed_by(int sig) {
  return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
}
}  // namespace

bool detail::library_fails_in_child(const CaseGen& gen, const CaseId& id, std::string* how, double timeout_s) {
  if (oracle::interpreter_running()) return false;
  const int sig = signal_in_child(static_cast<unsigned>(std::max(1.0, timeout_s)), [&] {
    DrawnCase d = gen.draw(id);
    NumpyExecutor numpy;
    EngineExecutor engine;
    run_case(d.c, numpy, engine, Pairing::of(id));
  });
  if (sig == 0) return false;
  const Pairing p = Pairing::of(id);
  const std::string where = " in a library call on this case alone (" + p.subject_name() + " or " + p.against_name() + ")";
  if (how)
    *how = (sig == SIGALRM ? "did not return within " + std::to_string(static_cast<int>(timeout_s)) + " s" : killed_by(sig)) +
           where;
  return true;
}

// Runs the engine on case `id` in a forked child; true when the child died by a signal (or hung).
bool detail::crashes_in_child(const CaseGen& gen, const CaseId& id, std::string* how) {
  const int sig = signal_in_child(20, [&] {
    DrawnCase d = gen.draw(id);
    if (id.grad) {
      d.id.against.clear();  // the engine only (forward and backward): torch is not started here
      run_grad_case(d);
    } else {
      EngineExecutor e;
      if (g_before_engine_hook) g_before_engine_hook(d.c);
      e.run(d.c);
    }
  });
  if (sig == 0) return false;
  if (how) *how = "engine " + killed_by(sig);
  return true;
}

}  // namespace parity::fuzz

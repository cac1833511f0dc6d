// Running cases on both sides: the engine case by case, NumPy in one Python call per batch
// (NumpyExecutor::run_batch), then the suites' comparator.
#include <algorithm>
#include <cmath>

#include "fuzz_spec.h"
#include "parity/fuzzer.h"
#include "parity/ops.h"

namespace parity::fuzz {

std::function<void(const Case&)> g_before_engine_hook;

namespace {

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
  static NumpyExecutor* numpy = new NumpyExecutor;  // its batch path: one Python call (oracle/batch.cpp)
  std::vector<Outcome> np = numpy->run_batch(cases);
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

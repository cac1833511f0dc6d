// Gradient cases (`parity fuzz --grad`): the property is autograd::gradcheck of the op on the
// drawn inputs (float64/complex128), or with `--against torch` (ids ":vtorch") the engine's VJP
// against torch.autograd's (fuzz_grad_torch.cpp); a failure is Mismatch::grad, shrunk like value
// mismatches.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "fuzz_spec.h"
#include "parity/judge_values.h"
#include "parity/errors.h"
#include "parity/fuzzer.h"
#include "parity/gradcheck.h"
#include "parity/ops.h"

namespace parity::fuzz {

namespace {
// Finite differences cost two evaluations per input element: larger cases are not checked.
constexpr int64_t kMaxGradElements = 1024;
// Over this many output elements, one random projection instead of one per element (fast mode).
constexpr int64_t kFastAbove = 16;

// Read by the judge's own code (judge_values.h), not by the engine's amax under test.
bool all_finite(const Tensor& t) { return t.size() == 0 || std::isfinite(judge::max_abs(t)); }

std::string format_eps(double eps) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%g", eps);
  return buf;
}

}  // namespace

std::string detail::error_text(const std::exception& e) {
  if (const auto* pe = dynamic_cast<const Error*>(&e)) return std::string(pe->py_class()) + ": " + e.what();
  return std::string("C++ exception: ") + e.what();
}

GradCheck detail::forward_raised(GradCheck g, const std::exception& e) {
  g.forward.error = true;
  if (const auto* pe = dynamic_cast<const Error*>(&e)) g.forward.error_class = pe->py_class();
  else g.forward.crashed = true;
  g.forward.error_message = e.what();
  g.detail = "not checked: the forward raised " + error_text(e);
  return g;
}

std::optional<GradCheck> detail::check_declared_undefined(const Case& c) {
  const NoGradWhere* w = opinfo::no_grad_at(*c.op, c.input);
  if (!w) return std::nullopt;
  GradCheck g;
  const Variant v = c.variant == Variant::method ? Variant::method : Variant::function;
  std::vector<Tensor> xs;
  for (const auto& a : c.input.args)
    if (a.is_tensor()) xs.push_back(a.tensor());
  autograd::BackwardRaised b;
  try {
    b = autograd::backward_raises(
        [&](const std::vector<Tensor>& t) {
          std::vector<ArrayLike> args;
          size_t k = 0;
          for (const auto& a : c.input.args) args.push_back(a.is_tensor() ? ArrayLike(t[k++]) : a);
          return c.op->run(v, args, c.input.kwargs, Tensor());
        },
        xs);
  } catch (const std::exception& e) {
    return detail::forward_raised(std::move(g), e);
  }
  g.forward.values = std::move(b.results);
  if (!b.any_requires_grad) {
    g.detail = "not checked: no result requires grad";
    return g;
  }
  g.checked = true;
  g.ok = b.raised;
  g.detail = b.raised ? "backward raised, as the record declares: " + w->why
                      : "the record declares no derivative here (" + w->why + "), but backward worked";
  return g;
}

uint64_t grad_seed(const CaseId& id) { return detail::mix(detail::mix(detail::hash_str(id.op), id.seed), id.index); }

GradCheck check_gradient(const std::function<std::vector<Tensor>(const std::vector<Tensor>&)>& f,
                         const std::vector<Tensor>& inputs, uint64_t seed) {
  GradCheck g;
  // Float inputs widened to float64/complex128 (gradcheck differentiates those); others kept.
  std::vector<Tensor> xs;
  int64_t n_float = 0;
  for (const Tensor& t0 : inputs) {
    Tensor t = autograd::detach(t0);
    if (t.defined() && is_inexact(t.dtype())) {
      t = t.astype(is_complex(t.dtype()) ? DType::Complex128 : DType::Float64);
      if (!all_finite(t)) {  // finite differences around inf/nan say nothing
        g.detail = "not checked: a non-finite input";
        return g;
      }
      n_float += t.size();
    }
    xs.push_back(t);
  }
  if (n_float == 0) {
    g.detail = "not checked: no float input element to differentiate";
    return g;
  }
  if (n_float > kMaxGradElements) {
    g.detail = "not checked: over " + std::to_string(kMaxGradElements) + " input elements";
    return g;
  }
  // The forward must work (error cases are the value campaign's) and give wide float results:
  // finite differences of a float32 result (sum(dtype=float32)) are noise.
  std::vector<Tensor> outs;
  try {
    autograd::NoGrad ng;
    outs = f(xs);
  } catch (const std::exception& e) {
    return detail::forward_raised(std::move(g), e);
  }
  g.forward.values = outs;
  bool inexact_out = false, wide = true;
  int64_t n_out = 0;
  for (const Tensor& t : outs) {
    if (!is_inexact(t.dtype())) continue;
    inexact_out = true;
    wide = wide && (t.dtype() == DType::Float64 || t.dtype() == DType::Complex128);
    n_out += t.size();
  }
  if (!inexact_out || !wide) {
    g.detail = inexact_out ? "not checked: a float result narrower than float64" : "not checked: no float result";
    return g;
  }
  autograd::GradcheckOptions o;
  o.fast = n_out > kFastAbove;
  o.seed = seed;
  auto run = [&](double eps) {
    o.eps = eps;
    try {
      return autograd::gradcheck(f, xs, o);
    } catch (const std::exception& e) {  // the op claims autograd: backward must work
      return autograd::GradcheckResult{false, "backward raised " + detail::error_text(e)};
    }
  };
  g.checked = true;
  const autograd::GradcheckResult r = run(1e-6);
  if (r.ok) return g;
  // A wrong formula fails at every step. Finite differences also fail where the function is not
  // smooth at the step's scale: truncation error next to a pole (tan near pi/2) and a jump within
  // the step (fmod(x, y) for small y jumps every |y| in x) shrink with a smaller step, rounding
  // error on large results with a larger one. So a failure counts only if it holds at every step
  // from 1e-4 to 1e-10 (a wrong formula agrees at none of them).
  for (double eps : {1e-7, 1e-8, 1e-9, 1e-10, 1e-5, 1e-4}) {
    if (run(eps).ok) {
      g.detail = "passed at eps " + format_eps(eps) + " (at 1e-6: " + r.detail + ")";
      return g;
    }
  }
  g.ok = false;
  g.detail = "gradcheck: " + r.detail + (o.fast ? " [fast mode]" : "");
  return g;
}

GradCheck check_gradient(const Case& c, uint64_t seed) {
  if (std::optional<GradCheck> g = detail::check_declared_undefined(c)) return *std::move(g);
  const opinfo::OpInfo* op = c.op;
  const Variant v = c.variant == Variant::method ? Variant::method : Variant::function;
  const SampleInput in = c.input;
  std::vector<Tensor> xs;
  for (const auto& a : in.args)
    if (a.is_tensor()) xs.push_back(a.tensor());
  // The op as a function of its tensor arguments (weak scalars and kwargs fixed).
  auto f = [op, in, v](const std::vector<Tensor>& t) {
    std::vector<ArrayLike> args;
    size_t k = 0;
    for (const auto& a : in.args) args.push_back(a.is_tensor() ? ArrayLike(t[k++]) : a);
    return op->run(v, args, in.kwargs, Tensor());
  };
  return check_gradient(f, xs, seed);
}

CaseResult run_grad_case(const DrawnCase& d) {
  if (g_before_engine_hook) g_before_engine_hook(d.c);
  const bool vs_torch = d.id.against == "torch";
  if (!d.id.against.empty() && !vs_torch)
    throw ValueError("[fuzz] gradient cases are checked against finite differences or torch, not '" + d.id.against + "'");
  GradCheck g = vs_torch ? check_gradient_torch(d.c, grad_seed(d.id)) : check_gradient(d.c, grad_seed(d.id));
  CaseResult r;
  r.engine = std::move(g.forward);
  r.numpy.reference = vs_torch ? "torch.autograd" : "finite differences";
  if (vs_torch) r.reference = "torch";
  if (!g.not_comparable.empty()) {  // counted apart: Stats::not_comparable, by this reason
    r.numpy.not_comparable = true;
    r.numpy.error_message = g.not_comparable;
    r.not_comparable = "torch: " + g.not_comparable;
  }
  r.grad_checked = g.checked;
  r.verdict.kind = g.checked && !g.ok ? Mismatch::grad : Mismatch::none;
  r.verdict.detail = g.detail;
  // A declared difference of the gradient (suite "FuzzGrad"): fmod's at a jump against finite
  // differences, eigh's convention against torch's (declared for the pair engine x torch).
  if (r.verdict.kind == Mismatch::grad)
    if (const auto* x = d.c.op->find_discrepancy(opinfo::Discrepancy::Kind::differs, "FuzzGrad", d.dtype, d.c.input,
                                                 d.c.out, Tensor(), "engine", vs_torch ? "torch" : ""))
      r.accepted = x->what + ": " + x->reason;
  return r;
}

Options gradient_pass(const std::vector<std::string>& ops, uint64_t cases_per_op, uint64_t seed, int jobs) {
  Options o;
  o.grad = true;
  o.cases_per_op = cases_per_op;
  o.seed = seed;
  o.jobs = jobs;
  for (const opinfo::OpInfo& op : opinfo::op_db()) {
    const bool named = ops.empty() || std::find(ops.begin(), ops.end(), op.name) != ops.end();
    if (named && op.supports_autograd) o.ops.push_back(op.name);
  }
  return o;
}

ShrinkOutcome shrink_grad(const CaseGen& gen, const CaseId& failing, int max_steps) {
  ShrinkOutcome out;
  out.id = shrink_with(
      gen, failing,
      [&](const DrawnCase& d) {
        ++out.tried;
        return run_grad_case(d).mismatch();
      },
      max_steps);
  out.steps = static_cast<int>(out.id.shrink_path.size() - failing.shrink_path.size());
  out.result = run_grad_case(gen.draw(out.id));
  return out;
}

}  // namespace parity::fuzz

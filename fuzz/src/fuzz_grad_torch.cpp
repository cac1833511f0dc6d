// The second gradient oracle (`parity fuzz --grad --against torch`, ids ":vtorch"): the engine's
// vector-Jacobian product against torch.autograd's on the same inputs and cotangents.
//
// Convention. Both sides differentiate the real loss L = Re(sum(conj(v) * out)) for a fixed random
// cotangent v per output, and a complex input z = x + iy gets dL/dx + i dL/dy: PyTorch's
// convention (its "conjugate Wirtinger" gradient, 2 dL/dconj(z)), which the engine's autograd
// follows too (parity/gradcheck.h), so nothing is converted. The torch side forms L explicitly
// instead of passing grad_outputs, so the convention is written here, not inherited.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <pybind11/embed.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "fuzz_spec.h"
#include "parity/judge_values.h"
#include "parity/autograd.h"
#include "parity/executors.h"
#include "parity/errors.h"
#include "parity/fuzzer.h"
#include "parity/numpy_convert.h"
#include "parity/opinfo.h"
#include "parity/ops.h"
#include "parity/oracle.h"

namespace py = pybind11;

namespace parity::fuzz {

namespace {

// The torch side, defined once per process in the oracle's interpreter. Returns (status, a, b):
// ("ok", forward values, gradients: None where a leaf gets none), or (status, reason, None) with
// status "unavailable" (torch does not import), "forward" (the call raised or gave something the
// engine's results cannot be matched with) or "backward" (torch.autograd.grad raised).
constexpr const char* kTorchGrad = R"py(
import builtins
def _parity_grad_torch(expr, arrays, cots):
    try:
        import torch
    except Exception as e:
        return ('unavailable', f'torch does not import: {type(e).__name__}: {e}', None)
    if not getattr(builtins, '_parity_grad_torch_threads', False):
        torch.set_num_threads(1)  # campaign workers are processes: no thread pool per worker
        builtins._parity_grad_torch_threads = True
    import warnings, numpy, ml_dtypes
    # The names torch_ref may use, as in the torch executor's namespace (oracle/batch.cpp).
    ns = {'torch': torch, 'np': numpy, 'ml_dtypes': ml_dtypes, 'bfloat16': ml_dtypes.bfloat16}
    leaves = []
    for name, a in arrays:
        t = torch.from_numpy(a.copy())
        if t.is_floating_point() or t.is_complex():
            t.requires_grad_(True)
            leaves.append(t)
        ns[name] = t
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        try:
            out = eval(expr, ns)
        except Exception as e:
            return ('forward', f'{type(e).__name__}: {e}', None)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        if not all(isinstance(o, torch.Tensor) for o in outs):
            return ('forward', 'torch returned ' + type(out).__name__ + ', not tensors', None)
        if len(outs) != len(cots):
            return ('forward', f'torch returned {len(outs)} results, the engine {len(cots)}', None)
        values = [o.detach().resolve_conj().resolve_neg().numpy() for o in outs]
        loss = None
        for o, v in zip(outs, cots):
            if v is None or not o.requires_grad:
                continue
            if tuple(o.shape) != v.shape:
                return ('forward', f'torch result shape {tuple(o.shape)}, the engine {v.shape}', None)
            v = torch.from_numpy(v)
            # L = Re(sum(conj(v) * out)): the convention stated at the top of fuzz_grad_torch.cpp.
            term = (v.conj() * o).real.sum() if (o.is_complex() or v.is_complex()) else (v * o).sum()
            loss = term if loss is None else loss + term
        if loss is None or not loss.requires_grad:
            return ('ok', values, [None] * len(leaves))
        try:
            grads = torch.autograd.grad(loss, leaves, allow_unused=True)
        except Exception as e:
            return ('backward', f'{type(e).__name__}: {e}', None)
    return ('ok', values, [None if g is None else g.resolve_conj().resolve_neg().numpy() for g in grads])
builtins._parity_grad_torch = _parity_grad_torch
)py";

py::object& torch_grad_fn() {
  static py::object* fn = [] {
    oracle::exec(kTorchGrad);
    return new py::object(py::module_::import("builtins").attr("_parity_grad_torch"));
  }();
  return *fn;
}

// Read by the judge's own code (judge_values.h), not by the engine's amax under test.
bool all_finite(const Tensor& t) { return t.size() == 0 || std::isfinite(judge::max_abs(t)); }

// compare() words its detail as engine ("got") against NumPy; here the reference is torch.
std::string torch_words(std::string s) {
  for (auto [from, to] : {std::pair<std::string, std::string>{"NumPy", "torch"}, {"got", "engine"}})
    for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

// `why`: the reason reports count cases under (op-level, no values); `detail`: this case's.
GradCheck not_comparable(GradCheck g, const std::string& why, const std::string& detail = "") {
  g.not_comparable = why;
  g.detail = "not comparable: " + why + (detail.empty() ? "" : " (" + detail + ")");
  return g;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }
// "TypeError: ..." -> "TypeError".
std::string error_class_of(const std::string& s) { return s.substr(0, s.find(':')); }

}  // namespace

std::string torch_callable(const opinfo::OpInfo& op, std::string* why) {
  // The entry's mapping (op_db.cpp derives "torch.X" from a NumPy reference "np.X").
  if (!op.torch_missing.empty()) {
    if (why) *why = "PyTorch lacks " + op.name + ": " + op.torch_missing;
    return "";
  }
  if (op.torch_ref.empty() && why) *why = "no torch mapping for " + op.name + " (NumPy reference " + op.numpy_ref + ")";
  return op.torch_ref;
}

bool torch_importable(std::string* why) {
  static const std::string reason = [] {
    try {
      oracle::import_torch();
      return std::string();
    } catch (const std::exception& e) {
      return std::string("[fuzz] torch is not importable in the oracle's interpreter: ") + e.what();
    }
  }();
  if (why) *why = reason;
  return reason.empty();
}

GradCheck check_gradient_torch(const Case& c, uint64_t seed, const GradFn& engine_fn) {
  if (!engine_fn)  // torch raises there too (or differentiates what Parity does not): the claim is checked
    if (std::optional<GradCheck> g = detail::check_declared_undefined(c)) return *std::move(g);
  GradCheck g;
  const opinfo::OpInfo* op = c.op;
  // The engine side: the op (or engine_fn) as a function of the case's tensor arguments; float
  // ones widened to float64/complex128 and made leaves.
  const Variant variant = c.variant == Variant::method ? Variant::method : Variant::function;
  const SampleInput in = c.input;
  GradFn f = engine_fn ? engine_fn : GradFn([op, in, variant](const std::vector<Tensor>& t) {
    std::vector<ArrayLike> args;
    size_t k = 0;
    for (const auto& a : in.args) args.push_back(a.is_tensor() ? ArrayLike(t[k++]) : a);
    return op->run(variant, args, in.kwargs, Tensor());
  });
  std::vector<Tensor> xs, leaves;
  for (const auto& a : in.args) {
    if (!a.is_tensor()) continue;
    Tensor t = autograd::detach(a.tensor());
    if (t.defined() && is_inexact(t.dtype())) {
      t = t.astype(is_complex(t.dtype()) ? DType::Complex128 : DType::Float64).copy();
      autograd::set_requires_grad(t);
      leaves.push_back(t);
    }
    xs.push_back(t);
  }
  if (leaves.empty()) {
    g.detail = "not checked: no float input to differentiate";
    return g;
  }
  std::vector<Tensor> outs;
  try {
    autograd::EnableGrad eg;
    outs = f(xs);
  } catch (const std::exception& e) {  // error cases are the value campaign's
    return detail::forward_raised(std::move(g), e);
  }
  for (const Tensor& t : outs) g.forward.values.push_back(autograd::detach(t));
  // One cotangent per float output; only float64/complex128 results (as the finite-difference
  // property: a float32 result is a different computation from torch's float64 one).
  Generator rng(seed);
  std::vector<Tensor> cots(outs.size()), ys, vs;
  bool inexact_out = false, wide = true;
  for (size_t k = 0; k < outs.size(); ++k) {
    const Tensor& t = outs[k];
    if (!is_inexact(t.dtype())) continue;
    inexact_out = true;
    wide = wide && (t.dtype() == DType::Float64 || t.dtype() == DType::Complex128);
    Tensor v = rng.normal(t.shape());
    if (is_complex(t.dtype())) v = add(v, multiply(rng.normal(t.shape()), std::complex<double>(0, 1)));
    cots[k] = v.astype(t.dtype());
    if (autograd::requires_grad(t)) {
      ys.push_back(t);
      vs.push_back(cots[k]);
    }
  }
  if (!inexact_out || !wide) {
    g.detail = inexact_out ? "not checked: a float result narrower than float64" : "not checked: no float result";
    return g;
  }
  // A NaN or infinite result has no derivative to compare (var with ddof >= n is 0/0: the engine's
  // gradient is NaN there, torch's NaN + 0j); finite differences skip such points too.
  for (const Tensor& t : g.forward.values)
    if (is_inexact(t.dtype()) && !all_finite(t)) {
      g.detail = "not checked: a non-finite result (no derivative there)";
      return g;
    }
  // The engine's VJP (undefined: the input gets no gradient, i.e. zero).
  std::vector<Tensor> eng(leaves.size());
  std::string engine_backward_error;
  if (!ys.empty()) {
    try {
      eng = autograd::grad(ys, leaves, vs, false, false, true);
    } catch (const std::exception& e) {  // the op claims autograd: backward must work
      engine_backward_error = detail::error_text(e);
    }
  }

  // The torch side.
  std::string why;
  if (!torch_importable(&why)) return not_comparable(g, "torch is not installed", why);
  const std::string fn = torch_callable(*op, &why);
  if (fn.empty()) return not_comparable(g, why);
  std::string expr = (fn.rfind("lambda", 0) == 0 ? "(" + fn + ")" : fn) + "(";
  py::list arrays;
  {
    size_t k = 0, i = 0;
    for (const auto& a : in.args) {
      if (i++) expr += ", ";
      if (!a.is_tensor()) {
        expr += python_literal(a.scalar());
        continue;
      }
      const std::string nm = "a" + std::to_string(k);
      expr += nm;
      arrays.append(py::make_tuple(nm, oracle::to_numpy(xs[k++])));
    }
    // The keywords as the torch executor passes them (axis= is dim=, dtypes are torch's).
    for (const auto& [key, v] : in.kwargs) expr += std::string(i++ ? ", " : "") + library_keyword("torch", key, v);
    expr += ")";
  }
  py::list pycots;
  for (const Tensor& v : cots) pycots.append(v.defined() ? py::object(oracle::to_numpy(v)) : py::object(py::none()));
  Outcome ref;
  std::vector<Tensor> tgrads;
  try {
    py::tuple r = torch_grad_fn()(expr, arrays, pycots);
    const std::string status = r[0].cast<std::string>();
    if (status != "ok") {
      const std::string msg = first_line(r[1].cast<std::string>());
      if (status == "unavailable") return not_comparable(g, "torch is not installed", msg);
      if (status == "backward") return not_comparable(g, "torch's backward raised " + error_class_of(msg), expr + ": " + msg);
      return not_comparable(g, "torch's forward failed or has another form", expr + ": " + msg);
    }
    for (auto v : r[1]) ref.values.push_back(oracle::from_numpy(v));
    for (auto t : r[2]) tgrads.push_back(t.is_none() ? Tensor() : oracle::from_numpy(t));
  } catch (const std::exception& e) {  // the bridge, not torch: a Python error or a conversion
    return not_comparable(g, "the torch call failed", first_line(e.what()));
  }
  // A different forward is another function (torch.var's ddof=1, say): its gradient says nothing
  // about the engine's derivative.
  Outcome eng_fwd;
  for (size_t k = 0; k < outs.size(); ++k) eng_fwd.values.push_back(g.forward.values[k]);
  const Verdict fv = compare(eng_fwd, ref, op->tolerance(outs[0].dtype()));
  if (!fv.match())
    return not_comparable(g, std::string("torch's forward differs (") + to_string(fv.kind) + ")",
                          expr + ": " + torch_words(fv.detail));

  g.checked = true;
  if (!engine_backward_error.empty()) {
    g.ok = false;
    g.detail = "the engine's backward raised " + engine_backward_error + "; torch computed a gradient";
    return g;
  }
  // Each float input's gradient, the engine's against torch's, with the op's tolerance.
  size_t li = 0;
  for (size_t k = 0; k < xs.size(); ++k) {
    if (!xs[k].defined() || !is_inexact(xs[k].dtype())) continue;
    const Tensor& x = leaves[li];
    Tensor a = eng[li].defined() ? autograd::detach(eng[li]) : zeros_like(x);
    Tensor b = li < tgrads.size() && tgrads[li].defined() ? tgrads[li] : zeros_like(x);
    ++li;
    Outcome ga, gb;
    ga.values = {a};
    gb.values = {b};
    const Verdict v = compare(ga, gb, op->tolerance(x.dtype()));
    if (!v.match()) {
      g.ok = false;
      g.detail = "d/d input " + std::to_string(k) + " (" + name(x.dtype()) + " " + shape_str(x.shape()) +
                 "): " + torch_words(v.detail) + " [engine VJP vs torch.autograd, cotangent seed " +
                 std::to_string(seed) + "]";
      return g;
    }
  }
  return g;
}

GradCheck check_gradient_torch(const Case& c, uint64_t seed) { return check_gradient_torch(c, seed, GradFn()); }

}  // namespace parity::fuzz

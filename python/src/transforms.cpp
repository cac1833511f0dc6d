// Autograd on parity.Tensor and the cores of parity.grad/value_and_grad/vmap/compile (JAX's
// signatures are in parity/_transforms.py). The GIL stays held: the engine calls f on this thread.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parity/autograd.h"
#include "parity/compile.h"
#include "parity/errors.h"
#include "parity/ops.h"
#include "parity/tensor.h"
#include "parity/transforms.h"
#include "transforms.h"

namespace py = pybind11;

namespace parity::python {

Tensor asarray_py(py::handle obj, std::optional<DType> dtype);  // module.cpp

namespace {

// How many grad transforms are running their function on this thread (see keeps_graph).
thread_local int g_grad_depth = 0;

std::string fn_name(py::handle f) {
  if (py::hasattr(f, "__qualname__")) return py::str(f.attr("__qualname__"));
  return py::str(py::repr(f));
}

// A function's result as a tensor (a Python number becomes a 0-d tensor, as jnp.asarray would).
Tensor result_tensor(const char* op, const std::string& name, py::handle r) {
  if (py::isinstance<Tensor>(r)) return r.cast<Tensor>();
  if (PyFloat_Check(r.ptr()) || PyLong_Check(r.ptr()) || PyComplex_Check(r.ptr()) || py::isinstance<py::buffer>(r))
    return asarray_py(r, std::nullopt);
  throw TypeError(std::string("[") + op + "] " + name + " must return a tensor, got " + Py_TYPE(r.ptr())->tp_name);
}

// A differentiated argument: float/complex tensors, NumPy arrays, Python floats; ints and bools
// are JAX's TypeError (no allow_int).
Tensor diff_arg(py::handle a, const std::string& fname) {
  const std::string msg = "[grad] " + fname + ": grad requires real- or complex-valued inputs (input dtype that is a "
                          "sub-dtype of np.inexact), but got ";
  if (PyBool_Check(a.ptr()) || PyLong_Check(a.ptr())) throw TypeError(msg + "a Python " + Py_TYPE(a.ptr())->tp_name);
  Tensor t = asarray_py(a, std::nullopt);
  if (!is_inexact(t.dtype())) throw TypeError(msg + name(t.dtype()));
  return t;
}

// Nested in another grad (or w.r.t. a tensor that records), the gradient must stay on the outer
// graph, which the engine's value_and_grad (it detaches) would cut: keep history, create_graph.
bool keeps_graph(const std::vector<Tensor>& inputs) {
  if (g_grad_depth > 0) return true;
  if (!autograd::grad_enabled()) return false;
  for (const Tensor& x : inputs)
    if (x.requires_grad()) return true;
  return false;
}

std::pair<Tensor, std::vector<Tensor>> value_and_grad_keeping_graph(const autograd::MultiFn& f,
                                                                   const std::vector<Tensor>& inputs) {
  std::vector<Tensor> xs;
  for (const Tensor& x : inputs) {
    if (x.requires_grad()) {
      xs.push_back(x);
    } else {
      Tensor d = autograd::detach(x);
      d.requires_grad_();
      xs.push_back(d);
    }
  }
  Tensor y;
  {
    autograd::EnableGrad on;
    y = f(xs);
  }
  std::vector<Tensor> g(xs.size());
  if (y.requires_grad()) g = autograd::grad({y}, xs, {}, true, true, true);
  for (size_t i = 0; i < g.size(); ++i)
    if (!g[i].defined()) g[i] = zeros_like(inputs[i]);
  return {y, g};
}

struct DepthGuard {
  DepthGuard() { ++g_grad_depth; }
  ~DepthGuard() { --g_grad_depth; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
};

// The core of parity.grad / value_and_grad: (value, grads, aux) with grads a list in argnums'
// order. args: f's positional arguments; argnums already normalised (non-negative).
py::tuple value_and_grad_call(py::function f, py::tuple args, py::dict kwargs, std::vector<int64_t> argnums,
                              bool has_aux) {
  const std::string name = fn_name(f);
  std::vector<Tensor> inputs;
  for (int64_t k : argnums) {
    if (k < 0 || k >= static_cast<int64_t>(args.size()))
      throw TypeError("[grad] differentiating with respect to argnums=" + std::to_string(k) + " requires at least " +
                      std::to_string(k + 1) + " positional arguments to be passed by the caller, but got only " +
                      std::to_string(args.size()) + " positional arguments");
    inputs.push_back(diff_arg(args[static_cast<size_t>(k)], name));
  }
  const bool keep = keeps_graph(inputs);
  py::object aux = py::none();
  autograd::MultiFn fn = [&](const std::vector<Tensor>& xs) -> Tensor {
    py::list call_args(args.size());
    for (size_t i = 0; i < args.size(); ++i) call_args[i] = args[i];
    for (size_t j = 0; j < argnums.size(); ++j) call_args[static_cast<size_t>(argnums[j])] = py::cast(xs[j]);
    py::object r;
    {
      DepthGuard depth;
      r = f(*py::tuple(call_args), **kwargs);
    }
    if (has_aux) {
      if (!py::isinstance<py::tuple>(r) || py::len(r) != 2)
        throw TypeError("[grad] " + name + ": expected function with aux output to return a two-element tuple, "
                        "but got type " + std::string(Py_TYPE(r.ptr())->tp_name));
      aux = r[py::int_(1)];
      r = r[py::int_(0)];
    }
    // NumPy on a tensor leaves the graph: its result would give a silent zero gradient.
    if (!py::isinstance<Tensor>(r) &&
        (py::isinstance<py::array>(r) || py::isinstance(r, py::module_::import("numpy").attr("generic"))))
      throw TypeError("[grad] " + name + " returned a " + std::string(Py_TYPE(r.ptr())->tp_name) +
                      ", not a parity tensor: NumPy functions leave autograd's graph (use parity's)");
    Tensor y = result_tensor("grad", name, r);
    if (y.ndim() != 0)
      throw TypeError("[grad] " + name + ": Gradient only defined for scalar-output functions. Output had shape: " +
                      shape_str(y.shape()) + ".");
    if (!is_floating(y.dtype()))
      throw TypeError("[grad] " + name + ": grad requires real-valued outputs (output dtype that is a sub-dtype of "
                      "np.floating), but got " + parity::name(y.dtype()));
    return y;
  };
  auto [value, grads] = keep ? value_and_grad_keeping_graph(fn, inputs) : autograd::value_and_grad(fn, inputs);
  return py::make_tuple(value, py::cast(grads), aux);
}

// parity.vmap: slice by slice, then stack, as the engine's vmap does; that one maps a single
// tensor argument, so JAX's per-argument in_axes and tuple results are done here.
py::object vmap_call(py::function f, py::tuple args, py::dict kwargs, std::vector<std::optional<int64_t>> in_axes,
                     int64_t out_axes) {
  const std::string name = fn_name(f);
  if (in_axes.size() != args.size())
    throw ValueError("[vmap] in_axes must be an int, None, or a tuple of entries corresponding to the positional "
                     "arguments passed to " + name + ", but got len(in_axes)=" + std::to_string(in_axes.size()) +
                     ", len(args)=" + std::to_string(args.size()));
  std::vector<std::optional<Tensor>> mapped(args.size());
  int64_t b = -1;
  std::string sizes;
  bool mismatch = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!in_axes[i]) continue;
    Tensor t = asarray_py(args[i], std::nullopt);
    const int64_t ax = *in_axes[i] < 0 ? *in_axes[i] + t.ndim() : *in_axes[i];
    if (ax < 0 || ax >= t.ndim())
      throw ValueError("[vmap] " + name + ": argument " + std::to_string(i) + " is mapped along axis " +
                       std::to_string(*in_axes[i]) + " but has rank " + std::to_string(t.ndim()));
    mapped[i] = t.moveaxis({ax}, {0});
    const int64_t n = mapped[i]->shape(0);
    sizes += "\n  * argument " + std::to_string(i) + " has size " + std::to_string(n) + " on axis " +
             std::to_string(*in_axes[i]);
    if (b >= 0 && n != b) mismatch = true;
    b = b < 0 ? n : b;
  }
  if (b < 0) throw ValueError("[vmap] " + name + ": vmap must have at least one non-None value in in_axes");
  if (mismatch) throw ValueError("[vmap] " + name + ": inconsistent sizes for array axes to be mapped:" + sizes);
  if (b == 0) throw ValueError("[vmap] " + name + ": empty batch");

  std::vector<std::vector<Tensor>> outs;  // outs[k][i]: result k of slice i
  bool is_tuple = false;
  for (int64_t s = 0; s < b; ++s) {
    py::list call_args(args.size());
    for (size_t i = 0; i < args.size(); ++i) call_args[i] = mapped[i] ? py::cast((*mapped[i])[s]) : args[i];
    py::object r = f(*py::tuple(call_args), **kwargs);
    const bool tup = py::isinstance<py::tuple>(r) || py::isinstance<py::list>(r);
    std::vector<py::object> parts;
    if (tup) for (py::handle h : r) parts.push_back(py::reinterpret_borrow<py::object>(h));
    else parts.push_back(r);
    if (s == 0) {
      is_tuple = tup;
      outs.resize(parts.size());
    } else if (tup != is_tuple || parts.size() != outs.size()) {
      throw ValueError("[vmap] " + name + " returned differently structured results for different slices");
    }
    for (size_t k = 0; k < parts.size(); ++k) outs[k].push_back(result_tensor("vmap", name, parts[k]));
  }
  std::vector<Tensor> stacked;
  for (auto& o : outs) stacked.push_back(stack(o, out_axes));
  if (!is_tuple) return py::cast(stacked[0]);
  return py::tuple(py::cast(stacked));
}

// parity.compile: the engine's compile cache with the Python callable as its thunk, one per set of
// static (non-tensor) arguments (the Python side keys them); positional tensors are the inputs.
class CompileCache {
 public:
  py::object call(py::function f, py::tuple args, py::dict kwargs) {
    std::vector<Tensor> tensors;
    for (py::handle a : args)
      if (py::isinstance<Tensor>(a)) tensors.push_back(a.cast<Tensor>());
    std::vector<const Tensor*> in;
    for (const Tensor& t : tensors) in.push_back(&t);
    std::vector<Tensor> outs;
    if (!cache_.run(in.data(), in.size(), outs)) {
      struct Ctx {
        CompileCache* self;
        py::function* f;
        py::tuple* args;
        py::dict* kwargs;
      } ctx{this, &f, &args, &kwargs};
      compile_detail::Thunk thunk{[](const void* c) -> std::vector<Tensor> {
                                    const Ctx& k = *static_cast<const Ctx*>(c);
                                    return k.self->run_f(*k.f, *k.args, *k.kwargs);
                                  },
                                  &ctx};
      outs = cache_.eager(in.data(), in.size(), thunk);
    }
    if (!is_tuple_) return py::cast(outs.at(0));
    return py::tuple(py::cast(outs));
  }

  py::dict info() const {
    CompileInfo i = cache_.info();
    py::dict d;
    d["traces"] = i.traces;
    d["fused_calls"] = i.fused_calls;
    d["eager_calls"] = i.eager_calls;
    d["not_fused"] = i.not_fused;
    return d;
  }

 private:
  std::vector<Tensor> run_f(py::function& f, py::tuple& args, py::dict& kwargs) {
    const std::string name = fn_name(f);
    py::object r = f(*args, **kwargs);
    std::vector<Tensor> outs;
    is_tuple_ = py::isinstance<py::tuple>(r) || py::isinstance<py::list>(r);
    if (is_tuple_) {
      for (py::handle h : r) outs.push_back(result_tensor("compile", name, h));
    } else {
      outs.push_back(result_tensor("compile", name, r));
    }
    return outs;
  }

  compile_detail::Cache cache_;
  bool is_tuple_ = false;  // f's last eager result was a tuple (a replay returns the same form)
};

// A grad-mode scope for `with`: the engine's RAII scopes held between __enter__ and __exit__.
class GradMode {
 public:
  explicit GradMode(bool enable) : enable_(enable) {}
  void enter() {
    if (enable_) on_ = std::make_unique<autograd::EnableGrad>();
    else off_ = std::make_unique<autograd::NoGrad>();
  }
  void exit() {
    on_.reset();
    off_.reset();
  }

 private:
  bool enable_;
  std::unique_ptr<autograd::EnableGrad> on_;
  std::unique_ptr<autograd::NoGrad> off_;
};

py::object grad_or_none(const Tensor& t) {
  Tensor g = t.grad();
  if (!g.defined()) return py::none();
  return py::cast(g);
}

}  // namespace

void bind_transforms(py::module_& m, py::class_<Tensor>& cls) {
  cls.def_property(
      "requires_grad", [](const Tensor& t) { return t.requires_grad(); },
      [](Tensor& t, bool on) { autograd::set_requires_grad(t, on); },
      "whether ops on this tensor record a graph for backward() (settable on leaves, float/complex only)");
  cls.def_property(
      "grad", &grad_or_none,
      [](Tensor& t, py::handle g) {
        if (!g.is_none()) throw TypeError("[grad] only None can be assigned to .grad (it clears the gradient)");
        autograd::zero_grad(t);
      },
      "the gradient accumulated by backward() (None until then); assign None to clear it");
  cls.def_property_readonly("is_leaf", [](const Tensor& t) { return autograd::is_leaf(t); });
  cls.def_property_readonly("grad_fn", [](const Tensor& t) -> py::object {
    std::string n = autograd::grad_fn_name(t);
    if (n.empty()) return py::none();
    return py::str(n);
  }, "the name of the op that made this tensor (None for leaves and tensors without history)");
  cls.def("backward", [](const Tensor& t, py::handle gradient, bool retain_graph) {
    Tensor g = gradient.is_none() ? Tensor() : asarray_py(gradient, std::nullopt);
    autograd::backward(t, g, retain_graph);
  }, py::arg("gradient") = py::none(), py::arg("retain_graph") = false,
     "accumulates d(self)/d(leaf) into each leaf's .grad; gradient is required unless self has one element");
  cls.def("detach", [](const Tensor& t) { return autograd::detach(t); }, "the same data without history");
  cls.def("retain_grad", [](Tensor& t) { autograd::retain_grad(t); });

  py::class_<GradMode>(m, "_GradMode")
      .def(py::init<bool>())
      .def("__enter__", [](GradMode& g) { g.enter(); })
      .def("__exit__", [](GradMode& g, py::args) {
        g.exit();
        return false;
      });
  m.def("is_grad_enabled", &autograd::grad_enabled);
  m.def("_value_and_grad", &value_and_grad_call, py::arg("f"), py::arg("args"), py::arg("kwargs"),
        py::arg("argnums"), py::arg("has_aux"));
  m.def("_vmap", &vmap_call, py::arg("f"), py::arg("args"), py::arg("kwargs"), py::arg("in_axes"),
        py::arg("out_axes"));
  py::class_<CompileCache>(m, "_CompileCache")
      .def(py::init<>())
      .def("call", &CompileCache::call)
      .def("info", &CompileCache::info);
}

}  // namespace parity::python

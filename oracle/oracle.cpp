#include "parity/oracle.h"

#include <pybind11/embed.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>
#include <mutex>
#include <stdexcept>

namespace py = pybind11;

namespace parity::oracle {

namespace {

void start() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (Py_IsInitialized()) return;
    PyConfig config;
    PyConfig_InitPythonConfig(&config);
    config.install_signal_handlers = 0;
    config.parse_argv = 0;
    // Point at the interpreter that has NumPy, so its prefix and site-packages are used.
    PyConfig_SetBytesString(&config, &config.program_name, PARITY_PYTHON_EXECUTABLE);
    py::initialize_interpreter(&config, 0, nullptr, false);
    py::exec(R"(
import warnings, numpy as np, ml_dtypes
def _parity_dtype_name(dt):
    return 'bfloat16' if dt == np.dtype(ml_dtypes.bfloat16) else np.dtype(dt).name
def _parity_np_dtype(name):
    return np.dtype(ml_dtypes.bfloat16) if name == 'bfloat16' else np.dtype(name)
)");
    // The interpreter lives until exit; keep the GIL held by this (only) thread.
  });
}

py::object to_numpy(const Tensor& t) {
  py::module_ main = py::module_::import("__main__");
  Tensor c = t.contiguous();
  py::object dt = main.attr("_parity_np_dtype")(name(t.dtype()));
  py::object np = py::module_::import("numpy");
  // Raw bytes first: the buffer protocol does not know bfloat16. Through Python bytes, because
  // pybind11 2.10's array_t(count) misreads NumPy 2's itemsize and makes strides (0,).
  py::bytes raw(c.nbytes() > 0 ? static_cast<const char*>(c.data_ptr()) : "",
                static_cast<size_t>(c.nbytes()));
  return np.attr("frombuffer")(raw, py::arg("dtype") = dt).attr("reshape")(py::cast(t.shape())).attr("copy")();
}

Tensor from_numpy(py::handle obj) {
  py::module_ main = py::module_::import("__main__");
  py::object np = py::module_::import("numpy");
  py::object arr;
  bool is_dtype = py::isinstance(obj, np.attr("dtype")) || py::isinstance<py::type>(obj);
  if (is_dtype) arr = np.attr("zeros")(py::make_tuple(), obj);  // a dtype: 0-d array of that dtype
  else arr = np.attr("array")(obj, py::arg("order") = "C");  // keeps 0-d (ascontiguousarray makes it 1-d)
  std::string dname = py::cast<std::string>(main.attr("_parity_dtype_name")(arr.attr("dtype")));
  DType d = dtype_from_name(dname);
  Shape shape = py::cast<Shape>(py::tuple(arr.attr("shape")).cast<py::list>());
  Strides st(shape.size());
  int64_t acc = 1;
  for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    st[i] = acc;
    acc *= std::max<int64_t>(shape[i], 1);
  }
  int64_t n = 1;
  for (auto s : shape) n *= s;
  Tensor t(std::make_shared<Storage>(n * itemsize(d)), d, shape, st, 0);
  if (n > 0) {
    py::array_t<uint8_t> bytes = arr.attr("reshape")(-1).attr("view")("u1");
    std::memcpy(t.data_ptr(), bytes.data(), static_cast<size_t>(n * itemsize(d)));
  }
  return t;
}

}  // namespace


Outcome eval(const std::string& expr, const Args& args) {
  start();
  Outcome out;
  py::dict ns;
  ns["np"] = py::module_::import("numpy");
  ns["ml_dtypes"] = py::module_::import("ml_dtypes");
  ns["bfloat16"] = ns["ml_dtypes"].attr("bfloat16");
  for (const auto& [k, v] : args) ns[py::str(k)] = to_numpy(v);
  py::module_ warnings = py::module_::import("warnings");
  try {
    py::object ctx = warnings.attr("catch_warnings")(py::arg("record") = true);
    py::list caught = ctx.attr("__enter__")();
    warnings.attr("simplefilter")("always");
    py::object r;
    try {
      r = py::eval(expr, ns);
    } catch (...) {
      ctx.attr("__exit__")(py::none(), py::none(), py::none());
      throw;
    }
    ctx.attr("__exit__")(py::none(), py::none(), py::none());
    for (auto w : caught) out.warnings.push_back(py::cast<std::string>(w.attr("category").attr("__name__")));
    if (py::isinstance<py::tuple>(r) || py::isinstance<py::list>(r)) {
      for (auto item : r) out.values.push_back(from_numpy(item));
    } else {
      out.values.push_back(from_numpy(r));
    }
  } catch (py::error_already_set& e) {
    out.error = true;
    py::object type = e.type();
    out.error_class = py::cast<std::string>(type.attr("__name__"));
    for (auto c : type.attr("__mro__")) out.error_mro.push_back(py::cast<std::string>(c.attr("__name__")));
    out.error_message = py::cast<std::string>(py::str(e.value()));
  }
  return out;
}

void exec(const std::string& code) {
  start();
  try {
    py::exec(code);
  } catch (py::error_already_set& e) {
    throw std::runtime_error(std::string("[oracle] ") + e.what());
  }
}

Tensor eval_tensor(const std::string& expr, const Args& args) {
  Outcome o = eval(expr, args);
  if (o.error) throw std::runtime_error("[oracle] " + expr + " raised " + o.error_class + ": " + o.error_message);
  if (o.values.size() != 1) throw std::runtime_error("[oracle] " + expr + " did not give one array");
  return o.values[0];
}

std::string eval_str(const std::string& expr, const Args& args) {
  start();
  py::dict ns;
  ns["np"] = py::module_::import("numpy");
  ns["ml_dtypes"] = py::module_::import("ml_dtypes");
  ns["bfloat16"] = ns["ml_dtypes"].attr("bfloat16");
  for (const auto& [k, v] : args) ns[py::str(k)] = to_numpy(v);
  try {
    return py::cast<std::string>(py::str(py::eval(expr, ns)));
  } catch (py::error_already_set& e) {
    throw std::runtime_error("[oracle] " + expr + " raised " + e.what());
  }
}

std::string numpy_version() {
  start();
  return py::cast<std::string>(py::module_::import("numpy").attr("__version__"));
}

}  // namespace parity::oracle

#include "parity/oracle.h"

#include "parity/numpy_convert.h"

#include <pybind11/embed.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>
#include <mutex>
#include <stdexcept>

namespace py = pybind11;

namespace parity::oracle {

void start_interpreter() {
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
    py::exec("import warnings, numpy, ml_dtypes");
    // The interpreter lives until exit; keep the GIL held by this (only) thread.
  });
}

namespace {

// The namespace an expression sees: np, ml_dtypes, bfloat16 and the arguments (sharing memory).
py::dict namespace_for(const Args& args) {
  static py::object* np = new py::object(py::module_::import("numpy"));
  static py::object* mld = new py::object(py::module_::import("ml_dtypes"));
  py::dict ns;
  ns["np"] = *np;
  ns["ml_dtypes"] = *mld;
  ns["bfloat16"] = mld->attr("bfloat16");
  for (const auto& [k, v] : args) ns[py::str(k)] = to_numpy(v);
  return ns;
}

const std::string& reference_name() {
  static const std::string r = "numpy " + numpy_version();
  return r;
}

void set_error(Outcome& out, py::error_already_set& e) {
  out.error = true;
  py::object type = e.type();
  out.error_class = py::cast<std::string>(type.attr("__name__"));
  for (auto c : type.attr("__mro__")) out.error_mro.push_back(py::cast<std::string>(c.attr("__name__")));
  out.error_message = py::cast<std::string>(py::str(e.value()));
}

// The oracle itself failed (not NumPy): an error outcome that matches no engine error.
void set_oracle_failure(Outcome& out, const std::string& what) {
  out.values.clear();
  out.error = true;
  out.crashed = true;
  out.error_class = "OracleError";
  out.error_mro = {"OracleError"};
  out.error_message = "[oracle] " + what;
}

}  // namespace


Outcome eval(const std::string& expr, const Args& args) {
  start_interpreter();
  Outcome out;
  out.reference = reference_name();
  py::object r;
  try {
    py::dict ns = namespace_for(args);
    static py::object* warnings = new py::object(py::module_::import("warnings"));
    py::object ctx = warnings->attr("catch_warnings")(py::arg("record") = true);
    py::list caught = ctx.attr("__enter__")();
    warnings->attr("simplefilter")("always");
    try {
      r = py::eval(expr, ns);
    } catch (...) {
      ctx.attr("__exit__")(py::none(), py::none(), py::none());
      throw;
    }
    ctx.attr("__exit__")(py::none(), py::none(), py::none());
    for (auto w : caught) out.warnings.push_back(py::cast<std::string>(w.attr("category").attr("__name__")));
  } catch (py::error_already_set& e) {
    set_error(out, e);
    return out;
  } catch (const std::exception& e) {
    set_oracle_failure(out, std::string("evaluating ") + expr + ": " + e.what());
    return out;
  }
  // Converting the result is the oracle's business: its failures are not NumPy's exceptions.
  try {
    if (py::isinstance<py::tuple>(r) || py::isinstance<py::list>(r)) {
      for (auto item : r) out.values.push_back(from_numpy(item));
    } else {
      out.values.push_back(from_numpy(r));
    }
  } catch (py::error_already_set& e) {
    set_oracle_failure(out, "cannot convert the result of " + expr + ": " + e.what());
  } catch (const std::exception& e) {
    set_oracle_failure(out, "cannot convert the result of " + expr + ": " + e.what());
  }
  return out;
}

void import_torch() {
#if defined(__SANITIZE_ADDRESS__)
  constexpr bool deepbind = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  constexpr bool deepbind = false;
#else
  constexpr bool deepbind = true;
#endif
#else
  constexpr bool deepbind = true;
#endif
  start_interpreter();
  static const std::string error = [] {
    try {
      py::exec(deepbind ? "import sys, os\n"
                      "_f = sys.getdlopenflags()\n"
                      "sys.setdlopenflags(_f | os.RTLD_DEEPBIND)\n"
                      "try:\n"
                      "    import torch\n"
                      "finally:\n"
                      "    sys.setdlopenflags(_f)\n"
                    : "import torch\n");
      return std::string();
    } catch (py::error_already_set& e) {  // "ImportError: No module named 'torch'"
      return py::cast<std::string>(e.type().attr("__name__")) + ": " + py::cast<std::string>(py::str(e.value()));
    }
  }();
  if (!error.empty()) throw std::runtime_error(error);
}

void exec(const std::string& code) {
  start_interpreter();
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
  start_interpreter();
  try {
    py::dict ns = namespace_for(args);
    return py::cast<std::string>(py::str(py::eval(expr, ns)));
  } catch (py::error_already_set& e) {
    throw std::runtime_error("[oracle] " + expr + " raised " + e.what());
  }
}

bool interpreter_running() { return Py_IsInitialized() != 0; }

std::string numpy_version() {
  start_interpreter();
  return py::cast<std::string>(py::module_::import("numpy").attr("__version__"));
}

}  // namespace parity::oracle

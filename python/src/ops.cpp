// The OpInfo database from Python: parity._parity._call runs an entry's `run` (the op called
// NumPy's way), _op_entries describes every entry (python/parity/_ops.py makes NumPy-signature
// functions from them), and _samples/_tolerance feed python/tests/test_ops_samples.py.
#include <pybind11/complex.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "convert.h"
#include "ops.h"
#include "parity/errors.h"
#include "parity/opinfo.h"

namespace py = pybind11;

namespace parity::python {

namespace {

using opinfo::OpInfo;

const OpInfo& entry_of(const std::string& name) {
  const OpInfo* op = opinfo::find_op(name);
  if (!op) throw ValueError("[_call] no op named '" + name + "' in the OpInfo database");
  return *op;
}

Variant variant_of(const std::string& v) {
  for (Variant x : {Variant::function, Variant::method, Variant::inplace, Variant::out})
    if (v == to_string(x)) return x;
  throw ValueError("[_call] unknown variant '" + v + "'");
}

bool is_numpy_generic(py::handle h) {
  static py::handle generic = py::object(py::module_::import("numpy").attr("generic")).release();
  return PyObject_IsInstance(h.ptr(), generic.ptr()) == 1;
}

DType dtype_of(py::handle h) {
  if (PyUnicode_Check(h.ptr())) return dtype_from_name(h.cast<std::string>());
  return dtype_from_numpy(py::dtype::from_args(py::reinterpret_borrow<py::object>(h)));
}

// A Python keyword value as the RunFn's KwValue (the kinds NumPy's keywords take in the samples).
KwValue kwvalue(const std::string& op, const std::string& key, py::handle h) {
  if (h.is_none()) return std::monostate{};
  if (PyBool_Check(h.ptr())) return h.ptr() == Py_True;
  if (key == "dtype" || PyType_Check(h.ptr()) || py::isinstance<py::dtype>(h)) return dtype_of(h);
  if (PyUnicode_Check(h.ptr())) return h.cast<std::string>();
  if (is_numpy_generic(h) && py::dtype::from_args(h.attr("dtype")).kind() == 'b') return h.cast<bool>();
  if (PyIndex_Check(h.ptr())) return py::reinterpret_borrow<py::object>(h).attr("__index__")().cast<int64_t>();
  if (PyFloat_Check(h.ptr()) || (is_numpy_generic(h) && PyNumber_Check(h.ptr()) && !PyComplex_Check(h.ptr())))
    return h.cast<double>();
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
    std::vector<int64_t> v;
    for (py::handle x : h) {
      if (!PyIndex_Check(x.ptr())) throw TypeError("[" + op + "] keyword '" + key + "' takes integers");
      v.push_back(py::reinterpret_borrow<py::object>(x).attr("__index__")().cast<int64_t>());
    }
    return v;
  }
  throw TypeError("[" + op + "] keyword '" + key + "': unsupported value of type " + Py_TYPE(h.ptr())->tp_name);
}

py::object kw_to_py(const KwValue& v) {
  struct V {
    py::object operator()(std::monostate) const { return py::none(); }
    py::object operator()(bool b) const { return py::bool_(b); }
    py::object operator()(int64_t i) const { return py::int_(i); }
    py::object operator()(double d) const { return py::float_(d); }
    py::object operator()(const std::vector<int64_t>& t) const { return py::tuple(py::cast(t)); }
    py::object operator()(DType d) const { return numpy_dtype(d); }
    py::object operator()(const std::string& s) const { return py::str(s); }
  };
  return std::visit(V{}, v);
}

py::object arg_to_py(const ArrayLike& a) {
  return a.is_tensor() ? py::object(py::cast(a.tensor())) : scalar_to_py(a.scalar());
}

// _call(name, variant, args, kwargs, out): the entry's run; its results as a list of tensors.
py::list call(const std::string& name, const std::string& variant, py::sequence args, py::dict kwargs,
              py::object out) {
  const OpInfo& op = entry_of(name);
  std::vector<ArrayLike> a;
  for (py::handle h : args) {
    auto o = operand(h);
    a.push_back(o ? *o : ArrayLike(asarray_py(h, std::nullopt)));
  }
  Kwargs kw;
  for (auto [k, v] : kwargs) {
    const std::string key = k.cast<std::string>();
    kw.emplace_back(key, kwvalue(op.name, key, v));
  }
  Tensor o = out.is_none() ? Tensor() : out.cast<Tensor>();
  std::vector<Tensor> r;
  try {
    r = op.run(variant_of(variant), a, kw, o);
  } catch (const std::bad_variant_access&) {
    // A keyword of a type the engine does not take (std(ddof=1.5): the engine's ddof is an int).
    std::string given;
    for (auto [k, v] : kwargs) given += (given.empty() ? "" : ", ") + k.cast<std::string>() + "=" + py::str(py::repr(v)).cast<std::string>();
    throw NotImplementedError(op_msg(op.name.c_str(), "a keyword argument of a type the engine does not take (" + given + ")"));
  }
  py::list res;
  for (auto& t : r) res.append(py::cast(std::move(t)));
  return res;
}

// What _ops.py needs to build the op's public function: the names, the variants, the NumPy
// reference, the claimed CPU dtypes.
py::list entries() {
  py::list out;
  for (const OpInfo& op : opinfo::op_db()) {
    py::dict d;
    d["name"] = op.name;
    d["aliases"] = op.aliases;
    d["family"] = op.family;
    py::list variants;
    for (Variant v : op.variants) variants.append(to_string(v));
    d["variants"] = variants;
    d["numpy_ref"] = op.numpy_ref;
    d["numpy_method"] = op.numpy_method;
    py::list dtypes;
    for (DType t : op.dtypes_cpu) dtypes.append(name(t));
    d["dtypes"] = dtypes;
    out.append(d);
  }
  return out;
}

// How the entry's samples call its run function: their keyword names, the most positional
// arguments, and whether the op returns a sequence (a run of one of its small samples gives other
// than one result: meshgrid, nonzero, broadcast_arrays), read from the samples of two of its
// dtypes (milliseconds per op: _ops.py asks on an op's first call, not at import).
py::tuple sample_keywords(const std::string& name) {
  const OpInfo& op = entry_of(name);
  std::set<std::string> kwnames;
  size_t nargs = 0;
  bool sequence = false;
  std::vector<DType> probe;
  if (!op.dtypes_cpu.empty()) probe.push_back(op.dtypes_cpu.front());
  if (op.claims(DType::Float64) && (probe.empty() || probe[0] != DType::Float64)) probe.push_back(DType::Float64);
  if (op.sample_inputs)
    for (DType t : probe)
      for (const SampleInput& s : op.sample_inputs(t)) {
        for (const auto& kv : s.kwargs) kwnames.insert(kv.first);
        nargs = std::max(nargs, s.args.size());
        int64_t elements = 0;
        for (const auto& a : s.args) elements += a.is_tensor() ? a.tensor().size() : 1;
        if (sequence || elements > 4096 || !op.has_variant(Variant::function)) continue;
        try {
          sequence = op.run(Variant::function, s.args, s.kwargs, Tensor()).size() != 1;
        } catch (const Error&) {  // a sample the engine refuses says nothing about the result count
        }
      }
  return py::make_tuple(std::vector<std::string>(kwnames.begin(), kwnames.end()), nargs, sequence);
}

// _samples(name, dtype): the entry's samples and reference inputs as (args, kwargs, note, skip,
// differs): tensors keep their strides; skip/differs are the reasons of the entry's declared
// NumpyRef skips and differences that cover the sample (None if none).
py::list samples(const std::string& name, py::handle dtype) {
  const OpInfo& op = entry_of(name);
  const DType d = dtype_of(dtype);
  std::vector<SampleInput> in;
  if (op.sample_inputs) in = op.sample_inputs(d);
  if (op.reference_inputs)
    for (auto& r : op.reference_inputs(d)) in.push_back(std::move(r));
  py::list out;
  auto reason = [&](opinfo::Discrepancy::Kind k, const SampleInput& s) -> py::object {
    const opinfo::Discrepancy* x = op.find_discrepancy(k, "NumpyRef", d, s);
    if (!x) return py::none();
    return py::str(x->what + " -- " + x->reason);
  };
  for (const SampleInput& s : in) {
    py::list args;
    for (const auto& a : s.args) args.append(arg_to_py(a));
    py::dict kw;
    for (const auto& [k, v] : s.kwargs) kw[py::str(k)] = kw_to_py(v);
    out.append(py::make_tuple(args, kw, s.note, reason(opinfo::Discrepancy::Kind::skip, s),
                              reason(opinfo::Discrepancy::Kind::differs, s)));
  }
  return out;
}

}  // namespace

void bind_ops(py::module_& m) {
  m.def("_call", &call, py::arg("name"), py::arg("variant"), py::arg("args"), py::arg("kwargs"),
        py::arg("out") = py::none(), "Run an OpInfo entry's run function (NumPy's calling convention)");
  m.def("_op_entries", &entries, "Every OpInfo entry: names, family, variants, NumPy reference, CPU dtypes");
  m.def("_sample_keywords", &sample_keywords, py::arg("name"),
        "(keyword names, most positional arguments, returns a sequence) of the entry's samples");
  m.def("_samples", &samples, py::arg("name"), py::arg("dtype"),
        "An entry's samples and reference inputs: (args, kwargs, note, skip reason, differs reason)");
  m.def("_tolerance", [](const std::string& name, py::handle dtype) {
    Tolerance t = entry_of(name).tolerance(dtype_of(dtype));
    return py::make_tuple(t.rtol, t.atol);
  }, py::arg("name"), py::arg("dtype"), "The entry's (rtol, atol) against NumPy for a result dtype");
  bind_direct_ops(m);
}

}  // namespace parity::python

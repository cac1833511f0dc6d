// The `parity` Python module's compiled core (`parity._parity`): parity.Tensor over the engine's
// tensor, parity.asarray, NumPy interchange without copies, NEP 50 weak Python scalars in the
// operators, and the engine's typed errors raised as Python's and NumPy's classes.
//
// This is an extension loaded by python3 (not the oracle's embedded interpreter): it needs NumPy
// at run time only (pybind11's NumPy API imports it on first use).
#include <pybind11/complex.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <dlpack/dlpack.h>

#include "convert.h"
#include "transforms.h"
#include "ops.h"
#include "dlpack_capsule.h"
#include "parity/errors.h"
#include "parity/nested_list.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "parity/tensor.h"
#include "parity/build_info.h"
#include "parity/dlpack.h"
#include "parity/threads.h"

namespace py = pybind11;
using namespace parity;

namespace parity::python {

namespace {

// ---- errors: the engine's class names (errors.h py_class()) to Python's and NumPy's ----
void translate(const Error& e) {
  const std::string cls = e.py_class();
  PyObject* type = PyExc_RuntimeError;
  py::object numpy_type;
  auto numpy_class = [&](const char* module, const char* name) {
    try {
      numpy_type = py::module_::import(module).attr(name);
    } catch (py::error_already_set&) {
      numpy_type = py::object();
    }
  };
  if (cls == "ValueError") type = PyExc_ValueError;
  else if (cls == "TypeError" || cls == "UFuncTypeError") type = PyExc_TypeError;  // NumPy's needs a ufunc
  else if (cls == "IndexError") type = PyExc_IndexError;
  else if (cls == "OverflowError") type = PyExc_OverflowError;
  else if (cls == "ZeroDivisionError") type = PyExc_ZeroDivisionError;
  else if (cls == "NotImplementedError") type = PyExc_NotImplementedError;
  else if (cls == "MemoryError") type = PyExc_MemoryError;
  else if (cls == "RuntimeError") type = PyExc_RuntimeError;
  else if (cls == "BufferError") type = PyExc_BufferError;
  else if (cls == "AxisError") { type = PyExc_ValueError; numpy_class("numpy.exceptions", "AxisError"); }
  else if (cls == "DTypePromotionError") { type = PyExc_TypeError; numpy_class("numpy.exceptions", "DTypePromotionError"); }
  else if (cls == "LinAlgError") { type = PyExc_ValueError; numpy_class("numpy.linalg", "LinAlgError"); }
  // NumPy's AxisError(msg) with one argument carries the message as is.
  PyErr_SetString(numpy_type ? numpy_type.ptr() : type, e.what());
}

// ---- Python values where the engine expects an array ----

// A Python int as a weak scalar: int64, or uint64 above INT64_MAX; OverflowError beyond (NumPy's
// message for an int no C long holds).
Scalar int_scalar(py::handle h) {
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow == 0) {
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return Scalar(static_cast<int64_t>(v));
  }
  if (overflow > 0) {
    unsigned long long u = PyLong_AsUnsignedLongLong(h.ptr());
    if (!(u == static_cast<unsigned long long>(-1) && PyErr_Occurred())) return Scalar(static_cast<uint64_t>(u));
    PyErr_Clear();
  }
  PyErr_SetString(PyExc_OverflowError, "Python int too large to convert to C long");
  throw py::error_already_set();
}

bool is_python_scalar(py::handle h) {
  return PyBool_Check(h.ptr()) || PyLong_Check(h.ptr()) || PyFloat_Check(h.ptr()) || PyComplex_Check(h.ptr());
}

bool is_numpy_generic(py::handle h) {
  // Leaked on purpose: a static py::object would be released after the interpreter is finalized.
  static py::handle generic = py::object(py::module_::import("numpy").attr("generic")).release();
  return PyObject_IsInstance(h.ptr(), generic.ptr()) == 1;
}

// A Python bool/int/float/complex (not a NumPy scalar: np.float64 subclasses float but is strong).
std::optional<Scalar> weak_scalar(py::handle h) {
  if (!is_python_scalar(h) || is_numpy_generic(h)) return std::nullopt;
  if (PyBool_Check(h.ptr())) return Scalar(h.ptr() == Py_True);
  if (PyLong_Check(h.ptr())) return int_scalar(h);
  if (PyFloat_Check(h.ptr())) return Scalar(PyFloat_AsDouble(h.ptr()));
  Py_complex c = PyComplex_AsCComplex(h.ptr());
  return Scalar(std::complex<double>(c.real, c.imag));
}

// Nested Python lists/tuples of Python scalars as the engine's NestedList; false if anything else.
bool nested_list(py::handle h, NestedList& out, int depth = 0) {
  if (depth > 64) return false;
  if (PyList_Check(h.ptr()) || PyTuple_Check(h.ptr())) {
    std::vector<NestedList> items;
    for (py::handle item : h) {
      NestedList n;
      if (!nested_list(item, n, depth + 1)) return false;
      items.push_back(std::move(n));
    }
    out = NestedList(std::move(items));
    return true;
  }
  if (auto s = weak_scalar(h)) {
    out = NestedList(*s);
    return true;
  }
  return false;
}

std::optional<DType> dtype_arg(py::handle dtype) {
  if (dtype.is_none()) return std::nullopt;
  return dtype_from_numpy(py::dtype::from_args(py::reinterpret_borrow<py::object>(dtype)));
}

// axis=None, an int or a tuple of ints.
Axes axes_arg(py::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (PyTuple_Check(axis.ptr()) || PyList_Check(axis.ptr())) return AxisList(axis.cast<std::vector<int64_t>>());
  return AxisList(axis.attr("__index__")().cast<int64_t>());
}

// The engine's work runs without the GIL (other Python threads run meanwhile), once the Python
// arguments are converted; results become Python objects after. Below kReleaseAt elements the
// release costs more than it frees (NumPy's threshold idea). Tensors viewing NumPy memory drop
// their array under PyGILState_Ensure (bindings/src/ndarray.cpp), so any thread may free them.
constexpr int64_t kReleaseAt = 1 << 12;
bool large(const Tensor& t) { return t.size() >= kReleaseAt; }
bool large(const ArrayLike& a) { return a.is_tensor() && large(a.tensor()); }
template <class... A>
bool any_large(const A&... a) { return (large(a) || ...); }
template <class F>
auto engine(bool release, F&& f) {
  if (!release) return f();
  py::gil_scoped_release nogil;
  return f();
}

std::pair<int, int> dlpack_device(const Tensor& t) {
  return t.device().is_cuda() ? std::pair<int, int>{kDLCUDA, t.device().index} : std::pair<int, int>{kDLCPU, 0};
}

}  // namespace

// parity.from_dlpack(x, *, device=None, copy=None): a view of any __dlpack__ producer's memory
// (NumPy, PyTorch, JAX...), asking for DLPack 1.0 (the read-only flag) and falling back to the
// unversioned protocol for producers whose __dlpack__ takes no keywords (the standard's rule).
Tensor from_dlpack_py(py::handle x, py::handle device, py::handle copy) {
  if (!py::hasattr(x, "__dlpack__"))
    throw py::attribute_error(std::string("[from_dlpack] '") + Py_TYPE(x.ptr())->tp_name +
                              "' object has no attribute '__dlpack__'");  // NumPy's class
  py::object dl_device = py::none();
  if (!device.is_none()) {
    if (!py::isinstance<py::str>(device) || device.cast<std::string>() != "cpu")
      throw ValueError("[from_dlpack] device must be None or 'cpu', got " + py::repr(device).cast<std::string>());
    dl_device = py::make_tuple(static_cast<int>(kDLCPU), 0);
  }
  py::object cap;
  try {
    cap = x.attr("__dlpack__")(py::arg("max_version") = py::make_tuple(1, 0), py::arg("dl_device") = dl_device,
                               py::arg("copy") = copy);
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_TypeError) || !dl_device.is_none() || !copy.is_none()) throw;
    cap = x.attr("__dlpack__")();  // a pre-2023 producer
  }
  return dlpack_import(cap);
}

// parity.asarray(obj, dtype=None): a tensor viewing a NumPy array (or anything with the buffer
// protocol or __array__) without a copy where possible; Python scalars and lists through the
// engine's own inference (NumPy's).
Tensor asarray_py(py::handle obj, std::optional<DType> dtype) {
  Tensor t;
  if (py::isinstance<Tensor>(obj)) {
    t = obj.cast<Tensor>();
  } else if (auto s = weak_scalar(obj)) {
    return parity::asarray(*s, dtype);
  } else if (NestedList n; (PyList_Check(obj.ptr()) || PyTuple_Check(obj.ptr())) && nested_list(obj, n)) {
    return parity::array(n, dtype);
  } else if (py::isinstance<py::array>(obj)) {
    t = from_numpy(py::reinterpret_borrow<py::array>(obj));
  } else {
    // NumPy scalars, memoryviews, objects with __array__ or __dlpack__, lists holding tensors...
    t = from_numpy(py::module_::import("numpy").attr("asarray")(obj));
  }
  if (dtype && *dtype != t.dtype()) return t.astype(*dtype);
  return t;
}

// An operand of an operator: a tensor, a weak Python scalar, or something asarray takes.
// nullopt: not an array-like (the operator returns NotImplemented).
std::optional<ArrayLike> operand(py::handle h) {
  if (py::isinstance<Tensor>(h)) return ArrayLike(h.cast<Tensor>());
  if (auto s = weak_scalar(h)) return ArrayLike(*s);
  if (py::isinstance<py::array>(h) || is_numpy_generic(h) || PyList_Check(h.ptr()) || PyTuple_Check(h.ptr()))
    return ArrayLike(asarray_py(h, std::nullopt));
  return std::nullopt;
}

namespace {

// x[key]: ints, slices, Ellipsis, None, bools, and integer/boolean arrays (tensors, NumPy arrays, lists).
TensorIndex index_entry(py::handle h) {
  if (h.ptr() == Py_Ellipsis) return TensorIndex(ellipsis);
  if (h.is_none()) return TensorIndex(newaxis);
  if (PyBool_Check(h.ptr())) return TensorIndex(h.ptr() == Py_True);
  if (PySlice_Check(h.ptr())) {
    auto* s = reinterpret_cast<PySliceObject*>(h.ptr());
    auto part = [](PyObject* o) -> std::optional<int64_t> {
      if (o == Py_None) return std::nullopt;
      return py::reinterpret_borrow<py::object>(o).attr("__index__")().cast<int64_t>();
    };
    return TensorIndex(Slice(part(s->start), part(s->stop), part(s->step)));
  }
  if (PyLong_Check(h.ptr()) && !is_numpy_generic(h)) return TensorIndex(h.cast<int64_t>());
  if (py::isinstance<Tensor>(h)) return TensorIndex(h.cast<Tensor>());
  if (py::isinstance<py::array>(h) || is_numpy_generic(h) || PyList_Check(h.ptr())) {
    Tensor t = asarray_py(h, std::nullopt);
    if (t.ndim() == 0 && is_integer(t.dtype())) return TensorIndex(t.item<int64_t>());
    return TensorIndex(t);
  }
  if (PyObject_HasAttrString(h.ptr(), "__index__")) return TensorIndex(h.attr("__index__")().cast<int64_t>());
  throw IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                   "boolean arrays are valid indices");
}

std::vector<TensorIndex> index_key(py::handle key) {
  std::vector<TensorIndex> idx;
  if (PyTuple_Check(key.ptr())) {
    for (py::handle h : key) idx.push_back(index_entry(h));
  } else {
    idx.push_back(index_entry(key));
  }
  return idx;
}

py::tuple to_tuple(const std::vector<int64_t>& v) {
  py::tuple t(v.size());
  for (size_t i = 0; i < v.size(); ++i) t[i] = py::int_(v[i]);
  return t;
}

// The one element of a size-1 tensor (NumPy's int(), float(), complex() rules).
Scalar one_element(const Tensor& t) {
  if (t.size() != 1) throw TypeError("only length-1 arrays can be converted to Python scalars");
  return t.item_scalar();
}

// The buffer protocol's struct format of an engine dtype ("" for bfloat16: none exists).
const char* buffer_format(DType d) {
  switch (d) {
    case DType::Bool: return "?";
    case DType::Int8: return "b";
    case DType::Int16: return "h";
    case DType::Int32: return "i";
    // NumPy's own int64 format where long is 64-bit: "q" would come back as np.longlong, a type
    // distinct from np.int64 (np.isdtype tells them apart).
    case DType::Int64: return sizeof(long) == 8 ? "l" : "q";
    case DType::UInt8: return "B";
    case DType::UInt16: return "H";
    case DType::UInt32: return "I";
    case DType::UInt64: return sizeof(long) == 8 ? "L" : "Q";
    case DType::Float16: return "e";
    case DType::BFloat16: return "";
    case DType::Float32: return "f";
    case DType::Float64: return "d";
    case DType::Complex64: return "Zf";
    case DType::Complex128: return "Zd";
  }
  return "";
}

using Binary = Tensor (*)(const ArrayLike&, const ArrayLike&, OutArg);
Tensor divide_fn(const ArrayLike& a, const ArrayLike& b, OutArg out);
Tensor less_fn(const ArrayLike& a, const ArrayLike& b, OutArg out);
Tensor less_equal_fn(const ArrayLike& a, const ArrayLike& b, OutArg out);
Tensor greater_fn(const ArrayLike& a, const ArrayLike& b, OutArg out);
Tensor greater_equal_fn(const ArrayLike& a, const ArrayLike& b, OutArg out);
Tensor equal_fn(const ArrayLike& a, const ArrayLike& b, OutArg out);
Tensor not_equal_fn(const ArrayLike& a, const ArrayLike& b, OutArg out);

// A Python int that neither int64 nor uint64 holds, as the nearest double (Python's own rounding;
// OverflowError beyond double's range, as float(int) raises).
std::optional<double> beyond_uint64(py::handle h) {
  if (!PyLong_Check(h.ptr()) || PyBool_Check(h.ptr())) return std::nullopt;
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow == 0) {
    if (v == -1 && PyErr_Occurred()) PyErr_Clear();
    return std::nullopt;
  }
  if (overflow > 0) {
    const unsigned long long u = PyLong_AsUnsignedLongLong(h.ptr());
    if (!(u == static_cast<unsigned long long>(-1) && PyErr_Occurred())) return std::nullopt;
    PyErr_Clear();
  }
  const double d = PyLong_AsDouble(h.ptr());
  if (d == -1.0 && PyErr_Occurred()) throw py::error_already_set();
  return d;
}

// NumPy 2.2's rules for such an int: a weak double for a float/complex tensor and for true_divide,
// all True/False for an integer tensor's comparisons, else OverflowError. Returns the scalar to run
// the operator with, or nullopt with `result` set (a comparison). `swapped`: the int is on the left.
std::optional<Scalar> beyond_uint64_operand(Binary f, const Tensor& self, double v, bool swapped, py::object& result) {
  const DType d = self.dtype();
  if (is_inexact(d) || f == divide_fn) return Scalar(v);
  const bool ordered = f == less_fn || f == less_equal_fn || f == greater_fn || f == greater_equal_fn;
  if (is_integer(d) && (ordered || f == equal_fn || f == not_equal_fn)) {
    bool all = f == not_equal_fn;
    if (ordered) all = ((f == less_fn || f == less_equal_fn) != swapped) == (v > 0);
    result = py::cast(all ? parity::logical_or(self, true) : parity::logical_and(self, false));
    return std::nullopt;
  }
  PyErr_SetString(PyExc_OverflowError, "Python int too large to convert to C long");  // NumPy's message
  throw py::error_already_set();
}

// An operator's other operand: a weak scalar, a tensor, an array-like; an int beyond uint64 by
// NumPy's rules above. nullopt with `result` set where NumPy's answer needs no op (a comparison),
// nullopt alone where `other` is not array-like.
std::optional<ArrayLike> other_operand(Binary f, const Tensor& self, py::handle other, bool swapped,
                                       py::object& result) {
  if (auto big = beyond_uint64(other)) {
    auto s = beyond_uint64_operand(f, self, *big, swapped, result);
    if (!s) return std::nullopt;
    return ArrayLike(*s);
  }
  return operand(other);
}

// The operator and its reflected and in-place forms. An operand that is not array-like gives
// NotImplemented, so that Python tries the other side and then raises its own TypeError.
py::object forward(Binary f, const Tensor& self, py::handle other) {
  if (py::isinstance<Tensor>(other)) {  // the common case, without copying the other tensor
    const Tensor& o = other.cast<const Tensor&>();
    return py::cast(engine(any_large(self, o), [&] { return f(ArrayLike::borrow(self), ArrayLike::borrow(o), {}); }));
  }
  py::object result;
  auto o = other_operand(f, self, other, false, result);
  if (result) return result;
  if (!o) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::cast(engine(any_large(self, *o), [&] { return f(ArrayLike::borrow(self), *o, {}); }));
}
py::object reflected(Binary f, const Tensor& self, py::handle other) {
  py::object result;
  auto o = other_operand(f, self, other, true, result);
  if (result) return result;
  if (!o) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::cast(engine(any_large(self, *o), [&] { return f(*o, ArrayLike::borrow(self), {}); }));
}
py::object inplace(Binary f, py::object self_obj, py::handle other) {
  py::object result;  // no comparison is in place: never set
  auto o = other_operand(f, self_obj.cast<const Tensor&>(), other, false, result);
  if (!o) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  Tensor& self = self_obj.cast<Tensor&>();
  engine(any_large(self, *o), [&] { return f(ArrayLike::borrow(self), *o, OutArg(self)); });
  return self_obj;
}

// Unambiguous function pointers to the engine's ArrayLike overloads.
#define PARITY_PY_BINARY(name) \
  Tensor name##_fn(const ArrayLike& a, const ArrayLike& b, OutArg out) { return parity::name(a, b, std::move(out)); }
PARITY_PY_BINARY(add) PARITY_PY_BINARY(subtract) PARITY_PY_BINARY(multiply) PARITY_PY_BINARY(divide)
PARITY_PY_BINARY(floor_divide) PARITY_PY_BINARY(remainder) PARITY_PY_BINARY(power)
PARITY_PY_BINARY(bitwise_and) PARITY_PY_BINARY(bitwise_or) PARITY_PY_BINARY(bitwise_xor)
PARITY_PY_BINARY(left_shift) PARITY_PY_BINARY(right_shift) PARITY_PY_BINARY(equal) PARITY_PY_BINARY(not_equal)
PARITY_PY_BINARY(less) PARITY_PY_BINARY(less_equal) PARITY_PY_BINARY(greater) PARITY_PY_BINARY(greater_equal)
#undef PARITY_PY_BINARY
// matmul takes tensors: a scalar operand becomes a 0-d tensor, which matmul refuses by name.
Tensor matmul_fn(const ArrayLike& a, const ArrayLike& b, OutArg out) {
  return parity::matmul(a.to_tensor(std::nullopt, "matmul"), b.to_tensor(std::nullopt, "matmul"), std::move(out));
}

// Python's operator names and the ufuncs behind them.
constexpr size_t kNoSlot = SIZE_MAX;
struct OperatorRow {
  const char* name;
  Binary fn;
  size_t slot = kNoSlot;  // offset of its binary slot in PyNumberMethods (nb_add's is 0; pow is ternary)
};
#define PARITY_SLOT(s) offsetof(PyNumberMethods, s)
constexpr OperatorRow kOperators[] = {
    {"add", add_fn, PARITY_SLOT(nb_add)},
    {"sub", subtract_fn, PARITY_SLOT(nb_subtract)},
    {"mul", multiply_fn, PARITY_SLOT(nb_multiply)},
    {"truediv", divide_fn, PARITY_SLOT(nb_true_divide)},
    {"floordiv", floor_divide_fn, PARITY_SLOT(nb_floor_divide)},
    {"mod", remainder_fn, PARITY_SLOT(nb_remainder)},
    {"pow", power_fn},
    {"matmul", matmul_fn, PARITY_SLOT(nb_matrix_multiply)},
    {"and", bitwise_and_fn, PARITY_SLOT(nb_and)},
    {"or", bitwise_or_fn, PARITY_SLOT(nb_or)},
    {"xor", bitwise_xor_fn, PARITY_SLOT(nb_xor)},
    {"lshift", left_shift_fn, PARITY_SLOT(nb_lshift)},
    {"rshift", right_shift_fn, PARITY_SLOT(nb_rshift)},
};
#undef PARITY_SLOT
// Comparisons have no reflected or in-place forms (Python swaps < and > itself).
constexpr OperatorRow kComparisons[] = {
    {"lt", less_fn}, {"le", less_equal_fn}, {"gt", greater_fn}, {"ge", greater_equal_fn},
};

// ndarray.__pow__'s fast_scalar_power (NumPy 2.2 number.c): a 0-d int/float exponent of -1, 0, 0.5,
// 1 or 2 keeps a float/complex base's dtype (float32 ** np.float64(2) is float32, np.power's float64).
struct FastExponent {
  double value;
  bool floating;
};
std::optional<FastExponent> fast_exponent(py::handle e) {
  if (PyLong_Check(e.ptr())) {  // Python int and bool
    int overflow = 0;
    const long v = PyLong_AsLongAndOverflow(e.ptr(), &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return std::nullopt;
    }
    return FastExponent{static_cast<double>(v), false};
  }
  if (PyFloat_Check(e.ptr())) return FastExponent{PyFloat_AsDouble(e.ptr()), true};
  py::dtype d;
  if (py::isinstance<Tensor>(e)) {
    const Tensor& t = e.cast<const Tensor&>();
    if (t.ndim() != 0 || !(is_integer(t.dtype()) || is_floating(t.dtype()))) return std::nullopt;
    return FastExponent{t.item_scalar().as_complex().real(), is_floating(t.dtype())};
  }
  if (py::isinstance<py::array>(e)) {
    if (py::reinterpret_borrow<py::array>(e).ndim() != 0) return std::nullopt;
    d = py::reinterpret_borrow<py::array>(e).dtype();
  } else if (is_numpy_generic(e)) {
    d = py::reinterpret_borrow<py::object>(e).attr("dtype").cast<py::dtype>();
  } else {
    return std::nullopt;
  }
  const char k = d.kind();
  if (k != 'i' && k != 'u' && k != 'f') return std::nullopt;
  return FastExponent{py::float_(py::reinterpret_borrow<py::object>(e)).cast<double>(), k == 'f'};
}
// Its result (written into self in place), or nullopt: np.power. An integer base takes 2 only.
std::optional<Tensor> fast_power(const Tensor& self, py::handle e, bool in_place) {
  const auto x = fast_exponent(e);
  if (!x) return std::nullopt;
  OutArg out = in_place ? OutArg(self) : OutArg();
  if (is_inexact(self.dtype())) {
    if (x->value == 1.0) return parity::positive(self, std::move(out));
    if (x->value == -1.0) return parity::reciprocal(self, std::move(out));
    if (x->value == 0.0) return parity::positive(parity::ones_like(self), std::move(out));
    if (x->value == 0.5) return parity::sqrt(self, std::move(out));
    if (x->value == 2.0) return parity::square(self, std::move(out));
    return std::nullopt;
  }
  if (x->value != 2.0) return std::nullopt;
  if (!in_place && x->floating && is_integer(self.dtype())) return parity::square(self.astype(DType::Float64));
  return parity::square(self, std::move(out));
}

void def_operators(py::class_<Tensor>& cls) {
  for (const OperatorRow& r : kOperators) {
    const std::string n(r.name);
    Binary f = r.fn;
    if (f == power_fn) {
      // ndarray ** tensor is ndarray ** ndarray to the user: the fast path too (NumPy's own
      // reflected ** has none: its base is never an array).
      cls.def("__rpow__", [](py::object t, py::handle o) -> py::object {
        if (py::isinstance<py::array>(o))
          if (auto r = fast_power(asarray_py(o, std::nullopt), t, false)) return py::cast(std::move(*r));
        return reflected(power_fn, t.cast<const Tensor&>(), o);
      }, py::is_operator());
      cls.def("__pow__", [](const Tensor& t, py::handle o) -> py::object {
        if (auto r = fast_power(t, o, false)) return py::cast(std::move(*r));
        return forward(power_fn, t, o);
      }, py::is_operator());
      cls.def("__ipow__", [](py::object t, py::handle o) -> py::object {
        if (fast_power(t.cast<const Tensor&>(), o, true)) return t;
        return inplace(power_fn, std::move(t), o);
      }, py::is_operator());
      continue;
    }
    cls.def(("__r" + n + "__").c_str(), [f](const Tensor& t, py::handle o) { return reflected(f, t, o); }, py::is_operator());
    cls.def(("__" + n + "__").c_str(), [f](const Tensor& t, py::handle o) { return forward(f, t, o); }, py::is_operator());
    cls.def(("__i" + n + "__").c_str(), [f](py::object t, py::handle o) { return inplace(f, std::move(t), o); }, py::is_operator());
  }
  for (const OperatorRow& r : kComparisons) {
    Binary f = r.fn;
    cls.def(("__" + std::string(r.name) + "__").c_str(), [f](const Tensor& t, py::handle o) { return forward(f, t, o); },
            py::is_operator());
  }
}

// ---- the operators' fast path ----
// Python's a + b goes through the type's number slot, then a lookup of __add__ and pybind11's
// overload dispatch: most of the call's time on 1-element tensors (bench/python_overhead.py). These
// slots go straight to the engine when both operands are exactly parity.Tensor, or one is and the
// other a Python float or int, and hand anything else (arrays, lists, bools, NumPy scalars,
// subclasses, errors) to the bound __add__ or __radd__ (not to CPython's
// slot_nb_add, which would see that the slot is no longer its own and answer NotImplemented).
PyTypeObject* g_tensor_type = nullptr;
PyObject* g_method_names[std::size(kOperators)][2] = {};  // "__add__", "__radd__" (interned)

// The Tensor inside an instance of exactly parity.Tensor (pybind11's instance layout, detail API).
const Tensor& instance_tensor(PyObject* o) {
  return *reinterpret_cast<py::detail::instance*>(o)->get_value_and_holder().value_ptr<Tensor>();
}

// A new parity.Tensor holding t: py::cast without its per-call type lookup (a hash of the type's
// name), the type's record found once.
PyObject* wrap(Tensor&& t) {
  static const py::detail::type_info* type = py::detail::get_type_info(typeid(Tensor));
  return py::detail::type_caster_generic::cast(
             &t, py::return_value_policy::move, py::handle(), type, nullptr,
             [](const void* p) -> void* { return new Tensor(std::move(*const_cast<Tensor*>(static_cast<const Tensor*>(p)))); })
      .ptr();
}

// A Python float or int (exact types: not bool, not NumPy scalars) as the engine's weak scalar;
// false for anything else, or an int no int64 holds (the general path says why).
bool fast_scalar(PyObject* o, Scalar& s) {
  if (PyFloat_CheckExact(o)) {
    s = Scalar(PyFloat_AS_DOUBLE(o));
    return true;
  }
  if (!PyLong_CheckExact(o)) return false;
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return false;
  }
  s = Scalar(static_cast<int64_t>(v));
  return true;
}

template <size_t I>
PyObject* fast_binary(PyObject* a, PyObject* b) {
  const Binary f = kOperators[I].fn;
  const bool ta = Py_TYPE(a) == g_tensor_type, tb = Py_TYPE(b) == g_tensor_type;
  Scalar s;
  try {
    if (ta && tb) {
      const Tensor& x = instance_tensor(a);
      const Tensor& y = instance_tensor(b);
      return wrap(engine(any_large(x, y), [&] { return f(ArrayLike::borrow(x), ArrayLike::borrow(y), {}); }));
    }
    if (ta && fast_scalar(b, s)) {
      const Tensor& x = instance_tensor(a);
      return wrap(engine(large(x), [&] { return f(ArrayLike::borrow(x), s, {}); }));
    }
    if (tb && fast_scalar(a, s)) {
      const Tensor& y = instance_tensor(b);
      return wrap(engine(large(y), [&] { return f(s, ArrayLike::borrow(y), {}); }));
    }
  } catch (...) {  // an error: the general path raises it (a fresh result: nothing was written)
    PyErr_Clear();
  }
  // Python calls the slot for a + b when either side is a tensor.
  if (PyObject_TypeCheck(a, g_tensor_type)) return PyObject_CallMethodOneArg(a, g_method_names[I][0], b);
  return PyObject_CallMethodOneArg(b, g_method_names[I][1], a);
}

// memoryview(t) of a bfloat16 tensor: NumPy's ValueError (ml_dtypes' bfloat16 has no buffer
// format), which pybind11's own buffer slot would wrap as BufferError("Error getting buffer").
getbufferproc g_pybind11_getbuffer = nullptr;
int tensor_getbuffer(PyObject* obj, Py_buffer* view, int flags) {
  if (py::isinstance<Tensor>(obj) && py::handle(obj).cast<const Tensor&>().dtype() == DType::BFloat16) {
    PyErr_SetString(PyExc_ValueError, "[__buffer__] bfloat16 has no buffer format; use np.asarray(t) (needs ml_dtypes)");
    if (view) view->obj = nullptr;
    return -1;
  }
  return g_pybind11_getbuffer(obj, view, flags);
}
void install_buffer_hook(PyTypeObject* type) {
  g_pybind11_getbuffer = type->tp_as_buffer->bf_getbuffer;
  type->tp_as_buffer->bf_getbuffer = &tensor_getbuffer;
}

template <size_t... I>
void install_fast_slots(PyTypeObject* type, std::index_sequence<I...>) {
  g_tensor_type = type;
  auto install = [&](size_t i, binaryfunc fast) {
    if (kOperators[i].slot == kNoSlot) return;
    auto* slot = reinterpret_cast<binaryfunc*>(reinterpret_cast<char*>(type->tp_as_number) + kOperators[i].slot);
    const std::string n(kOperators[i].name);
    g_method_names[i][0] = PyUnicode_InternFromString(("__" + n + "__").c_str());
    g_method_names[i][1] = PyUnicode_InternFromString(("__r" + n + "__").c_str());
    *slot = fast;
  };
  (install(I, &fast_binary<I>), ...);
  PyType_Modified(type);
}

// Rows of a tensor one at a time (NumPy's iter(a): lazy, each row a view).
struct RowIterator {
  Tensor t;
  int64_t i = 0;
};

// The C++ call parity.sigmoid makes, timed in C++ on the same tensor (bench/python_overhead.py
// compares it with the Python call): seconds per call over `repeats` calls in a row.
double time_cpp_sigmoid(const Tensor& x, int64_t repeats) {
  if (repeats < 1) throw ValueError("[_time_cpp_sigmoid] repeats must be at least 1");
  py::gil_scoped_release nogil;
  const auto t0 = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < repeats; ++i) (void)parity::sigmoid(x);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / static_cast<double>(repeats);
}

// ---- ufunc keywords: the plain call (out None or a Tensor, every other keyword at its default)
// runs in the macros' lambdas; any other value goes to parity._ufunc_keywords.call (Python), which
// emulates NumPy's where=, casting=, dtype=, out=(t,) over that plain call and refuses the rest.
// py::isinstance<Tensor> looks the type up by typeid each call; the type object found once is a
// pointer compare for the exact type (the common out=).
bool is_tensor(py::handle h) {
  static PyObject* const type = py::type::of<Tensor>().ptr();
  if (Py_TYPE(h.ptr()) == reinterpret_cast<PyTypeObject*>(type)) return true;
  const int r = PyObject_IsInstance(h.ptr(), type);
  if (r < 0) PyErr_Clear();  // not a Tensor: the keyword path says what it is
  return r == 1;
}
bool is_str(py::handle h, const char* s) {
  return PyUnicode_Check(h.ptr()) && PyUnicode_CompareWithASCIIString(h.ptr(), s) == 0;
}
struct UFuncKeywords {
  py::handle where, casting, order, dtype, subok, signature;
  bool plain(py::handle out) const {
    return where.ptr() == Py_True && dtype.is_none() && signature.is_none() && subok.ptr() == Py_True &&
           is_str(casting, "same_kind") && is_str(order, "K") && (out.is_none() || is_tensor(out));
  }
  py::object call(const char* name, py::tuple args, py::handle out) const {
    // Leaked on purpose: a static py::object would be released after the interpreter is gone.
    static py::object* fn = new py::object(py::module_::import("parity._ufunc_keywords").attr("call"));
    return (*fn)(name, args, out, where, casting, order, dtype, subok, signature);
  }
};

}  // namespace

py::object scalar_to_py(const Scalar& s) {
  switch (s.type) {
    case Scalar::Type::Bool: return py::bool_(s.b);
    case Scalar::Type::Int: return s.big_uint ? py::int_(s.u) : py::int_(s.i);
    case Scalar::Type::Float: return py::float_(s.c.real());
    case Scalar::Type::Complex: return py::cast(s.c);
  }
  return py::none();
}

}  // namespace parity::python

PYBIND11_MODULE(_parity, m) {
  using namespace parity::python;
  m.doc() = "Parity: a C++ tensor engine with NumPy's semantics (the compiled core of the parity package)";
  m.attr("__version__") = parity::version();

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const parity::Error& e) {
      translate(e);
    }
  });

  py::class_<Tensor> cls(m, "Tensor", py::buffer_protocol());
  cls.doc() = "An n-dimensional array with NumPy's semantics (parity.asarray makes one)";
  // ndarray + tensor defers to Tensor.__radd__ (NumPy's rule for a higher priority without
  // __array_ufunc__); np.sin(tensor) still converts the tensor through the buffer protocol.
  cls.attr("__array_priority__") = 1000.0;
  cls.def(py::init([](py::handle obj) { return asarray_py(obj, std::nullopt); }), py::arg("obj"));

  cls.def_property_readonly("shape", [](const Tensor& t) { return to_tuple(t.shape()); });
  cls.def_property_readonly("dtype", [](const Tensor& t) { return numpy_dtype(t.dtype()); });
  cls.def_property_readonly("ndim", &Tensor::ndim);
  cls.def_property_readonly("size", [](const Tensor& t) { return t.size(); });
  cls.def_property_readonly("itemsize", &Tensor::itemsize);
  cls.def_property_readonly("nbytes", &Tensor::nbytes);
  cls.def_property_readonly("strides", [](const Tensor& t) { return to_tuple(t.byte_strides()); });
  cls.def_property_readonly("T", &Tensor::T);
  cls.def_property_readonly("mT", &Tensor::mT);
  cls.def_property_readonly("device", [](const Tensor& t) { return to_string(t.device()); });

  cls.attr("__module__") = "parity";
  cls.def("__repr__", &Tensor::repr);
  // str() is repr(), not NumPy's "[1 2 3]": issue 16's acceptance line prints
  // parity.asarray(np.arange(3)) + 1 as array([1, 2, 3]). NumPy's form stays at Tensor.to_str().
  cls.def("__str__", &Tensor::repr);
  cls.def("to_str", &Tensor::str, "NumPy's str(): [1 2 3]");
  cls.def("__len__", [](const Tensor& t) {
    if (t.ndim() == 0) throw TypeError("len() of unsized object");
    return t.shape(0);
  });
  py::class_<RowIterator>(m, "_RowIterator")
      .def("__iter__", [](py::object it) { return it; })
      .def("__next__", [](RowIterator& it) {
        if (it.i >= it.t.shape(0)) throw py::stop_iteration();
        return it.t[it.i++];
      });
  cls.def("__iter__", [](const Tensor& t) {
    if (t.ndim() == 0) throw TypeError("iteration over a 0-d array");
    return RowIterator{t, 0};
  });
  cls.def("__bool__", [](const Tensor& t) {
    if (t.size() == 0)
      throw ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.");
    if (t.size() > 1)
      throw ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
    return t.astype(DType::Bool).item<bool>();
  });
  cls.def("__int__", [](const Tensor& t) { return py::int_(scalar_to_py(one_element(t))); });
  cls.def("__float__", [](const Tensor& t) { return py::float_(scalar_to_py(one_element(t))); });
  cls.def("__complex__", [](const Tensor& t) { return one_element(t).as_complex(); });
  cls.def("__index__", [](const Tensor& t) {
    if (t.ndim() != 0 || !(is_integer(t.dtype()) || is_bool(t.dtype())))
      throw TypeError("only integer scalar arrays can be converted to a scalar index");
    return scalar_to_py(t.item_scalar());
  });
  cls.def("item", [](const Tensor& t) { return scalar_to_py(t.item_scalar()); });
  cls.def("copy", [](const Tensor& t) { return engine(large(t), [&] { return t.copy(); }); });
  cls.def("astype", [](const Tensor& t, py::handle dtype) {
    const DType d = *dtype_arg(dtype);
    return engine(large(t), [&] { return t.astype(d); });
  }, py::arg("dtype"));
  cls.def("reshape", [](const Tensor& t, py::args shape) {
    Shape s;
    if (shape.size() == 1 && !PyLong_Check(shape[0].ptr())) s = shape[0].cast<Shape>();
    else s = shape.cast<Shape>();
    return t.reshape(s);
  });

  // Reductions as methods (NumPy's ndarray.sum(axis=None, dtype=None, keepdims=False) ...).
  cls.def("sum", [](const Tensor& t, py::handle axis, py::handle dtype, bool keepdims) {
    auto ax = axes_arg(axis);
    auto d = dtype_arg(dtype);
    return engine(large(t), [&] { return t.sum(ax, keepdims, d); });
  }, py::arg("axis") = py::none(), py::arg("dtype") = py::none(), py::arg("keepdims") = false);
  cls.def("prod", [](const Tensor& t, py::handle axis, py::handle dtype, bool keepdims) {
    auto ax = axes_arg(axis);
    auto d = dtype_arg(dtype);
    return engine(large(t), [&] { return t.prod(ax, keepdims, d); });
  }, py::arg("axis") = py::none(), py::arg("dtype") = py::none(), py::arg("keepdims") = false);
  cls.def("mean", [](const Tensor& t, py::handle axis, py::handle dtype, bool keepdims) {
    auto ax = axes_arg(axis);
    auto d = dtype_arg(dtype);
    return engine(large(t), [&] { return t.mean(ax, keepdims, d); });
  }, py::arg("axis") = py::none(), py::arg("dtype") = py::none(), py::arg("keepdims") = false);
  cls.def("max", [](const Tensor& t, py::handle axis, bool keepdims) {
    auto ax = axes_arg(axis);
    return engine(large(t), [&] { return t.max(ax, keepdims); });
  },
          py::arg("axis") = py::none(), py::arg("keepdims") = false);
  cls.def("min", [](const Tensor& t, py::handle axis, bool keepdims) {
    auto ax = axes_arg(axis);
    return engine(large(t), [&] { return t.min(ax, keepdims); });
  },
          py::arg("axis") = py::none(), py::arg("keepdims") = false);

  cls.def("__getitem__", [](const Tensor& t, py::handle key) { return t.index(index_key(key)); });
  cls.def("__setitem__", [](Tensor& t, py::handle key, py::handle value) {
    auto v = operand(value);
    if (!v) v = ArrayLike(asarray_py(value, std::nullopt));
    t.index_put(index_key(key), *v);
  });

  // NumPy interchange: the buffer protocol (np.asarray, memoryview) and __array__, both views.
  cls.def_buffer([](const Tensor& t) -> py::buffer_info {
    if (!t.device().is_cpu())
      throw BufferError("[__buffer__] a " + to_string(t.device()) + " tensor has no host buffer; use np.asarray(t) or t.cpu()");
    const char* fmt = buffer_format(t.dtype());
    if (!*fmt) throw BufferError("[__buffer__] bfloat16 has no buffer format; use np.asarray(t) (needs ml_dtypes)");
    return py::buffer_info(t.data_ptr(), t.itemsize(), fmt, t.ndim(), t.shape(), t.byte_strides(), !t.writeable());
  });
  cls.def("__array__", [](const Tensor& t, py::handle dtype, py::handle copy) {
    const bool force_copy = !copy.is_none() && copy.cast<bool>();
    const bool no_copy = !copy.is_none() && !copy.cast<bool>();
    if (no_copy && (!t.device().is_cpu() ||
                    (!dtype.is_none() && !numpy_dtype(t.dtype()).equal(py::dtype::from_args(py::reinterpret_borrow<py::object>(dtype))))))
      throw ValueError("[__array__] Unable to avoid copy while creating an array as requested.");
    py::array a = to_numpy(t);
    if (!dtype.is_none()) return py::array(a.attr("astype")(dtype, py::arg("copy") = force_copy));
    if (force_copy || !t.device().is_cpu()) return force_copy && t.device().is_cpu() ? py::array(a.attr("copy")()) : a;
    return a;
  }, py::arg("dtype") = py::none(), py::arg("copy") = py::none());

  // DLPack, the Array API's exchange (np.from_dlpack(t), parity.from_dlpack(x)).
  // The standard's __dlpack__: DLPack 1.0's versioned capsule when the consumer's max_version
  // allows it (the read-only flag travels), the unversioned one otherwise.
  cls.def("__dlpack__", [](const Tensor& t, py::handle stream, py::handle max_version, py::handle dl_device,
                           py::handle copy) {
    if (!stream.is_none() && t.device().is_cpu())
      throw RuntimeError("[__dlpack__] stream must be None for a CPU tensor (NumPy: only supports stream=None)");
    const bool versioned = !max_version.is_none() && max_version.cast<std::pair<int, int>>().first >= 1;
    if (!dl_device.is_none()) {
      auto want = dl_device.cast<std::pair<int, int>>();
      if (want != dlpack_device(t))
        throw ValueError("[__dlpack__] unsupported device requested: the tensor is on " + to_string(t.device()));
    }
    const bool force_copy = !copy.is_none() && copy.cast<bool>();
    return dlpack_export(force_copy ? t.copy() : t, versioned, force_copy);
  }, py::kw_only(), py::arg("stream") = py::none(), py::arg("max_version") = py::none(),
     py::arg("dl_device") = py::none(), py::arg("copy") = py::none());
  cls.def("__dlpack_device__", &dlpack_device);

  // Operators: the engine's ufuncs, Python scalars as NEP 50 weak scalars.
  def_operators(cls);
  // == and != with a value that is no array (None, a string, any object): NumPy compares
  // elementwise and finds nothing equal.
  cls.def("__eq__", [](const Tensor& t, py::handle o) -> py::object {
    if (beyond_uint64(o) || operand(o)) return forward(equal_fn, t, o);
    return py::cast(parity::logical_and(t, false));  // False everywhere, in t's shape
  }, py::is_operator());
  cls.def("__ne__", [](const Tensor& t, py::handle o) -> py::object {
    if (beyond_uint64(o) || operand(o)) return forward(not_equal_fn, t, o);
    return py::cast(parity::logical_or(t, true));  // True everywhere
  }, py::is_operator());
  cls.attr("__hash__") = py::none();
  cls.def("__neg__", [](const Tensor& t) { return parity::negative(t); });
  cls.def("__pos__", [](const Tensor& t) { return parity::positive(t); });
  cls.def("__invert__", [](const Tensor& t) { return parity::invert(t); });
  cls.def("__abs__", [](const Tensor& t) { return parity::abs(t); });
  bind_transforms(m, cls);  // autograd and parity.grad/vmap/compile (transforms.cpp)

  m.def("from_dlpack", &from_dlpack_py, py::arg("x"), py::kw_only(), py::arg("device") = py::none(),
        py::arg("copy") = py::none(),
        "parity.from_dlpack(x, *, device=None, copy=None): a tensor viewing the memory of any object with __dlpack__");
  m.def("_time_cpp_sigmoid", &time_cpp_sigmoid, py::arg("x"), py::arg("repeats"));
  m.def("_set_num_threads", &parity::set_num_threads, py::arg("n"), "the engine's thread cap (0: none)");
  m.def("_num_threads", &parity::num_threads);
  m.def("asarray", [](py::handle obj, py::handle dtype) { return asarray_py(obj, dtype_arg(dtype)); },
        py::arg("obj"), py::arg("dtype") = py::none(),
        "parity.asarray(obj, dtype=None): a tensor viewing a NumPy array (any strides) without a copy "
        "where it can; Python scalars and lists as NumPy infers them");

  // parity.<ufunc>: generated from op_list.h's rows (the op records' source), NumPy's names and
  // signature (x1, x2, /, out=None, *, where=True, casting='same_kind', order='K', dtype=None,
  // subok=True, signature=None), written as the docstring's text signature for inspect.signature.
  // python/README.md describes the plan for every other op.
  {
    py::options plain_docs;  // this scope only: the docstring is the text signature, as written
    plain_docs.disable_function_signatures();
#define PARITY_PY_KEYWORDS                                                                     \
  py::kw_only(), py::arg("where") = true, py::arg("casting") = "same_kind", py::arg("order") = "K", \
      py::arg("dtype") = py::none(), py::arg("subok") = true, py::arg("signature") = py::none()
#define PARITY_PY_KEYWORDS_TEXT \
  ", /, out=None, *, where=True, casting='same_kind', order='K', dtype=None, subok=True, signature=None)\n--\n\n"
#define PARITY_PY_UNARY(name, npname, ...)                                                   \
  m.def(#npname, [](py::handle x, py::object out, py::handle where, py::handle casting, py::handle order, \
                    py::handle dtype, py::handle subok, py::handle signature) -> py::object {       \
    const UFuncKeywords kw{where, casting, order, dtype, subok, signature};                  \
    if (!kw.plain(out)) return kw.call(#npname, py::make_tuple(x), out);                     \
    auto a = operand(x);                                                                     \
    if (!a) a = ArrayLike(asarray_py(x, std::nullopt));                                      \
    if (out.is_none()) return py::cast(engine(large(*a), [&] { return parity::name(*a); })); \
    Tensor o = out.cast<Tensor>();                                                           \
    engine(any_large(*a, o), [&] { return parity::name(*a, OutArg(o)); });                   \
    return out; /* NumPy returns the out= array itself */                                    \
  }, py::arg("x"), py::pos_only(), py::arg("out") = py::none(), PARITY_PY_KEYWORDS,          \
  #npname "(x" PARITY_PY_KEYWORDS_TEXT "parity." #npname ": NumPy's ufunc over the engine's " #name);
  PARITY_UNARY_UFUNCS(PARITY_PY_UNARY)
#undef PARITY_PY_UNARY
#define PARITY_PY_BINARY(name, npname, ...)                                                  \
  m.def(#npname, [](py::handle x1, py::handle x2, py::object out, py::handle where, py::handle casting, \
                    py::handle order, py::handle dtype, py::handle subok, py::handle signature) -> py::object { \
    const UFuncKeywords kw{where, casting, order, dtype, subok, signature};                  \
    if (!kw.plain(out)) return kw.call(#npname, py::make_tuple(x1, x2), out);                \
    auto a = operand(x1), b = operand(x2);                                                   \
    if (!a) a = ArrayLike(asarray_py(x1, std::nullopt));                                     \
    if (!b) b = ArrayLike(asarray_py(x2, std::nullopt));                                     \
    if (out.is_none()) return py::cast(engine(any_large(*a, *b), [&] { return parity::name(*a, *b); })); \
    Tensor o = out.cast<Tensor>();                                                           \
    engine(any_large(*a, *b, o), [&] { return parity::name(*a, *b, OutArg(o)); });           \
    return out;                                                                              \
  }, py::arg("x1"), py::arg("x2"), py::pos_only(), py::arg("out") = py::none(), PARITY_PY_KEYWORDS, \
  #npname "(x1, x2" PARITY_PY_KEYWORDS_TEXT "parity." #npname ": NumPy's ufunc over the engine's " #name);
  PARITY_BINARY_UFUNCS(PARITY_PY_BINARY)
#undef PARITY_PY_BINARY
#undef PARITY_PY_KEYWORDS_TEXT
#undef PARITY_PY_KEYWORDS
  }
  m.def("matmul", [](const Tensor& a, const Tensor& b) {
    return engine(any_large(a, b), [&] { return parity::matmul(a, b); });
  }, py::arg("x1"), py::arg("x2"));
  // The engine names of the generated ufunc bindings (op_list.h's rows), for the coverage test.
  py::list rows;
#define PARITY_PY_ROW(name, ...) rows.append(#name);
  PARITY_UNARY_UFUNCS(PARITY_PY_ROW)
  PARITY_BINARY_UFUNCS(PARITY_PY_ROW)
#undef PARITY_PY_ROW
  m.attr("_ufunc_rows") = rows;

  // The op records (op_record.h) as dicts: what python/tests/test_ops_coverage.py checks the
  // module against, and the source of every name's aliases.
  m.def("_op_records", [] {
    py::list out;
    for (const OpRecord& r : op_records()) {
      py::dict d;
      d["name"] = r.name;
      d["numpy"] = r.numpy.empty() ? r.name : r.numpy;
      d["aliases"] = r.aliases;
      d["family"] = r.family;
      d["function"] = (r.forms & kFunction) != 0;
      d["method"] = (r.forms & kMethod) != 0;
      d["inplace"] = (r.forms & kInplace) != 0;
      d["out"] = (r.forms & kOut) != 0;
      out.append(d);
    }
    return out;
  });
  // Every bound op under each of its record's names: NumPy's, the engine's and the aliases
  // (np.absolute is also parity.abs; np.arccos also parity.acos, the Array API's spelling).
  // Last: after every attribute of Tensor is set (setting __add__ again resets its slot).
  install_fast_slots(reinterpret_cast<PyTypeObject*>(cls.ptr()), std::make_index_sequence<std::size(kOperators)>());
  install_buffer_hook(reinterpret_cast<PyTypeObject*>(cls.ptr()));
  for (const OpRecord& r : op_records()) {
    std::vector<std::string> names{r.numpy.empty() ? r.name : r.numpy, r.name};
    names.insert(names.end(), r.aliases.begin(), r.aliases.end());
    py::object bound;
    for (const auto& n : names)
      if (py::hasattr(m, n.c_str())) { bound = m.attr(n.c_str()); break; }
    if (!bound) continue;
    for (const auto& n : names)
      if (!py::hasattr(m, n.c_str())) m.attr(n.c_str()) = bound;
  }
  bind_ops(m);  // parity._parity._call, _op_entries, _samples, ...: the OpInfo database (ops.cpp)
}

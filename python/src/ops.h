#pragma once
// The OpInfo-driven part of the module (ops.cpp, ops_direct.cpp) and the converters of module.cpp
// it shares: Python values as the engine's call arguments.
#include <pybind11/pybind11.h>

#include <optional>

#include "parity/tensor.h"

namespace parity::python {

// Defined in module.cpp.
Tensor asarray_py(pybind11::handle obj, std::optional<DType> dtype);
std::optional<ArrayLike> operand(pybind11::handle h);
pybind11::object scalar_to_py(const Scalar& s);  // a Python bool, int, float or complex

// parity._parity._call, _op_entries, _samples, _tolerance (ops.cpp) and the direct bindings of
// ops whose OpInfo run function does not compute NumPy's result (ops_direct.cpp).
void bind_ops(pybind11::module_& m);
void bind_direct_ops(pybind11::module_& m);

}  // namespace parity::python

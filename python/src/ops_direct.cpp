// Ops whose OpInfo run function computes something other than NumPy's result (gauge-invariant
// quantities of eigh/eig/qr/svd, searchsorted over a sorted copy, broadcast_shapes of tensors):
// bound straight to the engine's functions, returning what NumPy returns. python/parity/_ops.py
// wraps them with NumPy's signatures and result tuples.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "ops.h"
#include "parity/linalg.h"
#include "parity/ops.h"
#include "parity/sorting.h"

namespace py = pybind11;

namespace parity::python {

namespace {

Tensor tensor_of(py::handle h) { return asarray_py(h, std::nullopt); }

ArrayLike array_like(py::handle h) {
  auto o = operand(h);
  return o ? *o : ArrayLike(asarray_py(h, std::nullopt));
}

}  // namespace

void bind_direct_ops(py::module_& m) {
  m.def("_linalg_eigh", [](py::handle a, const std::string& UPLO) {
    linalg::EighResult r = linalg::eigh(tensor_of(a), UPLO);
    return py::make_tuple(r.eigenvalues, r.eigenvectors);
  }, py::arg("a"), py::arg("UPLO") = "L");
  m.def("_linalg_eig", [](py::handle a) {
    linalg::EigResult r = linalg::eig(tensor_of(a));
    return py::make_tuple(r.eigenvalues, r.eigenvectors);
  }, py::arg("a"));
  m.def("_linalg_eigvals", [](py::handle a) { return linalg::eigvals(tensor_of(a)); }, py::arg("a"));
  m.def("_linalg_qr", [](py::handle a, const std::string& mode) -> py::object {
    linalg::QRResult r = linalg::qr(tensor_of(a), mode);
    if (mode == "r") return py::cast(r.R);
    return py::make_tuple(r.Q, r.R);
  }, py::arg("a"), py::arg("mode") = "reduced");
  m.def("_linalg_svd", [](py::handle a, bool full_matrices, bool compute_uv, bool hermitian) -> py::object {
    linalg::SVDResult r = linalg::svd(tensor_of(a), full_matrices, compute_uv, hermitian);
    if (!compute_uv) return py::cast(r.S);
    return py::make_tuple(r.U, r.S, r.Vh);
  }, py::arg("a"), py::arg("full_matrices") = true, py::arg("compute_uv") = true, py::arg("hermitian") = false);
  m.def("_searchsorted", [](py::handle a, py::handle v, const std::string& side, py::handle sorter) {
    return searchsorted(tensor_of(a), array_like(v), side, sorter.is_none() ? Tensor() : tensor_of(sorter));
  }, py::arg("a"), py::arg("v"), py::arg("side") = "left", py::arg("sorter") = py::none());
  m.def("_broadcast_shapes", [](const std::vector<Shape>& shapes) {
    const Shape s = broadcast_shapes(shapes);
    return py::tuple(py::cast(s));
  }, py::arg("shapes"));
}

}  // namespace parity::python

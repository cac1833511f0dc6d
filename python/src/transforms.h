#pragma once
// Autograd and function transforms for Python (transforms.cpp).
#include <pybind11/pybind11.h>

#include "parity/tensor.h"

namespace parity::python {
// Tensor.requires_grad/grad/backward/detach/grad_fn, the grad-mode scopes and the cores of
// parity.grad, value_and_grad, vmap and compile (python/parity/_transforms.py wraps them).
void bind_transforms(pybind11::module_& m, pybind11::class_<Tensor>& cls);
}  // namespace parity::python

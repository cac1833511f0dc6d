#pragma once
// DLPack capsules for the Python protocol (__dlpack__ / from_dlpack): DLPack 1.0's versioned
// "dltensor_versioned" (with the read-only and is-copied flags) and the unversioned "dltensor".
#include <pybind11/pybind11.h>

#include "parity/tensor.h"

namespace parity::python {

// A capsule viewing t: versioned (flags: read-only when t is, is-copied when `copied`), or
// unversioned (BufferError for a read-only tensor: DLPack 0.x cannot say read-only, as NumPy).
pybind11::capsule dlpack_export(const Tensor& t, bool versioned, bool copied);
// A tensor viewing an unused capsule of either kind; renames it "used_..." (the protocol's
// hand-over). A read-only versioned tensor comes in read-only.
Tensor dlpack_import(pybind11::handle capsule);

}  // namespace parity::python

#pragma once
// out= of the ops NumPy runs as gufuncs on a result the engine computes first (vecdot, the FFTs'
// pocketfft ufuncs): NumPy's checks on out and the write into it.
#include "parity/tensor.h"

namespace parity::gufunc {

// The checks NumPy's ufunc machinery makes before its loop runs, in its order: out writeable
// ("output array is read-only"), then the loop's output dtype `loop` castable to out's dtype under
// same_kind (UFuncTypeError "Cannot cast ufunc '<ufunc>' output from ..."). Messages name `op`.
void check_out(const char* op, const char* ufunc, DType loop, const Tensor& out);

// Writes `r` (the loop's result) into `out`, cast unsafely, r broadcast to out's shape as the
// iterator broadcasts the loop dimensions (ValueError where it cannot, as NumPy's). With autograd,
// out records a node whose backward hands its gradient to r (the cast and broadcast undone).
// Returns out.
Tensor write_out(const char* op, const Tensor& r, const Tensor& out);

// After `out` has been written with r's values: with autograd, out records a node handing its
// gradient to r (which carries the op's graph). Returns out.
Tensor record_into_out(const char* op, const Tensor& out, const Tensor& r);

}  // namespace parity::gufunc

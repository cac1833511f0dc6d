#pragma once
// DLPack interop (the Array API's from_dlpack), zero-copy both ways: the Array API standard's
// exchange format between array libraries (dlpack.h, Debian's libdlpack-dev).
#include "parity/tensor.h"

struct DLManagedTensor;

namespace parity {

// A tensor viewing a DLPack tensor's memory (any strides, byte offset, CPU or CUDA); the
// producer's deleter runs when the last view of it dies. BufferError-like ValueError/TypeError for
// what the engine cannot hold (other devices, dtypes it lacks, lanes != 1).
Tensor from_dlpack(DLManagedTensor* t);
// The consumer's side of `x`: a DLManagedTensor viewing x's memory, keeping it alive until the
// consumer calls its deleter. BufferError for a read-only tensor, as NumPy.
DLManagedTensor* to_dlpack(const Tensor& x);
// Through DLPack and back: the Array API's from_dlpack(x) of a Parity tensor (a view of x,
// read-only when x is).
Tensor from_dlpack(const Tensor& x);

}  // namespace parity

#pragma once
// The computation of the Tensor views and copies (engine/src/tensor.cpp), without compile tracing
// or autograd recording: the public methods (engine/src/ops/views.cpp) add those around them.
#include <cstdint>
#include <vector>

#include "parity/tensor.h"

namespace parity::detail {

// `axes` receives the permutation used (normalized), for the derivative.
Tensor compute_transpose(const Tensor& x, const std::vector<int64_t>& axes_in, std::vector<int64_t>& axes);
Tensor compute_view(const Tensor& x, const Shape& shape);
Tensor compute_reshape(const Tensor& x, const Shape& shape);
Tensor compute_squeeze(const Tensor& x, const Axes& axes);
Tensor compute_broadcast_to(const Tensor& x, const Shape& shape);
// `axes` receives the axes flipped (normalized), for the derivative.
Tensor compute_flip(const Tensor& x, const Axes& axes_in, std::vector<int64_t>& axes);
Tensor compute_real(const Tensor& x);  // x itself when not complex
Tensor compute_imag(const Tensor& x);  // a read-only zero copy when not complex
Tensor compute_copy(const Tensor& x);
// x itself when d is its dtype and !copy_always.
Tensor compute_astype(const Tensor& x, DType d, Casting casting, bool copy_always);

}  // namespace parity::detail

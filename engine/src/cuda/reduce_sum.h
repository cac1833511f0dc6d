#pragma once
// Float and complex sums and products in the CPU's (NumPy's) order of operations (reduce_sum.cu),
// called by reduce.cu's reduce() for outputs of a floating or complex dtype S from inputs In
// (In == S, or mean's pairs: 16-bit floats into float32, bool and integers into float64).
#include "backend.h"

namespace parity::cuda {
template <class In, class S> void sum_prod_in_order(bool prod, const ReduceArgs& a, int device);
}  // namespace parity::cuda

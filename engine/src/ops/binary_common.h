#pragma once
// Shared by the binary ufuncs (engine/src/ops/binary_*.cpp, arithmetic.cpp).
#include <cmath>
#include <complex>

#include "../kernels/binary.h"
#include "ufunc_dispatch.h"

namespace parity {

using kern::complex_divide;  // kernels/binary.h

}  // namespace parity

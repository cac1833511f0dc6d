#pragma once
// Shared pieces of the unary ufuncs (engine/src/ops/unary_*.cpp): wrap-around integer helpers and
// the definition macro, which also picks NumPy's error class when no loop fits.
#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

#include "ufunc_dispatch.h"
#include "../kernels/unary.h"

namespace parity::unary {

inline DType input_dtype(const ArrayLike& x, const char* op) {
  return x.is_tensor() ? x.tensor().dtype() : result_type({x.dtype_operand()}, op);
}

// NumPy 2 has no bool loop for positive/sign and does not cast bool to int8 for them.
[[noreturn]] inline void throw_no_bool_loop(const char* op) {
  throw UFuncTypeError(op_msg(op, std::string("ufunc '") + op +
                                      "' did not contain a loop with signature matching types "
                                      "<class 'numpy.dtypes.BoolDType'> -> None"));
}

}  // namespace parity::unary

// Defines ufunc_<name>() and the free function <name>(x, out) with NumPy's no-loop error class.
#define PARITY_UNARY(name, pyname, Loops, Kernel, noloop)                                  \
  const UFuncDef& ufunc_##name() {                                                         \
    static const UFuncDef def{pyname, 1, make_unary_loops<Kernel>(Loops{}), nullptr,       \
                              UFuncDef::NoLoop::noloop};                                   \
    return def;                                                                            \
  }                                                                                        \
  Tensor name(const ArrayLike& x, OutArg out) {                                            \
    return call_unary(ufunc_##name(), x, out);                                             \
  }

// logical_and, logical_or, logical_xor -> bool. NumPy casts mixed inputs to bool ('??->?'), so
// no promotion happens: logical_and(bfloat16, int16) and logical_and(uint8, 300) both work.
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using kern::LogicalAnd;  // kernels/binary.h, shared with CUDA
using kern::LogicalOr;
using kern::LogicalXor;

// An operand as a bool array or bool weak scalar. Python ints above INT64_MAX overflow like
// NumPy's conversion to C long.
ArrayLike as_bool(const ArrayLike& x, const char* op) {
  if (x.is_tensor()) {
    const Tensor& t = x.tensor();
    if (!t.defined() || t.dtype() == DType::Bool) return x;
    return not_equal(t, false);
  }
  const Scalar& s = x.scalar();
  switch (s.type) {
    case Scalar::Type::Bool: return x;
    case Scalar::Type::Int:
      if (s.big_uint) throw OverflowError(op_msg(op, "Python int too large to convert to C long"));
      return Scalar(s.i != 0);
    case Scalar::Type::Float: return Scalar(s.c.real() != 0 || std::isnan(s.c.real()));
    case Scalar::Type::Complex: return Scalar(s.c.real() != 0 || s.c.imag() != 0 || std::isnan(s.c.real()) || std::isnan(s.c.imag()));
  }
  return x;
}

Tensor logical(const UFuncDef& uf, const ArrayLike& a, const ArrayLike& b, OutArg out) {
  if (a.is_tensor() && b.is_tensor() && a.tensor().defined() && b.tensor().defined() &&
      a.tensor().dtype() == b.tensor().dtype())
    return call_binary(uf, a, b, out);  // the type's own loop
  return call_binary(uf, as_bool(a, uf.name), as_bool(b, uf.name), out);
}
}  // namespace

#define PARITY_LOGICAL(name, Kernel)                                              \
  const UFuncDef& ufunc_##name() {                                                \
    static const UFuncDef def{#name, 2, make_binary_loops<Kernel>(AllLoops{})};   \
    return def;                                                                   \
  }                                                                               \
  Tensor name(const ArrayLike& a, const ArrayLike& b, OutArg out) {               \
    return logical(ufunc_##name(), a, b, out);                                    \
  }
PARITY_LOGICAL(logical_and, LogicalAnd)
PARITY_INTEGRAL_RESULT(logical_and, "returns bool: a logical op has no derivative");
PARITY_LOGICAL(logical_or, LogicalOr)
PARITY_INTEGRAL_RESULT(logical_or, "returns bool: a logical op has no derivative");
PARITY_LOGICAL(logical_xor, LogicalXor)
PARITY_INTEGRAL_RESULT(logical_xor, "returns bool: a logical op has no derivative");
#undef PARITY_LOGICAL

}  // namespace parity

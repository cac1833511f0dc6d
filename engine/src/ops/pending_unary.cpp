// TEMPORARY: not-yet-implemented ops of one area, so that everything links while the area is built.
// Delete entries as they are implemented; delete the file when empty.
#include "parity/ops.h"

namespace parity {
#define PENDING(op) throw NotImplementedError("[" op "] not implemented yet")
Tensor name(const ArrayLike&, OutArg) { PENDING("name"); }
Tensor abs(const ArrayLike&, OutArg) { PENDING("abs"); }
Tensor negative(const ArrayLike&, OutArg) { PENDING("negative"); }
Tensor positive(const ArrayLike&, OutArg) { PENDING("positive"); }
Tensor sign(const ArrayLike&, OutArg) { PENDING("sign"); }
Tensor reciprocal(const ArrayLike&, OutArg) { PENDING("reciprocal"); }
Tensor square(const ArrayLike&, OutArg) { PENDING("square"); }
Tensor sqrt(const ArrayLike&, OutArg) { PENDING("sqrt"); }
Tensor cbrt(const ArrayLike&, OutArg) { PENDING("cbrt"); }
Tensor exp(const ArrayLike&, OutArg) { PENDING("exp"); }
Tensor exp2(const ArrayLike&, OutArg) { PENDING("exp2"); }
Tensor expm1(const ArrayLike&, OutArg) { PENDING("expm1"); }
Tensor log(const ArrayLike&, OutArg) { PENDING("log"); }
Tensor log2(const ArrayLike&, OutArg) { PENDING("log2"); }
Tensor log10(const ArrayLike&, OutArg) { PENDING("log10"); }
Tensor log1p(const ArrayLike&, OutArg) { PENDING("log1p"); }
Tensor sin(const ArrayLike&, OutArg) { PENDING("sin"); }
Tensor cos(const ArrayLike&, OutArg) { PENDING("cos"); }
Tensor tan(const ArrayLike&, OutArg) { PENDING("tan"); }
Tensor arcsin(const ArrayLike&, OutArg) { PENDING("arcsin"); }
Tensor arccos(const ArrayLike&, OutArg) { PENDING("arccos"); }
Tensor arctan(const ArrayLike&, OutArg) { PENDING("arctan"); }
Tensor sinh(const ArrayLike&, OutArg) { PENDING("sinh"); }
Tensor cosh(const ArrayLike&, OutArg) { PENDING("cosh"); }
Tensor tanh(const ArrayLike&, OutArg) { PENDING("tanh"); }
Tensor arcsinh(const ArrayLike&, OutArg) { PENDING("arcsinh"); }
Tensor arccosh(const ArrayLike&, OutArg) { PENDING("arccosh"); }
Tensor arctanh(const ArrayLike&, OutArg) { PENDING("arctanh"); }
Tensor floor(const ArrayLike&, OutArg) { PENDING("floor"); }
Tensor ceil(const ArrayLike&, OutArg) { PENDING("ceil"); }
Tensor trunc(const ArrayLike&, OutArg) { PENDING("trunc"); }
Tensor rint(const ArrayLike&, OutArg) { PENDING("rint"); }
Tensor isnan(const ArrayLike&, OutArg) { PENDING("isnan"); }
Tensor isinf(const ArrayLike&, OutArg) { PENDING("isinf"); }
Tensor isfinite(const ArrayLike&, OutArg) { PENDING("isfinite"); }
Tensor signbit(const ArrayLike&, OutArg) { PENDING("signbit"); }
Tensor logical_not(const ArrayLike&, OutArg) { PENDING("logical_not"); }
Tensor invert(const ArrayLike&, OutArg) { PENDING("invert"); }
Tensor sigmoid(const ArrayLike&, OutArg) { PENDING("sigmoid"); }
Tensor conj(const ArrayLike&, OutArg) { PENDING("conj"); }
Tensor round(const ArrayLike&, int64_t, OutArg) { PENDING("round"); }
Tensor around(const ArrayLike&, int64_t, OutArg) { PENDING("around"); }
Tensor real(const ArrayLike&) { PENDING("real"); }
Tensor imag(const ArrayLike&) { PENDING("imag"); }
Tensor angle(const ArrayLike&, bool) { PENDING("angle"); }

}  // namespace parity

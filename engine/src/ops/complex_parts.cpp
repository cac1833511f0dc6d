// real, imag, angle as free functions (NumPy's np.real, np.imag, np.angle).
#include "unary_common.h"
#include "parity/op_record.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// arctan2(imag, real): for real input NumPy calls arctan2(0, x), so the loop is found from x's
// dtype (int8 -> float16); complex gives its real dtype.
using kern::Angle;  // kernels/unary.h, shared with CUDA
const UFuncDef& ufunc_angle() {
  static const UFuncDef def{"angle", 1, make_unary_loops<Angle>(FloatLoops{})};
  return def;
}
Tensor as_tensor(const ArrayLike& x, const char* op) {
  Tensor t = x.is_tensor() ? x.tensor() : x.to_tensor(std::nullopt, op);
  if (!t.defined()) throw ValueError(op_msg(op, "undefined tensor argument"));
  return t;
}
}  // namespace

// PyTorch's angle formula: g * i*z/|z|^2 (0 at z == 0); for real input angle is 0 or pi,
// constant almost everywhere, and the gradient is zero (as PyTorch's).
PARITY_DERIVATIVE(angle, {
  const Tensor& z = x[0];
  if (!is_complex(z.dtype())) return {zeros_like(g)};
  Tensor r2 = z.real() * z.real() + z.imag() * z.imag();
  return {where(equal(z, 0.0), 0.0, g * z / r2 * std::complex<double>(0.0, 1.0))};
});

Tensor real(const ArrayLike& x) { return as_tensor(x, "real").real(); }  // a view, or x itself
Tensor imag(const ArrayLike& x) { return as_tensor(x, "imag").imag(); }  // zeros for real input

Tensor angle(const ArrayLike& x, bool deg) {
  Tensor t = as_tensor(x, "angle");
  // arctan2(0, bool) promotes the weak 0 with bool to int64, hence float64.
  if (t.dtype() == DType::Bool) t = t.astype(DType::Int64);
  Tensor a = call_unary(ufunc_angle(), t, {});
  // in a's dtype, as NumPy's a *= 180/pi (out of place when recording: the angle's node saves a)
  const double k = 180.0 / 3.141592653589793238462643383279502884;
  if (deg) return autograd::requires_grad(a) ? multiply(a, k).astype(a.dtype(), Casting::unsafe, false) : multiply(a, k, a);
  return a;
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "real", .family = "unary", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "imag", .family = "unary", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "angle", .family = "unary", .forms = kFunction});

}  // namespace parity

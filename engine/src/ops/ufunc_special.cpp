// NumPy's ufuncs that are not one output of one loop type: divmod, modf and frexp (two outputs),
// ldexp (a float and an integer input), and the gufuncs matvec and vecmat (matmul's broadcasting
// over the leading axes). Each is written with the engine's ufuncs and matmul, so dtype rules,
// errors and derivatives are theirs; what NumPy does differently is handled here.
#include <algorithm>
#include <cmath>

#include "../ufunc.h"
#include "parity/autograd.h"
#include "parity/op_record.h"
#include "parity/ops.h"

namespace parity {

PARITY_OP_RECORD({.name = "divmod", .family = "binary", .forms = kFunction, .dtypes = DTypeSet::all_but_complex,
                  .no_grad = "the quotient is piecewise constant (floor_divide); remainder's own derivative is "
                             "remainder's"});
PARITY_OP_RECORD({.name = "modf", .family = "unary", .forms = kFunction, .dtypes = DTypeSet::all_but_complex,
                  .no_grad = "the integral part is piecewise constant (trunc)"});
PARITY_OP_RECORD({.name = "frexp", .family = "unary", .forms = kFunction, .dtypes = DTypeSet::all_but_complex,
                  .no_grad = "the exponent is piecewise constant, and the mantissa jumps at every power of two"});
PARITY_OP_RECORD({.name = "ldexp", .family = "binary", .forms = kFunction, .dtypes = DTypeSet::all_but_complex,
                  .no_gradgrad = "double backward is not claimed", .grad = "ldexp(g, x2) to x1; x2 is an integer"});
PARITY_OP_RECORD({.name = "matvec", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::all,
                  .grad = "through matmul"});
PARITY_OP_RECORD({.name = "vecmat", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::all,
                  .grad = "through conj and matmul"});

namespace {
// An argument's dtype; a Python scalar's is the one asarray gives it (int64, float64, complex128).
DType arg_dtype(const ArrayLike& x) { return x.is_tensor() ? x.tensor().dtype() : x.scalar().default_dtype(); }
// The float dtype NumPy's real float loops (e, f, d) run for x: fabs's loop search, whose loops
// are those. ml_dtypes registers bfloat16 loops of modf and frexp (`bf16_loop`), and of ldexp
// with an int32 exponent only.
DType real_float_loop(const ArrayLike& x, const char* op, bool bf16_loop) {
  const DType in = arg_dtype(x);
  if (is_complex(in))
    throw TypeError(op_msg(op, std::string("ufunc '") + op + "' not supported for the input types (" + name(in) +
                                   "), and the inputs could not be safely coerced to any supported types"));
  if (in == DType::BFloat16) return bf16_loop ? DType::BFloat16 : DType::Float32;
  return resolve_loop(ufunc_fabs(), {&x}).out;
}
Tensor as_float(const ArrayLike& x, DType d) {
  return x.is_tensor() ? x.tensor().astype(d) : x.to_tensor().astype(d);
}
}  // namespace

std::pair<Tensor, Tensor> divmod(const ArrayLike& a, const ArrayLike& b) {
  // Errors named for divmod: shapes, and complex operands (which have no divmod loop).
  const Shape sa = a.is_tensor() ? a.tensor().shape() : Shape{}, sb = b.is_tensor() ? b.tensor().shape() : Shape{};
  broadcast_shapes({sa, sb}, "divmod");
  if (is_complex(arg_dtype(a)) || is_complex(arg_dtype(b)))
    throw TypeError(op_msg("divmod", std::string("ufunc 'divmod' not supported for the input types (") +
                                         name(arg_dtype(a)) + ", " + name(arg_dtype(b)) + ")"));
  // NumPy's divmod loop gives floor_divide's and remainder's results (npy_divmod serves all three).
  return {floor_divide(a, b), remainder(a, b)};
}

std::pair<Tensor, Tensor> modf(const ArrayLike& x) {
  const Tensor xf = as_float(x, real_float_loop(x, "modf", true));
  Tensor whole = trunc(xf);
  // x - trunc(x) is exact; infinities give a zero of their sign, -0.0 keeps its sign.
  Tensor frac = copysign(where(isinf(xf), 0.0, subtract(xf, whole)), xf);
  return {frac, whole};
}

std::pair<Tensor, Tensor> frexp(const ArrayLike& x) {
  const DType d = real_float_loop(x, "frexp", true);
  const Tensor xf = autograd::detach(as_float(x, DType::Float64)).contiguous();
  Tensor m = empty(xf.shape(), DType::Float64), e = empty(xf.shape(), DType::Int32);
  const double* p = xf.data<double>();
  double* pm = m.data<double>();
  int32_t* pe = e.data<int32_t>();
  for (int64_t i = 0; i < xf.size(); ++i) {
    int ex = 0;
    pm[i] = std::isfinite(p[i]) ? std::frexp(p[i], &ex) : p[i];  // inf and nan: themselves, exponent 0
    pe[i] = ex;
  }
  Tensor mant = m.astype(d);  // exact: the mantissa has the input's significand bits
  if (x.is_tensor() && autograd::needs_grad({x.tensor()}))
    mant = autograd::record_not_differentiable("frexp", mant, {x.tensor()});
  return {mant, e};
}

Tensor ldexp(const ArrayLike& x1, const ArrayLike& x2) {
  const DType x2d = arg_dtype(x2);
  // NumPy's loops take int32 or int64 exponents: float, complex and uint64 ones do not cast safely.
  if (is_inexact(x2d) || x2d == DType::UInt64)
    throw TypeError(op_msg("ldexp", std::string("ufunc 'ldexp' not supported for the input types (") +
                                        "the exponent is " + name(x2d) + ", an integer dtype is required)"));
  // bfloat16 keeps its loop where the exponent casts safely to int32 (a Python int, or a small
  // integer dtype); an int64 or uint32 exponent runs the float32 loop.
  const bool int32_exponent = !x2.is_tensor() || x2d == DType::Bool || x2d == DType::Int8 || x2d == DType::Int16 ||
                              x2d == DType::Int32 || x2d == DType::UInt8 || x2d == DType::UInt16;
  const DType d = real_float_loop(x1, "ldexp", int32_exponent);
  const Tensor xf = as_float(x1, d);
  const Tensor ei = x2.is_tensor() ? x2.tensor() : x2.to_tensor();
  const Shape s = broadcast_shapes({xf.shape(), ei.shape()}, "ldexp");
  // In float64: x * 2**e is exact there until the result leaves float64's range, and rounding the
  // exact value to d once is what NumPy's e/f/d loops give (exponents clamp at +-1e5, past every
  // float's range).
  const Tensor a = autograd::detach(broadcast_to(xf.astype(DType::Float64), s)).contiguous();
  const Tensor b = broadcast_to(ei.astype(DType::Int64), s).contiguous();
  Tensor r = empty(s, DType::Float64);
  const double* pa = a.data<double>();
  const int64_t* pb = b.data<int64_t>();
  double* pr = r.data<double>();
  for (int64_t i = 0; i < r.size(); ++i) {
    pr[i] = std::ldexp(pa[i], static_cast<int>(std::clamp<int64_t>(pb[i], -100000, 100000)));
  }
  Tensor out = r.astype(d);
  if (x1.is_tensor() && autograd::needs_grad({x1.tensor()})) {
    const Tensor e_saved = ei;
    out = autograd::record("ldexp", out, {x1.tensor()},
                           [e_saved](const Tensor& g) { return std::vector<Tensor>{ldexp(g, e_saved)}; });
  }
  return out;
}

namespace {
void check_core(const Tensor& t, int64_t need, const char* op, int which) {
  if (t.ndim() < need)
    throw ValueError(op_msg(op, std::string(op) + ": Input operand " + std::to_string(which) +
                                    " does not have enough dimensions (has " + std::to_string(t.ndim()) +
                                    ", gufunc core with signature " +
                                    (std::string(op) == "matvec" ? "(m,n),(n)->(m)" : "(n),(n,m)->(m)") +
                                    " requires " + std::to_string(need) + ")"));
}
void check_n(int64_t n1, int64_t n2, const Tensor& a, const Tensor& b, const char* op) {
  if (n1 != n2)
    throw ValueError(op_msg(op, std::string(op) + ": Input operand 1 has a mismatch in its core dimension 0, with "
                                    "gufunc signature " +
                                    (std::string(op) == "matvec" ? "(m,n),(n)->(m)" : "(n),(n,m)->(m)") + " (size " +
                                    std::to_string(n2) + " is different from " + std::to_string(n1) + "): shapes " +
                                    shape_str(a.shape()) + " and " + shape_str(b.shape())));
}
}  // namespace

Tensor matvec(const Tensor& x1, const Tensor& x2) {
  check_core(x1, 2, "matvec", 0);
  check_core(x2, 1, "matvec", 1);
  check_n(x1.shape(-1), x2.shape(-1), x1, x2, "matvec");
  return squeeze(matmul(x1, expand_dims(x2, {-1})), std::vector<int64_t>{-1});
}

Tensor vecmat(const Tensor& x1, const Tensor& x2) {
  check_core(x1, 1, "vecmat", 0);
  check_core(x2, 2, "vecmat", 1);
  check_n(x1.shape(-1), x2.shape(-2), x1, x2, "vecmat");
  // NumPy's vecmat conjugates the vector: sum(conj(x1)[..., n] * x2[..., n, m]).
  const Tensor v = is_complex(x1.dtype()) ? conj(x1) : x1;
  return squeeze(matmul(expand_dims(v, {-2}), x2), std::vector<int64_t>{-2});
}

}  // namespace parity

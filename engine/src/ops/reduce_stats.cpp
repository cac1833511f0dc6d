// mean, var, std, nanmean: NumPy's _methods.py (_mean, _var, _std) and nanmean
// (lib/_nanfunctions_impl.py) step by step, composed of add.reduce with dtype=/out= and ufuncs so
// that every intermediate has NumPy's dtype, layout and rounding: an integer dtype= computes in
// that integer type, a sum goes into out= before the division, and the count is a strong intp.
#include "../compile/program.h"
#include "parity/op_record.h"
#include "../iter.h"
#include "../shape_util.h"
#include "../ufunc.h"
#include "reduce_util.h"
#include "parity/autograd.h"

namespace parity {
namespace {

// np.intp(n): a strong int64, so float32 / count runs the float64 loop (not float32, as a weak
// Python int would).
// A CPU 0-d tensor (whatever the default device), so that it joins an op on any device.
Tensor intp(int64_t n) {
  Tensor t = new_tensor({}, DType::Int64);
  *t.data<int64_t>() = n;
  return t;
}

// um.true_divide(t, count, out=t, casting='unsafe'): the loop for (t's dtype, intp) (float64, or
// complex128 for complex t), cast back into t. NumPy's scalar path, t.dtype.type(t / count),
// computes the same.
void divide_in_place(const Tensor& t, const Tensor& count) { copy_cast(divide(t, count), t); }

// NumPy's floating/integer scalar classes (ml_dtypes' bfloat16 is neither, bool neither).
bool np_real_number(DType d) { return is_integer(d) || (is_floating(d) && d != DType::BFloat16); }

// The reduction count of _count_reduce_items; checks the axes under op's name.
int64_t count_items(const Tensor& x, const Axes& axis, bool keepdims, const char* op) {
  return reduce::make_plan(x, axis, keepdims, op).count;
}

// n - ddof as NumPy's intp subtraction: wraps around (with a RuntimeWarning) instead of signed
// overflow, so ddof = INT64_MIN gives max(wrapped, 0) = 0 and a variance of inf, as NumPy.
inline int64_t dof(int64_t n, int64_t ddof) {
  return static_cast<int64_t>(static_cast<uint64_t>(n) - static_cast<uint64_t>(ddof));
}

// _var: the variance (the squared deviations' sum divided in place by max(n - ddof, 0)).
Tensor var_impl(const Tensor& x, const Axes& axis, int64_t ddof, bool keepdims, std::optional<DType> dtype,
                const OutArg& out, const char* op) {
  reduce::check_defined(x, op);
  const int64_t n = count_items(x, axis, keepdims, op);
  if (!dtype && (is_bool(x.dtype()) || is_integer(x.dtype()))) dtype = DType::Float64;
  // The mean in dtype (or the sum's natural dtype), divided in place: an integer dtype truncates.
  Tensor m = reduce::add_reduce(x, axis, true, dtype, {}, op);
  divide_in_place(m, intp(n));
  // x - mean in the promoted dtype (uint32 - float32 -> float64), laid out as x (order='K').
  Tensor d0 = subtract(x, m);
  Tensor d = reduce::empty_keep_layout(x, d0.dtype());
  copy_cast(d0, d);
  Tensor sq;
  if (np_real_number(x.dtype())) {
    sq = multiply(d, d, d);  // a complex d (complex dtype=) is squared, not |d|^2
  } else if (is_complex(d.dtype())) {
    // complex: the parts squared in place and added into the real part (a strided view).
    Tensor re = d.real(), im = d.imag();
    multiply(re, re, re);
    multiply(im, im, im);
    sq = add(re, im, re);
  } else {
    sq = multiply(d, d, d);  // bool, bfloat16: x * conj(x), conj being the identity
  }
  Tensor ret = reduce::add_reduce(sq, axis, keepdims, dtype, out, op);
  divide_in_place(ret, intp(std::max<int64_t>(dof(n, ddof), 0)));
  return ret;
}

}  // namespace

namespace {
Tensor mean_impl(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  reduce::check_defined(x, "mean");
  const int64_t n = count_items(x, axis, keepdims, "mean");
  const bool has_out = out.tensor.has_value();
  bool f16 = false;  // is_float16_result: float16 sums in float32, the result is float16
  if (!dtype) {
    if (is_bool(x.dtype()) || is_integer(x.dtype())) dtype = DType::Float64;
    else if (x.dtype() == DType::Float16) {
      dtype = DType::Float32;
      f16 = true;
    }
  }
  Tensor ret = reduce::add_reduce(x, axis, keepdims, dtype, out, "mean");
  // A 0-d result without out= is a NumPy scalar: float16(sum / n) rounds the float64 quotient
  // once, where the array path rounds it to float32 first.
  if (f16 && !has_out && ret.ndim() == 0) return divide(ret, intp(n)).astype(DType::Float16);
  divide_in_place(ret, intp(n));
  if (f16 && !has_out) return ret.astype(DType::Float16);
  return ret;
}

Tensor std_impl(const Tensor& x, Axes axis, int64_t ddof, bool keepdims, std::optional<DType> dtype, OutArg out) {
  Tensor ret = var_impl(x, axis, ddof, keepdims, dtype, out, "std");
  // A NumPy scalar (0-d, no out=) takes ret.dtype.type(sqrt(ret)): any cast back is allowed.
  if (!out.tensor && ret.ndim() == 0) return sqrt(ret).astype(ret.dtype());
  // An array: sqrt(ret, out=ret), whose output cast must be same_kind (int8 ret: float16 no).
  const ArrayLike a(ret);
  const DType lo = resolve_loop(ufunc_sqrt(), {&a}).out;
  if (!can_cast(lo, ret.dtype(), Casting::same_kind))
    throw UFuncTypeError(op_msg("std", std::string("Cannot cast ufunc 'sqrt' output from dtype('") + name(lo) +
                                           "') to dtype('" + name(ret.dtype()) + "') with casting rule 'same_kind'"));
  return sqrt(ret, ret);
}

// nanmean: integer, bool (and bfloat16, see nan_aware) inputs take mean(); otherwise NaNs become
// 0, the sum (dtype=, out=) is divided in place by the intp count of non-NaN elements.
Tensor nanmean_impl(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  reduce::check_defined(x, "nanmean");
  if (!reduce::nan_aware(x.dtype())) return mean_impl(x, axis, keepdims, dtype, out);
  // np.inexact excludes ml_dtypes' bfloat16.
  if (dtype && !reduce::nan_aware(*dtype))
    throw TypeError("[nanmean] If a is inexact, then dtype must be inexact");
  if (out.tensor && out.tensor->defined() && !reduce::nan_aware(out.tensor->dtype()))
    throw TypeError("[nanmean] If a is inexact, then out must be inexact");
  Tensor cnt = reduce::add_reduce(logical_not(isnan(x)), axis, keepdims, DType::Int64, {}, "nanmean");
  Tensor tot = reduce::add_reduce(x, axis, keepdims, dtype, out, "nanmean", true);
  divide_in_place(tot, cnt);
  return tot;
}

// var's derivative, 2 (x - mean) / (n - ddof) times g spread back; for complex x the same formula
// gives dL/dRe + i dL/dIm (PyTorch's var_backward).
// A real dtype= for complex x: NumPy's mean is then the real parts' (its _var casts the sum), and
// the deviations stay complex (var(real) + mean(imag^2)); the gradient follows that forward.
Tensor var_grad(const Tensor& g, const Tensor& x, const Axes& axis, int64_t ddof, bool keepdims, const char* op,
                std::optional<DType> dtype = std::nullopt) {
  const int64_t n = reduce::reduced_count(x.shape(), axis, op);
  const bool real_mean = is_complex(x.dtype()) && dtype && !is_complex(*dtype);
  Tensor d = subtract(x, mean(real_mean ? x.real() : x, axis, true));
  Tensor eg = reduce::expand_reduced(g, x.shape(), axis, keepdims, op);
  return multiply(eg, multiply(d, Scalar(2.0 / static_cast<double>(std::max<int64_t>(dof(n, ddof), 0)))));
}
}  // namespace

// The public reductions: the forward on a detached x (its inner ufuncs record nothing), then one
// node with the op's derivative.
Tensor mean(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  if (compile_detail::g_tracer && !out.tensor)
    return compile_detail::traced_op("mean", {x}, [=](const std::vector<Tensor>& a) { return mean(a[0], axis, keepdims, dtype); });
  if (!autograd::needs_grad({x})) return mean_impl(x, axis, keepdims, dtype, out);
  Tensor r = mean_impl(x.detach(), axis, keepdims, dtype, out);
  return autograd::record("mean", r, {x}, [s = x.shape(), axis, keepdims](const Tensor& g) {
    const double n = static_cast<double>(reduce::reduced_count(s, axis, "mean"));
    return std::vector<Tensor>{divide(reduce::expand_reduced(g, s, axis, keepdims, "mean"), Scalar(n))};
  });
}

Tensor var(const Tensor& x, Axes axis, int64_t ddof, bool keepdims, std::optional<DType> dtype, OutArg out) {
  if (!autograd::needs_grad({x})) return var_impl(x, axis, ddof, keepdims, dtype, out, "var");
  Tensor r = var_impl(x.detach(), axis, ddof, keepdims, dtype, out, "var");
  return autograd::record("var", r, {x}, [sx = autograd::SavedTensor(x), axis, ddof, keepdims, dtype](const Tensor& g) {
    return std::vector<Tensor>{var_grad(g, sx.get("var"), axis, ddof, keepdims, "var", dtype)};
  });
}

// std = sqrt(var): var's derivative times g / (2 std); 0 where std is 0 (PyTorch's masked_fill).
Tensor std(const Tensor& x, Axes axis, int64_t ddof, bool keepdims, std::optional<DType> dtype, OutArg out) {
  if (!autograd::needs_grad({x})) return std_impl(x, axis, ddof, keepdims, dtype, out);
  Tensor r = std_impl(x.detach(), axis, ddof, keepdims, dtype, out);
  return autograd::record("std", r, {x},
                          [sx = autograd::SavedTensor(x), so = autograd::SavedTensor(r), axis, ddof, keepdims, dtype](const Tensor& g) {
                            Tensor o = so.get("std");
                            Tensor gv = where(equal(o, 0), 0, divide(g, multiply(o, 2)));
                            return std::vector<Tensor>{var_grad(gv, sx.get("std"), axis, ddof, keepdims, "std", dtype)};
                          });
}

// nanmean: g / (the count of non-NaN elements) to each non-NaN element.
Tensor nanmean(const Tensor& x, Axes axis, bool keepdims, std::optional<DType> dtype, OutArg out) {
  if (!autograd::needs_grad({x})) return nanmean_impl(x, axis, keepdims, dtype, out);
  Tensor r = nanmean_impl(x.detach(), axis, keepdims, dtype, out);
  return autograd::record("nanmean", r, {x}, [sx = autograd::SavedTensor(x), axis, keepdims](const Tensor& g) {
    Tensor xv = sx.get("nanmean");
    Tensor nan = isnan(xv);
    Tensor cnt = sum(logical_not(nan), axis, true);
    Tensor eg = divide(reduce::expand_reduced(g, xv.shape(), axis, keepdims, "nanmean"), cnt);
    return std::vector<Tensor>{where(nan, 0, eg)};
  });
}

Tensor Tensor::mean(Axes axis, bool keepdims, std::optional<DType> dtype) const {
  return parity::mean(*this, axis, keepdims, dtype);
}
Tensor Tensor::var(Axes axis, int64_t ddof, bool keepdims) const {
  return parity::var(*this, axis, ddof, keepdims);
}
Tensor Tensor::std(Axes axis, int64_t ddof, bool keepdims) const {
  return parity::std(*this, axis, ddof, keepdims);
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "mean", .family = "reduction", .forms = kFunction | kMethod | kOut, .compiled = true});
PARITY_OP_RECORD({.name = "nanmean", .family = "reduction", .forms = kFunction | kOut});
PARITY_OP_RECORD({.name = "var", .family = "reduction", .forms = kFunction | kMethod | kOut});
PARITY_OP_RECORD({.name = "std", .family = "reduction", .forms = kFunction | kMethod | kOut, .no_gradgrad = "its second derivative does not pass gradgradcheck yet (issue 5)"});

}  // namespace parity

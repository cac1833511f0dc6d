// floor, ceil, trunc, rint (round half to even) and round/around(x, decimals) with NumPy's
// np.round semantics: scale by 10**decimals in the array's dtype, rint, unscale.
#include <cstring>
#include "parity/op_record.h"

#include "../shape_util.h"
#include "unary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// The scalar kernels are kern:: (kernels/unary.h, shared with CUDA); the CPU adds Highway loops.
struct Floor : kern::Floor {
  static constexpr simd::Unary simd_fn{simd::floor, simd::floor};  // float32/float64 loops
};
struct Ceil : kern::Ceil {
  static constexpr simd::Unary simd_fn{simd::ceil, simd::ceil};  // float32/float64 loops
};
struct Trunc : kern::Trunc {
  static constexpr simd::Unary simd_fn{simd::trunc, simd::trunc};  // float32/float64 loops
};
struct Rint : kern::Rint {
  static constexpr simd::Unary simd_fn{simd::rint, simd::rint};  // float32/float64 loops
};
}  // namespace

PARITY_UNARY(floor, "floor", BoolRealLoops, Floor, TypeError)
PARITY_NOT_DIFFERENTIABLE(floor, "piecewise constant: the derivative is zero almost everywhere");
PARITY_UNARY(ceil, "ceil", BoolRealLoops, Ceil, TypeError)
PARITY_NOT_DIFFERENTIABLE(ceil, "piecewise constant: the derivative is zero almost everywhere");
PARITY_UNARY(trunc, "trunc", BoolRealLoops, Trunc, TypeError)
PARITY_NOT_DIFFERENTIABLE(trunc, "piecewise constant: the derivative is zero almost everywhere");
PARITY_UNARY(rint, "rint", FloatLoops, Rint, TypeError)
PARITY_NOT_DIFFERENTIABLE(rint, "piecewise constant: the derivative is zero almost everywhere");

// ---- round(x, decimals) ----
namespace {
// 10**n as NumPy builds it (exact table, then repeated multiplication); inf once it overflows.
double power_of_ten(int64_t n) {
  static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
  if (n < 9) return p10[n];
  double r = 1e9;
  for (int64_t k = 9; k < n && !std::isinf(r); ++k) r *= 10.;
  return r;
}

// The weak Python float 10**n in the loop NumPy runs: float32 for float16 (after rounding the
// scalar to float16) and for bfloat16 (ml_dtypes promotes it with a Python float to float32);
// overflow gives inf, never UB.
template <class T> compute_t<T> scale_in(double p) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, bfloat16_t>) {
    if (p > static_cast<double>(std::numeric_limits<float>::max()))
      return std::numeric_limits<float>::infinity();
    return static_cast<float>(p);
  } else if constexpr (std::is_same_v<T, float16_t>) {
    return static_cast<float>(float16_t(p));
  } else {
    return p;
  }
}

// One element: x*f (or x/f), rounded to T, rint, then /f (or *f), as NumPy's three ufunc calls.
template <class T> T round_one(T xin, double p, bool neg) {
  using C = compute_t<T>;
  const C f = scale_in<T>(p);
  const C x = static_cast<C>(xin);
  C y = static_cast<C>(T(neg ? x / f : x * f));
  y = std::nearbyint(y);
  return T(neg ? y * f : y / f);
}

// Rounds the inexact tensor `x` into a fresh tensor of its dtype.
Tensor round_inexact(const Tensor& x, int64_t decimals) {
  Tensor r = x.copy();
  const bool neg = decimals < 0;
  const double p = power_of_ten(neg ? -decimals : decimals);
  dispatch<InexactTypes>(r.dtype(), "round", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* d = r.data<T>();
    const int64_t n = r.size();
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (is_complex_v<T>) {
        using R = typename T::value_type;
        d[i] = T(round_one<R>(d[i].real(), p, neg), round_one<R>(d[i].imag(), p, neg));
      } else {
        d[i] = round_one<T>(d[i], p, neg);
      }
    }
  });
  r.storage()->bump_version();
  return r;
}

std::string dt(DType d) { return std::string("dtype('") + name(d) + "')"; }

[[noreturn]] void throw_scale_cast(int64_t decimals, DType from, DType to) {
  throw UFuncTypeError(op_msg("round", std::string("Cannot cast ufunc '") +
                                           (decimals < 0 ? "divide" : "multiply") + "' output from " +
                                           dt(from) + " to " + dt(to) + " with casting rule 'same_kind'"));
}

Tensor write_out(const Tensor& r, const Tensor& o) {
  copy_cast(r, o);
  o.storage()->bump_version();
  return o;
}

// An out= of another dtype than the result's: NumPy's three ufunc calls each write into out, so
// the scaled value is rounded to out's dtype before rint (round(float16, 2, out=complex64) of
// -65216 overflows in float16, then (-inf+0j) / 100 is -inf+nanj).
Tensor round_via_out(const Tensor& x, int64_t decimals, const Tensor& o) {
  if (is_complex(x.dtype())) {
    // NumPy sets out.real = a.real.round(decimals) and likewise imag: each part is rounded in the
    // input's precision, then cast into out's part (np.round(1e141-8.7e36j, 2, out=complex64)
    // keeps the imaginary part finite; scaling into float32 would overflow it).
    Tensor re = round_inexact(x.real(), decimals), im = round_inexact(x.imag(), decimals);
    copy_cast(re, o.real());
    copy_cast(im, o.imag());
    o.storage()->bump_version();
    return o;
  }
  const double p = power_of_ten(decimals < 0 ? -decimals : decimals);
  // ml_dtypes runs bfloat16 with a Python float in a float32 loop (exact widening first).
  const Tensor src = x.dtype() == DType::BFloat16 ? x.astype(DType::Float32) : x;
  if (decimals > 0) multiply(src, p, o);
  else divide(src, p, o);
  rint(o, o);
  if (decimals > 0) divide(o, p, o);
  else multiply(o, p, o);
  return o;
}
}  // namespace

namespace {
Tensor round_impl(const ArrayLike& xa, int64_t decimals, OutArg out);
}

// round is piecewise constant: not differentiable (its steps run on a detached input).
Tensor round(const ArrayLike& xa, int64_t decimals, OutArg out) {
  if (!xa.is_tensor() || !autograd::needs_grad({xa.tensor()})) return round_impl(xa, decimals, out);
  Tensor r = round_impl(ArrayLike(autograd::detach(xa.tensor())), decimals, out);
  return autograd::record_not_differentiable("round", r, {xa.tensor()});
}

namespace {
Tensor round_impl(const ArrayLike& xa, int64_t decimals, OutArg out) {
  Tensor x = xa.is_tensor() ? xa.tensor() : xa.to_tensor(std::nullopt, "round");
  if (!x.defined()) throw ValueError("[round] undefined tensor argument");
  const Tensor* o = out.tensor ? &*out.tensor : nullptr;
  if (o && (!o->defined() || o->shape() != x.shape()))
    throw ValueError("[round] invalid output shape: input " + shape_str(x.shape()) + ", out " +
                     (o->defined() ? shape_str(o->shape()) : std::string("undefined")));
  if (o) o->check_writeable("round");  // NumPy: after the shape check
  // decimals is a C int in NumPy (which crashes on INT_MIN; we don't).
  if (decimals > INT32_MAX) throw OverflowError("[round] signed integer is greater than maximum");
  if (decimals < INT32_MIN) throw OverflowError("[round] signed integer is less than minimum");
  const DType d = x.dtype();
  if (is_integer(d) && decimals >= 0) {  // already integral: a copy
    if (!o) return x.copy();
    if (!can_cast(d, o->dtype(), Casting::same_kind))
      throw TypeError(op_msg("round", "Cannot cast array data from " + dt(d) + " to " + dt(o->dtype()) +
                                          " according to the rule 'same_kind'"));
    return write_out(x, *o);
  }
  // NumPy rounds complex parts separately into out.real and out.imag, for decimals=0 too.
  if (o && is_complex(d) && !is_complex(o->dtype()))
    throw TypeError("[round] array does not have imaginary part to set");
  if (decimals == 0) return rint(x, out);  // bool too: rint(bool) is float16
  if (is_integer(d) || is_bool(d)) {
    // NumPy scales into a float64 array (or into out=, which must then take float64) ...
    if (is_bool(d) && !o) throw_scale_cast(decimals, float64, bool_);
    if (o && !can_cast(float64, o->dtype(), Casting::same_kind)) throw_scale_cast(decimals, float64, o->dtype());
    if (o && o->dtype() != float64) return round_via_out(x, decimals, *o);
    Tensor r = round_inexact(x.astype(float64), decimals);
    if (o) return write_out(r, *o);
    return r.astype(d);  // ... and casts back unsafely, wrapping like NumPy (127 -> 130 -> -126)
  }
  if (o) {
    if (is_complex(d) && !is_complex(o->dtype()))
      throw TypeError("[round] array does not have imaginary part to set");
    if (!can_cast(d, o->dtype(), Casting::same_kind)) throw_scale_cast(decimals, d, o->dtype());
    if (o->dtype() != d) return round_via_out(x, decimals, *o);
  }
  Tensor r = round_inexact(x, decimals);
  return o ? write_out(r, *o) : r;
}

}  // namespace

Tensor around(const ArrayLike& x, int64_t decimals, OutArg out) { return round(x, decimals, out); }

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "round", .aliases = {"around"}, .family = "unary", .forms = kFunction | kMethod | kInplace | kOut, .no_grad = "piecewise constant: the derivative is zero almost everywhere"});

}  // namespace parity

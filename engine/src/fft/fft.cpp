// numpy.fft (parity/fft.h). Three differentiable primitives, each along one axis at a fixed length
// (the public functions zero-pad or truncate first, through differentiable slicing/concatenate):
//   c2c: complex -> complex, forward or inverse;   r2c: real -> first n/2+1 of the forward DFT;
//   c2r: n/2+1 complex -> real of length n (inverse DFT of the Hermitian extension).
// Every transform computes in double (plan.h) and rounds to the result dtype. The n-dimensional
// and Hermitian functions compose the primitives as NumPy's pocketfft.py does, so their
// derivatives follow. Derivatives (PyTorch's conventions, conjugate Wirtinger gradients): c2c's
// adjoint is c2c in the other direction with the same scale; r2c's is the real part of the inverse
// c2c of the gradient zero-padded to n (fft_r2c_backward); c2r's is r2c of the gradient with the
// bins 1 .. n - n/2 - 1 doubled (each stands for itself and its conjugate; fft_c2r_backward).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/fft.h"
#include "parity/op_record.h"
#include "../gufunc_out.h"
#include "plan.h"
#include "../require_cpu.h"

namespace parity {

PARITY_OP_RECORD({.name = "fft.fft", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "the inverse transform of the gradient (the adjoint), resized back to the input"});
PARITY_OP_RECORD({.name = "fft.ifft", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "the forward transform of the gradient (the adjoint)"});
PARITY_OP_RECORD({.name = "fft.fftn", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "through its one-axis transforms"});
PARITY_OP_RECORD({.name = "fft.ifftn", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "through its one-axis transforms"});
PARITY_OP_RECORD({.name = "fft.rfft", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all_but_complex,
                  .grad = "PyTorch's fft_r2c_backward: real part of the inverse transform of the zero-padded gradient"});
PARITY_OP_RECORD({.name = "fft.irfft", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "PyTorch's fft_c2r_backward: rfft of the gradient, non-self-conjugate bins doubled"});
PARITY_OP_RECORD({.name = "fft.rfftn", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all_but_complex,
                  .grad = "through rfft and fft"});
PARITY_OP_RECORD({.name = "fft.irfftn", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all,
                  .grad = "through ifft and irfft"});
PARITY_OP_RECORD({.name = "fft.hfft", .family = "fft", .dtypes = DTypeSet::all,
                  .grad = "through conj and irfft"});
PARITY_OP_RECORD({.name = "fft.ihfft", .family = "fft", .forms = kFunction | kOut, .dtypes = DTypeSet::all_but_complex,
                  .grad = "through rfft and conj"});
PARITY_OP_RECORD({.name = "fft.fftfreq", .family = "creation", .dtypes = DTypeSet::none,
                  .no_grad = "creation: a function of integers n and a spacing d, no array input"});
PARITY_OP_RECORD({.name = "fft.rfftfreq", .family = "creation", .dtypes = DTypeSet::none,
                  .no_grad = "creation: a function of integers n and a spacing d, no array input"});
PARITY_OP_RECORD({.name = "fft.fftshift", .family = "fft", .dtypes = DTypeSet::all,
                  .grad = "the opposite shift of the gradient (a roll, through slicing and concatenate)"});
PARITY_OP_RECORD({.name = "fft.ifftshift", .family = "fft", .dtypes = DTypeSet::all,
                  .grad = "the opposite shift of the gradient (a roll, through slicing and concatenate)"});

namespace fft {

namespace {

using detail::cplx;

std::string msg(const char* op, const std::string& m) { return std::string("[fft.") + op + "] " + m; }

// The scale of a transform of length n: forward transforms (fft, rfft) divide by nothing,
// sqrt(n) or n for "backward", "ortho", "forward"; inverse ones the other way round. NumPy computes
// the factor in result_type(input.real, 1.0) (float16 for float16 input, float32 for float32 and
// complex64): each step is rounded to that dtype here too.
double scale_of(const char* op, const std::string& norm, int64_t n, bool inverse, DType in) {
  // (bfloat16 with a Python float is float64 in NumPy with ml_dtypes)
  const DType rd = is_complex(in) ? real_dtype(in) : (is_floating(in) && in != DType::BFloat16 ? in : float64);
  auto r = [rd](double v) { return rd == float64 ? v : asarray(v).astype(rd).astype(float64).item<double>(); };
  const double dn = r(static_cast<double>(n));
  if (norm == "ortho") return r(1.0 / r(std::sqrt(dn)));
  if (norm == "backward") return inverse ? r(1.0 / dn) : 1.0;
  if (norm == "forward") return inverse ? 1.0 : r(1.0 / dn);
  throw ValueError(msg(op, "Invalid norm value " + norm + "; should be \"backward\",\"ortho\" or \"forward\"."));
}
std::string swap_norm(const char* op, const std::string& norm) {
  if (norm == "backward") return "forward";
  if (norm == "forward") return "backward";
  if (norm == "ortho") return norm;
  throw ValueError(msg(op, "Invalid norm value " + norm + "; should be \"backward\",\"ortho\" or \"forward\"."));
}

bool single(DType d) {
  return d == DType::Float16 || d == DType::BFloat16 || d == DType::Float32 || d == DType::Complex64;
}
DType complex_result(DType d) { return single(d) ? complex64 : complex128; }

// ---- out= (NumPy 2.x: _raw_fft checks out's shape, then calls its pocketfft gufunc with out) ----

// The scale NumPy hands the gufunc is the Python int 1 where the transform is unscaled (forward
// transforms with norm="backward", inverse ones with "forward"), else a NumPy scalar of
// result_type(a.real, 1.0).
bool weak_scale(const std::string& norm, bool inverse) { return norm == (inverse ? "forward" : "backward"); }

// Whether NumPy's gufunc runs its single-precision loop (complex64 / float32 in, loops 'Ff->F',
// 'ff->F', 'Ff->f') rather than the double one for an input of dtype `in` (`real_in`: rfft's real
// input) under out=. Measured with NumPy 2.2.6 and consistent with its dispatch: a scalar scale of
// the input's precision selects the single loop by exact match (complex64 input, or float32 for
// rfft); any other input, and the Python-int scale, go through the legacy linear search, whose
// first match is the double loop (so np.fft.fft(float32, out=complex128) computes in double,
// np.fft.ifft(complex64, out=complex128) in single, np.fft.irfft(float16) in double).
bool single_loop(DType in, bool weak, bool real_in) {
  return !weak && in == (real_in ? DType::Float32 : DType::Complex64);
}

// _raw_fft's check: out has a's ndim and n_out along the axis (the other axes broadcast as the
// gufunc's loop dimensions, gufunc::write_out).
void check_out_shape(const char* op, const Tensor& a, int64_t ax, int64_t n_out, const Tensor& o) {
  if (!o.defined()) throw ValueError(msg(op, "undefined out= tensor"));
  if (o.ndim() != a.ndim() || o.shape()[static_cast<size_t>(ax)] != n_out)
    throw ValueError(msg(op, "output array has wrong shape. (out= " + shape_str(o.shape()) + ", " +
                                 std::to_string(n_out) + " along axis " + std::to_string(ax) + ")"));
}

// The axis and length of a one-axis transform, checked as NumPy checks them: n < 1 is a ValueError
// before anything else; an axis out of range is an IndexError when n came from the shape
// (NumPy reads a.shape[axis]) and an AxisError otherwise (the gufunc's axes=).
int64_t check_axis(const char* op, const Tensor& a, int64_t axis, bool n_given) {
  const int64_t nd = a.ndim();
  if (axis < -nd || axis >= nd) {
    if (!n_given) throw IndexError(msg(op, "tuple index out of range (axis " + std::to_string(axis) +
                                               " of an array of dimension " + std::to_string(nd) + ")"));
    throw AxisError(msg(op, "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                std::to_string(nd)));
  }
  return axis < 0 ? axis + nd : axis;
}

void check_n(const char* op, int64_t n) {
  if (n < 1) throw ValueError(msg(op, "Invalid number of FFT data points (" + std::to_string(n) + ") specified."));
}

// x zero-padded or truncated to length n along axis (differentiable: slicing and concatenate).
Tensor resize(const Tensor& x, int64_t axis, int64_t n) {
  const int64_t len = x.shape()[static_cast<size_t>(axis)];
  if (len == n) return x;
  std::vector<TensorIndex> idx(static_cast<size_t>(x.ndim()), TensorIndex(Slice()));
  if (len > n) {
    idx[static_cast<size_t>(axis)] = TensorIndex(Slice(0, n));
    return x.index(idx);
  }
  Shape zs = x.shape();
  zs[static_cast<size_t>(axis)] = n - len;
  return concatenate({x, zeros(zs, x.dtype())}, axis);
}

// Runs f(in_row, out_row) over every row along `axis` of x (converted to complex128, contiguous
// with the axis last); out rows hold out_len values. Returns the complex128 result, axis in place.
template <class F>
Tensor rows(const Tensor& x, int64_t axis, int64_t out_len, F f) {
  Tensor xm = ascontiguousarray(moveaxis(x, {axis}, {-1}).astype(complex128));
  const int64_t len = xm.shape().back();
  Shape os = xm.shape();
  os.back() = out_len;
  Tensor out = empty(os, complex128);
  const int64_t nrows = len == 0 ? 0 : xm.size() / len;
  const cplx* in = xm.data<cplx>();
  cplx* o = out.data<cplx>();
  for (int64_t r = 0; r < nrows; ++r) f(in + r * len, o + r * out_len);
  return moveaxis(out, {-1}, {axis});
}

Tensor finish(const Tensor& r, DType d) { return ascontiguousarray(r.astype(d)); }

// ---- the differentiable primitives (input already at the transform length) ----

Tensor c2c(const Tensor& x, int64_t axis, bool inverse, double scale);
Tensor r2c(const Tensor& x, int64_t axis, double scale);
Tensor c2r(const Tensor& x, int64_t axis, int64_t n, double scale);

Tensor c2c(const Tensor& x, int64_t axis, bool inverse, double scale) {
  Tensor r;
  {
    autograd::NoGrad ng;
    const int64_t n = x.shape()[static_cast<size_t>(axis)];
    r = finish(rows(x, axis, n, [&](const cplx* in, cplx* out) {
                 detail::transform(in, out, n, inverse);
                 if (scale != 1.0) for (int64_t k = 0; k < n; ++k) out[k] *= scale;
               }),
               x.dtype());
  }
  return autograd::record(inverse ? "fft.ifft" : "fft.fft", r, {x}, [axis, inverse, scale](const Tensor& g) {
    return std::vector<Tensor>{c2c(g, axis, !inverse, scale)};
  });
}

Tensor r2c(const Tensor& x, int64_t axis, double scale) {
  Tensor r;
  const int64_t n = x.shape()[static_cast<size_t>(axis)];
  {
    autograd::NoGrad ng;
    std::vector<cplx> full(static_cast<size_t>(n));
    r = finish(rows(x, axis, n / 2 + 1, [&](const cplx* in, cplx* out) {
                 detail::transform(in, full.data(), n, false);
                 for (int64_t k = 0; k <= n / 2; ++k) out[k] = full[static_cast<size_t>(k)] * scale;
               }),
               x.dtype() == float32 ? complex64 : complex128);
  }
  return autograd::record("fft.rfft", r, {x}, [axis, n, scale](const Tensor& g) {
    return std::vector<Tensor>{c2c(resize(g, axis, n), axis, true, scale).real()};
  });
}

Tensor c2r(const Tensor& x, int64_t axis, int64_t n, double scale) {
  Tensor r;
  {
    autograd::NoGrad ng;
    const int64_t m = x.shape()[static_cast<size_t>(axis)];  // n / 2 + 1
    std::vector<cplx> full(static_cast<size_t>(n)), res(static_cast<size_t>(n));
    r = rows(x, axis, n, [&](const cplx* in, cplx* out) {
      for (int64_t k = 0; k < n; ++k) full[static_cast<size_t>(k)] = k < m ? in[k] : std::conj(in[n - k]);
      detail::transform(full.data(), res.data(), n, true);
      for (int64_t k = 0; k < n; ++k) out[k] = cplx(res[static_cast<size_t>(k)].real() * scale, 0.0);
    });
    r = finish(r.real(), x.dtype() == complex64 ? float32 : float64);
  }
  return autograd::record("fft.irfft", r, {x}, [axis, n, scale](const Tensor& g) {
    // bins 1 .. n - n/2 - 1 stand for themselves and their conjugates: their gradient doubles
    const int64_t m = n / 2 + 1;
    std::vector<double> w(static_cast<size_t>(m), 1.0);
    for (int64_t k = 1; k <= n - n / 2 - 1; ++k) w[static_cast<size_t>(k)] = 2.0;
    Shape ws(static_cast<size_t>(g.ndim()), 1);
    ws[static_cast<size_t>(axis)] = m;
    Tensor wt = asarray(w).reshape(ws).astype(g.dtype());
    return std::vector<Tensor>{r2c(g, axis, scale) * wt};
  });
}

// A roll of x by k along axis (NumPy's np.roll for one axis), through slicing and concatenate.
Tensor roll1(const Tensor& x, int64_t k, int64_t axis) {
  const int64_t len = x.shape()[static_cast<size_t>(axis)];
  if (len == 0) return x;
  k = ((k % len) + len) % len;
  if (k == 0) return x;
  std::vector<TensorIndex> head(static_cast<size_t>(x.ndim()), TensorIndex(Slice())), tail = head;
  tail[static_cast<size_t>(axis)] = TensorIndex(Slice(len - k, std::nullopt));
  head[static_cast<size_t>(axis)] = TensorIndex(Slice(0, len - k));
  return concatenate({x.index(tail), x.index(head)}, axis);
}

Tensor shift(const char* op, const Tensor& x, const Axes& axes, bool inverse) {
  std::vector<int64_t> ax;
  if (axes) {
    for (int64_t a : *axes) ax.push_back(check_axis(op, x, a, false));  // NumPy reads x.shape[a]: IndexError
  } else {
    if (x.ndim() == 0) throw ValueError(msg(op, "a 0-d array has no axes to shift (not enough values to unpack)"));
    for (int64_t a = 0; a < x.ndim(); ++a) ax.push_back(a);
  }
  Tensor r = x;
  for (int64_t a : ax) {
    const int64_t half = x.shape()[static_cast<size_t>(a)] / 2;
    r = roll1(r, inverse ? -half : half, a);
  }
  return r.is_same_view(x) ? copy(x) : r;
}

// One-axis complex transform: n, norm and axis checked in NumPy's order.
Tensor one_c2c(const char* op, const Tensor& a, std::optional<int64_t> n_opt, int64_t axis,
               const std::string& norm, bool inverse, const OutArg& out) {
  int64_t ax = 0, n = 0;
  require_cpu(a, ("fft." + std::string(op)).c_str());
  if (n_opt) {
    n = *n_opt;
    check_n(op, n);
    (void)scale_of(op, norm, n, inverse, a.dtype());
    ax = check_axis(op, a, axis, true);
  } else {
    ax = check_axis(op, a, axis, false);
    n = a.shape()[static_cast<size_t>(ax)];
    check_n(op, n);
  }
  const double scale = scale_of(op, norm, n, inverse, a.dtype());
  DType cd = complex_result(a.dtype());
  const std::string full = std::string("fft.") + op;
  if (out.tensor) {
    check_out_shape(op, a, ax, n, *out.tensor);
    cd = single_loop(a.dtype(), weak_scale(norm, inverse), false) ? complex64 : complex128;
    gufunc::check_out(full.c_str(), inverse ? "ifft" : "fft", cd, *out.tensor);
  }
  Tensor x = a.astype(cd, Casting::unsafe, false);
  Tensor r = c2c(resize(x, ax, n), ax, inverse, scale);
  return out.tensor ? gufunc::write_out(full.c_str(), r, *out.tensor) : r;
}

// s and axes as NumPy's _cook_nd_args: lengths (with -1 = the axis's length) and axes.
std::pair<std::vector<int64_t>, std::vector<int64_t>> cook(const char* op, const Tensor& a, const Axes& s,
                                                           const Axes& axes, bool invreal) {
  auto length_of = [&](int64_t ax) {
    if (ax < -a.ndim() || ax >= a.ndim())
      throw IndexError(msg(op, "tuple index out of range (axis " + std::to_string(ax) + " of an array of dimension " +
                                   std::to_string(a.ndim()) + ")"));
    return a.shape()[static_cast<size_t>(ax < 0 ? ax + a.ndim() : ax)];
  };
  std::vector<int64_t> S, A;
  if (!s) {
    if (!axes) S.assign(a.shape().begin(), a.shape().end());
    else for (int64_t ax : *axes) S.push_back(length_of(ax));
  } else {
    S = *s;
  }
  if (axes) A = *axes;
  else for (int64_t i = -static_cast<int64_t>(S.size()); i < 0; ++i) A.push_back(i);
  if (S.size() != A.size()) throw ValueError(msg(op, "Shape and axes have different lengths."));
  if (invreal && !s) {
    if (S.empty()) throw IndexError(msg(op, "list index out of range (no axes)"));
    S.back() = (length_of(A.back()) - 1) * 2;
  }
  for (size_t i = 0; i < S.size(); ++i)
    if (S[i] == -1) S[i] = length_of(A[i]);
  return {S, A};
}

}  // namespace

Tensor fft(const Tensor& a, std::optional<int64_t> n, int64_t axis, const std::string& norm, OutArg out) {
  return one_c2c("fft", a, n, axis, norm, false, out);
}
Tensor ifft(const Tensor& a, std::optional<int64_t> n, int64_t axis, const std::string& norm, OutArg out) {
  return one_c2c("ifft", a, n, axis, norm, true, out);
}

namespace {
// conj_result: ihfft's conjugate of the result (NumPy conjugates out in place: exact in any dtype).
Tensor rfft_as(const char* op, const Tensor& a, std::optional<int64_t> n_opt, int64_t axis, const std::string& norm,
               const OutArg& out = {}, bool conj_result = false) {
  int64_t ax = 0, n = 0;
  require_cpu(a, ("fft." + std::string(op)).c_str());
  if (n_opt) {
    n = *n_opt;
    check_n(op, n);
    (void)scale_of(op, norm, n, false, a.dtype());
    ax = check_axis(op, a, axis, true);
  } else {
    ax = check_axis(op, a, axis, false);
    n = a.shape()[static_cast<size_t>(ax)];
    check_n(op, n);
  }
  const double scale = scale_of(op, norm, n, false, a.dtype());
  if (out.tensor) check_out_shape(op, a, ax, n / 2 + 1, *out.tensor);
  const char* ufunc = n % 2 == 0 ? "rfft_n_even" : "rfft_n_odd";
  if (is_complex(a.dtype()))
    throw TypeError(msg(op, std::string("ufunc '") + ufunc + "' not supported for the input types: " + name(a.dtype()) +
                                " input (the real FFT takes real input)"));
  bool single_prec = single(a.dtype());
  const std::string full = std::string("fft.") + op;
  if (out.tensor) {
    single_prec = single_loop(a.dtype(), weak_scale(norm, false), true);
    gufunc::check_out(full.c_str(), ufunc, single_prec ? complex64 : complex128, *out.tensor);
  }
  Tensor x = a.astype(single_prec ? float32 : float64, Casting::unsafe, false);
  Tensor r = r2c(resize(x, ax, n), ax, scale);
  if (conj_result) r = conj(r);
  return out.tensor ? gufunc::write_out(full.c_str(), r, *out.tensor) : r;
}
}  // namespace

Tensor rfft(const Tensor& a, std::optional<int64_t> n, int64_t axis, const std::string& norm, OutArg out) {
  return rfft_as("rfft", a, n, axis, norm, out);
}

namespace {
Tensor irfft_as(const char* op, const Tensor& a, std::optional<int64_t> n_opt, int64_t axis, const std::string& norm,
                const OutArg& out = {}) {
  int64_t ax = 0, n = 0;
  require_cpu(a, ("fft." + std::string(op)).c_str());
  if (n_opt) {
    n = *n_opt;
    check_n(op, n);
    (void)scale_of(op, norm, n, true, a.dtype());
    ax = check_axis(op, a, axis, true);
  } else {
    ax = check_axis(op, a, axis, false);
    n = (a.shape()[static_cast<size_t>(ax)] - 1) * 2;
    check_n(op, n);
  }
  const double scale = scale_of(op, norm, n, true, a.dtype());
  // NumPy's result: float16 stays float16 (computed in float64 and rounded once: its loop for a
  // float16 input is the double one); bfloat16 (ml_dtypes) gives float64
  DType cd = a.dtype() == DType::BFloat16 || a.dtype() == DType::Float16 ? complex128 : complex_result(a.dtype());
  const std::string full = std::string("fft.") + op;
  if (out.tensor) {
    check_out_shape(op, a, ax, n, *out.tensor);
    cd = single_loop(a.dtype(), weak_scale(norm, true), false) ? complex64 : complex128;
    gufunc::check_out(full.c_str(), "irfft", cd == complex64 ? float32 : float64, *out.tensor);
  }
  Tensor x = a.astype(cd, Casting::unsafe, false);
  Tensor r = c2r(resize(x, ax, n / 2 + 1), ax, n, scale);
  if (out.tensor) return gufunc::write_out(full.c_str(), r, *out.tensor);  // the loop's result, cast once
  return a.dtype() == DType::Float16 ? r.astype(float16) : r;
}
}  // namespace

Tensor irfft(const Tensor& a, std::optional<int64_t> n, int64_t axis, const std::string& norm, OutArg out) {
  return irfft_as("irfft", a, n, axis, norm, out);
}

Tensor hfft(const Tensor& a, std::optional<int64_t> n, int64_t axis, const std::string& norm) {
  const std::string nn = swap_norm("hfft", norm);
  if (!n) {
    const int64_t ax = check_axis("hfft", a, axis, false);
    n = (a.shape()[static_cast<size_t>(ax)] - 1) * 2;
  }
  return irfft_as("hfft", conj(a), n, axis, nn);
}

// NumPy: rfft(a, n, axis, swapped norm, out=out), then conjugate(out, out=out).
Tensor ihfft(const Tensor& a, std::optional<int64_t> n, int64_t axis, const std::string& norm, OutArg out) {
  const std::string nn = swap_norm("ihfft", norm);
  return rfft_as("ihfft", a, n, axis, nn, out, true);
}

// With out=, NumPy 2.x passes out to every one-axis step of fftn, ifftn and rfftn (each step's
// result is rounded into out and the next reads it back), and to irfftn's last (irfft) step only.
Tensor fftn(const Tensor& a, const Axes& s, const Axes& axes, const std::string& norm, OutArg out) {
  auto [S, A] = cook("fftn", a, s, axes, false);
  Tensor r = a;
  for (size_t i = S.size(); i-- > 0;) r = one_c2c("fftn", r, S[i], A[i], norm, false, out);
  return r;
}
Tensor ifftn(const Tensor& a, const Axes& s, const Axes& axes, const std::string& norm, OutArg out) {
  auto [S, A] = cook("ifftn", a, s, axes, false);
  Tensor r = a;
  for (size_t i = S.size(); i-- > 0;) r = one_c2c("ifftn", r, S[i], A[i], norm, true, out);
  return r;
}
Tensor rfftn(const Tensor& a, const Axes& s, const Axes& axes, const std::string& norm, OutArg out) {
  auto [S, A] = cook("rfftn", a, s, axes, false);
  if (S.empty()) throw IndexError(msg("rfftn", "list index out of range (no axes)"));
  Tensor r = rfft_as("rfftn", a, S.back(), A.back(), norm, out);
  for (size_t i = S.size() - 1; i-- > 0;) r = one_c2c("rfftn", r, S[i], A[i], norm, false, out);
  return r;
}
Tensor irfftn(const Tensor& a, const Axes& s, const Axes& axes, const std::string& norm, OutArg out) {
  require_cpu(a, "fft.irfftn");
  auto [S, A] = cook("irfftn", a, s, axes, true);
  if (S.empty()) throw IndexError(msg("irfftn", "list index out of range (no axes)"));
  Tensor r = a;
  for (size_t i = 0; i + 1 < S.size(); ++i) r = ifft(r, S[i], A[i], norm);
  return irfft_as("irfftn", r, S.back(), A.back(), norm, out);
}

Tensor fftfreq(int64_t n, double d) {
  const double nd = static_cast<double>(n) * d;
  if (nd == 0.0) throw ZeroDivisionError(msg("fftfreq", "float division by zero (n * d is 0)"));
  const double val = 1.0 / nd;
  if (n < 0) throw ValueError(msg("fftfreq", "negative dimensions are not allowed (n = " + std::to_string(n) + ")"));
  Tensor r = empty({n}, float64);
  double* p = r.data<double>();
  const int64_t N = (n - 1) / 2 + 1;
  for (int64_t i = 0; i < N; ++i) p[i] = static_cast<double>(i) * val;
  for (int64_t i = N; i < n; ++i) p[i] = static_cast<double>(i - n) * val;
  return r;
}

Tensor rfftfreq(int64_t n, double d) {
  const double nd = static_cast<double>(n) * d;
  if (nd == 0.0) throw ZeroDivisionError(msg("rfftfreq", "float division by zero (n * d is 0)"));
  const double val = 1.0 / nd;
  // Python's floor division: n // 2 + 1 (empty for n <= -3, as NumPy's arange(0, N))
  const int64_t N = std::max<int64_t>(0, (n >= 0 ? n / 2 : -((-n + 1) / 2)) + 1);
  Tensor r = empty({N}, float64);
  double* p = r.data<double>();
  for (int64_t i = 0; i < N; ++i) p[i] = static_cast<double>(i) * val;
  return r;
}

Tensor fftshift(const Tensor& x, const Axes& axes) { return shift("fftshift", x, axes, false); }
Tensor ifftshift(const Tensor& x, const Axes& axes) { return shift("ifftshift", x, axes, true); }

}  // namespace fft
}  // namespace parity

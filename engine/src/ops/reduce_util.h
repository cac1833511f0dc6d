#pragma once
// The reduction driver shared by every reduce*.cpp: axis handling, a plan that puts the reduced
// axes innermost, loops over outputs and over the "rows" of reduced elements, NumPy's pairwise
// summation, result dtypes and out= handling.
#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "../convert.h"
#include "../cuda/backend.h"  // kNumpyBufSize, which the device kernels share
#include "parity/ops.h"

namespace parity {
struct UFuncDef;
}

namespace parity::reduce {

struct Plan {
  Shape result_shape;                 // with keepdims applied
  std::vector<bool> reduced;          // per input axis
  int64_t count = 1;                  // elements reduced into each output
  int64_t nout = 1;                   // number of outputs
  Shape outer_shape;                  // kept axes, in order (outputs are C-contiguous over these)
  std::vector<int64_t> outer_strides; // input byte strides of the kept axes
  Shape red_shape;                    // reduced axes, outermost first, coalesced; never empty
  std::vector<int64_t> red_strides;   // input byte strides of those
  // NumPy reduces the input's innermost-in-memory axis in one inner-loop call (pairwise for add,
  // rounding to the output dtype once per call); otherwise it rounds after every element.
  bool inner_contig = false;
};

// Normalizes `axis` (None = all) for a `ndim`-d input: AxisError out of range, ValueError repeated.
std::vector<bool> reduced_axes(const Axes& axis, int64_t ndim, const char* op);
Plan make_plan(const Tensor& x, const Axes& axis, bool keepdims, const char* op);

void check_defined(const Tensor& x, const char* op);
// Default result dtype of sum/prod/cumsum: bool and signed ints -> int64, unsigned -> uint64.
DType sum_dtype(DType d);
// Default accumulation dtype of mean/var: bool and ints -> float64.
DType float_dtype(DType d);
// The dtype NumPy's reduce/accumulate of ufunc `uf` loops in (reducelike_promote_and_resolve):
// dtype= when given; else, with out=, the loop the binary ufunc resolves for (out dtype, input
// dtype), e.g. int64 into a uint64 out -> float64; else `dflt`. The result is then cast unsafely
// into out.
DType loop_dtype(const UFuncDef& uf, DType in, const std::optional<DType>& dtype, const OutArg& out, DType dflt);
// NumPy's add.reduce(x, axis, dtype, out, keepdims) (umr_sum), messages under `op`'s name; with
// `nan`, of x with its NaNs replaced by zero (nansum, nanmean).
Tensor add_reduce(const Tensor& x, const Axes& axis, bool keepdims, std::optional<DType> dtype, const OutArg& out,
                  const char* op, bool nan = false);
// An uninitialized tensor of dtype d whose axes keep x's memory order (NumPy's order='K' output).
Tensor empty_keep_layout(const Tensor& x, DType d);

// Copies `result` into out (NumPy's reduction checks: same ndim and shape; unsafe casting) and
// returns the tensor to give back.
Tensor finish(const Tensor& result, const OutArg& out, const char* op);

// Calls f(ptr) for every index of `shape` in C order, ptr = base + sum(index * strides).
template <class F>
void odometer(const Shape& shape, const std::vector<int64_t>& strides, const char* base, F&& f) {
  for (int64_t d : shape)
    if (d == 0) return;
  const int64_t nd = static_cast<int64_t>(shape.size());
  if (nd == 0) { f(base); return; }
  std::vector<int64_t> idx(nd, 0);
  const char* p = base;
  const int64_t n = shape[nd - 1], s = strides[nd - 1];
  while (true) {
    for (int64_t i = 0; i < n; ++i) f(p + i * s);
    int64_t d = nd - 2;
    for (; d >= 0; --d) {
      if (++idx[d] < shape[d]) { p += strides[d]; break; }
      p -= strides[d] * (shape[d] - 1);
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

// Calls f(in_base, out_index) for each output of the plan.
template <class F> void for_each_output(const Plan& p, const Tensor& x, F&& f) {
  int64_t k = 0;
  odometer(p.outer_shape, p.outer_strides, static_cast<const char*>(x.data_ptr()),
           [&](const char* q) { f(q, k++); });
}

// Calls f(row, n, byte_stride) for each innermost row of reduced elements under `base`.
template <class F> void for_each_row(const Plan& p, const char* base, F&& f) {
  if (p.count == 0) return;
  const size_t nd = p.red_shape.size();
  const int64_t n = p.red_shape[nd - 1], s = p.red_strides[nd - 1];
  Shape sh(p.red_shape.begin(), p.red_shape.end() - 1);
  std::vector<int64_t> st(p.red_strides.begin(), p.red_strides.end() - 1);
  odometer(sh, st, base, [&](const char* q) { f(q, n, s); });
}

template <class T> inline T load(const char* p) { return *reinterpret_cast<const T*>(p); }

// Rounds a compute value to storage type S and back: what storing into an S output does.
template <class S, class C> inline C round_to(C v) {
  if constexpr (is_half_v<S>) return static_cast<float>(S(v));
  else return v;
}

// NumPy's complex pairwise summation counts real and imaginary parts as two values: 4 partial
// sums per part up to 64 elements, halves (a multiple of 4 elements) above that.
template <class C, class Load> C pairwise_sum_complex(const char* p, int64_t n, int64_t s, const Load& ld) {
  using R = typename C::value_type;
  if (n < 4) {
    R rr = R(0), ri = R(0);
    for (int64_t i = 0; i < n; ++i) {
      C v = ld(p + i * s);
      rr += v.real();
      ri += v.imag();
    }
    return C(rr, ri);
  }
  if (n <= 64) {
    C r[4];
    for (int j = 0; j < 4; ++j) r[j] = ld(p + j * s);
    int64_t i = 4;
    for (; i < n - (n % 4); i += 4)
      for (int j = 0; j < 4; ++j) {
        C v = ld(p + (i + j) * s);
        r[j] = C(r[j].real() + v.real(), r[j].imag() + v.imag());
      }
    R rr = (r[0].real() + r[1].real()) + (r[2].real() + r[3].real());
    R ri = (r[0].imag() + r[1].imag()) + (r[2].imag() + r[3].imag());
    for (; i < n; ++i) {
      C v = ld(p + i * s);
      rr += v.real();
      ri += v.imag();
    }
    return C(rr, ri);
  }
  const int64_t n2 = (n - n % 8) / 2;  // NumPy: half of 2n values, less a multiple of 8, in elements
  C a = pairwise_sum_complex<C>(p, n2, s, ld), b = pairwise_sum_complex<C>(p + n2 * s, n - n2, s, ld);
  return C(a.real() + b.real(), a.imag() + b.imag());
}

// NumPy's pairwise summation: blocks of 8 partial sums up to 128 elements, halves above that.
template <class C, class Load> C pairwise_sum(const char* p, int64_t n, int64_t s, const Load& ld) {
  if constexpr (is_complex_v<C>) return pairwise_sum_complex<C>(p, n, s, ld);
  if (n < 8) {
    C r = C(0);
    for (int64_t i = 0; i < n; ++i) r += ld(p + i * s);
    return r;
  }
  if (n <= 128) {
    C r[8];
    for (int j = 0; j < 8; ++j) r[j] = ld(p + j * s);
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += ld(p + (i + j) * s);
    C res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += ld(p + i * s);
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise_sum<C>(p, n2, s, ld) + pairwise_sum<C>(p + n2 * s, n - n2, s, ld);
}

// Integer arithmetic that wraps like NumPy's, without signed-overflow UB.
template <class T> inline T wrap_add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else return a + b;
}
template <class T> inline T wrap_mul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  // NumPy's complex multiply is the textbook formula (inf * (1+0j) has a NaN part); C++'s
  // operator* recovers infinities (C Annex G) and so differs.
  else if constexpr (is_complex_v<T>)
    return T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  else if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
  } else return a * b;
}

// NumPy's vectorized complex multiply (simd_cmul, AVX2 fmaddsub), used when the loop's output
// stride is not 0 (accumulate; a reduction whose inner loop runs along a kept axis): the a.real
// products are fused, the a.imag ones rounded first. With a 0 output stride (the reduced axis
// innermost) NumPy runs the textbook product of wrap_mul.
template <class T> inline T cmul_fused(T a, T b) {
  const auto ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  return T(std::fma(ar, br, -(ai * bi)), std::fma(ar, bi, ai * br));
}

template <class T> inline bool is_nan_v(T v) {
  if constexpr (is_complex_v<T>) return std::isnan(v.real()) || std::isnan(v.imag());
  else if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  else return false;
}

// NumPy's buffer size (backend.h): a long sum is pairwise within chunks of this many elements.
inline constexpr int64_t kBufSize = cuda::kNumpyBufSize;

// NumPy's add.reduce for an S output, on elements given by ld(ptr) -> compute_t<S>: ints wrap,
// floats sum each inner row pairwise and round to S once per row (per element when the row is not
// the input's innermost axis, and always for bfloat16, whose ml_dtypes loop rounds every step).
// A full reduction (one output) whose elements form no single strided run is copied into NumPy's
// buffer in memory order: the pairwise chunks then span rows, as if the input were contiguous.
template <class S, class Ld> compute_t<S> sum_rows(const Plan& p, const char* base, const Ld& ld) {
  using C = compute_t<S>;
  C acc = C(0);
  const bool per_row = p.inner_contig && !std::is_same_v<S, bfloat16_t>;
  if constexpr (!std::is_integral_v<C>) {
    if (per_row && p.nout == 1 && p.red_shape.size() > 1) {
      std::vector<C> buf;
      buf.reserve(static_cast<size_t>(std::min(kBufSize, p.count)));
      auto id = [](const char* q) { return *reinterpret_cast<const C*>(q); };
      auto flush = [&] {
        acc = round_to<S>(acc + pairwise_sum<C>(reinterpret_cast<const char*>(buf.data()),
                                                static_cast<int64_t>(buf.size()), sizeof(C), id));
        buf.clear();
      };
      for_each_row(p, base, [&](const char* row, int64_t n, int64_t s) {
        for (int64_t i = 0; i < n; ++i) {
          buf.push_back(ld(row + i * s));
          if (static_cast<int64_t>(buf.size()) == kBufSize) flush();
        }
      });
      if (!buf.empty()) flush();
      return acc;
    }
  }
  for_each_row(p, base, [&](const char* row, int64_t n, int64_t s) {
    if constexpr (std::is_integral_v<C>) {
      for (int64_t i = 0; i < n; ++i) acc = wrap_add(acc, ld(row + i * s));
    } else {
      if (per_row) {  // one inner-loop call per buffer of kBufSize elements, as NumPy's iterator
        for (int64_t i = 0; i < n; i += kBufSize)
          acc = round_to<S>(acc + pairwise_sum<C>(row + i * s, std::min(kBufSize, n - i), s, ld));
      } else {
        for (int64_t i = 0; i < n; ++i) acc = round_to<S>(acc + ld(row + i * s));
      }
    }
  });
  return acc;
}

// Calls f(pa, pb) over `shape` for two operands with their own byte strides.
template <class F>
void odometer2(const Shape& shape, const std::vector<int64_t>& sa, const std::vector<int64_t>& sb,
               char* a, char* b, F&& f) {
  for (int64_t d : shape)
    if (d == 0) return;
  const int64_t nd = static_cast<int64_t>(shape.size());
  std::vector<int64_t> idx(nd, 0);
  while (true) {
    f(a, b);
    int64_t d = nd - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < shape[d]) { a += sa[d]; b += sb[d]; break; }
      a -= sa[d] * (shape[d] - 1);
      b -= sb[d] * (shape[d] - 1);
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

// Sums (or multiplies) the plan's elements of x (dtype S, already the accumulation dtype) into a
// new tensor of dtype S, rounding as NumPy does (see Plan::inner_contig).
Tensor sum_prod(const Tensor& x, const Plan& p, bool prod);
// A copy (cast to d) whose axes keep x's memory order, as NumPy's order='K' copies and casts do;
// the order decides how NumPy rounds float16 and bfloat16 sums. cast_keep_layout: x if d matches.
Tensor copy_keep_layout(const Tensor& x, DType d);
Tensor cast_keep_layout(const Tensor& x, DType d);
// Whether NumPy's nansum/nanmean treat d as inexact. ml_dtypes' bfloat16 is not a subclass of
// np.inexact, so NumPy sums its NaNs (nansum -> nan) and nanmean is mean for it.
bool nan_aware(DType d);
// x with NaNs (either part, for complex) replaced by zero, in x's memory order, on the host (a
// GPU's reductions use where() instead); x itself when !nan_aware(x.dtype()).
Tensor zero_nans(const Tensor& x);

// cumsum (prod false) / cumprod (prod true) with their derivatives, errors naming `op` (cumsum,
// cumprod, or the Array API's cumulative_sum / cumulative_prod that call them).
Tensor accumulate(const Tensor& x, std::optional<int64_t> axis, std::optional<DType> dtype, const OutArg& out,
                  bool prod, const char* op);

// ---- autograd helpers for the reductions' derivatives ----
// g (the gradient of a reduction of an `xshape` input over `axis`) with the reduced axes put back
// (size 1 when !keepdims) and broadcast to xshape.
Tensor expand_reduced(const Tensor& g, const Shape& xshape, const Axes& axis, bool keepdims, const char* op);
// The number of elements reduced into each output.
int64_t reduced_count(const Shape& xshape, const Axes& axis, const char* op);

}  // namespace parity::reduce

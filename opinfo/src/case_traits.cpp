// Case traits that declared discrepancies are scoped by, and the discrepancies that hold for
// every op. A trait names a property of a case's inputs, not of an op, so one declaration covers
// the suites' samples and the fuzzer's generated cases alike. Traits decide which declarations
// excuse a case, so they are part of the judge: they read values through judge_values.h and call
// no engine op (a bug in isnan or divide cannot excuse itself).
#include <algorithm>
#include <complex>
#include <cmath>
#include <limits>
#include <optional>

#include "extreme_values.h"
#include "families.h"
#include "parity/judge_values.h"
#include "parity/opinfo.h"

namespace parity::opinfo {

namespace {

using judge::element;

bool has_nan(std::complex<double> z) { return std::isnan(z.real()) || std::isnan(z.imag()); }

// The integer range a float value must fall in (after truncation) to convert to `to` exactly.
bool out_of_range(double v, DType to) {
  if (!std::isfinite(v)) return true;
  const double t = std::trunc(v);
  switch (to) {
    case DType::Int8: return t < -128 || t > 127;
    case DType::Int16: return t < -32768 || t > 32767;
    case DType::Int32: return t < -2147483648.0 || t > 2147483647.0;
    case DType::Int64: return t < -0x1p63 || t >= 0x1p63;
    case DType::UInt8: return t < 0 || t > 255;
    case DType::UInt16: return t < 0 || t > 65535;
    case DType::UInt32: return t < 0 || t > 4294967295.0;
    case DType::UInt64: return t < 0 || t >= 0x1p64;
    default: return false;
  }
}

bool has_out_of_range(const Tensor& t, DType to) {
  if (!is_inexact(t.dtype())) return false;
  for (int64_t i = 0; i < t.size(); ++i)
    if (out_of_range(element(t, i).real(), to)) return true;
  return false;
}

double max_dtype_value(DType d) {
  switch (d) {
    case DType::Float16: return 65504.0;
    case DType::BFloat16: case DType::Float32: case DType::Complex64: return 3.4028234663852886e38;
    default: return 1.7976931348623157e308;
  }
}

// Largest |part| of an inexact tensor's elements (inf when any is inf or NaN); 0 otherwise.
double max_abs(const Tensor& t) {
  if (!t.defined() || !is_inexact(t.dtype())) return 0;
  double m = 0;
  for (int64_t i = 0; i < t.size(); ++i) {
    const std::complex<double> z = element(t, i);
    for (double v : {z.real(), z.imag()}) {
      if (!std::isfinite(v)) return std::numeric_limits<double>::infinity();
      m = std::max(m, std::fabs(v));
    }
  }
  return m;
}

// A NaN or infinity, or a nonzero |part| outside [2^-20, 2^20], in any numeric tensor argument;
// in a float or complex argument also an exact 0, 0.5 or 1 (the fuzzer's specials: matrices of
// them are exactly singular or defective more often than not).
bool extreme_values(const std::vector<ArrayLike>& args) {
  for (const ArrayLike& a : args) {
    if (!a.is_tensor() || !a.tensor().defined() || a.tensor().size() == 0 || a.tensor().dtype() == DType::Bool) continue;
    const Tensor& t = a.tensor();
    const bool inexact = is_inexact(t.dtype()), cx = is_complex(t.dtype());
    for (int64_t i = 0; i < t.size(); ++i) {
      const std::complex<double> z = element(t, i);
      for (int part = 0; part < (cx ? 2 : 1); ++part) {
        const double v = std::fabs(part ? z.imag() : z.real());
        if (!std::isfinite(v) || (v != 0 && (v < 0x1p-20 || v > 0x1p20))) return true;
        if (inexact && (v == 0 || v == 0.5 || v == 1)) return true;
      }
    }
  }
  // two equal rows or two equal columns in one matrix (broadcast layouts, shrunk cases): singular
  for (const ArrayLike& a : args) {
    if (!a.is_tensor() || !a.tensor().defined() || a.tensor().ndim() < 2 || a.tensor().size() == 0) continue;
    const Tensor& t = a.tensor();
    const int64_t r = t.shape(-2), c = t.shape(-1), nb = t.size() / (r * c);
    std::vector<std::complex<double>> m(static_cast<size_t>(r * c));
    for (int64_t b = 0; b < nb; ++b) {
      for (int64_t k = 0; k < r * c; ++k) m[static_cast<size_t>(k)] = element(t, b * r * c + k);
      for (int64_t i = 0; i < r; ++i)
        for (int64_t j = i + 1; j < r; ++j)
          if (c > 0 && std::equal(m.begin() + i * c, m.begin() + i * c + c, m.begin() + j * c)) return true;
      for (int64_t i = 0; i < c; ++i)
        for (int64_t j = i + 1; j < c; ++j) {
          bool same = r > 0;
          for (int64_t k = 0; k < r && same; ++k) same = m[static_cast<size_t>(k * c + i)] == m[static_cast<size_t>(k * c + j)];
          if (same) return true;
        }
    }
  }
  return false;
}

// The shape two arguments broadcast to (NumPy's rule); nullopt if they do not.
std::optional<Shape> broadcast_shape(const ArrayLike& a, const ArrayLike& b) {
  const Shape sa = a.is_tensor() ? a.tensor().shape() : Shape{}, sb = b.is_tensor() ? b.tensor().shape() : Shape{};
  Shape s(std::max(sa.size(), sb.size()), 1);
  for (size_t k = 0; k < s.size(); ++k) {
    const int64_t x = k < sa.size() ? sa[sa.size() - 1 - k] : 1, y = k < sb.size() ? sb[sb.size() - 1 - k] : 1;
    if (x != y && x != 1 && y != 1) return std::nullopt;
    s[s.size() - 1 - k] = x == 1 ? y : x;
  }
  return s;
}

// The real value of `a` at the i-th element (C order) of its broadcast to `shape`.
double broadcast_real(const ArrayLike& a, const Shape& shape, int64_t i) {
  if (!a.is_tensor()) return a.scalar().as_double();
  const Tensor& t = a.tensor();
  const Shape& ts = t.shape();
  int64_t src = 0, stride = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    const int64_t idx = i % shape[k];
    i /= shape[k];
    const size_t tk = k + ts.size() - shape.size();
    if (k + ts.size() < shape.size()) break;  // t has no such axis
    if (ts[tk] != 1) src += idx * stride;
    stride *= ts[tk];
  }
  return element(t, src).real();
}

// fmod / remainder / floor_divide at a point where a/b is an integer (within the largest
// finite-difference step, 1e-4): |a - rint(a/b) * b| small, in double for real operands.
bool at_jump(const ArrayLike& a, const ArrayLike& b) {
  for (const ArrayLike* x : {&a, &b}) {
    if (x->is_tensor() ? !x->tensor().defined() || is_complex(x->tensor().dtype())
                       : x->scalar().type == Scalar::Type::Complex)
      return false;
  }
  const std::optional<Shape> s = broadcast_shape(a, b);
  if (!s) return false;
  int64_t n = 1;
  for (int64_t d : *s) n *= d;
  for (int64_t i = 0; i < n; ++i) {
    const double x = broadcast_real(a, *s, i), y = broadcast_real(b, *s, i);
    const double d = x - std::rint(x / y) * y;
    if (std::isfinite(d) && std::fabs(d) <= 1e-4 * std::max(1.0, std::fabs(x))) return true;
  }
  return false;
}

// How many elements are NaN (either part), counting up to `enough`.
int64_t nan_count(const Tensor& t, int64_t enough) {
  int64_t n = 0;
  for (int64_t i = 0; i < t.size() && n < enough; ++i) n += has_nan(element(t, i));
  return n;
}

}  // namespace

std::vector<std::string> case_traits(const SampleInput& in, const Tensor& out, const Tensor& natural) {
  std::vector<std::string> traits;
  if (extreme_values(in.args)) traits.emplace_back(kExtremeValues);
  // Products that overflow (or inf/nan factors): |a| * |b| past the dtype's largest value, for the
  // two largest factors among the tensor arguments (squares included).
  {
    std::vector<double> m;
    double lim = 0;
    for (const ArrayLike& a : in.args)
      if (a.is_tensor() && a.tensor().defined() && is_inexact(a.tensor().dtype())) {
        m.push_back(max_abs(a.tensor()));
        lim = std::max(lim, max_dtype_value(a.tensor().dtype()));
      }
    if (!m.empty()) {
      std::sort(m.rbegin(), m.rend());
      const double a = m[0], b = m.size() > 1 ? m[1] : m[0];
      int64_t n = 1;  // a sum of up to n such products
      for (const ArrayLike& x : in.args)
        if (x.is_tensor() && x.tensor().defined()) n = std::max(n, x.tensor().size());
      if (std::isinf(a) ||
          (a > 0 && b > 0 && std::log2(a) + std::log2(b) + std::log2(static_cast<double>(n)) > std::log2(lim)))
        traits.emplace_back(kProductOverflow);
    }
  }
  for (const ArrayLike& a : in.args)
    if (a.is_tensor() ? a.tensor().defined() && is_complex(a.tensor().dtype()) : a.scalar().type == Scalar::Type::Complex) {
      traits.emplace_back(kComplexOperand);
      break;
    }
  if (!in.args.empty() && in.args[0].is_tensor() && in.args[0].tensor().defined()) {
    const Tensor& t = in.args[0].tensor();
    // (float16 too: mean accumulates it in a float32 loop, so a float16 out= is another dtype)
    if (out.defined() && ((natural.defined() && natural.dtype() != out.dtype()) || out.dtype() == DType::Float16)) {
      traits.emplace_back(kOutCastPartials);
    }
    if (!t.is_contiguous()) traits.emplace_back(kReducedLayout);
    // Where NumPy's unstable sorts may order NaNs among themselves as they like.
    if (is_inexact(t.dtype()) && nan_count(t, 2) > 1) traits.emplace_back(kSeveralNaNs);
  }
  for (const ArrayLike& a : in.args)
    if (a.is_tensor() && a.tensor().defined() && is_inexact(a.tensor().dtype()) && nan_count(a.tensor(), 1) > 0) {
      traits.emplace_back(kAnyNaN);
      break;
    }
  // fmod / remainder / floor_divide at a point where a/b is an integer: their derivative jumps.
  if (in.args.size() >= 2 && at_jump(in.args[0], in.args[1])) traits.emplace_back(kAtJump);
  // An out= of an integer dtype receiving NaN, inf or out-of-range values; or uint64 out= with a
  // negative signed input, which NumPy's loop takes through float64.
  if (out.defined() && is_integer(out.dtype())) {
    bool ub = natural.defined() && has_out_of_range(natural, out.dtype());
    if (out.dtype() == DType::UInt64)
      for (const ArrayLike& a : in.args)
        if (a.is_tensor() && a.tensor().defined() && is_integer(a.tensor().dtype()) &&
            !is_unsigned_int(a.tensor().dtype()))
          for (int64_t i = 0; i < a.tensor().size() && !ub; ++i) ub = element(a.tensor(), i).real() < 0;
    if (ub) traits.emplace_back(kFloatToIntOutOfRange);
  }
  bool bf16_in = false, other_in = false, py_float = false, py_scalar = false;
  for (const ArrayLike& a : in.args) {
    if (a.is_tensor()) {
      if (!a.tensor().defined()) continue;
      (a.tensor().dtype() == DType::BFloat16 ? bf16_in : other_in) = true;
    } else {
      py_scalar = true;
      py_float = py_float || a.scalar().type == Scalar::Type::Float || a.scalar().type == Scalar::Type::Complex;
    }
  }
  if (bf16_in && other_in && py_scalar) traits.emplace_back(kBf16MixedScalar);
  const bool bf16_out = out.defined() && out.dtype() == DType::BFloat16;
  if ((bf16_in || bf16_out) && py_float) traits.emplace_back(kBf16PythonFloat);
  if (out.defined() && bf16_out != bf16_in) traits.emplace_back(kBf16MixedOut);
  // round(int, decimals < 0) goes through float64 and casts back: 4294967295 rounds to
  // 4294967300.0, which uint32 cannot hold.
  if (const KwValue* k = find_kwarg(in.kwargs, "decimals"); k && std::holds_alternative<int64_t>(*k)) {
    const int64_t dec = std::get<int64_t>(*k);
    if (dec < 0 && dec > -20 && !in.args.empty() && in.args[0].is_tensor() && in.args[0].tensor().defined() &&
        is_integer(in.args[0].tensor().dtype())) {
      const Tensor& t = in.args[0].tensor();
      const double p = std::pow(10.0, static_cast<double>(-dec));
      for (int64_t i = 0; i < t.size(); ++i)
        if (out_of_range(std::nearbyint(element(t, i).real() / p) * p, t.dtype())) {
          traits.emplace_back(kFloatToIntOutOfRange);
          break;
        }
    }
  }
  if (const KwValue* k = find_kwarg(in.kwargs, "dtype"); k && std::holds_alternative<DType>(*k)) {
    const DType to = std::get<DType>(*k);
    if (is_integer(to))
      for (const ArrayLike& a : in.args)
        if (a.is_tensor() && a.tensor().defined() && has_out_of_range(a.tensor(), to)) {
          traits.emplace_back(kFloatToIntOutOfRange);
          break;
        }
  }
  return traits;
}

const std::vector<Discrepancy>& global_discrepancies() {
  static const std::vector<Discrepancy> list = {
      {Discrepancy::Kind::differs, {}, {}, "a bfloat16 operand with a Python float keeps bfloat16",
       "NEP 50 keeps a float array's dtype against a weak Python float (float16 + 2.5 is float16); the engine "
       "applies that to bfloat16 too, as JAX and PyTorch do. ml_dtypes' bfloat16 is a legacy user dtype that "
       "NumPy cannot promote weakly: its ufuncs pick a float32 loop (bfloat16 + 2.5 is float32), np.where and "
       "np.result_type give float64, and a Python complex gives complex64",
       "", kBf16PythonFloat},
      {Discrepancy::Kind::differs, {}, {}, "bfloat16 and another array dtype with a Python scalar: the engine's loop",
       "for ml_dtypes' bfloat16 NumPy still searches loops with legacy value-based scalars: clip(int8, bfloat16, 0) "
       "runs in float32 but clip(int8, bfloat16, 100000) in bfloat16; the engine promotes the weak scalar with the "
       "arrays as NEP 50 does for NumPy's own dtypes",
       "", kBf16MixedScalar},
      {Discrepancy::Kind::differs, {}, {}, "out= of bfloat16 with other inputs (or the reverse) uses the inputs' loop",
       "the engine picks the loop from the inputs and casts into out=, as NumPy does for its own dtypes; for "
       "ml_dtypes' bfloat16 (a legacy user dtype) NumPy's dispatcher also matches the out= dtype against the "
       "registered bfloat16 loops, so e.g. floor_divide(int8, bool, out=bfloat16) runs in bfloat16 (0 // 0 is "
       "nan) and fmin(bfloat16, bfloat16, out=float16) is allowed",
       "", kBf16MixedOut},
      {Discrepancy::Kind::differs, {}, {}, "NaN, inf or out-of-range floats cast to an integer dtype",
       "C leaves the conversion undefined and NumPy's result depends on its code path: "
       "np.full(n, 4294967300.0).astype(np.uint32) is 4 for n < 16 and 0 for n >= 16 (SIMD), NaN to uint32 "
       "is 0 or 2147483648 likewise; the engine gives one fixed x86 result",
       "", kFloatToIntOutOfRange},
  };
  return list;
}

void add_trait_discrepancies(std::vector<OpInfo>& db) {
  for (OpInfo& op : db) {
    if (op.products)
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {}, {"Fuzz"}, "which of inf and nan an overflowing product gives",
           "where products overflow or meet inf/nan, the result (inf, -inf or nan; for complex, which part) "
           "depends on the order and fusing of the operations, and NumPy's depends on the loop it runs: OpenBLAS "
           "picks its kernel by shape and stride (vector @ matrix gives [inf, 0] where matrix @ vector gives "
           "[nan, 0] on the same float32 data), complex multiply fuses (fma) in its SIMD loop but not in its "
           "scalar fallback (one-element in-place calls, negative strides); the engine fixes one order",
           "", kProductOverflow});
    if (op.family == "reduction" && op.has_variant(Variant::out))
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {}, {"Fuzz"}, "partial results kept in the loop dtype",
           "reducing into an out= of another dtype, NumPy starts from the first elements cast into out and, "
           "over several axes, its buffered iterator writes partial results into out and reads them back, so "
           "they are truncated or wrapped mid-reduction (sum of uint32 into bool starts from True; max over "
           "int32 into int16 compares wrapped partials); the engine keeps them in the loop dtype and casts once",
           "", kOutCastPartials});
    if (op.jumps)
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {}, {"FuzzGrad"}, "the gradient at a jump",
           "where a/b is an integer, trunc(a/b) or floor(a/b) jumps, so the function has no derivative there "
           "and central differences measure the jump; the engine gives PyTorch's one-sided formula",
           "", kAtJump});
    if (op.accumulates)
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {}, {"Fuzz"}, "the accumulation order over an input not in C order",
           "NumPy's iterator orders axes by memory layout (keeping stride-0 axes in place, walking negative "
           "strides in memory order) and buffers partial results, so its float sums over a transposed, strided "
           "or broadcast view add in another order than over the same values in C order: NumPy's own result "
           "depends on the layout, visibly with float16/bfloat16 accumulation, cancellation or overflow. The "
           "engine's order is fixed by its own iterator; the Noncontiguous suite checks that its layouts agree "
           "with the contiguous result and with NumPy on the suites' samples",
           "", kReducedLayout});
  }
}

}  // namespace parity::opinfo

// Case traits that declared discrepancies are scoped by, and the discrepancies that hold for
// every op. A trait names a property of a case's inputs, not of an op, so one declaration covers
// the suites' samples and the fuzzer's generated cases alike.
#include <cmath>

#include "parity/ops.h"
#include "parity/opinfo.h"

namespace parity::opinfo {

namespace {

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
  if (!is_inexact(t.dtype()) || t.size() == 0) return false;
  Tensor f = (is_complex(t.dtype()) ? t.real() : t).astype(DType::Float64).copy();
  const double* p = f.data<double>();
  for (int64_t i = 0; i < f.size(); ++i)
    if (out_of_range(p[i], to)) return true;
  return false;
}

}  // namespace

std::vector<std::string> case_traits(const SampleInput& in, const Tensor& out) {
  std::vector<std::string> traits;
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
      Tensor f = t.astype(DType::Float64).copy();
      double* v = f.data<double>();
      for (int64_t i = 0; i < f.size(); ++i) v[i] = std::nearbyint(v[i] / p) * p;
      if (has_out_of_range(f, t.dtype())) traits.emplace_back(kFloatToIntOutOfRange);
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

}  // namespace parity::opinfo

#include "parity/compare.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "parity/judge_values.h"

namespace parity {

Tolerance default_tolerance(DType d) {
  // One table for every op (PyTorch's defaults); an op loosens it only in its OpInfo entry.
  switch (d) {
    case DType::Float16: return {1e-3, 1e-5};
    case DType::BFloat16: return {1.6e-2, 1e-5};
    case DType::Float32: case DType::Complex64: return {1.3e-6, 1e-5};
    case DType::Float64: case DType::Complex128: return {1e-7, 1e-7};
    default: return {0, 0};
  }
}

Verdict compare_devices(const Outcome& gpu, const Outcome& cpu, Tolerance tol, Device device,
                        std::optional<DType> computed_in) {
  return as_device_verdict(compare(gpu, cpu, tol, computed_in), device);
}

Verdict as_device_verdict(Verdict v, Device device) {
  if (v.match() || v.kind == Mismatch::crash) return v;
  // compare() words it as engine vs NumPy: here the GPU is the engine and the CPU the reference.
  auto swap_words = [&](std::string s) {
    for (auto [from, to] : {std::pair<std::string, std::string>{"NumPy", "cpu"}, {"engine", to_string(device)}})
      for (size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
    return s;
  };
  v.detail = std::string(to_string(v.kind)) + " differs between " + to_string(device) + " and cpu: " + swap_words(v.detail);
  v.kind = Mismatch::device;
  return v;
}

const char* to_string(Mismatch m) {
  switch (m) {
    case Mismatch::none: return "match";
    case Mismatch::value: return "value";
    case Mismatch::dtype: return "dtype";
    case Mismatch::shape: return "shape";
    case Mismatch::error: return "error";
    case Mismatch::crash: return "crash";
    case Mismatch::grad: return "grad";
    case Mismatch::device: return "device";
    case Mismatch::nonfinite: return "nonfinite";
    case Mismatch::integer: return "integer";
    case Mismatch::ordering: return "ordering";
    case Mismatch::error_class: return "error_class";
    case Mismatch::aliasing: return "aliasing";
    case Mismatch::signed_zero: return "signed_zero";
    case Mismatch::warning: return "warning";
  }
  return "?";
}

namespace {
// Position of v on the line of a binary format's values, counted from +0 (negative for negative v):
// p significand bits (with the implicit one), exponents emin..emax. Exact for representable values
// of the small formats (every ordinal fits a double); values between two get a fraction.
double ordinal(double v, int p, int emin, int emax) {
  const double half = std::ldexp(1.0, p - 1);  // values per binade
  const double inf_ord = (emax - emin + 2) * half;
  const double m = std::fabs(v);
  double o;
  if (m == 0) {
    o = 0;
  } else if (std::isinf(m)) {
    o = inf_ord;
  } else {
    int E = 0;
    std::frexp(m, &E);  // m = f * 2^E, f in [0.5, 1)
    const int q = std::max(E - 1, emin);  // subnormals share emin's spacing
    o = std::min(inf_ord, std::ldexp(m, -(q - p + 1)) + (q - emin) * half);
  }
  return std::signbit(v) ? -o : o;
}

// float64: the bit pattern is the ordinal (exact; doubles cannot hold every one).
int64_t ordinal64(double v) {
  int64_t i;
  std::memcpy(&i, &v, 8);
  return i < 0 ? -(i & 0x7fffffffffffffffLL) : i;
}

// Significand bits, so that the format with fewer is the coarser one.
int precision_bits(DType d) {
  switch (real_dtype(d)) {
    case DType::BFloat16: return 8;
    case DType::Float16: return 11;
    case DType::Float32: return 24;
    default: return 53;
  }
}
}  // namespace

DType ulp_dtype(DType result, DType computed_in) {
  if (!is_inexact(result)) return result;
  const DType r = real_dtype(result);
  if (!is_inexact(computed_in)) return r;
  const DType c = real_dtype(computed_in);
  return precision_bits(c) < precision_bits(r) ? c : r;
}

double ulp_distance(double a, double b, DType d) {
  if (a == b) return 0;  // +0 == -0
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : std::numeric_limits<double>::infinity();
  switch (real_dtype(d)) {
    case DType::Float16: return std::fabs(ordinal(a, 11, -14, 15) - ordinal(b, 11, -14, 15));
    case DType::BFloat16: return std::fabs(ordinal(a, 8, -126, 127) - ordinal(b, 8, -126, 127));
    case DType::Float32: return std::fabs(ordinal(a, 24, -126, 127) - ordinal(b, 24, -126, 127));
    default: break;
  }
  const int64_t oa = ordinal64(a), ob = ordinal64(b);
  if ((oa < 0) != (ob < 0)) return std::fabs(static_cast<double>(oa)) + std::fabs(static_cast<double>(ob));
  return static_cast<double>(oa > ob ? oa - ob : ob - oa);
}

double ulp_distance(std::complex<double> a, std::complex<double> b, DType d) {
  return std::max(ulp_distance(a.real(), b.real(), d), ulp_distance(a.imag(), b.imag(), d));
}

namespace {
// `scale`: for complex parts, |w| of the whole element (as np.allclose and torch's assert_close
// measure complex numbers), so the small part of a large value is held to the value's precision.
// `ud`: the dtype whose steps count the ULP distance (ulp_dtype).
void compare_real(const std::vector<double>& g, const std::vector<double>& w, DType d, DType ud, Tolerance tol,
                  const char* part, Verdict& v, const std::vector<double>* scale = nullptr) {
  const bool exact = !is_inexact(d);
  v.has_ulp = v.has_ulp || !exact;
  for (size_t i = 0; i < g.size(); ++i) {
    double a = g[i], b = w[i];
    bool ok;
    if (!exact) v.max_ulp = std::max(v.max_ulp, ulp_distance(a, b, ud));  // NaN vs number: inf
    if (std::isnan(a) || std::isnan(b)) ok = std::isnan(a) && std::isnan(b);
    else if (std::isinf(a) || std::isinf(b)) ok = a == b;
    else if (exact) ok = a == b;
    else {
      double diff = std::fabs(a - b);
      v.max_abs = std::max(v.max_abs, diff);
      if (b != 0) v.max_rel = std::max(v.max_rel, diff / std::fabs(b));
      const double sc = scale && std::isfinite((*scale)[i]) ? std::max((*scale)[i], std::fabs(b)) : std::fabs(b);
      ok = diff <= tol.atol + tol.rtol * sc;
    }
    if (!ok && v.kind == Mismatch::none) {
      v.kind = Mismatch::value;
      std::ostringstream os;
      os.precision(17);
      os << "element " << i << part << ": got " << a << ", NumPy " << b;
      v.detail = os.str();
    }
  }
}
}  // namespace

Verdict compare(const Outcome& got, const Outcome& want, Tolerance tol, std::optional<DType> computed_in) {
  Verdict v;
  if (got.crashed) {
    v.kind = Mismatch::crash;
    v.detail = "engine crashed: " + got.error_class + ": " + got.error_message;
    return v;
  }
  if (got.error || want.error) {
    if (got.error && want.error) {
      if (!want.raised(got.error_class)) {
        v.kind = Mismatch::error;
        v.detail = "engine raised " + got.error_class + ", NumPy raised " + want.error_class + ": " + want.error_message;
      }
    } else {
      v.kind = Mismatch::error;
      v.detail = got.error ? "engine raised " + got.error_class + ": " + got.error_message + "; NumPy returned " + describe(want, 8)
                           : "NumPy raised " + want.error_class + ": " + want.error_message + "; engine returned " + describe(got, 8);
    }
    return v;
  }
  if (got.values.size() != want.values.size()) {
    v.kind = Mismatch::shape;
    v.detail = "engine returned " + std::to_string(got.values.size()) + " arrays, NumPy " + std::to_string(want.values.size());
    return v;
  }
  for (size_t k = 0; k < got.values.size(); ++k) {
    const Tensor& g = got.values[k];
    const Tensor& w = want.values[k];
    if (g.dtype() != w.dtype()) {
      v.kind = Mismatch::dtype;
      v.detail = std::string("result dtype ") + name(g.dtype()) + ", NumPy " + name(w.dtype());
      return v;
    }
    if (g.shape() != w.shape()) {
      v.kind = Mismatch::shape;
      v.detail = "result shape " + shape_str(g.shape()) + ", NumPy " + shape_str(w.shape());
      return v;
    }
    const DType ud = ulp_dtype(g.dtype(), computed_in.value_or(g.dtype()));
    // Elements are read from memory (parity/judge_values.h): the judge calls no engine op.
    if (!is_inexact(g.dtype())) {  // bitwise: doubles cannot hold every int64
      for (int64_t i = 0; i < g.size(); ++i) {
        if (!judge::same_bytes(g, w, i)) {
          v.kind = Mismatch::value;
          v.detail = "element " + std::to_string(i) + ": got " + judge::element_repr(g, i) + ", NumPy " +
                     judge::element_repr(w, i);
          return v;
        }
      }
    } else if (is_complex(g.dtype())) {
      const std::vector<double> wr = judge::parts(w, false), wi = judge::parts(w, true);
      std::vector<double> mag(wr.size());
      for (size_t i = 0; i < wr.size(); ++i) mag[i] = std::hypot(wr[i], wi[i]);
      compare_real(judge::parts(g, false), wr, g.dtype(), ud, tol, " (real)", v, &mag);
      compare_real(judge::parts(g, true), wi, g.dtype(), ud, tol, " (imag)", v, &mag);
    } else {
      compare_real(judge::parts(g, false), judge::parts(w, false), g.dtype(), ud, tol, "", v);
    }
  }
  return v;
}

}  // namespace parity

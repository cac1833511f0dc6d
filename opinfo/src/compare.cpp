#include "parity/compare.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

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

const char* to_string(Mismatch m) {
  switch (m) {
    case Mismatch::none: return "match";
    case Mismatch::value: return "value";
    case Mismatch::dtype: return "dtype";
    case Mismatch::shape: return "shape";
    case Mismatch::error: return "error";
    case Mismatch::crash: return "crash";
    case Mismatch::grad: return "grad";
  }
  return "?";
}

namespace {
// Position of a double on the integer line of the dtype's representable values.
int64_t ordinal(double v, DType d) {
  if (d == DType::Float32 || d == DType::Complex64 || d == DType::Float16 || d == DType::BFloat16) {
    float f = static_cast<float>(v);
    int32_t i;
    std::memcpy(&i, &f, 4);
    int64_t o = i < 0 ? -static_cast<int64_t>(i & 0x7fffffff) : i;
    // float16 / bfloat16 have 13 / 16 fewer mantissa bits than float
    if (d == DType::Float16) o /= (1 << 13);
    if (d == DType::BFloat16) o /= (1 << 16);
    return o;
  }
  int64_t i;
  std::memcpy(&i, &v, 8);
  return i < 0 ? -(i & 0x7fffffffffffffffLL) : i;
}
}  // namespace

double ulp_distance(double a, double b, DType d) {
  if (a == b) return 0;
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::infinity();
  return std::fabs(static_cast<double>(ordinal(a, d) - ordinal(b, d)));
}

namespace {
// `scale`: for complex parts, |w| of the whole element (as np.allclose and torch's assert_close
// measure complex numbers), so the small part of a large value is held to the value's precision.
void compare_real(const std::vector<double>& g, const std::vector<double>& w, DType d, Tolerance tol,
                  const char* part, Verdict& v, const std::vector<double>* scale = nullptr) {
  const bool exact = !is_inexact(d);
  for (size_t i = 0; i < g.size(); ++i) {
    double a = g[i], b = w[i];
    bool ok;
    if (std::isnan(a) || std::isnan(b)) ok = std::isnan(a) && std::isnan(b);
    else if (std::isinf(a) || std::isinf(b)) ok = a == b;
    else if (exact) ok = a == b;
    else {
      double diff = std::fabs(a - b);
      v.max_abs = std::max(v.max_abs, diff);
      if (b != 0) v.max_rel = std::max(v.max_rel, diff / std::fabs(b));
      v.max_ulp = std::max(v.max_ulp, ulp_distance(a, b, d));
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

Verdict compare(const Outcome& got, const Outcome& want, Tolerance tol) {
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
    if (!is_inexact(g.dtype())) {  // bitwise: doubles cannot hold every int64
      Tensor gc = g.contiguous(), wc = w.contiguous();
      const auto* a = static_cast<const unsigned char*>(gc.data_ptr());
      const auto* b = static_cast<const unsigned char*>(wc.data_ptr());
      const int64_t n = g.size(), is = g.itemsize();
      for (int64_t i = 0; i < n; ++i) {
        if (std::memcmp(a + i * is, b + i * is, static_cast<size_t>(is)) != 0) {
          v.kind = Mismatch::value;
          v.detail = "element " + std::to_string(i) + ": got " + g.reshape({-1})[i].repr() + ", NumPy " +
                     w.reshape({-1})[i].repr();
          return v;
        }
      }
    } else if (is_complex(g.dtype())) {
      const std::vector<double> wr = w.real().to_double_vector(), wi = w.imag().to_double_vector();
      std::vector<double> mag(wr.size());
      for (size_t i = 0; i < wr.size(); ++i) mag[i] = std::hypot(wr[i], wi[i]);
      compare_real(g.real().to_double_vector(), wr, g.dtype(), tol, " (real)", v, &mag);
      compare_real(g.imag().to_double_vector(), wi, g.dtype(), tol, " (imag)", v, &mag);
    } else {
      compare_real(g.to_double_vector(), w.to_double_vector(), g.dtype(), tol, "", v);
    }
  }
  return v;
}

}  // namespace parity

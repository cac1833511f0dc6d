// Reads tensors for the judge without the engine's ops (parity/judge_values.h): addresses from the
// shape and element strides, values decoded here.
#include "parity/judge_values.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace parity::judge {

namespace {
// The address of the i-th element in C order.
const unsigned char* address(const Tensor& t, int64_t i) {
  const auto* base = static_cast<const unsigned char*>(t.data_ptr());
  const Shape& sh = t.shape();
  const Strides& st = t.strides();
  int64_t off = 0;
  for (size_t k = sh.size(); k-- > 0;) {
    const int64_t n = sh[k];
    off += (i % n) * st[k];
    i /= n;
  }
  return base + off * t.itemsize();
}

template <class T> T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// IEEE binary16: sign, 5 exponent bits (bias 15), 10 fraction bits.
double half_to_double(uint16_t h) {
  const int sign = h >> 15, exp = (h >> 10) & 0x1f, frac = h & 0x3ff;
  double v;
  if (exp == 0) v = std::ldexp(static_cast<double>(frac), -24);  // subnormal (and zero)
  else if (exp == 31) v = frac ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else v = std::ldexp(static_cast<double>(frac | 0x400), exp - 25);
  return sign ? -v : v;
}

// bfloat16: the upper half of a float32.
double bf16_to_double(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
}  // namespace

std::complex<double> element(const Tensor& t, int64_t i) {
  const unsigned char* p = address(t, i);
  switch (t.dtype()) {
    case DType::Bool: return *p != 0 ? 1.0 : 0.0;
    case DType::Int8: return static_cast<double>(load<int8_t>(p));
    case DType::Int16: return static_cast<double>(load<int16_t>(p));
    case DType::Int32: return static_cast<double>(load<int32_t>(p));
    case DType::Int64: return static_cast<double>(load<int64_t>(p));
    case DType::UInt8: return static_cast<double>(load<uint8_t>(p));
    case DType::UInt16: return static_cast<double>(load<uint16_t>(p));
    case DType::UInt32: return static_cast<double>(load<uint32_t>(p));
    case DType::UInt64: return static_cast<double>(load<uint64_t>(p));
    case DType::Float16: return half_to_double(load<uint16_t>(p));
    case DType::BFloat16: return bf16_to_double(load<uint16_t>(p));
    case DType::Float32: return static_cast<double>(load<float>(p));
    case DType::Float64: return load<double>(p);
    case DType::Complex64: {
      const float re = load<float>(p), im = load<float>(p + sizeof(float));
      return {re, im};
    }
    case DType::Complex128: return {load<double>(p), load<double>(p + sizeof(double))};
  }
  return 0.0;
}

std::vector<double> parts(const Tensor& t, bool imag) {
  std::vector<double> out(static_cast<size_t>(t.size()));
  for (int64_t i = 0; i < t.size(); ++i) {
    const std::complex<double> z = element(t, i);
    out[static_cast<size_t>(i)] = imag ? z.imag() : z.real();
  }
  return out;
}

bool same_bytes(const Tensor& a, const Tensor& b, int64_t i) {
  return a.itemsize() == b.itemsize() && std::memcmp(address(a, i), address(b, i), static_cast<size_t>(a.itemsize())) == 0;
}

std::string element_repr(const Tensor& t, int64_t i) {
  const unsigned char* p = address(t, i);
  std::string v;
  switch (t.dtype()) {
    case DType::Bool: return *p ? "array(True)" : "array(False)";
    case DType::Int8: v = std::to_string(load<int8_t>(p)); break;
    case DType::Int16: v = std::to_string(load<int16_t>(p)); break;
    case DType::Int32: v = std::to_string(load<int32_t>(p)); break;
    case DType::Int64: return "array(" + std::to_string(load<int64_t>(p)) + ")";
    case DType::UInt8: v = std::to_string(load<uint8_t>(p)); break;
    case DType::UInt16: v = std::to_string(load<uint16_t>(p)); break;
    case DType::UInt32: v = std::to_string(load<uint32_t>(p)); break;
    case DType::UInt64: v = std::to_string(load<uint64_t>(p)); break;
    default: {  // inexact: the value's shortest round trip is not needed here (compare prints doubles)
      const std::complex<double> z = element(t, i);
      v = std::to_string(z.real());
      if (is_complex(t.dtype())) {
        if (z.imag() >= 0) v += '+';
        v += std::to_string(z.imag());
        v += 'j';
      }
    }
  }
  return "array(" + v + ", dtype=" + name(t.dtype()) + ")";
}

double max_abs(const Tensor& t) {
  double m = 0;
  for (int64_t i = 0; i < t.size(); ++i) {
    const std::complex<double> z = element(t, i);
    if (std::isnan(z.real()) || std::isnan(z.imag())) return std::numeric_limits<double>::quiet_NaN();
    m = std::max(m, is_complex(t.dtype()) ? std::abs(z) : std::fabs(z.real()));
  }
  return m;
}

}  // namespace parity::judge

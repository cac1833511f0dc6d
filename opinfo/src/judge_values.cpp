// Reads tensors for the judge without the engine's ops (parity/judge_values.h): addresses and
// values from parity/element_read.h, the memory reader gradcheck shares.
#include "parity/judge_values.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "parity/element_read.h"

namespace parity::judge {

using element_read::address;
using element_read::load;

std::complex<double> element(const Tensor& t, int64_t i) { return element_read::value(t, i); }

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

#include "parity/scalar.h"

#include <cstdio>

#include "parity/promotion.h"

namespace parity {

double Scalar::as_double() const {
  switch (type) {
    case Type::Bool: return b ? 1.0 : 0.0;
    case Type::Int: return big_uint ? static_cast<double>(u) : static_cast<double>(i);
    default: return c.real();
  }
}

std::complex<double> Scalar::as_complex() const {
  return type == Type::Complex ? c : std::complex<double>(as_double(), 0.0);
}

static std::string float_repr(double v) {
  if (v != v) return "nan";
  if (v == 1.0 / 0.0) return "inf";
  if (v == -1.0 / 0.0) return "-inf";
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {  // shortest round-trip, like Python's repr
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

std::string Scalar::repr() const {
  switch (type) {
    case Type::Bool: return b ? "True" : "False";
    case Type::Int: return big_uint ? std::to_string(u) : std::to_string(i);
    case Type::Float: return float_repr(c.real());
    case Type::Complex: {
      std::string im = float_repr(c.imag());
      if (im.size() > 2 && im.substr(im.size() - 2) == ".0") im.resize(im.size() - 2);
      if (c.real() == 0 && !std::signbit(c.real())) return im + "j";
      std::string re = float_repr(c.real());
      if (re.size() > 2 && re.substr(re.size() - 2) == ".0") re.resize(re.size() - 2);
      return "(" + re + (c.imag() >= 0 || c.imag() != c.imag() ? "+" : "") + im + "j)";
    }
  }
  return "?";
}

DType Scalar::default_dtype() const { return result_type({DTypeOperand(*this)}); }

}  // namespace parity

#pragma once
// A C++ literal passed where an array is expected. Scalars are "weak" (NEP 50): like a Python
// scalar, an int literal takes the array's integer dtype (value-checked), a double takes the
// array's float dtype, and only promotes kinds (int -> float -> complex).
#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>

#include "parity/dtype.h"

namespace parity {

struct Scalar {
  enum class Type : uint8_t { Bool, Int, Float, Complex } type = Type::Int;
  bool b = false;
  int64_t i = 0;      // for Int, when !is_big_uint
  uint64_t u = 0;     // for Int values above INT64_MAX
  bool big_uint = false;
  std::complex<double> c;  // Float keeps its value in c.real()

  Scalar() = default;
  Scalar(bool v) : type(Type::Bool), b(v) {}
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
  Scalar(I v) : type(Type::Int) {
    if constexpr (std::is_unsigned_v<I>) {
      if (static_cast<uint64_t>(v) > static_cast<uint64_t>(INT64_MAX)) { big_uint = true; u = v; return; }
    }
    i = static_cast<int64_t>(v);
  }
  Scalar(float v) : type(Type::Float), c(v, 0) {}
  Scalar(double v) : type(Type::Float), c(v, 0) {}
  template <class T> Scalar(std::complex<T> v) : type(Type::Complex), c(v) {}

  double as_double() const;
  std::complex<double> as_complex() const;
  std::string repr() const;  // Python's repr of the equivalent Python scalar
  // The dtype a NumPy array made from this scalar would get (asarray(1) -> int64 ...).
  DType default_dtype() const;
};

}  // namespace parity

#pragma once
// A tensor's elements read straight from memory by its shape and element strides and decoded
// here (float16 and bfloat16 included), without any engine op: how checks read what they judge
// (the fuzzer's judge, opinfo/src/judge_values.cpp; autograd::gradcheck), so that a bug in a
// cast or a copy cannot shape its own verdict. Host memory only: the caller moves a device tensor.
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>

#include "parity/tensor.h"

namespace parity::element_read {

// The address of the i-th element in C order.
inline const unsigned char* address(const Tensor& t, int64_t i) {
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
inline double half_to_double(uint16_t h) {
  const int sign = h >> 15, exp = (h >> 10) & 0x1f, frac = h & 0x3ff;
  double v;
  if (exp == 0) v = std::ldexp(static_cast<double>(frac), -24);  // subnormal (and zero)
  else if (exp == 31) v = frac ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else v = std::ldexp(static_cast<double>(frac | 0x400), exp - 25);
  return sign ? -v : v;
}

// bfloat16: the upper half of a float32.
inline double bf16_to_double(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// The i-th element in C order, as a complex double (exact for every dtype but 64-bit integers
// beyond 2**53).
inline std::complex<double> value(const Tensor& t, int64_t i) {
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
    case DType::Complex64: return {load<float>(p), load<float>(p + sizeof(float))};
    case DType::Complex128: return {load<double>(p), load<double>(p + sizeof(double))};
  }
  return 0.0;
}

}  // namespace parity::element_read

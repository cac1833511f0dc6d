#pragma once
// Value conversion between storage types with NumPy's casting semantics (astype, unsafe). nvcc
// compiles it for the GPU too (PARITY_HD, parity/half.h): the CUDA cast kernels call it, with
// engine/src/kernels/common.h's complex type in place of std::complex.
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "parity/dtype.h"

namespace parity {

// float -> integer as NumPy does on x86-64: out-of-range and NaN give the "integer indefinite"
// value of the 32- or 64-bit conversion, then truncation to the target width; never UB.
template <class To> PARITY_HD To float_to_int(double v) {
  if constexpr (std::is_same_v<To, uint64_t>) {
    // NumPy converts v >= 2^63 as int64(v - 2^63) + 2^63, so +inf and v >= 2^64 wrap to 0;
    // NaN and v < -2^63 give the indefinite 2^63.
    if (v >= 9223372036854775808.0) return v < 18446744073709551616.0 ? static_cast<uint64_t>(v) : 0;
    if (!(v > -9223372036854775809.0)) return static_cast<uint64_t>(INT64_MIN);
    return static_cast<uint64_t>(static_cast<int64_t>(v));
  } else if constexpr (sizeof(To) == 8 || std::is_same_v<To, uint32_t>) {
    if (!(v > -9223372036854775809.0 && v < 9223372036854775808.0)) return static_cast<To>(INT64_MIN);
    return static_cast<To>(static_cast<int64_t>(v));
  } else {
    if (!(v > -2147483649.0 && v < 2147483648.0)) return static_cast<To>(INT32_MIN);
    return static_cast<To>(static_cast<int32_t>(v));
  }
}

template <class To, class From> PARITY_HD inline To convert(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (is_complex_v<From>) {
    if constexpr (is_complex_v<To>) return To(static_cast<typename To::value_type>(v.real()),
                                              static_cast<typename To::value_type>(v.imag()));
    else if constexpr (std::is_same_v<To, bool>) return v.real() != 0 || v.imag() != 0;  // nonzero, as NumPy
    else return convert<To>(v.real());  // discards the imaginary part, as NumPy does (with a warning)
  } else if constexpr (is_half_v<From>) {
    return convert<To>(static_cast<float>(v));
  } else if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (is_complex_v<To>) {
    using R = typename To::value_type;
    return To(convert<R>(v), R(0));
  } else if constexpr (is_half_v<To>) {
    if constexpr (std::is_same_v<From, bool>) return To(v ? 1.0f : 0.0f);
    else return To(static_cast<double>(v));
  } else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
    return float_to_int<To>(static_cast<double>(v));
  } else {
    return static_cast<To>(v);  // int <-> int wraps (two's complement), int -> float rounds
  }
}

}  // namespace parity

#pragma once
// float16 (IEEE binary16) and bfloat16 storage types. Arithmetic happens in float, and results
// are rounded back to nearest-even, as NumPy's and ml_dtypes' loops do.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

// Functions that nvcc compiles for the host and the GPU (the scalar kernels in engine/src/kernels/
// and the storage types here); plain functions for other compilers.
#ifndef PARITY_HD
#ifdef __CUDACC__
#define PARITY_HD __host__ __device__
#else
#define PARITY_HD
#endif
#endif

namespace parity {

namespace detail {
#ifdef __CUDA_ARCH__
PARITY_HD inline uint32_t f32_bits(float f) { return __float_as_uint(f); }
PARITY_HD inline float bits_f32(uint32_t u) { return __uint_as_float(u); }
PARITY_HD inline uint64_t f64_bits(double f) { return static_cast<uint64_t>(__double_as_longlong(f)); }
#else
PARITY_HD inline uint32_t f32_bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
PARITY_HD inline float bits_f32(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
PARITY_HD inline uint64_t f64_bits(double f) { uint64_t u; std::memcpy(&u, &f, 8); return u; }
#endif

// Correctly rounded (nearest-even) conversion of a double to binary16 bits.
PARITY_HD inline uint16_t double_to_half_bits(double d) {
  uint64_t x = f64_bits(d);
  uint16_t sign = static_cast<uint16_t>((x >> 48) & 0x8000u);
  uint64_t ax = x & 0x7fffffffffffffffull;
  if (ax >= 0x7ff0000000000000ull) {  // inf or nan
    if (ax == 0x7ff0000000000000ull) return sign | 0x7c00u;
    return sign | 0x7e00u | static_cast<uint16_t>((ax >> 42) & 0x3ffu);
  }
  int exp = static_cast<int>(ax >> 52) - 1023;
  uint64_t mant = (ax & 0xfffffffffffffull) | (exp > -1023 ? (1ull << 52) : 0);
  if (exp >= 16) return sign | 0x7c00u;  // overflow to inf
  int shift;           // bits of mant to drop
  uint16_t hexp;       // biased half exponent of the result
  if (exp >= -14) { shift = 42; hexp = static_cast<uint16_t>(exp + 15); }
  else {               // subnormal half
    shift = 42 + (-14 - exp);
    if (shift > 63) return sign;  // rounds to zero
    hexp = 0;
  }
  uint64_t keep = mant >> shift;
  uint64_t rem = mant & ((1ull << shift) - 1);
  uint64_t half = 1ull << (shift - 1);
  if (rem > half || (rem == half && (keep & 1))) keep++;
  // keep includes the implicit bit for normals; adding exponent handles mantissa carry.
  uint32_t bits = hexp ? ((static_cast<uint32_t>(hexp - 1) << 10) + static_cast<uint32_t>(keep))
                       : static_cast<uint32_t>(keep);
  if (bits >= 0x7c00u) return sign | 0x7c00u;
  return sign | static_cast<uint16_t>(bits);
}

PARITY_HD inline float half_bits_to_float(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
  if (exp == 0x1f) return bits_f32(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    if (mant == 0) return bits_f32(sign);
#ifdef __CUDA_ARCH__
    float v = static_cast<float>(mant) * 5.9604644775390625e-08f;  // mant * 2^-24, exact
#else
    float v = std::ldexp(static_cast<float>(mant), -24);
#endif
    return sign ? -v : v;
  }
  return bits_f32(sign | ((exp + 112) << 23) | (mant << 13));
}

PARITY_HD inline uint16_t float_to_bf16_bits(float f) {
  uint32_t u = f32_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);  // quiet nan
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<uint16_t>(u >> 16);
}
}  // namespace detail

struct float16_t {
  uint16_t bits = 0;
  float16_t() = default;
  PARITY_HD float16_t(float f) : bits(detail::double_to_half_bits(static_cast<double>(f))) {}
  PARITY_HD float16_t(double d) : bits(detail::double_to_half_bits(d)) {}
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  PARITY_HD float16_t(I i) : float16_t(static_cast<double>(i)) {}
  PARITY_HD static float16_t from_bits(uint16_t b) { float16_t h; h.bits = b; return h; }
  PARITY_HD operator float() const { return detail::half_bits_to_float(bits); }
};

struct bfloat16_t {
  uint16_t bits = 0;
  bfloat16_t() = default;
  PARITY_HD bfloat16_t(float f) : bits(detail::float_to_bf16_bits(f)) {}
  PARITY_HD bfloat16_t(double d) : bfloat16_t(static_cast<float>(d)) {}
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  PARITY_HD bfloat16_t(I i) : bfloat16_t(static_cast<float>(i)) {}
  PARITY_HD static bfloat16_t from_bits(uint16_t b) { bfloat16_t h; h.bits = b; return h; }
  PARITY_HD operator float() const { return detail::bits_f32(static_cast<uint32_t>(bits) << 16); }
};

}  // namespace parity

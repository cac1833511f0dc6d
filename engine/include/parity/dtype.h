#pragma once
// Dtypes as runtime values, their C++ storage types, and dispatch over named subsets.
#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "parity/errors.h"
#include "parity/half.h"

namespace parity {

enum class DType : uint8_t {
  Bool, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64,
  Float16, BFloat16, Float32, Float64, Complex64, Complex128
};
inline constexpr int kNumDTypes = 15;
inline constexpr DType kAllDTypes[kNumDTypes] = {
    DType::Bool,    DType::Int8,     DType::Int16,   DType::Int32,   DType::Int64,
    DType::UInt8,   DType::UInt16,   DType::UInt32,  DType::UInt64,  DType::Float16,
    DType::BFloat16, DType::Float32, DType::Float64, DType::Complex64, DType::Complex128};

// NumPy-style names usable as values: parity::float32, parity::int64 ...
inline constexpr DType bool_ = DType::Bool, int8 = DType::Int8, int16 = DType::Int16,
                       int32 = DType::Int32, int64 = DType::Int64, uint8 = DType::UInt8,
                       uint16 = DType::UInt16, uint32 = DType::UInt32, uint64 = DType::UInt64,
                       float16 = DType::Float16, bfloat16 = DType::BFloat16,
                       float32 = DType::Float32, float64 = DType::Float64,
                       complex64 = DType::Complex64, complex128 = DType::Complex128;

using complex64_t = std::complex<float>;
using complex128_t = std::complex<double>;

enum class Kind : uint8_t { Bool, SignedInt, UnsignedInt, Float, Complex };

Kind kind(DType d);
inline int64_t itemsize(DType d) {  // inline: every element loop asks
  constexpr int8_t k[kNumDTypes] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 4, 8, 8, 16};
  return k[static_cast<int>(d)];
}
const char* name(DType d);            // "float32"
DType dtype_from_name(std::string_view n);  // accepts NumPy names and short codes; TypeError otherwise
inline bool is_bool(DType d) { return d == DType::Bool; }
inline bool is_signed_int(DType d) { return d >= DType::Int8 && d <= DType::Int64; }
inline bool is_unsigned_int(DType d) { return d >= DType::UInt8 && d <= DType::UInt64; }
inline bool is_integer(DType d) { return d >= DType::Int8 && d <= DType::UInt64; }
inline bool is_floating(DType d) { return d >= DType::Float16 && d <= DType::Float64; }
inline bool is_complex(DType d) { return d == DType::Complex64 || d == DType::Complex128; }
inline bool is_inexact(DType d) { return is_floating(d) || is_complex(d); }
DType real_dtype(DType d);     // complex64 -> float32; others unchanged
DType complex_dtype(DType d);  // float32/float16/bfloat16 -> complex64, float64 -> complex128

// ---- C++ storage types ----
template <DType D> struct StorageOf;
#define PARITY_STORAGE(D, T) template <> struct StorageOf<D> { using type = T; };
PARITY_STORAGE(DType::Bool, bool)
PARITY_STORAGE(DType::Int8, int8_t)
PARITY_STORAGE(DType::Int16, int16_t)
PARITY_STORAGE(DType::Int32, int32_t)
PARITY_STORAGE(DType::Int64, int64_t)
PARITY_STORAGE(DType::UInt8, uint8_t)
PARITY_STORAGE(DType::UInt16, uint16_t)
PARITY_STORAGE(DType::UInt32, uint32_t)
PARITY_STORAGE(DType::UInt64, uint64_t)
PARITY_STORAGE(DType::Float16, float16_t)
PARITY_STORAGE(DType::BFloat16, bfloat16_t)
PARITY_STORAGE(DType::Float32, float)
PARITY_STORAGE(DType::Float64, double)
PARITY_STORAGE(DType::Complex64, complex64_t)
PARITY_STORAGE(DType::Complex128, complex128_t)
#undef PARITY_STORAGE
template <DType D> using storage_t = typename StorageOf<D>::type;

template <class T> constexpr DType dtype_of() {
  if constexpr (std::is_same_v<T, bool>) return DType::Bool;
  else if constexpr (std::is_same_v<T, int8_t>) return DType::Int8;
  else if constexpr (std::is_same_v<T, int16_t>) return DType::Int16;
  else if constexpr (std::is_same_v<T, int32_t>) return DType::Int32;
  else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, long long>) return DType::Int64;
  else if constexpr (std::is_same_v<T, uint8_t>) return DType::UInt8;
  else if constexpr (std::is_same_v<T, uint16_t>) return DType::UInt16;
  else if constexpr (std::is_same_v<T, uint32_t>) return DType::UInt32;
  else if constexpr (std::is_same_v<T, uint64_t> || std::is_same_v<T, unsigned long long>) return DType::UInt64;
  else if constexpr (std::is_same_v<T, float16_t>) return DType::Float16;
  else if constexpr (std::is_same_v<T, bfloat16_t>) return DType::BFloat16;
  else if constexpr (std::is_same_v<T, float>) return DType::Float32;
  else if constexpr (std::is_same_v<T, double>) return DType::Float64;
  else if constexpr (std::is_same_v<T, complex64_t>) return DType::Complex64;
  else if constexpr (std::is_same_v<T, complex128_t>) return DType::Complex128;
  else static_assert(sizeof(T) == 0, "not a Parity storage type");
}

template <class T> inline constexpr bool is_half_v =
    std::is_same_v<T, float16_t> || std::is_same_v<T, bfloat16_t>;
template <class T> struct is_complex_t : std::false_type {};
template <class T> struct is_complex_t<std::complex<T>> : std::true_type {};
template <class T> inline constexpr bool is_complex_v = is_complex_t<T>::value;
// The type kernels compute in: float for the 16-bit floats, the storage type otherwise.
template <class T> using compute_t = std::conditional_t<is_half_v<T>, float, T>;

// ---- dispatch over named subsets ----
// A subset is a list of dtypes; dispatch<Subset>(d, op, f) calls f(Tag<T>{}) for d's storage
// type T, instantiating f only for the subset's members, and throws TypeError otherwise.
template <class T> struct Tag { using type = T; };
template <DType... Ds> struct DTypeList {};
using AllTypes = DTypeList<DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64,
                           DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64,
                           DType::Float16, DType::BFloat16, DType::Float32, DType::Float64,
                           DType::Complex64, DType::Complex128>;
using IntegerTypes = DTypeList<DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::UInt8,
                               DType::UInt16, DType::UInt32, DType::UInt64>;
using BoolIntegerTypes = DTypeList<DType::Bool, DType::Int8, DType::Int16, DType::Int32,
                                   DType::Int64, DType::UInt8, DType::UInt16, DType::UInt32,
                                   DType::UInt64>;
using FloatTypes = DTypeList<DType::Float16, DType::BFloat16, DType::Float32, DType::Float64>;
using ComplexTypes = DTypeList<DType::Complex64, DType::Complex128>;
using InexactTypes = DTypeList<DType::Float16, DType::BFloat16, DType::Float32, DType::Float64,
                               DType::Complex64, DType::Complex128>;
using RealTypes = DTypeList<DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64,
                            DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64,
                            DType::Float16, DType::BFloat16, DType::Float32, DType::Float64>;

[[noreturn]] void throw_unsupported_dtype(const char* op, DType d);

template <class F, DType First, DType... Rest>
decltype(auto) dispatch_impl(DTypeList<First, Rest...>, DType d, const char* op, F&& f) {
  if (d == First) return f(Tag<storage_t<First>>{});
  if constexpr (sizeof...(Rest) > 0) {
    return dispatch_impl(DTypeList<Rest...>{}, d, op, std::forward<F>(f));
  } else {
    throw_unsupported_dtype(op, d);
  }
}
template <class Subset, class F> decltype(auto) dispatch(DType d, const char* op, F&& f) {
  return dispatch_impl(Subset{}, d, op, std::forward<F>(f));
}

}  // namespace parity

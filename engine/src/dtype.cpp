#include "parity/dtype.h"

#include <cstring>

namespace parity {

namespace {
struct Info { const char* name; int64_t size; Kind kind; };
constexpr Info kInfo[kNumDTypes] = {
    {"bool", 1, Kind::Bool},         {"int8", 1, Kind::SignedInt},
    {"int16", 2, Kind::SignedInt},   {"int32", 4, Kind::SignedInt},
    {"int64", 8, Kind::SignedInt},   {"uint8", 1, Kind::UnsignedInt},
    {"uint16", 2, Kind::UnsignedInt}, {"uint32", 4, Kind::UnsignedInt},
    {"uint64", 8, Kind::UnsignedInt}, {"float16", 2, Kind::Float},
    {"bfloat16", 2, Kind::Float},    {"float32", 4, Kind::Float},
    {"float64", 8, Kind::Float},     {"complex64", 8, Kind::Complex},
    {"complex128", 16, Kind::Complex}};
}  // namespace

Kind kind(DType d) { return kInfo[static_cast<int>(d)].kind; }
const char* name(DType d) { return kInfo[static_cast<int>(d)].name; }

DType dtype_from_name(std::string_view n) {
  for (DType d : kAllDTypes)
    if (n == name(d)) return d;
  struct Alias { const char* a; DType d; };
  static constexpr Alias aliases[] = {
      {"?", DType::Bool},      {"b1", DType::Bool},     {"i1", DType::Int8},
      {"i2", DType::Int16},    {"i4", DType::Int32},    {"i8", DType::Int64},
      {"u1", DType::UInt8},    {"u2", DType::UInt16},   {"u4", DType::UInt32},
      {"u8", DType::UInt64},   {"f2", DType::Float16},  {"f4", DType::Float32},
      {"f8", DType::Float64},  {"c8", DType::Complex64}, {"c16", DType::Complex128},
      {"half", DType::Float16}, {"single", DType::Float32}, {"double", DType::Float64},
      {"float", DType::Float64}, {"int", DType::Int64}, {"complex", DType::Complex128},
      {"bf16", DType::BFloat16}};
  for (const auto& a : aliases)
    if (n == a.a) return a.d;
  throw TypeError("[dtype] data type '" + std::string(n) + "' not understood");
}

DType real_dtype(DType d) {
  if (d == DType::Complex64) return DType::Float32;
  if (d == DType::Complex128) return DType::Float64;
  return d;
}

DType complex_dtype(DType d) {
  switch (d) {
    case DType::Float16: case DType::BFloat16: case DType::Float32: case DType::Complex64:
      return DType::Complex64;
    default: return DType::Complex128;
  }
}

void throw_unsupported_dtype(const char* op, DType d) {
  throw TypeError(op_msg(op, std::string("not supported for dtype ") + name(d)));
}

}  // namespace parity

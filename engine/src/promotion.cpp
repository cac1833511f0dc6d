#include "parity/promotion.h"

#include "parity/op_record.h"

#include <limits>
#include <sstream>

namespace parity {

namespace {
PromotionMode g_mode = PromotionMode::numpy;
bool g_prefer_f32 = false;

// NumPy 2.2 (with ml_dtypes for bfloat16) numpy.result_type of two dtypes; xx = no common dtype.
// Order: b1 i1 i2 i4 i8 u1 u2 u4 u8 f2 bf f4 f8 c8 c16. Checked exhaustively against the oracle.
enum : int8_t { b1, i1, i2, i4, i8, u1, u2, u4, u8, f2, bf, f4, f8, c8, c16, xx = -1 };
// clang-format off
constexpr int8_t kNumpy[15][15] = {
/*b1 */ {b1,  i1,  i2,  i4,  i8,  u1,  u2,  u4,  u8,  f2,  bf,  f4,  f8,  c8,  c16},
/*i1 */ {i1,  i1,  i2,  i4,  i8,  i2,  i4,  i8,  f8,  f2,  bf,  f4,  f8,  c8,  c16},
/*i2 */ {i2,  i2,  i2,  i4,  i8,  i2,  i4,  i8,  f8,  f4,  xx,  f4,  f8,  c8,  c16},
/*i4 */ {i4,  i4,  i4,  i4,  i8,  i4,  i4,  i8,  f8,  f8,  xx,  f8,  f8,  c16, c16},
/*i8 */ {i8,  i8,  i8,  i8,  i8,  i8,  i8,  i8,  f8,  f8,  xx,  f8,  f8,  c16, c16},
/*u1 */ {u1,  i2,  i2,  i4,  i8,  u1,  u2,  u4,  u8,  f2,  bf,  f4,  f8,  c8,  c16},
/*u2 */ {u2,  i4,  i4,  i4,  i8,  u2,  u2,  u4,  u8,  f4,  xx,  f4,  f8,  c8,  c16},
/*u4 */ {u4,  i8,  i8,  i8,  i8,  u4,  u4,  u4,  u8,  f8,  xx,  f8,  f8,  c16, c16},
/*u8 */ {u8,  f8,  f8,  f8,  f8,  u8,  u8,  u8,  u8,  f8,  xx,  f8,  f8,  c16, c16},
/*f2 */ {f2,  f2,  f4,  f8,  f8,  f2,  f4,  f8,  f8,  f2,  xx,  f4,  f8,  c8,  c16},
/*bf */ {bf,  bf,  xx,  xx,  xx,  bf,  xx,  xx,  xx,  xx,  bf,  f4,  f8,  c8,  c16},
/*f4 */ {f4,  f4,  f4,  f8,  f8,  f4,  f4,  f8,  f8,  f4,  f4,  f4,  f8,  c8,  c16},
/*f8 */ {f8,  f8,  f8,  f8,  f8,  f8,  f8,  f8,  f8,  f8,  f8,  f8,  f8,  c16, c16},
/*c8 */ {c8,  c8,  c8,  c16, c16, c8,  c8,  c16, c16, c8,  c8,  c8,  c16, c8,  c16},
/*c16*/ {c16, c16, c16, c16, c16, c16, c16, c16, c16, c16, c16, c16, c16, c16, c16},
};
// numpy.can_cast(from, to, "safe") and "same_kind"; rows are `from`, columns `to`.
constexpr const char* kSafe[15] = {
  "111111111111111", ".1111....111111", "..111......1111", "...11.......1.1",
  "....1.......1.1", "..1111111111111", "...11.111..1111", "....1..11...1.1",
  "........1...1.1", ".........1.1111", "..........11111", "...........1111",
  "............1.1", ".............11", "..............1"};
constexpr const char* kSameKind[15] = {
  "111111111111111", ".1111....111111", ".1111....111111", ".1111....111111",
  ".1111....111111", ".11111111111111", ".11111111111111", ".11111111111111",
  ".11111111111111", ".........111111", "..........11111", ".........111111",
  ".........111111", "..........1..11", "..........1..11"};
// clang-format on

int idx(DType d) { return static_cast<int>(d); }

[[noreturn]] void no_common(DType a, DType b, const char* why, const char* op) {
  throw DTypePromotionError(op_msg(op, why) + ": " + name(a) + " and " +
                            name(b) + " have no common dtype");
}

int float_bits(DType d) {  // mantissa precision, to compare floats in the lattice
  switch (d) {
    case DType::BFloat16: return 8;
    case DType::Float16: return 11;
    case DType::Float32: return 24;
    default: return 53;
  }
}

// JAX-style lattice: ints flow into any float; i* + u64 -> float64; bf16 + f16 -> f32.
DType promote_lattice(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  Kind ka = kind(a), kb = kind(b);
  if (is_integer(a) && is_integer(b)) return static_cast<DType>(kNumpy[idx(a)][idx(b)]);
  if (is_integer(a)) return b;   // int + float/complex -> the inexact one
  if (is_integer(b)) return a;
  if (ka == Kind::Float && kb == Kind::Float) {
    if ((a == DType::BFloat16 && b == DType::Float16) || (a == DType::Float16 && b == DType::BFloat16))
      return DType::Float32;
    return float_bits(a) >= float_bits(b) ? a : b;
  }
  // at least one complex
  DType ra = real_dtype(a), rb = real_dtype(b);
  return complex_dtype(promote_lattice(ra, rb));
}
}  // namespace

PromotionMode promotion_mode() { return g_mode; }
void set_promotion_mode(PromotionMode m) { g_mode = m; }
bool prefer_float32() { return g_prefer_f32; }
void set_prefer_float32(bool on) { g_prefer_f32 = on; }

const char* to_string(PromotionMode m) {
  switch (m) {
    case PromotionMode::numpy: return "numpy";
    case PromotionMode::all: return "all";
    case PromotionMode::safe: return "safe";
    case PromotionMode::none: return "none";
  }
  return "?";
}
PromotionMode promotion_mode_from_string(const std::string& s) {
  for (auto m : {PromotionMode::numpy, PromotionMode::all, PromotionMode::safe, PromotionMode::none})
    if (s == to_string(m)) return m;
  throw ValueError("[set_promotion_mode] unknown mode '" + s + "' (numpy, all, safe, none)");
}

PromotionScope::PromotionScope(PromotionMode m, bool prefer_f32)
    : old_mode_(g_mode), old_prefer_(g_prefer_f32) {
  g_mode = m;
  g_prefer_f32 = prefer_f32;
}
PromotionScope::~PromotionScope() {
  g_mode = old_mode_;
  g_prefer_f32 = old_prefer_;
}

const char* to_string(Casting c) {
  switch (c) {
    case Casting::no: return "no";
    case Casting::equiv: return "equiv";
    case Casting::safe: return "safe";
    case Casting::same_kind: return "same_kind";
    case Casting::unsafe: return "unsafe";
  }
  return "?";
}

bool can_cast(DType from, DType to, Casting casting) {
  switch (casting) {
    case Casting::no:
    case Casting::equiv: return from == to;
    case Casting::safe: return kSafe[idx(from)][idx(to)] == '1';
    case Casting::same_kind: return kSameKind[idx(from)][idx(to)] == '1';
    case Casting::unsafe: return true;
  }
  return false;
}

DType promote_types(DType a, DType b, const char* op) {
  switch (g_mode) {
    case PromotionMode::numpy: {
      int8_t r = kNumpy[idx(a)][idx(b)];
      if (r == xx) no_common(a, b, "the DTypes are incompatible", op);
      return static_cast<DType>(r);
    }
    case PromotionMode::all: return promote_lattice(a, b);
    case PromotionMode::safe: {
      DType r = promote_lattice(a, b);
      if (!can_cast(a, r) || !can_cast(b, r))
        no_common(a, b, ("promotion to " + std::string(name(r)) + " may lose precision (mode 'safe')").c_str(), op);
      return r;
    }
    case PromotionMode::none:
      if (a != b) no_common(a, b, "mixed dtypes are not allowed (mode 'none')", op);
      return a;
  }
  return a;
}

namespace {
int weak_rank(const Scalar& s) { return static_cast<int>(s.type); }  // bool<int<float<complex
int kind_rank(DType d) {
  switch (kind(d)) {
    case Kind::Bool: return 0;
    case Kind::SignedInt: case Kind::UnsignedInt: return 1;
    case Kind::Float: return 2;
    case Kind::Complex: return 3;
  }
  return 0;
}
DType default_for_rank(int r) {
  switch (r) {
    case 0: return DType::Bool;
    case 1: return DType::Int64;
    case 2: return g_prefer_f32 ? DType::Float32 : DType::Float64;
    default: return DType::Complex128;
  }
}
}  // namespace

void check_weak_int_fits(const Scalar& s, DType target, const char* op) {
  if (s.type != Scalar::Type::Int || !is_integer(target)) return;
  bool fits;
  if (s.big_uint) {
    fits = target == DType::UInt64;
  } else {
    int64_t v = s.i;
    switch (target) {
      case DType::Int8: fits = v >= INT8_MIN && v <= INT8_MAX; break;
      case DType::Int16: fits = v >= INT16_MIN && v <= INT16_MAX; break;
      case DType::Int32: fits = v >= INT32_MIN && v <= INT32_MAX; break;
      case DType::Int64: fits = true; break;
      case DType::UInt8: fits = v >= 0 && v <= UINT8_MAX; break;
      case DType::UInt16: fits = v >= 0 && v <= UINT16_MAX; break;
      case DType::UInt32: fits = v >= 0 && v <= UINT32_MAX; break;
      default: fits = v >= 0; break;  // uint64
    }
  }
  if (!fits)
    throw OverflowError(op_msg(op, "Python integer " + s.repr() + " out of bounds for " + name(target)));
}

DType result_type(const std::vector<DTypeOperand>& ops, const char* op) {
  std::optional<DType> strong;
  int weak_max = -1;
  for (const auto& o : ops) {
    if (o.dtype) strong = strong ? promote_types(*strong, *o.dtype, op) : *o.dtype;
    else weak_max = std::max(weak_max, weak_rank(*o.weak));
  }
  if (!strong) {
    if (weak_max < 0) throw TypeError(op_msg(op, "at least one array or dtype is required"));
    DType d = default_for_rank(weak_max);
    for (const auto& o : ops)
      if (o.weak && o.weak->type == Scalar::Type::Int && o.weak->big_uint && d == DType::Int64)
        d = DType::UInt64;  // like np.asarray(2**64 - 1)
    return d;
  }
  DType s = *strong;
  if (weak_max < 0) return s;
  DType r;
  if (kind_rank(s) >= weak_max) {
    r = s;
  } else if (g_mode == PromotionMode::none) {
    throw TypeError(op_msg(op, std::string("a ") + (weak_max == 2 ? "float" : weak_max == 3 ? "complex" : "int") +
                                   " scalar cannot be combined with " + name(s) + " (mode 'none')"));
  } else if (weak_max == 3 && is_floating(s)) {
    r = complex_dtype(s);
  } else if (weak_max == 2 && is_integer(s) && g_mode != PromotionMode::numpy) {
    r = default_for_rank(2);  // JAX: int array + weak float -> default float
  } else {
    DType def = default_for_rank(weak_max);
    r = (g_mode == PromotionMode::numpy) ? promote_types(s, def, op) : promote_lattice(s, def);
    // prefer_float32 keeps an int array + float literal at float32, as TF-NumPy does
    if (weak_max == 2 && g_prefer_f32 && is_integer(s)) r = DType::Float32;
  }
  return r;  // like numpy.result_type, no value check here: the op converting the scalar checks
}

// The records of the dtype functions (parity/op_record.h).
PARITY_OP_RECORD({.name = "result_type", .family = "dtype", .no_grad = "returns a dtype"});
PARITY_OP_RECORD({.name = "can_cast", .family = "dtype", .no_grad = "returns a bool"});

}  // namespace parity

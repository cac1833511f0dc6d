// add, subtract, multiply, divide: plain IEEE vector arithmetic (bit-identical to the scalar loop),
// negative (a sign-bit flip, as the scalar -x), and the name of the dispatched target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/arith.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "simd/loops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {

struct AddOp { template <class V> V operator()(V a, V b) const { return hn::Add(a, b); } };
struct SubOp { template <class V> V operator()(V a, V b) const { return hn::Sub(a, b); } };
struct MulOp { template <class V> V operator()(V a, V b) const { return hn::Mul(a, b); } };
struct DivOp { template <class V> V operator()(V a, V b) const { return hn::Div(a, b); } };

// -x flips the sign bit of every value, nan included (x86 compilers emit the same xor for the
// scalar -x), so kExact: no lane ever needs the scalar kernel.
struct NegOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D, V x) const { return hn::Neg(x); }
};

PARITY_SIMD_UNARY_TARGET(NegOp)
PARITY_SIMD_BINARY_TARGET(AddOp)
PARITY_SIMD_BINARY_TARGET(SubOp)
PARITY_SIMD_BINARY_TARGET(MulOp)
PARITY_SIMD_BINARY_TARGET(DivOp)

const char* TargetName() { return hwy::TargetName(HWY_TARGET); }

}  // namespace HWY_NAMESPACE
}  // namespace parity::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace parity::simd {
PARITY_SIMD_UNARY_EXPORT(negative, NegOp)
PARITY_SIMD_BINARY_EXPORT(add, AddOp)
PARITY_SIMD_BINARY_EXPORT(subtract, SubOp)
PARITY_SIMD_BINARY_EXPORT(multiply, MulOp)
PARITY_SIMD_BINARY_EXPORT(divide, DivOp)

HWY_EXPORT(TargetName);
const char* target_name() { return HWY_DYNAMIC_DISPATCH(TargetName)(); }
}  // namespace parity::simd
#endif

// sqrt, absolute, square, reciprocal, floor, ceil, trunc, rint: ops that IEEE defines exactly (one
// correctly rounded result, or none to round), so one vector instruction gives the scalar kernel's
// bits for every input, nan payload and sign, -0.0, inf and subnormals included: all are kExact.
// On x86 (SSE4, AVX2, AVX3): sqrtps, and/andn masks, mulps, divps, roundps/vrndscaleps. Like the
// scalar libm calls, these keep a quiet nan's payload and sign and quiet a signaling one; sqrt of a
// negative gives the default nan (sign set) in both.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "simd/exact.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <cmath>

#include <hwy/highway.h>

#include "simd/loops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace parity::simd {
namespace HWY_NAMESPACE {

struct SqrtOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D, V x) const { return hn::Sqrt(x); }
};
// Clears the sign bit only, as fabs (np.abs(-nan) is +nan with the payload kept).
struct AbsOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D, V x) const { return hn::Abs(x); }
};
struct SquareOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D, V x) const { return hn::Mul(x, x); }
};
struct ReciprocalOp {  // 1/x: IEEE division, as the scalar T(1) / x
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D d, V x) const { return hn::Div(hn::Set(d, 1), x); }
};

#if HWY_TARGET == HWY_EMU128 || HWY_TARGET == HWY_SCALAR
// Highway's emulated roundings (no SSE4: old processors only) are not IEEE on every input: Ceil(+0)
// is -0, Round(-0.3) is +0, Round(0.49999997) is 1. There each lane takes the libm function, with
// nan quieted as roundps does (GCC's inline SSE2 floor/ceil/trunc return a signaling nan as is).
template <class D, class V, class F> HWY_INLINE V PerLane(D d, V x, F f) {
  HWY_ALIGN hn::TFromD<D> a[HWY_MAX_BYTES / sizeof(hn::TFromD<D>)];
  hn::Store(x, d, a);
  for (size_t j = 0; j < hn::Lanes(d); ++j) a[j] = f(a[j]);
  return hn::Load(d, a);
}
#define PARITY_ROUNDING(vec, lib) PerLane(d, x, [](auto v) { return v != v ? v + v : lib(v); })
#else
// roundps / vrndscaleps with an explicit mode (rint: nearest, ties to even, as nearbyint in the
// default mode) and exceptions suppressed; huge values, inf and -0.0 come back unchanged, nan quiet.
#define PARITY_ROUNDING(vec, lib) vec(x)
#endif

struct FloorOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D d, V x) const {
    (void)d;
    return PARITY_ROUNDING(hn::Floor, std::floor);
  }
};
struct CeilOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D d, V x) const {
    (void)d;
    return PARITY_ROUNDING(hn::Ceil, std::ceil);
  }
};
struct TruncOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D d, V x) const {
    (void)d;
    return PARITY_ROUNDING(hn::Trunc, std::trunc);
  }
};
struct RintOp {
  static constexpr bool kExact = true;
  template <class D, class V> V operator()(D d, V x) const {
    (void)d;
    return PARITY_ROUNDING(hn::Round, std::nearbyint);
  }
};
#undef PARITY_ROUNDING

PARITY_SIMD_UNARY_TARGET(SqrtOp)
PARITY_SIMD_UNARY_TARGET(AbsOp)
PARITY_SIMD_UNARY_TARGET(SquareOp)
PARITY_SIMD_UNARY_TARGET(ReciprocalOp)
PARITY_SIMD_UNARY_TARGET(FloorOp)
PARITY_SIMD_UNARY_TARGET(CeilOp)
PARITY_SIMD_UNARY_TARGET(TruncOp)
PARITY_SIMD_UNARY_TARGET(RintOp)

}  // namespace HWY_NAMESPACE
}  // namespace parity::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace parity::simd {
PARITY_SIMD_UNARY_EXPORT(sqrt, SqrtOp)
PARITY_SIMD_UNARY_EXPORT(absolute, AbsOp)
PARITY_SIMD_UNARY_EXPORT(square, SquareOp)
PARITY_SIMD_UNARY_EXPORT(reciprocal, ReciprocalOp)
PARITY_SIMD_UNARY_EXPORT(floor, FloorOp)
PARITY_SIMD_UNARY_EXPORT(ceil, CeilOp)
PARITY_SIMD_UNARY_EXPORT(trunc, TruncOp)
PARITY_SIMD_UNARY_EXPORT(rint, RintOp)
}  // namespace parity::simd
#endif

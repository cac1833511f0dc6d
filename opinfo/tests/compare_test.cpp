// The comparator (compare) and its ULP measure (ulp_distance, ulp_dtype). Expected distances come
// from the formats themselves: std::nextafter for float32/float64, powers of two for the spacing of
// float16 (11 significand bits, exponents -14..15) and bfloat16 (8 bits, -126..127), and bit
// patterns as NumPy shows them (np.float16(1).view(np.uint16) == 0x3c00,
// np.array(1, ml_dtypes.bfloat16).view(np.uint16) == 0x3f80, np.float32(1).view(np.uint32) ==
// 0x3f800000): the number of values from +0 up to a positive value is its bit pattern.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <complex>
#include <limits>

#include "parity/compare.h"
#include "parity/ops.h"

namespace parity {
namespace {

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

double next32(double v, int steps = 1) {  // `steps` float32 values above v
  float f = static_cast<float>(v);
  for (int i = 0; i < steps; ++i) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}

TEST(UlpDistance, Float64) {
  const DType d = DType::Float64;
  EXPECT_EQ(ulp_distance(1.0, std::nextafter(1.0, 2.0), d), 1);
  EXPECT_EQ(ulp_distance(1.0, std::nextafter(std::nextafter(1.0, 2.0), 2.0), d), 2);
  EXPECT_EQ(ulp_distance(2.0, std::nextafter(2.0, 0.0), d), 1);  // across a binade
  EXPECT_EQ(ulp_distance(0.0, std::numeric_limits<double>::denorm_min(), d), 1);
  EXPECT_EQ(ulp_distance(DBL_MIN, std::nextafter(DBL_MIN, 0.0), d), 1);  // largest subnormal
  EXPECT_EQ(ulp_distance(-std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::denorm_min(), d), 2);
  EXPECT_EQ(ulp_distance(0.0, -0.0, d), 0);
  EXPECT_EQ(ulp_distance(DBL_MAX, kInf, d), 1);
  EXPECT_EQ(ulp_distance(kInf, kInf, d), 0);
  EXPECT_EQ(ulp_distance(-1.0, 1.0, d), 2.0 * 0x3ff0000000000000LL);
  EXPECT_EQ(ulp_distance(-DBL_MAX, DBL_MAX, d), 2.0 * static_cast<double>(0x7fefffffffffffffLL));  // no overflow; the count rounds to a double
}

TEST(UlpDistance, Float32) {
  const DType d = DType::Float32;
  EXPECT_EQ(ulp_distance(1.0, next32(1.0), d), 1);
  EXPECT_EQ(ulp_distance(1.0, next32(1.0, 5), d), 5);
  EXPECT_EQ(ulp_distance(std::nextafter(2.0f, 0.0f), 2.0, d), 1);
  EXPECT_EQ(ulp_distance(0.0, std::numeric_limits<float>::denorm_min(), d), 1);
  EXPECT_EQ(ulp_distance(FLT_MIN, std::nextafter(FLT_MIN, 0.0f), d), 1);
  EXPECT_EQ(ulp_distance(-std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::denorm_min(), d), 2);
  EXPECT_EQ(ulp_distance(-0.0, 0.0, d), 0);
  EXPECT_EQ(ulp_distance(FLT_MAX, kInf, d), 1);
  EXPECT_EQ(ulp_distance(0.0, 1.0, d), 0x3f800000);
  EXPECT_EQ(ulp_distance(-1.0, 1.0, d), 2.0 * 0x3f800000);
  EXPECT_EQ(ulp_distance(kNaN, kNaN, d), 0);
  EXPECT_EQ(ulp_distance(kNaN, 1.0, d), kInf);
  EXPECT_EQ(ulp_distance(kInf, kNaN, d), kInf);
  EXPECT_EQ(ulp_distance(-kInf, kInf, d), 2.0 * 0x7f800000);
  EXPECT_EQ(ulp_distance(1.0, next32(1.0), DType::Complex64), 1);  // complex64 parts are float32
}

TEST(UlpDistance, Float16) {
  const DType d = DType::Float16;
  EXPECT_EQ(ulp_distance(1.0, 1.0 + std::ldexp(1.0, -10), d), 1);
  EXPECT_EQ(ulp_distance(1.0, 1.0 - std::ldexp(1.0, -11), d), 1);       // below 1 the spacing halves
  EXPECT_EQ(ulp_distance(2048.0, 2050.0, d), 1);                        // np.nextafter(float16(2048), 5000)
  EXPECT_EQ(ulp_distance(0.0, std::ldexp(1.0, -24), d), 1);             // smallest subnormal
  EXPECT_EQ(ulp_distance(std::ldexp(1.0, -14), std::ldexp(1.0, -14) - std::ldexp(1.0, -24), d), 1);
  EXPECT_EQ(ulp_distance(std::ldexp(1.0, -24), std::ldexp(1.0, -14), d), 1023);  // every subnormal
  EXPECT_EQ(ulp_distance(-std::ldexp(1.0, -24), std::ldexp(1.0, -24), d), 2);
  EXPECT_EQ(ulp_distance(-0.0, 0.0, d), 0);
  EXPECT_EQ(ulp_distance(0.0, 1.0, d), 0x3c00);
  EXPECT_EQ(ulp_distance(65504.0, kInf, d), 1);  // float16's largest finite value
  EXPECT_EQ(ulp_distance(kNaN, kNaN, d), 0);
  EXPECT_EQ(ulp_distance(kNaN, 0.0, d), kInf);
}

TEST(UlpDistance, BFloat16) {
  const DType d = DType::BFloat16;
  EXPECT_EQ(ulp_distance(1.0, 1.0 + std::ldexp(1.0, -7), d), 1);
  EXPECT_EQ(ulp_distance(256.0, 258.0, d), 1);
  EXPECT_EQ(ulp_distance(0.0, std::ldexp(1.0, -133), d), 1);  // smallest subnormal
  EXPECT_EQ(ulp_distance(std::ldexp(1.0, -126), std::ldexp(1.0, -126) - std::ldexp(1.0, -133), d), 1);
  EXPECT_EQ(ulp_distance(0.0, 1.0, d), 0x3f80);
  EXPECT_EQ(ulp_distance((2 - std::ldexp(1.0, -7)) * std::ldexp(1.0, 127), kInf, d), 1);
  EXPECT_EQ(ulp_distance(-0.0, 0.0, d), 0);
  EXPECT_EQ(ulp_distance(kNaN, kNaN, d), 0);
  EXPECT_EQ(ulp_distance(1.0, kNaN, d), kInf);
}

TEST(UlpDistance, ComplexTakesTheLargerPart) {
  using C = std::complex<double>;
  EXPECT_EQ(ulp_distance(C(1, 1), C(next32(1.0, 2), next32(1.0, 5)), DType::Complex64), 5);
  EXPECT_EQ(ulp_distance(C(1, 1), C(next32(1.0, 3), 1), DType::Float32), 3);
  EXPECT_EQ(ulp_distance(C(0, -0.0), C(-0.0, 0), DType::Complex128), 0);
  EXPECT_EQ(ulp_distance(C(kNaN, 0), C(kNaN, 0), DType::Complex128), 0);
  EXPECT_EQ(ulp_distance(C(kNaN, 0), C(1, 0), DType::Complex128), kInf);
}

TEST(UlpDtype, TheCoarserOfResultAndComputation) {
  EXPECT_EQ(ulp_dtype(DType::Complex128, DType::Float32), DType::Float32);  // float32 sin, complex128 out=
  EXPECT_EQ(ulp_dtype(DType::Float64, DType::Float32), DType::Float32);
  EXPECT_EQ(ulp_dtype(DType::Float32, DType::Float64), DType::Float32);     // a narrower out=
  EXPECT_EQ(ulp_dtype(DType::Float64, DType::Float16), DType::Float16);
  EXPECT_EQ(ulp_dtype(DType::Float16, DType::BFloat16), DType::BFloat16);
  EXPECT_EQ(ulp_dtype(DType::Complex128, DType::Complex64), DType::Float32);
  EXPECT_EQ(ulp_dtype(DType::Complex128, DType::Complex128), DType::Float64);
  EXPECT_EQ(ulp_dtype(DType::Float64, DType::Int16), DType::Float64);       // integers convert exactly
  EXPECT_EQ(ulp_dtype(DType::Int32, DType::Float32), DType::Int32);         // no ULP
  EXPECT_EQ(ulp_dtype(DType::Bool, DType::Bool), DType::Bool);
}

Outcome values(Tensor t) {
  Outcome o;
  o.values.push_back(std::move(t));
  return o;
}
Outcome raised(std::string cls, std::vector<std::string> mro) {
  Outcome o;
  o.error = true;
  o.error_class = std::move(cls);
  o.error_mro = std::move(mro);
  o.error_message = "boom";
  return o;
}

TEST(Compare, Float32CountsFloat32Steps) {
  Verdict v = compare(values(asarray(std::vector<double>{1, 2, next32(3.0, 2)}, DType::Float32)),
                      values(asarray(std::vector<double>{next32(1.0), 2, 3}, DType::Float32)),
                      default_tolerance(DType::Float32));
  EXPECT_TRUE(v.match()) << v.detail;
  EXPECT_TRUE(v.has_ulp);
  EXPECT_EQ(v.max_ulp, 2);
}

// The defect of issue 11: float32 sin written into a complex128 out= measured 2^29 ULPs for one
// float32 step (2^-23 / 2^-52).
TEST(Compare, WiderOutCountsStepsOfTheComputation) {
  const std::vector<std::complex<double>> got = {{next32(0.5), 0}, {1, 0}}, want = {{0.5, 0}, {1, 0}};
  Outcome g = values(asarray(got, DType::Complex128)), w = values(asarray(want, DType::Complex128));
  const Tolerance tol = default_tolerance(DType::Float32);
  Verdict v = compare(g, w, tol, DType::Float32);
  EXPECT_TRUE(v.match()) << v.detail;
  EXPECT_TRUE(v.has_ulp);
  EXPECT_EQ(v.max_ulp, 1);
  // Measured in the stored dtype, the same step is 2^29 float64 steps.
  EXPECT_EQ(compare(g, w, tol).max_ulp, std::ldexp(1.0, 29));
  EXPECT_EQ(compare(g, w, tol, DType::Complex128).max_ulp, std::ldexp(1.0, 29));
  // float32 into a float64 out= likewise.
  Verdict r = compare(values(asarray(std::vector<double>{next32(0.5, 3)}, DType::Float64)),
                      values(asarray(std::vector<double>{0.5}, DType::Float64)), tol, DType::Float32);
  EXPECT_EQ(r.max_ulp, 3);
}

TEST(Compare, Float16SubnormalsAreSteps) {
  Verdict v = compare(values(asarray(std::vector<double>{std::ldexp(1.0, -24), 1}, DType::Float16)),
                      values(asarray(std::vector<double>{0, 1}, DType::Float16)), default_tolerance(DType::Float16));
  EXPECT_TRUE(v.match()) << v.detail;
  EXPECT_EQ(v.max_ulp, 1);
}

TEST(Compare, BFloat16) {
  Verdict v = compare(values(asarray(std::vector<double>{1 + std::ldexp(1.0, -6)}, DType::BFloat16)),
                      values(asarray(std::vector<double>{1}, DType::BFloat16)), default_tolerance(DType::BFloat16));
  EXPECT_TRUE(v.match()) << v.detail;  // 2^-6 is within bfloat16's rtol 1.6e-2
  EXPECT_EQ(v.max_ulp, 2);
}

TEST(Compare, Complex64MaxOverParts) {
  using C = std::complex<double>;
  Verdict v = compare(values(asarray(std::vector<C>{{1, next32(2.0, 4)}, {next32(1.0), 0}}, DType::Complex64)),
                      values(asarray(std::vector<C>{{1, 2}, {1, 0}}, DType::Complex64)), default_tolerance(DType::Complex64));
  EXPECT_TRUE(v.match()) << v.detail;
  EXPECT_EQ(v.max_ulp, 4);
}

TEST(Compare, ZerosNaNsAndInfinities) {
  const Tolerance tol = default_tolerance(DType::Float64);
  Verdict same = compare(values(asarray(std::vector<double>{-0.0, kNaN, kInf, -kInf}, DType::Float64)),
                         values(asarray(std::vector<double>{0.0, kNaN, kInf, -kInf}, DType::Float64)), tol);
  EXPECT_TRUE(same.match()) << same.detail;
  EXPECT_EQ(same.max_ulp, 0);
  Verdict nan = compare(values(asarray(std::vector<double>{1, kNaN}, DType::Float64)),
                        values(asarray(std::vector<double>{1, 2}, DType::Float64)), tol);
  EXPECT_EQ(nan.kind, Mismatch::value);
  EXPECT_EQ(nan.max_ulp, kInf);
  EXPECT_EQ(nan.detail.rfind("element 1", 0), 0u) << nan.detail;
  Verdict inf = compare(values(asarray(std::vector<double>{kInf}, DType::Float32)),
                        values(asarray(std::vector<double>{FLT_MAX}, DType::Float32)), default_tolerance(DType::Float32));
  EXPECT_EQ(inf.kind, Mismatch::value);  // infinities must be equal
  EXPECT_EQ(inf.max_ulp, 1);
}

TEST(Compare, ToleranceDecides) {
  const Tolerance tol{1e-3, 0};
  EXPECT_TRUE(compare(values(asarray(std::vector<double>{1.0009})), values(asarray(std::vector<double>{1.0})), tol).match());
  Verdict v = compare(values(asarray(std::vector<double>{1.0011})), values(asarray(std::vector<double>{1.0})), tol);
  EXPECT_EQ(v.kind, Mismatch::value);
  EXPECT_NEAR(v.max_abs, 1.1e-3, 1e-15);
  EXPECT_NEAR(v.max_rel, 1.1e-3, 1e-15);
}

TEST(Compare, IntegerAndBoolResultsHaveNoUlp) {
  Verdict i = compare(values(asarray(std::vector<int32_t>{1, 2, 3})), values(asarray(std::vector<int32_t>{1, 2, 3})), {});
  EXPECT_TRUE(i.match());
  EXPECT_FALSE(i.has_ulp);
  EXPECT_EQ(i.max_ulp, 0);
  Verdict d = compare(values(asarray(std::vector<int64_t>{1, 5})), values(asarray(std::vector<int64_t>{1, 4})), {});
  EXPECT_EQ(d.kind, Mismatch::value);
  EXPECT_FALSE(d.has_ulp);
  Verdict b = compare(values(asarray(std::vector<bool>{true, false})), values(asarray(std::vector<bool>{true, false})), {});
  EXPECT_TRUE(b.match());
  EXPECT_FALSE(b.has_ulp);
}

TEST(Compare, DtypeShapeErrorAndCrash) {
  Verdict dt = compare(values(asarray(std::vector<double>{1}, DType::Float32)), values(asarray(std::vector<double>{1})), {});
  EXPECT_EQ(dt.kind, Mismatch::dtype);
  EXPECT_FALSE(dt.has_ulp);
  Verdict sh = compare(values(asarray(std::vector<double>{1, 2})), values(asarray(std::vector<double>{1, 2, 3})), {});
  EXPECT_EQ(sh.kind, Mismatch::shape);
  // The engine may raise NumPy's class or a base of it; any other class is an error mismatch.
  const Outcome axis = raised("AxisError", {"AxisError", "ValueError", "IndexError", "Exception"});
  EXPECT_TRUE(compare(raised("ValueError", {"ValueError", "Exception"}), axis, {}).match());
  EXPECT_EQ(compare(raised("TypeError", {"TypeError", "Exception"}), axis, {}).kind, Mismatch::error);
  EXPECT_EQ(compare(values(asarray(std::vector<double>{1})), axis, {}).kind, Mismatch::error);
  Outcome crash = raised("Crash", {"Crash"});
  crash.crashed = true;
  EXPECT_EQ(compare(crash, values(asarray(std::vector<double>{1})), {}).kind, Mismatch::crash);
}

}  // namespace
}  // namespace parity

// The findings of the first run on a GPU (an H200, issue 26), each reproduced: results the device
// computed differently from the CPU (and NumPy). Expected values are the engine's CPU results
// (glibc's hypot, NumPy's order of summation), and where mathematics fixes them, those values.
// The tests skip without a device; like cuda_ops_test.cpp they need no oracle (PARITY_GPU_MINIMAL).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <vector>

#include "gpu_test.h"
#include "parity/device.h"
#include "parity/ops.h"

namespace parity {
namespace {

const double kMax = DBL_MAX, kInf = std::numeric_limits<double>::infinity();

// The same dtype, shape and bits (NaNs equal whatever their payload; zeros by sign).
::testing::AssertionResult same_bits(const Tensor& gpu_result, const Tensor& cpu) {
  if (gpu_result.device() != kGpu) return ::testing::AssertionFailure() << "result on " << to_string(gpu_result.device());
  const Tensor g = gpu_result.to(Device::cpu);
  if (g.dtype() != cpu.dtype()) return ::testing::AssertionFailure() << name(g.dtype()) << " != " << name(cpu.dtype());
  if (g.shape() != cpu.shape()) return ::testing::AssertionFailure() << shape_str(g.shape()) << " != " << shape_str(cpu.shape());
  auto parts = [](const Tensor& t) {
    return is_complex(t.dtype()) ? std::vector<Tensor>{t.real(), t.imag()} : std::vector<Tensor>{t};
  };
  const std::vector<Tensor> gp = parts(g), cp = parts(cpu);
  for (size_t p = 0; p < gp.size(); ++p) {
    const std::vector<double> a = gp[p].to_double_vector(), b = cp[p].to_double_vector();
    for (size_t k = 0; k < a.size(); ++k) {
      const bool same = (std::isnan(a[k]) && std::isnan(b[k])) || (a[k] == b[k] && std::signbit(a[k]) == std::signbit(b[k]));
      if (!same)
        return ::testing::AssertionFailure() << (p ? "imaginary part, " : "") << "element " << k << ": gpu "
                                             << a[k] << " != cpu " << b[k];
    }
  }
  return ::testing::AssertionSuccess();
}

Tensor normal(const Shape& s, DType d, uint64_t seed, double scale = 1) {
  Tensor x = default_rng(seed).normal(s, 0, scale);
  if (is_complex(d)) x = add(x, multiply(default_rng(seed + 1).normal(s, 0, scale), Scalar(std::complex<double>(0, 1))));
  return x.astype(d, Casting::unsafe);
}

Tensor c128(std::complex<double> z) { return asarray(Scalar(z)).astype(complex128); }

// ---- elementwise near DBL_MAX: CUDA's hypot overflowed where glibc's does not ----

TEST(CudaFindings, HypotAbsLog1pSignNearTheLargestDouble) {
  NEED_GPU();
  const Tensor big = asarray(std::vector<double>{-kMax, kMax, 1e308, 5e-324});
  const Tensor one = asarray(std::vector<double>{1, 1, 1e308, 5e-324});
  EXPECT_TRUE(same_bits(hypot(one.to(kGpu), big.to(kGpu)), hypot(one, big)));
  EXPECT_EQ(hypot(one.to(kGpu), big.to(kGpu)).to(Device::cpu).to_double_vector()[0], kMax);  // exactly DBL_MAX
  for (DType d : {float16, bfloat16, float32}) {  // the promoted loops, and float32's own limit
    SCOPED_TRACE(name(d));
    const Tensor b = asarray(std::vector<double>{-FLT_MAX, 3e38, 1e-45, 60000}).astype(d, Casting::unsafe);
    const Tensor o = ones({4}, d);
    EXPECT_TRUE(same_bits(hypot(o.to(kGpu), b.to(kGpu)), hypot(o, b)));
  }
  for (std::complex<double> z : {std::complex<double>(1, -kMax), std::complex<double>(-kMax, 0.5),
                                 std::complex<double>(7, -kMax), std::complex<double>(kMax, kMax),
                                 std::complex<double>(1e-320, -1e-320), std::complex<double>(kInf, std::nan(""))}) {
    SCOPED_TRACE(std::to_string(z.real()) + " + " + std::to_string(z.imag()) + "j");
    const Tensor c = c128(z);
    EXPECT_TRUE(same_bits(absolute(c.to(kGpu)), absolute(c)));
    EXPECT_TRUE(same_bits(sign(c.to(kGpu)), sign(c)));
    const Tensor gl = log1p(c.to(kGpu)).to(Device::cpu), cl = log1p(c);  // atan2 and log: CUDA's own last bits
    const double g = gl.real().item<double>(), w = cl.real().item<double>();
    EXPECT_TRUE(g == w || (std::isnan(g) && std::isnan(w)) || std::fabs(g - w) <= 1e-12 * std::fabs(w)) << g << " vs " << w;
  }
  // the values NumPy gives
  EXPECT_EQ(absolute(c128({1, -kMax}).to(kGpu)).to(Device::cpu).item<double>(), kMax);
  EXPECT_NEAR(log1p(c128({7, -kMax}).to(kGpu)).to(Device::cpu).real().item<double>(), 709.782712893384, 1e-9);
  EXPECT_EQ(sign(c128({-kMax, 0.5}).to(kGpu)).to(Device::cpu).real().item<double>(), -1.0);
}

// ---- sums and products in NumPy's order: the CPU's bits ----

TEST(CudaFindings, SumsHaveTheCpusBits) {
  NEED_GPU();
  // float32 (789, 357) over axis 0 (sequential in NumPy: 1.2e-5 apart from a tree sum), and the
  // other axes and layouts, through every path of the kernel (one pass, two passes, sequential).
  // (Views are taken on each device: to() makes a C-ordered copy, and NumPy's order follows memory.)
  const Tensor f = normal({789, 357}, float32, 1), gf = f.to(kGpu);
  for (const Axes& ax : {Axes(), Axes(AxisList(0)), Axes(AxisList(1))}) {
    EXPECT_TRUE(same_bits(sum(gf, ax), sum(f, ax)));
    EXPECT_TRUE(same_bits(sum(gf.mT(), ax), sum(f.mT(), ax)));
    const Slice every2(std::nullopt, std::nullopt, 2);
    EXPECT_TRUE(same_bits(sum(gf.index({every2}), ax), sum(f.index({every2}), ax)));
  }
  for (DType d : {float16, bfloat16, float32, float64, complex64, complex128}) {
    SCOPED_TRACE(name(d));
    const Tensor s = normal({3, 4, 5}, d, 2), gs = s.to(kGpu);  // float16 over axis 0: 0.00635 where NumPy gives 0.00781
    for (const Axes& ax : {Axes(), Axes(AxisList(0)), Axes(AxisList(2)), Axes(AxisList({0, 2}))}) {
      EXPECT_TRUE(same_bits(sum(gs, ax), sum(s, ax)));
      EXPECT_TRUE(same_bits(sum(gs.transpose({2, 0, 1}), ax), sum(s.transpose({2, 0, 1}), ax)));
    }
    const Tensor big = normal({1 << 20}, d, 3);  // buffers of 8192, summed in order
    EXPECT_TRUE(same_bits(sum(big.to(kGpu)), sum(big)));
    const Tensor rows = normal({20000, 3}, d, 4);  // many outputs: one pass
    EXPECT_TRUE(same_bits(sum(rows.to(kGpu), AxisList(1)), sum(rows, AxisList(1))));
    const Tensor cube = normal({40, 30, 20}, d, 5);  // a full reduction buffered across rows
    EXPECT_TRUE(same_bits(sum(cube.to(kGpu).index({Slice(), Slice(), Slice(0, 10)})),
                          sum(cube.index({Slice(), Slice(), Slice(0, 10)}))));
  }
  // infinities: -inf where a tree sum gave -nan (huge values overflow before meeting -inf)
  const Tensor ext = asarray(std::vector<double>{-kInf, kMax, kMax, 1, -kMax});
  EXPECT_TRUE(same_bits(sum(ext.to(kGpu)), sum(ext)));
  EXPECT_TRUE(std::isinf(sum(ext.to(kGpu)).to(Device::cpu).item<double>()));
  // mean's pairs: integers into float64, float16 into float32
  const Tensor i = normal({1000, 7}, int64, 6, 1e6);
  EXPECT_TRUE(same_bits(mean(i.to(kGpu), AxisList(0)), mean(i, AxisList(0))));
  const Tensor h = normal({300, 5}, float16, 7);
  EXPECT_TRUE(same_bits(mean(h.to(kGpu)), mean(h)));
}

TEST(CudaFindings, ProductsHaveTheCpusBits) {
  NEED_GPU();
  for (DType d : {float16, bfloat16, float32, float64, complex64, complex128}) {
    SCOPED_TRACE(name(d));
    const Tensor p = add(normal({6, 9}, d, 8, 0.2), Scalar(1.0)).astype(d, Casting::unsafe), gp = p.to(kGpu);
    for (const Axes& ax : {Axes(), Axes(AxisList(0)), Axes(AxisList(1))}) {
      EXPECT_TRUE(same_bits(prod(gp, ax), prod(p, ax)));
      EXPECT_TRUE(same_bits(prod(gp.mT(), ax), prod(p.mT(), ax)));
    }
  }
  // bfloat16 rounds at every step (168960 where the CPU gives 165888), complex64 overflows to inf
  const Tensor b = asarray(std::vector<double>{3, 5, 7, 11, 13, 17, 0.7}).astype(bfloat16, Casting::unsafe);
  EXPECT_TRUE(same_bits(prod(b.to(kGpu)), prod(b)));
  const Tensor c = asarray(std::vector<std::complex<double>>{{1e20, 1e20}, {1e18, -3e18}, {2, 1e-3}}).astype(complex64);
  EXPECT_TRUE(same_bits(prod(c.to(kGpu)), prod(c)));
  EXPECT_TRUE(same_bits(prod(c.to(kGpu).reshape({3, 1}), AxisList(0)), prod(c.reshape({3, 1}), AxisList(0))));
}

// ---- matmul and dot: the CPU's loop where cuBLAS computes otherwise ----

TEST(CudaFindings, HalfAndComplexProductsAsTheCpu) {
  NEED_GPU();
  // float16 (64, 789) . (789, 32): 0.21533 where the CPU gives 0.21472 (cuBLAS's tensor cores)
  for (DType d : {float16, bfloat16}) {
    SCOPED_TRACE(name(d));
    const Tensor a = normal({64, 789}, d, 9, 3), b = normal({789, 32}, d, 10, 3);
    EXPECT_TRUE(same_bits(dot(a.to(kGpu), b.to(kGpu)), dot(a, b)));
    EXPECT_TRUE(same_bits(matmul(a.to(kGpu), b.to(kGpu)), matmul(a, b)));
    EXPECT_TRUE(same_bits(matmul(b.to(kGpu).mT(), a.to(kGpu).mT()), matmul(b.mT(), a.mT())));
  }
  // complex with infinities, column @ row (k == 1): inf+nanj as the CPU's plain loop and NumPy,
  // where cuBLAS's alpha = 1+0j made nan+nanj
  for (DType d : {complex64, complex128}) {
    const Tensor v = asarray(std::vector<std::complex<double>>{{kInf, 0}, {1, 0}, {0, kInf}, {2, -1}}).astype(d);
    const Tensor col = v.reshape({4, 1}), row = v.reshape({1, 4});
    EXPECT_TRUE(same_bits(matmul(col.to(kGpu), row.to(kGpu)), matmul(col, row))) << name(d);
  }
}

TEST(CudaFindings, CublasLayoutsWithinTheDeviceTolerance) {
  NEED_GPU();
  // (5, 4).T @ (5, 3): a transposed operand takes another cuBLAS kernel, 1 ULP from the
  // contiguous one; the entries of matmul and dot declare that as their device tolerance.
  const Tensor a = normal({5, 4}, float64, 11), b = normal({5, 3}, float64, 12);
  const Tensor t = matmul(a.mT().to(kGpu), b.to(kGpu)).to(Device::cpu);
  const Tensor c = matmul(a.mT().contiguous().to(kGpu), b.to(kGpu)).to(Device::cpu);
  const std::vector<double> x = t.to_double_vector(), y = c.to_double_vector();
  for (size_t k = 0; k < x.size(); ++k) EXPECT_NEAR(x[k], y[k], 1e-7 + 1e-7 * std::fabs(y[k]));
}

}  // namespace
}  // namespace parity

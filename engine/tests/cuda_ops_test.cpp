// The CUDA paths of the non-elementwise families (reductions, cumulative ops, matmul/dot, random,
// creation defaults, advanced indexing): GPU results against the engine's own CPU results, and
// errors of the same class. GPU tests skip without a device; the CudaNoDevice suite checks what
// a machine without one (or a build without CUDA) does. No oracle and no test_util.h: the GPU
// check's minimal build (PARITY_GPU_MINIMAL) compiles this file without them.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "gpu_test.h"
#include "parity/device.h"
#include "parity/errors.h"
#include "parity/ops.h"

namespace parity {
namespace {

Tensor host(const Tensor& t) { return t.to(Device::cpu); }

// dtype, shape and values of two CPU tensors (NaNs equal; inexact values within atol + rtol |want|).
::testing::AssertionResult same_array(const Tensor& got, const Tensor& want, double rtol, double atol = 0) {
  if (got.dtype() != want.dtype())
    return ::testing::AssertionFailure() << "dtype " << name(got.dtype()) << " != " << name(want.dtype());
  if (got.shape() != want.shape())
    return ::testing::AssertionFailure() << "shape " << shape_str(got.shape()) << " != " << shape_str(want.shape());
  if (is_complex(got.dtype())) {
    auto r = same_array(got.real(), want.real(), rtol, atol);
    if (!r) return r << " (real part)";
    auto i = same_array(got.imag(), want.imag(), rtol, atol);
    if (!i) return i << " (imaginary part)";
    return ::testing::AssertionSuccess();
  }
  const std::vector<double> a = got.to_double_vector(), b = want.to_double_vector();
  for (size_t k = 0; k < a.size(); ++k) {
    bool ok;
    if (std::isnan(a[k]) || std::isnan(b[k])) ok = std::isnan(a[k]) && std::isnan(b[k]);
    else if (std::isinf(a[k]) || std::isinf(b[k])) ok = a[k] == b[k];
    else ok = std::fabs(a[k] - b[k]) <= atol + rtol * std::fabs(b[k]);
    if (!ok) return ::testing::AssertionFailure() << "element " << k << ": " << a[k] << " != " << b[k];
  }
  return ::testing::AssertionSuccess();
}

// Tolerance for comparing a GPU result with the CPU's: reductions sum in another order.
double rtol_for(DType d) {
  switch (d) {
    case DType::Float16: return 1e-2;
    case DType::BFloat16: return 2e-2;
    case DType::Float32: case DType::Complex64: return 1e-5;
    case DType::Float64: case DType::Complex128: return 1e-12;
    default: return 0;
  }
}

// Absolute tolerance for results that cancel to near zero.
double atol_for(DType d) {
  switch (d) {
    case DType::Float16: return 0.25;  // the CPU rounds a float16 sum per row or per element
    case DType::BFloat16: return 2.0;  // and a bfloat16 sum at every step (ml_dtypes' loop)
    case DType::Float32: case DType::Complex64: return 1e-4;
    case DType::Float64: case DType::Complex128: return 1e-10;
    default: return 0;
  }
}

::testing::AssertionResult same_on_gpu(const Tensor& gpu, const Tensor& cpu, double rtol, double atol = 0) {
  if (gpu.device() != kGpu) return ::testing::AssertionFailure() << "result on " << to_string(gpu.device());
  return same_array(host(gpu), cpu, rtol, atol);
}

// Values of dtype d (normal, of the given scale; integers floored, unsigned ones absolute) in
// shape s, with a NaN at flat index 1 when `nans` (inexact dtypes).
Tensor sample(const Shape& s, DType d, uint64_t seed = 1, bool nans = false, double scale = 3) {
  Generator g(seed);
  Tensor x = g.normal(s, 0, scale);
  if (is_integer(d) || is_bool(d)) x = floor(x);
  if (is_unsigned_int(d)) x = absolute(x);
  if (is_complex(d)) x = add(x, multiply(g.normal(s, 0, 3), Scalar(std::complex<double>(0, 1))));
  Tensor r = x.astype(d, Casting::unsafe);
  if (nans && is_inexact(d) && r.size() > 3) {
    Tensor flat = r.reshape({-1});
    flat.index_put({TensorIndex(int64_t{1})}, Scalar(std::numeric_limits<double>::quiet_NaN()));
  }
  return r;
}

const DType kRealDTypes[] = {bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                             float16, bfloat16, float32, float64};

// ---------------- without a GPU ----------------

TEST(CudaNoDevice, ToRaisesNamingTheDevice) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present";
  try {
    (void)zeros({3}).to(kGpu);
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("cuda:0"), std::string::npos) << m;
    EXPECT_TRUE(m.find("no CUDA device") != std::string::npos || m.find("built without CUDA") != std::string::npos) << m;
  }
  EXPECT_THROW(DeviceGuard g(kGpu), RuntimeError);
}

TEST(CudaNoDevice, CreationStaysOnTheCpu) {
  for (const Tensor& t : {zeros({2}), ones({2}), full({2}, Scalar(3)), empty({2}), arange(Scalar(4)),
                          linspace(Scalar(0), Scalar(1), 3), eye(2), identity(2), asarray(Scalar(1.5)),
                          asarray(std::vector<int>{1, 2}), default_rng(1).normal({2})})
    EXPECT_EQ(t.device(), Device::cpu);
  DeviceGuard cpu(Device::cpu);
  EXPECT_EQ(zeros({2}).device(), Device::cpu);
  EXPECT_EQ(zeros_like(ones({2})).device(), Device::cpu);
}

TEST(CudaNoDevice, KernelTablesFollowTheBuild) {
  // Declared kernels answer without a GPU; in a build without CUDA none is.
  EXPECT_EQ(has_cuda_kernel("sum", float32), built_with_cuda());
  EXPECT_EQ(has_cuda_kernel("argmax", float16), built_with_cuda());
  EXPECT_EQ(has_cuda_kernel("cumprod", int32), built_with_cuda());
  EXPECT_EQ(has_cuda_kernel("matmul", complex128), built_with_cuda());
  EXPECT_EQ(has_cuda_kernel("getitem", uint8), built_with_cuda());
  EXPECT_EQ(has_cuda_kernel("matmul", int64), built_with_cuda());
  EXPECT_FALSE(has_cuda_kernel("no_such_op", int64));
}

TEST(CudaNoDevice, CpuOpsUnchanged) {
  // The device branches leave the CPU paths alone: a few results worked out by hand.
  Tensor x = asarray(std::vector<double>{1, 5, 2, 7, 0, 3}).reshape({2, 3});
  EXPECT_EQ(sum(x, AxisList(1)).to_double_vector(), (std::vector<double>{8, 10}));
  EXPECT_EQ(argmax(x, 0).to_double_vector(), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(amin(x, AxisList(0)).to_double_vector(), (std::vector<double>{1, 0, 2}));
  EXPECT_EQ(cumsum(x, 1).to_double_vector(), (std::vector<double>{1, 6, 8, 7, 7, 10}));
  EXPECT_EQ(matmul(x, x.mT()).to_double_vector(), (std::vector<double>{30, 13, 13, 58}));
  Tensor i = asarray(std::vector<int64_t>{1, 0, 1});
  EXPECT_EQ(x.index({TensorIndex(i), Slice(0, 1)}).to_double_vector(), (std::vector<double>{7, 1, 7}));
  Tensor y = x.copy();
  y.index_put({TensorIndex(i)}, Scalar(0));
  EXPECT_EQ(y.to_double_vector(), (std::vector<double>(6, 0.0)));
  EXPECT_THROW(x.index({TensorIndex(asarray(std::vector<int64_t>{2}))}), IndexError);
}

// ---------------- reductions ----------------

struct AxisCase {
  Axes axis;
  bool keepdims;
};
std::vector<AxisCase> axis_cases() {
  return {{std::nullopt, false}, {AxisList(0), false}, {AxisList(-1), true}, {AxisList({0, 2}), false},
          {AxisList(1), true}};
}

TEST(CudaReduce, MatchesTheCpu) {
  NEED_GPU();
  using F = std::function<Tensor(const Tensor&, const Axes&, bool)>;
  const std::vector<std::pair<const char*, F>> ops = {
      {"sum", [](const Tensor& x, const Axes& a, bool k) { return sum(x, a, k); }},
      {"prod", [](const Tensor& x, const Axes& a, bool k) { return prod(x, a, k); }},
      {"amax", [](const Tensor& x, const Axes& a, bool k) { return amax(x, a, k); }},
      {"amin", [](const Tensor& x, const Axes& a, bool k) { return amin(x, a, k); }},
      {"nanmax", [](const Tensor& x, const Axes& a, bool k) { return nanmax(x, a, k); }},
      {"nanmin", [](const Tensor& x, const Axes& a, bool k) { return nanmin(x, a, k); }},
      {"any", [](const Tensor& x, const Axes& a, bool k) { return any(x, a, k); }},
      {"all", [](const Tensor& x, const Axes& a, bool k) { return all(x, a, k); }},
  };
  for (DType d : kRealDTypes)
    for (bool nans : {false, true})
      for (bool transposed : {false, true}) {
        Tensor c = sample({3, 4, 5}, d, 3, nans);
        if (transposed) c = c.transpose({2, 0, 1});  // a non-contiguous input
        // products of values near 1 in size, so that no partial product overflows a 16-bit float
        Tensor cp = sample({3, 4, 5}, d, 3, nans, is_inexact(d) ? 1 : 3);
        if (transposed) cp = cp.transpose({2, 0, 1});
        for (const auto& [name_, f] : ops)
          for (const AxisCase& ac : axis_cases()) {
            SCOPED_TRACE(std::string(name_) + " " + name(d) + (nans ? " nans" : "") + (transposed ? " transposed" : ""));
            const bool is_prod = std::string(name_) == "prod";
            const Tensor& x = is_prod ? cp : c;
            const double rtol = is_prod ? 10 * rtol_for(d) : rtol_for(d);
            EXPECT_TRUE(same_on_gpu(f(x.to(kGpu), ac.axis, ac.keepdims), f(x, ac.axis, ac.keepdims), rtol, atol_for(d)));
          }
      }
}

TEST(CudaReduce, ArgExtremesAndNaN) {
  NEED_GPU();
  for (DType d : kRealDTypes)
    for (bool nans : {false, true}) {
      Tensor c = sample({4, 6}, d, 5, nans);
      Tensor g = c.to(kGpu);
      SCOPED_TRACE(name(d));
      for (std::optional<int64_t> ax : {std::optional<int64_t>(), std::optional<int64_t>(0), std::optional<int64_t>(-1)})
        for (bool k : {false, true}) {
          EXPECT_TRUE(same_on_gpu(argmax(g, ax, k), argmax(c, ax, k), 0));
          EXPECT_TRUE(same_on_gpu(argmin(g, ax, k), argmin(c, ax, k), 0));
          EXPECT_TRUE(same_on_gpu(argmax(g.mT(), ax, k), argmax(c.mT(), ax, k), 0));
        }
    }
  // ties: the first index; the first NaN
  Tensor t = asarray(std::vector<double>{1, 3, 3, std::nan(""), 3, std::nan("")});
  EXPECT_EQ(argmax(t.to(kGpu)).to(Device::cpu).item<int64_t>(), 3);
  EXPECT_EQ(argmax(t.index({Slice(0, 3)}).to(kGpu)).to(Device::cpu).item<int64_t>(), 1);
}

TEST(CudaReduce, ComplexSumProdAndLargeRows) {
  NEED_GPU();
  for (DType d : {complex64, complex128}) {
    Tensor c = sample({3, 5}, d, 9);
    Tensor g = c.to(kGpu);
    EXPECT_TRUE(same_on_gpu(sum(g), sum(c), rtol_for(d)));
    EXPECT_TRUE(same_on_gpu(sum(g, AxisList(0)), sum(c, AxisList(0)), rtol_for(d)));
    EXPECT_TRUE(same_on_gpu(prod(g, AxisList(1)), prod(c, AxisList(1)), 10 * rtol_for(d)));
    EXPECT_TRUE(same_on_gpu(amax(g, AxisList(1)), amax(c, AxisList(1)), 0));
  }
  // rows longer than a block, and many outputs of short rows
  Tensor c = sample({3, 100000}, float64, 11);
  EXPECT_TRUE(same_on_gpu(sum(c.to(kGpu), AxisList(1)), sum(c, AxisList(1)), 1e-10));
  EXPECT_TRUE(same_on_gpu(argmax(c.to(kGpu), 1), argmax(c, 1), 0));
  EXPECT_TRUE(same_on_gpu(sum(c.to(kGpu), AxisList(0)), sum(c, AxisList(0)), 1e-12));
  Tensor i = sample({1000, 1000}, int32, 12);
  EXPECT_TRUE(same_on_gpu(sum(i.to(kGpu)), sum(i), 0));
}

TEST(CudaReduce, EmptyAndErrors) {
  NEED_GPU();
  Tensor e = zeros({0, 3}).to(kGpu);
  EXPECT_TRUE(same_on_gpu(sum(e, AxisList(0)), sum(zeros({0, 3}), AxisList(0)), 0));
  EXPECT_TRUE(same_on_gpu(prod(e, AxisList(0)), prod(zeros({0, 3}), AxisList(0)), 0));
  EXPECT_TRUE(same_on_gpu(all(e, AxisList(0)), all(zeros({0, 3}), AxisList(0)), 0));
  EXPECT_THROW(amax(e, AxisList(0)), ValueError);
  EXPECT_THROW(argmax(e, 0), ValueError);
  EXPECT_THROW(sum(e, AxisList(2)), AxisError);
  EXPECT_THROW(sum(e, AxisList({0, 0})), ValueError);
  // out= on the CPU for a GPU reduction
  Tensor o = zeros({3});
  EXPECT_THROW(sum(ones({2, 3}).to(kGpu), AxisList(0), false, std::nullopt, o), RuntimeError);
}

TEST(CudaReduce, MeanVarStdWithUfuncKernels) {
  NEED_GPU();
  // mean, var and std compose sums with ufuncs (divide, subtract, multiply): they run where the
  // elementwise kernels exist.
  if (!has_cuda_kernel("divide", float64) || !has_cuda_kernel("subtract", float64)) GTEST_SKIP() << "no elementwise kernels";
  for (DType d : {int32, float16, float32, float64}) {
    Tensor c = sample({4, 5}, d, 13);
    Tensor g = c.to(kGpu);
    SCOPED_TRACE(name(d));
    EXPECT_TRUE(same_on_gpu(mean(g), mean(c), rtol_for(d) + 1e-12));
    EXPECT_TRUE(same_on_gpu(mean(g, AxisList(1)), mean(c, AxisList(1)), rtol_for(d) + 1e-12));
    EXPECT_TRUE(same_on_gpu(var(g, AxisList(0)), var(c, AxisList(0)), 10 * rtol_for(d) + 1e-12));
    EXPECT_TRUE(same_on_gpu(std(g, AxisList(0), 1), std(c, AxisList(0), 1), 10 * rtol_for(d) + 1e-12));
  }
}

// ---------------- cumulative ----------------

TEST(CudaCumulative, MatchesTheCpu) {
  NEED_GPU();
  for (DType d : kRealDTypes) {
    Tensor c = sample({3, 4, 5}, d, 17);
    Tensor g = c.to(kGpu);
    SCOPED_TRACE(name(d));
    for (std::optional<int64_t> ax : {std::optional<int64_t>(0), std::optional<int64_t>(1), std::optional<int64_t>(-1)}) {
      // the same sequential order: equal up to 16-bit rounding ties
      EXPECT_TRUE(same_on_gpu(cumsum(g, ax), cumsum(c, ax), rtol_for(d)));
      EXPECT_TRUE(same_on_gpu(cumprod(g, ax), cumprod(c, ax), rtol_for(d)));
      EXPECT_TRUE(same_on_gpu(cumsum(g.transpose({2, 1, 0}), ax), cumsum(c.transpose({2, 1, 0}), ax), rtol_for(d)));
    }
    EXPECT_THROW(cumsum(g, 3), AxisError);
  }
  Tensor c = sample({7}, complex128, 19);
  EXPECT_TRUE(same_on_gpu(cumsum(c.to(kGpu)), cumsum(c), 1e-12));
  // axis=None: flattened in C order, read in place from a strided input
  Tensor x = sample({3, 4, 5}, int32, 20);
  for (const Tensor& v : {x, x.transpose({2, 0, 1}), x.index({Slice(), Slice(std::nullopt, std::nullopt, -2)}), asarray(Scalar(3))}) {
    EXPECT_TRUE(same_on_gpu(cumsum(v.to(kGpu)), cumsum(v), 0));
    EXPECT_TRUE(same_on_gpu(cumprod(v.to(kGpu)), cumprod(v), 0));  // int64, wrapping alike
  }
}

// ---------------- matmul ----------------

TEST(CudaMatmul, CublasMatchesTheCpu) {
  NEED_GPU();
  for (DType d : {float16, bfloat16, float32, float64, complex64, complex128}) {
    SCOPED_TRACE(name(d));
    const double rtol = d == float16 || d == bfloat16 ? 2e-2 : d == float32 || d == complex64 ? 1e-4 : 1e-10;
    Tensor a = sample({2, 3, 4}, d, 21), b = sample({4, 5}, d, 22), v = sample({4}, d, 23);
    Tensor ga = a.to(kGpu), gb = b.to(kGpu), gv = v.to(kGpu);
    EXPECT_TRUE(same_on_gpu(matmul(ga, gb), matmul(a, b), rtol, 1e-3));                   // broadcast batch
    EXPECT_TRUE(same_on_gpu(matmul(ga, gv), matmul(a, v), rtol, 1e-3));                   // matrix @ vector
    EXPECT_TRUE(same_on_gpu(matmul(gv, gb), matmul(v, b), rtol, 1e-3));                   // vector @ matrix
    EXPECT_TRUE(same_on_gpu(matmul(gb.mT(), ga.mT()), matmul(b.mT(), a.mT()), rtol, 1e-3));  // transposed
    Tensor a4 = sample({2, 1, 3, 4}, d, 24), b4 = sample({1, 3, 4, 2}, d, 25);
    EXPECT_TRUE(same_on_gpu(matmul(a4.to(kGpu), b4.to(kGpu)), matmul(a4, b4), rtol, 1e-3));
    EXPECT_TRUE(same_on_gpu(dot(gb.mT(), gv), dot(b.mT(), v), rtol, 1e-3));
    EXPECT_TRUE(same_on_gpu(matmul(zeros({3, 0}, d).to(kGpu), zeros({0, 2}, d).to(kGpu)),
                            matmul(zeros({3, 0}, d), zeros({0, 2}, d)), 0));  // the empty sum
  }
  // bfloat16 @ bfloat16 -> float32 (ml_dtypes' matmul loop)
  Tensor a = sample({3, 4}, bfloat16, 26), b = sample({4, 2}, bfloat16, 27);
  EXPECT_EQ(matmul(a.to(kGpu), b.to(kGpu)).dtype(), float32);
  // bool and integers: a plain kernel, wrapping as the CPU's loop
  for (DType d : {bool_, int8, int32, int64, uint8, uint64}) {
    Tensor a = sample({3, 4, 5}, d, 28), b = sample({5, 2}, d, 29);
    EXPECT_TRUE(same_on_gpu(matmul(a.to(kGpu), b.to(kGpu)), matmul(a, b), 0)) << name(d);
    EXPECT_TRUE(same_on_gpu(matmul(b.mT().to(kGpu), a.mT().to(kGpu)), matmul(b.mT(), a.mT()), 0)) << name(d);
  }
  // mismatched devices and shapes raise as on the CPU
  EXPECT_THROW(matmul(ones({2, 3}).to(kGpu), ones({2, 3}).to(kGpu)), ValueError);
  EXPECT_THROW(matmul(ones({2, 2}).to(kGpu), ones({2, 2})), RuntimeError);
}

// ---------------- random and creation ----------------

TEST(CudaRandom, HostStreamOnTheDefaultDevice) {
  NEED_GPU();
  Tensor c = default_rng(42).normal({100}, 1, 2, float32);
  Tensor u = default_rng(42).uniform({100}, -1, 1);
  DeviceGuard guard(kGpu);
  Tensor g = default_rng(42).normal({100}, 1, 2, float32);
  EXPECT_EQ(g.device(), kGpu);
  EXPECT_TRUE(same_on_gpu(g, c, 0));  // bit for bit
  EXPECT_TRUE(same_on_gpu(default_rng(42).uniform({100}, -1, 1), u, 0));
}

TEST(CudaCreation, DefaultDeviceAndPrototypes) {
  NEED_GPU();
  {
    DeviceGuard guard(kGpu);
    EXPECT_TRUE(same_on_gpu(zeros({2, 3}, int16), zeros({2, 3}, int16).to(Device::cpu), 0));
    EXPECT_EQ(empty({4}).device(), kGpu);
    EXPECT_EQ(asarray(std::vector<float>{1, 2}).device(), kGpu);
    EXPECT_EQ(array(NestedList{1, 2}).device(), kGpu);
    EXPECT_EQ(asarray(Scalar(2)).device(), kGpu);
  }
  DeviceGuard cpu(Device::cpu);
  auto on_gpu = [](const std::function<Tensor()>& f) {
    DeviceGuard guard(kGpu);
    return f();
  };
  EXPECT_TRUE(same_on_gpu(on_gpu([] { return ones({3}, uint8); }), ones({3}, uint8), 0));
  EXPECT_TRUE(same_on_gpu(on_gpu([] { return full({2}, Scalar(2.5)); }), full({2}, Scalar(2.5)), 0));
  EXPECT_TRUE(same_on_gpu(on_gpu([] { return arange(Scalar(1), Scalar(10), Scalar(2)); }),
                          arange(Scalar(1), Scalar(10), Scalar(2)), 0));
  EXPECT_TRUE(same_on_gpu(on_gpu([] { return linspace(Scalar(0), Scalar(1), 5); }), linspace(Scalar(0), Scalar(1), 5), 0));
  EXPECT_TRUE(same_on_gpu(on_gpu([] { return eye(3, 4, 1); }), eye(3, 4, 1), 0));
  EXPECT_TRUE(same_on_gpu(on_gpu([] { return identity(3, int32); }), identity(3, int32), 0));
  Tensor g = ones({2, 2}).to(kGpu);
  EXPECT_TRUE(same_on_gpu(zeros_like(g), zeros({2, 2}), 0));
  EXPECT_TRUE(same_on_gpu(ones_like(g, int8), ones({2, 2}, int8), 0));
  EXPECT_TRUE(same_on_gpu(full_like(g, Scalar(7)), full({2, 2}, Scalar(7.0)), 0));
  EXPECT_EQ(empty_like(g).device(), kGpu);
  EXPECT_EQ(zeros_like(ones({2})).device(), Device::cpu);
}

// ---------------- indexing ----------------

TEST(CudaIndexing, GatherScatterMatchTheCpu) {
  NEED_GPU();
  for (DType d : {bool_, int8, int16, float32, float64, complex128}) {
    SCOPED_TRACE(name(d));
    Tensor c = sample({4, 5, 6}, d, 31);
    Tensor g = c.to(kGpu);
    Tensor i = asarray(std::vector<int64_t>{3, 0, -1, 2});
    Tensor j = asarray(std::vector<int64_t>{1, 1, 4, 0});
    // basic indexing: a view on the device
    EXPECT_TRUE(same_on_gpu(g.index({Slice(1, 3), ellipsis, Slice(std::nullopt, std::nullopt, -2)}),
                            c.index({Slice(1, 3), ellipsis, Slice(std::nullopt, std::nullopt, -2)}), 0));
    // integer arrays: CPU and GPU index arrays; separated, adjacent and with slices
    for (const Tensor& ii : {i, i.to(kGpu)}) {
      EXPECT_TRUE(same_on_gpu(g.index({TensorIndex(ii)}), c.index({TensorIndex(i)}), 0));
      EXPECT_TRUE(same_on_gpu(g.index({Slice(), TensorIndex(j), Slice(1, 4)}), c.index({Slice(), TensorIndex(j), Slice(1, 4)}), 0));
      EXPECT_TRUE(same_on_gpu(g.index({TensorIndex(ii), Slice(), TensorIndex(j)}), c.index({TensorIndex(i), Slice(), TensorIndex(j)}), 0));
      EXPECT_TRUE(same_on_gpu(g.mT().index({TensorIndex(ii), TensorIndex(j)}), c.mT().index({TensorIndex(i), TensorIndex(j)}), 0));
    }
    // boolean masks (nonzero on the host)
    Tensor m = greater(sample({4, 5}, float64, 32), Scalar(0.0));
    EXPECT_TRUE(same_on_gpu(g.index({TensorIndex(m.to(kGpu))}), c.index({TensorIndex(m)}), 0));
    // index_put: a scalar (repeated positions get the same value), then without repeated
    // positions (which value a repeated position gets is unspecified on the GPU) a broadcast
    // host tensor and a device tensor; basic-index assignments
    Tensor c2 = c.copy(), g2 = g.copy();
    c2.index_put({TensorIndex(i), Slice(), TensorIndex(j)}, Scalar(1));
    g2.index_put({TensorIndex(i.to(kGpu)), Slice(), TensorIndex(j)}, Scalar(1));
    EXPECT_TRUE(same_on_gpu(g2, c2, 0));
    Tensor u = asarray(std::vector<int64_t>{3, 1, 5, 0}), k = asarray(std::vector<int64_t>{2, 0, 3});
    Tensor v = sample({4}, d, 33);
    c2.index_put({ellipsis, TensorIndex(u)}, v);
    g2.index_put({ellipsis, TensorIndex(u)}, v);
    EXPECT_TRUE(same_on_gpu(g2, c2, 0));
    Tensor w = sample({4, 5, 6}, d, 34).index({TensorIndex(k)});
    c2.index_put({TensorIndex(k)}, w);
    g2.index_put({TensorIndex(k)}, w.to(kGpu));
    EXPECT_TRUE(same_on_gpu(g2, c2, 0));
    c2.index_put({Slice(1, 3), int64_t{2}}, Scalar(0));
    g2.index_put({Slice(1, 3), int64_t{2}}, Scalar(0));
    EXPECT_TRUE(same_on_gpu(g2, c2, 0));
    Tensor row = sample({6}, d, 35);
    c2.index_put({Slice(), Slice(std::nullopt, std::nullopt, 2)}, row);
    g2.index_put({Slice(), Slice(std::nullopt, std::nullopt, 2)}, row);
    EXPECT_TRUE(same_on_gpu(g2, c2, 0));
    Tensor blk = sample({2, 5, 6}, d, 36);
    c2.index_put({Slice(0, 2)}, blk);
    g2.index_put({Slice(0, 2)}, blk.to(kGpu));
    EXPECT_TRUE(same_on_gpu(g2, c2, 0));
  }
}

TEST(CudaIndexing, BoundsAndShapeErrorsAsOnTheCpu) {
  NEED_GPU();
  Tensor g = ones({3, 4}).to(kGpu);
  auto message = [](const std::function<void()>& f) -> std::string {
    try {
      f();
    } catch (const IndexError& e) {
      return e.what();
    }
    return "no IndexError";
  };
  for (const Tensor& bad : {asarray(std::vector<int64_t>{0, 3}), asarray(std::vector<int64_t>{-4}).to(kGpu)}) {
    const std::string m = message([&] { (void)g.index({TensorIndex(bad)}); });
    EXPECT_NE(m.find("out of bounds for axis 0 with size 3"), std::string::npos) << m;
    const std::string mp = message([&] { g.index_put({TensorIndex(bad)}, Scalar(0)); });
    EXPECT_NE(mp.find("out of bounds for axis 0 with size 3"), std::string::npos) << mp;
  }
  EXPECT_THROW(g.index({TensorIndex(asarray(std::vector<int64_t>{0, 1})), TensorIndex(asarray(std::vector<int64_t>{0, 1, 2}))}),
               IndexError);
  EXPECT_THROW(g.index({TensorIndex(greater(ones({4}), Scalar(0.0)))}), IndexError);
  EXPECT_TRUE(same_on_gpu(ones({3, 4}).to(kGpu), ones({3, 4}), 0));  // nothing written
}

}  // namespace
}  // namespace parity

// Devices and the device-independent front end: what holds with or without a GPU. A tensor
// labelled cuda:0 over host memory (the wrapping Storage constructor, as from_blob) lets the
// front end's checks run here; no kernel ever receives it without a device that exists.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>

#include "parity/device.h"
#include "parity/fft.h"
#include "parity/linalg.h"
#include "parity/ops.h"
#include "parity/sorting.h"

namespace parity {
namespace {

template <class E, class F> std::string message_of(F f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("wrong class: ") + e.what();
  }
  return "no exception";
}
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
bool allclose(const Tensor& a, const Tensor& b, double rtol, double atol) {
  std::vector<double> x = a.to_double_vector(), y = b.to_double_vector();
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (!(std::abs(x[i] - y[i]) <= atol + rtol * std::abs(y[i]))) return false;
  return true;
}

// A float64 tensor of shape (n,) whose storage says cuda:0 but is host memory.
Tensor labelled_cuda(int64_t n) {
  auto* buf = new double[static_cast<size_t>(n)]();
  auto st = std::make_shared<Storage>(buf, n * 8, [](void* p) { delete[] static_cast<double*>(p); }, Device::cuda);
  return Tensor(st, DType::Float64, {n}, {1}, 0);
}

TEST(Device, ParseAndPrintAsTorchDevice) {
  EXPECT_EQ(Device::parse("cpu"), Device::cpu);
  EXPECT_EQ(Device::parse("cuda"), Device::cuda);
  EXPECT_EQ(Device::parse("cuda:3"), Device(DeviceType::cuda, 3));
  EXPECT_EQ(to_string(Device::cpu), "cpu");
  EXPECT_EQ(to_string(Device(DeviceType::cuda, 1)), "cuda:1");
  for (const char* bad : {"gpu", "cuda:", "cuda:x", "cuda:-1", "CPU", "cuda:99999"})
    EXPECT_TRUE(contains(message_of<ValueError>([&] { Device::parse(bad); }), "[Device] unknown device")) << bad;
  EXPECT_LT(Device::cpu, Device::cuda);
}

TEST(Device, ListDevicesIsTheCpuThenEachGpu) {
  std::vector<Device> ds = list_devices();
  ASSERT_EQ(ds.size(), static_cast<size_t>(1 + cuda_device_count()));
  EXPECT_EQ(ds[0], Device::cpu);
  for (int i = 0; i < cuda_device_count(); ++i) EXPECT_EQ(ds[1 + i], Device(DeviceType::cuda, i));
  if (!built_with_cuda()) {
    EXPECT_EQ(cuda_device_count(), 0);  // the stub sees no device
  }
}

TEST(Device, UnavailableDevicesRaiseNamingThem) {
  const Device missing(DeviceType::cuda, cuda_device_count());  // one past the last GPU
  const std::string why = built_with_cuda() ? "is not available" : "built without CUDA";
  for (auto [what, f] : std::vector<std::pair<std::string, std::function<void()>>>{
           {"[to]", [&] { zeros({3}).to(missing); }},
           {"[DeviceGuard]", [&] { DeviceGuard g(missing); }},
           {"[Storage]", [&] { Storage s(8, missing); }}}) {
    const std::string m = message_of<RuntimeError>(f);
    EXPECT_TRUE(contains(m, what) && contains(m, to_string(missing)) && contains(m, why)) << m;
  }
  EXPECT_EQ(default_device(), Device::cpu);  // the failed guard changed nothing
}

TEST(Device, HostCodeNeverReadsDeviceMemory) {
  Tensor t = labelled_cuda(4);
  EXPECT_EQ(t.device(), Device::cuda);
  EXPECT_TRUE(contains(message_of<NotImplementedError>([&] { t.data_ptr(); }), "on cuda:0"));
  EXPECT_NE(t.device_ptr(), nullptr);
  // Views are metadata only: they keep the device.
  EXPECT_EQ(t.reshape({2, 2}).T().device(), Device::cuda);
  EXPECT_EQ(t.index({Slice(1, 3)}).device(), Device::cuda);
}

// linalg (LAPACK), fft (KISS FFT), sorting, searching, take and unique have no device path yet: a
// device tensor is refused by name (require_cpu) before any host loop could read it.
TEST(Device, HostOnlyOpsRefuseDeviceTensorsByName) {
  const Tensor m = labelled_cuda(4).reshape({2, 2});
  const Tensor v = labelled_cuda(4);
  auto refused = [](const std::string& m_, const std::string& op) {
    return m_.rfind("[" + op + "]", 0) == 0 && contains(m_, "CPU only") && contains(m_, "cuda:0");
  };
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { linalg::cholesky(m); }), "linalg.cholesky"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { linalg::det(m); }), "linalg.det"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { linalg::eigh(m); }), "linalg.eigh"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { linalg::svd(m); }), "linalg.svd"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { linalg::inv(m); }), "linalg.inv"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { linalg::solve(m, v.reshape({2, 2})); }), "linalg.solve"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { fft::fft(v); }), "fft.fft"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { fft::rfft(v); }), "fft.rfft"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { fft::irfft(v); }), "fft.irfft"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { fft::fftn(m); }), "fft.fftn"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { fft::irfftn(m); }), "fft.irfftn"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { sort(v); }), "sort"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { argsort(v); }), "argsort"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { searchsorted(v, v); }), "searchsorted"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { isin(v, v); }), "isin"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { take(v, asarray(std::vector<int64_t>{0})); }), "take"));
  EXPECT_TRUE(refused(message_of<NotImplementedError>([&] { unique_values(v); }), "unique_values"));
}

TEST(Device, MixingDevicesRaisesNamingBoth) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "covered with real device memory by CudaDevice tests";
  Tensor g = labelled_cuda(3);
  Tensor c = ones({3});
  for (auto f : std::vector<std::function<void()>>{[&] { add(c, g); }, [&] { add(g, c); }, [&] { multiply(g, c, c); }}) {
    const std::string m = message_of<RuntimeError>(f);
    EXPECT_TRUE(contains(m, "cpu") && contains(m, "cuda:0")) << m;
  }
  // A CPU 0-d tensor or a scalar may join an op on the GPU: the device decides, and here it
  // does not exist, so the error is about availability, not about mixing.
  for (auto f : std::vector<std::function<void()>>{[&] { add(g, asarray(1.0)); }, [&] { add(g, 2.0); }, [&] { sin(g); }}) {
    const std::string m = message_of<RuntimeError>(f);
    EXPECT_TRUE(contains(m, "cuda:0 is not available")) << m;
  }
  EXPECT_TRUE(contains(message_of<RuntimeError>([&] { g.repr(); }), "cuda:0 is not available"));
}

TEST(Device, GuardScopesNestAndRestore) {
  EXPECT_EQ(default_device(), Device::cpu);
  {
    DeviceGuard outer(Device::cpu);
    EXPECT_EQ(default_device(), Device::cpu);
  }
  EXPECT_EQ(default_device(), Device::cpu);
}

// ---- with a GPU ----

class CudaDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  }
};

TEST_F(CudaDevice, RoundTripsEveryDtypeAndLayout) {
  Tensor x = arange(24).reshape({2, 3, 4});
  for (DType d : kAllDTypes) {
    Tensor a = x.astype(d);
    for (Tensor v : {a, a.T(), a.index({Slice(), Slice(None, None, -1), Slice(1, None, 2)}), a.broadcast_to({5, 2, 3, 4})}) {
      Tensor g = v.to(Device::cuda);
      EXPECT_EQ(g.device(), Device::cuda);
      EXPECT_EQ(g.shape(), v.shape());
      Tensor back = g.to(Device::cpu);
      EXPECT_TRUE(all(equal(back, v)).item<bool>()) << name(d);
    }
  }
}

TEST_F(CudaDevice, ReprNamesTheDevice) {
  Tensor g = array({1.0, 2.0}).to(Device::cuda);
  EXPECT_EQ(g.repr(), "array([1., 2.], device='cuda:0')");
  EXPECT_EQ(array({1, 2}, int32).to(Device::cuda).repr(), "array([1, 2], dtype=int32, device='cuda:0')");
}

TEST_F(CudaDevice, MixingDevicesRaisesNamingBoth) {
  Tensor g = ones({3}).to(Device::cuda);
  const std::string m = message_of<RuntimeError>([&] { add(g, ones({3})); });
  EXPECT_TRUE(contains(m, "[add]") && contains(m, "cpu") && contains(m, "cuda:0")) << m;
  // A CPU 0-d tensor and a weak scalar join by value.
  EXPECT_EQ(add(g, asarray(1.0)).to(Device::cpu).to_double_vector(), (std::vector<double>{2, 2, 2}));
  EXPECT_EQ(add(2.0, g).device(), Device::cuda);
}

TEST_F(CudaDevice, UfuncsMatchTheCpu) {
  Tensor x = linspace(-3, 3, 1001);
  Tensor g = x.to(Device::cuda);
  Tensor want = divide(1.0, add(1.0, exp(negative(x))));
  Tensor got = divide(1.0, add(1.0, exp(negative(g)))).to(Device::cpu);
  EXPECT_TRUE(allclose(got, want, 1e-15, 0));
}

TEST_F(CudaDevice, GuardPlacesCreationNotTheEnginesTemporaries) {
  DeviceGuard on(Device::cuda);
  EXPECT_EQ(zeros({3}).device(), Device::cuda);
  EXPECT_EQ(arange(4).device(), Device::cuda);
  // CPU tensors' ops and their gradients stay on the CPU under the guard.
  Tensor x = zeros_like(linspace(0, 1, 6).to(Device::cpu)).to(Device::cpu);
  x.requires_grad_();
  std::vector<Tensor> parts = split(x, {2}, 0);
  sum(multiply(parts[1], parts[1])).backward();
  EXPECT_EQ(x.grad().device(), Device::cpu);
  Tensor r = repeat(x.detach(), {2}, 0);
  EXPECT_EQ(r.device(), Device::cpu);
}

TEST_F(CudaDevice, BackwardRunsOnTheGpu) {
  Tensor x = linspace(-2, 2, 7).to(Device::cuda);
  x.requires_grad_();
  Tensor y = sum(multiply(sin(x), x));
  y.backward();
  EXPECT_EQ(x.grad().device(), Device::cuda);
  Tensor xc = linspace(-2, 2, 7);
  Tensor want = add(multiply(cos(xc), xc), sin(xc));
  EXPECT_TRUE(allclose(x.grad().to(Device::cpu), want, 1e-12, 1e-12));
}

}  // namespace
}  // namespace parity

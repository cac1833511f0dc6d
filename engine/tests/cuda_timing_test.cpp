// parity/cuda_timing.h: CUDA-event timing of GPU work. Without a usable GPU each function raises
// one clear RuntimeError (built without CUDA / no CUDA device); on a GPU a device-to-device copy
// takes a positive, finite time.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "parity/cuda_timing.h"
#include "parity/errors.h"
#include "parity/ops.h"

using namespace parity;

TEST(CudaTiming, TheCpuIsNotAGpu) {
  EXPECT_THROW(cuda_time_ms([] {}, Device::cpu), ValueError);
  EXPECT_THROW(cuda_synchronize(Device::cpu), ValueError);
}

TEST(CudaTiming, RaisesClearlyWithoutAGpu) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a GPU is present: see TimesACopy";
  const std::regex why(built_with_cuda() ? "no CUDA device" : "built without CUDA");
  for (auto f : {+[] { cuda_time_ms([] {}, Device::cuda, 3); }, +[] { cuda_synchronize(Device::cuda); },
                 +[] { (void)cuda_device_description(Device::cuda); }}) {
    try {
      f();
      ADD_FAILURE() << "no error without a GPU";
    } catch (const RuntimeError& e) {
      EXPECT_TRUE(std::regex_search(e.what(), why)) << e.what();
    }
  }
}

TEST(CudaTiming, TimesACopy) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  Tensor x = zeros({1 << 20}, float32).to(Device::cuda);
  Tensor y = zeros({1 << 20}, float32).to(Device::cuda);
  const double ms = cuda_time_ms([&] { y.assign(x); }, Device::cuda, 5);
  EXPECT_TRUE(std::isfinite(ms) && ms > 0) << ms;
  cuda_synchronize(Device::cuda);
  EXPECT_FALSE(cuda_device_description(Device::cuda).empty());
}

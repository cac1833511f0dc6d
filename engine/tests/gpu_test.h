#pragma once
// What the device tests (cuda_*_test.cpp) share: skipping without a GPU, and the device. No oracle
// here: the GPU check's minimal build (PARITY_GPU_MINIMAL) compiles those files without one.
#include <gtest/gtest.h>

#include "parity/device.h"

#define NEED_GPU()                                                            \
  do {                                                                        \
    if (::parity::cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device"; \
  } while (0)

namespace parity {
inline const Device kGpu = Device::cuda;
}  // namespace parity

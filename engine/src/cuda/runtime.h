#pragma once
// Backend-internal pieces of the CUDA runtime (nvcc units only): the device's stream, error
// checks and a scoped current device.
#include <cuda_runtime.h>

namespace parity::cuda {

// RuntimeError (MemoryError for cudaErrorMemoryAllocation) "[what] CUDA error: ..." unless e is cudaSuccess.
void check(cudaError_t e, const char* what);
// The one stream all of a device's work is queued on (non-blocking, so the legacy default stream
// of other libraries does not serialise with it).
cudaStream_t stream(int device);

class DeviceScope {
 public:
  explicit DeviceScope(int device);
  ~DeviceScope();
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;
 private:
  int prev_ = 0;
};

}  // namespace parity::cuda

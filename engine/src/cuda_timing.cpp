// parity/cuda_timing.h over the backend's time_ms, synchronize and device_description.
#include "parity/cuda_timing.h"

#include "cuda/backend.h"
#include "parity/errors.h"

namespace parity {

namespace {
void check_gpu(Device d, const char* op) {
  if (!d.is_cuda()) throw ValueError(std::string("[") + op + "] needs a CUDA device, got " + to_string(d));
  check_device_available(d, op);
}
}  // namespace

double cuda_time_ms(const std::function<void()>& f, Device d, int reps) {
  check_gpu(d, "cuda_time_ms");
  return cuda::time_ms(f, d.index, reps);
}

void cuda_synchronize(Device d) {
  check_gpu(d, "cuda_synchronize");
  cuda::synchronize(d.index);
}

std::string cuda_device_description(Device d) {
  check_gpu(d, "cuda_device_description");
  return cuda::device_description(d.index);
}

}  // namespace parity

// Timing GPU work with CUDA events recorded on the device's stream (backend.h: time_ms), the clock
// of `parity bench --device cuda`.
#include <cuda_runtime.h>

#include <functional>

#include "backend.h"
#include "runtime.h"

namespace parity::cuda {

namespace {
struct Event {
  cudaEvent_t e = nullptr;
  Event() { check(cudaEventCreate(&e), "time_ms"); }
  ~Event() { if (e) cudaEventDestroy(e); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
};
}  // namespace

double time_ms(const std::function<void()>& f, int device, int reps) {
  if (reps < 1) reps = 1;
  DeviceScope scope(device);
  cudaStream_t s = stream(device);
  check(cudaStreamSynchronize(s), "time_ms");  // earlier work is not counted
  Event start, stop;
  check(cudaEventRecord(start.e, s), "time_ms");
  for (int i = 0; i < reps; ++i) f();
  check(cudaEventRecord(stop.e, s), "time_ms");
  check(cudaEventSynchronize(stop.e), "time_ms");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, start.e, stop.e), "time_ms");
  return static_cast<double>(ms) / reps;
}

}  // namespace parity::cuda

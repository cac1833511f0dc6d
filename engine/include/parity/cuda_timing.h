#pragma once
// Timing work on a GPU (the sigmoid benchmark's clock on CUDA): CUDA events on the device's
// stream, after synchronising it. Every function raises RuntimeError for a device that is not
// usable ("built without CUDA", "no CUDA device cuda:N") and ValueError for the CPU.
#include <functional>
#include <string>

#include "parity/device.h"

namespace parity {

// Milliseconds per call of f(), which queues work on GPU `d`, averaged over `reps` calls timed
// together (launch gaps included, as torch.cuda.Event around a loop measures them).
double cuda_time_ms(const std::function<void()>& f, Device d, int reps = 1);
// Waits until all work queued on GPU `d` is done.
void cuda_synchronize(Device d);
// "NVIDIA H200, sm_90, 139 GiB, 132 SMs, driver 13.0, runtime 13.0".
std::string cuda_device_description(Device d);

}  // namespace parity

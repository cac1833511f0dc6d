#pragma once
// Devices: the CPU and CUDA GPUs (PyTorch's torch.device). A tensor's storage lives on one device;
// ops run where their operands live (the common device), and creation defaults to the CPU or to
// the device of an active DeviceGuard.
#include <cstdint>
#include <string>
#include <vector>

#include "parity/dtype.h"

namespace parity {

enum class DeviceType : uint8_t { cpu, cuda };

struct Device {
  DeviceType type = DeviceType::cpu;
  int16_t index = 0;  // the GPU's ordinal; 0 for the CPU

  constexpr Device() = default;
  constexpr Device(DeviceType t, int index_ = 0) : type(t), index(static_cast<int16_t>(index_)) {}
  // "cpu", "cuda", "cuda:1" (torch.device's spelling); ValueError otherwise.
  static Device parse(const std::string& s);
  static const Device cpu;   // Device::cpu
  static const Device cuda;  // Device::cuda: cuda:0
  bool is_cpu() const { return type == DeviceType::cpu; }
  bool is_cuda() const { return type == DeviceType::cuda; }
  constexpr bool operator==(const Device& o) const { return type == o.type && index == o.index; }
  constexpr bool operator!=(const Device& o) const { return !(*this == o); }
  constexpr bool operator<(const Device& o) const {
    return type != o.type ? type < o.type : index < o.index;
  }
};
inline constexpr Device Device::cpu{DeviceType::cpu, 0};
inline constexpr Device Device::cuda{DeviceType::cuda, 0};

std::string to_string(Device d);  // "cpu", "cuda:0"

// True when the engine was compiled with the CUDA backend (CMake PARITY_CUDA).
bool built_with_cuda();
// GPUs the CUDA runtime sees (0 without the backend, a driver or a GPU; never throws).
int cuda_device_count();
// "NVIDIA H200, sm_90, 139 GiB, 132 SMs, driver 13.0, runtime 13.0" for a GPU; "cpu" for the CPU.
std::string device_description(Device d);
// The CPU, then every GPU: cuda:0, cuda:1, ...
std::vector<Device> list_devices();
// Where creation functions (zeros, arange, array...) put new tensors: the innermost
// DeviceGuard's device, else the CPU.
Device default_device();

// Scoped default device (TensorFlow's `with tf.device(...)`, PyTorch's `with torch.device(...)`):
// creation inside the scope defaults to `d`. Per thread; scopes nest. Making one for a device
// that does not exist raises RuntimeError.
class DeviceGuard {
 public:
  explicit DeviceGuard(Device d);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;
 private:
  Device prev_;
};

// Whether op `op` (the engine's C++ name, as engine_op_names() lists it) has a CUDA kernel for
// inputs of `dtype` in this build: what the OpInfo entries' dtypes_cuda are derived from. Answers
// without a GPU (it reads the backend's kernel tables); false in a build without CUDA.
bool has_cuda_kernel(const std::string& op, DType dtype);

// Raises RuntimeError unless `d` is usable: the CPU, or a GPU that exists in a CUDA build.
// `op` names the caller in the message ("[to] ... built without CUDA").
void check_device_available(Device d, const char* op);

}  // namespace parity

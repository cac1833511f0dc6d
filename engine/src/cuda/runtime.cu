// The CUDA runtime side of the backend: device queries, one stream per device, the caching
// allocator and copies (engine/src/cuda/backend.h).
#include <cuda_runtime.h>

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "backend.h"
#include "parity/errors.h"
#include "runtime.h"

namespace parity::cuda {

void check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  cudaGetLastError();  // clear the sticky-free error state for the next call
  if (e == cudaErrorMemoryAllocation)
    throw MemoryError(std::string("[") + what + "] CUDA out of memory: " + cudaGetErrorString(e));
  throw RuntimeError(std::string("[") + what + "] CUDA error: " + cudaGetErrorString(e));
}

bool built() { return true; }

int device_count() {
  static const int n = [] {
    int c = 0;
    if (cudaGetDeviceCount(&c) != cudaSuccess) {  // no driver, or no GPU
      cudaGetLastError();
      return 0;
    }
    return c;
  }();
  return n;
}

namespace {
void check_index(int device, const char* what) {
  if (device < 0 || device >= device_count())
    throw RuntimeError(std::string("[") + what + "] no CUDA device cuda:" + std::to_string(device) + " (" +
                       std::to_string(device_count()) + " found)");
}
}  // namespace

std::string device_name(int index) {
  check_index(index, "device_name");
  cudaDeviceProp p;
  check(cudaGetDeviceProperties(&p, index), "device_name");
  return p.name;
}

std::string device_description(int index) {
  check_index(index, "device_description");
  cudaDeviceProp p;
  check(cudaGetDeviceProperties(&p, index), "device_description");
  int drv = 0, rt = 0;
  cudaDriverGetVersion(&drv);
  cudaRuntimeGetVersion(&rt);
  auto ver = [](int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); };
  return std::string(p.name) + ", sm_" + std::to_string(p.major) + std::to_string(p.minor) + ", " +
         std::to_string(p.totalGlobalMem >> 30) + " GiB, " + std::to_string(p.multiProcessorCount) +
         " SMs, driver " + ver(drv) + ", runtime " + ver(rt);
}

// ---- streams ----
cudaStream_t stream(int device) {
  check_index(device, "stream");
  static std::mutex mu;
  static std::vector<cudaStream_t> streams(device_count(), nullptr);
  std::lock_guard<std::mutex> lock(mu);
  if (!streams[device]) {
    DeviceScope scope(device);
    check(cudaStreamCreateWithFlags(&streams[device], cudaStreamNonBlocking), "stream");
  }
  return streams[device];
}

DeviceScope::DeviceScope(int device) {
  cudaGetDevice(&prev_);
  if (prev_ != device) check(cudaSetDevice(device), "set device");
}
DeviceScope::~DeviceScope() { cudaSetDevice(prev_); }

// ---- the caching allocator ----
// Freed blocks wait in per-device free lists keyed by rounded size. All work on a device is
// queued on its one stream, so a block released on the host while kernels that read it are still
// queued can be handed out again at once: whatever is queued next on that stream runs after
// them (stream-ordered reuse, as PyTorch's CUDACachingAllocator does per stream).
namespace {
struct Cache {
  std::mutex mu;
  std::vector<std::multimap<int64_t, void*>> free_blocks;
  std::vector<int64_t> cached;
};
Cache& cache() {
  static Cache* c = [] {  // leaked: storages may die after static destructors run
    auto* c = new Cache;
    c->free_blocks.resize(device_count());
    c->cached.assign(device_count(), 0);
    return c;
  }();
  return *c;
}
int64_t round_size(int64_t n) {
  if (n <= 512) return 512;
  if (n <= (int64_t{1} << 20)) return (n + 511) / 512 * 512;
  return (n + (int64_t{1} << 20) - 1) >> 20 << 20;  // whole MiB above 1 MiB
}
void empty_device_cache(int device) {
  Cache& c = cache();
  DeviceScope scope(device);
  synchronize(device);
  for (auto& [size, p] : c.free_blocks[device]) cudaFree(p);
  c.free_blocks[device].clear();
  c.cached[device] = 0;
}
}  // namespace

void* alloc(int64_t nbytes, int device) {
  check_index(device, "cuda alloc");
  const int64_t size = round_size(nbytes);
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mu);
    auto& fl = c.free_blocks[device];
    // Best fit among blocks at most twice the size (a big block is not split).
    auto it = fl.lower_bound(size);
    if (it != fl.end() && it->first <= 2 * size) {
      void* p = it->second;
      c.cached[device] -= it->first;
      fl.erase(it);
      return p;
    }
  }
  DeviceScope scope(device);
  void* p = nullptr;
  cudaError_t e = cudaMalloc(&p, static_cast<size_t>(size));
  if (e == cudaErrorMemoryAllocation) {  // give the cache back and try once more
    cudaGetLastError();
    {
      std::lock_guard<std::mutex> lock(c.mu);
      empty_device_cache(device);
    }
    e = cudaMalloc(&p, static_cast<size_t>(size));
  }
  check(e, "cuda alloc");
  return p;
}

void release(void* p, int64_t nbytes, int device) {
  if (!p || device < 0 || device >= device_count()) return;
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  const int64_t size = round_size(nbytes);
  c.free_blocks[device].emplace(size, p);
  c.cached[device] += size;
}

// ---- copies: queued on the device's stream ----
void copy_to_device(void* dst, const void* src, int64_t nbytes, int device) {
  if (nbytes == 0) return;
  DeviceScope scope(device);
  // From pageable host memory the copy is staged by the driver; synchronising keeps the source's
  // lifetime simple (the host buffer may be freed as soon as this returns).
  check(cudaMemcpyAsync(dst, src, static_cast<size_t>(nbytes), cudaMemcpyHostToDevice, stream(device)), "copy to cuda");
  check(cudaStreamSynchronize(stream(device)), "copy to cuda");
}
void copy_to_host(void* dst, const void* src, int64_t nbytes, int device) {
  if (nbytes == 0) return;
  DeviceScope scope(device);
  check(cudaMemcpyAsync(dst, src, static_cast<size_t>(nbytes), cudaMemcpyDeviceToHost, stream(device)), "copy from cuda");
  check(cudaStreamSynchronize(stream(device)), "copy from cuda");
}
void copy_on_device(void* dst, const void* src, int64_t nbytes, int device) {
  if (nbytes == 0) return;
  DeviceScope scope(device);
  check(cudaMemcpyAsync(dst, src, static_cast<size_t>(nbytes), cudaMemcpyDeviceToDevice, stream(device)), "cuda copy");
}
void synchronize(int device) {
  if (device < 0 || device >= device_count()) return;
  DeviceScope scope(device);
  check(cudaStreamSynchronize(stream(device)), "synchronize");
}

}  // namespace parity::cuda

// Devices (parity/device.h) and moving tensors between them (Tensor::to).
#include "parity/device.h"

#include <algorithm>
#include <cstring>

#include "allocator.h"
#include "cuda/backend.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/tensor.h"
#include "shape_util.h"

namespace parity {

Device Device::parse(const std::string& s) {
  if (s == "cpu") return Device::cpu;
  if (s == "cuda") return Device::cuda;
  if (s.rfind("cuda:", 0) == 0 && s.size() > 5 && s.size() <= 9 &&
      std::all_of(s.begin() + 5, s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return Device(DeviceType::cuda, std::stoi(s.substr(5)));
  throw ValueError("[Device] unknown device '" + s + "' (expected cpu, cuda or cuda:N)");
}

std::string to_string(Device d) { return d.is_cpu() ? "cpu" : "cuda:" + std::to_string(d.index); }

bool built_with_cuda() { return cuda::built(); }
int cuda_device_count() { return cuda::device_count(); }

std::string device_description(Device d) {
  if (d.is_cpu()) return "cpu";
  check_device_available(d, "device_description");
  return cuda::device_description(d.index);
}

std::vector<Device> list_devices() {
  std::vector<Device> r{Device::cpu};
  for (int i = 0; i < cuda::device_count(); ++i) r.emplace_back(DeviceType::cuda, i);
  return r;
}

void check_device_available(Device d, const char* op) {
  if (d.is_cpu()) return;
  if (!cuda::built())
    throw RuntimeError(op_msg(op, to_string(d) + " is not available: Parity was built without CUDA (CMake PARITY_CUDA=OFF or no nvcc)"));
  const int n = cuda::device_count();
  if (d.index < 0 || d.index >= n)
    throw RuntimeError(op_msg(op, to_string(d) + " is not available: " +
                                      (n == 0 ? std::string("no CUDA device") : std::to_string(n) + " CUDA device(s)")));
}

namespace {
thread_local Device t_default_device = Device::cpu;
}

Device default_device() { return t_default_device; }

DeviceGuard::DeviceGuard(Device d) : prev_(t_default_device) {
  check_device_available(d, "DeviceGuard");
  t_default_device = d;
}
DeviceGuard::~DeviceGuard() { t_default_device = prev_; }

// ---------------- Tensor::to ----------------

namespace {
// The smallest byte range of t's storage that holds every element of t: [first, first + n).
void byte_span(const Tensor& t, int64_t& first, int64_t& n) {
  int64_t lo = t.offset(), hi = t.offset();
  for (int64_t i = 0; i < t.ndim(); ++i) {
    if (t.shape()[i] == 0) { first = 0; n = 0; return; }
    const int64_t reach = (t.shape()[i] - 1) * t.strides()[i];
    (reach < 0 ? lo : hi) += reach;
  }
  first = lo * t.itemsize();
  n = (hi - lo + 1) * t.itemsize();
}

// A copy of a CUDA tensor on the host, in any layout: a contiguous tensor moves in one copy; a
// view is made contiguous on its device when the strided copy kernel exists, else the byte range
// holding its elements moves and the view is taken of that on the host.
Tensor device_to_host(const Tensor& t) {
  Tensor src = t;
  if (!src.is_contiguous() && cuda::cast_kernel(t.dtype(), t.dtype())) src = t.copy();
  Tensor out;
  if (src.is_contiguous()) {
    out = new_tensor(src.shape(), src.dtype(), "to");
    cuda::copy_to_host(out.data_ptr(), src.device_ptr(), src.nbytes(), src.device().index);
    return out;
  }
  int64_t first, n;
  byte_span(src, first, n);
  auto st = detail::make_storage(n);
  cuda::copy_to_host(st->data(), static_cast<char*>(src.storage()->data()) + first, n, src.device().index);
  Tensor view(st, src.dtype(), src.shape(), src.strides(), src.offset() - first / src.itemsize());
  return view.copy();
}
}  // namespace

Tensor Tensor::to(Device d, bool copy_always) const {
  if (!defined()) throw ValueError("[to] undefined tensor");
  const Device from = device();
  if (d == from) return copy_always ? copy() : *this;
  check_device_available(d, "to");
  check_device_available(from, "to");
  Tensor out;
  {
    autograd::NoGrad no_grad;  // recorded once below
    if (from.is_cpu()) {
      Tensor src = contiguous();
      out = new_tensor(shape(), dtype(), "to", d);
      cuda::copy_to_device(out.device_ptr(), src.data_ptr(), src.nbytes(), d.index);
    } else if (d.is_cpu()) {
      out = device_to_host(*this);
    } else {  // between GPUs, through the host
      out = device_to_host(*this).to(d);
    }
  }
  if (!autograd_meta() || !autograd::grad_enabled()) return out;
  return autograd::record("to", out, {*this}, [from](const Tensor& g) { return std::vector<Tensor>{g.to(from)}; });
}

}  // namespace parity

// CUDA kernels of add, subtract, multiply, divide, floor_divide, remainder, fmod, power, arctan2,
// hypot, copysign, logaddexp and nextafter: the kernels of kernels/binary.h in the CPU's loops
// (complex power: ew_complex.cu).
#include "../kernels/binary.h"
#include "elementwise.cuh"
#include "ew_units.h"

namespace parity::cuda {

namespace {
// Operand 1 (the exponent) of a signed integer power has a negative element?
template <class T> __global__ void any_negative_kernel(const __grid_constant__ Operands p, int* flag) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * ew::kThreads;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * ew::kThreads + threadIdx.x; i < p.numel; i += step) {
    int64_t off = 0, r = i;
    for (int d = p.ndim - 1; d >= 0; --d) {
      off += (r % p.shape[d]) * p.strides[1][d];
      r /= p.shape[d];
    }
    if (*reinterpret_cast<const T*>(p.data[1] + off) < 0) *flag = 1;
  }
}

template <class T> bool any_negative_exponent(const Operands& ops, int device) {
  if (ops.by_value[1]) {
    T v;
    std::memcpy(&v, ops.value[1], sizeof(T));
    return v < 0;
  }
  DeviceScope scope(device);
  cudaStream_t s = stream(device);
  int* flag = static_cast<int*>(alloc(sizeof(int), device));
  int h = 0;
  try {
    check(cudaMemsetAsync(flag, 0, sizeof(int), s), "power");
    const int64_t blocks = std::min<int64_t>((ops.numel + ew::kThreads - 1) / ew::kThreads, int64_t(1) << 16);
    any_negative_kernel<T><<<static_cast<unsigned>(blocks), ew::kThreads, 0, s>>>(ops, flag);
    check(cudaGetLastError(), "power");
    copy_to_host(&h, flag, sizeof(int), device);  // waits for the stream
  } catch (...) {
    release(flag, sizeof(int), device);
    throw;
  }
  release(flag, sizeof(int), device);
  return h != 0;
}

// NumPy raises ValueError for a negative integer exponent, as the CPU loop does; checked before
// the kernel runs, so the output is left untouched then.
template <class T> void run_power(const Operands& ops, int device, const void* ctx) {
  if constexpr (std::is_signed_v<T> && std::is_integral_v<T>)
    if (ops.numel > 0 && any_negative_exponent<T>(ops, device)) throw_negative_integer_power();
  ew::run_binary<kern::Power, T>(ops, device, ctx);
}
template <class... Ts> void add_power(TypeList<Ts...>) {
  (add_ufunc_kernel("power", {dtype_of<Ts>(), dtype_of<Ts>()},
                    ew::dtype_of_dev<typename ew::Binary<kern::Power, ew::dev_t<Ts>>::O>(), &run_power<Ts>), ...);
}

// nextafter runs on the storage type itself (a step in a 16-bit float's own bits), not through
// ew::Binary's compute type.
template <class T> struct NextAfterOp {
  __device__ T operator()(T a, T b) const { return kern::NextAfter{}(a, b); }
};
template <class T> void run_nextafter(const Operands& ops, int device, const void*) {
  ew::launch<NextAfterOp<T>, T, T, T>(ops, device);
}
template <class... Ts> void add_nextafter(TypeList<Ts...>) {
  (add_ufunc_kernel("nextafter", {dtype_of<Ts>(), dtype_of<Ts>()}, dtype_of<Ts>(), &run_nextafter<Ts>), ...);
}
}  // namespace

void register_binary_arith_kernels() {
  using namespace ew;
  add_binary<kern::Add>("add", AllLoops{});
  add_binary<kern::Subtract>("subtract", NumericLoops{});
  add_binary<kern::Multiply>("multiply", AllLoops{});
  add_binary<kern::Divide>("divide", FloatLoops{});
  using DivLoops = Concat<IntLoops, RealFloatLoops>;
  add_binary<kern::FloorDivide>("floor_divide", DivLoops{});
  add_binary<kern::Remainder>("remainder", DivLoops{});
  add_binary<kern::FMod>("fmod", DivLoops{});
  add_power(Concat<IntLoops, RealFloatLoops>{});
  add_binary<kern::Arctan2>("arctan2", RealFloatLoops{});
  add_binary<kern::Hypot>("hypot", RealFloatLoops{});
  add_binary<kern::CopySign>("copysign", RealFloatLoops{});
  add_binary<kern::LogAddExp>("logaddexp", RealFloatLoops{});
  add_nextafter(RealFloatLoops{});
}

}  // namespace parity::cuda

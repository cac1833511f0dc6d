#pragma once
// Shared by bench/sigmoid.cpp (Google Benchmark) and `parity bench sigmoid` (cli/bench_cmd.cpp):
// the tutorial's sigmoid 1 / (1 + exp(-x)) on float32 inputs, timed for NumPy and the engine in
// the same process on the same data.
//
// How each side is timed (per call, in nanoseconds):
//  - NumPy: inside Python, with timeit (perf_counter, the statement compiled inline into the loop,
//    GC off), so the C++ -> Python crossing is paid once per batch of calls, not per call. The
//    inputs are the engine's tensors, passed as ndarrays that share their memory.
//  - engine: a C++ loop timed with std::chrono::steady_clock; each call allocates its result as an
//    eager call does (no reused output buffer).
// Both calibrate their loop count (doubling) until one batch takes at least `min_time_s`.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "parity/compile.h"
#include "parity/cuda_timing.h"
#include "parity/ops.h"
#include "parity/oracle.h"

namespace parity::bench {

// The sizes of the tutorial's plot (2^0 .. 2^20) and 2^24 for the memory floor.
inline const std::vector<int64_t>& sigmoid_sizes() {
  static const std::vector<int64_t> s = {1, 1 << 5, 1 << 10, 1 << 15, 1 << 20, 1 << 24};
  return s;
}

// On a GPU (`parity bench sigmoid --device cuda`): the same sizes and 2^26, where a call moves
// enough bytes (512 MiB in and out) to measure bandwidth against the device-to-device copy.
inline const std::vector<int64_t>& sigmoid_cuda_sizes() {
  static const std::vector<int64_t> s = {1, 1 << 5, 1 << 10, 1 << 15, 1 << 20, 1 << 24, 1 << 26};
  return s;
}

// float32 inputs in a range where exp(-x) neither overflows nor underflows (the work is real).
inline Tensor sigmoid_input(int64_t n, uint64_t seed = 0) {
  Generator rng(seed);
  return rng.uniform({n}, -8.0, 8.0, float32);
}

// The tutorial's expression, eagerly: four ops, three full-size intermediates.
inline Tensor sigmoid_eager(const Tensor& x) { return divide(1, add(1, exp(negative(x)))); }

// The same expression under compile(f): one blockwise pass, no intermediates in memory.
inline Tensor sigmoid_compiled(const Tensor& x) {
  static const auto f = compile([](const Tensor& t) { return sigmoid_eager(t); });
  return f(x);
}

// Per-call time of `stmt` (a Python statement; the tensors in `args` are bound by name, `np` is
// numpy), timed inside Python. Throws std::runtime_error if Python raises.
inline double numpy_ns(const std::string& stmt, const oracle::Args& args, double min_time_s) {
  // A helper in __main__ (defined once): doubles the loop count like timeit.autorange until a
  // batch takes min_time/2, then times one batch of twice that many calls.
  static const bool defined = [] {
    oracle::exec(
        "def _parity_bench_time(stmt, ns, min_time):\n"
        "    import timeit\n"
        "    t = timeit.Timer(stmt, globals=ns)\n"
        "    n = 1\n"
        "    while t.timeit(n) < min_time / 2 and n < (1 << 40):\n"
        "        n *= 2\n"
        "    return t.timeit(2 * n) / (2 * n) * 1e9\n");
    return true;
  }();
  (void)defined;
  std::string expr = "__import__('__main__')._parity_bench_time('" + stmt + "', globals(), " +
                     std::to_string(min_time_s) + ")";
  return std::stod(oracle::eval_str(expr, args));
}

// Per-call time of the C++ callable `f` (its result is kept alive until the next call, then freed).
template <class F>
double engine_ns(F&& f, double min_time_s) {
  using clock = std::chrono::steady_clock;
  { auto warm = f(); (void)warm; }
  for (int64_t n = 1;; n *= 2) {
    auto t0 = clock::now();
    for (int64_t i = 0; i < n; ++i) {
      auto r = f();
      asm volatile("" : : "g"(&r) : "memory");  // keep the call
    }
    double s = std::chrono::duration<double>(clock::now() - t0).count();
    if (s >= min_time_s || n >= (int64_t{1} << 40)) return s / static_cast<double>(n) * 1e9;
  }
}

// Per-call time (ns) of the callable `f`, which queues work on GPU `dev`: after a warm-up call and
// synchronising, batches of calls are timed with CUDA events on the device's stream
// (cuda_time_ms), the count doubled until a batch takes `min_time_s`. Each call's result is freed
// when the next begins (stream-ordered reuse by the caching allocator).
template <class F>
double gpu_ns(F&& f, Device dev, double min_time_s) {
  { auto warm = f(); (void)warm; }
  cuda_synchronize(dev);
  for (int n = 1;; n *= 2) {
    const double ms = cuda_time_ms([&] { auto r = f(); (void)r; }, dev, n);
    if (ms * n / 1e3 >= min_time_s || n >= (1 << 30)) return ms * 1e6;
  }
}

// One timing sample (ns per call) of each implementation at one size.
struct SigmoidSample {
  double numpy = 0, eager = 0, compiled = 0, op = 0, copy = 0;
};

inline SigmoidSample sigmoid_sample(const Tensor& x, double min_time_s) {
  SigmoidSample s;
  const oracle::Args args = {{"x", x}};
  s.numpy = numpy_ns("1 / (1 + np.exp(-x))", args, min_time_s);
  s.eager = engine_ns([&] { return sigmoid_eager(x); }, min_time_s);
  s.compiled = engine_ns([&] { return sigmoid_compiled(x); }, min_time_s);
  s.op = engine_ns([&] { return sigmoid(x); }, min_time_s);
  s.copy = engine_ns([&] { return copy(x); }, min_time_s);
  return s;
}

// Median, minimum and maximum of repeated samples.
struct Stat {
  double median = 0, min = 0, max = 0;
};

inline Stat stat_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  Stat s;
  if (v.empty()) return s;
  size_t n = v.size();
  s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  s.min = v.front();
  s.max = v.back();
  return s;
}

}  // namespace parity::bench

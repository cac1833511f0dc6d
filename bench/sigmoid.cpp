// The tutorial's closing experiment and the dispatch-overhead set of issue 6, engine against NumPy
// in one process on the same inputs (NumPy runs in the embedded interpreter; see sigmoid_common.h
// for how each side is timed).
//
// Engine benchmarks are timed by Google Benchmark's loop; each one also times its NumPy
// counterpart once (numpy_ns, in Python with timeit, at least 0.2 s) before its loop and reports
//   numpy_ns  NumPy's per-call time, vs_numpy  engine time / NumPy time (< 1: the engine wins).
// The sigmoid ones also report vs_copy (time / the engine's plain float32 copy of the same input,
// the memory-bound floor). BM_NumPy/... rows show NumPy's own times as benchmark rows (manual time:
// each iteration is one timeit batch in Python, reported per call).
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>

#include "sigmoid_common.h"

using namespace parity;
using namespace parity::bench;

namespace {

constexpr double kNumpyMinTime = 0.2;  // seconds per NumPy measurement behind a ratio

// Times `f` in the benchmark loop and sets numpy_ns / vs_numpy from NumPy's `stmt` on `args`.
// Returns the engine's per-call time in ns.
template <class F>
double run_vs_numpy(benchmark::State& state, F&& f, const std::string& stmt, const oracle::Args& args) {
  const double np_ns = numpy_ns(stmt, args, kNumpyMinTime);
  { auto warm = f(); benchmark::DoNotOptimize(warm); }
  auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) {
    auto r = f();
    benchmark::DoNotOptimize(r);
  }
  double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
              static_cast<double>(state.iterations());
  state.counters["numpy_ns"] = np_ns;
  state.counters["vs_numpy"] = ns / np_ns;
  return ns;
}

// sigmoid: 0 = the tutorial's expression eagerly, 1 = the engine's sigmoid op, 2 = the expression
// under compile(f).
void BM_Sigmoid(benchmark::State& state, int which) {
  const int64_t n = state.range(0);
  Tensor x = sigmoid_input(n);
  const double copy_ns = engine_ns([&] { return copy(x); }, 0.1);
  const double ns = which == 0
      ? run_vs_numpy(state, [&] { return sigmoid_eager(x); }, "1 / (1 + np.exp(-x))", {{"x", x}})
      : which == 1 ? run_vs_numpy(state, [&] { return sigmoid(x); }, "1 / (1 + np.exp(-x))", {{"x", x}})
                   : run_vs_numpy(state, [&] { return sigmoid_compiled(x); }, "1 / (1 + np.exp(-x))", {{"x", x}});
  state.counters["vs_copy"] = ns / copy_ns;
  state.SetItemsProcessed(state.iterations() * n);
}

void BM_Copy(benchmark::State& state) {
  const int64_t n = state.range(0);
  Tensor x = sigmoid_input(n);
  run_vs_numpy(state, [&] { return copy(x); }, "x.copy()", {{"x", x}});
  state.SetBytesProcessed(state.iterations() * n * 4 * 2);  // read + write
}

void BM_Add(benchmark::State& state) {
  const int64_t n = state.range(0);
  Tensor a = sigmoid_input(n, 1), b = sigmoid_input(n, 2);
  run_vs_numpy(state, [&] { return add(a, b); }, "a + b", {{"a", a}, {"b", b}});
}

void BM_Exp(benchmark::State& state) {
  Tensor x = sigmoid_input(state.range(0));
  run_vs_numpy(state, [&] { return exp(x); }, "np.exp(x)", {{"x", x}});
}

void BM_Sum(benchmark::State& state) {
  Tensor x = sigmoid_input(state.range(0));
  run_vs_numpy(state, [&] { return sum(x); }, "np.sum(x)", {{"x", x}});
}

void BM_Matmul(benchmark::State& state) {
  const int64_t n = state.range(0);
  Generator rng(3);
  Tensor a = rng.standard_normal({n, n}, float32), b = rng.standard_normal({n, n}, float32);
  run_vs_numpy(state, [&] { return matmul(a, b); }, "a @ b", {{"a", a}, {"b", b}});
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * n * n * n * static_cast<double>(state.iterations()),
                                                benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}

// NumPy's own rows: one timeit batch (>= 10 ms) per iteration, reported per call.
void BM_NumPy(benchmark::State& state, const std::string& stmt, int kind) {
  const int64_t n = state.range(0);
  oracle::Args args;
  if (kind == 0) args = {{"x", sigmoid_input(n)}};
  else {
    Generator rng(3);
    args = {{"a", rng.standard_normal({n, n}, float32)}, {"b", rng.standard_normal({n, n}, float32)}};
  }
  for (auto _ : state) state.SetIterationTime(numpy_ns(stmt, args, 0.01) * 1e-9);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int64_t n : sigmoid_sizes()) b->Arg(n);
}

}  // namespace

BENCHMARK_CAPTURE(BM_Sigmoid, eager, 0)->Apply(sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Sigmoid, compiled, 2)->Apply(sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Sigmoid, op, 1)->Apply(sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_NumPy, sigmoid, std::string("1 / (1 + np.exp(-x))"), 0)
    ->Apply(sizes)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Copy)->Apply(sizes)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_NumPy, copy, std::string("x.copy()"), 0)->Apply(sizes)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Add)->Arg(1)->Arg(1 << 20)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Exp)->Arg(1 << 20)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Sum)->Arg(1 << 24)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Matmul)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NumPy, matmul, std::string("a @ b"), 1)
    ->Arg(256)->Arg(512)->Arg(1024)->UseManualTime()->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();

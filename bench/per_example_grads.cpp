// Per-example gradients of the TensorFlow NumPy tutorial's model (relu(x @ w1 + bias) @ w2,
// inputs (128, 32) float32, w1 (32, 64), bias (64,), w2 (64, 2), squared loss against (128, 2)
// labels): the batched transform (autograd::per_example_grad: one forward and one backward over
// the whole batch) against the sequential loop (one value_and_grad per example), the tutorial's
// tf.vectorized_map vs tf.map_fn comparison. Both must give the same gradients (checked once;
// the program aborts otherwise). The ratio is loop time / batched time.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "parity/ops.h"
#include "parity/transforms.h"

using namespace parity;

namespace {

// Batch-polymorphic (parity/transforms.h): one example is x (32,), label (2,); the same code runs
// with a leading batch axis on every argument.
Tensor squared_loss(const std::vector<Tensor>& w, const std::vector<Tensor>& in) {
  Tensor y = maximum(matmul(in[0].expand_dims({-2}), w[0]) + w[1].expand_dims({-2}), 0);  // relu
  Tensor pred = matmul(y, w[2]);                                                          // (.., 1, 2)
  return sum(square(pred - in[1].expand_dims({-2})), AxisList{-2, -1});
}

struct Problem {
  std::vector<Tensor> params, inputs;
};

Problem make(int64_t batch) {
  Generator rng(0);
  Problem p;
  p.params = {rng.standard_normal({32, 64}).astype(float32) / std::sqrt(32.0f),
              rng.standard_normal({64}).astype(float32), rng.standard_normal({64, 2}).astype(float32) / 8};
  p.inputs = {rng.standard_normal({batch, 32}).astype(float32), rng.standard_normal({batch, 2}).astype(float32)};
  return p;
}

// The two ways agree (float32: the batched matmuls sum in the same order, so 1e-5 is ample).
void check_same(int64_t batch) {
  Problem p = make(batch);
  std::vector<Tensor> fast = autograd::per_example_grad(squared_loss, p.params, p.inputs);
  std::vector<Tensor> slow = autograd::per_example_grad_loop(squared_loss, p.params, p.inputs);
  for (size_t k = 0; k < fast.size(); ++k)
    if (fast[k].shape() != slow[k].shape() ||
        !(amax(abs(fast[k] - slow[k]) - abs(slow[k]) * 1e-5).astype(float64).item<double>() <= 1e-6)) {
      std::fprintf(stderr, "per-example gradients differ (parameter %zu, batch %lld)\n", k, static_cast<long long>(batch));
      std::abort();
    }
}

void BM_PerExampleGradBatched(benchmark::State& state) {
  Problem p = make(state.range(0));
  for (auto _ : state) {
    std::vector<Tensor> g = autograd::per_example_grad(squared_loss, p.params, p.inputs);
    benchmark::DoNotOptimize(g.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_PerExampleGradLoop(benchmark::State& state) {
  Problem p = make(state.range(0));
  for (auto _ : state) {
    std::vector<Tensor> g = autograd::per_example_grad_loop(squared_loss, p.params, p.inputs);
    benchmark::DoNotOptimize(g.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

BENCHMARK(BM_PerExampleGradBatched)->Arg(128)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PerExampleGradLoop)->Arg(128)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  check_same(128);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// Differential fuzz throughput on one core: cases per second (items_per_second) for elementwise
// ops on float32 tensors of at most 64 elements, through the fuzzer's own path: CaseGen draws the
// case, run_cases runs it on the engine and on NumPy (batched into one Python call, as campaigns
// do) and compares. BM_RunCaseUnbatched shows the unbatched path (one Python call per case).
// BM_DifferentialWithTorch adds PyTorch as a third participant: the same cases also run through
// torch (one Python call per batch) and torch's outcomes are compared with NumPy's.
#include <benchmark/benchmark.h>

#include <vector>

#include "parity/executors.h"
#include "parity/fuzzer.h"

using namespace parity;
using namespace parity::fuzz;

namespace {

constexpr uint64_t kSeed = 7;

// The ids of the first `n` float32 cases of `op` (the dtype is drawn per index).
std::vector<CaseId> float32_ids(const CaseGen& gen, const std::string& op, size_t n, uint64_t& next) {
  const opinfo::OpInfo* info = opinfo::find_op(op);
  std::vector<CaseId> ids;
  while (ids.size() < n) {
    uint64_t i = next++;
    if (gen.dtype_of(*info, kSeed, i) == DType::Float32) ids.push_back(CaseId{op, kSeed, i, {}});
  }
  return ids;
}

// The next `n` float32 cases of `op`, drawn (drawing is timed: it is the fuzzer's work).
std::vector<DrawnCase> draw_float32(benchmark::State& state, const CaseGen& gen, const std::string& op, size_t n,
                                    uint64_t& next) {
  state.PauseTiming();  // choosing float32 indices is the benchmark's filter, not the fuzzer's work
  std::vector<CaseId> ids = float32_ids(gen, op, n, next);
  state.ResumeTiming();
  std::vector<DrawnCase> drawn;
  drawn.reserve(n);
  for (const CaseId& id : ids) drawn.push_back(gen.draw(id));
  return drawn;
}

void BM_Differential(benchmark::State& state, const std::string& op) {
  GenConfig cfg;
  cfg.max_elements = 64;
  CaseGen gen(cfg);
  EngineExecutor engine;
  const size_t batch = static_cast<size_t>(state.range(0));
  uint64_t next = 0, mismatches = 0;
  for (auto _ : state) {
    std::vector<DrawnCase> drawn = draw_float32(state, gen, op, batch, next);
    std::vector<const Case*> cases;
    for (const DrawnCase& d : drawn) cases.push_back(&d.c);
    std::vector<CaseResult> results = run_cases(cases, engine);
    for (const CaseResult& r : results) mismatches += r.mismatch();
    benchmark::DoNotOptimize(results.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
  state.counters["mismatches"] = static_cast<double>(mismatches);
}

void BM_DifferentialWithTorch(benchmark::State& state, const std::string& op) {
  std::string why;
  if (!library_available("torch", &why)) {
    state.SkipWithError(("torch: " + why).c_str());
    return;
  }
  GenConfig cfg;
  cfg.max_elements = 64;
  CaseGen gen(cfg);
  EngineExecutor engine;
  std::unique_ptr<Executor> torch = make_executor("torch");
  const size_t batch = static_cast<size_t>(state.range(0));
  uint64_t next = 0, differ = 0;
  for (auto _ : state) {
    std::vector<DrawnCase> drawn = draw_float32(state, gen, op, batch, next);
    std::vector<const Case*> cases;
    for (const DrawnCase& d : drawn) cases.push_back(&d.c);
    std::vector<CaseResult> results = run_cases(cases, engine);  // the engine against NumPy
    std::vector<Outcome> t = torch->run_batch(cases);
    for (size_t i = 0; i < cases.size(); ++i)
      differ += compare_pair(*cases[i], std::move(t[i]), results[i].numpy, "torch", "numpy").mismatch();
    benchmark::DoNotOptimize(results.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
  state.counters["torch_differs"] = static_cast<double>(differ);
}

void BM_RunCaseUnbatched(benchmark::State& state) {
  GenConfig cfg;
  cfg.max_elements = 64;
  CaseGen gen(cfg);
  EngineExecutor engine;
  NumpyExecutor numpy;
  uint64_t next = 0;
  for (auto _ : state) {
    state.PauseTiming();
    CaseId id = float32_ids(gen, "sin", 1, next)[0];
    state.ResumeTiming();
    DrawnCase d = gen.draw(id);
    benchmark::DoNotOptimize(run_case(d.c, numpy, engine));
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK_CAPTURE(BM_Differential, add, std::string("add"))->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Differential, sin, std::string("sin"))->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Differential, multiply, std::string("multiply"))->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DifferentialWithTorch, add, std::string("add"))->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DifferentialWithTorch, sin, std::string("sin"))->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunCaseUnbatched)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();

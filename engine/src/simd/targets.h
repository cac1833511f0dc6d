#pragma once
// Which Highway targets the vector loops (simd/*.cpp) can run on this processor, and a hook that
// makes the dispatcher use one of them: tests run NumPy's accuracy tables on every target the
// machine has (engine/tests/accuracy_tables_test.cpp).
#include <cstdint>
#include <vector>

namespace parity::simd {

// The targets compiled into the engine that this processor runs (HWY_AVX3, HWY_AVX2, HWY_SSE4,
// HWY_EMU128... as Highway's bits), best first; ignores a force_target in effect.
std::vector<int64_t> runnable_targets();
// Highway's name of a target bit ("AVX3", "AVX2", "SSE4", "EMU128").
const char* name_of_target(int64_t target);
// Makes every later vector call dispatch to `target` (one of runnable_targets()); 0 returns to the
// processor's best. For tests and benchmarks: not safe while another thread runs a vector loop.
void force_target(int64_t target);

}  // namespace parity::simd

#pragma once
// What this build runs with, for `parity info`, reports and benchmark output: the SIMD target
// Highway's dispatcher chose on this processor, and the engine's version.
#include <string>
#include <vector>

namespace parity {

std::string simd_target();   // "AVX3", "AVX2", "SSE4", ... (the target the vector loops run)
std::string version();       // the project's version, e.g. "0.1.0"
// Every SIMD target the engine has code for that this processor runs, best (the one chosen) first.
std::vector<std::string> simd_targets_runnable();

}  // namespace parity

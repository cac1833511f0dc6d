// The test hook of simd/targets.h, over Highway's SetSupportedTargetsForTest. This file is compiled
// with the engine's HWY_DISABLED_TARGETS, so HWY_TARGETS here is the set the vector loops have.
#include "simd/targets.h"

#include <hwy/targets.h>

namespace parity::simd {

namespace {
int64_t g_forced = 0;  // the target force_target set, 0 for none
}

std::vector<int64_t> runnable_targets() {
  if (g_forced) hwy::SetSupportedTargetsForTest(0);  // the processor's own set, not the forced one
  std::vector<int64_t> out = hwy::SupportedAndGeneratedTargets();  // lowest bit (best) first
  if (g_forced) hwy::SetSupportedTargetsForTest(g_forced);
  return out;
}

const char* name_of_target(int64_t target) { return hwy::TargetName(target); }

void force_target(int64_t target) {
  g_forced = target;
  hwy::SetSupportedTargetsForTest(target);  // also resets the dispatcher's chosen target
}

}  // namespace parity::simd

#include "parity/build_info.h"

#include "simd/simd.h"
#include "simd/targets.h"

namespace parity {

std::string simd_target() { return simd::target_name(); }
std::string version() { return PARITY_VERSION; }
std::vector<std::string> simd_targets_runnable() {
  std::vector<std::string> out;
  for (int64_t t : simd::runnable_targets()) out.push_back(simd::name_of_target(t));
  return out;
}

}  // namespace parity

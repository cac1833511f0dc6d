#include "parity/build_info.h"

#include "simd/simd.h"

namespace parity {

std::string simd_target() { return simd::target_name(); }
std::string version() { return PARITY_VERSION; }

}  // namespace parity

// The CPU caching allocator behind Storage (issue 6: a fresh 64 MiB output costs ~40x a reused one
// in first-touch page faults). Freed blocks of >= 64 KiB are kept for reuse, up to a cap.
#pragma once

#include <cstdint>

namespace parity {

// Returns every cached (free) block to the system.
void empty_cache();
// Bytes currently held in the cache (free blocks, not live tensors).
int64_t cached_bytes();

}  // namespace parity

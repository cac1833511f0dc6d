// CPU memory (64-byte aligned; 16-byte for blocks up to 1 KiB) with a cache of large freed blocks
// (see parity/memory.h).
#pragma once

#include <cstddef>

namespace parity::detail {

// At least `nbytes` bytes, 64-byte aligned (16 up to 1 KiB), contents unspecified (a reused block holds old data).
// Returns nullptr when the system is out of memory.
void* cpu_alloc(size_t nbytes);
// Frees a block from cpu_alloc; `nbytes` must be the size it was asked for.
void cpu_free(void* p, size_t nbytes);

}  // namespace parity::detail

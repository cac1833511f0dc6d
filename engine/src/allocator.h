// CPU memory (64-byte aligned; 16-byte for blocks up to 1 KiB) with a cache of large freed blocks
// (see parity/memory.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "parity/tensor.h"

namespace parity::detail {

// At least `nbytes` bytes, 64-byte aligned (16 up to 1 KiB), contents unspecified (a reused block holds old data).
// Returns nullptr when the system is out of memory.
void* cpu_alloc(size_t nbytes);
// Frees a block from cpu_alloc; `nbytes` must be the size it was asked for.
void cpu_free(void* p, size_t nbytes);

// A new Storage of `nbytes` (shared). The Storage object and its shared_ptr control block come
// from a per-thread free list: a small tensor lives one allocation and one free of that block,
// and malloc's share of a 1-element add was a tenth of its instructions.
std::shared_ptr<Storage> make_storage(int64_t nbytes, Device device = Device::cpu);

// Told of every Storage made on this thread while installed. compile(f)'s tracer installs itself
// here while it traces f (engine/src/compile/program.h), so that storage stays below compile/.
class StorageObserver {
 public:
  virtual void on_storage(const Storage* s) = 0;
 protected:
  ~StorageObserver() = default;
};
extern thread_local StorageObserver* g_storage_observer;  // null: nobody is told

}  // namespace parity::detail

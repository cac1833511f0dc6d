#include "allocator.h"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <new>

#include "parity/memory.h"

namespace parity {
namespace {

constexpr size_t kMiB = size_t{1} << 20;
constexpr size_t kSmall = 1024;  // up to this many bytes: plain malloc
// Smaller blocks: malloc's own free lists serve them. From 64 KiB on, glibc hands blocks to mmap
// and back to the system on free (its dynamic threshold starts at 128 KiB), so every eager
// temporary of that size paid page faults on first touch: the sigmoid chain at 2^15 float32
// elements ran 5x slower than its four ops one by one.
constexpr size_t kMinCached = 64 * 1024;

// Bucket size: a multiple of next_pow2(n) / 8 (of 2 MiB from 2 MiB on), so reuse needs only
// exact bucket matches while waste stays under 12.5% (or 2 MiB).
size_t bucket_size(size_t n) {
  size_t p2 = 1;
  while (p2 < n) p2 <<= 1;
  size_t g = std::max(n >= 2 * kMiB ? 2 * kMiB : 4096, p2 / 8);
  return (n + g - 1) / g * g;
}

// The cap on cached bytes: 1 GiB, or a quarter of RAM on small machines.
size_t cache_cap() {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  size_t ram = pages > 0 && page > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page) : 0;
  size_t cap = size_t{1} << 30;
  return ram ? std::min(cap, ram / 4) : cap;
}

struct Cache {
  std::mutex mu;
  std::multimap<size_t, void*> blocks;  // bucket size -> free block
  size_t total = 0;
  size_t cap = cache_cap();

  // Frees cached blocks, largest first, until `total + need <= cap`. Caller holds mu.
  void trim(size_t need) {
    while (!blocks.empty() && total + need > cap) {
      auto it = std::prev(blocks.end());
      total -= it->first;
      std::free(it->second);
      blocks.erase(it);
    }
  }
};

Cache& cache() {
  // Leaked on purpose: Storage may be freed by other static destructors after this one would run.
  static Cache* c = [] {
    auto* c = new Cache;
    // A fork() while another thread holds the mutex would leave it locked in the child forever.
    pthread_atfork([] { cache().mu.lock(); }, [] { cache().mu.unlock(); },
                   [] { new (&cache().mu) std::mutex; });
    return c;
  }();
  return *c;
}

}  // namespace

namespace detail {

void* cpu_alloc(size_t nbytes) {
  // Small blocks come from malloc's per-thread lists (16-byte aligned, as NumPy's): aligned_alloc
  // of a small size splits chunks and makes free() consolidate, several times malloc's cost.
  if (nbytes <= kSmall) return std::malloc(std::max<size_t>(nbytes, 1));
  if (nbytes < kMinCached) return std::aligned_alloc(64, (nbytes + 63) / 64 * 64);
  size_t b = bucket_size(nbytes);
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mu);
    auto it = c.blocks.find(b);
    if (it != c.blocks.end()) {
      void* p = it->second;
      c.blocks.erase(it);
      c.total -= b;
      return p;
    }
  }
  void* p = std::aligned_alloc(64, b);
  if (!p) {  // out of memory: give the cache back and try once more
    empty_cache();
    p = std::aligned_alloc(64, b);
  }
  return p;
}

void cpu_free(void* p, size_t nbytes) {
  if (!p) return;
  if (nbytes < kMinCached) return std::free(p);
  size_t b = bucket_size(nbytes);
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  if (b > c.cap) return std::free(p);
  c.trim(b);
  c.blocks.emplace(b, p);
  c.total += b;
}

}  // namespace detail

void empty_cache() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  c.trim(c.cap + 1);
}

int64_t cached_bytes() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mu);
  return static_cast<int64_t>(c.total);
}

namespace {
// Free blocks of one size (the first size freed here: the control block of make_storage's
// allocate_shared), per thread. A block freed on another thread joins that thread's list.
struct BlockPool {
  static constexpr int kMax = 64;
  void* blocks[kMax];
  int n = 0;
  size_t size = 0;
  ~BlockPool();
};
thread_local bool t_pool_gone = false;  // set once this thread's pool is destroyed
thread_local BlockPool t_pool;
BlockPool::~BlockPool() {
  t_pool_gone = true;
  for (int i = 0; i < n; ++i) ::operator delete(blocks[i]);
  n = 0;
}

template <class T>
struct PoolAllocator {
  using value_type = T;
  PoolAllocator() = default;
  template <class U>
  PoolAllocator(const PoolAllocator<U>&) {}
  T* allocate(size_t count) {
    const size_t bytes = count * sizeof(T);
    if (!t_pool_gone) {
      BlockPool& p = t_pool;
      if (p.size == bytes && p.n > 0) return static_cast<T*>(p.blocks[--p.n]);
    }
    return static_cast<T*>(::operator new(bytes));
  }
  void deallocate(T* ptr, size_t count) {
    const size_t bytes = count * sizeof(T);
    if (!t_pool_gone) {
      BlockPool& p = t_pool;
      if (p.size == 0) p.size = bytes;
      if (p.size == bytes && p.n < BlockPool::kMax) {
        p.blocks[p.n++] = ptr;
        return;
      }
    }
    ::operator delete(ptr);
  }
  template <class U>
  bool operator==(const PoolAllocator<U>&) const { return true; }
};
}  // namespace

namespace detail {
thread_local StorageObserver* g_storage_observer = nullptr;

std::shared_ptr<Storage> make_storage(int64_t nbytes, Device device) {
  return std::allocate_shared<Storage>(PoolAllocator<Storage>(), nbytes, device);
}
}  // namespace detail

}  // namespace parity

// The CPU caching allocator behind Storage (parity/memory.h, issue 6): large freed blocks are
// reused, small ones are not cached, alignment stays 64, zeros() still zeroes a reused block,
// wrapped (external) memory is never cached, and the cache works across threads and fork().
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

#include "parity/memory.h"
#include "parity/ops.h"

using namespace parity;

namespace {

constexpr int64_t kBig = int64_t{1} << 22;  // 4M float32 = 16 MiB: cached

bool aligned64(const Tensor& t) { return reinterpret_cast<uintptr_t>(t.data_ptr()) % 64 == 0; }

TEST(Allocator, LargeBlockIsReused) {
  empty_cache();
  EXPECT_EQ(cached_bytes(), 0);
  void* first;
  {
    Tensor a = empty({kBig}, DType::Float32);
    EXPECT_TRUE(aligned64(a));
    first = a.data_ptr();
  }
  EXPECT_GE(cached_bytes(), kBig * 4);
  Tensor b = empty({kBig}, DType::Float32);
  EXPECT_EQ(b.data_ptr(), first);  // same bucket: the cached block comes back
  EXPECT_TRUE(aligned64(b));
  EXPECT_EQ(cached_bytes(), 0);
}

TEST(Allocator, BlocksFrom64KiBAreReused) {
  // 2^15 float32 (128 KiB), an eager temporary of the sigmoid at 2^15: glibc would unmap it
  empty_cache();
  void* first;
  {
    Tensor a = empty({int64_t{1} << 15}, DType::Float32);
    first = a.data_ptr();
  }
  EXPECT_EQ(cached_bytes(), int64_t{1} << 17);  // bucketed exactly: a power of two
  Tensor b = empty({int64_t{1} << 15}, DType::Float32);
  EXPECT_EQ(b.data_ptr(), first);
  EXPECT_TRUE(aligned64(b));
}

TEST(Allocator, SmallBlocksAreNotCached) {
  empty_cache();
  { Tensor a = empty({1000}, DType::Float32); EXPECT_TRUE(aligned64(a)); }
  // Blocks up to 1 KiB are malloc's or live in the storage: 16-byte aligned, as NumPy's.
  { Tensor a = empty({0}, DType::Float32); EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data_ptr()) % 16, 0u); }
  { Tensor a = empty({3}, DType::Float64); EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data_ptr()) % 16, 0u); }
  { Tensor a = empty({200}, DType::Float32); EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data_ptr()) % 16, 0u); }
  EXPECT_EQ(cached_bytes(), 0);
}

TEST(Allocator, EmptyCacheReleasesEverything) {
  empty_cache();
  { Tensor a = empty({kBig}, DType::Float32), b = empty({kBig * 2}, DType::Float32); }
  EXPECT_GE(cached_bytes(), kBig * 12);
  empty_cache();
  EXPECT_EQ(cached_bytes(), 0);
}

TEST(Allocator, CacheIsCapped) {
  empty_cache();
  // 24 live blocks of 64 MiB (1.5 GiB) freed at once: the cache keeps at most 1 GiB of them.
  { std::vector<Tensor> v; for (int i = 0; i < 24; ++i) v.push_back(empty({int64_t{1} << 24}, DType::Float32)); }
  EXPECT_LE(cached_bytes(), int64_t{1} << 30);
  EXPECT_GT(cached_bytes(), 0);
  empty_cache();
}

TEST(Allocator, ZerosOfAReusedBlockAreZero) {
  empty_cache();
  { Tensor a = full({kBig}, Scalar(7.0), DType::Float32); }
  Tensor z = zeros({kBig}, DType::Float32);
  const float* p = z.data<float>();
  for (int64_t i = 0; i < kBig; ++i) ASSERT_EQ(p[i], 0.0f) << i;
}

TEST(Allocator, ExternalMemoryIsNotCached) {
  empty_cache();
  size_t n = size_t{1} << 24;
  void* mem = std::aligned_alloc(64, n);
  bool freed = false;
  { Storage s(mem, static_cast<int64_t>(n), [&](void* p) { freed = true; std::free(p); }); }
  EXPECT_TRUE(freed);  // the owner's deleter ran
  EXPECT_EQ(cached_bytes(), 0);
}

TEST(Allocator, ThreadsShareTheCache) {
  empty_cache();
  std::vector<std::thread> ts;
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([t] {
      for (int i = 0; i < 50; ++i) {
        Tensor a = full({kBig / 4 * (1 + (i + t) % 3)}, Scalar(1.0), DType::Float32);
        ASSERT_TRUE(aligned64(a));
        ASSERT_EQ(a.data<float>()[a.size() - 1], 1.0f);
      }
    });
  for (auto& th : ts) th.join();
  empty_cache();
  EXPECT_EQ(cached_bytes(), 0);
}

TEST(Allocator, WorksInAForkedChild) {
  { Tensor a = empty({kBig}, DType::Float32); }  // something cached before the fork
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    Tensor a = full({kBig}, Scalar(2.0), DType::Float32);
    bool ok = a.data<float>()[kBig - 1] == 2.0f;
    { Tensor b = empty({kBig}, DType::Float32); }
    empty_cache();
    _exit(ok && cached_bytes() == 0 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

}  // namespace

TEST(Allocator, StorageBlocksCrossThreads) {
  // Storage objects come from per-thread free lists: tensors made on one thread and freed on
  // another (and the thread gone by then) keep their values and free cleanly.
  std::vector<Tensor> made;
  std::thread worker([&] {
    for (int i = 0; i < 300; ++i) made.push_back(full({3}, Scalar(static_cast<double>(i)), DType::Float32));
  });
  worker.join();
  for (int i = 0; i < 300; ++i) ASSERT_EQ(made[i].to_double_vector()[2], i) << i;
  made.clear();
  std::vector<Tensor> mine;
  for (int i = 0; i < 300; ++i) mine.push_back(full({2}, Scalar(1.0 * i), DType::Float64));
  std::thread freer([m = std::move(mine)]() mutable { m.clear(); });
  freer.join();
  Tensor t = add(full({4}, Scalar(2.0)), 1.0);
  EXPECT_EQ(t.to_double_vector(), (std::vector<double>{3, 3, 3, 3}));
}

#include "thread_pool.h"

#include "parity/threads.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace parity::threads {
namespace {

thread_local bool t_busy = false;  // set in workers for good, in the caller during a job
std::atomic<int> g_cap{0};

// One parallel_for call. Held by shared_ptr: a worker that wakes late may still touch the
// counters after the caller has returned (it then finds no chunk left and calls nothing).
struct Job {
  const std::function<void(int64_t)>* fn;
  int64_t n;
  std::atomic<int64_t> next{0}, done{0};
  std::atomic<int> seats{0};  // workers that may join (max_threads() - 1): honours the cap
  std::mutex m;
  std::condition_variable cv;
  std::exception_ptr error;  // the first exception, guarded by m

  void run() {
    for (int64_t c; (c = next.fetch_add(1)) < n;) {
      try {
        (*fn)(c);
      } catch (...) {
        std::lock_guard<std::mutex> g(m);
        if (!error) error = std::current_exception();
      }
      if (done.fetch_add(1) + 1 == n) {
        std::lock_guard<std::mutex> g(m);
        cv.notify_all();
      }
    }
  }
};

constexpr int kSpin = 1 << 15;  // about 50-100 us of pause instructions
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

struct Pool {
  const pid_t pid = getpid();
  int nthreads = 1;  // workers + the caller
  std::mutex submit;  // one job at a time; a second caller runs serially
  std::mutex m;
  std::condition_variable cv;
  std::atomic<uint64_t> gen{0};  // written under m; read without it while spinning
  std::shared_ptr<Job> job;

  explicit Pool(int n) : nthreads(n) {
    for (int i = 1; i < n; ++i) std::thread([this] { work(); }).detach();
  }
  void work() {
    t_busy = true;
    uint64_t seen = 0;
    for (;;) {
      std::shared_ptr<Job> j;
      // Spin a little before sleeping: jobs come back to back (one per ufunc call), and a futex
      // wake-up costs tens of microseconds on a VM, which the caller would spend alone.
      for (int k = 0; k < kSpin && gen.load(std::memory_order_acquire) == seen; ++k) cpu_relax();
      {
        std::unique_lock<std::mutex> l(m);
        cv.wait(l, [&] { return gen != seen; });
        seen = gen;
        j = job;
      }
      if (j && j->seats.fetch_sub(1) > 0) j->run();
    }
  }
};

int hardware_threads() {
  static const int cached = [] {
  int n = static_cast<int>(std::thread::hardware_concurrency());
  if (const char* e = std::getenv("PARITY_NUM_THREADS")) n = std::atoi(e);
  return std::max(1, n);
  }();
  return cached;
}

// The pool of this process. Never destroyed (workers block on its condition variable until exit).
// After fork() the child has none of the parent's workers and possibly locked mutexes: the
// parent's pool is abandoned (leaked) and a new one is made, keyed on getpid().
std::atomic<Pool*> g_pool{nullptr};

Pool& pool() {
  Pool* p = g_pool.load(std::memory_order_acquire);
  const pid_t me = getpid();
  while (!p || p->pid != me) {
    Pool* fresh = new Pool(hardware_threads());
    if (g_pool.compare_exchange_strong(p, fresh, std::memory_order_acq_rel)) return *fresh;
    // another thread won the race: its pool stays; ours has no job to wait for, so its idle
    // workers are simply leaked (rare: two first calls at once).
  }
  return *p;
}

}  // namespace

int max_threads() {
  if (t_busy) return 1;
  const int cap = g_cap.load(std::memory_order_relaxed);
  const int hw = hardware_threads();
  return cap > 0 ? std::min(cap, hw) : hw;
}

void set_max_threads(int n) { g_cap.store(n, std::memory_order_relaxed); }

bool in_parallel_region() { return t_busy; }

void parallel_for(int64_t nchunks, const std::function<void(int64_t)>& fn) {
  auto serial = [&] {
    for (int64_t c = 0; c < nchunks; ++c) fn(c);
  };
  const int threads = max_threads();
  if (nchunks <= 1 || threads <= 1) return serial();
  Pool& p = pool();
  std::unique_lock<std::mutex> owner(p.submit, std::try_to_lock);
  if (!owner.owns_lock() || p.nthreads <= 1) return serial();
  auto job = std::make_shared<Job>();
  job->fn = &fn;
  job->n = nchunks;
  job->seats = threads - 1;
  {
    std::lock_guard<std::mutex> l(p.m);
    p.job = job;
    ++p.gen;
  }
  p.cv.notify_all();
  t_busy = true;  // the caller takes chunks too; loops nested in them run serially
  job->run();
  t_busy = false;
  {
    std::unique_lock<std::mutex> l(job->m);
    job->cv.wait(l, [&] { return job->done.load() == job->n; });
  }
  {
    std::lock_guard<std::mutex> l(p.m);
    p.job.reset();  // drop the pool's reference; late workers keep theirs
  }
  if (job->error) std::rethrow_exception(job->error);
}

}  // namespace parity::threads

namespace parity {
int num_threads() { return threads::max_threads(); }
void set_num_threads(int n) { threads::set_max_threads(n); }
}  // namespace parity

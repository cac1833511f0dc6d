#pragma once
// A small persistent thread pool for elementwise loops over large tensors (issue 6). Workers are
// created lazily, in the process that first needs them; a fork()ed child starts a fresh pool.
// Loops running inside a pool worker (or inside the caller while it runs a job) run serially:
// no nested parallelism, no oversubscription.
#include <cstdint>
#include <functional>

namespace parity::threads {

// Threads a parallel loop may use, the caller included: min(hardware_concurrency, the limit set
// below, PARITY_NUM_THREADS when set). 1 means serial.
int max_threads();

// Caps max_threads() (n <= 0: no cap). Tests and benchmarks use it to compare with a serial run.
void set_max_threads(int n);

// True while this thread runs a chunk of a parallel job (a nested loop must then run serially).
bool in_parallel_region();

// Calls fn(c) once for every c in [0, nchunks), on the pool's workers and the calling thread.
// Runs serially when nested, when max_threads() is 1, or when another thread holds the pool.
// The first exception a chunk throws is rethrown here after every chunk has finished.
void parallel_for(int64_t nchunks, const std::function<void(int64_t)>& fn);

}  // namespace parity::threads

// The thread pool of elementwise loops (issue 6): threaded results are bit-identical to serial
// ones, reductions stay serial and deterministic, kernel exceptions reach the caller, and a
// fork()ed child gets a working pool of its own.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <atomic>
#include <cstring>
#include <stdexcept>

#include "iter.h"
#include "parity/ops.h"
#include "thread_pool.h"

using namespace parity;

namespace {

// Float32 values of varied magnitude and sign (a fixed formula, no RNG).
Tensor filled(int64_t n, double scale) {
  Tensor t = arange(Scalar(n)).astype(DType::Float32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < n; ++i) p[i] = static_cast<float>(std::sin(i * 0.7311 + scale) * 20.0 * scale);
  return t;
}

bool same_bits(const Tensor& a, const Tensor& b) {
  Tensor x = a.contiguous(), y = b.contiguous();
  return x.dtype() == y.dtype() && x.shape() == y.shape() &&
         std::memcmp(x.data_ptr(), y.data_ptr(), static_cast<size_t>(x.nbytes())) == 0;
}

// Runs f serially, then with the pool forced to (at least) 2 threads, and returns both.
template <class F> std::pair<Tensor, Tensor> serial_and_threaded(F f) {
  threads::set_max_threads(1);
  Tensor s = f();
  threads::set_max_threads(0);
  Tensor t = f();
  return {s, t};
}

TEST(Threads, NoncontiguousElementwiseMatchesSerial) {
  // (700, 1201) viewed transposed and with a step: no dimension merges, rows of odd length.
  Tensor a = filled(700 * 1201, 1.0).reshape({700, 1201}).transpose();
  Tensor b = filled(1400 * 1201, 0.5).reshape({1400, 1201}).index({TensorIndex(Slice(std::nullopt, std::nullopt, 2))});
  auto [e1, e2] = serial_and_threaded([&] { return exp(a); });
  EXPECT_TRUE(same_bits(e1, e2));
  auto [s1, s2] = serial_and_threaded([&] { return add(a, b.transpose()); });
  EXPECT_TRUE(same_bits(s1, s2));
  // broadcast add (700,1201)^T + (1201,1): the broadcast operand has a zero stride
  Tensor col = filled(1201, 2.0).reshape({1201, 1});
  auto [b1, b2] = serial_and_threaded([&] { return add(a, col); });
  EXPECT_TRUE(same_bits(b1, b2));
  auto [c1, c2] = serial_and_threaded([&] { return a.astype(DType::Float64).astype(DType::Float16); });
  EXPECT_TRUE(same_bits(c1, c2));
  // a few long rows: chunks start and stop inside rows
  Tensor wide = filled(3 * 300001, 3.0).reshape({3, 300001});
  auto [w1, w2] = serial_and_threaded([&] { return exp(wide.index({TensorIndex(Slice(std::nullopt, std::nullopt, -1))})); });
  EXPECT_TRUE(same_bits(w1, w2));
  // spot-check values against mathematics (exp of float32, computed in double, rounded)
  const float* wp = wide.data<float>();
  Tensor w = w2.contiguous();
  EXPECT_FLOAT_EQ(w.data<float>()[0], static_cast<float>(std::exp(static_cast<double>(wp[2 * 300001]))));
}

TEST(Threads, ReductionsStayDeterministic) {
  Tensor x = filled(1 << 21, 1.0);
  auto [s1, s2] = serial_and_threaded([&] { return sum(x); });
  auto [s3, s4] = serial_and_threaded([&] { return sum(x); });
  EXPECT_TRUE(same_bits(s1, s2));
  EXPECT_TRUE(same_bits(s1, s3));
  EXPECT_TRUE(same_bits(s1, s4));
  Tensor m = x.reshape({1024, 2048});
  auto [r1, r2] = serial_and_threaded([&] { return sum(m, std::vector<int64_t>{0}); });
  EXPECT_TRUE(same_bits(r1, r2));
}

// A kernel that throws on the chunk holding element 100000: the caller sees the exception.
void throwing_loop(char** d, const int64_t* s, int64_t n, const void*) {
  for (int64_t i = 0; i < n; ++i)
    if (*reinterpret_cast<const float*>(d[0] + i * s[0]) == 100000.0f) throw std::runtime_error("kernel");
}

TEST(Threads, KernelExceptionReachesCaller) {
  Tensor x = arange(Scalar(int64_t{1} << 18)).astype(DType::Float32);
  Tensor y = x.copy();
  EXPECT_THROW(run_tensors(x.shape(), {x, y}, throwing_loop), std::runtime_error);
  // the pool still works afterwards
  auto [e1, e2] = serial_and_threaded([&] { return exp(x); });
  EXPECT_TRUE(same_bits(e1, e2));
}

TEST(Threads, ForkedChildGetsItsOwnPool) {
  Tensor x = filled(1 << 18, 1.0);
  Tensor want = exp(x);  // starts the parent's pool
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) _exit(same_bits(exp(x), want) && !threads::in_parallel_region() ? 0 : 1);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(Threads, NestedLoopsRunSerially) {
  EXPECT_FALSE(threads::in_parallel_region());
  std::atomic<int> nested{0};
  threads::parallel_for(8, [&](int64_t) {
    if (threads::in_parallel_region() && threads::max_threads() == 1) ++nested;
  });
  EXPECT_EQ(nested.load(), 8);
  EXPECT_FALSE(threads::in_parallel_region());
}

}  // namespace

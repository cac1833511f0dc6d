// The harness's own pieces: the CUDA tests' line and the filter that counts them.
#include <gtest/gtest.h>

#include "harness.h"

namespace parity::suites {

TEST(SuitesHarness, CudaLineSaysWhyCudaTestsDidNotRun) {
  EXPECT_EQ(cuda_tests_line(false, 0, 0), "CUDA tests not run: Parity built without CUDA");
  EXPECT_EQ(cuda_tests_line(true, 0, 1234), "1234 CUDA tests not run: no CUDA device");
  EXPECT_EQ(cuda_tests_line(true, 0, 0), "0 CUDA tests not run: no CUDA device");
  EXPECT_EQ(cuda_tests_line(true, 1, 7, "NVIDIA H200"), "7 CUDA tests on cuda:0 (NVIDIA H200)");
  // This process's own line names this build and machine.
  const std::string line = cuda_tests_line();
  if (!built_with_cuda()) EXPECT_EQ(line, "CUDA tests not run: Parity built without CUDA");
  else if (cuda_device_count() == 0) EXPECT_NE(line.find(" CUDA tests not run: no CUDA device"), std::string::npos) << line;
  else EXPECT_NE(line.find(" CUDA tests on cuda:0"), std::string::npos) << line;
}

TEST(SuitesHarness, FilterMatchesAsGtestDoes) {
  EXPECT_TRUE(filter_matches("*", "NumpyRef/sin.cuda.float32"));
  EXPECT_TRUE(filter_matches("", "NumpyRef/sin.cuda.float32"));
  EXPECT_TRUE(filter_matches("NumpyRef/*", "NumpyRef/sin.cuda.float32"));
  EXPECT_FALSE(filter_matches("Noncontiguous/*", "NumpyRef/sin.cuda.float32"));
  EXPECT_TRUE(filter_matches("Dtypes/*:NumpyRef/s?n.*", "NumpyRef/sin.cuda.float32"));
  EXPECT_FALSE(filter_matches("NumpyRef/*-*.cuda.*", "NumpyRef/sin.cuda.float32"));
  EXPECT_TRUE(filter_matches("-*.cpu.*", "NumpyRef/sin.cuda.float32"));
  EXPECT_TRUE(filter_matches("*.cuda.*", "NumpyRef/sin.cuda.float32"));
  EXPECT_FALSE(filter_matches("*.cuda.*", "NumpyRef/sin.cpu.float32"));
}

}  // namespace parity::suites

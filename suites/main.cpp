// The generated suites: tests are registered from the OpInfo database at start-up.
#include <gtest/gtest.h>

#include <iostream>

#include "harness.h"

namespace parity::suites {
void register_numpy_ref();
void register_noncontiguous();
void register_variant_consistency();
void register_dtypes();
void register_type_promotion();
void register_broadcasting();
void register_gradcheck();
void register_compiled();
void register_all_suites() {
  register_numpy_ref();
  register_noncontiguous();
  register_variant_consistency();
  register_dtypes();
  register_type_promotion();
  register_broadcasting();
  register_gradcheck();
  register_compiled();
}
}  // namespace parity::suites

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  parity::suites::register_all_suites();
  const int rc = RUN_ALL_TESTS();
  // One line about the CUDA tests, after gtest's summary: never a silent pass without a GPU.
  std::cout << parity::suites::cuda_tests_line() << std::endl;
  return rc;
}

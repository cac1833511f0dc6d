// The generated suites: tests are registered from the OpInfo database at start-up.
#include <gtest/gtest.h>

namespace parity::suites {
void register_numpy_ref();
void register_all_suites() {
  register_numpy_ref();
}
}  // namespace parity::suites

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  parity::suites::register_all_suites();
  return RUN_ALL_TESTS();
}

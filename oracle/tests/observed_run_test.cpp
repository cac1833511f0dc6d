// Issue 27: the observed runs of library pairs (warnings, views, the library's own exception
// classes) and same-name mode. Expected values are documented behaviour of NumPy and PyTorch,
// stated at each test. Part of oracle_library_tests (its main() reports skipped tests).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "parity/case_builders.h"
#include "parity/executors.h"
#include "parity/numpy_executor.h"
#include "parity/opinfo.h"
#include "parity/ops.h"

namespace parity {
namespace {

using namespace parity::testing;



// Library pairs' observed runs (issue 27): np.log(-1.0) warns RuntimeWarning (invalid value),
// np.flip returns a view of its input, np.bitwise_and of floats raises a TypeError subclass; the
// plain batch records none of it (the engine's campaigns run as before).
TEST(Numpy, ObservedRunRecordsWarningsViewsAndNativeClasses) {
  Case log = case_of("log", {asarray(std::vector<double>{-1.0})});
  Case flip = case_of("flip", {asarray(std::vector<double>{1.0, 2.0})}, {{"axis", std::vector<int64_t>{0}}});
  Case band = case_of("bitwise_and", {asarray(std::vector<double>{1.0}), asarray(std::vector<double>{1.0})});
  std::vector<Outcome> o = run_library_observed("numpy", {&log, &flip, &band});
  EXPECT_EQ(o[0].warnings, std::vector<std::string>{"RuntimeWarning"});
  EXPECT_TRUE(std::isnan(as_doubles(o[0].values.at(0))[0]));
  EXPECT_TRUE(o[1].aliases_input);
  EXPECT_FALSE(o[0].aliases_input);
  EXPECT_EQ(as_doubles(o[1].values.at(0)), (std::vector<double>{2.0, 1.0}));
  ASSERT_TRUE(o[2].error);
  EXPECT_NE(std::find(o[2].native_error_mro.begin(), o[2].native_error_mro.end(), "TypeError"), o[2].native_error_mro.end());
  NumpyExecutor np;
  std::vector<Outcome> plain = np.run_batch({&log, &flip});
  EXPECT_TRUE(plain[0].warnings.empty());
  EXPECT_FALSE(plain[1].aliases_input);
}

// torch.log(-1.0) is nan without a warning; torch.flip copies (documented); torch.repeat does not
// exist, so same-name mode calls Tensor.repeat.
TEST(Torch, ObservedRunAndSameNameMode) {
  if (!library_available("torch")) GTEST_SKIP() << "torch cannot be imported";
  Case log = case_of("log", {asarray(std::vector<double>{-1.0})});
  Case flip = case_of("flip", {asarray(std::vector<double>{1.0, 2.0})}, {{"axis", std::vector<int64_t>{0}}});
  Case ravel = case_of("ravel", {asarray(std::vector<double>{1.0, 2.0})});
  std::vector<Outcome> o = run_library_observed("torch", {&log, &flip, &ravel});
  EXPECT_TRUE(o[0].warnings.empty());
  EXPECT_FALSE(o[1].aliases_input);
  EXPECT_TRUE(o[2].aliases_input);  // torch.ravel of a contiguous tensor is a view, as NumPy's
  EXPECT_EQ(make_executor("torch-same-name")->name(), "torch-same-name");
  // Tensor.repeat(2) tiles: [1, 2, 1, 2] (np.repeat would give [1, 1, 2, 2]).
  Case rep = case_of("repeat", {asarray(std::vector<double>{1.0, 2.0}), Scalar(int64_t{2})});
  Outcome r = make_executor("torch-same-name")->run(rep);
  ASSERT_FALSE(r.error) << r.error_message;
  EXPECT_EQ(as_doubles(r.values.at(0)), (std::vector<double>{1.0, 2.0, 1.0, 2.0}));
}

}  // namespace
}  // namespace parity

// Regression tests of the API fuzzer's findings (fuzz/api): each reproduces one input's failure
// in plain calls. The fuzzer's reproducer is in fuzz/api/corpus/ under the name given here.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "parity/ops.h"

using namespace parity;

// corpus/finding_empty_bool: empty(bool) + True read a reused block's old bytes as C++ bools
// (UBSan: "load of value 2, which is not a valid value for type 'const bool'"). Every byte of an
// empty bool array must be 0 or 1, whatever the allocator hands back.
TEST(ApiFuzzFindings, EmptyBoolHoldsOnlyValidBools) {
  for (int64_t n : {8, 48, 4096}) {  // the Storage's inline buffer and the block cache
    for (int round = 0; round < 4; ++round) {
      { Tensor junk = full({n}, Scalar(int64_t{2}), uint8); }  // freed: its block may be reused
      Tensor t = empty({n}, bool_);
      Tensor like = empty_like(t);
      for (const Tensor& e : {t, like}) {
        const auto* bytes = static_cast<const uint8_t*>(e.data_ptr());
        for (int64_t i = 0; i < n; ++i) ASSERT_LE(bytes[i], 1) << "n=" << n << " i=" << i;
      }
    }
  }
}

// corpus/finding_var_ddof_min: var(x, ddof=INT64_MIN) computed n - ddof in signed arithmetic
// (UBSan: "signed integer overflow: 1 - -9223372036854775808"). NumPy subtracts in intp, which
// wraps: np.var(np.arange(3.), ddof=-2**63) is inf, and ddof=-2**63+5 gives 2 / (2**63 - 2).
TEST(ApiFuzzFindings, VarDdofWrapsLikeNumpy) {
  const int64_t lo = std::numeric_limits<int64_t>::min();
  Tensor x = arange(Scalar(3.0));
  EXPECT_EQ(var(x, std::nullopt, lo).item<double>(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(parity::std(x, std::nullopt, lo).item<double>(), std::numeric_limits<double>::infinity());
  EXPECT_DOUBLE_EQ(var(x, std::nullopt, lo + 5).item<double>(), 2.168404344971009e-19);
}

// findings/open-overflow-*: shapes whose strides or sizes overflow int64 reached
// contiguous_strides (zeros/full with an INT64_MAX or 2^62 axis), broadcast_byte_strides (full
// with a 0 axis beside INT64_MAX) and infer_reshape (reshape to such a shape) before any check
// (UBSan: signed integer overflow). Every tensor's size is now checked first, as NumPy does;
// the classes are NumPy 2.2's for the same calls.
TEST(ApiFuzzFindings, OverflowingShapesRaiseBeforeAnyStrideIsComputed) {
  const int64_t big = std::numeric_limits<int64_t>::max();
  EXPECT_THROW(zeros({big}), ValueError);                            // np.zeros((2**63-1,))
  EXPECT_THROW(zeros({int64_t{1} << 62}, int8), MemoryError);        // "Unable to allocate 4.00 EiB"
  EXPECT_THROW(full({0, big}, Scalar(1.0)), ValueError);             // np.full((0, 2**63-1), 1.0)
  EXPECT_THROW(zeros({0}).reshape({0, big}), ValueError);            // np.zeros(0).reshape(0, 2**63-1)
  EXPECT_THROW(zeros({0}).view({big, 0}), ValueError);
}

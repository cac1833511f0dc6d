// The judge reads results from memory (parity/judge_values.h), not through engine ops. Expected
// values come from the index arithmetic of each view and from the formats' bit patterns as NumPy
// shows them (np.float16(1).view(np.uint16) == 0x3c00, np.array(-123.5, ml_dtypes.bfloat16)
// .view(np.uint16) == 0xc2f7); and a source check holds the comparator to reading only.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <regex>
#include <sstream>

#include "parity/judge_values.h"
#include "parity/ops.h"

namespace parity {
namespace {

// 0, 1, ..., 11 as a (3, 4) tensor of dtype d.
Tensor iota12(DType d) { return arange(Scalar(int64_t{12})).astype(d).reshape({3, 4}).contiguous(); }

TEST(JudgeValues, ReadsStridedViewsInCOrder) {
  for (DType d : {DType::Int8, DType::UInt16, DType::Int64, DType::UInt64, DType::Float16, DType::BFloat16,
                  DType::Float32, DType::Float64, DType::Complex64, DType::Complex128}) {
    const Tensor x = iota12(d);
    // Transposed (4, 3): element i is x[i % 3][i / 3].
    const std::vector<double> t = judge::parts(x.T(), false);
    ASSERT_EQ(t.size(), 12u);
    for (int64_t i = 0; i < 12; ++i) EXPECT_EQ(t[static_cast<size_t>(i)], (i % 3) * 4 + i / 3) << name(d) << " " << i;
    // Flipped along both axes, then every other column: negative strides and an offset.
    const Tensor f = x.flip().alias(d, {3, 2}, {-4, -2}, x.offset() + 11);
    const std::vector<double> v = judge::parts(f, false);
    const double want[] = {11, 9, 7, 5, 3, 1};
    for (size_t i = 0; i < 6; ++i) EXPECT_EQ(v[i], want[i]) << name(d) << " " << i;
    EXPECT_EQ(judge::max_abs(x.T()), 11) << name(d);
  }
}

TEST(JudgeValues, DecodesHalfAndBfloat16BitPatterns) {
  auto from_bits = [](DType d, std::vector<uint16_t> bits) {
    Tensor t = empty({static_cast<int64_t>(bits.size())}, d);
    std::memcpy(t.data_ptr(), bits.data(), bits.size() * 2);
    return judge::parts(t, false);
  };
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> h = from_bits(DType::Float16, {0x3c00, 0x7bff, 0x0001, 0x0400, 0xfc00, 0x8000, 0xc500});
  EXPECT_EQ(h[0], 1.0);
  EXPECT_EQ(h[1], 65504.0);
  EXPECT_EQ(h[2], std::ldexp(1.0, -24));  // the smallest subnormal
  EXPECT_EQ(h[3], std::ldexp(1.0, -14));  // the smallest normal
  EXPECT_EQ(h[4], -inf);
  EXPECT_TRUE(h[5] == 0 && std::signbit(h[5]));
  EXPECT_EQ(h[6], -5.0);
  EXPECT_TRUE(std::isnan(from_bits(DType::Float16, {0x7e00})[0]));
  const std::vector<double> b = from_bits(DType::BFloat16, {0x3f80, 0xc2f7, 0x7f80, 0x0001});
  EXPECT_EQ(b[0], 1.0);
  EXPECT_EQ(b[1], -123.5);
  EXPECT_EQ(b[2], inf);
  EXPECT_EQ(b[3], std::ldexp(1.0, -133));  // 2**-126 * 2**-7
}

TEST(JudgeValues, ComplexPartsBytesAndRepr) {
  const Tensor z = asarray(std::vector<std::complex<double>>{{1, -2}, {-3, 4}}).astype(DType::Complex64);
  EXPECT_EQ(judge::parts(z, true), (std::vector<double>{-2, 4}));
  EXPECT_EQ(judge::max_abs(z), 5.0);  // |-3+4j|; |1-2j| < 2.3
  const Tensor u = asarray(std::vector<int64_t>{7, 300}).astype(DType::UInt16);
  EXPECT_EQ(judge::element_repr(u, 1), "array(300, dtype=uint16)");
  EXPECT_EQ(judge::element_repr(asarray(std::vector<int64_t>{-4}), 0), "array(-4)");
  EXPECT_EQ(judge::element_repr(asarray(std::vector<bool>{true, false}), 1), "array(False)");
  EXPECT_TRUE(judge::same_bytes(u, u.flip().flip(), 1));
  EXPECT_FALSE(judge::same_bytes(u, u.flip(), 1));
  EXPECT_TRUE(std::isnan(judge::max_abs(asarray(std::vector<double>{1, NAN}))));
}

// The judge's sources read values only through judge_values: no engine op, view or cast. The
// case traits belong to the judge (they decide which declarations excuse a case). String
// literals are left out (reasons quote NumPy code). Nor do they include the engine's ops header,
// so an unqualified call (found by argument-dependent lookup) does not compile either.
TEST(JudgeValues, TheJudgeCallsNoEngineOp) {
  const std::regex engine_call(R"(\.(astype|contiguous|reshape|to_double_vector|copy|repr|item|item_scalar|flip|T|mT|data)\s*[<(]|parity::(?!judge)[a-z_]+\()");
  const std::regex literal(R"("([^"\\]|\\.)*")");
  for (const std::string file : {"opinfo/src/compare.cpp", "opinfo/src/judge_values.cpp", "opinfo/src/case_traits.cpp",
                                 "engine/include/parity/element_read.h"}) {
    std::ifstream in(std::string(PARITY_SOURCE_DIR) + "/" + file);
    ASSERT_TRUE(in) << file;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      EXPECT_FALSE(std::regex_search(std::regex_replace(line, literal, "\"\""), engine_call)) << file << ":" << n << ": " << line;
      EXPECT_EQ(line.find("#include \"parity/ops.h\""), std::string::npos) << file << ":" << n;
    }
  }
}

}  // namespace
}  // namespace parity

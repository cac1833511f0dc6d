// A baseline entry must name an op that exists (a typo would never match anything and never go
// stale), and the error suggests the closest op; also the "did you mean" helper itself.
#include <gtest/gtest.h>

#include "parity/closest.h"
#include "parity/errors.h"
#include "parity/report.h"

namespace parity::fuzz {
namespace {

TEST(BaselineOps, UnknownOpIsAnErrorNamingIt) {
  try {
    baseline_from_json(R"({"version": 1, "accepted": [
      {"op": "sin", "kind": "value", "reason": "fine"},
      {"op": "sinn", "kind": "value", "reason": "typo"}]})");
    FAIL() << "a baseline entry naming no op was accepted";
  } catch (const ValueError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("[baseline] entry 1"), std::string::npos) << m;
    EXPECT_NE(m.find("unknown op 'sinn'"), std::string::npos) << m;
    EXPECT_NE(m.find("did you mean 'sin'?"), std::string::npos) << m;
  }
  EXPECT_THROW(baseline_from_json(R"({"version": 1, "accepted": [{"op": "no_such_op_at_all", "kind": "value", "reason": "x"}]})"),
               ValueError);
  EXPECT_EQ(baseline_from_json(R"({"version": 1, "accepted": [{"op": "add", "kind": "error", "reason": "x"}]})")
                .accepted.at(0).op,
            "add");
}

TEST(Closest, SuggestsOnlyLikelyTypos) {
  const std::vector<std::string> cmds = {"dtypes", "promote", "fuzz", "replay", "check", "report", "bench"};
  EXPECT_EQ(closest_match("fzz", cmds), "fuzz");
  EXPECT_EQ(closest_match("fuz", cmds), "fuzz");
  EXPECT_EQ(closest_match("repaly", cmds), "replay");
  EXPECT_EQ(closest_match("chek", cmds), "check");
  EXPECT_EQ(closest_match("Check", cmds), "check");
  EXPECT_EQ(closest_match("xyzzy", cmds), "");
  EXPECT_EQ(closest_match("", cmds), "");
  EXPECT_EQ(did_you_mean("fzz", cmds), " (did you mean 'fuzz'?)");
  EXPECT_EQ(did_you_mean("qqqqqq", cmds), "");
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
}

}  // namespace
}  // namespace parity::fuzz

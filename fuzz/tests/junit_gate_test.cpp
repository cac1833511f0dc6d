// junit.xml follows the gate (issue 11): every unaccepted finding and every stale baseline entry is
// a failing test case, an unaccepted crash is an <error>, a run with no cases fails, and the times
// are the rows' real seconds. Also: the gate on a run with no cases, and Stats::seconds.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "parity/report.h"

namespace parity::fuzz {
namespace {

CaseRecord rec(const std::string& op, DType d, Mismatch kind, uint64_t index) {
  CaseRecord r;
  r.id = CaseId{op, 7, index, {}};
  r.op = op;
  r.dtype = d;
  r.kind = kind;
  r.inputs = "  arg0: float64(1,) strides=(8,) [0.5]\n";
  if (kind != Mismatch::none) r.detail = "element 0 differs";
  return r;
}

// sin float64: 4 matches (0.25 s of worker time); add int32: 2 matches.
Results clean_run() {
  Results r;
  r.seed = 7;
  r.seconds = 1.5;
  r.complete = true;
  for (int i = 0; i < 4; ++i) r.stats[StatsKey{"sin", DType::Float64, Device::cpu}].add(rec("sin", DType::Float64, Mismatch::none, i));
  for (int i = 0; i < 2; ++i) r.stats[StatsKey{"add", DType::Int32, Device::cpu}].add(rec("add", DType::Int32, Mismatch::none, 10 + i));
  r.stats[StatsKey{"sin", DType::Float64, Device::cpu}].seconds = 0.25;
  r.stats[StatsKey{"add", DType::Int32, Device::cpu}].seconds = 0.125;
  return r;
}

size_t count(const std::string& s, const std::string& needle) {
  size_t n = 0;
  for (size_t p = s.find(needle); p != std::string::npos; p = s.find(needle, p + 1)) ++n;
  return n;
}

// The <testsuites> element's attribute `attr`.
std::string top(const std::string& xml, const std::string& attr) {
  std::smatch m;
  std::regex re("<testsuites [^>]*\\b" + attr + "=\"([^\"]*)\"");
  return std::regex_search(xml, m, re) ? m[1].str() : "?";
}

TEST(JunitGate, StaleBaselineEntryIsAFailingTestcase) {
  Results r = clean_run();
  Baseline b;
  b.accepted.push_back({"sin", "float64", "cpu", Mismatch::value, "was wrong | once"});  // covered, never seen
  ASSERT_FALSE(gate(r, b).passed);
  ASSERT_EQ(gate(r, b).stale.size(), 1u);
  const std::string x = render_junit(r, &b);
  EXPECT_EQ(top(x, "failures"), "1") << x;
  EXPECT_EQ(top(x, "errors"), "0");
  EXPECT_EQ(top(x, "tests"), "3");  // sin.cpu.float64, add.cpu.int32 and the stale entry
  EXPECT_EQ(count(x, "<testcase "), 3u);
  EXPECT_NE(x.find("<failure type=\"stale\""), std::string::npos) << x;
  EXPECT_NE(x.find("sin float64 cpu value"), std::string::npos);
  EXPECT_NE(x.find("was wrong | once"), std::string::npos);
  // The passing gate has no failure at all.
  const std::string ok = render_junit(r, nullptr);
  EXPECT_EQ(top(ok, "failures"), "0") << ok;
  EXPECT_EQ(count(ok, "<failure"), 0u);
  EXPECT_TRUE(gate(r, Baseline{}).passed);
}

TEST(JunitGate, UnacceptedCrashIsAnErrorAndAcceptedKindsPass) {
  Results r = clean_run();
  r.stats[StatsKey{"sin", DType::Float64, Device::cpu}].add(rec("sin", DType::Float64, Mismatch::crash, 99));
  r.stats[StatsKey{"add", DType::Int32, Device::cpu}].add(rec("add", DType::Int32, Mismatch::error, 98));
  std::string x = render_junit(r, nullptr);
  EXPECT_EQ(top(x, "errors"), "1") << x;
  EXPECT_EQ(top(x, "failures"), "1");  // add's error mismatch
  EXPECT_EQ(count(x, "<error type=\"crash\""), 1u);
  EXPECT_EQ(count(x, "<failure type=\"error\""), 1u);
  EXPECT_NE(x.find("parity replay sin:7:99"), std::string::npos);
  // The crash's test case holds the <error>, not a <failure>.
  size_t p = x.find("name=\"sin.cpu.float64\"");
  std::string sin_case = x.substr(p, x.find("</testcase>", p) - p);
  EXPECT_NE(sin_case.find("<error"), std::string::npos);
  EXPECT_EQ(sin_case.find("<failure"), std::string::npos);
  // A baseline accepting both: nothing fails, as the gate says.
  Baseline b;
  b.accepted.push_back({"sin", "*", "cpu", Mismatch::crash, "known crash"});
  b.accepted.push_back({"add", "int32", "*", Mismatch::error, "known error"});
  ASSERT_TRUE(gate(r, b).passed);
  x = render_junit(r, &b);
  EXPECT_EQ(top(x, "errors"), "0") << x;
  EXPECT_EQ(top(x, "failures"), "0");
  EXPECT_NE(x.find("baselined: known crash"), std::string::npos);
}

TEST(JunitGate, RealTimes) {
  const std::string x = render_junit(clean_run(), nullptr);
  EXPECT_EQ(top(x, "time"), "1.500") << x;
  EXPECT_NE(x.find("name=\"sin.cpu.float64\" time=\"0.250\""), std::string::npos) << x;
  EXPECT_NE(x.find("name=\"add.cpu.int32\" time=\"0.125\""), std::string::npos);
  EXPECT_NE(x.find("<testsuite name=\"fuzz.sin\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0.250\""),
            std::string::npos);
}

TEST(JunitGate, RunWithNoCasesFailsTheGate) {
  Results r;
  r.complete = true;
  GateResult g = gate(r, Baseline{});
  EXPECT_FALSE(g.passed);
  EXPECT_TRUE(g.no_cases);
  EXPECT_NE(g.summary().find("no cases"), std::string::npos);
  const std::string x = render_junit(r, nullptr);
  EXPECT_EQ(top(x, "failures"), "1") << x;
  EXPECT_NE(x.find("<failure type=\"no-cases\""), std::string::npos);
  EXPECT_FALSE(gate(clean_run(), Baseline{}).no_cases);
}

TEST(JunitGate, PartialRunIsMarked) {
  Results r = clean_run();
  r.complete = false;
  const std::string x = render_junit(r, nullptr);
  EXPECT_NE(x.find("<testsuites name=\"parity-fuzz (partial)\""), std::string::npos) << x;
  EXPECT_NE(x.find("<property name=\"complete\" value=\"false\"/>"), std::string::npos);
}

TEST(StatsSeconds, MergedSummedAndKeptInResultsJson) {
  Results a = clean_run(), b = clean_run();
  Results m = merge_results({a, b});
  EXPECT_DOUBLE_EQ(m.stats.at(StatsKey{"sin", DType::Float64, Device::cpu}).seconds, 0.5);
  Results back = results_from_json(results_to_json(a));
  EXPECT_DOUBLE_EQ(back.stats.at(StatsKey{"add", DType::Int32, Device::cpu}).seconds, 0.125);
}

}  // namespace
}  // namespace parity::fuzz

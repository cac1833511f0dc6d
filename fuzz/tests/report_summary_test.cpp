// summary.md fits a pull-request comment (65,536 characters) whatever the run: totals and
// failures first, the full table in table.md.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "parity/report.h"

namespace parity::fuzz {
namespace {

namespace fs = std::filesystem;

// 400 ops x 3 dtypes; every third op fails with a value mismatch whose case has long descriptions.
Results large() {
  Results r;
  r.seed = 5;
  r.complete = true;
  for (int i = 0; i < 400; ++i) {
    std::string op = "op" + std::to_string(1000 + i);
    for (DType d : {DType::Float16, DType::Float32, DType::Float64}) {
      CaseRecord c;
      c.id = CaseId{op, 5, static_cast<uint64_t>(i), {}};
      c.op = op;
      c.dtype = d;
      c.kind = (i % 3 == 0 && d == DType::Float32) ? Mismatch::value : Mismatch::none;
      c.inputs = "  arg0: float32(64,) strides=(4,) [" + std::string(600, '1') + "]\n";
      c.engine = std::string(300, 'e');
      c.numpy = std::string(300, 'n');
      c.python = "import numpy as np\n" + std::string(200, 'p') + "\n";
      c.detail = "element 3: got 1, NumPy 2";
      Stats& s = r.stats[StatsKey{op, d, Device::cpu}];
      CaseRecord match;  // a matching case of the same key: no detail
      match.id = c.id;
      match.op = op;
      match.dtype = d;
      match.device = Device::cpu;
      match.variant = Variant::function;
      match.kind = Mismatch::none;
      for (int k = 0; k < 10; ++k) s.add(match);
      s.add(c);
    }
  }
  return r;
}

TEST(Summary, StaysUnderAPullRequestCommentWithTotalsAndFailuresFirst) {
  Results r = large();
  std::string md = render_markdown(r);
  std::string table = render_markdown_table(r);
  EXPECT_GT(table.size(), kSummaryMaxChars) << "the test needs a run whose full report does not fit";
  EXPECT_LT(md.size(), kSummaryMaxChars);
  EXPECT_EQ(kSummaryMaxChars, 65536u);
  // Verdict and totals first, then the failing rows, then the cases; the truncation is said.
  size_t verdict = md.find("## Verdict: FAIL"), totals = md.find("- cases: 13200, matches: 13066");
  size_t failing = md.find("## Failing rows"), cases = md.find("## Minimal mismatching cases");
  ASSERT_NE(verdict, std::string::npos) << md.substr(0, 2000);
  ASSERT_NE(totals, std::string::npos) << md.substr(0, 2000);
  ASSERT_NE(failing, std::string::npos);
  EXPECT_LT(verdict, totals);
  EXPECT_LT(totals, failing);
  if (cases != std::string::npos) {
    EXPECT_LT(failing, cases);
  }
  EXPECT_NE(md.find("**Truncated:**"), std::string::npos);
  // table.md is named as a path, not a relative link (which breaks when pasted into a pull request).
  EXPECT_NE(md.find("`table.md` beside this file in the run's report folder"), std::string::npos);
  EXPECT_EQ(md.find("](table.md)"), std::string::npos);
  // No row of the failing table is cut in half, and every code fence is closed.
  std::istringstream in(md);
  std::string line;
  size_t fences = 0;
  while (std::getline(in, line)) {
    if (line.rfind("| op", 0) == 0 && line.find("|---") == std::string::npos) {
      EXPECT_EQ(line.back(), '|') << line;
    }
    if (line.rfind("```", 0) == 0) ++fences;
  }
  EXPECT_EQ(fences % 2, 0u);
  // The table has every row, failures first.
  size_t rows = 0;
  std::istringstream tin(table);
  std::string first_row;
  while (std::getline(tin, line))
    if (line.rfind("| op1", 0) == 0) {
      if (!rows) first_row = line;
      ++rows;
    }
  EXPECT_EQ(rows, 1200u);
  EXPECT_NE(first_row.find("| FAIL |"), std::string::npos) << first_row;
}

TEST(Summary, SmallRunIsNotTruncated) {
  Results r;
  r.complete = true;
  CaseRecord c;
  c.id = CaseId{"sin", 1, 2, {}};
  c.op = "sin";
  c.dtype = DType::Float32;
  r.stats[StatsKey{"sin", DType::Float32, Device::cpu}].add(c);
  std::string md = render_markdown(r);
  EXPECT_EQ(md.find("Truncated"), std::string::npos);
  EXPECT_NE(md.find("## Verdict: PASS"), std::string::npos);
  EXPECT_NE(render_markdown_table(r).find("| sin | float32 | cpu | 1 | 1 | 0 |"), std::string::npos);
}

// A gate list longer than the summary (a library campaign's thousands of findings) is cut at whole
// lines, so that the failing rows still follow it.
TEST(Summary, ALongGateListIsCutAndTheFailingRowsStillFollow) {
  Results r;
  r.complete = true;
  for (int i = 0; i < 3000; ++i) {
    CaseRecord c;
    const std::string op = "op" + std::to_string(10000 + i);
    c.id = CaseId{op, 1, 1, {}};
    c.op = op;
    c.dtype = DType::Float32;
    c.kind = Mismatch::value;
    c.detail = "element 0: got 1, NumPy 2";
    r.stats[StatsKey{op, DType::Float32, Device::cpu}].add(c);
  }
  const std::string md = render_markdown(r);
  EXPECT_LT(md.size(), kSummaryMaxChars);
  size_t cut = md.find(" more lines: every finding is in index.html and results.json");
  size_t failing = md.find("## Failing rows");
  ASSERT_NE(cut, std::string::npos);
  ASSERT_NE(failing, std::string::npos) << md.substr(0, 3000);
  EXPECT_LT(cut, failing);
  EXPECT_NE(md.find("  unaccepted: op10000 float32 cpu value x1  -> parity replay op10000:1:1"), std::string::npos);
}

// Accepted cases: each declaration once, with the rows it covers, however many rows share it.
TEST(Summary, AcceptedCasesOneLinePerDeclaration) {
  Results r;
  r.complete = true;
  const std::string decl = "a bfloat16 operand with a Python float keeps bfloat16 (NEP 50)";
  for (const char* op : {"add", "subtract", "multiply", "divide"})
    for (DType d : {DType::BFloat16, DType::Float16}) {
      CaseRecord c;
      c.id = CaseId{op, 2, 7, {}};
      c.op = op;
      c.dtype = d;
      c.kind = Mismatch::dtype;
      c.accepted = decl;
      r.stats[StatsKey{op, d, Device::cpu}].add(c);
    }
  const std::string md = render_markdown(r);
  size_t first = md.find(decl);
  ASSERT_NE(first, std::string::npos) << md;
  EXPECT_EQ(md.find(decl, first + 1), std::string::npos) << md;  // said once, not once per row
  EXPECT_NE(md.find("1 declaration,"), std::string::npos) << md;
  EXPECT_NE(md.find("- **" + decl + "** (8 cases): add float16 cpu: 1, add bfloat16 cpu: 1,"), std::string::npos) << md;
  EXPECT_NE(md.find("subtract bfloat16 cpu: 1; e.g. `parity replay add:2:7`"), std::string::npos) << md;
}

TEST(Summary, WriteReportsWritesTheTableNextToIt) {
  fs::path dir = fs::temp_directory_path() / ("parity_summary_test_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  Results r = large();
  write_reports(r, dir.string());
  for (const char* f : {"results.json", "summary.md", "table.md", "index.html", "junit.xml"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  EXPECT_LT(fs::file_size(dir / "summary.md"), kSummaryMaxChars);
  std::ifstream t(dir / "table.md");
  std::stringstream ss;
  ss << t.rdbuf();
  EXPECT_EQ(ss.str(), render_markdown_table(r));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace parity::fuzz

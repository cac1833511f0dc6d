// Accepted cases (declared in OpInfo) in the data model and every rendering, and the one word for
// mismatches the baseline lets through: "baselined".
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "parity/report.h"

namespace parity::fuzz {
namespace {

const std::string kDecl = "a bfloat16 operand with a Python float keeps bfloat16: NEP 50 | ml_dtypes";

CaseRecord accepted_record(uint64_t index, const std::string& decl = kDecl) {
  CaseRecord r;
  r.id = CaseId{"add", 7, index, {}};
  r.op = "add";
  r.dtype = DType::BFloat16;
  r.kind = Mismatch::dtype;
  r.accepted = decl;
  return r;
}
CaseRecord match_record(uint64_t index) {
  CaseRecord r;
  r.id = CaseId{"add", 7, index, {}};
  r.op = "add";
  r.dtype = DType::BFloat16;
  return r;
}

// add bfloat16: 4 matches and 3 accepted cases under two declarations, no mismatch.
Results with_accepted() {
  Results r;
  r.seed = 7;
  r.complete = true;
  Stats& s = r.stats[StatsKey{"add", DType::BFloat16, Device::cpu}];
  for (uint64_t i = 0; i < 4; ++i) s.add(match_record(i));
  s.add(accepted_record(40));
  s.add(accepted_record(12));
  s.add(accepted_record(30, "other: reason"));
  return r;
}

TEST(AcceptedCases, CountedUnderTheirDeclarationWithTheSmallestExample) {
  Results r = with_accepted();
  const Stats& s = r.stats.begin()->second;
  EXPECT_EQ(s.cases, 7u);
  EXPECT_EQ(s.matches, 4u);
  EXPECT_EQ(s.accepted, 3u);
  EXPECT_TRUE(s.mismatches.empty());
  ASSERT_EQ(s.accepted_by.size(), 2u);
  EXPECT_EQ(s.accepted_by.at(kDecl).cases, 2u);
  EXPECT_EQ(s.accepted_by.at(kDecl).example, "add:7:12");  // the smaller index, whatever the order
  EXPECT_EQ(s.accepted_by.at("other: reason").example, "add:7:30");
  // The other order keeps the same example.
  Stats t;
  t.add(accepted_record(12));
  t.add(accepted_record(40));
  EXPECT_EQ(t.cases, 2u);
  EXPECT_EQ(t.accepted, 2u);
  EXPECT_EQ(t.accepted_by.at(kDecl).example, "add:7:12");
}

TEST(AcceptedCases, SurviveJsonAndMergeInEitherOrder) {
  Results a = with_accepted(), b;
  b.seed = 7;
  b.complete = true;
  b.stats[StatsKey{"add", DType::BFloat16, Device::cpu}].add(accepted_record(5));
  Results back = results_from_json(results_to_json(a));
  EXPECT_EQ(results_to_json(back), results_to_json(a));
  const Stats& s = back.stats.begin()->second;
  ASSERT_EQ(s.accepted_by.size(), 2u);
  EXPECT_EQ(s.accepted_by.at(kDecl).cases, 2u);
  EXPECT_EQ(s.accepted_by.at(kDecl).example, "add:7:12");
  nlohmann::json j = nlohmann::json::parse(results_to_json(a));
  EXPECT_EQ(j["stats"][0]["accepted"], 3);
  EXPECT_EQ(j["stats"][0]["accepted_by"][0]["declaration"], kDecl);
  EXPECT_EQ(j["stats"][0]["accepted_by"][0]["example"], "add:7:12");
  Results ab = merge_results({a, b}), ba = merge_results({b, a});
  EXPECT_EQ(results_to_json(ab), results_to_json(ba));
  EXPECT_EQ(ab.stats.begin()->second.accepted_by.at(kDecl).cases, 3u);
  EXPECT_EQ(ab.stats.begin()->second.accepted_by.at(kDecl).example, "add:7:5");
}

TEST(AcceptedCases, MarkdownShowsTheColumnTheDeclarationAndAnExample) {
  Results r = with_accepted();
  std::string table = render_markdown_table(r);
  // op, input dtype, device, cases, matches, accepted, value, dtype mismatch, ...
  EXPECT_NE(table.find("| add | bfloat16 | cpu | 7 | 4 | 3 | 0 | 0 | 0 | 0 | 0 |"), std::string::npos) << table;
  EXPECT_NE(table.find("| accepted |\n"), std::string::npos) << table;  // the row's status
  std::string md = render_markdown(r);
  EXPECT_NE(md.find("## Accepted cases"), std::string::npos) << md;
  // The declaration, its pipe escaped, with its count and a replayable example.
  EXPECT_NE(md.find("- **a bfloat16 operand with a Python float keeps bfloat16: NEP 50 \\| ml_dtypes** (2 cases): add "
                    "bfloat16 cpu: 2; e.g. `parity replay add:7:12`"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- **other: reason** (1 case): add bfloat16 cpu: 1; e.g. `parity replay add:7:30`"), std::string::npos)
      << md;
  EXPECT_NE(md.find("accepted (declared in OpInfo): 3"), std::string::npos) << md;
}

TEST(AcceptedCases, HtmlShowsTheColumnTheDeclarationAndAnExample) {
  std::string html = render_html(with_accepted());
  EXPECT_NE(html.find("<th aria-sort=\"none\" title=\"declared in the op&#39;s OpInfo entry\"><button type=\"button\">"
                      "accepted</button></th>"),
            std::string::npos)
      << html.substr(html.find("id=\"stats\""), 1200);
  EXPECT_NE(html.find("<tr class=\"accepted\" data-status=\"accepted\">"), std::string::npos) << html;
  EXPECT_NE(html.find("id=\"accepted\""), std::string::npos);
  EXPECT_NE(html.find("parity replay add:7:12"), std::string::npos);
  EXPECT_NE(html.find("NEP 50 | ml_dtypes"), std::string::npos);
  // Each declaration once, its rows under it; the row's link lands on its line there.
  EXPECT_NE(html.find("<div class=\"decl\" id=\"decl-0\"><p><b>a bfloat16 operand with a Python float keeps bfloat16: "
                      "NEP 50 | ml_dtypes</b> (2 cases)</p>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<li id=\"acc-add-bfloat16-cpu-0\">add bfloat16 cpu: 2 cases, e.g. <code class=\"replay\">parity "
                      "replay add:7:12</code></li>"),
            std::string::npos);
  EXPECT_NE(html.find("<a href=\"#acc-add-bfloat16-cpu-0\">add:7:12</a>"), std::string::npos);
  // The accepted cell says which declarations, on hover.
  EXPECT_NE(html.find("title=\"a bfloat16 operand with a Python float keeps bfloat16: NEP 50 | ml_dtypes (2)"),
            std::string::npos);
}

// A row whose only mismatch the baseline lists: "baselined", never "accepted".
Results with_baselined() {
  Results r;
  r.complete = true;
  CaseRecord m;
  m.id = CaseId{"sin", 1, 3, {}};
  m.op = "sin";
  m.dtype = DType::Float32;
  m.kind = Mismatch::value;
  r.stats[StatsKey{"sin", DType::Float32, Device::cpu}].add(m);
  return r;
}
Baseline sin_baseline() {
  Baseline b;
  b.accepted.push_back({"sin", "float32", "cpu", Mismatch::value, "libm vs SIMD"});
  return b;
}

TEST(Baselined, OneWordForMismatchesTheBaselineLetsThrough) {
  Results r = with_baselined();
  Baseline b = sin_baseline();
  GateResult g = gate(r, b);
  EXPECT_TRUE(g.passed);
  EXPECT_EQ(g.baselined_mismatches, 1u);
  EXPECT_NE(g.summary().find("1 baselined mismatches"), std::string::npos) << g.summary();
  for (const std::string& out : {g.summary(), render_markdown(r, &b), render_markdown_table(r, &b),
                                 render_html(r, &b), render_junit(r, &b)}) {
    EXPECT_EQ(out.find("accepted mismatches"), std::string::npos) << out;
    EXPECT_EQ(out.find("ccepted by the baseline"), std::string::npos) << out;
  }
  EXPECT_NE(render_markdown_table(r, &b).find("| baselined |\n"), std::string::npos);
  EXPECT_NE(render_html(r, &b).find("<tr class=\"baselined\" data-status=\"baselined\">"), std::string::npos);
  EXPECT_NE(render_markdown(r, &b).find("Baselined: libm vs SIMD"), std::string::npos);
}

}  // namespace
}  // namespace parity::fuzz

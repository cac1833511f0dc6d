// index.html: readable on a phone, failures first with a status filter, a link per row to its
// case with what differs, an Environment section (also in results.json), a verdict without a
// baseline, distinct column names, columns that never vary said once, sort buttons.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "parity/build_info.h"
#include "parity/report.h"

namespace parity::fuzz {
namespace {

CaseRecord rec(const std::string& op, DType d, Mismatch kind, uint64_t index) {
  CaseRecord r;
  r.id = CaseId{op, 3, index, {}};
  r.op = op;
  r.dtype = d;
  r.kind = kind;
  r.inputs = "  arg0: float32(2,) strides=(4,) [1, 2]\n";
  return r;
}

// "abs" and "add" match; "zeta" (last in key order) has a value mismatch.
Results mixed() {
  Results r;
  r.seed = 3;
  r.complete = true;
  r.numpy_version = "2.2.6";
  for (const char* op : {"abs", "add"}) r.stats[StatsKey{op, DType::Float64, Device::cpu}].add(rec(op, DType::Float64, Mismatch::none, 1));
  r.stats[StatsKey{"zeta", DType::Float32, Device::cpu}].add(rec("zeta", DType::Float32, Mismatch::value, 9));
  r.environment = Environment{"2026-12-02T05:32:34Z", "abc123", "Test CPU @ 2GHz", "AVX2", 2, "parity fuzz --all"};
  return r;
}

TEST(HtmlReport, HasAViewportMetaTag) {
  EXPECT_NE(render_html(mixed()).find("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"),
            std::string::npos);
}

TEST(HtmlReport, FailuresFirstWithAStatusFilter) {
  std::string html = render_html(mixed());
  size_t body = html.find("<tbody>", html.find("id=\"stats\""));
  ASSERT_NE(body, std::string::npos);
  size_t zeta = html.find("<tr class=\"fail\"", body), abs = html.find("<tr class=\"ok\"", body);
  ASSERT_NE(zeta, std::string::npos);
  ASSERT_NE(abs, std::string::npos);
  EXPECT_LT(zeta, abs) << "the failing row comes first although zeta sorts last";
  for (const char* st : {"fail", "baselined", "accepted", "ok"})
    EXPECT_NE(html.find(std::string("<input type=\"checkbox\" value=\"") + st + "\" checked>"), std::string::npos) << st;
  EXPECT_NE(html.find("data-status=\"fail\""), std::string::npos);
  EXPECT_NE(html.find("getAttribute('data-status')"), std::string::npos);  // the filter's script
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
}

TEST(HtmlReport, EachFailingRowLinksToItsCase) {
  std::string html = render_html(mixed());
  std::smatch m;
  std::regex link("<a href=\"#(case-zeta-float32-cpu-value)\">zeta:3:9</a>");
  ASSERT_TRUE(std::regex_search(html, m, link)) << html;
  EXPECT_NE(html.find("id=\"" + m[1].str() + "\""), std::string::npos);  // the anchor exists
}

TEST(HtmlReport, EnvironmentSection) {
  std::string html = render_html(mixed());
  size_t env = html.find("<h2 id=\"environment\">Environment</h2>");
  ASSERT_NE(env, std::string::npos);
  for (const char* v : {"2026-12-02T05:32:34Z", "abc123", "Test CPU @ 2GHz", "AVX2", "<td>2</td>",
                        "parity fuzz --all", "2.2.6"})
    EXPECT_NE(html.find(v, env), std::string::npos) << v;
}

TEST(HtmlReport, VerdictWithoutABaseline) {
  Results r = mixed();
  std::string html = render_html(r);
  EXPECT_NE(html.find("Verdict: <span class=\"failtxt\">FAIL</span>"), std::string::npos);
  r.stats.erase(StatsKey{"zeta", DType::Float32, Device::cpu});
  EXPECT_NE(render_html(r).find("Verdict: <span class=\"pass\">PASS</span>"), std::string::npos);
  EXPECT_NE(render_markdown(r).find("## Verdict: PASS"), std::string::npos);
  EXPECT_NE(render_markdown(mixed()).find("## Verdict: FAIL"), std::string::npos);
}

// The main table's column heads (index.html: the buttons' labels; table.md: the head row).
std::vector<std::string> column_heads(const std::string& out) {
  std::vector<std::string> heads;
  std::regex th(out[0] == '<' ? "<th[^>]*><button type=\"button\">([^<]*)</button></th>" : "\\| ([^|\n]+?) (?=\\|)");
  size_t start = out.find(out[0] == '<' ? "id=\"stats\"" : "| op |");
  size_t end = out.find(out[0] == '<' ? "</tr>" : "\n", start);
  std::string head = out.substr(start, end - start + 1);
  for (std::sregex_iterator it(head.begin(), head.end(), th), e; it != e; ++it) heads.push_back((*it)[1]);
  return heads;
}

TEST(HtmlReport, ColumnsHaveDistinctNames) {
  Results one = mixed();  // one row: no column is left out for having the same value in every row
  one.stats.erase(StatsKey{"abs", DType::Float64, Device::cpu});
  one.stats.erase(StatsKey{"add", DType::Float64, Device::cpu});
  for (const std::string& out : {render_html(one), render_markdown_table(mixed())}) {
    std::vector<std::string> heads = column_heads(out);
    ASSERT_GT(heads.size(), 10u) << out.substr(0, 4000);
    std::set<std::string> unique(heads.begin(), heads.end());
    EXPECT_EQ(unique.size(), heads.size());
    EXPECT_TRUE(unique.count("input dtype"));
    EXPECT_TRUE(unique.count("dtype mismatch"));
  }
}

// Columns with the same value in every row are left out of index.html's table and said once above
// it; table.md keeps every column.
TEST(HtmlReport, ConstantColumnsAreSaidOnceAboveTheTable) {
  const std::string html = render_html(mixed());
  std::vector<std::string> heads = column_heads(html);
  std::set<std::string> shown(heads.begin(), heads.end());
  for (const char* varies : {"op", "input dtype", "status", "case", "value"}) EXPECT_TRUE(shown.count(varies)) << varies;
  for (const char* constant : {"device", "dtype mismatch", "shape", "crash", "device mismatch", "grad"})
    EXPECT_FALSE(shown.count(constant)) << constant;
  size_t same = html.find("<p id=\"same\">"), table = html.find("id=\"stats\"");
  ASSERT_NE(same, std::string::npos);
  EXPECT_LT(same, table);
  for (const char* said : {"<b>device</b> cpu", "<b>dtype mismatch</b> 0", "<b>device mismatch</b> not compared",
                           "<b>grad</b> not compared"})
    EXPECT_NE(html.substr(same, table - same).find(said), std::string::npos) << said;
  EXPECT_GT(column_heads(render_markdown_table(mixed())).size(), heads.size());
}

// The failing row's case and what differs come right after op, dtype, device and status, before
// the counts.
TEST(HtmlReport, FailingRowShowsItsCaseAndWhatDiffersBesideTheOp) {
  Results r = mixed();
  Stats& zeta = r.stats.at(StatsKey{"zeta", DType::Float32, Device::cpu});
  zeta.minimal.at(Mismatch::value).detail = "element 1: got 2, NumPy 3";
  const std::string html = render_html(r);
  std::vector<std::string> heads = column_heads(html);
  ASSERT_GE(heads.size(), 4u);
  EXPECT_EQ(heads[0], "op");
  EXPECT_EQ(heads[1], "input dtype");
  EXPECT_EQ(heads[2], "status");
  EXPECT_EQ(heads[3], "case");
  size_t row = html.find("<tr class=\"fail\"");
  ASSERT_NE(row, std::string::npos);
  const std::string tr = html.substr(row, html.find("</tr>", row) - row);
  EXPECT_NE(tr.find("<a href=\"#case-zeta-float32-cpu-value\">zeta:3:9</a><div class=\"what\">value: element 1: got 2, "
                    "NumPy 3</div>"),
            std::string::npos)
      << tr;
}

// A kind the run did not look for reads "not compared", never 0: device mismatches are only
// looked for against the engine's CPU result.
TEST(HtmlReport, AColumnNotMeasuredSaysNotCompared) {
  Results r = mixed();
  EXPECT_NE(render_html(r).find("<b>device mismatch</b> not compared"), std::string::npos);
  EXPECT_NE(render_markdown_table(r).find("| 0 | not compared |"), std::string::npos) << render_markdown_table(r);
  r.against = "cpu";
  EXPECT_NE(render_html(r).find("<b>device mismatch</b> 0"), std::string::npos);
  EXPECT_NE(render_markdown_table(r).find("| zeta | float32 | cpu | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 |"), std::string::npos)
      << render_markdown_table(r);
}

// max ULP: an accepted row does not show its declared difference's distance (inf) as the row's, and
// sorting by the column puts failing rows above every distance.
TEST(HtmlReport, MaxUlpSaysAcceptedAndSortsFailuresFirst) {
  Results r = mixed();
  CaseRecord acc = rec("abs", DType::Float64, Mismatch::value, 5);
  acc.accepted = "declared: -0 against 0";
  acc.has_ulp = true;
  acc.max_ulp = INFINITY;
  Stats& abs = r.stats.at(StatsKey{"abs", DType::Float64, Device::cpu});
  abs.add(acc);
  CaseRecord bad = rec("zeta", DType::Float32, Mismatch::value, 10);
  bad.has_ulp = true;
  bad.max_ulp = 1;  // inf against the largest float: one ULP
  r.stats.at(StatsKey{"zeta", DType::Float32, Device::cpu}).add(bad);
  const std::string html = render_html(r);
  size_t fail = html.find("<tr class=\"fail\""), ok = html.find("<tr class=\"accepted\"");
  ASSERT_NE(fail, std::string::npos);
  ASSERT_NE(ok, std::string::npos);
  const std::string fail_tr = html.substr(fail, html.find("</tr>", fail) - fail);
  const std::string ok_tr = html.substr(ok, html.find("</tr>", ok) - ok);
  EXPECT_NE(fail_tr.find("data-v=\"1e308\">1</td>"), std::string::npos) << fail_tr;
  EXPECT_NE(ok_tr.find(">accepted</td>"), std::string::npos) << ok_tr;
  EXPECT_EQ(ok_tr.find(">inf<"), std::string::npos) << ok_tr;
}

// Sorting is done by buttons in the column heads (keyboard-operable), says its state in aria-sort,
// and a third click restores the first order (the browser test clicks them).
TEST(HtmlReport, SortButtonsWithAriaSort) {
  const std::string html = render_html(mixed());
  EXPECT_NE(html.find("<th aria-sort=\"none\"><button type=\"button\">op</button></th>"), std::string::npos);
  EXPECT_NE(html.find("state === 'descending' ? 'none'"), std::string::npos);
}

// WCAG AA: the verdict's PASS green has a contrast of at least 4.5:1 against the white page.
double luminance(const std::string& hex) {
  double rgb[3];
  for (int i = 0; i < 3; ++i) {
    double c = std::stoi(hex.substr(1 + 2 * i, 2), nullptr, 16) / 255.0;
    rgb[i] = c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  }
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}
TEST(HtmlReport, PassGreenIsReadable) {
  const std::string html = render_html(mixed());
  std::smatch m;
  ASSERT_TRUE(std::regex_search(html, m, std::regex("\\.pass \\{ color: (#[0-9a-f]{6});")));
  EXPECT_GE((1.0 + 0.05) / (luminance(m[1]) + 0.05), 4.5) << m[1];
  EXPECT_NEAR((1.0 + 0.05) / (luminance("#22aa77") + 0.05), 2.96, 0.01);  // the old green, for scale
}

// The gate counts groups and their cases in one phrase; on a phone its lines wrap (each replay id
// stays on screen: the browser test measures it) and each replay command is marked.
TEST(HtmlReport, GateSaysGroupsAndCasesAndWraps) {
  const std::string html = render_html(mixed());
  EXPECT_NE(html.find("gate: FAIL: 1 unaccepted group (1 case), 0 stale baseline entries"), std::string::npos) << html;
  EXPECT_NE(html.find("<pre class=\"gate\">"), std::string::npos);
  EXPECT_NE(html.find("pre.gate { white-space: pre-wrap;"), std::string::npos);
  EXPECT_NE(html.find("  -&gt; <code class=\"replay\">parity replay zeta:3:9</code>"), std::string::npos);
  EXPECT_NE(html.find(", 1 mismatching case;"), std::string::npos);
  Results two = mixed();
  two.stats.at(StatsKey{"zeta", DType::Float32, Device::cpu}).add(rec("zeta", DType::Float32, Mismatch::value, 11));
  EXPECT_NE(verdict(two, nullptr).summary().find("gate: FAIL: 1 unaccepted group (2 cases),"), std::string::npos);
}

// The table scrolls in its own box, so that its sticky header sticks and the page stays as wide as
// the screen (the browser test measures both); histograms shrink to the screen.
TEST(HtmlReport, TableBoxAndHistogramsFitTheScreen) {
  const std::string html = render_html(mixed());
  EXPECT_NE(html.find(".tablewrap { overflow: auto; max-width: 100%; max-height: 85vh; }"), std::string::npos);
  EXPECT_NE(html.find("position: sticky; top: 0;"), std::string::npos);
  EXPECT_NE(html.find("svg.hist { max-width: 100%; height: auto; }"), std::string::npos);
}

TEST(Environment, InResultsJsonAndOldFilesStillLoad) {
  Results r = mixed();
  std::string text = results_to_json(r);
  nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["environment"]["cpu"], "Test CPU @ 2GHz");
  EXPECT_EQ(j["environment"]["simd_target"], "AVX2");
  EXPECT_EQ(j["environment"]["threads"], 2);
  EXPECT_EQ(j["environment"]["numpy_version"], "2.2.6");
  Results back = results_from_json(text);
  EXPECT_EQ(back.environment.date, r.environment.date);
  EXPECT_EQ(back.environment.commit, "abc123");
  EXPECT_EQ(back.environment.command_line, "parity fuzz --all");
  EXPECT_EQ(results_to_json(back), text);
  // A results.json written before "environment" existed.
  j.erase("environment");
  Results old;
  ASSERT_NO_THROW(old = results_from_json(j.dump()));
  EXPECT_TRUE(old.environment.empty());
  EXPECT_EQ(old.stats.size(), 3u);
}

TEST(Environment, CurrentEnvironmentDescribesThisProcess) {
  Environment e = current_environment(3);
  EXPECT_TRUE(std::regex_match(e.date, std::regex("20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]Z")))
      << e.date;
  EXPECT_EQ(e.simd_target, simd_target());
  EXPECT_EQ(e.threads, 3);
  EXPECT_NE(e.command_line.find("fuzz_tests"), std::string::npos) << e.command_line;
  EXPECT_FALSE(e.cpu.empty());  // Linux: /proc/cpuinfo has a model name
}

}  // namespace
}  // namespace parity::fuzz

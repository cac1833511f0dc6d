// index.html: readable on a phone, failures first with a status filter, a link per row to its
// case, an Environment section (also in results.json), a verdict without a baseline, and distinct
// column names.
#include <gtest/gtest.h>

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

TEST(HtmlReport, ColumnsHaveDistinctNames) {
  for (const std::string& out : {render_html(mixed()), render_markdown_table(mixed())}) {
    std::vector<std::string> heads;
    std::regex th(out[0] == '<' ? "<th[^>]*>([^<]*)</th>" : "\\| ([^|\n]+?) (?=\\|)");
    size_t start = out.find(out[0] == '<' ? "id=\"stats\"" : "| op |");
    size_t end = out.find(out[0] == '<' ? "</tr>" : "\n", start);
    std::string head = out.substr(start, end - start + 1);
    for (std::sregex_iterator it(head.begin(), head.end(), th), e; it != e; ++it) heads.push_back((*it)[1]);
    ASSERT_GT(heads.size(), 10u) << head;
    std::set<std::string> unique(heads.begin(), heads.end());
    EXPECT_EQ(unique.size(), heads.size()) << head;
    EXPECT_TRUE(unique.count("input dtype")) << head;
    EXPECT_TRUE(unique.count("dtype mismatch")) << head;
  }
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

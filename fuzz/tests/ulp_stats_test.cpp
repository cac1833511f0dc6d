// The max-ULP figure of a Stats row: the worst case's replay id is kept whatever its verdict
// (match, accepted, mismatch), across add and merge, into results.json and the reports; rows
// without a float result have no ULP ('-', JSON null); ULPs count the dtype the op computed in.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

#include "parity/fuzzer.h"
#include "parity/ops.h"
#include "parity/opinfo.h"
#include "parity/report.h"

namespace parity::fuzz {
namespace {

CaseRecord rec(uint64_t index, Mismatch kind, double ulp, bool has_ulp = true, const std::string& accepted = "") {
  CaseRecord r;
  r.id = CaseId{"sin", 5, index, {}};
  r.op = "sin";
  r.dtype = DType::Float32;
  r.kind = kind;
  r.max_ulp = ulp;
  r.has_ulp = has_ulp;
  r.accepted = accepted;
  r.inputs = "  arg0: float32(2,) strides=(4,) [1, 2]\n";
  return r;
}

TEST(UlpStats, WorstIsKeptWhateverTheVerdict) {
  Stats s;
  s.add(rec(1, Mismatch::none, 3));
  s.add(rec(2, Mismatch::value, 10));
  ASSERT_TRUE(s.worst);
  EXPECT_EQ(s.worst->id.str(), "sin:5:2");
  EXPECT_EQ(s.worst->kind, Mismatch::value);
  s.add(rec(3, Mismatch::none, 40));  // a match can be the worst
  EXPECT_EQ(s.worst->id.str(), "sin:5:3");
  EXPECT_EQ(s.worst->kind, Mismatch::none);
  // An accepted (declared) case counts in max_ulp and the histogram, and can be the worst.
  s.add(rec(4, Mismatch::value, 1000, true, "differs: declared"));
  EXPECT_EQ(s.accepted, 1u);
  EXPECT_EQ(s.max_ulp, 1000);
  EXPECT_EQ(s.worst->id.str(), "sin:5:4");
  EXPECT_TRUE(s.worst->accepted);
  EXPECT_EQ(s.ulp_histogram[ulp_bucket(1000)], 1u);  // the >256 bar has this case to replay
  EXPECT_EQ(s.worst->ulp, 1000);
  EXPECT_EQ(s.minimal.count(Mismatch::value), 1u);
  EXPECT_EQ(s.minimal.at(Mismatch::value).id.index, 2u);  // accepted cases are no minimal mismatch
  // Records without a float result touch neither the histogram nor the worst case.
  uint64_t before = 0;
  for (uint64_t n : s.ulp_histogram) before += n;
  s.add(rec(5, Mismatch::error, 0, false));
  uint64_t after = 0;
  for (uint64_t n : s.ulp_histogram) after += n;
  EXPECT_EQ(before, after);
  EXPECT_EQ(s.worst->id.str(), "sin:5:4");
}

TEST(UlpStats, NoFloatResultNoUlp) {
  Stats s;
  s.add(rec(1, Mismatch::none, 0, false));
  s.add(rec(2, Mismatch::error, 0, false));
  EXPECT_FALSE(s.worst);
  Results r;
  r.stats[StatsKey{"add", DType::Int16, Device::cpu}] = s;
  nlohmann::json j = nlohmann::json::parse(results_to_json(r));
  EXPECT_TRUE(j["stats"][0]["max_ulp"].is_null());
  EXPECT_TRUE(j["stats"][0]["worst_case"].is_null());
  const std::string md = render_markdown_table(r, nullptr);  // cases, matches, accepted, the six kinds
  EXPECT_NE(md.find("| add | int16 | cpu | 2 | 1 | 0 | 0 | 0 | 0 | 1 | 0 | not compared | - | - |"), std::string::npos) << md;
  Results back = results_from_json(results_to_json(r));
  EXPECT_FALSE(back.stats.begin()->second.worst);
}

TEST(UlpStats, MergeKeepsTheWorstInAnyOrder) {
  Stats a, b, c;
  a.add(rec(1, Mismatch::none, 5));
  b.add(rec(2, Mismatch::value, 7));
  c.add(rec(3, Mismatch::none, 7));  // ties with b: the smaller id wins
  Stats ab = a, ba = b;
  ab.merge(b);
  ab.merge(c);
  ba.merge(c);
  ba.merge(a);
  ASSERT_TRUE(ab.worst && ba.worst);
  EXPECT_EQ(ab.worst->id.str(), "sin:5:2");
  EXPECT_EQ(ba.worst->id.str(), "sin:5:2");
  EXPECT_EQ(ab.max_ulp, 7);
  Stats empty;
  empty.merge(a);
  EXPECT_EQ(empty.worst->id.str(), "sin:5:1");
  Stats inf;
  inf.add(rec(9, Mismatch::value, INFINITY));
  a.merge(inf);
  EXPECT_EQ(a.worst->id.str(), "sin:5:9");
}

TEST(UlpStats, WorstCaseInResultsJsonAndReports) {
  Results r;
  r.seed = 5;
  Stats& s = r.stats[StatsKey{"sin", DType::Float32, Device::cpu}];
  s.add(rec(1, Mismatch::none, 1));
  s.add(rec(154, Mismatch::none, 2));
  const std::string text = results_to_json(r);
  nlohmann::json j = nlohmann::json::parse(text);
  const nlohmann::json& w = j["stats"][0]["worst_case"];
  EXPECT_EQ(w["id"], "sin:5:154");
  EXPECT_EQ(w["max_ulp"], 2);
  EXPECT_EQ(w["kind"], "match");
  EXPECT_EQ(w["accepted"], false);
  EXPECT_EQ(w["replay"], "parity replay sin:5:154");
  EXPECT_EQ(j["stats"][0]["max_ulp"], 2);
  Results back = results_from_json(text);
  const Stats& bs = back.stats.at(StatsKey{"sin", DType::Float32, Device::cpu});
  ASSERT_TRUE(bs.worst);
  EXPECT_EQ(bs.worst->id.str(), "sin:5:154");
  EXPECT_EQ(results_to_json(back), text);
  // Merging two files keeps it.
  Results other = back;
  other.stats.begin()->second = Stats{};
  other.stats.begin()->second.add(rec(7, Mismatch::value, 1));
  back.merge(other);
  EXPECT_EQ(back.stats.begin()->second.worst->id.str(), "sin:5:154");
  EXPECT_NE(render_markdown_table(r, nullptr).find("max-ULP case"), std::string::npos);
  EXPECT_NE(render_markdown_table(r, nullptr).find("sin:5:154 (match)"), std::string::npos);
  EXPECT_NE(render_html(r, nullptr).find("max-ULP case"), std::string::npos);
  EXPECT_NE(render_html(r, nullptr).find("sin:5:154 (match)"), std::string::npos);
  // Under the op's histogram, the case of its highest bar.
  EXPECT_NE(render_html(r, nullptr).find("Max-ULP cases: float32 cpu: 2 ULP, <code class=\"replay\">parity replay sin:5:154</code>"),
            std::string::npos);
}

// The defect of issue 11: float32 sin written into a complex128 out= was measured in float64
// steps (2^29 per float32 step). Measured in float32, NumPy's and the engine's float32 sin are a
// few steps apart at most on these well-conditioned inputs.
TEST(UlpStats, WiderOutIsMeasuredInTheComputedDtype) {
  Case c;
  c.op = opinfo::find_op("sin");
  ASSERT_NE(c.op, nullptr);
  c.variant = Variant::out;
  c.input.args.push_back(ArrayLike(asarray(std::vector<double>{0.5, 1, 2, 3, 0.1, 1e-3}, DType::Float32)));
  c.out = zeros({6}, DType::Complex128);
  c.compute_dtype = DType::Float32;
  NumpyExecutor numpy;
  EngineExecutor engine;
  CaseResult r = run_case(c, numpy, engine);
  EXPECT_TRUE(r.verdict.match()) << r.verdict.detail;
  EXPECT_TRUE(r.verdict.has_ulp);
  EXPECT_LE(r.verdict.max_ulp, 4);
}

// In a campaign, each row's worst id replays to a case with that very distance.
TEST(UlpStats, CampaignWorstReplays) {
  Options o;
  o.ops = {"sin", "add"};
  o.cases_per_op = 200;
  o.seed = 5;
  o.isolate = false;
  Results r = run_campaign(o);
  int rows_with_ulp = 0;
  for (const auto& [k, s] : r.stats) {
    if (!s.worst) {
      // No float result at all: only integer or bool adds (sin always returns a float).
      EXPECT_EQ(k.op, "add") << name(k.dtype);
      EXPECT_FALSE(is_inexact(k.dtype)) << name(k.dtype);
      continue;
    }
    ++rows_with_ulp;
    EXPECT_EQ(s.worst->ulp, s.max_ulp) << k.op << " " << name(k.dtype);
    EXPECT_EQ(s.worst->id.op, k.op);
    CaseRecord again = replay(s.worst->id, o.gen);
    EXPECT_EQ(again.dtype, k.dtype);
    EXPECT_TRUE(again.has_ulp);
    EXPECT_EQ(again.max_ulp, s.worst->ulp) << s.worst->id.str();
    // The highest non-empty histogram bar holds the worst case.
    size_t top = 0;
    for (size_t i = 0; i < s.ulp_histogram.size(); ++i)
      if (s.ulp_histogram[i]) top = i;
    EXPECT_EQ(static_cast<int>(top), ulp_bucket(s.worst->ulp)) << k.op << " " << name(k.dtype);
  }
  EXPECT_GT(rows_with_ulp, 3);
  // Forked workers (the has-ULP flag and the records cross a pipe) keep the same worst cases.
  o.isolate = true;
  o.jobs = 2;
  o.batch = 32;
  Results f = run_campaign(o);
  ASSERT_EQ(f.stats.size(), r.stats.size());
  for (const auto& [k, s] : r.stats) {
    const Stats& t = f.stats.at(k);
    ASSERT_EQ(s.worst.has_value(), t.worst.has_value()) << k.op << " " << name(k.dtype);
    if (!s.worst) continue;
    EXPECT_EQ(s.worst->id.str(), t.worst->id.str()) << k.op << " " << name(k.dtype);
    EXPECT_EQ(s.worst->ulp, t.worst->ulp);
    EXPECT_EQ(s.ulp_histogram, t.ulp_histogram) << k.op << " " << name(k.dtype);
  }
}

}  // namespace
}  // namespace parity::fuzz

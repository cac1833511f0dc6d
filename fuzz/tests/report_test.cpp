// Results, reports and the gate: JSON round trip, partial files, self-contained HTML, JUnit,
// baseline validation, gate verdicts and merging of shards.
#include <gtest/gtest.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "parity/device.h"
#include "parity/errors.h"
#include "parity/report.h"

namespace parity::fuzz {
namespace {

namespace fs = std::filesystem;

CaseRecord record(const std::string& op, DType d, Mismatch kind, uint64_t index, const std::string& inputs,
                  double ulp = 0) {
  CaseRecord r;
  r.id = CaseId{op, 42, index, {}};
  r.op = op;
  r.dtype = d;
  r.kind = kind;
  r.max_ulp = ulp;
  r.has_ulp = is_inexact(d) && (kind == Mismatch::none || kind == Mismatch::value);  // as compare() says
  r.max_abs = ulp * 1e-7;
  r.max_rel = ulp * 1e-7;
  r.inputs = inputs;
  r.detail = kind == Mismatch::none ? "" : "element 0: got -0, NumPy 0 <&>";
  r.engine = "float32() strides=() -0.0";
  r.numpy = "float32() strides=() 0.0";
  r.python = "import numpy as np\na0 = np.array([-0.0], dtype=np.float32)\nprint(np." + op + "(a0))\n";
  return r;
}

const std::string kBig = "  arg0: float32(4, 5) strides=(20, 4) (20 elements)\n";
const std::string kSmall = "  arg0: float32(2,) strides=(4,) [1, 2]\n";
const std::string kScalar = "  arg0: float32() strides=() -0.0\n  arg1: Python scalar 2\n";

// sin float32: 3 matches, 2 value mismatches; sin float64: 4 matches; add int32: 1 error.
Results synthetic(uint64_t index_base = 0) {
  Results r;
  r.numpy_version = "2.2.6";
  r.engine_version = "0.1.0";
  r.seed = 42;
  r.seconds = 1.5;
  auto add = [&](const CaseRecord& c) { r.stats[StatsKey{c.op, c.dtype, c.device}].add(c); };
  for (int i = 0; i < 3; ++i) add(record("sin", DType::Float32, Mismatch::none, index_base + i, kSmall, i));
  add(record("sin", DType::Float32, Mismatch::value, index_base + 10, kBig, 300));
  CaseRecord shrunk = record("sin", DType::Float32, Mismatch::value, index_base + 10, kSmall, 1e9);
  shrunk.id.shrink_path = {3, 0, 1};
  add(shrunk);
  for (int i = 0; i < 4; ++i) add(record("sin", DType::Float64, Mismatch::none, index_base + 20 + i, kSmall, 0));
  add(record("add", DType::Int32, Mismatch::error, index_base + 30, kScalar));
  return r;
}

size_t occurrences(const std::string& s, const std::string& needle) {
  size_t n = 0;
  for (size_t p = s.find(needle); p != std::string::npos; p = s.find(needle, p + needle.size())) ++n;
  return n;
}

fs::path temp_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("parity_report_test_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void expect_same(const Results& a, const Results& b) {
  EXPECT_EQ(results_to_json(a), results_to_json(b));
}

TEST(CaseIdText, RoundTrip) {
  CaseId id{"sin", 42, 1337, {}};
  EXPECT_EQ(id.str(), "sin:42:1337");
  id.shrink_path = {3, 0, 1};
  EXPECT_EQ(id.str(), "sin:42:1337:s3.0.1");
  CaseId p = CaseId::parse("sin:42:1337:s3.0.1");
  EXPECT_EQ(p.op, "sin");
  EXPECT_EQ(p.seed, 42u);
  EXPECT_EQ(p.index, 1337u);
  EXPECT_EQ(p.shrink_path, (std::vector<uint32_t>{3, 0, 1}));
  EXPECT_EQ(CaseId::parse("floor_divide:18446744073709551615:0").seed, 18446744073709551615ull);
  for (const char* bad : {"", "sin", "sin:42", "sin:x:1", ":1:2", "sin:1:2:s1..2", "sin:1:-2", "sin:1:2:sx"})
    EXPECT_THROW(CaseId::parse(bad), ValueError) << bad;
}

TEST(StatsAdd, CountsMaximaHistogramAndMinimal) {
  Results r = synthetic();
  const Stats& s = r.stats.at(StatsKey{"sin", DType::Float32, Device::cpu});
  EXPECT_EQ(s.cases, 5u);
  EXPECT_EQ(s.matches, 3u);
  EXPECT_EQ(s.mismatches.at(Mismatch::value), 2u);
  EXPECT_EQ(s.max_ulp, 1e9);
  // ULPs 0, 1, 2, 300, 1e9 -> buckets 0, 1, 2, >256, >256.
  EXPECT_EQ(s.ulp_histogram, (std::vector<uint64_t>{1, 1, 1, 0, 0, 0, 0, 0, 2, 0}));
  // The shrunk case has 2 input elements, the drawn one 20: the shrunk one is kept.
  EXPECT_EQ(s.minimal.at(Mismatch::value).id.str(), "sin:42:10:s3.0.1");
  EXPECT_EQ(input_size(s.minimal.at(Mismatch::value)), 2u);
  // Errors carry no float distance.
  const Stats& e = r.stats.at(StatsKey{"add", DType::Int32, Device::cpu});
  EXPECT_EQ(e.ulp_histogram, std::vector<uint64_t>(10, 0));
  EXPECT_EQ(input_size(e.minimal.at(Mismatch::error)), 2u);  // a 0-d tensor and a Python scalar
}

TEST(UlpBucket, Edges) {
  EXPECT_EQ(ulp_bucket(0), 0);
  EXPECT_EQ(ulp_bucket(1), 1);
  EXPECT_EQ(ulp_bucket(4), 3);
  EXPECT_EQ(ulp_bucket(5), 4);
  EXPECT_EQ(ulp_bucket(256), 7);
  EXPECT_EQ(ulp_bucket(257), 8);
  EXPECT_EQ(ulp_bucket(INFINITY), 9);
  EXPECT_EQ(ulp_bucket_labels().size(), 10u);
}

TEST(ResultsJson, RoundTrip) {
  Results r = synthetic();
  r.complete = true;
  r.shard = "1/4";
  r.stats[StatsKey{"exp", DType::Float16, Device::cpu}].add(record("exp", DType::Float16, Mismatch::value, 7, kSmall, INFINITY));
  fs::path dir = temp_dir("roundtrip");
  std::string path = (dir / "results.json").string();
  write_results_json(r, path);
  Results back = read_results_json(path);
  expect_same(r, back);
  EXPECT_EQ(back.shard, "1/4");
  EXPECT_TRUE(back.complete);
  const Stats& s = back.stats.at(StatsKey{"sin", DType::Float32, Device::cpu});
  const CaseRecord& m = s.minimal.at(Mismatch::value);
  EXPECT_EQ(m.id.shrink_path, (std::vector<uint32_t>{3, 0, 1}));
  EXPECT_EQ(m.python, r.stats.at(StatsKey{"sin", DType::Float32, Device::cpu}).minimal.at(Mismatch::value).python);
  EXPECT_TRUE(std::isinf(back.stats.at(StatsKey{"exp", DType::Float16, Device::cpu}).max_ulp));
  // The file is plain JSON with the replay command spelled out.
  std::ifstream in(path);
  nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["stats"][0]["op"], "add");
  EXPECT_NE(j.dump().find("parity replay sin:42:10:s3.0.1"), std::string::npos);
  // No temporary file is left behind.
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) ++files;
  EXPECT_EQ(files, 1u);
  fs::remove_all(dir);
}

TEST(ResultsJson, PartialFileIsValid) {
  Results r = synthetic();
  r.complete = false;
  fs::path dir = temp_dir("partial");
  std::string path = (dir / "results.json").string();
  write_results_json(r, path);
  r.stats[StatsKey{"cos", DType::Float32, Device::cpu}].add(record("cos", DType::Float32, Mismatch::none, 1, kSmall));
  write_results_json(r, path);  // rewritten as the run goes
  std::ifstream in(path);
  nlohmann::json j;
  ASSERT_NO_THROW(j = nlohmann::json::parse(in));
  EXPECT_EQ(j["complete"], false);
  Results back = read_results_json(path);
  EXPECT_FALSE(back.complete);
  EXPECT_EQ(back.stats.size(), 4u);
  EXPECT_NE(render_markdown(back).find("Partial report"), std::string::npos);
  EXPECT_THROW(results_from_json("{\"schema\": \"parity-fuzz-results\", \"version\": 1, \"stats\": ["),
               ValueError);
  EXPECT_THROW(read_results_json((dir / "missing.json").string()), ValueError);
  fs::remove_all(dir);
}

TEST(Renderings, HtmlIsSelfContainedWithTableAndSvgPerOp) {
  Results r = synthetic();
  std::string html = render_html(r);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_NE(html.find("<table id=\"stats\" class=\"sortable\""), std::string::npos);
  EXPECT_NE(html.find("<script>"), std::string::npos);
  EXPECT_EQ(occurrences(html, "<tr class="), 3u);  // one row per op x dtype x device
  EXPECT_EQ(occurrences(html, "<svg"), 2u);         // sin and add
  EXPECT_EQ(occurrences(html, "</svg>"), 2u);
  EXPECT_NE(html.find("parity replay sin:42:10:s3.0.1"), std::string::npos);
  EXPECT_NE(html.find("parity replay add:42:30"), std::string::npos);
  EXPECT_NE(html.find("print(np.sin(a0))"), std::string::npos);
  EXPECT_NE(html.find("got -0, NumPy 0 &lt;&amp;&gt;"), std::string::npos);  // escaped
  EXPECT_EQ(html.find("<&>"), std::string::npos);
}

TEST(Renderings, MarkdownTable) {
  std::string table = render_markdown_table(synthetic());  // op, dtype, device, cases, matches, accepted, value...
  // ... value, dtype, shape, error, crash, device mismatch (not compared: not an --against cpu run), max ULP
  EXPECT_NE(table.find("| sin | float32 | cpu | 5 | 3 | 0 | 2 | 0 | 0 | 0 | 0 | not compared | 1e+09 |"), std::string::npos) << table;
  EXPECT_NE(table.find("| sin | float64 | cpu | 4 | 4 | 0 | 0 |"), std::string::npos);
  std::string md = render_markdown(synthetic());
  EXPECT_NE(md.find("Replay: `parity replay sin:42:10:s3.0.1`"), std::string::npos);
  EXPECT_NE(md.find("Replay: `parity replay add:42:30`"), std::string::npos);
}

TEST(Renderings, JunitOneTestcasePerKeyAndFailures) {
  std::string x = render_junit(synthetic());
  EXPECT_EQ(occurrences(x, "<testcase "), 3u);
  EXPECT_EQ(occurrences(x, "<failure "), 2u);  // sin float32 (value), add int32 (error)
  EXPECT_NE(x.find("name=\"sin.cpu.float32\""), std::string::npos);
  EXPECT_NE(x.find("name=\"sin.cpu.float64\""), std::string::npos);
  EXPECT_NE(x.find("name=\"add.cpu.int32\""), std::string::npos);
  EXPECT_NE(x.find("tests=\"3\" failures=\"2\""), std::string::npos);
  EXPECT_NE(x.find("parity replay sin:42:10:s3.0.1"), std::string::npos);
  // The float64 test case passes: nothing between its tag and its end but system-out.
  size_t p = x.find("name=\"sin.cpu.float64\"");
  size_t end = x.find("</testcase>", p);
  EXPECT_EQ(x.substr(p, end - p).find("<failure"), std::string::npos);
  EXPECT_EQ(x.find("<&>"), std::string::npos);
  // Accepted by a baseline: no longer a failure.
  Baseline b;
  b.accepted.push_back({"add", "*", "cpu", Mismatch::error, "NumPy raises later"});
  EXPECT_EQ(occurrences(render_junit(synthetic(), &b), "<failure "), 1u);
}

TEST(Renderings, WriteReportsWritesFiveFiles) {
  fs::path dir = temp_dir("write") / "nested";
  write_reports(synthetic(), dir.string());
  for (const char* f : {"results.json", "summary.md", "table.md", "index.html", "junit.xml"})
    EXPECT_GT(fs::file_size(dir / f), 100u) << f;
  expect_same(read_results_json((dir / "results.json").string()), synthetic());
  fs::remove_all(dir.parent_path());
}

Baseline accept_all() {
  Baseline b;
  b.accepted.push_back({"sin", "float32", "cpu", Mismatch::value, "libm differs from NumPy's SIMD sin"});
  b.accepted.push_back({"add", "*", "cpu", Mismatch::error, "weak scalar overflow raises in NumPy"});
  return b;
}

TEST(Gate, NewMismatchFailsNamingTheOp) {
  Baseline b = accept_all();
  b.accepted.erase(b.accepted.begin());  // sin float32 value no longer accepted
  GateResult g = gate(synthetic(), b);
  EXPECT_FALSE(g.passed);
  ASSERT_EQ(g.unaccepted.size(), 1u);
  EXPECT_EQ(g.unaccepted[0].op, "sin");
  EXPECT_EQ(g.unaccepted[0].dtype, DType::Float32);
  EXPECT_EQ(g.unaccepted[0].kind, Mismatch::value);
  EXPECT_EQ(g.unaccepted[0].count, 2u);
  EXPECT_EQ(g.unaccepted[0].replay, "parity replay sin:42:10:s3.0.1");
  EXPECT_TRUE(g.stale.empty());
  EXPECT_NE(g.summary().find("unaccepted: sin float32 cpu value x2  -> parity replay sin:42:10:s3.0.1"),
            std::string::npos)
      << g.summary();
  // An empty baseline fails on both.
  EXPECT_EQ(gate(synthetic(), Baseline{}).unaccepted.size(), 2u);
}

TEST(Gate, AcceptedPasses) {
  GateResult g = gate(synthetic(), accept_all());
  EXPECT_TRUE(g.passed) << g.summary();
  EXPECT_EQ(g.baselined_mismatches, 3u);
  EXPECT_TRUE(g.unaccepted.empty());
  EXPECT_TRUE(g.stale.empty());
}

TEST(Gate, StaleEntryFailsNamingIt) {
  Baseline b = accept_all();
  b.accepted.push_back({"sin", "float64", "cpu", Mismatch::value, "was fixed since"});   // covered, 0 mismatches
  b.accepted.push_back({"tan", "*", "cpu", Mismatch::value, "not run: not stale"});      // op not covered
  b.accepted.push_back({"sin", "float16", "cpu", Mismatch::value, "not run: not stale"});  // dtype not covered
  GateResult g = gate(synthetic(), b);
  EXPECT_FALSE(g.passed);
  EXPECT_TRUE(g.unaccepted.empty());
  ASSERT_EQ(g.stale.size(), 1u);
  EXPECT_EQ(g.stale[0].str(), "sin float64 cpu value");
  EXPECT_EQ(g.not_exercised.size(), 2u);
  EXPECT_NE(g.summary().find("stale baseline entry"), std::string::npos);
  EXPECT_NE(g.summary().find("sin float64 cpu value"), std::string::npos);
}

TEST(Baseline, LoadSaveAndValidation) {
  fs::path dir = temp_dir("baseline");
  std::string path = (dir / "baseline.json").string();
  save_baseline(accept_all(), path);
  Baseline b = load_baseline(path);
  ASSERT_EQ(b.accepted.size(), 2u);
  EXPECT_EQ(b.accepted[1].str(), "add * cpu error");
  EXPECT_EQ(baseline_to_json(b), baseline_to_json(accept_all()));
  EXPECT_TRUE(baseline_from_json(R"({"version": 1, "accepted": []})").accepted.empty());
  // A missing or blank reason is an error, naming the entry.
  try {
    baseline_from_json(R"({"version": 1, "accepted": [{"op": "sin", "dtype": "float32", "device": "cpu", "kind": "value"}]})");
    FAIL() << "no error";
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("entry 0 (sin)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("reason"), std::string::npos) << e.what();
  }
  EXPECT_THROW(baseline_from_json(R"({"version": 1, "accepted": [{"op": "sin", "kind": "value", "reason": " "}]})"),
               ValueError);
  EXPECT_THROW(baseline_from_json(R"({"version": 1, "accepted": [{"op": "sin", "kind": "values", "reason": "x"}]})"),
               ValueError);
  EXPECT_THROW(baseline_from_json(R"({"version": 1, "accepted": [{"op": "sin", "dtype": "float33", "kind": "value", "reason": "x"}]})"),
               ValueError);
  EXPECT_THROW(baseline_from_json(R"({"version": 2, "accepted": []})"), ValueError);
  EXPECT_THROW(load_baseline((dir / "missing.json").string()), ValueError);
  fs::remove_all(dir);
}

TEST(Baseline, CommittedFileIsValid) {
  fs::path file = fs::path(PARITY_SOURCE_DIR) / "reports" / "baseline.json";
  ASSERT_TRUE(fs::exists(file)) << file;
  EXPECT_NO_THROW(load_baseline(file.string()));
}

TEST(Merge, TwoShardsEqualTheSum) {
  Results a = synthetic(0), b = synthetic(1000);
  a.shard = "0/2";
  b.shard = "1/2";
  a.complete = b.complete = true;
  b.seconds = 2.5;
  // b has a smaller minimal value case for sin float32 than a: one element.
  CaseRecord tiny = record("sin", DType::Float32, Mismatch::value, 1500, "  arg0: float32() strides=() -0.0\n", 1);
  b.stats[StatsKey{"sin", DType::Float32, Device::cpu}].add(tiny);
  b.stats[StatsKey{"cos", DType::Float64, Device::cpu}].add(record("cos", DType::Float64, Mismatch::none, 1, kSmall));

  Results m = merge_results({a, b});
  EXPECT_EQ(m.shard, "");  // both shards of 2: the whole campaign
  EXPECT_TRUE(m.complete);
  EXPECT_EQ(m.seconds, 2.5);
  EXPECT_EQ(m.stats.size(), 4u);
  for (const auto& [k, s] : m.stats) {
    const Stats* sa = a.stats.count(k) ? &a.stats.at(k) : nullptr;
    const Stats* sb = b.stats.count(k) ? &b.stats.at(k) : nullptr;
    uint64_t cases = (sa ? sa->cases : 0) + (sb ? sb->cases : 0);
    uint64_t matches = (sa ? sa->matches : 0) + (sb ? sb->matches : 0);
    EXPECT_EQ(s.cases, cases) << k.op;
    EXPECT_EQ(s.matches, matches) << k.op;
    for (size_t i = 0; i < s.ulp_histogram.size(); ++i)
      EXPECT_EQ(s.ulp_histogram[i], (sa ? sa->ulp_histogram[i] : 0) + (sb ? sb->ulp_histogram[i] : 0));
    EXPECT_EQ(s.max_ulp, std::max(sa ? sa->max_ulp : 0, sb ? sb->max_ulp : 0));
  }
  const Stats& sin32 = m.stats.at(StatsKey{"sin", DType::Float32, Device::cpu});
  EXPECT_EQ(sin32.mismatches.at(Mismatch::value), 5u);
  EXPECT_EQ(sin32.minimal.at(Mismatch::value).id.str(), "sin:42:1500");
  EXPECT_EQ(m.stats.at(StatsKey{"add", DType::Int32, Device::cpu}).mismatches.at(Mismatch::error), 2u);
  // The order of shards does not matter, and a partial shard makes a partial merge.
  expect_same(m, merge_results({b, a}));
  b.complete = false;
  EXPECT_FALSE(merge_results({a, b}).complete);
  // Merging from files gives the same.
  fs::path dir = temp_dir("merge");
  b.complete = true;
  write_results_json(a, (dir / "s0" / "results.json").string());
  write_results_json(b, (dir / "s1" / "results.json").string());
  expect_same(merge_results_files({(dir / "s0").string(), (dir / "s1" / "results.json").string()}), m);
  // One shard alone stays a shard.
  EXPECT_EQ(merge_results({a}).shard, "0/2");
  Results c = a;
  c.merge(a);  // two copies of shard 0 do not make the whole campaign
  EXPECT_EQ(c.shard, "0/2");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace parity::fuzz

namespace parity::fuzz {
namespace {

// Issue 13: GPU cases carry their device (and their reference) in the id, and a CPU-vs-GPU
// difference is a kind of its own that goes through results.json, the renderings and the gate.
TEST(CaseIdText, DeviceAndReferenceRoundTrip) {
  CaseId id{"exp", 7, 12, {}};
  id.device = Device::cuda;
  EXPECT_EQ(id.str(), "exp:7:12:cuda");
  id.against = "cpu";
  id.shrink_path = {2};
  EXPECT_EQ(id.str(), "exp:7:12:cuda:vcpu:s2");
  CaseId p = CaseId::parse("exp:7:12:e100:cuda:vcpu:s2");
  EXPECT_EQ(p.device, Device::cuda);
  EXPECT_EQ(p.against, "cpu");
  EXPECT_EQ(p.max_elements, 100);
  EXPECT_EQ(p.shrink_path, (std::vector<uint32_t>{2}));
  EXPECT_EQ(CaseId::parse("exp:7:12:cuda1").device, Device(DeviceType::cuda, 1));
  EXPECT_EQ(CaseId::parse("exp:7:12:cuda1").str(), "exp:7:12:cuda1");
  EXPECT_EQ(CaseId::parse("exp:7:12").device, Device::cpu);
  for (const char* bad : {"exp:7:12:vcpu", "exp:7:12:cudax", "exp:7:12:cuda-1"})
    EXPECT_THROW(CaseId::parse(bad), ValueError) << bad;
}

Results device_results() {
  Results r;
  r.seed = 7;
  r.against = "cpu";
  CaseRecord c;
  c.id = CaseId{"exp", 7, 3, {}};
  c.id.device = Device::cuda;
  c.id.against = "cpu";
  c.op = "exp";
  c.dtype = DType::Float32;
  c.device = Device::cuda;
  c.kind = Mismatch::device;
  c.detail = "value differs between cuda:0 and cpu: element 0";
  r.stats[StatsKey{"exp", DType::Float32, Device::cuda}].add(c);
  CaseRecord ok = c;
  ok.id.index = 4;
  ok.kind = Mismatch::none;
  ok.detail.clear();
  r.stats[StatsKey{"exp", DType::Float32, Device::cuda}].add(ok);
  return r;
}

TEST(ResultsJson, DeviceMismatchRoundTrips) {
  EXPECT_STREQ(to_string(Mismatch::device), "device");
  EXPECT_EQ(mismatch_from_string("device"), Mismatch::device);
  const Results r = device_results();
  const std::string text = results_to_json(r);
  nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["against"], "cpu");
  EXPECT_EQ(j["stats"][0]["device"], "cuda:0");
  EXPECT_EQ(j["stats"][0]["mismatches"]["device"], 1);
  EXPECT_EQ(j["stats"][0]["minimal"]["device"]["id"], "exp:7:3:cuda:vcpu");
  Results back = results_from_json(text);
  expect_same(r, back);
  EXPECT_EQ(back.against, "cpu");
  const Stats& s = back.stats.at(StatsKey{"exp", DType::Float32, Device::cuda});
  EXPECT_EQ(s.mismatches.at(Mismatch::device), 1u);
  EXPECT_EQ(s.minimal.at(Mismatch::device).id.device, Device::cuda);
  // A file without "against" (written before it existed) is a run against NumPy.
  j.erase("against");
  EXPECT_EQ(results_from_json(j.dump()).against, "numpy");
  j["against"] = "mxnet";  // torch and jax are references too (issue 14)
  EXPECT_THROW(results_from_json(j.dump()), ValueError);
  // The renderings have the column.
  EXPECT_NE(render_markdown_table(r).find("device mismatch"), std::string::npos);
  EXPECT_NE(render_markdown_table(r).find("| exp | float32 | cuda:0 | 2 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 |"),
            std::string::npos)
      << render_markdown_table(r);
}

TEST(Gate, DeviceMismatchesAndTheirBaselineEntries) {
  const Results r = device_results();
  GateResult g = gate(r, Baseline{});
  ASSERT_EQ(g.unaccepted.size(), 1u);
  EXPECT_EQ(g.unaccepted[0].kind, Mismatch::device);
  EXPECT_EQ(g.unaccepted[0].replay, "parity replay exp:7:3:cuda:vcpu");
  Baseline b = baseline_from_json(
      R"({"version": 1, "accepted": [{"op": "exp", "dtype": "float32", "device": "cuda", "kind": "device", "reason": "the GPU's expf rounds differently"},
                       {"op": "exp", "dtype": "float32", "device": "cuda", "kind": "value", "reason": "not exercised against the CPU"}]})");
  g = gate(r, b);
  EXPECT_TRUE(g.passed) << g.summary();
  EXPECT_EQ(g.not_exercised.size(), 1u);  // the value entry: a run against the CPU finds no value mismatch
  // A run against NumPy does not exercise the device entry (never stale there).
  Results vs_numpy = r;
  vs_numpy.against = "numpy";
  vs_numpy.stats.begin()->second.mismatches.clear();
  vs_numpy.stats.begin()->second.minimal.clear();
  vs_numpy.stats.begin()->second.matches = 2;
  Baseline only_device;
  only_device.accepted.push_back(b.accepted[0]);
  g = gate(vs_numpy, only_device);
  EXPECT_TRUE(g.stale.empty()) << g.summary();
}

}  // namespace
}  // namespace parity::fuzz

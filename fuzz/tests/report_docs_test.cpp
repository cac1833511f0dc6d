// The docs of the reports say what the code does: reports/SCHEMA.md's results.json example is what
// results_to_json writes for the same content (keys in the same order), its sort-order claim for
// `stats` is the order results.cpp emits, it documents every stats field; the READMEs describe what
// exists rather than what is "to come".
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "parity/report.h"

namespace parity::fuzz {
namespace {

using ojson = nlohmann::ordered_json;

std::string source_file(const std::string& rel) {
  std::ifstream in(std::string(PARITY_SOURCE_DIR) + "/" + rel);
  EXPECT_TRUE(in.good()) << rel << " not found under " << PARITY_SOURCE_DIR;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
std::string schema_md() { return source_file("reports/SCHEMA.md"); }

// The first ```json block after `heading`.
std::string json_block(const std::string& md, const std::string& heading) {
  size_t h = md.find(heading);
  EXPECT_NE(h, std::string::npos) << heading;
  size_t start = md.find("```json\n", h);
  EXPECT_NE(start, std::string::npos);
  start += 8;
  size_t end = md.find("\n```", start);
  return md.substr(start, end - start);
}

// Every object's keys, in order, with their paths: the key order the example documents.
void key_paths(const ojson& j, const std::string& path, std::vector<std::string>& out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      out.push_back(path + "/" + it.key());
      key_paths(it.value(), path + "/" + it.key(), out);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) key_paths(j[i], path + "/" + std::to_string(i), out);
  }
}

TEST(SchemaDoc, ResultsExampleIsWhatTheWriterWrites) {
  const std::string example = json_block(schema_md(), "## results.json");
  ojson documented = ojson::parse(example);
  Results r = results_from_json(example);
  ojson written = ojson::parse(results_to_json(r));
  std::vector<std::string> dk, wk;
  key_paths(documented, "", dk);
  key_paths(written, "", wk);
  EXPECT_EQ(dk, wk) << "SCHEMA.md's example has other keys, or another key order, than results_to_json";
  EXPECT_EQ(documented.dump(2), written.dump(2));
}

TEST(SchemaDoc, BaselineExampleLoads) {
  Baseline b = baseline_from_json(json_block(schema_md(), "## baseline.json"));
  EXPECT_EQ(b.accepted.size(), 1u);
}

TEST(SchemaDoc, StatsSortOrderIsTheDocumentedOne) {
  const std::string md = schema_md();
  // "sorted by op (byte order of the name), then dtype in the engine's dtype order (bool, int8, ...),
  // then device (cpu, cuda)"
  std::smatch m;
  ASSERT_TRUE(std::regex_search(md, m, std::regex("sorted by op \\(byte order[^)]*\\), then dtype in the engine's dtype "
                                                  "order \\(([a-z0-9, ]+)\\), then device \\(([a-z, ]+)\\)")))
      << "SCHEMA.md no longer states the sort order this test checks";
  auto split = [](const std::string& s) {
    std::vector<std::string> v;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ',')) v.push_back(item.substr(item.find_first_not_of(' ')));
    return v;
  };
  const std::vector<std::string> dtypes = split(m[1].str()), devices = split(m[2].str());
  ASSERT_EQ(dtypes.size(), static_cast<size_t>(kNumDTypes));
  ASSERT_EQ(devices, (std::vector<std::string>{"cpu", "cuda"}));
  // Rows inserted in a scrambled order; op names that differ in case and length.
  Results r;
  const std::vector<std::string> ops = {"sin", "Abs", "add", "a", "sinh"};
  for (size_t i = 0; i < ops.size() * dtypes.size() * 2; ++i) {
    size_t x = (i * 37) % (ops.size() * dtypes.size() * 2);
    StatsKey k{ops[x % ops.size()], dtype_from_name(dtypes[(x / ops.size()) % dtypes.size()]),
               (x / ops.size() / dtypes.size()) ? Device::cuda : Device::cpu};
    r.stats[k].cases = 1;
  }
  ojson j = ojson::parse(results_to_json(r));
  ASSERT_EQ(j["stats"].size(), ops.size() * dtypes.size() * 2);
  auto rank = [](const std::vector<std::string>& v, const std::string& s) {
    return static_cast<size_t>(std::find(v.begin(), v.end(), s) - v.begin());
  };
  for (size_t i = 1; i < j["stats"].size(); ++i) {
    const ojson &a = j["stats"][i - 1], &b = j["stats"][i];
    auto key = [&](const ojson& row) {
      return std::make_tuple(row["op"].get<std::string>(), rank(dtypes, row["dtype"].get<std::string>()),
                             rank(devices, row["device"].get<std::string>()));
    };
    EXPECT_LT(key(a), key(b)) << a.dump() << " before " << b.dump();
  }
}

TEST(SchemaDoc, EveryStatsFieldIsDocumented) {
  const std::string md = schema_md();
  ojson written = ojson::parse(results_to_json(results_from_json(json_block(md, "## results.json"))));
  for (auto it = written.begin(); it != written.end(); ++it)
    EXPECT_NE(md.find("`" + it.key() + "`"), std::string::npos) << "top-level field " << it.key();
  for (auto it = written["stats"][0].begin(); it != written["stats"][0].end(); ++it)
    EXPECT_NE(md.find("`" + it.key() + "`"), std::string::npos) << "stats field " << it.key();
  for (auto it = written["environment"].begin(); it != written["environment"].end(); ++it)
    EXPECT_NE(md.find("`" + it.key() + "`"), std::string::npos) << "environment field " << it.key();
  EXPECT_NE(md.find("| `accepted` |"), std::string::npos);
}

TEST(ReadmeDocs, DescribeWhatExists) {
  for (const char* f : {"reports/README.md", "opinfo/README.md", "reports/SCHEMA.md"}) {
    std::string text = source_file(f);
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    EXPECT_EQ(text.find("to come"), std::string::npos) << f;
  }
  // reports/README.md names every file a report directory holds.
  const std::string readme = source_file("reports/README.md");
  for (const char* f : {"results.json", "summary.md", "table.md", "index.html", "junit.xml", "baseline.json"})
    EXPECT_NE(readme.find(f), std::string::npos) << f;
}

}  // namespace
}  // namespace parity::fuzz

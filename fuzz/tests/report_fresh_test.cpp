// The committed library campaigns (reports/numpy-vs-torch, reports/numpy-vs-jax; issue 27,
// "Fresh") ran on today's OpInfo entries and cover every op that has a reference in the library.
// A change to an entry (sample, tolerance, reference, declaration) fails these tests until
// `bash scripts/reports.sh` is rerun and its output committed.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "parity/op_db_hash.h"
#include "parity/report.h"

namespace parity::fuzz {
namespace {

struct Campaign {
  const char* results;  // relative to the source tree
  const char* library;
};
const std::vector<Campaign>& committed() {
  static const std::vector<Campaign> c = {{"reports/numpy-vs-torch/results.json", "torch"},
                                          {"reports/numpy-vs-jax/results.json", "jax"}};
  return c;
}
Results load(const Campaign& c) {
  return read_results_json((std::filesystem::path(PARITY_SOURCE_DIR) / c.results).string());
}

// The op has a callable in `library` (a function or a method) and claims a dtype to draw.
bool has_reference(const opinfo::OpInfo& op, const std::string& library) {
  if (op.dtypes_cpu.empty()) return false;
  if (library == "torch") return op.torch_missing.empty() && (!op.torch_ref.empty() || !op.torch_method.empty());
  return op.jax_missing.empty() && !op.jax_ref.empty();
}

TEST(ReportFreshness, CommittedCampaignsRanOnTodaysOpInfoEntries) {
  std::vector<Campaign> all = committed();
  all.push_back({"reports/numpy-vs-torch-same-name/results.json", "torch-same-name"});  // no ref to cover
  for (const Campaign& c : all) {
    const Results r = load(c);
    EXPECT_EQ(r.subject, c.library) << c.results;
    EXPECT_EQ(r.opdb_hash, opinfo::op_db_hash())
        << c.results << " was produced from other OpInfo entries than today's (`parity opdb-hash`): "
        << "rerun `bash scripts/reports.sh` and commit what it writes";
  }
}

TEST(ReportFreshness, CommittedCampaignsHaveEveryOpWithAReference) {
  for (const Campaign& c : committed()) {
    const Results r = load(c);
    std::set<std::string> ops;
    for (const auto& [key, s] : r.stats)
      if (key.subject == c.library) ops.insert(key.op);
    for (const opinfo::OpInfo& op : opinfo::op_db()) {
      if (!has_reference(op, c.library)) continue;
      EXPECT_TRUE(ops.count(op.name)) << c.results << " has no row of " << op.name << ", which has a " << c.library
                                      << " reference: rerun `bash scripts/reports.sh`";
    }
  }
}

}  // namespace
}  // namespace parity::fuzz

// Issue 27, "JAX with enough cases": `parity fuzz --min-cases N` draws until every op x dtype row
// has N compared cases (or the time cap), and a campaign with JAX as subject or reference draws its
// shapes from a small set, so that JAX's per-shape compilations are reused.
#include <gtest/gtest.h>

#include <set>

#include "parity/fuzzer.h"
#include "parity/opinfo.h"

namespace parity::fuzz {
namespace {

TEST(MinCases, EveryRowGetsExactlyThatManyComparedCases) {
  Options o;
  o.ops = {"add", "sin"};
  o.min_cases = 40;
  o.seed = 3;
  o.jobs = 2;
  o.batch = 16;
  Results r = run_campaign(o);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.min_cases, 40u);
  for (const std::string op : {"add", "sin"})
    for (DType d : opinfo::find_op(op)->dtypes_cpu) {
      auto it = r.stats.find(StatsKey{op, d, Device::cpu});
      ASSERT_NE(it, r.stats.end()) << op << " " << name(d) << " has no row";
      // The engine against NumPy compares every case, and no case is handed out beyond the count.
      EXPECT_EQ(it->second.cases, 40u) << op << " " << name(d);
    }
  EXPECT_TRUE(r.rows_short().empty());
}

TEST(MinCases, ATimeCapEndsTheRunAndTheShortRowsAreListed) {
  Options o;
  o.ops = {"add"};
  o.min_cases = 100000000;
  o.time_budget_s = 1;
  o.seed = 3;
  o.jobs = 1;
  Results r = run_campaign(o);
  EXPECT_TRUE(r.complete);
  EXPECT_LT(r.seconds, 60);
  const std::vector<StatsKey> short_rows = r.rows_short();
  ASSERT_FALSE(short_rows.empty());
  for (const StatsKey& k : short_rows) EXPECT_LT(r.stats.at(k).cases, o.min_cases);
}

TEST(MinCases, RowsShortAreTheSubjectsRowsWithSomeButTooFewComparedCases) {
  Results r;
  r.subject = "jax";
  r.against = "numpy";
  r.stats[StatsKey{"add", DType::Float32, Device::cpu, "jax", "numpy"}].cases = 99;
  r.stats[StatsKey{"add", DType::Float64, Device::cpu, "jax", "numpy"}].cases = 100;
  Stats& none = r.stats[StatsKey{"add", DType::Int8, Device::cpu, "jax", "numpy"}];
  none.not_comparable = 300;  // the library compares nothing of it: not comparable, not short
  EXPECT_TRUE(r.rows_short().empty()) << "no --min-cases: nothing is short";
  r.min_cases = 100;
  const std::vector<StatsKey> s = r.rows_short();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].dtype, DType::Float32);
}

// The distinct logical shapes of the first argument over `n` drawn cases of `op`.
std::set<Shape> shapes_drawn(const std::string& op, const GenConfig& cfg, uint64_t n) {
  CaseGen gen(cfg);
  std::set<Shape> out;
  for (uint64_t i = 0; i < n; ++i) {
    DrawnCase d = gen.draw(gen.id(op, 7, i));
    if (!d.c.input.args.empty() && d.c.input.args[0].is_tensor()) out.insert(d.c.input.args[0].tensor().shape());
  }
  return out;
}

TEST(JaxShapes, ASmallSetWhenJaxIsSubjectOrReferenceAndTheUsualSpreadOtherwise) {
  GenConfig jax, vjax, engine;
  jax.subject = "jax";
  vjax.against = "jax";
  // 12 shapes; a reduction's long low-precision inputs add 2 lengths x 2 forms.
  for (const auto& [op, most] : std::vector<std::pair<std::string, size_t>>{{"sin", 12}, {"sum", 16}}) {
    EXPECT_LE(shapes_drawn(op, jax, 400).size(), most) << op;
    EXPECT_LE(shapes_drawn(op, vjax, 400).size(), most) << op;
    EXPECT_GT(shapes_drawn(op, engine, 400).size(), 40u) << op;
  }
}

}  // namespace
}  // namespace parity::fuzz

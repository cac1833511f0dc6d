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

// What JAX compiles a case for: variant, kwargs, per argument its shape and dtype (tensors) or its
// repr (scalars); and the tensors' bytes, which it does not compile for.
std::pair<std::string, std::string> signature_and_values(const DrawnCase& d) {
  std::string sig = std::to_string(static_cast<int>(d.c.variant)) + " " + name(d.dtype) + " kw" +
                    std::to_string(d.c.input.kwargs.size()), vals;
  for (const ArrayLike& a : d.c.input.args) {
    if (!a.is_tensor()) { sig += " " + a.scalar().repr(); continue; }
    const Tensor t = a.tensor().contiguous();
    sig += " " + std::string(name(t.dtype())) + "(";
    for (int64_t x : t.shape()) sig += std::to_string(x) + ",";
    sig += ")";
    vals.append(static_cast<const char*>(t.data_ptr()), static_cast<size_t>(t.size() * itemsize(t.dtype())));
  }
  return {sig, vals};
}

TEST(JaxClusters, EightConsecutiveCasesShareTheirSignatureAndDifferInValues) {
  GenConfig jax, engine;
  jax.subject = "jax";
  for (const std::string op : {"add", "sum", "matmul"}) {
    CaseGen gj(jax), ge(engine);
    size_t values_differ = 0, engine_groups_differ = 0;
    for (uint64_t g = 0; g < 24; ++g) {
      std::set<std::string> sigs, vals, esigs;
      for (uint64_t i = 8 * g; i < 8 * g + 8; ++i) {
        const DrawnCase d = gj.draw(gj.id(op, 7, i));
        // The campaign picks indices by dtype before drawing: both must agree.
        EXPECT_EQ(gj.dtype_of(*opinfo::find_op(op), 7, i), d.dtype) << op << " " << i;
        auto [sig, v] = signature_and_values(d);
        sigs.insert(sig);
        vals.insert(v);
        esigs.insert(signature_and_values(ge.draw(ge.id(op, 7, i))).first);
      }
      EXPECT_EQ(sigs.size(), 1u) << op << " cluster " << g << ": " << *sigs.begin() << " | " << *sigs.rbegin();
      values_differ += vals.size() > 1;
      engine_groups_differ += esigs.size() > 1;
    }
    // Empty tensors and scalar-only cases have no values to vary; most clusters have.
    EXPECT_GE(values_differ, 18u) << op;
    EXPECT_GE(engine_groups_differ, 22u) << op << ": the engine's own cases are drawn one by one";
  }
}

}  // namespace
}  // namespace parity::fuzz

// Issue 14, the N-oracle model: ids naming who takes part, the classification of differences
// between libraries, not-comparable cases, declarations and baseline entries scoped by pair, and
// campaigns with PyTorch as the subject and three-way. Expected values come from NumPy's and
// PyTorch's documented semantics or from arithmetic, never from a run's output.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "parity/case_builders.h"
#include "parity/errors.h"
#include "parity/fuzzer.h"
#include "parity/ops.h"
#include "parity/report.h"

using namespace parity;
using namespace parity::fuzz;

namespace {

using namespace parity::testing;

// ---- ids ----

TEST(CaseIdPairs, TextRoundTrips) {
  for (const char* s : {"reciprocal:1:7:torch", "sin:1:2:jax:s0.3", "add:1:7:vtorch", "add:1:7:vjax:s1.2",
                        "add:1:7:3way", "add:1:7:e100:3way:s0", "exp:7:12:e100:cuda:vcpu:s2", "sum:3:4:g:vtorch",
                        "samples/sqrt/float32:0:5"})
    EXPECT_EQ(CaseId::parse(s).str(), s);
  CaseId t = CaseId::parse("reciprocal:1:7:torch:s2");
  EXPECT_EQ(t.op, "reciprocal");
  EXPECT_EQ(t.subject, "torch");
  EXPECT_EQ(t.against, "");
  EXPECT_EQ(t.subject_name(), "torch");
  EXPECT_EQ(t.against_name(), "numpy");
  EXPECT_FALSE(t.three_way);
  EXPECT_EQ(t.shrink_path, (std::vector<uint32_t>{2}));
  CaseId v = CaseId::parse("add:1:7:vjax");
  EXPECT_EQ(v.subject_name(), "engine");
  EXPECT_EQ(v.against, "jax");
  CaseId w = CaseId::parse("add:1:7:3way:s1");
  EXPECT_TRUE(w.three_way);
  EXPECT_TRUE(w.subject.empty() && w.against.empty());
  // Built by hand: the defaults have no token; "engine"/"numpy" spelled out write none either.
  CaseId h{"add", 1, 7, {}};
  h.subject = "jax";
  EXPECT_EQ(h.str(), "add:1:7:jax");
  h.subject = "engine";
  h.against = "torch";
  EXPECT_EQ(h.str(), "add:1:7:vtorch");
  for (const char* bad : {"add:1:7:torch:vtorch", "add:1:7:torch:3way", "add:1:7:vtorch:3way", "add:1:7:vcpu",
                          "add:1:7:cuda:jax:vcpu", "add:1:7:torch:vjax"}) {
    if (std::string(bad) == "add:1:7:torch:vjax") continue;  // a library against another parses (the CLI refuses it)
    EXPECT_THROW(CaseId::parse(bad), ValueError) << bad;
  }
}

// The generator's pair goes into its ids, and never changes what is drawn.
TEST(CaseIdPairs, GeneratorIdsCarryThePairAndDrawTheSameCase) {
  GenConfig plain, torch;
  torch.subject = "torch";
  CaseGen a(plain), b(torch);
  CaseId ia = a.id("add", 3, 11), ib = b.id("add", 3, 11);
  EXPECT_EQ(ia.str(), "add:3:11");
  EXPECT_EQ(ib.str(), "add:3:11:torch");
  EXPECT_EQ(describe(a.draw(ia).c, 64), describe(b.draw(ib).c, 64));
  GenConfig three;
  three.three_way = true;
  EXPECT_EQ(CaseGen(three).id("add", 3, 11).str(), "add:3:11:3way");
  EXPECT_EQ(CaseGen(three).config_for(CaseId::parse("add:3:11:vjax")).against, "jax");
}

// ---- classification ----

Tensor f64(std::vector<double> v) { return asarray(v); }
Tensor i64(std::vector<int64_t> v) { return asarray(v); }
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Mismatch kind_of(const Case& c, const Outcome& s, const Outcome& r) {
  return compare_pair(c, s, r, "torch", "numpy").verdict.kind;
}

TEST(Classification, PromotionIsDtype) {
  // np.reciprocal(int64) is int64 ([1, 0, 0] for [1, 2, 3]); torch.reciprocal(int64) is float32.
  Case c = case_of("reciprocal", {i64({1, 2, 3})});
  Outcome torch = values({asarray(std::vector<float>{1.0f, 0.5f, 1.0f / 3})});
  Outcome numpy = values({i64({1, 0, 0})});
  EXPECT_EQ(kind_of(c, torch, numpy), Mismatch::dtype);
}

TEST(Classification, IntegerResultsAreInteger) {
  // floor_divide(-7, 2) is -4 in NumPy (floor); a truncating library says -3.
  Case c = case_of("floor_divide", {i64({-7}), i64({2})});
  EXPECT_EQ(kind_of(c, values({i64({-3})}), values({i64({-4})})), Mismatch::integer);
  // Bool results too: less(1, 2) is True.
  Case l = case_of("less", {i64({1}), i64({2})});
  EXPECT_EQ(kind_of(l, values({asarray(std::vector<bool>{false})}), values({asarray(std::vector<bool>{true})})),
            Mismatch::integer);
}

TEST(Classification, NonFiniteOnlyWhereASideIsNaNOrInf) {
  Case c = case_of("sin", {f64({1.0, 2.0})});
  // Element 0: NaN against inf; element 1 agrees (sin(2) both).
  EXPECT_EQ(kind_of(c, values({f64({kNaN, std::sin(2.0)})}), values({f64({kInf, std::sin(2.0)})})), Mismatch::nonfinite);
  // A finite element differs too: a value difference.
  EXPECT_EQ(kind_of(c, values({f64({kNaN, 0.5})}), values({f64({kInf, std::sin(2.0)})})), Mismatch::value);
  // Finite results that differ where an input is infinite (elementwise: the element it reads).
  Case a = case_of("add", {f64({kInf, 1.0}), f64({1.0, 1.0})});
  EXPECT_EQ(kind_of(a, values({f64({0.0, 2.0})}), values({f64({5.0, 2.0})})), Mismatch::nonfinite);
  EXPECT_EQ(kind_of(a, values({f64({0.0, 3.0})}), values({f64({5.0, 2.0})})), Mismatch::value);
}

TEST(Classification, ComplexOrderingIsOrdering) {
  // NumPy orders complex numbers lexicographically; torch.maximum refuses complex inputs.
  Tensor z = asarray(std::vector<std::complex<double>>{{1, 2}, {3, -1}});
  Case m = case_of("maximum", {z, z});
  EXPECT_EQ(kind_of(m, raised("TypeError"), values({z})), Mismatch::ordering);
  // The same error on a non-ordering op is an error; on real inputs too.
  Case a = case_of("add", {z, z});
  EXPECT_EQ(kind_of(a, raised("TypeError"), values({z})), Mismatch::error);
  Case r = case_of("maximum", {f64({1.0}), f64({2.0})});
  EXPECT_EQ(kind_of(r, raised("TypeError"), values({f64({2.0})})), Mismatch::error);
}

TEST(Classification, ErrorsShapesAndMatches) {
  Case c = case_of("sin", {f64({1.0})});
  EXPECT_EQ(kind_of(c, raised("ValueError"), raised("TypeError")), Mismatch::error);  // another class
  EXPECT_EQ(kind_of(c, raised("ValueError"), raised("ValueError")), Mismatch::none);
  // A 0-d result against a (1,) one: shape (keepdims, 0-d).
  EXPECT_EQ(kind_of(c, values({f64({std::sin(1.0)}).reshape({})}), values({f64({std::sin(1.0)})})), Mismatch::shape);
  EXPECT_EQ(kind_of(c, values({f64({std::sin(1.0)})}), values({f64({std::sin(1.0)})})), Mismatch::none);
  // The engine against NumPy keeps compare()'s kinds: an integer difference stays `value`.
  Case d = case_of("floor_divide", {i64({-7}), i64({2})});
  EXPECT_EQ(compare_pair(d, values({i64({-3})}), values({i64({-4})}), "engine", "numpy").verdict.kind, Mismatch::value);
  // Details name the pair, not "engine" and "NumPy".
  CaseResult r = compare_pair(d, values({i64({-3})}), values({i64({-4})}), "torch", "numpy");
  EXPECT_NE(r.verdict.detail.find("NumPy"), std::string::npos) << r.verdict.detail;
  EXPECT_EQ(r.verdict.detail.find("engine"), std::string::npos) << r.verdict.detail;
}

TEST(Classification, AgreementPatternNames) {
  EXPECT_EQ(agreement_pattern({}), "all agree");
  EXPECT_EQ(agreement_pattern({"torch"}), "torch differs");
  EXPECT_EQ(agreement_pattern({"engine", "torch"}), "engine, torch differ");
}

// ---- not comparable ----

TEST(NotComparable, NeitherMatchNorMismatch) {
  Case c = case_of("sin", {f64({1.0})});
  Outcome nc;
  nc.not_comparable = true;
  nc.error_message = "jax arrays are immutable: no in-place form of sin";
  CaseResult r = compare_pair(c, nc, values({f64({std::sin(1.0)})}), "jax", "numpy");
  EXPECT_EQ(r.not_comparable, "jax: jax arrays are immutable: no in-place form of sin");
  EXPECT_FALSE(r.mismatch());
  EXPECT_TRUE(r.verdict.match());
  Outcome named = nc;
  named.error_message = "torch: no uint16 arithmetic";
  EXPECT_EQ(compare_pair(c, values({f64({1.0})}), named, "engine", "torch").not_comparable, "torch: no uint16 arithmetic");

  // Counted in Stats::not_comparable by reason, never in cases, matches or mismatches; merged.
  Results a;
  StatsKey k{"sin", DType::Float64, Device::cpu, "jax", "numpy"};
  a.stats[k].not_comparable = 3;
  a.stats[k].not_comparable_by["jax: immutable"] = 3;
  Results b = a;
  b.stats[k].not_comparable_by["jax: no out="] = 2;
  b.stats[k].not_comparable = 5;
  Results m = merge_results({a, b});
  EXPECT_EQ(m.stats[k].not_comparable, 8u);
  EXPECT_EQ(m.stats[k].not_comparable_by["jax: immutable"], 6u);
  EXPECT_EQ(m.stats[k].cases, 0u);
  Results back = results_from_json(results_to_json(m));
  EXPECT_EQ(back.stats[k].not_comparable, 8u);
  EXPECT_EQ(back.stats[k].not_comparable_by["jax: no out="], 2u);
}

// ---- scoping by pair ----

TEST(PairScoping, DeclarationsNameTheirPair) {
  opinfo::OpInfo op = *opinfo::find_op("reciprocal");
  op.discrepancies.clear();
  opinfo::Discrepancy engine_decl;
  engine_decl.suites = {"Fuzz"};
  engine_decl.what = "engine decl";
  engine_decl.reason = "about the engine";
  op.discrepancies.push_back(engine_decl);
  Case c;
  c.op = &op;
  c.input.args = {i64({1, 2, 3})};
  Outcome torch = values({asarray(std::vector<float>{1.0f, 0.5f, 1.0f / 3})});
  Outcome numpy = values({i64({1, 0, 0})});
  // The engine's declaration does not excuse torch.
  CaseResult r = compare_pair(c, torch, numpy, "torch", "numpy");
  EXPECT_EQ(r.verdict.kind, Mismatch::dtype);
  EXPECT_TRUE(r.accepted.empty());
  EXPECT_TRUE(r.mismatch());
  // ... but it still covers the engine.
  EXPECT_EQ(compare_pair(c, torch, numpy, "engine", "numpy").accepted, "engine decl: about the engine");
  // A declaration naming torch covers torch against NumPy, and nothing else.
  opinfo::Discrepancy torch_decl = engine_decl;
  torch_decl.subject = "torch";
  torch_decl.what = "torch decl";
  torch_decl.reason = "PyTorch promotes integers to float";
  op.discrepancies = {torch_decl};
  EXPECT_EQ(compare_pair(c, torch, numpy, "torch", "numpy").accepted, "torch decl: PyTorch promotes integers to float");
  EXPECT_TRUE(compare_pair(c, torch, numpy, "engine", "numpy").accepted.empty());
  EXPECT_TRUE(compare_pair(c, torch, numpy, "jax", "numpy").accepted.empty());
  EXPECT_TRUE(compare_pair(c, torch, numpy, "engine", "torch").accepted.empty());
}

TEST(PairScoping, ToleranceOverridesNameTheirPair) {
  opinfo::OpInfo op = *opinfo::find_op("sin");
  op.discrepancies.clear();
  // An engine override of 1e-2 relative: 0.999 against 1.0 (1e-3 apart) passes for the engine
  // only; PyTorch gets float64's default tolerance, far below 1e-3.
  op.tolerances = {{DType::Float64, {1e-2, 0}, "the engine's"}};
  Case c;
  c.op = &op;
  c.input.args = {f64({1.0})};
  EXPECT_EQ(compare_pair(c, values({f64({0.999})}), values({f64({1.0})}), "engine", "numpy").verdict.kind, Mismatch::none);
  EXPECT_EQ(compare_pair(c, values({f64({0.999})}), values({f64({1.0})}), "torch", "numpy").verdict.kind, Mismatch::value);
  op.tolerances.push_back({DType::Float64, {1e-2, 0}, "PyTorch's", "torch", ""});
  EXPECT_EQ(compare_pair(c, values({f64({0.999})}), values({f64({1.0})}), "torch", "numpy").verdict.kind, Mismatch::none);
  EXPECT_EQ(op.tolerance(DType::Float64, "jax", "numpy").rtol, default_tolerance(DType::Float64).rtol);
}

TEST(PairScoping, BaselineEntriesNameTheirPair) {
  Baseline b = baseline_from_json(R"({"version": 1, "accepted": [
    {"op": "reciprocal", "dtype": "int64", "kind": "dtype", "reason": "the engine's"},
    {"op": "reciprocal", "dtype": "int64", "kind": "dtype", "subject": "torch", "against": "numpy",
     "reason": "PyTorch's true division of integers"}]})");
  ASSERT_EQ(b.accepted.size(), 2u);
  EXPECT_EQ(b.accepted[0].subject, "engine");
  EXPECT_EQ(b.accepted[0].against, "");
  EXPECT_EQ(b.accepted[1].subject, "torch");
  EXPECT_EQ(b.accepted[1].str(), "reciprocal int64 cpu dtype torch vs numpy");
  // Written back without the default fields, with the others.
  const std::string text = baseline_to_json(b);
  EXPECT_EQ(text.find("\"subject\": \"engine\""), std::string::npos);
  EXPECT_NE(text.find("\"subject\": \"torch\""), std::string::npos);
  EXPECT_EQ(baseline_from_json(text).accepted[1].against, "numpy");

  StatsKey torch_row{"reciprocal", DType::Int64, Device::cpu, "torch", "numpy"};
  StatsKey engine_row{"reciprocal", DType::Int64, Device::cpu};
  StatsKey jax_row{"reciprocal", DType::Int64, Device::cpu, "jax", "numpy"};
  EXPECT_EQ(find_accepting(b, torch_row, Mismatch::dtype), &b.accepted[1]);
  EXPECT_EQ(find_accepting(b, engine_row, Mismatch::dtype), &b.accepted[0]);
  EXPECT_EQ(find_accepting(b, jax_row, Mismatch::dtype), nullptr);

  // The gate: a torch row's dtype mismatches are baselined only by the torch entry; the engine's
  // entry is not exercised by a torch campaign (never stale there).
  Results r;
  r.subject = "torch";
  Stats& s = r.stats[torch_row];
  CaseRecord rec;
  rec.id = CaseId::parse("reciprocal:1:3:torch");
  rec.op = "reciprocal";
  rec.dtype = DType::Int64;
  rec.kind = Mismatch::dtype;
  rec.subject = "torch";
  s.add(rec);
  GateResult g = gate(r, b);
  EXPECT_TRUE(g.passed) << g.summary();
  EXPECT_EQ(g.baselined_mismatches, 1u);
  ASSERT_EQ(g.not_exercised.size(), 1u);
  EXPECT_EQ(g.not_exercised[0].subject, "engine");
  Baseline engine_only;
  engine_only.accepted = {b.accepted[0]};
  GateResult g2 = gate(r, engine_only);
  EXPECT_FALSE(g2.passed);
  ASSERT_EQ(g2.unaccepted.size(), 1u);
  EXPECT_EQ(g2.unaccepted[0].subject, "torch");
  EXPECT_THROW(baseline_from_json(R"({"version": 1, "accepted": [
    {"op": "sin", "kind": "value", "subject": "mxnet", "reason": "x"}]})"), ValueError);
}

// ---- results.json ----

TEST(PairResults, JsonRoundTripOfTheNewFields) {
  Results r;
  r.subject = "engine";
  r.participants = {"engine", "numpy", "torch"};
  r.versions = {{"numpy", "2.2.6"}, {"torch", "2.15.0"}};
  r.agreement[{"reciprocal", DType::Int64}]["torch differs"] = 7;
  r.agreement[{"reciprocal", DType::Int64}]["all agree"] = 2;
  StatsKey k{"reciprocal", DType::Int64, Device::cpu, "torch", "numpy"};
  CaseRecord rec;
  rec.id = CaseId::parse("reciprocal:1:3:3way:s0");
  rec.op = "reciprocal";
  rec.dtype = DType::Int64;
  rec.kind = Mismatch::dtype;
  rec.subject = "torch";
  rec.subject_python = "import torch\n";
  rec.outcomes = {{"engine", "int64 [1]"}, {"numpy", "int64 [1]"}, {"torch", "float32 [1.]"}};
  rec.pattern = "torch differs";
  r.stats[k].add(rec);
  Results back = results_from_json(results_to_json(r));
  EXPECT_EQ(back.participants, r.participants);
  EXPECT_EQ(back.versions, r.versions);
  EXPECT_EQ(back.agreement, r.agreement);
  ASSERT_EQ(back.stats.count(k), 1u);
  const CaseRecord& m = back.stats[k].minimal.at(Mismatch::dtype);
  EXPECT_EQ(m.subject, "torch");
  EXPECT_EQ(m.reference, "numpy");
  EXPECT_EQ(m.subject_python, rec.subject_python);
  EXPECT_EQ(m.outcomes, rec.outcomes);
  EXPECT_EQ(m.pattern, "torch differs");
  EXPECT_EQ(m.id.str(), "reciprocal:1:3:3way:s0");
  // Shards merge their agreement counts.
  Results two = merge_results({r, r});
  EXPECT_EQ((two.agreement[{"reciprocal", DType::Int64}]["torch differs"]), 14u);
}

// ---- campaigns with the libraries ----

bool have(const std::string& lib) {
  LibraryProbe p = probe_libraries({lib})[lib];
  if (!p.available) std::printf("[  NOTE    ] %s is not importable (%s): this test did not run\n", lib.c_str(), p.why.c_str());
  return p.available;
}

// PyTorch checked against NumPy on reciprocal of integers: NumPy keeps the integer dtype
// (np.reciprocal(np.int64(2)) == 0), PyTorch computes a float: a promotion (dtype) difference.
TEST(PairCampaign, TorchAgainstNumpyFindsReciprocalPromotion) {
  if (!have("torch")) GTEST_SKIP() << "torch is not importable";
  Options o;
  o.ops = {"reciprocal"};
  o.dtypes = {DType::Int64, DType::Int32, DType::Int16};
  o.cases_per_op = 40;
  o.seed = 5;
  o.isolate = false;
  o.gen.subject = "torch";
  Results r = run_campaign(o);
  EXPECT_EQ(r.subject, "torch");
  EXPECT_EQ(r.against, "numpy");
  EXPECT_FALSE(r.versions["torch"].empty());
  uint64_t dtype_mismatches = 0, cases = 0;
  for (const auto& [key, s] : r.stats) {
    EXPECT_EQ(key.subject, "torch");
    EXPECT_EQ(key.against, "numpy");
    cases += s.cases + s.not_comparable;
    if (auto it = s.mismatches.find(Mismatch::dtype); it != s.mismatches.end()) {
      dtype_mismatches += it->second;
      const CaseRecord& m = s.minimal.at(Mismatch::dtype);
      EXPECT_EQ(m.subject, "torch");
      EXPECT_NE(m.id.str().find(":torch"), std::string::npos) << m.id.str();
      EXPECT_FALSE(m.subject_python.empty());
      // The minimal case replays to the same difference.
      CaseRecord again = replay(m.id);
      EXPECT_EQ(again.kind, Mismatch::dtype) << again.detail;
    }
  }
  EXPECT_EQ(cases, 40u);
  EXPECT_GT(dtype_mismatches, 0u);
}

// Three-way: every case counted once in the agreement of its op x dtype; the engine agrees with
// NumPy on integer add and reciprocal, torch does not on reciprocal (it computes a float).
TEST(PairCampaign, ThreeWayAgreementCounts) {
  if (!have("torch")) GTEST_SKIP() << "torch is not importable";
  Options o;
  o.ops = {"add", "reciprocal"};
  o.dtypes = {DType::Int64};
  o.cases_per_op = 20;
  o.seed = 9;
  o.isolate = false;
  o.gen.three_way = true;
  Results r = run_campaign(o);
  ASSERT_GE(r.participants.size(), 3u);
  EXPECT_EQ(r.participants[0], "engine");
  EXPECT_EQ(r.participants[1], "numpy");
  EXPECT_EQ(r.participants[2], "torch");
  for (const char* op : {"add", "reciprocal"}) {
    const auto& patterns = r.agreement[{op, DType::Int64}];
    uint64_t total = 0;
    for (const auto& [pattern, n] : patterns) {
      total += n;
      EXPECT_EQ(pattern.find("engine"), std::string::npos) << op << ": " << pattern;
      if (std::string(op) == "reciprocal") {
        EXPECT_NE(pattern.find("torch"), std::string::npos) << pattern;
      }
    }
    EXPECT_EQ(total, 20u) << op;
    // A row per participant against NumPy.
    for (const std::string who : {"engine", "torch"}) {
      StatsKey k{op, DType::Int64, Device::cpu, who, "numpy"};
      ASSERT_EQ(r.stats.count(k), 1u) << op << " " << who;
      EXPECT_EQ(r.stats[k].cases + r.stats[k].not_comparable, 20u);
    }
  }
  const StatsKey tr{"reciprocal", DType::Int64, Device::cpu, "torch", "numpy"};
  ASSERT_TRUE(r.stats[tr].minimal.count(Mismatch::dtype));
  const CaseRecord& m = r.stats[tr].minimal.at(Mismatch::dtype);
  EXPECT_TRUE(m.id.three_way);
  EXPECT_NE(m.pattern.find("torch"), std::string::npos);
  ASSERT_GE(m.outcomes.size(), 3u);
  EXPECT_EQ(m.outcomes[0].first, "engine");
}

}  // namespace

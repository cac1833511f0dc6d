// Tests of gradient campaigns (`parity fuzz --grad`): clean ops find nothing, a planted wrong
// derivative is found and shrunk, campaigns are deterministic, grad ids replay the gradient check,
// and the reports carry the gradient counts.
#include <gtest/gtest.h>

#include <algorithm>

#include "parity/autograd.h"
#include "parity/case_builders.h"
#include "parity/fuzzer.h"
#include "parity/ops.h"
#include "parity/opinfo.h"
#include "parity/report.h"
#include "results_compare.h"

namespace parity::fuzz {
namespace {

TEST(FuzzGrad, CaseIdCarriesTheGradFlag) {
  for (const std::string s : {"sin:1:12:g", "sin:1:12:g:s3.1", "sum:7:3:e100000:g:s0"}) {
    CaseId id = CaseId::parse(s);
    EXPECT_TRUE(id.grad) << s;
    EXPECT_EQ(id.str(), s);
  }
  EXPECT_FALSE(CaseId::parse("sin:1:12:s3.1").grad);
  CaseId e = CaseId::parse("sum:7:3:e100000:g:s0");
  EXPECT_EQ(e.max_elements, 100000);
  EXPECT_EQ(e.shrink_path, (std::vector<uint32_t>{0}));
  GenConfig cfg;
  cfg.grad = true;
  EXPECT_EQ(CaseGen(cfg).id("sin", 1, 12).str(), "sin:1:12:g");
}

TEST(FuzzGrad, CasesAreFloat64OrComplex128FunctionCalls) {
  GenConfig cfg;
  cfg.grad = true;
  CaseGen g(cfg);
  for (const std::string op : {"sin", "multiply", "sum", "matmul", "power"}) {
    for (uint64_t i = 0; i < 50; ++i) {
      DrawnCase d = g.draw(g.id(op, 3, i));
      EXPECT_TRUE(d.dtype == DType::Float64 || d.dtype == DType::Complex128) << d.id.str();
      EXPECT_EQ(d.c.variant, Variant::function) << d.id.str();
      for (const auto& a : d.c.input.args) {
        if (!a.is_tensor() || !is_inexact(a.tensor().dtype())) continue;
        const DType t = a.tensor().dtype();
        EXPECT_TRUE(t == DType::Float64 || t == DType::Complex128) << d.id.str();
        for (double v : a.tensor().astype(DType::Float64).to_double_vector()) EXPECT_TRUE(std::isfinite(v)) << d.id.str();
      }
    }
  }
}

Options grad_options(const std::vector<std::string>& ops, uint64_t cases) {
  Options o;
  o.grad = true;
  o.ops = ops;
  o.cases_per_op = cases;
  o.seed = 5;
  o.batch = 16;
  return o;
}

TEST(FuzzGrad, CleanOpsFindNothing) {
  Options o = grad_options({"sin", "multiply", "sum"}, 200);
  o.jobs = 2;
  std::vector<CaseRecord> findings;
  o.on_finding = [&](const CaseRecord& r) { findings.push_back(r); };
  Results r = run_campaign(o);
  EXPECT_TRUE(r.grad);
  EXPECT_TRUE(r.complete);
  std::map<std::string, uint64_t> checked, cases;
  for (const auto& [k, s] : r.stats) {
    EXPECT_TRUE(k.dtype == DType::Float64 || k.dtype == DType::Complex128) << k.op << " " << name(k.dtype);
    EXPECT_TRUE(s.mismatches.empty()) << k.op << " " << name(k.dtype);
    checked[k.op] += s.grad_checked;
    cases[k.op] += s.cases;
  }
  for (const std::string op : {"sin", "multiply", "sum"}) {
    EXPECT_EQ(cases[op], 200u) << op;
    EXPECT_GT(checked[op], 100u) << op;  // most cases have something to differentiate
  }
  EXPECT_TRUE(findings.empty()) << findings.front().id.str() << ": " << findings.front().detail;
}

// A differentiable op's record may declare cases without a derivative (NoGradWhere): there the
// claim is checked, that backward raises, and a case where backward works anyway is a finding.
TEST(FuzzGrad, DeclaredCasesWithoutADerivativeMustRaise) {
  const opinfo::OpInfo* qr = opinfo::find_op("linalg.qr");
  ASSERT_NE(qr, nullptr);
  Case c;
  c.op = qr;
  c.input.args = {ArrayLike(parity::reshape(parity::arange(6.0), {3, 2}))};
  c.input.kwargs = {{"mode", std::string("r")}};
  GradCheck g = check_gradient(c, 1);
  EXPECT_TRUE(g.checked);
  EXPECT_TRUE(g.ok) << g.detail;
  EXPECT_NE(g.detail.find("mode='r'"), std::string::npos) << g.detail;
  // mode='reduced' on a tall matrix has a derivative: checked against finite differences.
  c.input.kwargs = {};
  g = check_gradient(c, 1);
  EXPECT_TRUE(g.checked && g.ok) << g.detail;
  EXPECT_EQ(g.detail.find("declares"), std::string::npos) << g.detail;
  // The same declaration with an op whose backward works: the claim fails.
  opinfo::OpInfo lying = *qr;
  lying.run = [](Variant, const std::vector<ArrayLike>& a, const Kwargs&, const Tensor&) {
    return std::vector<Tensor>{parity::multiply(a[0].tensor(), 2.0)};
  };
  c.op = &lying;
  c.input.kwargs = {{"mode", std::string("raw")}};
  g = check_gradient(c, 1);
  EXPECT_TRUE(g.checked);
  EXPECT_FALSE(g.ok);
  EXPECT_NE(g.detail.find("but backward worked"), std::string::npos) << g.detail;
}

TEST(FuzzGrad, OnlyOpsClaimingAutograd) {
  const opinfo::OpInfo* no = nullptr;
  for (const auto& op : opinfo::op_db())
    if (!op.supports_autograd && !op.dtypes_cpu.empty()) { no = &op; break; }
  ASSERT_NE(no, nullptr);
  Options o = grad_options({no->name}, 10);
  o.isolate = false;
  EXPECT_THROW(run_campaign(o), ValueError);
}

// sin with a wrong derivative (the sign of cos flipped), planted through autograd::record.
std::vector<Tensor> bad_sin(const std::vector<Tensor>& xs) {
  const Tensor x = xs[0];
  const Tensor saved = autograd::detach(x);
  return {autograd::record("bad_sin", parity::sin(autograd::detach(x)), {x}, [saved](const Tensor& g) {
    return std::vector<Tensor>{parity::multiply(g, parity::negative(parity::cos(saved)))};
  })};
}
std::vector<Tensor> tensors_of(const Case& c) {
  std::vector<Tensor> t;
  for (const auto& a : c.input.args)
    if (a.is_tensor()) t.push_back(a.tensor());
  return t;
}

TEST(FuzzGrad, PlantedWrongDerivativeIsFoundAndShrunk) {
  GenConfig cfg;
  cfg.grad = true;
  CaseGen gen(cfg);
  // The first sin case with something to check: the right sin passes, bad_sin fails.
  std::optional<CaseId> failing;
  int64_t size = 0;
  for (uint64_t i = 0; i < 100 && !failing; ++i) {
    DrawnCase d = gen.draw(gen.id("sin", 8, i));
    const std::vector<Tensor> xs = tensors_of(d.c);
    GradCheck good = check_gradient(d.c, grad_seed(d.id));
    if (!good.checked) continue;
    EXPECT_TRUE(good.ok) << d.id.str() << ": " << good.detail;
    GradCheck bad = check_gradient(bad_sin, xs, grad_seed(d.id));
    if (xs[0].size() < 2) continue;  // a case with something to shrink
    ASSERT_TRUE(bad.checked);
    EXPECT_FALSE(bad.ok) << d.id.str();
    EXPECT_NE(bad.detail.find("analytical"), std::string::npos) << bad.detail;
    EXPECT_NE(bad.detail.find("numerical"), std::string::npos) << bad.detail;
    failing = d.id;
    size = xs[0].size();
  }
  ASSERT_TRUE(failing);
  // The shrinker with the gradient property: a candidate fails while bad_sin's gradient check does.
  auto fails = [](const DrawnCase& d) {
    GradCheck g = check_gradient(bad_sin, tensors_of(d.c), grad_seed(d.id));
    return g.checked && !g.ok;
  };
  CaseId minimal = shrink_with(gen, *failing, fails);
  EXPECT_TRUE(minimal.grad);
  EXPECT_FALSE(minimal.shrink_path.empty());
  DrawnCase m = gen.draw(minimal);  // replays from the id alone
  EXPECT_EQ(tensors_of(m.c).at(0).size(), 1) << minimal.str() << " (from " << size << " elements)";
  EXPECT_TRUE(fails(m));
  std::printf("[bad_sin] %s (%lld elements) shrank to %s: %s\n", failing->str().c_str(),
              static_cast<long long>(size), minimal.str().c_str(),
              check_gradient(bad_sin, tensors_of(m.c), grad_seed(m.id)).detail.c_str());
}


// `parity check`'s gradient pass: every differentiable op, and a wrong derivative planted in one
// entry (sin through bad_sin) fails its gate, where the value checks cannot see it.
TEST(FuzzGrad, CheckGradientPassCatchesAWrongDerivative) {
  Options all = gradient_pass({}, 8, 1, 1);
  for (const auto& op : opinfo::op_db()) {
    const bool in = std::find(all.ops.begin(), all.ops.end(), op.name) != all.ops.end();
    EXPECT_EQ(in, op.supports_autograd) << op.name;
  }
  ASSERT_FALSE(opinfo::find_op("floor")->supports_autograd);
  Options o = gradient_pass({"sin", "cos", "floor"}, 40, 1, 1);
  std::sort(o.ops.begin(), o.ops.end());
  EXPECT_EQ(o.ops, (std::vector<std::string>{"cos", "sin"}));
  EXPECT_TRUE(gate(run_campaign(o), Baseline{}).passed);
  testing::PlantedRun planted("sin", [](Variant, const std::vector<ArrayLike>& a, const Kwargs&, const Tensor&) {
    return bad_sin({a[0].tensor()});
  });
  const GateResult g = gate(run_campaign(o), Baseline{});
  EXPECT_FALSE(g.passed);
  ASSERT_FALSE(g.unaccepted.empty());
  for (const auto& f : g.unaccepted) EXPECT_EQ(f.op, "sin");
  EXPECT_EQ(g.unaccepted.front().kind, Mismatch::grad);
}

TEST(FuzzGrad, DeterministicAcrossRunsAndJobs) {
  Options o = grad_options({"sin", "multiply", "sum"}, 120);
  o.jobs = 2;
  Results a = run_campaign(o);
  o.jobs = 1;
  o.isolate = false;
  Results b = run_campaign(o);
  expect_same_results(a, b);
  // The same ids draw the same cases and verdicts.
  GenConfig cfg;
  cfg.grad = true;
  CaseGen g1(cfg), g2(cfg);
  for (uint64_t i = 0; i < 30; ++i) {
    DrawnCase x = g1.draw(g1.id("multiply", 5, i)), y = g2.draw(g2.id("multiply", 5, i));
    EXPECT_EQ(describe(x.c, 1000), describe(y.c, 1000));
    CaseResult rx = run_grad_case(x), ry = run_grad_case(y);
    EXPECT_EQ(rx.verdict.kind, ry.verdict.kind);
    EXPECT_EQ(rx.grad_checked, ry.grad_checked);
    EXPECT_EQ(rx.verdict.detail, ry.verdict.detail);
  }
}

TEST(FuzzGrad, ReplayOfAGradIdRerunsTheGradientCheck) {
  GenConfig cfg;
  cfg.grad = true;
  CaseGen gen(cfg);
  // A case with something checked, found by id, then replayed from its text alone.
  for (uint64_t i = 0; i < 20; ++i) {
    CaseId id = gen.id("multiply", 2, i);
    CaseResult direct = run_grad_case(gen.draw(id));
    if (!direct.grad_checked) continue;
    CaseRecord r = replay(CaseId::parse(id.str()));
    EXPECT_TRUE(r.id.grad);
    EXPECT_EQ(r.kind, Mismatch::none) << r.detail;
    EXPECT_EQ(r.engine.rfind("forward: ", 0), 0u) << r.engine;
    EXPECT_NE(r.numpy.find("finite differences"), std::string::npos) << r.numpy;
    EXPECT_EQ(r.dtype == DType::Float64 || r.dtype == DType::Complex128, true);
    EXPECT_EQ(r.replay(), "parity replay " + id.str());
    return;
  }
  FAIL() << "no checkable multiply case";
}

TEST(FuzzGrad, ReportsCarryTheGradientCounts) {
  Results r;
  r.grad = true;
  r.complete = true;
  r.seed = 3;
  Stats s;
  s.cases = 10;
  s.matches = 9;
  s.grad_checked = 8;
  s.mismatches[Mismatch::grad] = 1;
  CaseRecord rec;
  rec.id = CaseId::parse("sin:3:4:g:s0");
  rec.op = "sin";
  rec.kind = Mismatch::grad;
  rec.detail = "gradcheck: input 0 element 0 (projection 0): analytical (-1,0), numerical (1,0)";
  rec.inputs = "  arg0: float64(1,) ...\n";
  s.minimal[Mismatch::grad] = rec;
  r.stats[StatsKey{"sin", DType::Float64, Device::cpu}] = s;

  Results back = results_from_json(results_to_json(r));
  EXPECT_TRUE(back.grad);
  const Stats& b = back.stats.begin()->second;
  EXPECT_EQ(b.grad_checked, 8u);
  EXPECT_EQ(b.mismatches.at(Mismatch::grad), 1u);
  EXPECT_TRUE(b.minimal.at(Mismatch::grad).id.grad);
  EXPECT_NE(results_to_json(r).find("\"mode\": \"grad\""), std::string::npos);

  const std::string md = render_markdown(r), html = render_html(r), junit = render_junit(r);
  EXPECT_NE(md.find("grad (failed/checked)"), std::string::npos);
  EXPECT_NE(md.find("| 1/8 | FAIL |"), std::string::npos) << md;
  EXPECT_NE(md.find("parity replay sin:3:4:g:s0"), std::string::npos);
  EXPECT_NE(html.find(">1/8</td>"), std::string::npos);
  EXPECT_NE(junit.find("gradient checks: 8 checked, 1 failed"), std::string::npos) << junit;
  EXPECT_NE(junit.find("failure type=\"grad\""), std::string::npos) << junit;

  // The gate: a grad failure is unaccepted unless a grad entry accepts it; value entries are not
  // exercised (not stale) by a gradient campaign.
  Baseline bl;
  bl.accepted.push_back(BaselineEntry{"sin", "*", "cpu", Mismatch::value, "value entry"});
  GateResult g = gate(r, bl);
  EXPECT_FALSE(g.passed);
  EXPECT_TRUE(g.stale.empty());
  ASSERT_EQ(g.unaccepted.size(), 1u);
  EXPECT_EQ(g.unaccepted[0].kind, Mismatch::grad);
  bl.accepted.push_back(BaselineEntry{"sin", "float64", "cpu", Mismatch::grad, "known"});
  EXPECT_TRUE(gate(r, bl).passed);
  EXPECT_EQ(baseline_from_json(baseline_to_json(bl)).accepted.back().kind, Mismatch::grad);
}

}  // namespace
}  // namespace parity::fuzz

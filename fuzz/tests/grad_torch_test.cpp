// Tests of the second gradient oracle (`parity fuzz --grad --against torch`): the engine's VJP
// against torch.autograd's. Expected values come from mathematics (hand-written derivatives planted
// on the engine side) or from torch, never from the engine's own output. Without torch, each test
// prints one line and is skipped.
#include <complex>
#include <cstdio>

#include <gtest/gtest.h>

#include "parity/case_builders.h"
#include "parity/autograd.h"
#include "parity/fuzzer.h"
#include "parity/ops.h"
#include "parity/opinfo.h"
#include "parity/oracle.h"

namespace parity::fuzz {
namespace {

using namespace parity::testing;

using cd = std::complex<double>;

#define SKIP_WITHOUT_TORCH()                                                  \
  do {                                                                        \
    std::string why_;                                                         \
    if (!torch_importable(&why_)) {                                           \
      std::printf("[torch-grad] not run: %s\n", why_.c_str());                \
      GTEST_SKIP() << why_;                                                   \
    }                                                                         \
  } while (0)


TEST(TorchGrad, CaseIdCarriesTheReference) {
  for (const std::string s : {"sin:1:12:g:vtorch", "sin:1:12:g:vtorch:s3.1", "sum:7:3:e100000:g:vtorch:s0"}) {
    CaseId id = CaseId::parse(s);
    EXPECT_TRUE(id.grad) << s;
    EXPECT_EQ(id.against, "torch") << s;
    EXPECT_EQ(id.str(), s);
  }
  EXPECT_EQ(CaseId::parse("sin:1:12:g").against, "");
  GenConfig cfg;
  cfg.grad = true;
  cfg.against = "torch";
  CaseGen gen(cfg);
  EXPECT_EQ(gen.id("sin", 1, 12).str(), "sin:1:12:g:vtorch");
  // The reference does not change the case drawn.
  GenConfig plain;
  plain.grad = true;
  EXPECT_EQ(describe(gen.draw(gen.id("matmul", 4, 9)).c, 1000),
            describe(CaseGen(plain).draw(CaseGen(plain).id("matmul", 4, 9)).c, 1000));
}

TEST(TorchGrad, TorchCallables) {
  EXPECT_EQ(torch_callable(*opinfo::find_op("sin")), "torch.sin");
  EXPECT_EQ(torch_callable(*opinfo::find_op("matmul")), "torch.matmul");
  opinfo::OpInfo missing = *opinfo::find_op("sin");
  missing.torch_missing = "a planted gap";
  std::string why;
  EXPECT_EQ(torch_callable(missing, &why), "");
  EXPECT_NE(why.find("a planted gap"), std::string::npos) << why;
  opinfo::OpInfo mapped = *opinfo::find_op("sin");
  mapped.torch_ref = "lambda x: torch.sin(x)";
  EXPECT_EQ(torch_callable(mapped), "lambda x: torch.sin(x)");
}

// The engine side written by hand: sin with derivative cos (right) or -cos (wrong).
GradFn sin_with(bool right) {
  return [right](const std::vector<Tensor>& xs) {
    const Tensor x = xs[0];
    const Tensor saved = autograd::detach(x);
    return std::vector<Tensor>{autograd::record("hand_sin", parity::sin(autograd::detach(x)), {x}, [saved, right](const Tensor& g) {
      const Tensor d = right ? parity::cos(saved) : parity::negative(parity::cos(saved));
      return std::vector<Tensor>{parity::multiply(g, d)};
    })};
  };
}

TEST(TorchGrad, MathematicalDerivativesAgreeWithTorch) {
  SKIP_WITHOUT_TORCH();
  const Case c = case_of("sin", {asarray(std::vector<double>{0.5, -1.25, 2.0, 3.0})});
  GradCheck ok = check_gradient_torch(c, 7, sin_with(true));
  EXPECT_TRUE(ok.checked) << ok.detail;
  EXPECT_TRUE(ok.ok) << ok.detail;
  EXPECT_TRUE(ok.not_comparable.empty()) << ok.not_comparable;
  // A planted wrong derivative: torch disagrees, naming the input and the element.
  GradCheck bad = check_gradient_torch(c, 7, sin_with(false));
  EXPECT_TRUE(bad.checked);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.detail.find("d/d input 0"), std::string::npos) << bad.detail;
  EXPECT_NE(bad.detail.find("element 0"), std::string::npos) << bad.detail;
  EXPECT_NE(bad.detail.find("torch"), std::string::npos) << bad.detail;
}

// The complex convention. For L = Re(sum(conj(v) * a * b)), by hand: dL/dRe(a) + i dL/dIm(a) =
// v * conj(b) (PyTorch's convention, and the engine's). A derivative written in the other
// convention (v * b, the holomorphic derivative without the conjugate) must disagree with torch.
TEST(TorchGrad, ComplexConventionIsPyTorchs) {
  SKIP_WITHOUT_TORCH();
  const Tensor a = asarray(std::vector<cd>{{1.0, 2.0}, {-0.5, 0.25}, {3.0, -1.0}});
  const Tensor b = asarray(std::vector<cd>{{0.5, -1.5}, {2.0, 1.0}, {-1.0, 0.75}});
  const Case c = case_of("multiply", {a, b});
  // d(a*b) by hand, both inputs: v * conj(b) and v * conj(a), or without the conjugates.
  auto with = [](bool conjugate) {
    return GradFn([conjugate](const std::vector<Tensor>& xs) {
      const Tensor x = xs[0], y = xs[1], xd = autograd::detach(x), yd = autograd::detach(y);
      const Tensor da = conjugate ? parity::conj(yd) : yd, db = conjugate ? parity::conj(xd) : xd;
      return std::vector<Tensor>{autograd::record("hand_mul", parity::multiply(xd, yd), {x, y}, [da, db](const Tensor& g) {
        return std::vector<Tensor>{parity::multiply(g, da), parity::multiply(g, db)};
      })};
    });
  };
  GradCheck right = check_gradient_torch(c, 11, with(true));
  EXPECT_TRUE(right.checked) << right.detail;
  EXPECT_TRUE(right.ok) << right.detail;
  GradCheck wrong = check_gradient_torch(c, 11, with(false));
  EXPECT_TRUE(wrong.checked) << wrong.detail;
  EXPECT_FALSE(wrong.ok);
  EXPECT_NE(wrong.detail.find("d/d input 0 (complex128"), std::string::npos) << wrong.detail;
  // The engine's own multiply agrees with torch on both inputs.
  GradCheck engine = check_gradient_torch(c, 11);
  EXPECT_TRUE(engine.checked && engine.ok) << engine.detail;
}

// Ops where the engine and torch are both known right: every drawn case agrees (complex128
// included; abs is not holomorphic).
TEST(TorchGrad, KnownOpsAgree) {
  SKIP_WITHOUT_TORCH();
  GenConfig cfg;
  cfg.grad = true;
  cfg.against = "torch";
  CaseGen gen(cfg);
  for (const std::string op : {"sin", "multiply", "sum", "matmul", "abs"}) {
    int checked = 0;
    for (uint64_t i = 0; i < 40; ++i) {
      DrawnCase d = gen.draw(gen.id(op, 21, i));
      CaseResult r = run_grad_case(d);
      EXPECT_EQ(r.verdict.kind, Mismatch::none) << d.id.str() << ": " << r.verdict.detail;
      EXPECT_EQ(r.numpy.reference, "torch.autograd");
      EXPECT_EQ(r.reference, "torch");
      if (r.grad_checked) ++checked;
    }
    EXPECT_GT(checked, 20) << op;
  }
}

TEST(TorchGrad, PlantedWrongDerivativeIsAGradMismatchAndShrinks) {
  SKIP_WITHOUT_TORCH();
  GenConfig cfg;
  cfg.grad = true;
  cfg.against = "torch";
  CaseGen gen(cfg);
  auto fails = [](const DrawnCase& d) {
    GradCheck g = check_gradient_torch(d.c, grad_seed(d.id), sin_with(false));
    return g.checked && !g.ok;
  };
  std::optional<CaseId> failing;
  for (uint64_t i = 0; i < 50 && !failing; ++i) {
    DrawnCase d = gen.draw(gen.id("sin", 8, i));
    if (d.c.input.args[0].tensor().size() < 2) continue;
    EXPECT_TRUE(check_gradient_torch(d.c, grad_seed(d.id), sin_with(true)).ok) << d.id.str();
    if (fails(d)) failing = d.id;
  }
  ASSERT_TRUE(failing);
  CaseId minimal = shrink_with(gen, *failing, fails);
  EXPECT_EQ(minimal.against, "torch");
  EXPECT_EQ(gen.draw(minimal).c.input.args[0].tensor().size(), 1) << minimal.str();
}

// Torch lacking the op, torch's forward raising or differing, torch's backward raising: not
// comparable (a reason, neither ok nor a mismatch).
TEST(TorchGrad, NotComparableCases) {
  SKIP_WITHOUT_TORCH();
  const Tensor x = asarray(std::vector<double>{0.5, -1.25, 2.0});
  opinfo::OpInfo op = *opinfo::find_op("sin");
  Case c = case_of("sin", {x});
  c.op = &op;
  op.torch_missing = "planted";
  GradCheck g = check_gradient_torch(c, 1);
  EXPECT_FALSE(g.checked);
  EXPECT_NE(g.not_comparable.find("planted"), std::string::npos) << g.detail;

  op.torch_missing.clear();
  op.torch_ref = "lambda x: torch.no_such_function(x)";
  g = check_gradient_torch(c, 1);
  EXPECT_FALSE(g.checked);
  EXPECT_NE(g.not_comparable.find("forward"), std::string::npos) << g.detail;
  EXPECT_NE(g.detail.find("AttributeError"), std::string::npos) << g.detail;

  op.torch_ref = "lambda x: torch.cos(x)";  // another function
  g = check_gradient_torch(c, 1);
  EXPECT_FALSE(g.checked);
  EXPECT_NE(g.not_comparable.find("forward differs"), std::string::npos) << g.detail;

  oracle::exec(R"py(
import builtins, torch
class _RaisingBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.sin(x)
    @staticmethod
    def backward(ctx, g):
        raise RuntimeError('planted backward failure')
builtins._raising_backward = _RaisingBackward.apply
)py");
  op.torch_ref = "lambda x: _raising_backward(x)";
  g = check_gradient_torch(c, 1);
  EXPECT_FALSE(g.checked);
  EXPECT_NE(g.not_comparable.find("backward raised RuntimeError"), std::string::npos) << g.detail;
  EXPECT_NE(g.detail.find("planted backward failure"), std::string::npos) << g.detail;

  // Through the case result: not_comparable on the reference's outcome, verdict none.
  DrawnCase d;
  d.id = CaseId::parse("sin:1:1:g:vtorch");
  d.c = c;
  CaseResult r = run_grad_case(d);
  EXPECT_TRUE(r.numpy.not_comparable);
  EXPECT_EQ(r.not_comparable.rfind("torch: ", 0), 0u) << r.not_comparable;
  EXPECT_FALSE(r.grad_checked);
  EXPECT_EQ(r.verdict.kind, Mismatch::none);
  EXPECT_FALSE(r.mismatch());
}

TEST(TorchGrad, ReplayOfAVtorchIdRerunsIt) {
  SKIP_WITHOUT_TORCH();
  GenConfig cfg;
  cfg.grad = true;
  cfg.against = "torch";
  CaseGen gen(cfg);
  for (uint64_t i = 0; i < 20; ++i) {
    const CaseId id = gen.id("matmul", 2, i);
    if (!run_grad_case(gen.draw(id)).grad_checked) continue;
    CaseRecord r = replay(CaseId::parse(id.str()));
    EXPECT_EQ(r.id.against, "torch");
    EXPECT_EQ(r.kind, Mismatch::none) << r.detail;
    EXPECT_EQ(r.reference, "torch");
    EXPECT_NE(r.numpy.find("torch.autograd"), std::string::npos) << r.numpy;
    EXPECT_EQ(r.replay(), "parity replay " + id.str());
    return;
  }
  FAIL() << "no checkable matmul case";
}

// A campaign: no Python in this process before it (workers fork first), so torch's presence is
// told by the results. var's torch counterpart has another default (ddof) or keywords: not
// comparable, counted apart.
TEST(TorchGrad, CampaignAgainstTorch) {
  Options o;
  o.grad = true;
  o.gen.against = "torch";
  o.ops = {"sin", "multiply", "sum", "matmul", "var"};
  o.cases_per_op = 48;
  o.seed = 5;
  o.batch = 16;
  o.jobs = 2;
  std::vector<CaseRecord> findings;
  o.on_finding = [&](const CaseRecord& r) { findings.push_back(r); };
  Results r;
  try {  // asked in a forked child: this process does not start Python before forking workers
    r = run_campaign(o);
  } catch (const RuntimeError& e) {
    if (std::string(e.what()).find("torch is not installed") == std::string::npos) throw;
    std::printf("[torch-grad] not run: %s\n", e.what());
    GTEST_SKIP() << e.what();
  }
  EXPECT_TRUE(r.complete);
  EXPECT_TRUE(r.grad);
  EXPECT_EQ(r.against, "torch");
  std::map<std::string, uint64_t> cases, checked, not_comparable;
  for (const auto& [k, s] : r.stats) {
    EXPECT_EQ(k.against, "torch") << k.op;
    cases[k.op] += s.cases + s.not_comparable;
    checked[k.op] += s.grad_checked;
    not_comparable[k.op] += s.not_comparable;
    EXPECT_TRUE(s.mismatches.empty()) << k.op << " " << name(k.dtype);
    EXPECT_EQ(s.cases, s.matches) << k.op;  // not comparable cases are counted apart
  }
  for (const std::string op : {"sin", "multiply", "sum", "matmul", "var"}) EXPECT_EQ(cases[op], 48u) << op;
  for (const std::string op : {"sin", "multiply", "sum", "matmul"}) EXPECT_GT(checked[op], 24u) << op;
  // Only sin is always comparable: torch.multiply(2.5, x) refuses a Python scalar first, torch.sum
  // reads axis=() as every axis, so those forwards differ.
  EXPECT_EQ(not_comparable["sin"], 0u);
  EXPECT_GT(not_comparable["var"], 0u);
  EXPECT_TRUE(findings.empty()) << findings.front().id.str() << ": " << findings.front().detail;
}

}  // namespace
}  // namespace parity::fuzz

// Issue 27, parts 2 and 3: the differences between libraries that compare() does not see (error
// classes, views against copies, the sign of zero, warnings), same-name mode (torch.<NumPy's
// name>), and the inputs drawn only when a library is the subject. Expected values are NumPy's
// and PyTorch's documented behaviour (stated at each test), never a run's output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <limits>

#include "parity/case_builders.h"
#include "parity/executors.h"
#include "parity/fuzzer.h"
#include "parity/ops.h"
#include "parity/report.h"

using namespace parity;
using namespace parity::fuzz;

namespace {

using namespace parity::testing;

Tensor f64(std::vector<double> v) { return asarray(v); }

Mismatch kind_of(const Case& c, const Outcome& torch, const Outcome& numpy, const std::string& subject = "torch") {
  return compare_pair(c, torch, numpy, subject, "numpy").verdict.kind;
}

// ---- classification of agreeing results ----

TEST(QuietKinds, SignedZero) {
  Case c = case_of("negative", {f64({0.0, 1.0})});
  EXPECT_EQ(kind_of(c, values({f64({0.0, -1.0})}), values({f64({-0.0, -1.0})})), Mismatch::signed_zero);
  EXPECT_EQ(kind_of(c, values({f64({-0.0, -1.0})}), values({f64({-0.0, -1.0})})), Mismatch::none);
  // The engine against NumPy keeps compare()'s kinds: +0.0 equals -0.0 there.
  EXPECT_EQ(kind_of(c, values({f64({0.0, -1.0})}), values({f64({-0.0, -1.0})}), "engine"), Mismatch::none);
  // A value difference stays one: the sign of zero is only looked at where the values agree.
  EXPECT_EQ(kind_of(c, values({f64({0.0, -2.0})}), values({f64({-0.0, -1.0})})), Mismatch::value);
}

TEST(QuietKinds, Warning) {
  // np.log(-1.0) is nan with a RuntimeWarning (invalid value); torch.log(-1.0) is nan, silently.
  Case c = case_of("log", {f64({-1.0})});
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Outcome numpy = values({f64({nan})}), torch = values({f64({nan})});
  numpy.warnings = {"RuntimeWarning"};
  CaseResult r = compare_pair(c, torch, numpy, "torch", "numpy");
  EXPECT_EQ(r.verdict.kind, Mismatch::warning);
  EXPECT_NE(r.verdict.detail.find("RuntimeWarning"), std::string::npos) << r.verdict.detail;
  torch.warnings = {"RuntimeWarning", "RuntimeWarning"};  // the categories, not how many times
  EXPECT_EQ(kind_of(c, torch, numpy), Mismatch::none);
  torch.warnings = {"UserWarning"};
  EXPECT_EQ(kind_of(c, torch, numpy), Mismatch::warning);
}

TEST(QuietKinds, Aliasing) {
  Case c = case_of("flip", {f64({1.0, 2.0})});
  Outcome view = values({f64({2.0, 1.0})}), copy = values({f64({2.0, 1.0})});
  view.aliases_input = true;
  CaseResult r = compare_pair(c, copy, view, "torch", "numpy");
  EXPECT_EQ(r.verdict.kind, Mismatch::aliasing);
  EXPECT_NE(r.verdict.detail.find("NumPy's result shares memory"), std::string::npos) << r.verdict.detail;
  EXPECT_EQ(kind_of(c, view, view), Mismatch::none);
}

TEST(QuietKinds, ErrorClassWhenNoCommonClassBelowException) {
  Case c = case_of("bitwise_and", {f64({1.0}), f64({1.0})});
  // Both map to TypeError through the error table, but torch's own class is a RuntimeError.
  Outcome torch = raised("TypeError", {"NotImplementedError", "RuntimeError", "Exception", "BaseException", "object"});
  Outcome numpy = raised("TypeError", {"_UFuncNoLoopError", "UFuncTypeError", "TypeError", "Exception", "BaseException",
                                       "object"});
  EXPECT_EQ(kind_of(c, torch, numpy), Mismatch::error_class);
  // IndexError against AxisError (a ValueError and an IndexError): `except IndexError` catches both.
  Outcome idx = raised("AxisError", {"IndexError", "LookupError", "Exception", "BaseException", "object"});
  Outcome axis = raised("AxisError", {"AxisError", "ValueError", "IndexError", "LookupError", "Exception",
                                      "BaseException", "object"});
  EXPECT_EQ(kind_of(c, idx, axis), Mismatch::none);
  // Mapped classes that differ stay an error difference.
  EXPECT_EQ(kind_of(c, raised("ValueError", {"ValueError", "Exception"}), numpy), Mismatch::error);
}

// ---- the libraries themselves ----

bool have(const std::string& lib) {
  std::string why;
  if (library_available(lib, &why)) return true;
  std::printf("[  NOTE    ] %s is not importable (%s): this test did not run\n", lib.c_str(), why.c_str());
  return false;
}

CaseResult run_one(const Case& c, const std::string& subject) {
  EngineExecutor engine;
  return run_cases({&c}, engine, Pairing::make(subject, "numpy", false))[0];
}

TEST(LibraryKinds, TorchAgainstNumpy) {
  if (!have("torch")) GTEST_SKIP() << "torch is not importable";
  // np.log(-1.0) warns (RuntimeWarning: invalid value); torch.log is silent; both give nan.
  CaseResult w = run_one(case_of("log", {f64({-1.0})}), "torch");
  EXPECT_EQ(w.verdict.kind, Mismatch::warning) << w.verdict.detail;
  EXPECT_EQ(w.numpy.warnings, std::vector<std::string>{"RuntimeWarning"});
  EXPECT_TRUE(w.engine.warnings.empty());
  // np.flip returns a view; torch.flip copies (its documentation says so).
  CaseResult a = run_one(case_of("flip", {f64({1.0, 2.0, 3.0})}, {{"axis", std::vector<int64_t>{0}}}), "torch");
  EXPECT_EQ(a.verdict.kind, Mismatch::aliasing) << a.verdict.detail;
  EXPECT_TRUE(a.numpy.aliases_input);
  EXPECT_FALSE(a.engine.aliases_input);
  // ascontiguousarray of a reversed array: NumPy copies it, and so does the conversion to torch
  // (no negative strides there), whose x.contiguous() then returns that copy: no input of the
  // caller's is shared on either side.
  CaseResult f = run_one(case_of("ascontiguousarray", {f64({1.0, 2.0, 3.0}).flip()}), "torch");
  EXPECT_EQ(f.verdict.kind, Mismatch::none) << f.verdict.detail;
  EXPECT_FALSE(f.engine.aliases_input);
  // A contiguous input: both return it as it is (NumPy the array itself, torch the tensor).
  CaseResult g = run_one(case_of("ascontiguousarray", {f64({1.0, 2.0, 3.0})}), "torch");
  EXPECT_EQ(g.verdict.kind, Mismatch::none) << g.verdict.detail;
  EXPECT_TRUE(g.engine.aliases_input && g.numpy.aliases_input);
  // bitwise_and of floats: NumPy's TypeError (no loop), torch's NotImplementedError (a RuntimeError).
  CaseResult e = run_one(case_of("bitwise_and", {f64({1.0}), f64({1.0})}), "torch");
  EXPECT_EQ(e.verdict.kind, Mismatch::error_class) << e.verdict.detail;
  ASSERT_FALSE(e.numpy.native_error_mro.empty());
  EXPECT_NE(std::find(e.numpy.native_error_mro.begin(), e.numpy.native_error_mro.end(), "TypeError"),
            e.numpy.native_error_mro.end());
  // uint8 + 2**63: NEP 50, NumPy raises OverflowError (the Python int does not fit uint8).
  Case big = case_of("add", {asarray(std::vector<uint8_t>{1, 2}), ArrayLike(Scalar(uint64_t{1} << 63))});
  CaseResult b = run_one(big, "torch");
  EXPECT_TRUE(b.numpy.raised("OverflowError")) << b.numpy.error_class;
  EXPECT_NE(b.verdict.kind, Mismatch::none);
  // Plain sin agrees in everything.
  EXPECT_EQ(run_one(case_of("sin", {f64({0.5, 1.0})}), "torch").verdict.kind, Mismatch::none);
}

// ---- same-name mode ----

TEST(SameName, TorchOfTheSameNameIsCalledWithNumpysArguments) {
  if (!have("torch")) GTEST_SKIP() << "torch is not importable";
  // np.std of [1, 2, 3] is sqrt(2/3) (ddof=0); torch.std is 1.0 (correction=1 by default).
  CaseResult s = run_one(case_of("std", {f64({1.0, 2.0, 3.0})}), "torch-same-name");
  EXPECT_EQ(s.subject, "torch-same-name");
  EXPECT_EQ(s.verdict.kind, Mismatch::value) << s.verdict.detail;
  ASSERT_EQ(s.engine.values.size(), 1u);
  EXPECT_DOUBLE_EQ(s.engine.values[0].astype(DType::Float64).item_scalar().c.real(), 1.0);
  // torch has no function repeat: Tensor.repeat is called, which takes no repeats= keyword (it
  // tiles, given sizes); np.repeat(x, repeats=2) doubles each element. The equivalent mapping
  // (repeat_interleave) agrees with NumPy.
  Case rep = case_of("repeat", {f64({1.0, 2.0})}, {{"repeats", int64_t{2}}});
  CaseResult r = run_one(rep, "torch-same-name");
  EXPECT_NE(r.verdict.kind, Mismatch::none) << r.verdict.detail;
  EXPECT_TRUE(r.not_comparable.empty()) << r.not_comparable;
  EXPECT_EQ(run_one(rep, "torch").verdict.kind, Mismatch::none);
  EXPECT_NE(library_snippet("torch-same-name", rep).find("a0.repeat(repeats=2)"), std::string::npos)
      << library_snippet("torch-same-name", rep);
  // np.sum of uint8 is uint64; torch.sum of uint8 is int64: a dtype difference.
  CaseResult u = run_one(case_of("sum", {asarray(std::vector<uint8_t>{200, 100})}), "torch-same-name");
  EXPECT_EQ(u.verdict.kind, Mismatch::dtype) << u.verdict.detail;
}

TEST(SameName, IdsAndCampaignLabelTheMode) {
  CaseId id = CaseId::parse("std:1:7:torch-same-name:s0");
  EXPECT_EQ(id.subject, "torch-same-name");
  EXPECT_EQ(id.str(), "std:1:7:torch-same-name:s0");
  if (!have("torch")) GTEST_SKIP() << "torch is not importable";
  Options o;
  o.ops = {"std"};
  o.dtypes = {DType::Float64};
  o.cases_per_op = 20;
  o.seed = 3;
  o.isolate = false;
  o.gen.subject = "torch-same-name";
  Results r = run_campaign(o);
  EXPECT_EQ(r.subject, "torch-same-name");
  uint64_t value = 0;
  for (const auto& [k, s] : r.stats) {
    EXPECT_EQ(k.subject, "torch-same-name");
    if (auto it = s.mismatches.find(Mismatch::value); it != s.mismatches.end()) value += it->second;
  }
  EXPECT_GT(value, 0u);  // torch.std's correction=1 against NumPy's ddof=0
  Results back = results_from_json(results_to_json(r));
  EXPECT_EQ(back.subject, "torch-same-name");
}

// ---- inputs drawn for library subjects only ----

struct Drawn {
  int big_ints = 0, unclaimed = 0, long_reductions = 0, int_conditions = 0;
};
Drawn draw_many(const std::string& subject) {
  GenConfig g;
  g.subject = subject;
  CaseGen gen(g);
  Drawn n;
  // bitwise_and claims bool and the integers only: its unclaimed draws are floats and complexes.
  for (const char* op : {"add", "sum", "where", "bitwise_and"}) {
    const opinfo::OpInfo& info = *opinfo::find_op(op);
    for (uint64_t i = 0; i < 400; ++i) {
      const DrawnCase d = gen.draw(gen.id(op, 1, i));
      if (!info.claims(d.dtype)) ++n.unclaimed;
      EXPECT_EQ(gen.dtype_of(info, 1, i), d.dtype);  // reports key rows by dtype_of
      for (const auto& a : d.c.input.args) {
        if (!a.is_tensor() && a.scalar().big_uint) ++n.big_ints;
        if (a.is_tensor() && a.tensor().size() > 256) ++n.long_reductions;
      }
      const ArrayLike& cond = d.c.input.args[0];
      if (std::string(op) == "where" && cond.is_tensor() && is_integer(cond.tensor().dtype())) ++n.int_conditions;
    }
  }
  return n;
}

TEST(LibraryInputs, DrawnForLibrarySubjectsOnly) {
  const Drawn eng = draw_many("");
  EXPECT_EQ(eng.big_ints, 0);
  EXPECT_EQ(eng.unclaimed, 0);
  EXPECT_EQ(eng.long_reductions, 0);
  const Drawn lib = draw_many("torch");
  EXPECT_GT(lib.big_ints, 0);
  EXPECT_GT(lib.unclaimed, 5);  // about 1 in 20 of bitwise_and's 400 (the others claim every dtype)
  EXPECT_LT(lib.unclaimed, 60);
  EXPECT_GT(lib.long_reductions, 0);
  EXPECT_GT(lib.int_conditions, eng.int_conditions);
  // The engine's campaigns draw as before: the same case for plain, three-way and --against torch.
  GenConfig plain, three, vtorch;
  three.three_way = true;
  vtorch.against = "torch";
  for (uint64_t i = 0; i < 50; ++i) {
    const std::string a = describe(CaseGen(plain).draw(CaseGen(plain).id("add", 2, i)).c, 64);
    EXPECT_EQ(a, describe(CaseGen(three).draw(CaseGen(three).id("add", 2, i)).c, 64));
    EXPECT_EQ(a, describe(CaseGen(vtorch).draw(CaseGen(vtorch).id("add", 2, i)).c, 64));
  }
}

}  // namespace

// Tests of the fuzzer core: ids, deterministic drawing, shrinking, replay, campaigns, crashes.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <set>
#include <unistd.h>

#include "parity/device.h"
#include "parity/fuzzer.h"
#include "parity/ops.h"
#include "parity/opinfo.h"
#include "results_compare.h"

namespace parity::fuzz {
namespace {

std::string bytes_of(const Tensor& t) {
  Tensor c = t.contiguous();
  return std::string(static_cast<const char*>(c.data_ptr()), static_cast<size_t>(c.nbytes())) +
         shape_str(t.strides()) + std::to_string(t.offset());
}
std::string fingerprint(const DrawnCase& d) {
  std::string s = describe(d.c, 1000) + d.layout + to_string(d.c.variant) + name(d.dtype);
  for (const auto& a : d.c.input.args) s += a.is_tensor() ? bytes_of(a.tensor()) : a.scalar().repr();
  if (d.c.out.defined()) s += bytes_of(d.c.out);
  return s;
}

TEST(FuzzCaseId, RoundTrip) {
  for (const std::string s : {"sin:42:1337", "sin:42:1337:s3.0.1", "add:0:0", "sum:18446744073709551615:7:s0"}) {
    EXPECT_EQ(CaseId::parse(s).str(), s);
  }
  CaseId id{"multiply", 5, 9, {1, 2, 3}};
  CaseId back = CaseId::parse(id.str());
  EXPECT_EQ(back.op, "multiply");
  EXPECT_EQ(back.seed, 5u);
  EXPECT_EQ(back.index, 9u);
  EXPECT_EQ(back.shrink_path, (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_THROW(CaseId::parse("nonsense"), ValueError);
}

TEST(FuzzCaseGen, SameIdSameCase) {
  CaseGen g1, g2;
  for (const std::string op : {"add", "sin", "sum", "matmul", "reshape", "where", "clip", "take", "var", "round"}) {
    if (!opinfo::find_op(op)) continue;
    for (uint64_t i = 0; i < 40; ++i) {
      CaseId id{op, 7, i, {}};
      DrawnCase a = g1.draw(id), b = g2.draw(id);
      EXPECT_EQ(fingerprint(a), fingerprint(b)) << id.str();
      EXPECT_EQ(g1.dtype_of(*opinfo::find_op(op), 7, i), a.dtype);
    }
  }
}

TEST(FuzzCaseGen, Coverage) {
  CaseGen g;
  std::set<size_t> ranks;
  int zero_size = 0, noncontig = 0, bcast = 0, scalars = 0, nan = 0, variants = 0, incompatible = 0;
  std::set<DType> dtypes;
  for (uint64_t i = 0; i < 3000; ++i) {
    DrawnCase d = g.draw(CaseId{"add", 1, i, {}});
    dtypes.insert(d.dtype);
    if (d.c.variant != Variant::function) ++variants;
    if (d.c.input.note == "incompatible shapes") ++incompatible;
    for (const auto& a : d.c.input.args) {
      if (!a.is_tensor()) { ++scalars; continue; }
      const Tensor& t = a.tensor();
      EXPECT_LE(t.size(), d.c.input.note == "incompatible shapes" ? 96 : 64) << describe(d.c, 0);
      ranks.insert(t.shape().size());
      if (t.size() == 0) ++zero_size;
      if (!t.is_contiguous()) ++noncontig;
      for (auto s : t.strides()) if (s == 0) { ++bcast; break; }
      if (is_floating(t.dtype()))
        for (double v : t.to_double_vector()) if (std::isnan(v)) { ++nan; break; }
    }
  }
  EXPECT_EQ(ranks.size(), 7u);
  EXPECT_GT(zero_size, 20);
  EXPECT_GT(noncontig, 500);
  EXPECT_GT(bcast, 50);
  EXPECT_GT(scalars, 100);
  EXPECT_GT(nan, 50);
  EXPECT_GT(variants, 500);
  EXPECT_GT(incompatible, 20);
  EXPECT_EQ(dtypes.size(), opinfo::find_op("add")->dtypes_cpu.size());
}

// A planted failure: "some float argument holds a NaN and has at least 2 dimensions".
bool planted(const DrawnCase& d) {
  for (const auto& a : d.c.input.args) {
    if (!a.is_tensor() || !is_floating(a.tensor().dtype()) || a.tensor().ndim() < 2) continue;
    for (double v : a.tensor().to_double_vector())
      if (std::isnan(v)) return true;
  }
  return false;
}

TEST(FuzzShrink, PlantedPredicateShrinksToMinimal) {
  CaseGen g;
  int shrunk = 0;
  for (uint64_t i = 0; i < 4000 && shrunk < 3; ++i) {
    CaseId id{"add", 3, i, {}};
    DrawnCase d = g.draw(id);
    if (!planted(d)) continue;
    CaseId m = shrink_with(g, id, planted);
    DrawnCase s = g.draw(m);  // replay of the shrunk id
    ASSERT_TRUE(planted(s)) << m.str();
    EXPECT_FALSE(m.shrink_path.empty());
    EXPECT_EQ(s.c.variant, Variant::function);
    // Minimal: the NaN argument is (1, 1), contiguous, and every other tensor is as small as it can be.
    for (const auto& a : s.c.input.args) {
      if (!a.is_tensor()) continue;
      const Tensor& t = a.tensor();
      if (is_floating(t.dtype()) && t.ndim() >= 2 && t.size() > 0 && std::isnan(t.to_double_vector()[0])) {
        EXPECT_EQ(t.shape(), (Shape{1, 1})) << describe(s.c);
        EXPECT_TRUE(t.is_contiguous());
      } else {
        EXPECT_LE(t.size(), 1) << describe(s.c);
      }
    }
    EXPECT_EQ(fingerprint(g.draw(m)), fingerprint(s));
    ++shrunk;
  }
  EXPECT_EQ(shrunk, 3);
}

TEST(FuzzRun, ElementwiseCasesMatchNumpy) {
  CaseGen g;
  NumpyExecutor np;
  EngineExecutor eng;
  int match = 0, n = 0;
  std::vector<DrawnCase> cases;
  for (uint64_t i = 0; i < 300; ++i) {
    DrawnCase d = g.draw(CaseId{"sin", 11, i, {}});
    CaseResult r = run_case(d.c, np, eng);
    ++n;
    if (r.verdict.match()) ++match;
    cases.push_back(std::move(d));
  }
  EXPECT_GT(match, n * 8 / 10);
  // The batched path gives the same verdicts.
  std::vector<const Case*> ptrs;
  for (auto& d : cases) ptrs.push_back(&d.c);
  std::vector<CaseResult> batch = run_cases(ptrs, eng);
  for (size_t i = 0; i < cases.size(); ++i) {
    CaseResult one = run_case(cases[i].c, np, eng);
    EXPECT_EQ(one.verdict.kind, batch[i].verdict.kind) << describe(cases[i].c) << one.verdict.detail << " / " << batch[i].verdict.detail;
    EXPECT_EQ(one.numpy.error_class, batch[i].numpy.error_class);
  }
}

TEST(FuzzReplay, RecordAndSnippet) {
  CaseRecord r = replay(CaseId::parse("add:5:17"));
  EXPECT_EQ(r.op, "add");
  EXPECT_NE(r.inputs.find("arg0"), std::string::npos);
  EXPECT_NE(r.python.find("np.array("), std::string::npos);
  EXPECT_NE(r.python.find("np.add("), std::string::npos);
  EXPECT_EQ(r.replay(), "parity replay add:5:17");
}

Results campaign(bool isolate, int jobs) {
  Options o;
  o.ops = {"add", "sin", "sum"};
  o.cases_per_op = 600;
  o.seed = 99;
  o.jobs = jobs;
  o.isolate = isolate;
  o.batch = 128;
  return run_campaign(o);
}


TEST(FuzzCampaign, DeterministicAcrossRunsAndJobs) {
  Results a = campaign(true, 2), b = campaign(true, 1);
  uint64_t total = 0;
  for (const auto& [k, s] : a.stats) total += s.cases;
  EXPECT_EQ(total, 1800u);
  EXPECT_TRUE(a.complete);
  EXPECT_FALSE(a.numpy_version.empty());
  expect_same_results(a, b);
}

TEST(FuzzCampaign, ShardsPartitionTheCampaign) {
  Options o;
  o.ops = {"multiply"};
  o.cases_per_op = 200;
  o.seed = 4;
  o.isolate = false;
  Results whole = run_campaign(o);
  o.cases_per_op = 100;
  o.shard_count = 2;
  o.shard_index = 0;
  Results s0 = run_campaign(o);
  o.shard_index = 1;
  Results s1 = run_campaign(o);
  s0.merge(s1);
  expect_same_results(whole, s0);
}

TEST(FuzzCampaign, AcceptedCasesKeepTheirDeclarationAndAReplayableExample) {
  // bfloat16 add with a Python float is a declared discrepancy (NEP 50 vs ml_dtypes' promotion).
  Options o;
  o.ops = {"add"};
  o.dtypes = {DType::BFloat16};
  o.cases_per_op = 400;
  o.seed = 11;
  o.jobs = 1;  // through a worker process: the declaration crosses the pipe
  Results r = run_campaign(o);
  const Stats& s = r.stats.at(StatsKey{"add", DType::BFloat16, Device::cpu});
  ASSERT_GT(s.accepted, 0u);
  uint64_t by_decl = 0;
  for (const auto& [decl, a] : s.accepted_by) {
    by_decl += a.cases;
    EXPECT_FALSE(decl.empty());
    ASSERT_FALSE(a.example.empty()) << decl;
    CaseRecord again = replay(CaseId::parse(a.example));  // the example is accepted by that declaration
    EXPECT_NE(again.kind, Mismatch::none) << a.example;
    EXPECT_EQ(again.accepted, decl) << a.example;
  }
  EXPECT_EQ(by_decl, s.accepted);
  EXPECT_FALSE(r.environment.date.empty());
  EXPECT_EQ(r.environment.threads, 1);
}

uint64_t input_size_of(const CaseRecord& r) {
  uint64_t n = 0;
  DrawnCase d = CaseGen().draw(r.id);
  for (const auto& a : d.c.input.args) n += a.is_tensor() ? a.tensor().size() : 1;
  return n;
}

// The cases the crash and hang tests' hooks pick: positive on a 7-element tensor.
bool positive_of_7(const Case& c) {
  return c.op->name == "positive" && !c.input.args.empty() && c.input.args[0].is_tensor() &&
         c.input.args[0].tensor().size() == 7;
}

// 300 cases of positive on 2 workers, in units of `batch`, with the findings kept.
Options positive_campaign(uint64_t batch, std::vector<CaseRecord>& findings) {
  Options o;
  o.ops = {"positive"};
  o.cases_per_op = 300;
  o.seed = 1;
  o.jobs = 2;
  o.batch = batch;
  o.on_finding = [&findings](const CaseRecord& r) { findings.push_back(r); };
  return o;
}

TEST(FuzzCampaign, CrashIsAFindingAndTheCampaignContinues) {
  // A worker-side hook that aborts on some cases (as a segfaulting kernel would).
  g_before_engine_hook = [](const Case& c) {
    if (positive_of_7(c))
      std::abort();
  };
  std::vector<CaseRecord> findings;
  Options o = positive_campaign(64, findings);
  Results r = run_campaign(o);
  uint64_t cases = 0, crashes = 0;
  for (const auto& [k, s] : r.stats) {
    cases += s.cases;
    auto it = s.mismatches.find(Mismatch::crash);
    if (it != s.mismatches.end()) {
      crashes += it->second;
      const CaseRecord& m = s.minimal.at(Mismatch::crash);
      EXPECT_NE(m.detail.find("signal"), std::string::npos) << m.detail;
      EXPECT_NE(m.inputs.find("arg0"), std::string::npos) << m.inputs;
      // Shrunk to the smallest case that still crashes: 7 elements (the hook's condition), replayable.
      EXPECT_EQ(input_size_of(m), 7u) << m.inputs;
      CaseRecord again = replay(m.id);
      EXPECT_EQ(again.kind, Mismatch::crash);
      EXPECT_EQ(again.inputs, m.inputs);
    }
  }
  g_before_engine_hook = nullptr;
  EXPECT_EQ(cases, 300u);
  EXPECT_GT(crashes, 0u);
  EXPECT_EQ(findings.size(), crashes);
  for (const auto& f : findings) EXPECT_EQ(f.kind, Mismatch::crash);
}

TEST(FuzzCampaign, ACrashInNumpysBatchIsBisectedToItsCase) {
  // NumPy runs a unit's cases in one call: the worker cannot say which one took it down, so the
  // unit is halved until the case is alone, and that case (not its unit's first) is the finding.
  g_before_library_hook = [](const Case& c) {
    if (positive_of_7(c))
      std::abort();
  };
  std::vector<CaseRecord> findings;
  Options o = positive_campaign(64, findings);
  Results r = run_campaign(o);
  g_before_library_hook = nullptr;
  uint64_t cases = 0;
  for (const auto& [k, s] : r.stats) cases += s.cases;
  EXPECT_EQ(cases, 300u);
  ASSERT_GT(findings.size(), 0u);
  for (const auto& f : findings) {
    EXPECT_EQ(f.kind, Mismatch::crash);
    EXPECT_EQ(input_size_of(f), 7u) << f.inputs;
    EXPECT_NE(f.detail.find("in a library call on this case alone (numpy)"), std::string::npos) << f.detail;
    EXPECT_EQ(f.detail.find("engine"), std::string::npos) << "NumPy died, not the engine: " << f.detail;
  }
}

TEST(FuzzCampaign, ALibraryThatNeverReturnsIsAFindingAndItsRowStops) {
  if (!probe_libraries({"torch"})["torch"].available) GTEST_SKIP() << "torch is not importable";
  // torch checked against NumPy, case by case: a call that hangs (as jnp.gcd does on a signed
  // minimum) is killed after library_timeout_s, recorded on its case, and the row draws no more.
  g_before_library_hook = [](const Case& c) {
    if (positive_of_7(c))
      for (;;) pause();
  };
  std::vector<CaseRecord> findings;
  Options o = positive_campaign(32, findings);
  o.dtypes = {DType::Float64};
  o.gen.subject = "torch";
  o.library_timeout_s = 5;  // torch is imported before the clock starts; a loaded machine is slow
  Results r = run_campaign(o);
  g_before_library_hook = nullptr;
  uint64_t cases = 0;
  for (const auto& [k, s] : r.stats) cases += s.cases;
  EXPECT_TRUE(r.complete);
  EXPECT_LT(cases, 300u) << "the row went on after its hang";
  // torch's positive also returns a view where NumPy copies: those findings are not the hang's.
  std::erase_if(findings, [](const CaseRecord& f) { return f.kind != Mismatch::crash; });
  ASSERT_GT(findings.size(), 0u);
  EXPECT_LE(findings.size(), 2u) << "at most one hang per worker in flight";
  for (const auto& f : findings) {
    EXPECT_EQ(f.subject, "torch");
    EXPECT_EQ(input_size_of(f), 7u) << f.inputs;
    EXPECT_NE(f.detail.find("did not return within 5 s in a library call on this case alone (torch or numpy)"),
              std::string::npos) << f.detail;
    EXPECT_NE(f.detail.find("later positive float64 cases were not drawn"), std::string::npos) << f.detail;
  }
}

TEST(FuzzThroughput, ElementwiseFloat32) {
  for (const std::string op : {"add", "sin", "multiply"}) {
    Options o;
    o.ops = {op};
    o.dtypes = {DType::Float32};
    o.cases_per_op = 20000;
    o.isolate = false;
    o.shrink = false;
    auto t0 = std::chrono::steady_clock::now();
    Results r = run_campaign(o);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t n = 0;
    for (const auto& [k, st] : r.stats) n += st.cases;
    std::printf("[throughput] %s float32: %llu cases in %.2f s = %.0f cases/s (one process)\n", op.c_str(),
                static_cast<unsigned long long>(n), s, n / s);
  }
}

}  // namespace
}  // namespace parity::fuzz

namespace parity::fuzz {
namespace {

// Issue 13: a GPU campaign draws only from dtypes_cuda; its ids carry the device; without a GPU
// the engine's outcome of a GPU case is a clear error, never a silent host run.
TEST(FuzzDevice, GpuCasesDrawFromTheCudaClaimsAndCarryTheDevice) {
  GenConfig cfg;
  cfg.device = Device::cuda;
  CaseGen g(cfg);
  const opinfo::OpInfo& sin_op = *opinfo::find_op("sin");
  CaseId id = g.id("sin", 3, 5);
  EXPECT_EQ(id.device, Device::cuda);
  EXPECT_EQ(id.str(), "sin:3:5:cuda");
  if (sin_op.dtypes_cuda.empty()) {
    EXPECT_FALSE(g.dtype_of(sin_op, 3, 5).has_value());
    EXPECT_THROW(g.draw(id), ValueError);
  } else {
    for (uint64_t i = 0; i < 50; ++i) {
      DrawnCase d = g.draw(g.id("sin", 3, i));
      EXPECT_TRUE(sin_op.claims(d.dtype, Device::cuda)) << name(d.dtype);
      EXPECT_EQ(d.c.device, Device::cuda);
    }
  }
  // A CPU case drawn, then run with Case::device set to a GPU.
  DrawnCase d = CaseGen().draw(CaseId{"sin", 3, 5, {}});
  EXPECT_EQ(d.c.device, Device::cpu);
  d.c.device = Device::cuda;
  EngineExecutor eng;
  if (cuda_device_count() == 0) {
    Outcome o = eng.run(d.c);
    ASSERT_TRUE(o.error);
    EXPECT_FALSE(o.crashed);
    EXPECT_EQ(o.error_class, "RuntimeError");
    EXPECT_NE(o.error_message.find(built_with_cuda() ? "no CUDA device" : "built without CUDA"), std::string::npos)
        << o.error_message;
  }
}

TEST(FuzzDevice, CampaignOptionsAreChecked) {
  Options o;
  o.ops = {"sin"};
  o.cases_per_op = 2;
  o.isolate = false;
  o.gen.against = "cpu";  // needs a GPU case
  EXPECT_THROW(run_campaign(o), ValueError);
  o.gen.against = "";
  o.gen.device = Device::cuda;
  o.grad = true;  // gradient campaigns are CPU-only
  EXPECT_THROW(run_campaign(o), ValueError);
}

// compare_devices: the GPU against the engine's CPU result, any difference of kind device.
TEST(FuzzDevice, CompareDevicesNamesBothDevices) {
  Outcome cpu, gpu;
  cpu.values = {asarray(std::vector<float>{1.0f, 2.0f})};
  gpu.values = {asarray(std::vector<float>{1.0f, 2.5f})};
  Verdict v = compare_devices(gpu, cpu, Tolerance{1e-6, 0}, Device::cuda);
  EXPECT_EQ(v.kind, Mismatch::device);
  EXPECT_NE(v.detail.find("value differs between cuda:0 and cpu"), std::string::npos) << v.detail;
  EXPECT_EQ(v.detail.find("NumPy"), std::string::npos) << v.detail;
  EXPECT_TRUE(compare_devices(cpu, cpu, Tolerance{}, Device::cuda).match());
  gpu.values.clear();
  gpu.error = true;
  gpu.error_class = "NotImplementedError";
  gpu.error_mro = {"NotImplementedError", "RuntimeError", "Exception"};
  gpu.error_message = "[sin] no CUDA kernel";
  v = compare_devices(gpu, cpu, Tolerance{}, Device::cuda);
  EXPECT_EQ(v.kind, Mismatch::device);
  EXPECT_NE(v.detail.find("error differs"), std::string::npos) << v.detail;
  gpu.crashed = true;
  EXPECT_EQ(compare_devices(gpu, cpu, Tolerance{}, Device::cuda).kind, Mismatch::crash);
}

}  // namespace
}  // namespace parity::fuzz

// PyTorch and JAX as executors (issue 14): results, error classes, not-comparable cases, batches,
// dtype round trips and snippets. Expected values are mathematics or documented facts of the
// libraries (stated at each test), never the engine's output. Tests that need torch or jax skip
// when it cannot be imported, and main() ends with one line saying how many did not run and why.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

#include "parity/case_builders.h"
#include "parity/executors.h"
#include "parity/library_executors.h"
#include "parity/opinfo.h"
#include "parity/ops.h"
#include "parity/oracle.h"



namespace parity {
namespace {

using namespace parity::testing;

std::map<std::string, int>& skipped() {  // library -> tests not run
  static std::map<std::string, int> m;
  return m;
}
std::map<std::string, std::string>& skip_reason() {
  static std::map<std::string, std::string> m;
  return m;
}

bool have(const std::string& lib) {
  std::string why;
  if (library_available(lib, &why)) return true;
  skipped()[lib]++;
  skip_reason()[lib] = lib + " not installed";
  return false;
}
#define REQUIRE_LIB(lib) \
  if (!have(lib)) GTEST_SKIP() << lib << " cannot be imported"



bool has_class(const Outcome& o, const std::string& cls) {
  for (const auto& k : o.error_mro)
    if (k == cls) return true;
  return false;
}

// ---- PyTorch ----

TEST(Torch, ReciprocalOfIntegersIsFloat) {
  REQUIRE_LIB("torch");
  // The talk's example: torch.reciprocal always returns a floating tensor (its docs: "Unlike
  // NumPy's reciprocal, torch.reciprocal supports integral inputs ... promoted to the default
  // scalar type"), so int32 [1, 2, 3] gives float32 [1, 1/2, 1/3].
  auto ex = make_executor("torch");
  Outcome o = ex->run(case_of("reciprocal", {asarray(std::vector<int64_t>{1, 2, 3}, DType::Int32)}));
  ASSERT_FALSE(o.error) << o.error_message;
  ASSERT_EQ(o.values.size(), 1u);
  EXPECT_EQ(o.values[0].dtype(), DType::Float32);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{1.0, 0.5, static_cast<double>(1.0f / 3.0f)}));
  EXPECT_EQ(o.reference.rfind("torch ", 0), 0u) << o.reference;
}

// (1+2j)(3+4j) + (2-1j)(1+1j) = (-5+10j) + (3+1j) = -2+11j. torch.dot computes sum(a*b) without
// conjugating; resolved against the system OpenBLAS's zdotu it returned 0 (oracle::import_torch).
TEST(Torch, ComplexDotUsesTorchsOwnBlas) {
  REQUIRE_LIB("torch");
  Tensor a = asarray(std::vector<std::complex<double>>{{1, 2}, {2, -1}});
  Tensor b = asarray(std::vector<std::complex<double>>{{3, 4}, {1, 1}});
  Outcome o = make_executor("torch")->run(case_of("dot", {a, b}));
  ASSERT_FALSE(o.error) << o.error_message;
  ASSERT_EQ(o.values.size(), 1u);
  const auto v = o.values[0].astype(DType::Complex128).item_scalar().c;
  EXPECT_EQ(v, std::complex<double>(-2, 11));
}

TEST(Torch, IntegerTensorWithPythonFloatIsDefaultFloat) {
  REQUIRE_LIB("torch");
  // PyTorch promotes an integer tensor with a Python float to the default dtype (float32);
  // scalars stay weak Python scalars: 2.5 is not made a float64 tensor.
  Outcome o = make_executor("torch")->run(case_of("add", {asarray(std::vector<int8_t>{1, 2}), ArrayLike(2.5)}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::Float32);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{3.5, 4.5}));
}

TEST(Torch, KeywordsBecomeDimKeepdimAndTorchDtypes) {
  REQUIRE_LIB("torch");
  // sum over axis 0 of [[1, 2, 3], [4, 5, 6]] with keepdims is [[5, 7, 9]], shape (1, 3).
  Tensor x = asarray(std::vector<int64_t>{1, 2, 3, 4, 5, 6}, DType::Int32).reshape({2, 3});
  Outcome o = make_executor("torch")->run(case_of(
      "sum", {x}, {{"axis", KwValue(int64_t{0})}, {"keepdims", KwValue(true)}, {"dtype", KwValue(DType::Float64)}}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::Float64);
  EXPECT_EQ(o.values[0].shape(), (Shape{1, 3}));
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{5, 7, 9}));
}

TEST(Torch, ZeroDimStaysZeroDim) {
  REQUIRE_LIB("torch");
  // The sum of 1..4 is 10, a 0-d result.
  Outcome o = make_executor("torch")->run(case_of("sum", {asarray(std::vector<int64_t>{1, 2, 3, 4})}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].ndim(), 0);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{10}));
}

TEST(Torch, MethodInplaceAndOutVariants) {
  REQUIRE_LIB("torch");
  auto ex = make_executor("torch");
  Tensor x = asarray(std::vector<double>{-1.5, 2.0});
  // method x.abs(), in place x.abs_() (on a private copy: the input keeps its values), out=.
  for (Variant v : {Variant::method, Variant::inplace, Variant::out}) {
    Case c = case_of("abs", {x}, {}, v);
    if (v == Variant::out) c.out = asarray(std::vector<double>{0, 0});
    Outcome o = ex->run(c);
    ASSERT_FALSE(o.error) << to_string(v) << ": " << o.error_message;
    EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{1.5, 2.0})) << to_string(v);
  }
  EXPECT_EQ(as_doubles(x), (std::vector<double>{-1.5, 2.0}));
}

TEST(Torch, BroadcastErrorIsValueError) {
  REQUIRE_LIB("torch");
  // (3,) and (4,) do not broadcast: torch raises RuntimeError "The size of tensor a (3) must
  // match ...", NumPy ValueError; the table maps the first to the second.
  Outcome o = make_executor("torch")->run(
      case_of("add", {asarray(std::vector<double>{1, 2, 3}), asarray(std::vector<double>{1, 2, 3, 4})}));
  ASSERT_TRUE(o.error);
  EXPECT_EQ(o.error_class, "ValueError");
  EXPECT_TRUE(has_class(o, "ValueError"));
  EXPECT_EQ(o.error_message.rfind("[torch RuntimeError] ", 0), 0u) << o.error_message;
}

TEST(Torch, DimensionOutOfRangeIsAxisError) {
  REQUIRE_LIB("torch");
  Outcome o = make_executor("torch")->run(
      case_of("sum", {asarray(std::vector<double>{1, 2})}, {{"axis", KwValue(int64_t{5})}}));
  ASSERT_TRUE(o.error);
  EXPECT_EQ(o.error_class, "AxisError");
  EXPECT_TRUE(has_class(o, "ValueError") && has_class(o, "IndexError"));  // NumPy's AxisError bases
  EXPECT_EQ(o.error_message.rfind("[torch IndexError] ", 0), 0u) << o.error_message;
}

TEST(Torch, OutCastRefusalIsTypeError) {
  REQUIRE_LIB("torch");
  // float + float into an int64 out=: torch refuses the cast (RuntimeError), NumPy too
  // (UFuncTypeError, a TypeError).
  Case c = case_of("add", {asarray(std::vector<double>{1.5}), asarray(std::vector<double>{2.5})}, {}, Variant::out);
  c.out = asarray(std::vector<int64_t>{0});
  Outcome o = make_executor("torch")->run(c);
  ASSERT_TRUE(o.error);
  EXPECT_EQ(o.error_class, "TypeError");
  EXPECT_EQ(o.error_message.rfind("[torch RuntimeError] ", 0), 0u) << o.error_message;
}

TEST(Torch, NotComparable) {
  REQUIRE_LIB("torch");
  auto ex = make_executor("torch");
  // torch has no cube root (the entry says so) ...
  Outcome a = ex->run(case_of("cbrt", {asarray(std::vector<double>{8})}));
  EXPECT_TRUE(a.not_comparable);
  EXPECT_FALSE(a.error);
  EXPECT_NE(a.error_message.find("cube root"), std::string::npos) << a.error_message;
  // ... torch.positive has no out= ...
  Case b = case_of("positive", {asarray(std::vector<double>{1})}, {}, Variant::out);
  b.out = asarray(std::vector<double>{0});
  Outcome ob = ex->run(b);
  EXPECT_TRUE(ob.not_comparable) << ob.error_message;
  EXPECT_NE(ob.error_message.find("out="), std::string::npos) << ob.error_message;
  // ... and torch.Tensor has no positive_.
  Outcome oc = ex->run(case_of("positive", {asarray(std::vector<double>{1})}, {}, Variant::inplace));
  EXPECT_TRUE(oc.not_comparable) << oc.error_message;
}

TEST(Torch, RoundTripsBfloat16Uint16AndNegativeStrides) {
  REQUIRE_LIB("torch");
  auto ex = make_executor("torch");
  // torch.clone returns the same values in the same dtype: bfloat16 (exact in 8 bits), the
  // uint16 extremes, and a reversed view (negative stride) read in its logical order.
  Tensor bf = asarray(std::vector<double>{1.5, -2.0, 3.140625, 0.0}).astype(DType::BFloat16);
  Outcome o = ex->run(case_of("copy", {bf}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::BFloat16);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{1.5, -2.0, 3.140625, 0.0}));
  Tensor u = asarray(std::vector<uint16_t>{0, 1, 65535});
  o = ex->run(case_of("copy", {u}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::UInt16);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{0, 1, 65535}));
  o = ex->run(case_of("copy", {asarray(std::vector<int64_t>{1, 2, 3}).flip()}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{3, 2, 1}));
  // uint16 arithmetic: torch 2.x has no add kernel for it ("not implemented for 'UInt16'"),
  // NumPy's no-loop TypeError.
  o = ex->run(case_of("add", {u, u}));
  ASSERT_TRUE(o.error);
  EXPECT_EQ(o.error_class, "TypeError") << o.error_message;
}

// ---- JAX ----

TEST(Jax, X64ArithmeticAndErrors) {
  REQUIRE_LIB("jax");
  auto ex = make_executor("jax");
  // With jax_enable_x64, int64 stays int64: [1, 2] + [3, 4] = [4, 6].
  Outcome o = ex->run(case_of("add", {asarray(std::vector<int64_t>{1, 2}), asarray(std::vector<int64_t>{3, 4})}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::Int64);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{4, 6}));
  // sqrt of float32 [4, 9] is float32 [2, 3].
  o = ex->run(case_of("sqrt", {asarray(std::vector<float>{4, 9})}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::Float32);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{2, 3}));
  o = ex->run(case_of("add", {asarray(std::vector<double>{1, 2, 3}), asarray(std::vector<double>{1, 2, 3, 4})}));
  ASSERT_TRUE(o.error);
  // Shapes that do not broadcast: JAX raises TypeError ("add got incompatible shapes for
  // broadcasting"), NumPy ValueError; the table maps the first to the second.
  EXPECT_EQ(o.error_class, "ValueError") << o.error_message;
  EXPECT_EQ(o.error_message.rfind("[jax TypeError] ", 0), 0u) << o.error_message;
}

TEST(Jax, InplaceAndOutAreNotComparable) {
  REQUIRE_LIB("jax");
  auto ex = make_executor("jax");
  Outcome a = ex->run(case_of("sin", {asarray(std::vector<double>{1})}, {}, Variant::inplace));
  EXPECT_TRUE(a.not_comparable);
  EXPECT_NE(a.error_message.find("immutable"), std::string::npos) << a.error_message;
  Case c = case_of("sin", {asarray(std::vector<double>{1})}, {}, Variant::out);
  c.out = asarray(std::vector<double>{0});
  Outcome b = ex->run(c);
  EXPECT_TRUE(b.not_comparable);
  EXPECT_NE(b.error_message.find("out="), std::string::npos) << b.error_message;
}

TEST(Jax, RoundTripsBfloat16AndUint16) {
  REQUIRE_LIB("jax");
  auto ex = make_executor("jax");
  Tensor bf = asarray(std::vector<double>{1.5, -2.0, 3.140625}).astype(DType::BFloat16);
  Outcome o = ex->run(case_of("copy", {bf}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::BFloat16);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{1.5, -2.0, 3.140625}));
  o = ex->run(case_of("copy", {asarray(std::vector<uint16_t>{0, 1, 65535})}));
  ASSERT_FALSE(o.error) << o.error_message;
  EXPECT_EQ(o.values[0].dtype(), DType::UInt16);
  EXPECT_EQ(as_doubles(o.values[0]), (std::vector<double>{0, 1, 65535}));
}

// ---- both ----

// A batch gives what the cases give one by one: values, errors and not-comparable cases mixed.
void batch_equals_run(const std::string& lib) {
  auto ex = make_executor(lib);
  Tensor f = asarray(std::vector<double>{0.25, -1.0, 4.0});
  Tensor i = asarray(std::vector<int64_t>{1, 2, 3}, DType::Int32);
  std::vector<Case> cases = {
      case_of("sin", {f}),
      case_of("reciprocal", {i}),
      case_of("add", {f, asarray(std::vector<double>{1, 2})}),  // an error
      case_of("sum", {f}, {{"axis", KwValue(int64_t{0})}}),
      case_of("sin", {f}, {}, Variant::inplace),  // not comparable in jax
      case_of("multiply", {i, ArrayLike(Scalar(int64_t{3}))}),
      case_of("uniform", {}, {{"size", KwValue(std::vector<int64_t>{2})}}),  // not comparable
  };
  std::vector<const Case*> ptrs;
  for (const Case& c : cases) ptrs.push_back(&c);
  std::vector<Outcome> batch = ex->run_batch(ptrs);
  ASSERT_EQ(batch.size(), cases.size());
  for (size_t k = 0; k < cases.size(); ++k) {
    Outcome one = ex->run(cases[k]);
    SCOPED_TRACE(lib + " case " + std::to_string(k) + " " + cases[k].op->name);
    EXPECT_EQ(batch[k].error, one.error);
    EXPECT_EQ(batch[k].not_comparable, one.not_comparable);
    EXPECT_EQ(batch[k].error_class, one.error_class);
    EXPECT_EQ(batch[k].error_message, one.error_message);
    ASSERT_EQ(batch[k].values.size(), one.values.size());
    for (size_t j = 0; j < one.values.size(); ++j) {
      EXPECT_EQ(batch[k].values[j].dtype(), one.values[j].dtype());
      EXPECT_EQ(batch[k].values[j].shape(), one.values[j].shape());
      EXPECT_EQ(as_doubles(batch[k].values[j]), as_doubles(one.values[j]));
    }
  }
  EXPECT_TRUE(batch.back().not_comparable);  // random ops: no counterpart in either library
}

TEST(Torch, BatchEqualsRun) {
  REQUIRE_LIB("torch");
  batch_equals_run("torch");
}
TEST(Jax, BatchEqualsRun) {
  REQUIRE_LIB("jax");
  batch_equals_run("jax");
}

TEST(Torch, SnippetRecreatesTheCall) {
  REQUIRE_LIB("torch");
  Case c = case_of("reciprocal", {asarray(std::vector<int64_t>{1, 2, 3}, DType::Int32)});
  const std::string s = library_snippet("torch", c);
  EXPECT_NE(s.find("a0 = torch.from_numpy(np.array([1, 2, 3], dtype=np.int32))"), std::string::npos) << s;
  EXPECT_NE(s.find("r = torch.reciprocal(a0)"), std::string::npos) << s;
  EXPECT_NO_THROW(oracle::exec(s)) << s;  // it runs
  Case b = case_of("copy", {asarray(std::vector<double>{1.5}).astype(DType::BFloat16)});
  const std::string sb = library_snippet("torch", b);
  EXPECT_NE(sb.find(".view(np.uint16)).view(torch.bfloat16)"), std::string::npos) << sb;
  EXPECT_NO_THROW(oracle::exec(sb)) << sb;
}

TEST(Jax, SnippetRuns) {
  REQUIRE_LIB("jax");
  Case c = case_of("sum", {asarray(std::vector<double>{1, 2})}, {{"axis", KwValue(int64_t{0})}});
  const std::string s = library_snippet("jax", c);
  EXPECT_NE(s.find("r = jnp.sum(a0, axis=0)"), std::string::npos) << s;
  EXPECT_NO_THROW(oracle::exec(s)) << s;
}

// Issue 27: a snippet's literals are the float64 values themselves, not their float32 rounding
// (1.6e308 printed through float32 read back as -inf, 5e-324 as 0), and a bfloat16 dtype keyword
// names ml_dtypes, so the snippet runs in a plain python3. Judged by Python reading the literal back.
TEST(Snippet, Float64LiteralsReadBackExactly) {
  const std::vector<double> v = {-1.6e308, 5e-324, 0.1, -0.0, 2.2250738585072014e-308};
  const std::string lit = array_literal(asarray(v));
  // eval_str starts the interpreter (this test may run alone in its process) and names np, ml_dtypes.
  const std::string hex = oracle::eval_str("' '.join(float.hex(float(x)) for x in " + lit + ")");
  std::string hexes;  // C's hex floats, normalised to Python's form by float.fromhex / float.hex
  for (double x : v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "'%a',", x);
    hexes.append(buf);
  }
  const std::string want = oracle::eval_str("' '.join(float.hex(float.fromhex(h)) for h in [" + hexes + "])");
  EXPECT_EQ(hex, want) << lit;
  EXPECT_EQ(kwvalue_python(KwValue(DType::BFloat16)), "ml_dtypes.bfloat16");
}

// Every op's samples, in every variant it has, for a float, an integer, bfloat16 and uint16
// dtype: the library's result, its error or "not comparable", and never a failure of the
// executor itself (an OracleError: an argument or result it could not convert).
// JAX compiles each op for each shape and dtype on first use (tens of ms): it gets the first two
// samples of one dtype.
void every_sample_runs(const std::string& lib, std::vector<DType> dtypes, size_t max_samples) {
  auto ex = make_executor(lib);
  auto np = make_executor("numpy");
  std::vector<Case> cases;
  for (const auto& op : opinfo::op_db())
    for (DType d : dtypes) {
      if (!op.claims(d) || !op.sample_inputs) continue;
      std::vector<SampleInput> samples = op.sample_inputs(d);
      if (samples.size() > max_samples) samples.resize(max_samples);
      for (const SampleInput& in : samples)
        for (Variant v : op.variants) {
          Case c;
          c.op = &op;
          c.variant = v;
          c.input = in;
          if (v == Variant::out) {
            Outcome ref = np->run(c);  // an out= of NumPy's result shape and dtype
            if (ref.error || ref.values.size() != 1) continue;
            c.out = zeros_like(ref.values[0]);
          }
          cases.push_back(std::move(c));
        }
    }
  std::vector<const Case*> ptrs;
  for (const Case& c : cases) ptrs.push_back(&c);
  std::vector<Outcome> outs = ex->run_batch(ptrs);
  std::map<std::string, int> kinds;
  std::set<std::string> unmapped;  // library classes NumPy does not raise: candidates for the table
  for (size_t k = 0; k < outs.size(); ++k) {
    const Outcome& o = outs[k];
    kinds[o.not_comparable ? "not comparable" : o.error ? "error " + o.error_class : "value"]++;
    if (o.error && (o.error_class == "RuntimeError" || o.error_class == "NotImplementedError"))
      unmapped.insert(cases[k].op->name + ": " + o.error_message.substr(0, 110));
    EXPECT_FALSE(o.crashed) << cases[k].op->name << " " << to_string(cases[k].variant) << " " << cases[k].input.note
                            << ": " << o.error_message;
  }
  std::string summary;
  for (const auto& [k, n] : kinds) summary += " " + k + ": " + std::to_string(n) + ";";
  std::cout << lib << ", " << outs.size() << " cases:" << summary << "\n";
  for (const auto& m : unmapped) std::cout << "  unmapped " << m << "\n";
}

TEST(Torch, EverySampleRunsWithoutOracleErrors) {
  REQUIRE_LIB("torch");
  every_sample_runs("torch", {DType::Float64, DType::Int32, DType::BFloat16, DType::UInt16}, 1000);
}
TEST(Jax, EverySampleRunsWithoutOracleErrors) {
  REQUIRE_LIB("jax");
  every_sample_runs("jax", {DType::Float64}, 2);
}

// ---- without either library ----

TEST(Libraries, NamesAndUnknownLibrary) {
  EXPECT_EQ(library_names(), (std::vector<std::string>{"numpy", "torch", "jax"}));
  EXPECT_TRUE(library_available("numpy"));
  EXPECT_FALSE(library_version("numpy").empty());
  EXPECT_THROW(make_executor("tensorflow"), ValueError);
  EXPECT_EQ(make_executor("numpy")->name(), "numpy");
}

TEST(Libraries, UnavailableLibrarySaysWhy) {
  std::string why;
  if (library_available("torch", &why)) GTEST_SKIP() << "torch is installed: nothing to check";
  EXPECT_NE(why.find("torch not installed"), std::string::npos) << why;
  EXPECT_THROW(make_executor("torch"), RuntimeError);
  EXPECT_EQ(library_version("torch"), "");
}

TEST(ErrorTable, MapsTorchClassesToNumpys) {
  Outcome o;
  map_library_error("torch", "RuntimeError", {"RuntimeError", "Exception", "BaseException", "object"},
                    "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0", o);
  EXPECT_EQ(o.error_class, "ValueError");
  EXPECT_EQ(o.error_mro.front(), "ValueError");
  EXPECT_EQ(o.error_message.rfind("[torch RuntimeError] The size", 0), 0u);
  Outcome u;
  map_library_error("torch", "NotImplementedError", {"NotImplementedError", "RuntimeError", "Exception"},
                    "\"add_stub\" not implemented for 'UInt16'", u);
  EXPECT_EQ(u.error_class, "TypeError");
  Outcome a;
  map_library_error("torch", "IndexError", {"IndexError"}, "Dimension out of range (expected to be in range of [-1, 0], but got 5)", a);
  EXPECT_EQ(a.error_class, "AxisError");
  // A message no row knows keeps the library's class and MRO.
  Outcome k;
  map_library_error("torch", "RuntimeError", {"RuntimeError", "Exception"}, "something new", k);
  EXPECT_EQ(k.error_class, "RuntimeError");
  EXPECT_EQ(k.error_mro, (std::vector<std::string>{"RuntimeError", "Exception"}));
  // Rows are per library: a jax message like torch's is not remapped.
  Outcome j;
  map_library_error("jax", "RuntimeError", {"RuntimeError"}, "Dimension out of range", j);
  EXPECT_EQ(j.error_class, "RuntimeError");
  for (const auto& row : library_error_table()) EXPECT_GT(std::string(row.reason).size(), 10u) << row.pattern;
}

TEST(Numpy, BatchEqualsRun) {
  // The shared runner with NumPy: the same outcomes as the expression path, case by case.
  auto ex = make_executor("numpy");
  Tensor f = asarray(std::vector<double>{0.25, -1.0, 4.0});
  std::vector<Case> cases = {case_of("sin", {f}), case_of("add", {f, asarray(std::vector<double>{1, 2})}),
                             case_of("reciprocal", {asarray(std::vector<int64_t>{1, 2, 3}, DType::Int32)})};
  std::vector<const Case*> ptrs;
  for (const Case& c : cases) ptrs.push_back(&c);
  std::vector<Outcome> batch = ex->run_batch(ptrs);
  for (size_t k = 0; k < cases.size(); ++k) {
    Outcome one = ex->run(cases[k]);
    EXPECT_EQ(batch[k].error_class, one.error_class);
    ASSERT_EQ(batch[k].values.size(), one.values.size());
    for (size_t j = 0; j < one.values.size(); ++j) {
      EXPECT_EQ(batch[k].values[j].dtype(), one.values[j].dtype());
      EXPECT_EQ(as_doubles(batch[k].values[j]), as_doubles(one.values[j]));
    }
  }
  // NumPy's reciprocal of int32 [1, 2, 3] is int32 [1, 0, 0] (integer division 1 // x).
  EXPECT_EQ(batch[2].values[0].dtype(), DType::Int32);
  EXPECT_EQ(as_doubles(batch[2].values[0]), (std::vector<double>{1, 0, 0}));
}

}  // namespace
}  // namespace parity

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const int rc = RUN_ALL_TESTS();
  int n = 0;
  std::string why;
  for (const auto& [lib, k] : parity::skipped()) {
    n += k;
    why += (why.empty() ? "" : ", ") + parity::skip_reason()[lib];
  }
  if (n > 0) std::cout << n << " tests not run: " << why << "\n";
  return rc;
}

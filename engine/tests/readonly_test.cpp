// NumPy's WRITEABLE flag (issue 12): broadcast_to views are read-only, so is every view of a
// read-only tensor, and every write path raises NumPy's ValueError instead of writing.
// Expected flags, classes and messages come from NumPy through the oracle.
#include <gtest/gtest.h>

#include <functional>

#include "parity/compile.h"
#include "test_util.h"

using namespace parity;
using parity::testing::check_error;

namespace {

// NumPy's flags.writeable for `expr` (r is a read-only array: setflags(write=False); w writeable).
bool numpy_writeable(const std::string& expr, const oracle::Args& a) {
  auto o = oracle::eval("np.asarray(" + expr + ".flags.writeable)", a);
  EXPECT_FALSE(o.error) << expr << ": " << o.error_message;
  return !o.error && o.values[0].item<bool>();
}

Tensor read_only_arange(int64_t n) {
  Tensor r = arange(Scalar(n)).astype(float64);
  r.setflags(false);
  return r;
}

}  // namespace

// The example: each element of base was incremented twice, and index_put wrote into base.
TEST(ReadOnly, BroadcastToRejectsInPlaceAndSetitem) {
  Tensor base = array({1.0, 2.0, 3.0});
  Tensor v = broadcast_to(base, {2, 3});
  EXPECT_FALSE(v.writeable());
  oracle::Args a{{"v", v}};
  check_error([&] { v.add_(1); }, "np.add(v, 1, out=v)", a, true);
  check_error([&] { v.index_put({0, 0}, 5.0); }, "v.__setitem__((0, 0), 5.0)", a, true);
  check_error([&] { v.index_put({Slice()}, 5.0); }, "v.__setitem__(slice(None), 5.0)", a, true);
  check_error([&] { v.index_put({std::vector<int64_t>{0}}, 5.0); }, "v.__setitem__([0], 5.0)", a, true);
  check_error([&] { v.index_put({std::vector<bool>{true, false}}, 5.0); }, "v.__setitem__([True, False], 5.0)", a, true);
  check_error([&] { v.assign(7.0); }, "np.copyto(v, 7.0)", a, true);
  EXPECT_EQ(base.to_double_vector(), (std::vector<double>{1, 2, 3}));
  try {
    v.add_(1);
  } catch (const ValueError& e) {  // the op's name and the culprit
    EXPECT_EQ(std::string(e.what()), "[add] output array is read-only (float64 array of shape (2, 3), strides (0, 8))");
  }
}

// out= into a read-only view raises in every op family that takes out=, before any write.
TEST(ReadOnly, OutArgumentsRaise) {
  Tensor x = array({{1.0, -2.0, 3.0}, {4.0, 5.0, -6.0}});
  Tensor base = zeros({3}, float64);
  Tensor o = broadcast_to(base, {2, 3});   // shape of x
  Tensor o3 = broadcast_to(zeros({1}, float64), {3});
  Tensor o22 = broadcast_to(zeros({1}, float64), {2, 2});
  oracle::Args a{{"x", x}, {"o", o}, {"o3", o3}, {"o22", o22}};
  check_error([&] { add(x, 1, o); }, "np.add(x, 1, out=o)", a, true);
  check_error([&] { sin(x, o); }, "np.sin(x, out=o)", a, true);
  check_error([&] { negative(x, o); }, "np.negative(x, out=o)", a, true);
  check_error([&] { clip(x, 0, 1, o); }, "np.clip(x, 0, 1, out=o)", a, true);
  check_error([&] { round(x, 0, o); }, "np.round(x, 0, out=o)", a, true);
  check_error([&] { matmul(x, x.T(), o22); }, "np.matmul(x, x.T, out=o22)", a, true);
  // NumPy's reductions say "operand array with iterator write flag set is read-only".
  check_error([&] { sum(x, AxisList(0), false, std::nullopt, o3); }, "np.sum(x, axis=0, out=o3)", a);
  check_error([&] { amax(x, AxisList(0), false, o3); }, "np.amax(x, axis=0, out=o3)", a);
  check_error([&] { mean(x, AxisList(0), false, std::nullopt, o3); }, "np.mean(x, axis=0, out=o3)", a);
  EXPECT_EQ(base.to_double_vector(), (std::vector<double>{0, 0, 0}));
  // NumPy 2.2's np.cumsum(x, out=o) writes through a read-only out= unchecked; the engine raises.
  Tensor o6 = broadcast_to(zeros({1}, float64), {6});
  EXPECT_THROW(cumsum(x, std::nullopt, std::nullopt, o6), ValueError);
  EXPECT_EQ(o6.to_double_vector(), std::vector<double>(6, 0.0));
}

// Views of a read-only tensor stay read-only; views of a writeable one stay writeable (NumPy's
// flags for the same expressions).
TEST(ReadOnly, ViewsKeepTheFlag) {
  Tensor w = arange(Scalar(int64_t{6})).astype(float64).reshape({2, 3});
  Tensor r = w.copy();
  r.setflags(false);
  Tensor b = broadcast_to(arange(Scalar(int64_t{3})).astype(float64), {2, 3});
  oracle::Args a{{"w", w}, {"r", r}, {"b", b}};
  struct Case {
    std::string expr;
    std::function<Tensor(const Tensor&)> f;
  };
  const std::vector<Case> cases = {
      {"{}[0]", [](const Tensor& t) { return t[0]; }},
      {"{}[:, 1:]", [](const Tensor& t) { return t.index({Slice(), Slice(1, None)}); }},
      {"{}[None, ..., ::-1]", [](const Tensor& t) { return t.index({newaxis, ellipsis, Slice(None, None, -1)}); }},
      {"{}.T", [](const Tensor& t) { return t.T(); }},
      {"{}.reshape(3, 2)", [](const Tensor& t) { return t.reshape({3, 2}); }},
      {"np.swapaxes({}, 0, 1)", [](const Tensor& t) { return t.swapaxes(0, 1); }},
      {"np.expand_dims({}, 0)", [](const Tensor& t) { return t.expand_dims({0}); }},
      {"np.squeeze({}[None])", [](const Tensor& t) { return t.expand_dims({0}).squeeze(); }},
      {"np.flip({})", [](const Tensor& t) { return t.flip(); }},
      {"{}.real", [](const Tensor& t) { return t.real(); }},
      {"np.split({}, 3, axis=1)[1]", [](const Tensor& t) { return split(t, 3, 1)[1]; }},
      {"np.broadcast_to({}, (4, 2, 3))", [](const Tensor& t) { return broadcast_to(t, {4, 2, 3}); }},
      {"np.broadcast_arrays({}, np.zeros((4, 1, 1)))[0]",
       [](const Tensor& t) { return broadcast_arrays({t, zeros({4, 1, 1}, float64)})[0]; }},
      {"{}.copy()", [](const Tensor& t) { return t.copy(); }},
      {"{}.astype(np.float32)", [](const Tensor& t) { return t.astype(float32); }},
      {"{}[[0, 1]]", [](const Tensor& t) { return t.index({std::vector<int64_t>{0, 1}}); }},
      {"{}.imag", [](const Tensor& t) { return t.imag(); }},
  };
  for (const auto& c : cases)
    for (const char* who : {"w", "r", "b"}) {
      std::string expr = c.expr;
      expr.replace(expr.find("{}"), 2, who);
      const Tensor& t = *who == 'w' ? w : *who == 'r' ? r : b;
      EXPECT_EQ(c.f(t).writeable(), numpy_writeable(expr, a)) << expr;
    }
  // A writeable view writes through to its base.
  Tensor v = w.index({Slice(), 1});
  v.add_(10);
  EXPECT_EQ(w.to_double_vector(), (std::vector<double>{0, 11, 2, 3, 14, 5}));
}

// setflags(write=...): NumPy allows write=True again on the array that owns its memory and on a
// broadcast_to view of a writeable array, not on a view of a read-only array.
TEST(ReadOnly, SetFlags) {
  Tensor r = read_only_arange(3);
  EXPECT_FALSE(r.writeable());
  EXPECT_THROW(r.add_(1), ValueError);
  Tensor s = r.index({Slice(1, None)});
  oracle::Args a{{"s", s}};
  check_error([&] { s.setflags(true); }, "s.setflags(write=True)", a, true);
  EXPECT_FALSE(s.writeable());
  r.setflags(true);
  r.add_(1);
  EXPECT_EQ(r.to_double_vector(), (std::vector<double>{1, 2, 3}));
  Tensor b = broadcast_to(r, {2, 3});
  b.setflags(true);  // np.broadcast_to(w, (2, 3)).setflags(write=True) is allowed
  EXPECT_TRUE(b.writeable());
}

// compile(f): a traced or replayed f that writes into a read-only target raises, not writes.
TEST(ReadOnly, CompiledWritesRaise) {
  auto inplace = compile([](const Tensor& x) {
    Tensor y = x;
    y.multiply_(2);
    return exp(y);
  });
  auto into = compile([](const Tensor& x, const Tensor& o) {
    add(exp(x), 1, o);
    return negative(o);
  });
  Tensor w = array({1.0, 2.0, 3.0});
  Tensor o = zeros({3}, float64);
  inplace(w);  // traces the signature with a writeable input
  into(w, o);
  Tensor base = array({1.0, 2.0, 3.0});
  Tensor r = broadcast_to(base, {3});
  for (int call = 0; call < 2; ++call) {
    EXPECT_THROW(inplace(r), ValueError);
    EXPECT_THROW(into(w, r), ValueError);
  }
  EXPECT_EQ(base.to_double_vector(), (std::vector<double>{1, 2, 3}));
  // A signature first met read-only: the trace itself raises and leaves nothing half-traced.
  auto fresh = compile([](const Tensor& x) {
    Tensor y = x;
    y.multiply_(2);
    return exp(y);
  });
  EXPECT_THROW(fresh(r), ValueError);
  EXPECT_EQ(fresh(zeros({3}, float64)).to_double_vector(), (std::vector<double>{1, 1, 1}));
  EXPECT_EQ(base.to_double_vector(), (std::vector<double>{1, 2, 3}));
}

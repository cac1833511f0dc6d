// The view methods of Tensor against NumPy: values, whether the result shares memory with its
// base (np.shares_memory), byte strides and contiguity flags for the same chain of operations,
// writes through views, and astype's casting rules.
#include <gtest/gtest.h>

#include <functional>

#include "test_util.h"

using namespace parity;
using parity::testing::numpy_value;
using parity::testing::same_array;

namespace {


// `got` (computed from the C-contiguous `x`) against NumPy's `expr` on the same x: values, dtype,
// shape, view or copy, byte strides and the C/F contiguity flags.
void check_view(const Tensor& got, const Tensor& x, const std::string& expr) {
  SCOPED_TRACE(expr);
  ASSERT_TRUE(x.is_contiguous());
  oracle::Args a = {{"x", x}};
  EXPECT_TRUE(same_array(got, numpy_value(expr, a)));
  auto o = oracle::eval(
      "(lambda r: (np.array(r.strides, dtype=np.int64).reshape(-1),"
      " np.array([r.flags.c_contiguous, r.flags.f_contiguous, np.shares_memory(x, r)])))(" + expr + ")",
      a);
  ASSERT_FALSE(o.error) << o.error_message;
  auto flags = o.values[1].to_double_vector();
  EXPECT_EQ(got.is_contiguous(), flags[0] != 0) << "C-contiguous flag";
  EXPECT_EQ(got.is_f_contiguous(), flags[1] != 0) << "F-contiguous flag";
  if (got.size() > 0) {  // NumPy: empty arrays share no memory
    EXPECT_EQ(got.shares_storage(x), flags[2] != 0) << "view (shares memory) vs copy";
  }
  if (got.size() == 0) return;  // empty arrays' strides depend on how NumPy built them
  auto want = o.values[0].to_double_vector();
  auto have = got.byte_strides();
  ASSERT_EQ(have.size(), want.size());
  for (size_t i = 0; i < have.size(); ++i)
    EXPECT_EQ(have[i], static_cast<int64_t>(want[i])) << "byte stride of axis " << i;
}

using parity::testing::check_error;

std::string np_dtype(DType d) {
  return d == DType::BFloat16 ? "bfloat16" : std::string("np.dtype('") + name(d) + "')";
}

}  // namespace

TEST(ViewsSlicing, StepsAndNegativeSteps) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_view(x.index({Slice(None, None, 2)}), x, "x[::2]");
  check_view(x.index({Slice(), Slice(None, None, -1)}), x, "x[:, ::-1]");
  check_view(x.index({Slice(), Slice(None, None, -2), Slice(3, 0, -2)}), x, "x[:, ::-2, 3:0:-2]");
  check_view(x.index({Slice(None, None, -1)}).T().index({Slice(1, None)}), x, "x[::-1].T[1:]");
  check_view(x.index({0, Slice(), Slice(0, 1)}), x, "x[0, :, 0:1]");
  check_view(x.index({Slice(0, 1), Slice(0, 1)}), x, "x[0:1, 0:1]");
  check_view(x.index({Slice(), Slice(0, 1), Slice(0, 1)}), x, "x[:, 0:1, 0:1]");
  check_view(x.index({Slice(0, 1), Slice(0, 1), Slice(0, 1)}), x, "x[0:1, 0:1, 0:1]");
  check_view(x.index({Slice(), Slice(), Slice(None, None, 4)}), x, "x[:, :, ::4]");
  check_view(x.index({1, ellipsis, None}), x, "x[1, ..., None]");
  Tensor f = numpy_value("np.arange(12, dtype=np.float32).reshape(3,4)");
  check_view(f.index({Slice(None, None, -1), Slice(1, None, 2)}), f, "x[::-1, 1::2]");
}

TEST(ViewsTranspose, TransposeSwapMoveaxis) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_view(x.T(), x, "x.T");
  check_view(x.mT(), x, "x.mT");
  check_view(x.transpose(), x, "x.transpose()");
  check_view(x.transpose({1, 0, 2}), x, "x.transpose(1, 0, 2)");
  check_view(x.transpose({-1, 0, 1}), x, "x.transpose(-1, 0, 1)");
  check_view(x.permute({2, 1, 0}), x, "x.transpose(2, 1, 0)");
  check_view(x.swapaxes(0, 2), x, "x.swapaxes(0, 2)");
  check_view(x.swapaxes(-1, 1), x, "x.swapaxes(-1, 1)");
  check_view(x.moveaxis({0}, {-1}), x, "np.moveaxis(x, 0, -1)");
  check_view(x.moveaxis({0, 1}, {-1, 0}), x, "np.moveaxis(x, [0, 1], [-1, 0])");
  check_view(x.moveaxis({2, 0}, {0, 1}), x, "np.moveaxis(x, [2, 0], [0, 1])");
  check_view(x.index({Slice(), Slice(None, None, -1)}).mT().T(), x, "x[:, ::-1].mT.T");
  Tensor m = numpy_value("np.arange(6.0).reshape(2,3)");
  check_view(m.T(), m, "x.T");
  check_view(m.mT(), m, "x.mT");
  Tensor s = numpy_value("np.arange(5.0)");
  check_view(s.T(), s, "x.T");
  oracle::Args a = {{"x", x}, {"s", s}};
  check_error([&] { x.transpose({0, 1}); }, "x.transpose(0, 1)", a);
  check_error([&] { x.transpose({0, 1, 1}); }, "x.transpose(0, 1, 1)", a);
  check_error([&] { x.transpose({0, 1, 3}); }, "x.transpose(0, 1, 3)", a);
  check_error([&] { x.swapaxes(0, 3); }, "x.swapaxes(0, 3)", a);
  check_error([&] { x.moveaxis({0, 1}, {0}); }, "np.moveaxis(x, [0, 1], [0])", a);
  check_error([&] { x.moveaxis({3}, {0}); }, "np.moveaxis(x, 3, 0)", a);
  check_error([&] { x.moveaxis({0, 0}, {0, 1}); }, "np.moveaxis(x, [0, 0], [0, 1])", a);
  check_error([&] { s.mT(); }, "s.mT", a);
}

TEST(ViewsReshape, ViewWhenPossibleElseCopy) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_view(x.reshape({6, 4}), x, "x.reshape(6, 4)");
  check_view(x.reshape({-1}), x, "x.reshape(-1)");
  check_view(x.reshape({4, -1, 2}), x, "x.reshape(4, -1, 2)");
  check_view(x.reshape({1, 24, 1}), x, "x.reshape(1, 24, 1)");
  check_view(x.reshape({2, 1, 3, 1, 4}), x, "x.reshape(2, 1, 3, 1, 4)");
  check_view(x.T().reshape({24}), x, "x.T.reshape(24)");
  check_view(x.T().reshape({4, 6}), x, "x.T.reshape(4, 6)");
  check_view(x.T().reshape({4, 3, 1, 2}), x, "x.T.reshape(4, 3, 1, 2)");
  check_view(x.index({Slice(), Slice(None, None, 2)}).reshape({2, 8}), x, "x[:, ::2].reshape(2, 8)");
  check_view(x.index({Slice(), Slice(), Slice(None, None, 2)}).reshape({6, 2}), x, "x[:, :, ::2].reshape(6, 2)");
  check_view(x.index({Slice(), Slice(), Slice(None, None, 2)}).reshape({12}), x, "x[:, :, ::2].reshape(12)");
  check_view(x.index({Slice(None, None, -1)}).reshape({2, 12}), x, "x[::-1].reshape(2, 12)");
  check_view(x.index({Slice(None, None, -1)}).reshape({24}), x, "x[::-1].reshape(24)");
  check_view(x.swapaxes(1, 2).reshape({2, 12}), x, "x.swapaxes(1, 2).reshape(2, 12)");
  check_view(x.swapaxes(1, 2).reshape({2, 4, 3}), x, "x.swapaxes(1, 2).reshape(2, 4, 3)");
  check_view(x.swapaxes(1, 2).reshape({2, 4, 1, 3}), x, "x.swapaxes(1, 2).reshape(2, 4, 1, 3)");
  check_view(x.index({Slice(), None}).reshape({2, 12}), x, "x[:, None].reshape(2, 12)");
  check_view(x.index({Slice(), 0}).reshape({8}), x, "x[:, 0].reshape(8)");
  check_view(x.index({Slice(), 0}).reshape({2, 2, 2}), x, "x[:, 0].reshape(2, 2, 2)");
  // view(): the same views, or ValueError where a copy would be needed
  check_view(x.view({4, 6}), x, "x.reshape(4, 6)");
  check_view(x.index({Slice(None, None, -1)}).view({2, 12}), x, "x[::-1].reshape(2, 12)");
  EXPECT_THROW(x.T().view({24}), ValueError);
  Tensor e = numpy_value("np.zeros((0, 3))");
  check_view(e.reshape({3, 0}), e, "x.reshape(3, 0)");
  check_view(e.reshape({-1}), e, "x.reshape(-1)");
  check_view(e.reshape({0, 3}).index({Slice(None, None, -1)}), e, "x.reshape(0, 3)[::-1]");
  oracle::Args a = {{"x", x}, {"e", e}};
  check_error([&] { x.reshape({5, 5}); }, "x.reshape(5, 5)", a);
  check_error([&] { x.reshape({-1, 5}); }, "x.reshape(-1, 5)", a);
  check_error([&] { x.reshape({-1, -1}); }, "x.reshape(-1, -1)", a);
  check_error([&] { x.reshape({-2, -12}); }, "x.reshape(-2, -12)", a);
  check_error([&] { e.reshape({-1, 0}); }, "e.reshape(-1, 0)", a);
  check_error([&] { x.view({5, 5}); }, "x.reshape(5, 5)", a);
}

TEST(ViewsShape, ExpandDimsSqueezeBroadcastFlip) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_view(x.expand_dims({0}), x, "np.expand_dims(x, 0)");
  check_view(x.expand_dims({-1}), x, "np.expand_dims(x, -1)");
  check_view(x.expand_dims({0, 2, -1}), x, "np.expand_dims(x, (0, 2, -1))");
  check_view(x.T().expand_dims({1}), x, "np.expand_dims(x.T, 1)");
  check_view(x.index({Slice(), Slice(None, None, 2)}).expand_dims({-2}), x, "np.expand_dims(x[:, ::2], -2)");
  Tensor y = numpy_value("np.arange(6).reshape(1, 2, 1, 3)");
  check_view(y.squeeze(), y, "x.squeeze()");
  check_view(y.squeeze(std::vector<int64_t>{0}), y, "x.squeeze(0)");
  check_view(y.squeeze(std::vector<int64_t>{-2}), y, "x.squeeze(-2)");
  check_view(y.squeeze(std::vector<int64_t>{0, 2}), y, "x.squeeze((0, 2))");
  check_view(y.T().squeeze(), y, "x.T.squeeze()");
  Tensor col = x.index({0, Slice(), Slice(0, 1)});
  check_view(col.broadcast_to({2, 3, 4}), x, "np.broadcast_to(x[0, :, 0:1], (2, 3, 4))");
  check_view(x.broadcast_to({5, 2, 3, 4}), x, "np.broadcast_to(x, (5, 2, 3, 4))");
  check_view(x.index({Slice(0, 1)}).broadcast_to({1, 3, 4}), x, "np.broadcast_to(x[0:1], (1, 3, 4))");
  check_view(x.flip(), x, "np.flip(x)");
  check_view(x.flip(std::vector<int64_t>{0}), x, "np.flip(x, 0)");
  check_view(x.flip(std::vector<int64_t>{-1, 0}), x, "np.flip(x, (-1, 0))");
  check_view(x.T().flip(std::vector<int64_t>{1}), x, "np.flip(x.T, 1)");
  oracle::Args a = {{"x", x}, {"y", y}, {"col", col}};
  check_error([&] { y.squeeze(std::vector<int64_t>{1}); }, "y.squeeze(1)", a);
  check_error([&] { y.squeeze(std::vector<int64_t>{4}); }, "y.squeeze(4)", a);
  check_error([&] { x.expand_dims({4}); }, "np.expand_dims(x, 4)", a);
  check_error([&] { x.expand_dims({0, 0}); }, "np.expand_dims(x, (0, 0))", a);
  check_error([&] { x.broadcast_to({3, 4}); }, "np.broadcast_to(x, (3, 4))", a);
  check_error([&] { x.broadcast_to({2, 3, 5}); }, "np.broadcast_to(x, (2, 3, 5))", a);
  check_error([&] { col.broadcast_to({2, 4, 4}); }, "np.broadcast_to(col, (2, 4, 4))", a);
  check_error([&] { x.broadcast_to({-1, 3, 4}); }, "np.broadcast_to(x, (-1, 3, 4))", a);
  check_error([&] { x.flip(std::vector<int64_t>{3}); }, "np.flip(x, 3)", a);
}

TEST(ViewsCopy, RavelFlattenCopyContiguous) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_view(x.ravel(), x, "x.ravel()");
  check_view(x.T().ravel(), x, "x.T.ravel()");
  check_view(x.reshape({-1}).index({Slice(None, None, 2)}).ravel(), x, "x.reshape(-1)[::2].ravel()");
  check_view(x.index({Slice(), 0}).ravel(), x, "x[:, 0].ravel()");
  check_view(x.index({Slice(0, 1)}).ravel(), x, "x[0:1].ravel()");
  check_view(x.flatten(), x, "x.flatten()");
  check_view(x.T().flatten(), x, "x.T.flatten()");
  check_view(x.copy(), x, "x.copy()");
  check_view(x.T().copy(), x, "x.T.copy()");
  check_view(x.index({Slice(None, None, -1)}).copy(), x, "x[::-1].copy()");
  check_view(x.T().contiguous(), x, "np.ascontiguousarray(x.T)");
  check_view(x.index({1}).contiguous(), x, "np.ascontiguousarray(x[1])");
  EXPECT_TRUE(x.contiguous().is_same_view(x));
  EXPECT_FALSE(x.copy().shares_storage(x));
}

TEST(ViewsComplex, RealImagAreViews) {
  Tensor c = numpy_value("(np.arange(6) * (1 + 2j)).reshape(2, 3)");
  check_view(c.real(), c, "x.real");
  check_view(c.imag(), c, "x.imag");
  check_view(c.T().real(), c, "x.T.real");
  check_view(c.index({Slice(), Slice(None, None, -2)}).imag(), c, "x[:, ::-2].imag");
  Tensor c64 = numpy_value("(np.arange(6) * (1 - 1j)).astype(np.complex64)");
  check_view(c64.imag(), c64, "x.imag");
  Tensor r = numpy_value("np.arange(4.0)");
  EXPECT_TRUE(r.real().is_same_view(r));
  EXPECT_TRUE(same_array(r.imag(), numpy_value("x.imag", {{"x", r}})));
  // writes through real/imag views
  Tensor w = c.copy();
  w.real().index_put({Slice(), 0}, 100.0);
  w.imag().index_put({1}, -1.0);
  EXPECT_TRUE(same_array(w, numpy_value("(lambda a: (a.real.__setitem__((slice(None), 0), 100.0),"
                               " a.imag.__setitem__(1, -1.0), a)[2])(x.copy())", {{"x", c}})));
}

TEST(ViewsWrites, VisibleInTheBase) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  Tensor b = x.copy();
  uint64_t v0 = b.storage()->version();
  b.T().index({1}).assign(-1);
  EXPECT_GT(b.storage()->version(), v0);
  b.reshape({6, 4}).index({Slice(None, None, -1)}).index_put({0}, 77);
  b.expand_dims({0}).squeeze(std::vector<int64_t>{0}).index({Slice(), 2, Slice(None, None, 3)}).assign(5);
  b.flip(std::vector<int64_t>{2}).index({0, 0}).assign(numpy_value("np.array([10, 11, 12, 13])"));
  b.swapaxes(0, 2).index({3}).index_put({ellipsis}, numpy_value("np.array([[1], [2], [3]])"));
  EXPECT_TRUE(same_array(b, numpy_value("(lambda a: (a.T[1].__setitem__(Ellipsis, -1),"
                               " a.reshape(6, 4)[::-1].__setitem__(0, 77),"
                               " np.expand_dims(a, 0).squeeze(0)[:, 2, ::3].__setitem__(Ellipsis, 5),"
                               " np.flip(a, 2)[0, 0].__setitem__(Ellipsis, [10, 11, 12, 13]),"
                               " a.swapaxes(0, 2)[3].__setitem__(Ellipsis, [[1], [2], [3]]), a)[5])(x.copy())",
                               {{"x", x}})));
  // a copy does not write back
  Tensor c = x.copy();
  c.T().reshape({24}).index_put({0}, 999);
  EXPECT_TRUE(same_array(c, x));
}

TEST(ViewsAstype, CastingRulesLikeNumpy) {
  int checked = 0;
  const std::pair<Casting, const char*> castings[] = {{Casting::no, "no"},
                                                      {Casting::equiv, "equiv"},
                                                      {Casting::safe, "safe"},
                                                      {Casting::same_kind, "same_kind"},
                                                      {Casting::unsafe, "unsafe"}};
  for (DType from : kAllDTypes) {
    Tensor x = numpy_value("np.arange(3).astype(" + np_dtype(from) + ")");
    for (DType to : kAllDTypes)
      for (auto [c, cname] : castings) {
        SCOPED_TRACE(std::string(name(from)) + " -> " + name(to) + " casting=" + cname);
        auto o = oracle::eval("x.astype(" + np_dtype(to) + ", casting='" + cname + "')", {{"x", x}});
        if (o.error) {
          EXPECT_TRUE(o.raised("TypeError")) << o.error_class;
          EXPECT_THROW(x.astype(to, c), TypeError);
        } else {
          Tensor got = x.astype(to, c);
          EXPECT_TRUE(same_array(got, o.values[0]));
          EXPECT_FALSE(got.shares_storage(x));
        }
        ++checked;
      }
  }
  EXPECT_EQ(checked, 15 * 15 * 5);
}

TEST(ViewsAstype, ValuesCopyFlag) {
  // Float -> int of values out of the target's range is undefined in C and differs between
  // NumPy's own SIMD paths (float64 1e10 -> uint32 gives 0, float32 gives 1410065408): not tested.
  Tensor f = numpy_value("np.array([-2.5, -1.0, -0.0, 0.5, 1.0, 127.0, 255.0, 65504.0, 1e10, np.inf, -np.inf, np.nan])");
  Tensor fi = numpy_value("np.array([-2.5, -1.0, -0.0, 0.5, 1.0, 127.0, 255.0, 65504.0])");
  for (DType to : kAllDTypes) {
    SCOPED_TRACE(name(to));
    const Tensor& src = is_integer(to) ? fi : f;
    EXPECT_TRUE(same_array(src.astype(to), numpy_value("x.astype(" + np_dtype(to) + ")", {{"x", src}})));
  }
  Tensor c = numpy_value("np.array([1j, 0j, 1 + 0j, 2.5 - 3j])");
  for (DType to : kAllDTypes) {
    SCOPED_TRACE(std::string("complex -> ") + name(to));
    EXPECT_TRUE(same_array(c.astype(to), numpy_value("x.astype(" + np_dtype(to) + ")", {{"x", c}})));
  }
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  EXPECT_TRUE(x.astype(int64, Casting::unsafe, false).is_same_view(x));
  EXPECT_FALSE(x.astype(int64, Casting::unsafe, true).shares_storage(x));
  // Declared difference: astype always returns C order (NumPy's default is order='K'); engine
  // code relies on a C-contiguous astype result.
  check_view(x.T().astype(float32), x, "x.T.astype(np.float32, order='C')");
  check_view(x.index({Slice(None, None, -1)}).astype(int64), x, "x[::-1].astype(np.int64)");
}

// Tensor::index / index_put against NumPy's x[...] and x[...] = v: values, dtype, shape, whether
// the result is a view (np.shares_memory), its strides, and the errors NumPy raises.
#include <gtest/gtest.h>

#include <climits>
#include <functional>
#include <random>

#include "test_util.h"

using namespace parity;
using parity::testing::numpy_value;
using parity::testing::same_array;

namespace {


::testing::AssertionResult same_as_numpy(const Tensor& got, const std::string& expr, const oracle::Args& args) {
  auto r = same_array(got, numpy_value(expr, args));
  if (!r) r << "\n  NumPy: " << expr;
  return r;
}

// x[e] in the engine (idx) and in NumPy (the text e): same array, and a view exactly when NumPy's
// result is one (a NumPy scalar counts as a view: the engine returns a 0-d view there).
void check_get(const Tensor& x, const std::vector<TensorIndex>& idx, const std::string& e) {
  SCOPED_TRACE("x[" + e + "] with x of shape " + shape_str(x.shape()) + " " + name(x.dtype()));
  Tensor got = x.index(idx);
  oracle::Args a = {{"x", x}};
  EXPECT_TRUE(same_as_numpy(got, "x[" + e + "]", a));
  auto o = oracle::eval(
      "(lambda r: (np.array(np.shares_memory(x, r) if isinstance(r, np.ndarray) else True),"
      " np.array(r.strides if isinstance(r, np.ndarray) else (), dtype=np.int64).reshape(-1)))"
      "(x[" + e + "])",
      a);
  ASSERT_FALSE(o.error) << o.error_message;
  bool np_view = o.values[0].item<bool>();
  if (got.size() > 0) {  // NumPy: empty arrays share no memory
    EXPECT_EQ(got.shares_storage(x), np_view);
  }
  // NumPy sees a contiguous copy of x, so strides are comparable only for a contiguous x.
  if (np_view && x.is_contiguous() && o.values[1].size() == got.ndim()) {
    auto want = o.values[1].to_double_vector();
    auto have = got.byte_strides();
    for (int64_t i = 0; i < got.ndim(); ++i)
      if (got.shape()[i] > 1) {
        EXPECT_EQ(have[i], static_cast<int64_t>(want[i])) << "stride of axis " << i;
      }
  }
}

// y = x.copy(); y[e] = v in both, then the arrays must agree.
void check_put(const Tensor& x, const std::vector<TensorIndex>& idx, const std::string& e,
               const ArrayLike& v, const std::string& v_py, const oracle::Args& extra = {}) {
  SCOPED_TRACE("x[" + e + "] = " + v_py);
  Tensor y = x.copy();
  uint64_t before = y.storage()->version();
  y.index_put(idx, v);
  EXPECT_GT(y.storage()->version(), before);
  oracle::Args a = {{"x", x}};
  a.insert(a.end(), extra.begin(), extra.end());
  EXPECT_TRUE(same_as_numpy(y, "(lambda a: (a.__setitem__(np.s_[" + e + "], " + v_py + "), a)[1])(x.copy())", a));
}

// The engine must raise the same class as NumPy, and a message containing NumPy's.
void check_error(const std::function<void()>& f, const std::string& np_stmt, const oracle::Args& args,
                 bool same_message = true) {
  parity::testing::check_error(f, np_stmt, args, same_message);
}

std::string setitem(const std::string& arr, const std::string& e, const std::string& v) {
  return "(lambda a: a.__setitem__(np.s_[" + e + "], " + v + "))(" + arr + ".copy())";
}

}  // namespace

TEST(IndexingBasic, IntegersSlicesEllipsisNewaxisAreViews) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_get(x, {1}, "1");
  check_get(x, {-1}, "-1");
  check_get(x, {0, 1}, "0, 1");
  check_get(x, {0, 1, 2}, "0, 1, 2");
  check_get(x, {-1, -3, -4}, "-1, -3, -4");
  check_get(x, {Slice(1, None)}, "1:");
  check_get(x, {Slice(), Slice(1, 3)}, ":, 1:3");
  check_get(x, {Slice(None, None, -1)}, "::-1");
  check_get(x, {Slice(), Slice(None, None, -2)}, ":, ::-2");
  check_get(x, {ellipsis, Slice(None, None, 3)}, "..., ::3");
  check_get(x, {ellipsis, 1}, "..., 1");
  check_get(x, {1, ellipsis}, "1, ...");
  check_get(x, {ellipsis}, "...");
  check_get(x, {}, "()");
  check_get(x, {None}, "None");
  check_get(x, {Slice(), None, Slice(), None}, ":, None, :, None");
  check_get(x, {1, newaxis, Slice(1, 3), ellipsis}, "1, np.newaxis, 1:3, ...");  // the tutorial's
  check_get(x, {0, ellipsis, None}, "0, ..., None");
  check_get(x, {ellipsis, None, 2}, "..., None, 2");
  check_get(x, {Slice(None, None, -1), Slice(None, None, -1), Slice(None, None, -1)}, "::-1, ::-1, ::-1");
  check_get(x, {Slice(), Slice(2, 0, -1), Slice(3, None, -2)}, ":, 2:0:-1, 3::-2");
  EXPECT_TRUE(same_array(x[1], x.index({1})));
  EXPECT_TRUE(x[-1][2].is_same_view(x.index({-1, 2})));
  EXPECT_THROW(x.index({Tensor()}), IndexError);
}

TEST(IndexingBasic, SliceBoundsClampLikePython) {
  Tensor x = numpy_value("np.arange(10.0)");
  const int64_t big = INT64_MAX, small = INT64_MIN;
  check_get(x, {Slice(1, 0)}, "1:0");
  check_get(x, {Slice(10, None)}, "10:");
  check_get(x, {Slice(-100, 100)}, "-100:100");
  check_get(x, {Slice(100, -100, -1)}, "100:-100:-1");
  check_get(x, {Slice(-1, -5, -1)}, "-1:-5:-1");
  check_get(x, {Slice(10, -10, -2)}, "10:-10:-2");
  check_get(x, {Slice(-3, None)}, "-3:");
  check_get(x, {Slice(None, -3)}, ":-3");
  check_get(x, {Slice(None, None, 4)}, "::4");
  check_get(x, {Slice(None, None, 100)}, "::100");
  check_get(x, {Slice(None, None, big)}, "::" + std::to_string(big));
  check_get(x, {Slice(None, None, -big)}, "::-" + std::to_string(big));
  check_get(x, {Slice(None, None, small)}, "::" + std::to_string(small));
  check_get(x, {Slice(small, big)}, std::to_string(small) + ":" + std::to_string(big));
  check_get(x, {Slice(big, small, -1)}, std::to_string(big) + ":" + std::to_string(small) + ":-1");
  check_get(x, {Slice(5, 5)}, "5:5");
  // views of views
  Tensor v = x.index({Slice(None, None, -1)}).index({Slice(1, None, 3)});
  EXPECT_TRUE(same_as_numpy(v, "x[::-1][1::3]", {{"x", x}}));
  EXPECT_TRUE(v.shares_storage(x));
}

TEST(IndexingBasic, ZeroDimAndEmpty) {
  Tensor s = numpy_value("np.array(5.5)");
  check_get(s, {}, "()");
  check_get(s, {ellipsis}, "...");
  check_get(s, {None}, "None");
  check_get(s, {None, ellipsis, None}, "None, ..., None");
  Tensor e = numpy_value("np.zeros((0, 3))");
  check_get(e, {Slice(1, None)}, "1:");
  check_get(e, {Slice(), 1}, ":, 1");
  check_get(e, {ellipsis, None}, "..., None");
  check_get(e, {Slice(None, None, -1)}, "::-1");
}

TEST(IndexingBasic, OtherDTypesAndStridedSources) {
  for (const char* src : {"np.arange(24, dtype=np.uint8).reshape(2,3,4)",
                          "(np.arange(24) % 3 == 0).reshape(2,3,4)",
                          "np.arange(24, dtype=np.float16).reshape(2,3,4)",
                          "(np.arange(24) * (1+2j)).astype(np.complex128).reshape(2,3,4)",
                          "np.arange(24, dtype=np.float32).reshape(2,3,4)"}) {
    Tensor x = numpy_value(src);
    check_get(x, {Slice(), Slice(None, None, -1), 2}, ":, ::-1, 2");
    check_get(x, {{1, 0}, Slice(), {3, 0}}, "[1, 0], :, [3, 0]");
    check_get(x, {Slice(), {2, 0}}, ":, [2, 0]");
  }
  // a transposed, reversed source
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)").T().index({Slice(None, None, -1)});
  check_get(x, {1, Slice(None, None, 2)}, "1, ::2");
  check_get(x, {{0, 3}, Slice(), {1}}, "[0, 3], :, [1]");
  check_get(x, {Slice(), Slice(), std::vector<bool>{true, false}}, ":, :, [True, False]");
}

TEST(IndexingAdvanced, IntegerArrays) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_get(x, {{0, 1}}, "[0, 1]");
  check_get(x, {{1, 0, 1}}, "[1, 0, 1]");
  check_get(x, {{-1}}, "[-1]");
  check_get(x, {std::vector<int64_t>{}}, "[]");
  check_get(x, {Slice(), {0, 2}}, ":, [0, 2]");
  check_get(x, {ellipsis, {3, 0, -1}}, "..., [3, 0, -1]");
  check_get(x, {{0, 1}, {1, 2}}, "[0, 1], [1, 2]");
  check_get(x, {{0, 1}, {1, 2}, {3, 3}}, "[0, 1], [1, 2], [3, 3]");
  check_get(x, {1, {0, 0, 1}, numpy_value("np.asarray([0, 1, 1])")}, "1, [0, 0, 1], np.asarray([0, 1, 1])");  // tutorial
  check_get(x, {numpy_value("np.array([[0, 1], [1, 0]])")}, "np.array([[0, 1], [1, 0]])");
  check_get(x, {numpy_value("np.array([[0], [1]])"), {0, 1, 2}}, "np.array([[0], [1]]), [0, 1, 2]");
  check_get(x, {numpy_value("np.array(1)")}, "np.array(1)");
  check_get(x, {numpy_value("np.array(1)"), Slice(), {0, 1}}, "np.array(1), :, [0, 1]");
  check_get(x, {numpy_value("np.array([[0, 1, 1]]).T")}, "np.array([[0, 1, 1]]).T");
}

TEST(IndexingAdvanced, ResultDimensionPlacement) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  // adjacent advanced indices: the broadcast dimensions replace them in place
  check_get(x, {Slice(), {0, 1}, {1, 2}}, ":, [0, 1], [1, 2]");
  check_get(x, {Slice(), {0, 1}, 1}, ":, [0, 1], 1");
  check_get(x, {0, {0, 1}, 1}, "0, [0, 1], 1");
  check_get(x, {{0, 1}, {0, 1}, ellipsis}, "[0, 1], [0, 1], ...");
  check_get(x, {Slice(), {0, 1}, ellipsis, {0, 1}}, ":, [0, 1], ..., [0, 1]");  // empty ellipsis
  // separated by a slice, an ellipsis or newaxis: the broadcast dimensions go first
  check_get(x, {{0, 1}, Slice(), {1, 2}}, "[0, 1], :, [1, 2]");
  check_get(x, {1, Slice(), {0, 1}}, "1, :, [0, 1]");
  check_get(x, {{0, 1}, Slice(), 1}, "[0, 1], :, 1");
  check_get(x, {{0, 1}, None, {0, 1}}, "[0, 1], None, [0, 1]");
  check_get(x, {0, ellipsis, {0, 1}}, "0, ..., [0, 1]");
  check_get(x, {numpy_value("np.array([[0]])"), Slice(), numpy_value("np.array([[1, 2]])")}, "[[0]], :, [[1, 2]]");
  check_get(x, {None, {1, 0}, Slice(1, None), None}, "None, [1, 0], 1:, None");
  Tensor y = numpy_value("np.arange(6).reshape(2,3)");
  check_get(y, {{0, 1}, ellipsis, {0, 1}}, "[0, 1], ..., [0, 1]");
}

TEST(IndexingAdvanced, IndexArrayDTypes) {
  Tensor x = numpy_value("np.arange(12).reshape(3,4)");
  for (const char* dt : {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}) {
    Tensor i = numpy_value(std::string("np.array([2, 0, 1, 2], dtype=np.") + dt + ")");
    check_get(x, {i}, std::string("np.array([2, 0, 1, 2], dtype=np.") + dt + ")");
    check_get(x, {Slice(), i}, std::string(":, np.array([2, 0, 1, 2], dtype=np.") + dt + ")");
  }
  // uint64 wraps to intp as in NumPy: 2**64 - 1 is -1
  check_get(x, {numpy_value("np.array([2**64 - 1], dtype=np.uint64)")}, "np.array([2**64 - 1], dtype=np.uint64)");
  for (const char* bad : {"np.array([1.0])", "np.array([])", "np.array(1.0)", "np.array([1j])"}) {
    Tensor i = numpy_value(bad);
    check_error([&] { x.index({i}); }, std::string("x[") + bad + "]", {{"x", x}});
  }
}

TEST(IndexingAdvanced, BooleanMasks) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_get(x, {Slice(), std::vector<bool>{true, false, true}}, ":, [True, False, True]");  // tutorial
  check_get(x, {numpy_value("x > 10", {{"x", x}})}, "x > 10");
  check_get(x, {numpy_value("x[:, :, 0] % 2 == 0", {{"x", x}})}, "x[:, :, 0] % 2 == 0");
  check_get(x, {numpy_value("x[:, :, 0] % 2 == 0", {{"x", x}}), Slice(1, 3)}, "x[:, :, 0] % 2 == 0, 1:3");
  check_get(x, {Slice(), numpy_value("x[0] % 3 == 0", {{"x", x}})}, ":, x[0] % 3 == 0");
  check_get(x, {numpy_value("x[:, :, 0] > 100", {{"x", x}})}, "x[:, :, 0] > 100");
  check_get(x, {std::vector<bool>{false, true}, {2, 0}}, "[False, True], [2, 0]");
  check_get(x, {numpy_value("np.ones((2,3), bool)"), {0, 1, 2, 3, 3, 3}}, "np.ones((2,3), bool), [0, 1, 2, 3, 3, 3]");
  check_get(x, {Slice(), Slice(), numpy_value("np.array([True, False, True, True])")}, ":, :, np.array([True, False, True, True])");
  // mask as a strided view
  Tensor m = numpy_value("np.array([[True, False], [False, True], [True, True]])").T();
  check_get(x, {m}, "np.array([[True, False], [False, True], [True, True]]).T");
  // 0-d booleans add an axis of length 1 (True) or 0 (False)
  check_get(x, {true}, "True");
  check_get(x, {false}, "False");
  check_get(x, {Slice(), true}, ":, True");
  check_get(x, {Slice(), false}, ":, False");
  check_get(x, {true, {0, 1}}, "True, [0, 1]");
  check_get(x, {{0, 1}, true, {0, 1}}, "[0, 1], True, [0, 1]");
  check_get(x, {ellipsis, true}, "..., True");
  check_get(x, {true, ellipsis, {0, 1}}, "True, ..., [0, 1]");
  check_get(x, {true, true}, "True, True");
  check_get(x, {0, true}, "0, True");
  Tensor s = numpy_value("np.array(3)");
  check_get(s, {true}, "True");
  check_get(s, {numpy_value("np.array(False)")}, "np.array(False)");
}

TEST(IndexingErrors, MatchNumpy) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  Tensor y = numpy_value("np.arange(3)");
  oracle::Args a = {{"x", x}, {"y", y}};
  check_error([&] { x.index({0, 0, 0, 0}); }, "x[0, 0, 0, 0]", a);
  check_error([&] { y.index({0, 0}); }, "y[0, 0]", a);
  check_error([&] { y.index({Slice(), None, 1}); }, "y[:, None, 1]", a);
  check_error([&] { y.index({numpy_value("np.ones((3,1), bool)")}); }, "y[np.ones((3,1), bool)]", a);
  check_error([&] { y.index({5}); }, "y[5]", a);
  check_error([&] { y.index({-4}); }, "y[-4]", a);
  check_error([&] { x.index({0, 3}); }, "x[0, 3]", a);
  check_error([&] { y.index({{5}}); }, "y[[5]]", a);
  check_error([&] { y.index({{0, -4}}); }, "y[[0, -4]]", a);
  check_error([&] { x.index({{0}, 5}); }, "x[[0], 5]", a);
  check_error([&] { x.index({Slice(), {0, 1}, {9}}); }, "x[:, [0, 1], [9]]", a);
  check_error([&] { y.index({Slice(None, None, 0)}); }, "y[::0]", a);
  check_error([&] { x.index({ellipsis, ellipsis}); }, "x[..., ...]", a);
  check_error([&] { y.index({std::vector<bool>{true, false}}); }, "y[[True, False]]", a);
  check_error([&] { x.index({Slice(), std::vector<bool>{true, false}}); }, "x[:, [True, False]]", a);
  check_error([&] { x.index({numpy_value("np.ones((2,2), bool)")}); }, "x[np.ones((2,2), bool)]", a);
  check_error([&] { x.index({{0, 1}, {0, 1, 2}}); }, "x[[0, 1], [0, 1, 2]]", a);
  check_error([&] { x.index({0, {0, 1}, {0, 1, 2}}); }, "x[0, [0, 1], [0, 1, 2]]", a);
  check_error([&] { x.index({numpy_value("np.ones((2,3), bool)"), {0, 1, 2, 3}}); }, "x[np.ones((2,3), bool), [0, 1, 2, 3]]", a);
  check_error([&] { x.index({true, {0, 1}, {0, 1, 2}}); }, "x[True, [0, 1], [0, 1, 2]]", a);
  check_error([&] { x.index({false, {0, 1}}); }, "x[False, [0, 1]]", a);
  // out-of-bounds indices in an empty selection are still checked
  check_error([&] { x.index({numpy_value("np.zeros((0,), int)"), 7}); }, "x[np.zeros((0,), int), 7]", a);
}

TEST(IndexingPut, BasicIndicesWriteThroughTheView) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_put(x, {0}, "0", 7, "7");
  check_put(x, {Slice(), 1}, ":, 1", numpy_value("np.array([10, 20, 30, 40])"), "np.array([10, 20, 30, 40])");
  check_put(x, {ellipsis, Slice(None, None, 2)}, "..., ::2", -1, "-1");
  check_put(x, {Slice(None, None, -1), None, 0}, "::-1, None, 0", numpy_value("np.array([[[1]], [[2]]])"),
            "np.array([[[1]], [[2]]])");
  check_put(x, {1, 2, 3}, "1, 2, 3", 2.9, "2.9");
  check_put(x, {Slice()}, ":", numpy_value("np.ones((1, 1, 3, 4))"), "np.ones((1, 1, 3, 4))");
  check_put(x, {}, "()", true, "True");
  // a view of a view writes into the base
  Tensor b = x.copy();
  Tensor v = b.index({Slice(), Slice(None, None, -1)}).index({1, Slice(1, None)});
  v.index_put({Slice()}, 100);
  EXPECT_TRUE(same_as_numpy(b, "(lambda a: (a[:, ::-1][1, 1:].__setitem__(slice(None), 100), a)[1])(x.copy())", {{"x", x}}));
}

TEST(IndexingPut, AdvancedIndicesScatter) {
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  check_put(x, {{0, 1}}, "[0, 1]", 5, "5");
  check_put(x, {Slice(), {2, 0}}, ":, [2, 0]", numpy_value("np.arange(16).reshape(2,2,4)"), "np.arange(16).reshape(2,2,4)");
  check_put(x, {{1, 0}, Slice(), {3, 1}}, "[1, 0], :, [3, 1]", numpy_value("np.arange(3)"), "np.arange(3)");
  check_put(x, {1, {0, 0, 1}, numpy_value("np.asarray([0, 1, 1])")}, "1, [0, 0, 1], np.asarray([0, 1, 1])",
            numpy_value("np.array([-1, -2, -3])"), "np.array([-1, -2, -3])");
  check_put(x, {numpy_value("x > 10", {{"x", x}})}, "x > 10", 0, "0");
  check_put(x, {numpy_value("x % 5 == 0", {{"x", x}})}, "x % 5 == 0", numpy_value("np.arange(5) * 100"), "np.arange(5) * 100");
  check_put(x, {Slice(), std::vector<bool>{true, false, true}}, ":, [True, False, True]", numpy_value("np.arange(4.5, 8.5)"),
            "np.arange(4.5, 8.5)");
  check_put(x, {{0, 1}}, "[0, 1]", numpy_value("np.zeros((1, 1, 3, 4))"), "np.zeros((1, 1, 3, 4))");
  check_put(x, {true}, "True", -9, "-9");
  check_put(x, {false}, "False", -9, "-9");
  check_put(x, {std::vector<int64_t>{}}, "[]", 5, "5");
  // repeated indices: the last write wins, as in NumPy
  Tensor y = numpy_value("np.arange(6.0)");
  check_put(y, {{0, 0, 3, 3, 0}}, "[0, 0, 3, 3, 0]", numpy_value("np.array([1.0, 2.0, 3.0, 4.0, 5.0])"),
            "np.array([1.0, 2.0, 3.0, 4.0, 5.0])");
  // casts, including complex -> real (NumPy discards the imaginary part with a warning)
  check_put(y, {{1, 2}}, "[1, 2]", numpy_value("np.array([1.5j + 2, 3.25])"), "np.array([1.5j + 2, 3.25])");
  Tensor z = numpy_value("np.arange(6, dtype=np.int16)");
  check_put(z, {{1, 2}}, "[1, 2]", numpy_value("np.array([1.9, -2.9])"), "np.array([1.9, -2.9])");
  check_put(z, {{5}}, "[5]", numpy_value("np.array([70000])"), "np.array([70000])");
  // every item size
  for (const char* src : {"np.arange(6, dtype=np.uint8)", "np.arange(6, dtype=np.float16)",
                          "np.arange(6, dtype=np.float32)", "np.arange(6) * (1 + 1j)",
                          "np.arange(6) % 2 == 0"}) {
    Tensor t = numpy_value(src);
    check_put(t, {{4, 1}}, "[4, 1]", numpy_value("np.array([3, 2])"), "np.array([3, 2])");
  }
}

TEST(IndexingPut, OverlappingValueIsCopiedFirst) {
  Tensor x = numpy_value("np.arange(10)");
  {
    Tensor y = x.copy();
    y.index_put({Slice(1, None)}, y.index({Slice(None, -1)}));
    EXPECT_TRUE(same_as_numpy(y, "(lambda a: (a.__setitem__(slice(1, None), a[:-1]), a)[1])(x.copy())", {{"x", x}}));
  }
  {
    Tensor y = x.copy();
    y.index_put({Slice(None, -1)}, y.index({Slice(1, None)}));
    EXPECT_TRUE(same_as_numpy(y, "(lambda a: (a.__setitem__(slice(None, -1), a[1:]), a)[1])(x.copy())", {{"x", x}}));
  }
  {
    Tensor y = x.copy();
    y.index_put({{1, 2, 3, 4}}, y.index({Slice(0, 4)}));
    EXPECT_TRUE(same_as_numpy(y, "(lambda a: (a.__setitem__([1, 2, 3, 4], a[0:4]), a)[1])(x.copy())", {{"x", x}}));
  }
  {
    Tensor y = x.copy();
    y.index_put({Slice(None, None, -1)}, y);
    EXPECT_TRUE(same_as_numpy(y, "(lambda a: (a.__setitem__(slice(None, None, -1), a), a)[1])(x.copy())", {{"x", x}}));
  }
}

TEST(IndexingPut, WeakScalarsAreValueChecked) {
  Tensor u = numpy_value("np.zeros(3, np.uint8)");
  Tensor i = numpy_value("np.zeros(3, np.int64)");
  Tensor f = numpy_value("np.zeros(3)");
  Tensor b = numpy_value("np.zeros(3, bool)");
  oracle::Args a = {{"u", u}, {"i", i}, {"f", f}, {"b", b}};
  auto put = [](Tensor t, std::vector<TensorIndex> idx, ArrayLike v) { t.copy().index_put(idx, v); };
  check_error([&] { put(u, {0}, 300); }, "u.__setitem__(0, 300)", a);
  check_error([&] { put(u, {Slice()}, 300); }, "u.__setitem__(slice(None), 300)", a);
  check_error([&] { put(u, {{0, 1}}, 300); }, "u.__setitem__([0, 1], 300)", a);
  check_error([&] { put(u, {{0, 1}}, -1); }, "u.__setitem__([0, 1], -1)", a);
  check_error([&] { put(u, {0}, -1.5); }, "u.__setitem__(0, -1.5)", a, false);
  check_error([&] { put(u, {0}, 300.0); }, "u.__setitem__(0, 300.0)", a, false);
  check_error([&] { put(i, {0}, std::nan("")); }, "i.__setitem__(0, np.nan)", a);
  check_error([&] { put(i, {Slice()}, std::nan("")); }, "i.__setitem__(slice(None), np.nan)", a);
  check_error([&] { put(i, {{0}}, std::nan("")); }, "i.__setitem__([0], np.nan)", a);
  check_error([&] { put(i, {0}, -INFINITY); }, "i.__setitem__(0, -np.inf)", a);
  check_error([&] { put(i, {0}, 1e30); }, "i.__setitem__(0, 1e30)", a, false);
  check_error([&] { put(f, {0}, std::complex<double>(0, 1)); }, "f.__setitem__(0, 1j)", a, false);
  check_error([&] { put(f, {{0}}, std::complex<double>(0, 1)); }, "f.__setitem__([0], 1j)", a, false);
  check_error([&] { put(i, {0}, std::complex<double>(0, 1)); }, "i.__setitem__(0, 1j)", a, false);
  check_put(u, {0}, "0", 255, "255");
  check_put(u, {{1}}, "[1]", true, "True");
  check_put(u, {0}, "0", -0.5, "-0.5");
  check_put(i, {Slice()}, ":", 2.7, "2.7");
  check_put(i, {{0, 2}}, "[0, 2]", -2.7, "-2.7");
  check_put(b, {{0, 2}}, "[0, 2]", 5, "5");
  check_put(b, {1}, "1", std::complex<double>(0, 1), "1j");
  check_put(f, {{2}}, "[2]", int64_t{1} << 62, std::to_string(int64_t{1} << 62));
}

TEST(IndexingPut, ValueShapeErrors) {
  Tensor y = numpy_value("np.arange(3)");
  Tensor x = numpy_value("np.arange(24).reshape(2,3,4)");
  oracle::Args a = {{"x", x}, {"y", y}};
  Tensor v2 = numpy_value("np.array([1, 2])");
  check_error([&] { y.copy().index_put({{0, 1, 2}}, v2); }, setitem("y", "[0, 1, 2]", "[1, 2]"), a);
  check_error([&] { y.copy().index_put({Slice()}, v2); }, setitem("y", ":", "[1, 2]"), a);
  check_error([&] { y.copy().index_put({{0, 1, 2}}, numpy_value("np.zeros((2,3))")); },
              setitem("y", "[0, 1, 2]", "np.zeros((2,3))"), a);
  check_error([&] { x.copy().index_put({Slice(), {0, 1}}, numpy_value("np.zeros((2,2,2))")); },
              setitem("x", ":, [0, 1]", "np.zeros((2,2,2))"), a);
  check_error([&] { y.copy().index_put({std::vector<int64_t>{}}, v2); },
              setitem("y", "[]", "[1, 2]"), a);
  check_error([&] { x.copy().index_put({0}, numpy_value("np.zeros((2,3))")); }, setitem("x", "0", "np.zeros((2,3))"), a);
  check_error([&] { x.copy().index_put({0, 0, 0, 0}, 1); }, setitem("x", "0, 0, 0, 0", "1"), a);
  check_error([&] { x.copy().index_put({{5}}, 1); }, setitem("x", "[5]", "1"), a);
}

// Random index expressions over a 3-d array, against NumPy.
TEST(IndexingRandom, MixedExpressionsMatchNumpy) {
  Tensor x = numpy_value("np.arange(60).reshape(3,4,5)");
  std::mt19937 rng(1234);
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  for (int iter = 0; iter < 60; ++iter) {
    std::vector<TensorIndex> idx;
    std::string e;
    int dim = 0;
    bool used_ellipsis = false;
    int n = 1 + pick(4);
    for (int k = 0; k < n && dim < 3; ++k) {
      int size = static_cast<int>(x.shape()[dim]);
      if (!e.empty()) e += ", ";
      switch (pick(6)) {
        case 0: {
          int v = pick(2 * size) - size;
          idx.push_back(v);
          e += std::to_string(v);
          ++dim;
          break;
        }
        case 1: {
          int a = pick(2 * size + 2) - size - 1, b = pick(2 * size + 2) - size - 1, s = pick(5) - 2;
          if (s == 0) s = 1;
          idx.push_back(Slice(a, b, s));
          e += std::to_string(a) + ":" + std::to_string(b) + ":" + std::to_string(s);
          ++dim;
          break;
        }
        case 2:
          idx.push_back(None);
          e += "None";
          break;
        case 3: {
          if (used_ellipsis) { idx.push_back(Slice()); e += ":"; ++dim; break; }
          used_ellipsis = true;
          idx.push_back(ellipsis);
          e += "...";
          break;
        }
        case 4: {
          std::vector<int64_t> v;
          e += "[";
          for (int j = 0; j < 2; ++j) {
            v.push_back(pick(2 * size) - size);
            e += (j ? ", " : "") + std::to_string(v.back());
          }
          e += "]";
          idx.push_back(v);
          ++dim;
          break;
        }
        default: {
          std::vector<bool> m;
          e += "[";
          for (int j = 0; j < size; ++j) {
            m.push_back(pick(2));
            e += (j ? ", " : "") + std::string(m.back() ? "True" : "False");
          }
          e += "]";
          idx.push_back(m);
          ++dim;
          break;
        }
      }
    }
    auto o = oracle::eval("x[" + e + "]", {{"x", x}});
    if (o.error) {
      SCOPED_TRACE("x[" + e + "]");
      check_error([&] { x.index(idx); }, "x[" + e + "]", {{"x", x}}, false);
    } else {
      check_get(x, idx, e);
    }
  }
}

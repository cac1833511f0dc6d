// Shape free functions, joins/splits, tile and repeat against NumPy.
#include <gtest/gtest.h>

#include <functional>

#include "test_util.h"

using namespace parity;
using parity::testing::matches_numpy;
using parity::testing::same_array;

namespace {
// x = np.arange(24).reshape(2, 3, 4), the input most cases use
Tensor x24() { return arange(24).reshape({2, 3, 4}); }

// Compares a list of tensors with the list NumPy returns for `expr`.
::testing::AssertionResult same_list(const std::vector<Tensor>& got, const std::string& expr,
                                     const oracle::Args& args = {}) {
  auto o = oracle::eval(expr, args);
  if (o.error) return ::testing::AssertionFailure() << expr << " raised " << o.error_class;
  if (o.values.size() != got.size())
    return ::testing::AssertionFailure() << expr << ": " << got.size() << " pieces, NumPy " << o.values.size();
  for (size_t i = 0; i < got.size(); ++i) {
    auto r = same_array(got[i], o.values[i], 0);
    if (!r) return r << " (piece " << i << " of " << expr << ")";
  }
  return ::testing::AssertionSuccess();
}
}  // namespace

TEST(ShapeOps, FreeFunctionsMatchNumpy) {
  Tensor x = x24();
  oracle::Args a{{"x", x}};
  struct C { std::function<Tensor()> f; std::string np; };
  std::vector<C> cases = {
      {[&] { return reshape(x, {4, -1}); }, "np.reshape(x, (4, -1))"},
      {[&] { return transpose(x); }, "np.transpose(x)"},
      {[&] { return transpose(x, {1, 0, 2}); }, "np.transpose(x, (1, 0, 2))"},
      {[&] { return moveaxis(x, {0}, {-1}); }, "np.moveaxis(x, 0, -1)"},
      {[&] { return moveaxis(x, {0, 1}, {2, 0}); }, "np.moveaxis(x, [0, 1], [2, 0])"},
      {[&] { return swapaxes(x, 0, 2); }, "np.swapaxes(x, 0, 2)"},
      {[&] { return squeeze(reshape(x, {1, 2, 1, 12})); }, "np.squeeze(x.reshape(1, 2, 1, 12))"},
      {[&] { return squeeze(reshape(x, {1, 2, 1, 12}), std::vector<int64_t>{2}); }, "np.squeeze(x.reshape(1, 2, 1, 12), axis=2)"},
      {[&] { return expand_dims(x, {0, -1}); }, "np.expand_dims(x, (0, -1))"},
      {[&] { return broadcast_to(x, {5, 2, 3, 4}); }, "np.broadcast_to(x, (5, 2, 3, 4))"},
      {[&] { return flip(x); }, "np.flip(x)"},
      {[&] { return flip(x, std::vector<int64_t>{1}); }, "np.flip(x, 1)"},
      {[&] { return ravel(transpose(x)); }, "np.ravel(np.transpose(x))"},
      {[&] { return flatten(x); }, "x.flatten()"},
      {[&] { return ravel(asarray(5)); }, "np.ravel(np.asarray(5))"},
      {[&] { return ascontiguousarray(transpose(x)); }, "np.ascontiguousarray(np.transpose(x))"},
      {[&] { return ascontiguousarray(asarray(5)); }, "np.ascontiguousarray(np.asarray(5))"},
      {[&] { return copy(flip(x)); }, "np.copy(np.flip(x))"},
  };
  for (const auto& c : cases) EXPECT_TRUE(matches_numpy(c.f(), c.np, a, 0)) << c.np;
  // views and copies as NumPy makes them
  EXPECT_TRUE(ravel(x).shares_storage(x));
  EXPECT_FALSE(flatten(x).shares_storage(x));
  EXPECT_FALSE(copy(x).shares_storage(x));
  EXPECT_TRUE(ascontiguousarray(x).is_same_view(x));
  EXPECT_TRUE(ascontiguousarray(transpose(x)).is_contiguous());
  EXPECT_TRUE(transpose(x).shares_storage(x));
  EXPECT_RAISES_LIKE_NUMPY(reshape(x, {5, -1}), "np.reshape(x, (5, -1))", a);
  EXPECT_RAISES_LIKE_NUMPY(swapaxes(x, 0, 3), "np.swapaxes(x, 0, 3)", a);
  EXPECT_RAISES_LIKE_NUMPY(broadcast_to(x, {3, 4}), "np.broadcast_to(x, (3, 4))", a);
  EXPECT_RAISES_LIKE_NUMPY(broadcast_to(x, {-1, 3, 4}), "np.broadcast_to(x, (-1, 3, 4))", a);
}

TEST(ShapeOps, BroadcastShapesAndArrays) {
  EXPECT_EQ(broadcast_shapes({{2, 1}, {3}}), (Shape{2, 3}));
  EXPECT_EQ(broadcast_shapes({}), Shape{});
  EXPECT_EQ(broadcast_shapes({{}, {4, 1, 5}, {3, 1}}), (Shape{4, 3, 5}));
  EXPECT_EQ(broadcast_shapes({{0, 1}, {1, 7}}), (Shape{0, 7}));
  EXPECT_RAISES_LIKE_NUMPY(broadcast_shapes({{2, 1}, {3, 4}}), "np.broadcast_shapes((2, 1), (3, 4))", {});
  EXPECT_RAISES_LIKE_NUMPY(broadcast_shapes({{2}, {-1}}), "np.broadcast_shapes((2,), (-1,))", {});
  try {
    broadcast_shapes({{2, 1}, {3, 4}});
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("arg 0 with shape (2, 1) and arg 1 with shape (3, 4)"), std::string::npos) << e.what();
  }
  Tensor a = arange(3).reshape({3, 1}), b = arange(4.0);
  auto r = broadcast_arrays({a, b});
  EXPECT_TRUE(same_list(r, "np.broadcast_arrays(a, b)", {{"a", a}, {"b", b}}));
  EXPECT_TRUE(r[0].shares_storage(a));
  EXPECT_TRUE(broadcast_arrays({}).empty());
}

TEST(ShapeOps, ConcatenateMatchesNumpy) {
  struct C { std::vector<std::string> inputs; std::optional<int64_t> axis; };
  const std::vector<C> cases = {
      {{"np.arange(6).reshape(2, 3)", "np.arange(9).reshape(3, 3)"}, 0},
      {{"np.arange(6).reshape(2, 3)", "np.arange(4).reshape(2, 2)"}, 1},
      {{"np.arange(6).reshape(2, 3)", "np.arange(4).reshape(2, 2)"}, -1},
      {{"np.arange(6).reshape(2, 3)", "np.arange(9.).reshape(3, 3)"}, std::nullopt},
      {{"np.asarray(1)", "np.asarray(2.5)"}, std::nullopt},
      {{"np.arange(3, dtype=np.int8)", "np.arange(3, dtype=np.uint8)"}, 0},
      {{"np.arange(3)", "np.ones(2, bool)"}, 0},
      {{"np.ones(2, np.float16)", "np.ones(2, np.int16)"}, 0},
      {{"np.ones(2, np.float32)", "np.ones(2, np.complex64)", "np.ones(1, np.float64)"}, 0},
      {{"np.ones(2, np.uint64)", "np.ones(2, np.int64)"}, 0},
      {{"np.zeros((0, 3))", "np.ones((2, 3))", "np.zeros((0, 3))"}, 0},
      {{"np.arange(24).reshape(2, 3, 4)", "np.arange(8).reshape(2, 1, 4)"}, 1},
      {{"np.arange(5)"}, 0},
  };
  for (const auto& c : cases) {
    std::vector<Tensor> xs;
    oracle::Args args;
    std::string list;
    for (size_t i = 0; i < c.inputs.size(); ++i) {
      xs.push_back(oracle::eval_tensor(c.inputs[i]));
      std::string var = std::to_string(i);
      var.insert(var.begin(), 'x');
      args.emplace_back(var, xs.back());
      list.append(i ? ", " : "").append(var);
    }
    std::string expr = "np.concatenate([" + list + "], axis=" + (c.axis ? std::to_string(*c.axis) : "None") + ")";
    EXPECT_TRUE(matches_numpy(concatenate(xs, c.axis), expr, args, 0)) << expr;
  }
}

TEST(ShapeOps, ConcatenateNoncontiguousEqualsContiguous) {
  Tensor a = arange(12.0).reshape({3, 4}).T();          // (4, 3), transposed
  Tensor b = flip(arange(8.0).reshape({4, 2}), std::vector<int64_t>{0});  // negative strides
  Tensor r = concatenate({a, b}, 1);
  EXPECT_TRUE(same_array(r, concatenate({a.copy(), b.copy()}, 1), 0));
  EXPECT_TRUE(matches_numpy(r, "np.concatenate([a, b], axis=1)", {{"a", a}, {"b", b}}, 0));
  Tensor s = stack({a, a.copy()}, 2);
  EXPECT_TRUE(matches_numpy(s, "np.stack([a, a], axis=2)", {{"a", a}}, 0));
}

TEST(ShapeOps, ConcatenateErrorsLikeNumpy) {
  Tensor a = zeros({2, 3}), b = zeros({2, 4}), c = zeros({3});
  oracle::Args args{{"a", a}, {"b", b}, {"c", c}};
  EXPECT_RAISES_LIKE_NUMPY(concatenate({}), "np.concatenate([])", {});
  EXPECT_RAISES_LIKE_NUMPY(concatenate({asarray(1), asarray(2)}), "np.concatenate([np.array(1), np.array(2)])", {});
  EXPECT_RAISES_LIKE_NUMPY(concatenate({a, b}), "np.concatenate([a, b])", args);
  EXPECT_RAISES_LIKE_NUMPY(concatenate({a, c}), "np.concatenate([a, c])", args);
  EXPECT_RAISES_LIKE_NUMPY(concatenate({a, a}, 2), "np.concatenate([a, a], axis=2)", args);
  EXPECT_RAISES_LIKE_NUMPY(concatenate({a, a}, -3), "np.concatenate([a, a], axis=-3)", args);
  try {
    concatenate({a, b});
  } catch (const ValueError& e) {
    EXPECT_NE(std::string(e.what()).find("(2, 3) and (2, 4)"), std::string::npos) << e.what();
  }
}

TEST(ShapeOps, StackMatchesNumpy) {
  Tensor a = arange(6).reshape({2, 3}), b = arange(6.0, 12.0).reshape({2, 3});
  oracle::Args args{{"a", a}, {"b", b}};
  for (int64_t axis : {0, 1, 2, -1, -3})
    EXPECT_TRUE(matches_numpy(stack({a, b}, axis), "np.stack([a, b], axis=" + std::to_string(axis) + ")", args, 0));
  EXPECT_TRUE(matches_numpy(stack({asarray(1), asarray(2)}), "np.stack([np.array(1), np.array(2)])", {}, 0));
  EXPECT_RAISES_LIKE_NUMPY(stack({}), "np.stack([])", {});
  EXPECT_RAISES_LIKE_NUMPY(stack({a, b.reshape({3, 2})}), "np.stack([a, b.reshape(3, 2)])", args);
  EXPECT_RAISES_LIKE_NUMPY(stack({a, b}, 3), "np.stack([a, b], axis=3)", args);
  EXPECT_RAISES_LIKE_NUMPY(stack({a, b}, -4), "np.stack([a, b], axis=-4)", args);
}

TEST(ShapeOps, SplitMatchesNumpy) {
  Tensor x = arange(6), m = arange(24).reshape({4, 6});
  oracle::Args args{{"x", x}, {"m", m}};
  EXPECT_TRUE(same_list(split(x, 3), "np.split(x, 3)", args));
  EXPECT_TRUE(same_list(split(x, 1), "np.split(x, 1)", args));
  EXPECT_TRUE(same_list(split(m, 2, 1), "np.split(m, 2, axis=1)", args));
  EXPECT_TRUE(same_list(split(m, 4, -2), "np.split(m, 4, axis=-2)", args));
  EXPECT_TRUE(same_list(split(zeros({0}), 3), "np.split(np.zeros(0), 3)"));
  EXPECT_TRUE(same_list(split(x, std::vector<int64_t>{1, 10}), "np.split(x, [1, 10])", args));
  EXPECT_TRUE(same_list(split(x, std::vector<int64_t>{4, 2}), "np.split(x, [4, 2])", args));
  EXPECT_TRUE(same_list(split(x, std::vector<int64_t>{-2}), "np.split(x, [-2])", args));
  EXPECT_TRUE(same_list(split(x, std::vector<int64_t>{-10, 3}), "np.split(x, [-10, 3])", args));
  EXPECT_TRUE(same_list(split(x, std::vector<int64_t>{}), "np.split(x, [])", args));
  EXPECT_TRUE(same_list(split(m, std::vector<int64_t>{1, 3}, 1), "np.split(m, [1, 3], axis=1)", args));
  auto pieces = split(m, 2, 1);
  EXPECT_TRUE(pieces[1].shares_storage(m));  // views, as in NumPy
  EXPECT_RAISES_LIKE_NUMPY(split(arange(5), 2), "np.split(np.arange(5), 2)", {});
  EXPECT_RAISES_LIKE_NUMPY(split(arange(4), 0), "np.split(np.arange(4), 0)", {});
  EXPECT_RAISES_LIKE_NUMPY(split(arange(4), -2), "np.split(np.arange(4), -2)", {});
  EXPECT_RAISES_LIKE_NUMPY(split(m, 2, 2), "np.split(m, 2, axis=2)", args);
  EXPECT_RAISES_LIKE_NUMPY(split(asarray(1), 1), "np.split(np.array(1), 1)", {});
}

TEST(ShapeOps, TileMatchesNumpy) {
  Tensor v = arange(3), m = arange(6.0).reshape({2, 3}), s = asarray(5);
  oracle::Args args{{"v", v}, {"m", m}, {"s", s}};
  struct C { std::function<Tensor()> f; std::string np; };
  std::vector<C> cases = {
      {[&] { return tile(v, {2}); }, "np.tile(v, 2)"},
      {[&] { return tile(v, {2, 2}); }, "np.tile(v, (2, 2))"},
      {[&] { return tile(m, {2}); }, "np.tile(m, 2)"},
      {[&] { return tile(m, {3, 1, 2}); }, "np.tile(m, (3, 1, 2))"},
      {[&] { return tile(m.T(), {2, 2}); }, "np.tile(m.T, (2, 2))"},
      {[&] { return tile(m, {0, 2}); }, "np.tile(m, (0, 2))"},
      {[&] { return tile(s, {}); }, "np.tile(s, ())"},
      {[&] { return tile(s, {2, 3}); }, "np.tile(s, (2, 3))"},
      {[&] { return tile(v, {1}); }, "np.tile(v, 1)"},
  };
  for (const auto& c : cases) EXPECT_TRUE(matches_numpy(c.f(), c.np, args, 0)) << c.np;
  EXPECT_FALSE(tile(v, {1}).shares_storage(v));
  EXPECT_RAISES_LIKE_NUMPY(tile(v, {-1}), "np.tile(v, -1)", args);
}

TEST(ShapeOps, RepeatMatchesNumpy) {
  Tensor v = arange(3), m = arange(6.0).reshape({2, 3}), s = asarray(5);
  oracle::Args args{{"v", v}, {"m", m}, {"s", s}};
  struct C { std::function<Tensor()> f; std::string np; };
  std::vector<C> cases = {
      {[&] { return repeat(v, {2}); }, "np.repeat(v, 2)"},
      {[&] { return repeat(v, {1, 0, 3}); }, "np.repeat(v, [1, 0, 3])"},
      {[&] { return repeat(m, {2}); }, "np.repeat(m, 2)"},
      {[&] { return repeat(m, {1, 2}, 0); }, "np.repeat(m, [1, 2], axis=0)"},
      {[&] { return repeat(m, {2}, 1); }, "np.repeat(m, [2], axis=1)"},
      {[&] { return repeat(m, {3, 0, 1}, -1); }, "np.repeat(m, [3, 0, 1], axis=-1)"},
      {[&] { return repeat(m.T(), {2}, 0); }, "np.repeat(m.T, 2, axis=0)"},
      {[&] { return repeat(s, {3}); }, "np.repeat(s, 3)"},
      {[&] { return repeat(s, {3}, 0); }, "np.repeat(s, 3, axis=0)"},
      {[&] { return repeat(v, {0}); }, "np.repeat(v, 0)"},
  };
  for (const auto& c : cases) EXPECT_TRUE(matches_numpy(c.f(), c.np, args, 0)) << c.np;
  EXPECT_RAISES_LIKE_NUMPY(repeat(v, {-1}), "np.repeat(v, -1)", args);
  EXPECT_RAISES_LIKE_NUMPY(repeat(v, {1, 2}), "np.repeat(v, [1, 2])", args);
  EXPECT_RAISES_LIKE_NUMPY(repeat(v, {1, -2, 1}), "np.repeat(v, [1, -2, 1])", args);
  EXPECT_RAISES_LIKE_NUMPY(repeat(m, {}, 0), "np.repeat(m, [], axis=0)", args);
  EXPECT_RAISES_LIKE_NUMPY(repeat(m, {2}, 2), "np.repeat(m, 2, axis=2)", args);
  EXPECT_RAISES_LIKE_NUMPY(repeat(s, {2}, 1), "np.repeat(s, 2, axis=1)", args);
}

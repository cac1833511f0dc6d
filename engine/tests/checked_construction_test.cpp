// Construction that must be refused (issue 12): strided views that reach outside their storage,
// sizes whose products overflow, allocations too big to satisfy (errors naming the op that was
// called), and tensors on a device whose backend does not exist yet. NumPy gives the classes and
// messages; the strided cases compare with np.ndarray(shape, dtype, buffer, offset, strides).
#include <gtest/gtest.h>

#include <memory>

#include "allocator.h"
#include "shape_util.h"
#include "test_util.h"

using namespace parity;
using parity::testing::check_error;

namespace {

std::shared_ptr<Storage> three_doubles() {
  auto s = detail::make_storage(3 * 8);
  for (int i = 0; i < 3; ++i) static_cast<double*>(s->data())[i] = i;
  return s;
}

// The engine's message, or "" when nothing was raised.
template <class E, class F>
std::string message_of(F f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// NumPy's MemoryError text for `shape_py` and `dtype`, built by NumPy's own exception class
// (asking NumPy to allocate exabytes would trip a sanitizer's allocator).
std::string numpy_oom(const std::string& shape_py, const std::string& dtype) {
  return oracle::eval_str("str(np._core._exceptions._ArrayMemoryError(" + shape_py + ", np.dtype('" + dtype + "')))");
}

}  // namespace

// ---- the public strided constructor checks every reachable element ----

TEST(CheckedConstruction, StridesAndOffsetsOutsideTheStorageRaise) {
  struct C { Shape shape; Strides strides; int64_t offset; const char* np; };  // np: byte strides and offset
  const C cases[] = {
      {{2}, {int64_t{1} << 40}, 0, "(2,), np.float64, b, 0, (8 * 2**40,)"},
      {{1}, {1}, int64_t{1} << 40, "(1,), np.float64, b, 8 * 2**40, (8,)"},
      {{3}, {1}, 2, "(3,), np.float64, b, 16, (8,)"},       // reads past the end
      {{3}, {-1}, 1, "(3,), np.float64, b, 8, (-8,)"},      // reaches before the start
      {{3}, {int64_t{1} << 59}, 0, "(3,), np.float64, b, 0, (2**62,)"},  // bytes overflow int64
      {{2, 2}, {INT64_MAX / 2, 1}, 0, "(2, 2), np.float64, b, 0, (2**62, 8)"},
      {{1}, {1}, INT64_MAX, "(1,), np.float64, b, 2**63 - 8, (8,)"},
  };
  for (const C& c : cases) {
    SCOPED_TRACE(shape_str(c.shape) + " strides " + shape_str(c.strides) + " offset " + std::to_string(c.offset));
    auto make = [&] { Tensor t(three_doubles(), float64, c.shape, c.strides, c.offset); (void)t.repr(); };
    check_error(make, "np.ndarray(" + std::string(c.np) + ")", {{"b", zeros({3})}});
    std::string m = message_of<ValueError>(make);
    EXPECT_TRUE(contains(m, "[Tensor]")) << m;
    for (const std::string& part : {shape_str(c.shape), shape_str(c.strides), "offset " + std::to_string(c.offset),
                                    std::string("storage of 24 bytes")})
      EXPECT_TRUE(contains(m, part)) << "no " << part << " in: " << m;
  }
}

TEST(CheckedConstruction, ViewsInsideTheStorageStillWork) {
  oracle::Args b = {{"b", arange(3.0)}};
  EXPECT_TRUE(parity::testing::matches_numpy(Tensor(three_doubles(), float64, {3}, {-1}, 2),
                                             "np.ndarray((3,), np.float64, b, 16, (-8,))", b));
  EXPECT_TRUE(parity::testing::matches_numpy(Tensor(three_doubles(), float64, {2, 2}, {1, 1}, 0),
                                             "np.ndarray((2, 2), np.float64, b, 0, (8, 8))", b));
  EXPECT_TRUE(parity::testing::matches_numpy(Tensor(three_doubles(), float64, {4}, {0}, 2),
                                             "np.ndarray((4,), np.float64, b, 16, (0,))", b));
  // A 0-size shape reaches nothing, whatever its strides; size-1 axes never step.
  EXPECT_EQ(Tensor(three_doubles(), float64, {0, 5}, {int64_t{1} << 40, 1}, 0).size(), 0);
  EXPECT_EQ(Tensor(three_doubles(), float64, {1}, {int64_t{1} << 40}, 2).item<double>(), 2.0);
  EXPECT_THROW(Tensor(three_doubles(), float64, {3}, {1, 1}, 0), ValueError);  // one stride per axis
  EXPECT_THROW(Tensor(three_doubles(), float64, {-1}, {1}, 0), ValueError);
}

// ---- sizes that overflow ----

TEST(CheckedSizes, BroadcastToAHugeShapeRaisesLikeNumPy) {
  Tensor one = ones({1, 1});
  check_error([&] { one.broadcast_to({int64_t{1} << 32, int64_t{1} << 32}); },
              "np.broadcast_to(x, (2**32, 2**32))", {{"x", one}}, true);
  EXPECT_TRUE(contains(message_of<ValueError>([&] { broadcast_to(one, {int64_t{1} << 32, int64_t{1} << 32}); }),
                       "[broadcast_to]"));
  check_error([&] { broadcast_to(ones({1}, int16), {int64_t{1} << 62}); },
              "np.broadcast_to(np.ones(1, np.int16), (2**62,))", {}, true);
  // The limit is NumPy's: size * itemsize fits in int64, 0 dimensions left out.
  EXPECT_EQ(broadcast_to(ones({1}, int8), {INT64_MAX}).size(), INT64_MAX);
  // First the iterator's size (all dimensions), then size * itemsize (0 dimensions left out).
  const int64_t big = int64_t{1} << 62;
  struct C { Shape shape; const char* np; };
  for (const C& c : {C{{big, 0}, "(2**62, 0)"}, C{{0, big, big}, "(0, 2**62, 2**62)"}, C{{big, 4}, "(2**62, 4)"}}) {
    Tensor x = ones(Shape(c.shape.size(), 1), int16);
    check_error([&] { x.broadcast_to(c.shape); }, std::string("np.broadcast_to(x, ") + c.np + ")", {{"x", x}}, true);
  }
}

TEST(CheckedSizes, ReshapeToAHugeShapeRaisesLikeNumPy) {
  Tensor e = zeros({0});
  check_error([&] { e.reshape({int64_t{1} << 40, int64_t{1} << 40, 0}); }, "x.reshape(2**40, 2**40, 0)", {{"x", e}});
  check_error([&] { e.reshape({int64_t{1} << 40, int64_t{1} << 40, 0, -1}); }, "x.reshape(2**40, 2**40, 0, -1)",
              {{"x", e}});
  check_error([&] { e.reshape({0, int64_t{1} << 40, int64_t{1} << 40}); }, "x.reshape(0, 2**40, 2**40)", {{"x", e}},
              true);
  check_error([&] { zeros({3}).reshape({int64_t{1} << 32, int64_t{1} << 32}); }, "np.zeros(3).reshape(2**32, 2**32)",
              {});
}

// ---- creation errors name the op called, with NumPy's messages ----

TEST(CheckedSizes, CreationOfAHugeShapeNamesTheOp) {
  const Shape huge = {int64_t{1} << 40, int64_t{1} << 40};
  struct C { const char* op; std::function<void()> f; };
  const C cases[] = {
      {"zeros", [&] { zeros(huge); }},
      {"empty", [&] { empty(huge); }},
      {"ones", [&] { ones(huge); }},
      {"full", [&] { full(huge, Scalar(2.0)); }},
  };
  for (const C& c : cases) {
    SCOPED_TRACE(c.op);
    check_error(c.f, std::string("np.") + c.op + "((2**40, 2**40)" + (c.op == std::string("full") ? ", 2.0)" : ")"),
                {}, true);
    EXPECT_EQ(message_of<ValueError>(c.f).rfind(std::string("[") + c.op + "]", 0), 0u) << message_of<ValueError>(c.f);
  }
  check_error([] { arange(Scalar(int64_t{0}), Scalar(int64_t{1} << 61), Scalar(int64_t{1}), float64); },
              "np.arange(2**61, dtype=np.float64)", {}, true);
  check_error([] { zeros({-1}); }, "np.zeros((-1,))", {}, true);
}

TEST(CheckedSizes, AllocationFailureIsNumPysMemoryError) {
  const int64_t n = int64_t{1} << 59;  // 4 EiB of float64: no machine has it
  const Tensor proto = broadcast_to(ones({1}), {n});
  struct C { const char* op; std::function<void()> f; const char* dtype; };
  const C cases[] = {
      {"zeros", [&] { zeros({n}); }, "float64"},
      {"empty", [&] { empty({n}); }, "float64"},
      {"ones", [&] { ones({n}); }, "float64"},
      {"full", [&] { full({n}, Scalar(2.0)); }, "float64"},
      {"zeros_like", [&] { zeros_like(proto); }, "float64"},
      {"empty_like", [&] { empty_like(proto); }, "float64"},
      {"ones_like", [&] { ones_like(proto); }, "float64"},
      {"full_like", [&] { full_like(proto, Scalar(2.0)); }, "float64"},
      {"arange", [&] { arange(Scalar(n)); }, "int64"},
      {"copy", [&] { proto.copy(); }, "float64"},
  };
  const std::string np_msg = numpy_oom("(2**59,)", "float64");
  ASSERT_EQ(np_msg, "Unable to allocate 4.00 EiB for an array with shape (576460752303423488,) and data type float64");
  for (const C& c : cases) {
    SCOPED_TRACE(c.op);
    const std::string m = message_of<MemoryError>(c.f);
    EXPECT_EQ(m, std::string("[") + c.op + "] " + numpy_oom("(2**59,)", c.dtype));
  }
  // Raw storage has no shape or dtype to name; it is refused before asking the allocator.
  EXPECT_EQ(message_of<MemoryError>([] { detail::make_storage(int64_t{1} << 60); }),
            "[Storage] Unable to allocate 1.00 EiB (1152921504606846976 bytes)");
}

TEST(CheckedSizes, ByteSizesAreWrittenAsNumPyWritesThem) {
  for (int64_t b : {int64_t{0}, int64_t{1}, int64_t{1023}, int64_t{1024}, int64_t{1000} << 10, (int64_t{2047} << 9),
                    int64_t{1048063}, int64_t{1} << 39, int64_t{3} << 40, int64_t{1} << 62, INT64_MAX}) {
    SCOPED_TRACE(b);
    EXPECT_EQ(byte_size_str(b),
              oracle::eval_str("np._core._exceptions._ArrayMemoryError._size_to_string(" + std::to_string(b) + ")"));
  }
}

// ---- device storage is only made where the device exists ----

TEST(CheckedDevice, CudaStorageNeedsACudaDevice) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present (CudaDevice tests cover it)";
  for (auto make : std::vector<std::function<void()>>{
           [] { Storage s(16, Device::cuda); },
           [] { detail::make_storage(16, Device::cuda); }}) {
    const std::string m = message_of<RuntimeError>(make);
    EXPECT_TRUE(contains(m, "[Storage] cuda:0 is not available")) << m;
  }
  EXPECT_EQ(Storage(16, Device::cpu).device(), Device::cpu);
}

TEST(CheckedSizes, TileAndRepeatToAHugeSizeNameTheirOp) {
  Tensor x = ones({2});
  check_error([&] { tile(x, {int64_t{1} << 59}); }, "np.tile(x, 2**59)", {{"x", x}}, true);
  EXPECT_TRUE(contains(message_of<ValueError>([&] { tile(x, {int64_t{1} << 59}); }), "[tile]"));
  check_error([&] { repeat(x, {int64_t{1} << 61}); }, "np.repeat(x, 2**61)", {{"x", x}}, true);
  EXPECT_TRUE(contains(message_of<ValueError>([&] { repeat(x, {int64_t{1} << 61}); }), "[repeat]"));
}

TEST(CheckedSizes, UfuncOutputOfAHugeBroadcastNamesTheUfunc) {
  Tensor a = broadcast_to(ones({1}), {int64_t{1} << 31, 1}), b = broadcast_to(ones({1}), {1, int64_t{1} << 31});
  check_error([&] { add(a, b); }, "np.add(a, b)", {{"a", a}, {"b", b}}, true);
  EXPECT_TRUE(contains(message_of<ValueError>([&] { add(a, b); }), "[add]"));
}

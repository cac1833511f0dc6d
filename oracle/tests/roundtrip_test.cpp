// Tensor <-> ndarray conversions for every dtype and layout, and eval's error handling.
// Expected values come from NumPy's own view of the bytes (tobytes, shares_memory, ctypes.data).
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include <pybind11/eval.h>
#include <pybind11/stl.h>

#include "parity/numpy_convert.h"
#include "parity/oracle.h"

namespace py = pybind11;

namespace parity::oracle {
namespace {

// Python helpers: 64-byte aligned arrays over random bytes; bytes of a value in a dtype.
constexpr const char* kHelpers = R"(
import numpy as np, ml_dtypes
def _rt_dtype(name):
    return np.dtype(ml_dtypes.bfloat16) if name == 'bfloat16' else np.dtype(name)
def _rt_aligned_bytes(nbytes, offset=0):
    buf = np.empty(nbytes + offset + 64, np.uint8)
    start = (-buf.ctypes.data) % 64 + offset
    return buf[start:start + nbytes]
def _rt_random(shape, name, offset=0, seed=0):
    dt = _rt_dtype(name)
    n = int(np.prod(shape, dtype=np.int64))
    raw = _rt_aligned_bytes(n * dt.itemsize, offset)
    rng = np.random.default_rng(seed)
    raw[:] = rng.integers(0, 256, raw.size, dtype=np.uint8)
    if dt.kind == 'b':
        raw[:] &= 1
    return raw.view(dt).reshape(shape)
)";

py::dict& ns() {
  static py::dict* d = [] {
    start_interpreter();
    auto* n = new py::dict();
    py::exec(kHelpers, *n);
    return n;
  }();
  return *d;
}

py::object py_eval(const std::string& expr) { return py::eval(expr, ns()); }

// A contiguous tensor of `shape` whose bytes are random (NaN payloads, -0.0, subnormals...);
// bool elements are 0 or 1.
Tensor random_tensor(DType d, const Shape& shape, uint32_t seed = 1) {
  int64_t n = 1;
  for (auto s : shape) n *= s;
  Strides st(shape.size());
  int64_t acc = 1;
  for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    st[i] = acc;
    acc *= std::max<int64_t>(shape[i], 1);
  }
  Tensor t(std::make_shared<Storage>(n * itemsize(d)), d, shape, st, 0);
  std::mt19937 rng(seed);
  auto* p = static_cast<unsigned char*>(t.data_ptr());
  for (int64_t i = 0; i < t.nbytes(); ++i) p[i] = static_cast<unsigned char>(d == DType::Bool ? rng() & 1 : rng());
  return t;
}

// The tensor's elements in C order, as bytes, copied by the engine.
std::string engine_bytes(const Tensor& t) {
  Tensor c = t.contiguous();
  return c.nbytes() ? std::string(static_cast<const char*>(c.data_ptr()), static_cast<size_t>(c.nbytes())) : "";
}
// The array's elements in C order, as bytes, copied by NumPy.
std::string numpy_bytes(const py::handle& a) { return a.attr("tobytes")().cast<std::string>(); }
uintptr_t numpy_ptr(const py::handle& a) { return a.attr("ctypes").attr("data").cast<uintptr_t>(); }

std::vector<int64_t> as_vector(const py::handle& tuple) { return tuple.cast<std::vector<int64_t>>(); }

struct Layout {
  std::string name;
  Tensor base;  // the tensor whose storage the view shares
  Tensor view;
};

// Every layout the brief names, built from engine views of a random tensor.
std::vector<Layout> layouts(DType d) {
  std::vector<Layout> v;
  Tensor b3 = random_tensor(d, {3, 4, 5}, 1);
  v.push_back({"contiguous", b3, b3});
  v.push_back({"transposed", b3, b3.T()});
  Tensor b1 = random_tensor(d, {20}, 2);
  v.push_back({"stepped", b1, b1.index({Slice(None, None, 2)})});
  v.push_back({"stepped2d", b3, b3.index({Slice(None, None, 2), Slice(1, None, 3)})});
  v.push_back({"negative", b3, b3.flip()});
  v.push_back({"negative_stepped", b1, b1.index({Slice(None, None, -3)})});
  Tensor bb = random_tensor(d, {3, 1, 5}, 3);
  v.push_back({"broadcast", bb, bb.broadcast_to({4, 3, 7, 5})});
  Tensor b2 = random_tensor(d, {6, 7}, 4);
  v.push_back({"offset", b2, b2.index({Slice(2, 5), Slice(1, None)})});
  v.push_back({"zero_d_view", b3, b3.index({1, 2, 3})});
  Tensor z = random_tensor(d, {}, 5);
  v.push_back({"zero_d", z, z});
  Tensor e = random_tensor(d, {1, 0, 3}, 6);
  v.push_back({"empty", e, e});
  v.push_back({"empty_view", b3, b3.index({Slice(2, 1)})});
  Tensor b12 = random_tensor(d, Shape(12, 2), 7);
  v.push_back({"12d", b12, b12.transpose({11, 0, 10, 1, 9, 2, 8, 3, 7, 4, 6, 5}).flip(std::vector<int64_t>{3, 7})});
  return v;
}

class Convert : public ::testing::TestWithParam<DType> {};

std::string dtype_param_name(const ::testing::TestParamInfo<DType>& info) { return name(info.param); }

TEST_P(Convert, TensorToNumpySharesMemory) {
  const DType d = GetParam();
  py::object want_dtype = py_eval("_rt_dtype")(name(d));
  for (const Layout& l : layouts(d)) {
    SCOPED_TRACE(l.name);
    py::array a = to_numpy(l.view);
    EXPECT_TRUE(a.dtype().equal(want_dtype));
    EXPECT_EQ(as_vector(a.attr("shape")), l.view.shape());
    EXPECT_EQ(as_vector(a.attr("strides")), l.view.byte_strides());
    EXPECT_EQ(numpy_bytes(a), engine_bytes(l.view));
    if (l.view.size() == 0) continue;
    EXPECT_EQ(numpy_ptr(a), reinterpret_cast<uintptr_t>(l.view.data_ptr()));
    py::array whole = to_numpy(l.base);  // another view of the same storage
    EXPECT_TRUE(py_eval("np.shares_memory")(a, whole).cast<bool>());
    // Back to a tensor: the same storage, the same view.
    Tensor back = from_numpy(a);
    EXPECT_TRUE(back.is_same_view(l.view)) << "offset " << back.offset() << " vs " << l.view.offset();
    // A read-only view (broadcast_to) gives a read-only array: NumPy refuses writes too.
    EXPECT_EQ(a.writeable(), l.view.writeable());
    if (!l.view.writeable()) continue;
    // Writes in NumPy show in the tensor, and the engine's writes show in NumPy.
    py::tuple first(a.ndim());
    for (py::ssize_t i = 0; i < a.ndim(); ++i) first[i] = 0;
    a[first] = py::int_(1);
    std::string one = numpy_bytes(py_eval("np.ones")(py::tuple(), want_dtype));
    EXPECT_EQ(std::memcmp(l.view.data_ptr(), one.data(), one.size()), 0);
    std::memset(l.view.data_ptr(), 0, static_cast<size_t>(l.view.itemsize()));
    EXPECT_FALSE(py::bool_(a[first]).cast<bool>());
  }
}

TEST_P(Convert, ArrayKeepsStorageAlive) {
  const DType d = GetParam();
  ns();  // start the interpreter before making any Python object
  py::object a;
  std::weak_ptr<Storage> weak;
  std::string bytes;
  {
    Tensor t = random_tensor(d, {4, 5});
    weak = t.storage();
    bytes = engine_bytes(t);
    a = to_numpy(t.T());
  }
  ASSERT_FALSE(weak.expired());  // the capsule holds it
  EXPECT_EQ(numpy_bytes(a.attr("T")), bytes);
  a = py::none();
  py_eval("__import__('gc').collect")();
  EXPECT_TRUE(weak.expired());
}

TEST_P(Convert, NumpyToTensorWrapsAlignedArrays) {
  const DType d = GetParam();
  const std::string dn = name(d);
  struct Made { const char* name; std::string expr; };
  const std::vector<Made> wrapped = {
      {"contiguous", "_rt_random((5, 6), '" + dn + "')"},
      {"transposed", "_rt_random((5, 6), '" + dn + "').T"},
      {"stepped", "_rt_random((20,), '" + dn + "')[::2]"},
      {"negative", "_rt_random((4, 6), '" + dn + "')[::-1, ::2]"},
      {"broadcast", "np.broadcast_to(_rt_random((3, 1), '" + dn + "'), (2, 3, 4))"},
      {"zero_d", "_rt_random((), '" + dn + "')"},
      {"12d", "_rt_random((2,) * 12, '" + dn + "').transpose(tuple(range(11, -1, -1)))[::-1]"},
  };
  for (const Made& m : wrapped) {
    SCOPED_TRACE(m.name);
    py::array a = py_eval(m.expr);
    const auto refs = a.ref_count();
    Tensor t = from_numpy(a);
    EXPECT_EQ(t.dtype(), d);
    EXPECT_EQ(t.shape(), as_vector(a.attr("shape")));
    EXPECT_EQ(t.byte_strides(), as_vector(a.attr("strides")));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data_ptr()), numpy_ptr(a)) << "copied";
    EXPECT_EQ(a.ref_count(), refs + 1) << "the storage holds the array";
    EXPECT_EQ(engine_bytes(t), numpy_bytes(a));
    t = Tensor();
    EXPECT_EQ(a.ref_count(), refs);
  }
}

TEST_P(Convert, NumpyToTensorCopiesWhenLayoutDemands) {
  const DType d = GetParam();
  const std::string dn = name(d);
  const int64_t isz = itemsize(d);
  struct Made { const char* name; std::string expr; bool copies; };
  const std::vector<Made> made = {
      {"misaligned_frombuffer", "np.frombuffer(_rt_random((41 * " + std::to_string(isz) + ",), 'bool').tobytes(), _rt_dtype('" + dn +
                                    "'), count=40, offset=1)", true},
      {"misaligned_offset", "_rt_random((6, 7), '" + dn + "', offset=" + std::to_string(isz) + ")", true},
      {"offset_view", "_rt_random((6, 7), '" + dn + "')[2:5, 1:]", true},
      // A field of a packed record: the stride is the itemsize plus one byte.
      {"odd_stride", "_rt_random((9 * " + std::to_string(isz + 1) + ",), 'bool').view(np.dtype([('v', _rt_dtype('" + dn +
                         "')), ('pad', 'u1')]))['v']", isz > 1},
  };
  for (const Made& m : made) {
    SCOPED_TRACE(m.name);
    py::array a = py_eval(m.expr);
    Tensor t = from_numpy(a);
    EXPECT_EQ(t.dtype(), d);
    EXPECT_EQ(t.shape(), as_vector(a.attr("shape")));
    EXPECT_EQ(engine_bytes(t), numpy_bytes(a));
    bool shares = reinterpret_cast<uintptr_t>(t.data_ptr()) == numpy_ptr(a);
    EXPECT_EQ(!shares, m.copies);
    if (m.copies) {
      // 64-byte aligned, or 16 for blocks up to 1 KiB (engine/src/allocator.h)
      EXPECT_EQ(reinterpret_cast<uintptr_t>(t.storage()->data()) % (t.nbytes() > 1024 ? 64 : 16), 0u);
      EXPECT_TRUE(t.is_contiguous());
    }
  }
}

TEST_P(Convert, EmptyArraysKeepTheirShape) {
  const DType d = GetParam();
  for (const char* shape : {"(0,)", "(1, 0, 3)", "(4, 0)"}) {
    Tensor t = from_numpy(py_eval(std::string("np.empty(") + shape + ", _rt_dtype('" + name(d) + "'))"));
    EXPECT_EQ(t.dtype(), d);
    EXPECT_EQ(t.size(), 0);
    EXPECT_EQ(shape_str(t.shape()), shape);
  }
}

// tensor -> NumPy copy -> tensor keeps every byte: NaN payloads, signaling NaNs, -0.0.
TEST_P(Convert, RoundTripKeepsBytes) {
  const DType d = GetParam();
  Tensor t = random_tensor(d, {7, 9}, 11);
  if (is_inexact(d)) {  // plant the special patterns in the first elements
    const int64_t part = is_complex(d) ? itemsize(d) / 2 : itemsize(d);
    auto* p = static_cast<unsigned char*>(t.data_ptr());
    auto put = [&](int64_t i, uint64_t bits) { std::memcpy(p + i * part, &bits, static_cast<size_t>(part)); };
    const int mant = part == 8 ? 52 : part == 4 ? 23 : d == DType::BFloat16 ? 7 : 10;
    const uint64_t sign = uint64_t{1} << (part * 8 - 1), exp = (sign - 1) & ~((uint64_t{1} << mant) - 1);
    put(0, sign);                                // -0.0
    put(1, exp | 1);                             // signaling NaN, payload 1
    put(2, exp | (uint64_t{1} << (mant - 1)) | 5);  // quiet NaN, payload 5
    put(3, sign | exp | 3);                      // negative signaling NaN
    put(4, 1);                                   // smallest subnormal
  }
  for (const Tensor& v : {t, t.T(), t.index({Slice(None, None, -2), Slice(1, None, 3)})}) {
    py::object copy = to_numpy(v).attr("copy")();
    Tensor back = from_numpy(copy);
    EXPECT_FALSE(back.shares_storage(v));
    EXPECT_EQ(engine_bytes(back), engine_bytes(v));
    EXPECT_EQ(engine_bytes(from_numpy(to_numpy(v))), engine_bytes(v));
  }
}

INSTANTIATE_TEST_SUITE_P(AllDTypes, Convert, ::testing::ValuesIn(kAllDTypes), dtype_param_name);

TEST(Convert, ScalarsBecomeZeroDTensors) {
  struct S { const char* expr; DType d; double v; };
  for (const S& s : {S{"np.float32(2.5)", DType::Float32, 2.5}, S{"np.int16(-7)", DType::Int16, -7},
                     S{"ml_dtypes.bfloat16(3)", DType::BFloat16, 3}, S{"np.bool_(True)", DType::Bool, 1},
                     S{"5", DType::Int64, 5}, S{"1.5", DType::Float64, 1.5}, S{"True", DType::Bool, 1},
                     S{"np.uint64(2**64 - 1)", DType::UInt64, 18446744073709551615.0}}) {
    SCOPED_TRACE(s.expr);
    Tensor t = from_numpy(py_eval(s.expr));
    EXPECT_EQ(t.dtype(), s.d);
    EXPECT_EQ(t.ndim(), 0);
    EXPECT_EQ(t.to_double_vector().at(0), s.v);
  }
  Tensor c = from_numpy(py_eval("np.complex64(1 - 2j)"));
  EXPECT_EQ(c.dtype(), DType::Complex64);
  EXPECT_EQ(c.ndim(), 0);
  EXPECT_EQ(c.item<complex64_t>(), complex64_t(1, -2));
  Tensor dt = from_numpy(py_eval("np.dtype('uint16')"));
  EXPECT_EQ(dt.dtype(), DType::UInt16);
  EXPECT_EQ(dt.ndim(), 0);
}

TEST(Convert, UnsupportedDTypesRaiseTypeError) {
  struct U { const char* expr; const char* says; };
  for (const U& u : {U{"np.arange(3, dtype='>f4')", "byte order"}, U{"np.arange(3, dtype='>i8')[::-1]", "byte order"},
                     U{"np.array([1, 'a'], dtype=object)", "dtype('O')"}, U{"np.zeros(2, np.longdouble)", "float128"},
                     U{"np.array(['ab'])", "<U2"}, U{"np.zeros(2, 'M8[s]')", "M8[s]"},
                     U{"np.zeros(2, [('a', 'i4')])", "dtype"}, U{"np.zeros(2, ml_dtypes.float8_e4m3fn)", "float8"}}) {
    SCOPED_TRACE(u.expr);
    try {
      from_numpy(py_eval(u.expr));
      ADD_FAILURE() << "no TypeError";
    } catch (const TypeError& e) {
      EXPECT_NE(std::string(e.what()).find(u.says), std::string::npos) << e.what();
    }
  }
}

// An off-CPU tensor goes through the copying path (its storage is not NumPy's to view).
TEST(Convert, DeviceTensorIsCopied) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device";
  Tensor h = random_tensor(DType::Float32, {3, 4});
  Tensor t = h.to(Device::cuda);
  py::array a = to_numpy(t.T());
  EXPECT_NE(numpy_ptr(a), reinterpret_cast<uintptr_t>(t.device_ptr()));
  EXPECT_EQ(numpy_bytes(a), engine_bytes(h.T()));
}

// ---- eval: Python errors come back as outcomes, never as C++ exceptions ----

TEST(Eval, PythonErrorsBecomeOutcomes) {
  struct E { const char* expr; const char* cls; const char* base; };
  for (const E& e : {E{"1/0", "ZeroDivisionError", "ArithmeticError"}, E{"1 +", "SyntaxError", "Exception"},
                     E{"no_such_name", "NameError", "Exception"}, E{"np.add(np.ones(2), np.ones(3))", "ValueError", "Exception"},
                     E{"np.sum(np.ones(2), axis=3)", "AxisError", "IndexError"}, E{"np.ones(2).no_such", "AttributeError", "Exception"}}) {
    SCOPED_TRACE(e.expr);
    Outcome o;
    ASSERT_NO_THROW(o = eval(e.expr));
    EXPECT_TRUE(o.error);
    EXPECT_FALSE(o.crashed);
    EXPECT_EQ(o.error_class, e.cls);
    EXPECT_TRUE(o.raised(e.base));
    EXPECT_FALSE(o.error_message.empty());
    EXPECT_TRUE(o.values.empty());
  }
}

TEST(Eval, UnconvertibleResultIsAnOracleFailure) {
  Outcome o;
  ASSERT_NO_THROW(o = eval("np.array(['a', 'b'])"));
  EXPECT_TRUE(o.error);
  EXPECT_TRUE(o.crashed);
  EXPECT_EQ(o.error_class, "OracleError");
  EXPECT_NE(o.error_message.find("<U1"), std::string::npos) << o.error_message;
}

TEST(Eval, RecordsNumpyVersionAndWarnings) {
  Tensor x = random_tensor(DType::Float64, {3});
  Outcome o = eval("np.log(np.zeros(2)), a", {{"a", x}});
  EXPECT_FALSE(o.error);
  EXPECT_EQ(o.reference, "numpy " + py_eval("np.__version__").cast<std::string>());
  EXPECT_EQ(o.reference, "numpy " + numpy_version());
  ASSERT_EQ(o.values.size(), 2u);
  EXPECT_EQ(o.warnings, std::vector<std::string>{"RuntimeWarning"});
  EXPECT_TRUE(o.values[1].is_same_view(x));  // an argument handed back is the tensor itself
  EXPECT_EQ(eval("1/0").reference, o.reference);
}

TEST(Eval, ArgumentsShareMemory) {
  Tensor x = random_tensor(DType::Int32, {4, 3});
  EXPECT_EQ(eval_str("a.ctypes.data == b.ctypes.data and np.shares_memory(a, b.T)", {{"a", x}, {"b", x.T().T()}}), "True");
  exec("pass");
  Tensor y = eval_tensor("a.T[::-1]", {{"a", x}});
  EXPECT_TRUE(y.shares_storage(x));
  EXPECT_EQ(engine_bytes(y), engine_bytes(x.T().flip(std::vector<int64_t>{0})));
  EXPECT_THROW(eval_str("1/0"), std::runtime_error);
  EXPECT_THROW(exec("raise KeyError('k')"), std::runtime_error);
}

}  // namespace
}  // namespace parity::oracle

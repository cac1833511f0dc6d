// DLPack (parity/dlpack.h): zero-copy both ways, the producer's deleter run exactly once when the
// last view dies, and typed errors for what the engine cannot hold. Values through DLPack are
// checked against NumPy's np.from_dlpack by the suites (the from_dlpack entry).
#include <gtest/gtest.h>

#include <dlpack/dlpack.h>

#include "parity/dlpack.h"
#include "parity/errors.h"
#include "parity/ops.h"

using namespace parity;

namespace {

TEST(DLPack, RoundTripSharesMemory) {
  Tensor x = arange(Scalar(24.0)).astype(DType::Float32).reshape({4, 6});
  Tensor v = x.transpose().index({Slice(1, 5), Slice(None, None, -2)});  // strided, offset, negative
  Tensor y = from_dlpack(v);
  EXPECT_EQ(y.shape(), v.shape());
  EXPECT_EQ(y.strides(), v.strides());
  EXPECT_EQ(y.data_ptr(), v.data_ptr());  // the same first element: no copy
  EXPECT_TRUE(all(equal(y, v)).item<bool>());
}

TEST(DLPack, ProducerDeleterRunsOnceWhenTheLastViewDies) {
  static int deleted = 0;
  deleted = 0;
  static double data[6] = {1, 2, 3, 4, 5, 6};
  static int64_t shape[2] = {2, 3};
  auto* m = new DLManagedTensor{};
  m->dl_tensor.data = data;
  m->dl_tensor.device = {kDLCPU, 0};
  m->dl_tensor.ndim = 2;
  m->dl_tensor.dtype = {kDLFloat, 64, 1};
  m->dl_tensor.shape = shape;
  m->dl_tensor.strides = nullptr;  // C order
  m->deleter = [](DLManagedTensor* self) {
    ++deleted;
    delete self;
  };
  {
    Tensor t = from_dlpack(m);
    Tensor col = t.index({Slice(), 1});
    t = Tensor();
    EXPECT_EQ(deleted, 0);
    EXPECT_EQ(col.index({1}).item<double>(), 5.0);
  }
  EXPECT_EQ(deleted, 1);
}

TEST(DLPack, UnsupportedDtypeAndDeviceRaiseAndStillDelete) {
  static int deleted = 0;
  deleted = 0;
  static float data[4] = {};
  static int64_t shape[1] = {4};
  auto make = [](DLDataType t, DLDevice dev) {
    auto* m = new DLManagedTensor{};
    m->dl_tensor.data = data;
    m->dl_tensor.device = dev;
    m->dl_tensor.ndim = 1;
    m->dl_tensor.dtype = t;
    m->dl_tensor.shape = shape;
    m->deleter = [](DLManagedTensor* self) {
      ++deleted;
      delete self;
    };
    return m;
  };
  EXPECT_THROW(from_dlpack(make({kDLFloat, 32, 4}, {kDLCPU, 0})), TypeError);     // vector lanes
  EXPECT_THROW(from_dlpack(make({kDLFloat, 8, 1}, {kDLCPU, 0})), TypeError);      // no float8
  EXPECT_THROW(from_dlpack(make({kDLFloat, 32, 1}, {kDLMetal, 0})), ValueError);  // another device
  EXPECT_EQ(deleted, 3);
  try {
    from_dlpack(make({kDLComplex, 32, 1}, {kDLCPU, 0}));
    FAIL();
  } catch (const TypeError& e) {
    EXPECT_NE(std::string(e.what()).find("[from_dlpack]"), std::string::npos) << e.what();
  }
}

}  // namespace

// NumPy's WRITEABLE flag: kept on each view (not the storage), carried to views by alias(), and
// checked by every write path through check_writeable().
#include "parity/errors.h"
#include "parity/tensor.h"

namespace parity {

Tensor& Tensor::setflags(bool write) {
  if (!write) {
    if (write_ == Write::yes) write_ = Write::no;
  } else if (write_ == Write::locked) {
    throw ValueError("[setflags] cannot set WRITEABLE flag to True of this array (a view of a read-only array, shape " +
                     shape_str(shape_) + ")");
  } else {
    write_ = Write::yes;
  }
  return *this;
}

void Tensor::check_writeable(const char* op, const char* what) const {
  if (writeable()) return;
  std::string strides;
  for (size_t i = 0; i < strides_.size(); ++i) strides += (i ? ", " : "") + std::to_string(strides_[i] * itemsize());
  if (strides_.size() == 1) strides += ",";
  throw ValueError(op_msg(op, std::string(what) + " is read-only (" + name(dtype_) + " array of shape " +
                                  shape_str(shape_) + ", strides (" + strides + "))"));
}

Tensor Tensor::alias(DType dtype, Shape shape, Strides strides, int64_t offset) const {
  Tensor r(storage_, dtype, std::move(shape), std::move(strides), offset);
  r.write_ = write_ == Write::yes ? Write::yes : Write::locked;
  return r;
}

}  // namespace parity

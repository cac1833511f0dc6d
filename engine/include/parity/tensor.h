#pragma once
// The tensor: a strided view (shape, element strides, element offset) of a shared, aligned
// aligned storage, with NumPy's view/copy rules.
#include <atomic>
#include <complex>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "parity/device.h"
#include "parity/dtype.h"
#include "parity/op_list.h"
#include "parity/promotion.h"
#include "parity/scalar.h"

namespace parity {

using Shape = std::vector<int64_t>;
using Strides = std::vector<int64_t>;  // in elements; negative and zero allowed

// Aligned bytes (64-byte; 16-byte up to 1 KiB) on the CPU, or device memory from the CUDA
// caching allocator; owned or wrapped. The version counter is bumped by every in-place write (autograd).
class Storage {
 public:
  explicit Storage(int64_t nbytes, Device device = Device::cpu);
  // Wraps `nbytes` at `data` owned elsewhere (a NumPy buffer); `deleter(data)` runs when the
  // storage dies. The caller vouches for the alignment.
  Storage(void* data, int64_t nbytes, std::function<void(void*)> deleter, Device device = Device::cpu);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
  void* data() const { return data_; }  // a device address for a CUDA storage
  int64_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }
  uint64_t version() const { return version_.load(); }
  void bump_version() { version_.fetch_add(1); }
 private:
  void* data_ = nullptr;
  int64_t nbytes_ = 0;
  Device device_;
  std::atomic<uint64_t> version_{0};
  std::function<void(void*)> deleter_;  // empty: data_ came from cpu_alloc or is small_
  // Up to 64 bytes live in the storage itself: one allocation for a small tensor's storage and data.
  alignas(16) unsigned char small_[64];
};

class Tensor;

// Indexing pieces, NumPy's: x[1, newaxis, 1:3, ...] is x.index({1, newaxis, Slice(1, 3), ellipsis}).
struct Slice {
  std::optional<int64_t> start, stop, step;
  Slice() = default;
  Slice(std::optional<int64_t> start_, std::optional<int64_t> stop_,
        std::optional<int64_t> step_ = std::nullopt)
      : start(start_), stop(stop_), step(step_) {}
};
struct EllipsisT {};
struct NewAxisT {};
inline constexpr EllipsisT ellipsis{};
inline constexpr NewAxisT newaxis{};
inline constexpr std::nullopt_t None = std::nullopt;

class TensorIndex;  // defined below Tensor

// An axis argument: an int (axis=0) or a tuple (axis=(0, 2)); Axes adds None. The int form is
// remembered because NumPy's reductions accept an int axis 0 or -1 on a 0-d input, a tuple not.
class AxisList : public std::vector<int64_t> {
 public:
  AxisList() = default;
  AxisList(int64_t axis) : std::vector<int64_t>{axis}, is_int_(true) {}
  AxisList(int axis) : AxisList(static_cast<int64_t>(axis)) {}
  AxisList(std::initializer_list<int64_t> axes) : std::vector<int64_t>(axes) {}
  AxisList(const std::vector<int64_t>& axes) : std::vector<int64_t>(axes) {}
  bool is_int() const { return is_int_; }
 private:
  bool is_int_ = false;
};
using Axes = std::optional<AxisList>;  // None, an int or a tuple of axes (negative allowed)

// A value where an array is expected: a tensor or a weak scalar.
class ArrayLike;

namespace autograd { struct Meta; }

class Tensor {
 public:
  Tensor() = default;  // an undefined tensor; defined() is false
  Tensor(std::shared_ptr<Storage> storage, DType dtype, Shape shape, Strides strides, int64_t offset);

  // ---- attributes ----
  bool defined() const { return storage_ != nullptr; }
  DType dtype() const { return dtype_; }
  Device device() const { return storage_ ? storage_->device() : Device::cpu; }
  const Shape& shape() const { return shape_; }
  const Strides& strides() const { return strides_; }  // elements
  Strides byte_strides() const;                          // NumPy's ndarray.strides
  int64_t offset() const { return offset_; }
  int64_t ndim() const { return static_cast<int64_t>(shape_.size()); }
  int64_t size() const;  // number of elements
  int64_t itemsize() const { return parity::itemsize(dtype_); }
  int64_t nbytes() const { return size() * itemsize(); }
  int64_t shape(int64_t axis) const;  // negative axes allowed
  const std::shared_ptr<Storage>& storage() const { return storage_; }
  // Host address of the element at index (0, ..., 0). A CUDA tensor's memory is not readable on
  // the host: data_ptr() raises NotImplementedError for it (every CPU kernel reads through here,
  // so an op without a CUDA kernel fails cleanly instead of touching device memory).
  void* data_ptr() const;
  template <class T> T* data() const { return static_cast<T*>(data_ptr()); }
  void* device_ptr() const;  // the element at (0, ..., 0) on any device (for device kernels)
  bool is_contiguous() const;    // C order
  bool is_f_contiguous() const;  // Fortran order
  bool shares_storage(const Tensor& o) const { return storage_ && storage_ == o.storage_; }
  bool is_same_view(const Tensor& o) const;  // same storage, dtype, offset, shape and strides

  // ---- NumPy's WRITEABLE flag: a view's own, not the storage's (engine/src/writeable.cpp) ----
  // broadcast_to results are read-only, and so is every view of a read-only tensor.
  bool writeable() const { return write_ == Write::yes; }
  // ndarray.setflags(write=...): false always; true raises ValueError on a view of a read-only
  // tensor (NumPy allows it where the memory's owner is writeable; views here do not know theirs).
  Tensor& setflags(bool write);
  // Every write path calls this: ValueError "[op] output array is read-only" (NumPy's text; `what`
  // is "assignment destination" for setitem, fill and copies).
  void check_writeable(const char* op, const char* what = "output array") const;
  // A view of this tensor's storage: the one way views are made, so the flag carries over.
  Tensor alias(DType dtype, Shape shape, Strides strides, int64_t offset) const;

  // ---- views (share storage) ----
  Tensor T() const;   // reverse all axes
  Tensor mT() const;  // swap the last two axes
  Tensor transpose(const std::vector<int64_t>& axes = {}) const;
  Tensor permute(const std::vector<int64_t>& axes) const { return transpose(axes); }
  Tensor swapaxes(int64_t a, int64_t b) const;
  Tensor moveaxis(const std::vector<int64_t>& src, const std::vector<int64_t>& dst) const;
  Tensor reshape(const Shape& shape) const;  // a view when possible, otherwise a copy
  Tensor view(const Shape& shape) const;     // a view or ValueError
  Tensor squeeze(const Axes& axes = std::nullopt) const;
  Tensor expand_dims(const std::vector<int64_t>& axes) const;
  Tensor broadcast_to(const Shape& shape) const;
  Tensor flip(const Axes& axes = std::nullopt) const;
  Tensor ravel() const;    // a view when contiguous
  Tensor flatten() const;  // always a copy
  Tensor real() const;
  Tensor imag() const;

  // ---- devices (engine/src/device.cpp) ----
  // A copy on `d` (self when already there, unless copy is true); any layout, either direction.
  Tensor to(Device d, bool copy = false) const;
  Tensor cpu() const { return to(Device::cpu); }

  // ---- copies and casts ----
  Tensor copy() const;
  Tensor contiguous() const;  // self when already C-contiguous
  Tensor astype(DType d, Casting casting = Casting::unsafe, bool copy = true) const;
  // Writes `src` (broadcast to this shape, cast with `casting`) into this tensor.
  void assign(const ArrayLike& src, Casting casting = Casting::unsafe, const char* op = "assign");

  // ---- indexing (engine/src/indexing.cpp) ----
  Tensor index(const std::vector<TensorIndex>& idx) const;
  void index_put(const std::vector<TensorIndex>& idx, const ArrayLike& value);
  Tensor operator[](int64_t i) const;

  // ---- elements ----
  template <class T> T item() const;
  Scalar item_scalar() const;  // the single element as a scalar; ValueError if size != 1
  std::vector<double> to_double_vector() const;  // for tests and printing

  std::string repr() const;  // like NumPy's repr(): array([1, 2], dtype=int32)
  std::string str() const;   // like NumPy's str(): [1 2]

  // ---- elementwise ops as methods and in-place methods ----
#define PARITY_X(name, py, ...) Tensor name() const; Tensor& name##_();
  PARITY_UNARY_UFUNCS(PARITY_X)
#undef PARITY_X
#define PARITY_X(name, py, ...) Tensor name(const ArrayLike& other) const; Tensor& name##_(const ArrayLike& other);
  PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X
  Tensor round(int64_t decimals = 0) const;
  Tensor& round_(int64_t decimals = 0);
  Tensor angle(bool deg = false) const;
  Tensor clip(const ArrayLike& lo, const ArrayLike& hi) const;
  Tensor& clip_(const ArrayLike& lo, const ArrayLike& hi);

  // ---- reductions as methods (engine/src/ops/reduce*.cpp) ----
  Tensor sum(Axes axis = std::nullopt, bool keepdims = false,
             std::optional<DType> dtype = std::nullopt) const;
  Tensor prod(Axes axis = std::nullopt, bool keepdims = false,
              std::optional<DType> dtype = std::nullopt) const;
  Tensor mean(Axes axis = std::nullopt, bool keepdims = false,
              std::optional<DType> dtype = std::nullopt) const;
  Tensor var(Axes axis = std::nullopt, int64_t ddof = 0,
             bool keepdims = false) const;
  Tensor std(Axes axis = std::nullopt, int64_t ddof = 0,
             bool keepdims = false) const;
  Tensor max(Axes axis = std::nullopt, bool keepdims = false) const;
  Tensor min(Axes axis = std::nullopt, bool keepdims = false) const;
  Tensor argmax(std::optional<int64_t> axis = std::nullopt, bool keepdims = false) const;
  Tensor argmin(std::optional<int64_t> axis = std::nullopt, bool keepdims = false) const;
  Tensor any(Axes axis = std::nullopt, bool keepdims = false) const;
  Tensor all(Axes axis = std::nullopt, bool keepdims = false) const;
  Tensor cumsum(std::optional<int64_t> axis = std::nullopt, std::optional<DType> dtype = std::nullopt) const;
  Tensor cumprod(std::optional<int64_t> axis = std::nullopt, std::optional<DType> dtype = std::nullopt) const;

  // Sorting and searching (engine/src/ops/sort.cpp, take.cpp, search.cpp). sort() sorts in place,
  // as NumPy's ndarray.sort; argsort, take and searchsorted return new tensors.
  Tensor& sort(int64_t axis = -1, bool stable = true, bool descending = false);
  Tensor argsort(std::optional<int64_t> axis = -1, bool stable = true, bool descending = false) const;
  Tensor take(const Tensor& indices, std::optional<int64_t> axis = std::nullopt,
              const std::string& mode = "raise") const;
  Tensor searchsorted(const ArrayLike& v, const std::string& side = "left") const;
  Tensor searchsorted(const ArrayLike& v, const std::string& side, const Tensor& sorter) const;
  Tensor matmul(const Tensor& other) const;
  Tensor dot(const Tensor& other) const;

  // ---- autograd (parity/autograd.h; engine/src/autograd/) ----
  Tensor& requires_grad_(bool on = true);
  bool requires_grad() const;
  bool is_leaf() const;
  Tensor grad() const;
  Tensor detach() const;
  void backward() const;  // of a one-element output
  void backward(const Tensor& gradient, bool retain_graph = false, bool create_graph = false) const;
  // The autograd record shared by copies of this handle (null: no history, no requires_grad).
  const std::shared_ptr<autograd::Meta>& autograd_meta() const { return ag_; }
  void set_autograd_meta(std::shared_ptr<autograd::Meta> m) { ag_ = std::move(m); }

  // C++ operators map to the ufuncs (engine/src/ops/operators.cpp).
  Tensor operator-() const;
  Tensor operator~() const;
  Tensor operator!() const;
  Tensor& operator+=(const ArrayLike& o);
  Tensor& operator-=(const ArrayLike& o);
  Tensor& operator*=(const ArrayLike& o);
  Tensor& operator/=(const ArrayLike& o);
  Tensor& operator%=(const ArrayLike& o);
  Tensor& operator&=(const ArrayLike& o);
  Tensor& operator|=(const ArrayLike& o);
  Tensor& operator^=(const ArrayLike& o);
  Tensor& operator<<=(const ArrayLike& o);
  Tensor& operator>>=(const ArrayLike& o);

 private:
  std::shared_ptr<Storage> storage_;
  DType dtype_ = DType::Float64;
  Shape shape_;
  Strides strides_;
  int64_t offset_ = 0;
  // yes; no (set by setflags or broadcast_to: may be set back); locked (a view of a read-only
  // tensor: may not).
  enum class Write : uint8_t { yes, no, locked };
  Write write_ = Write::yes;
  std::shared_ptr<autograd::Meta> ag_;
};

// A tensor or a weak scalar.
class ArrayLike {
 public:
  ArrayLike(const Tensor& t) : v_(t) {}
  // A view of `t` without copying it, for a call's own arguments only (the op overloads in ops.h):
  // it must not outlive t. Copies and moves of a borrowed ArrayLike own their tensor.
  static ArrayLike borrow(const Tensor& t) { return ArrayLike(&t); }
  ArrayLike(const ArrayLike& o) : v_(own(o.v_)) {}
  ArrayLike(ArrayLike&& o) noexcept : v_(own(std::move(o.v_))) {}
  ArrayLike& operator=(const ArrayLike& o) { v_ = own(o.v_); return *this; }
  ArrayLike& operator=(ArrayLike&& o) noexcept { v_ = own(std::move(o.v_)); return *this; }
  ArrayLike(const Scalar& s) : v_(s) {}
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  ArrayLike(T v) : v_(Scalar(v)) {}
  template <class T> ArrayLike(std::complex<T> v) : v_(Scalar(v)) {}
  bool is_tensor() const { return v_.index() != 1; }
  const Tensor& tensor() const { return v_.index() == 2 ? *std::get<2>(v_) : std::get<0>(v_); }
  const Scalar& scalar() const { return std::get<1>(v_); }
  DTypeOperand dtype_operand() const {
    return is_tensor() ? DTypeOperand(tensor().dtype()) : DTypeOperand(scalar());
  }
  // The tensor itself, or a 0-d tensor of `dtype` holding the scalar (value-checked for ints).
  Tensor to_tensor(std::optional<DType> dtype = std::nullopt, const char* op = "asarray") const;
 private:
  using V = std::variant<Tensor, Scalar, const Tensor*>;
  explicit ArrayLike(const Tensor* t) : v_(t) {}
  static V own(const V& v) { return v.index() == 2 ? V(*std::get<2>(v)) : v; }
  static V own(V&& v) { return v.index() == 2 ? V(*std::get<2>(v)) : std::move(v); }
  V v_;
};

// One entry of an index expression.
class TensorIndex {
 public:
  enum class Kind { Integer, Slice, Ellipsis, NewAxis, Array };
  TensorIndex(int v) : kind_(Kind::Integer), i_(v) {}
  TensorIndex(int64_t v) : kind_(Kind::Integer), i_(v) {}
  TensorIndex(long long v) : kind_(Kind::Integer), i_(static_cast<int64_t>(v)) {}
  TensorIndex(Slice s) : kind_(Kind::Slice), slice_(s) {}
  TensorIndex(EllipsisT) : kind_(Kind::Ellipsis) {}
  TensorIndex(NewAxisT) : kind_(Kind::NewAxis) {}
  TensorIndex(std::nullopt_t) : kind_(Kind::NewAxis) {}
  TensorIndex(const Tensor& t) : kind_(Kind::Array), arr_(t) {}  // integer or boolean array
  TensorIndex(std::initializer_list<int64_t> v);                   // integer list
  TensorIndex(const std::vector<int64_t>& v);
  TensorIndex(const std::vector<bool>& v);                         // boolean list
  TensorIndex(bool b);                                             // 0-d boolean mask
  Kind kind() const { return kind_; }
  int64_t integer() const { return i_; }
  const Slice& slice() const { return slice_; }
  const Tensor& array() const { return arr_; }
 private:
  Kind kind_;
  int64_t i_ = 0;
  Slice slice_;
  Tensor arr_;
};

// The `out=` argument of ufuncs: absent, or a tensor to write into.
struct OutArg {
  OutArg() = default;
  OutArg(const Tensor& t) : tensor(t) {}
  std::optional<Tensor> tensor;
};

std::string shape_str(const Shape& s);  // "(2, 3)" and "(3,)" like Python tuples
Strides contiguous_strides(const Shape& shape);  // C order, in elements
std::ostream& operator<<(std::ostream& os, const Tensor& t);
std::ostream& operator<<(std::ostream& os, DType d);

}  // namespace parity

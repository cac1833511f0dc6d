#include "parity/tensor.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <ostream>
#include <sstream>

#include "allocator.h"
#include "convert.h"
#include "iter.h"
#include "views.h"
#include "shape_util.h"
#include "cuda/backend.h"

namespace parity {

Storage::Storage(int64_t nbytes, Device device) : nbytes_(nbytes), device_(device) {
  if (nbytes < 0) throw ValueError("[Storage] negative storage size");
  // No machine maps more (see alloc_storage); sanitizer allocators abort on such requests.
  // alloc_storage rewrites these MemoryErrors with the op, shape and dtype.
  if (nbytes > (int64_t{1} << 56))
    throw MemoryError("[Storage] Unable to allocate " + byte_size_str(nbytes) + " (" + std::to_string(nbytes) + " bytes)");
  if (detail::g_storage_observer) detail::g_storage_observer->on_storage(this);  // made while f is traced
  if (device.is_cuda()) {  // the CUDA caching allocator (engine/src/cuda/runtime.cu)
    check_device_available(device, "Storage");
    data_ = cuda::alloc(nbytes, device.index);
    const int index = device.index;
    deleter_ = [nbytes, index](void* p) { cuda::release(p, nbytes, index); };
    return;
  }
  if (nbytes <= static_cast<int64_t>(sizeof(small_))) {
    data_ = small_;
    return;
  }
  data_ = detail::cpu_alloc(static_cast<size_t>(nbytes));  // may reuse a cached block: not zeroed
  if (!data_)
    throw MemoryError("[Storage] Unable to allocate " + byte_size_str(nbytes) + " (" + std::to_string(nbytes) + " bytes)");
}
// The caller vouches for the pointer and its device (from_blob, DLPack): device memory is never
// read on the host (data_ptr() refuses), and kernels check that the device exists.
Storage::Storage(void* data, int64_t nbytes, std::function<void(void*)> deleter, Device device)
    : data_(data), nbytes_(nbytes), device_(device), deleter_(std::move(deleter)) {
  if (nbytes < 0) throw ValueError("[Storage] negative storage size");
  if (detail::g_storage_observer) detail::g_storage_observer->on_storage(this);
}
Storage::~Storage() {
  if (deleter_) deleter_(data_);
  else if (data_ != small_) detail::cpu_free(data_, static_cast<size_t>(nbytes_));
}

Tensor::Tensor(std::shared_ptr<Storage> storage, DType dtype, Shape shape, Strides strides, int64_t offset)
    : storage_(std::move(storage)), dtype_(dtype), shape_(std::move(shape)),
      strides_(std::move(strides)), offset_(offset) {
  // Every tensor passes here, views too: no element outside the storage, no size that overflows.
  check_strided(shape_, strides_, offset_, dtype_, storage_ ? storage_->nbytes() : 0, "Tensor");
}

Strides Tensor::byte_strides() const {
  Strides s = strides_;
  for (auto& x : s) x *= itemsize();
  return s;
}

int64_t Tensor::size() const {
  int64_t n = 1;  // cannot overflow: the constructor ran checked_size
  for (int64_t d : shape_) n *= d;
  return n;
}

int64_t Tensor::shape(int64_t axis) const { return shape_[normalize_axis(axis, ndim(), "shape")]; }

void* Tensor::data_ptr() const {
  if (!storage_) throw ValueError("[data_ptr] undefined tensor");
  if (!storage_->device().is_cpu())
    throw NotImplementedError("[data_ptr] the tensor is on " + to_string(storage_->device()) +
                              ": this op has no kernel for that device yet; move it with .to(Device::cpu)");
  return static_cast<char*>(storage_->data()) + offset_ * itemsize();
}
void* Tensor::device_ptr() const {
  if (!storage_) throw ValueError("[device_ptr] undefined tensor");
  return static_cast<char*>(storage_->data()) + offset_ * itemsize();
}

bool Tensor::is_contiguous() const {
  int64_t expected = 1;
  for (int64_t i = ndim() - 1; i >= 0; --i) {
    if (shape_[i] == 0) return true;
    if (shape_[i] != 1 && strides_[i] != expected) return false;
    expected *= shape_[i];
  }
  return true;
}

bool Tensor::is_f_contiguous() const {
  int64_t expected = 1;
  for (int64_t i = 0; i < ndim(); ++i) {
    if (shape_[i] == 0) return true;
    if (shape_[i] != 1 && strides_[i] != expected) return false;
    expected *= shape_[i];
  }
  return true;
}

bool Tensor::is_same_view(const Tensor& o) const {
  return storage_ == o.storage_ && dtype_ == o.dtype_ && offset_ == o.offset_ &&
         shape_ == o.shape_ && strides_ == o.strides_;
}

// ---------------- views ----------------
// The detail::compute_* functions (views.h) compute the view or copy only; the public methods
// (engine/src/ops/views.cpp) wrap them with the upper layers.

Tensor detail::compute_transpose(const Tensor& x, const std::vector<int64_t>& axes_in, std::vector<int64_t>& axes) {
  const int64_t ndim = x.ndim();
  axes = axes_in;
  if (axes.empty()) {
    axes.resize(ndim);
    for (int64_t i = 0; i < ndim; ++i) axes[i] = ndim - 1 - i;
  }
  if (static_cast<int64_t>(axes.size()) != ndim)
    throw ValueError("[transpose] axes don't match array: got " + std::to_string(axes.size()) +
                     " axes for an array of ndim " + std::to_string(ndim));
  std::vector<bool> seen(ndim, false);
  Shape sh(ndim);
  Strides st(ndim);
  for (int64_t i = 0; i < ndim; ++i) {
    int64_t a = normalize_axis(axes[i], ndim, "transpose");
    if (seen[a]) throw ValueError("[transpose] repeated axis in transpose");
    seen[a] = true;
    sh[i] = x.shape()[a];
    st[i] = x.strides()[a];
    axes[i] = a;
  }
  return x.alias(x.dtype(), sh, st, x.offset());
}

Tensor Tensor::T() const { return transpose(); }

Tensor Tensor::mT() const {
  if (ndim() < 2)
    throw ValueError("[mT] matrix transpose with ndim < 2 is undefined (ndim " + std::to_string(ndim()) + ")");
  return swapaxes(-1, -2);
}

Tensor Tensor::swapaxes(int64_t a, int64_t b) const {
  a = normalize_axis(a, ndim(), "swapaxes");
  b = normalize_axis(b, ndim(), "swapaxes");
  std::vector<int64_t> axes(ndim());
  std::iota(axes.begin(), axes.end(), 0);
  std::swap(axes[a], axes[b]);
  return transpose(axes);
}

Tensor Tensor::moveaxis(const std::vector<int64_t>& src, const std::vector<int64_t>& dst) const {
  if (src.size() != dst.size())
    throw ValueError("[moveaxis] `source` and `destination` arguments must have the same number of elements");
  auto s = normalize_axes(src, ndim(), "moveaxis");
  auto d = normalize_axes(dst, ndim(), "moveaxis");
  std::vector<int64_t> order;
  for (int64_t i = 0; i < ndim(); ++i)
    if (std::find(s.begin(), s.end(), i) == s.end()) order.push_back(i);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (size_t i = 0; i < s.size(); ++i) pairs.emplace_back(d[i], s[i]);
  std::sort(pairs.begin(), pairs.end());
  for (auto [dd, ss] : pairs) order.insert(order.begin() + dd, ss);
  return transpose(order);
}

// Strides for viewing this tensor as `shape` without copying, if possible (NumPy's _attempt_nocopy_reshape).
static std::optional<Strides> nocopy_strides(const Shape& old_shape, const Strides& old_strides,
                                             const Shape& new_shape) {
  Shape os;
  Strides ost;
  for (size_t i = 0; i < old_shape.size(); ++i)
    if (old_shape[i] != 1) { os.push_back(old_shape[i]); ost.push_back(old_strides[i]); }
  Strides nst(new_shape.size(), 0);
  size_t oi = 0, oj = 1, ni = 0, nj = 1;
  const size_t on = os.size(), nn = new_shape.size();
  while (ni < nn && oi < on) {
    int64_t np_ = new_shape[ni], op = os[oi];
    while (np_ != op) {
      if (np_ < op) np_ *= new_shape[nj++];
      else op *= os[oj++];
    }
    for (size_t ok = oi; ok + 1 < oj; ++ok)
      if (ost[ok] != os[ok + 1] * ost[ok + 1]) return std::nullopt;
    nst[nj - 1] = ost[oj - 1];
    for (size_t nk = nj - 1; nk > ni; --nk) nst[nk - 1] = nst[nk] * new_shape[nk];
    ni = nj++;
    oi = oj++;
  }
  // trailing size-1 dimensions
  int64_t last = ni > 0 ? nst[ni - 1] : 1;
  for (size_t k = ni; k < nn; ++k) nst[k] = last;
  return nst;
}

static Shape infer_reshape(const Shape& shape, int64_t size, int64_t isz, const char* op) {
  Shape out = shape;
  int64_t known = 1, neg = -1;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] < 0) {  // NumPy takes any negative entry (-1, -2 ...) as the unknown dimension
      if (neg >= 0) throw ValueError(op_msg(op, "can only specify one unknown dimension"));
      neg = static_cast<int64_t>(i);
    } else if (__builtin_mul_overflow(known, out[i], &known)) {  // NumPy: a size mismatch
      throw ValueError(op_msg(op, "cannot reshape array of size " + std::to_string(size) +
                                      " into shape " + shape_str(shape)));
    }
  }
  if (neg >= 0) {
    if (known == 0 || size % known != 0)
      throw ValueError(op_msg(op, "cannot reshape array of size " + std::to_string(size) +
                                      " into shape " + shape_str(shape)));
    out[neg] = size / known;
  } else if (known != size) {
    throw ValueError(op_msg(op, "cannot reshape array of size " + std::to_string(size) +
                                    " into shape " + shape_str(shape)));
  }
  checked_size(out, isz, op);  // a 0-size shape can still be too big: (0, 2**40, 2**40)
  return out;
}

Tensor detail::compute_view(const Tensor& x, const Shape& shape_in) {
  Shape shape = infer_reshape(shape_in, x.size(), x.itemsize(), "view");
  // NumPy gives a C-contiguous (or empty) array fresh contiguous strides, even on size-1 axes.
  if (x.size() == 0 || x.is_contiguous()) return x.alias(x.dtype(), shape, contiguous_strides(shape), x.offset());
  auto st = nocopy_strides(x.shape(), x.strides(), shape);
  if (!st) throw ValueError("[view] cannot view array of shape " + shape_str(x.shape()) +
                            " as shape " + shape_str(shape) + " without copying");
  return x.alias(x.dtype(), shape, *st, x.offset());
}

Tensor detail::compute_reshape(const Tensor& x, const Shape& shape_in) {
  Shape shape = infer_reshape(shape_in, x.size(), x.itemsize(), "reshape");
  if (x.size() == 0 || x.is_contiguous()) return x.alias(x.dtype(), shape, contiguous_strides(shape), x.offset());
  if (auto st = nocopy_strides(x.shape(), x.strides(), shape))
    return x.alias(x.dtype(), shape, *st, x.offset());
  return compute_view(compute_copy(x), shape);
}

Tensor detail::compute_squeeze(const Tensor& x, const Axes& axes) {
  std::vector<bool> drop(x.ndim(), false);
  if (axes) {
    for (int64_t a : normalize_axes(*axes, x.ndim(), "squeeze")) {
      if (x.shape()[a] != 1)
        throw ValueError("[squeeze] cannot select an axis to squeeze out which has size not equal to one (axis " +
                         std::to_string(a) + ", shape " + shape_str(x.shape()) + ")");
      drop[a] = true;
    }
  } else {
    for (int64_t i = 0; i < x.ndim(); ++i) drop[i] = x.shape()[i] == 1;
  }
  Shape sh;
  Strides st;
  for (int64_t i = 0; i < x.ndim(); ++i)
    if (!drop[i]) { sh.push_back(x.shape()[i]); st.push_back(x.strides()[i]); }
  return x.alias(x.dtype(), sh, st, x.offset());
}

Tensor Tensor::expand_dims(const std::vector<int64_t>& axes_in) const {
  int64_t nd = ndim() + static_cast<int64_t>(axes_in.size());
  auto axes = normalize_axes(axes_in, nd, "expand_dims");
  std::vector<bool> is_new(nd, false);
  for (int64_t a : axes) is_new[a] = true;
  Shape sh;
  int64_t j = 0;
  for (int64_t i = 0; i < nd; ++i) sh.push_back(is_new[i] ? 1 : shape_[j++]);
  // NumPy reshapes, which is always a view here and sets the new axes' strides as reshape does.
  return reshape(sh);
}

Tensor detail::compute_broadcast_to(const Tensor& x, const Shape& shape) {
  for (int64_t d : shape)
    if (d < 0) throw ValueError("[broadcast_to] all elements of broadcast shape must be non-negative");
  int64_t off = static_cast<int64_t>(shape.size()) - x.ndim();
  bool ok = off >= 0;
  Strides st(shape.size(), 0);
  for (int64_t i = 0; ok && i < x.ndim(); ++i) {
    if (x.shape()[i] == shape[off + i]) st[off + i] = x.shape()[i] == 1 ? 0 : x.strides()[i];
    else if (x.shape()[i] == 1) st[off + i] = 0;
    else ok = false;
  }
  if (!ok)
    throw ValueError("[broadcast_to] cannot broadcast shape " + shape_str(x.shape()) + " to " + shape_str(shape));
  // NumPy's broadcast_to runs an nditer over the shape first, whose size must fit in int64; then
  // the array's size * itemsize must.
  int64_t n = 1;
  for (int64_t d : shape)
    if (__builtin_mul_overflow(n, d, &n))
      throw ValueError("[broadcast_to] iterator is too large (shape " + shape_str(shape) + ")");
  checked_size(shape, x.itemsize(), "broadcast_to");
  Tensor r = x.alias(x.dtype(), shape, st, x.offset());
  r.setflags(false);  // NumPy: broadcast_to is read-only (a view of a read-only tensor stays locked)
  return r;
}

Tensor detail::compute_flip(const Tensor& x, const Axes& axes_in, std::vector<int64_t>& axes) {
  axes.clear();
  if (axes_in) axes = normalize_axes(*axes_in, x.ndim(), "flip");
  else for (int64_t i = 0; i < x.ndim(); ++i) axes.push_back(i);
  Strides st = x.strides();
  int64_t off = x.offset();
  for (int64_t a : axes) {
    if (x.shape()[a] > 0) off += (x.shape()[a] - 1) * st[a];
    st[a] = -st[a];
  }
  return x.alias(x.dtype(), x.shape(), st, off);
}

// NumPy's ravel (order 'C') is a view only of a C-contiguous array; anything else is copied.
Tensor Tensor::ravel() const { return is_contiguous() ? reshape({-1}) : flatten(); }

Tensor detail::compute_real(const Tensor& x) {
  if (!is_complex(x.dtype())) return x;
  Strides st = x.strides();
  for (auto& s : st) s *= 2;
  return x.alias(real_dtype(x.dtype()), x.shape(), st, x.offset() * 2);
}

Tensor detail::compute_imag(const Tensor& x) {
  if (!is_complex(x.dtype())) {  // NumPy: a read-only zero array for real input; ours is a read-only zero copy
    Tensor z(make_storage(x.nbytes()), x.dtype(), x.shape(), contiguous_strides(x.shape()), 0);
    std::memset(z.data_ptr(), 0, static_cast<size_t>(z.nbytes()));
    z = z.to(x.device());  // made on the host; to() keeps it there for a CPU x
    z.setflags(false);
    return z;
  }
  Strides st = x.strides();
  for (auto& s : st) s *= 2;
  return x.alias(real_dtype(x.dtype()), x.shape(), st, x.offset() * 2 + 1);
}

// ---------------- copies ----------------

Tensor detail::compute_copy(const Tensor& x) {
  Tensor out(alloc_storage(x.shape(), x.dtype(), "copy", x.device()), x.dtype(), x.shape(),
             contiguous_strides(x.shape()), 0);
  if (x.device() == Device::cpu && x.is_contiguous() && x.size() < (int64_t{1} << 16)) {
    std::memcpy(out.data_ptr(), x.data_ptr(), static_cast<size_t>(x.nbytes()));  // small: no loop setup
  } else {
    copy_cast(x, out);
  }
  return out;
}

// Already contiguous: this very tensor (its history too), as PyTorch does; otherwise copy().
Tensor Tensor::contiguous() const { return is_contiguous() ? *this : copy(); }

Tensor detail::compute_astype(const Tensor& x, DType d, Casting casting, bool copy_always) {
  if (!can_cast(x.dtype(), d, casting))
    throw TypeError(std::string("[astype] Cannot cast array data from dtype('") + name(x.dtype()) +
                    "') to dtype('" + name(d) + "') according to the rule '" + to_string(casting) + "'");
  if (d == x.dtype() && !copy_always) return x;
  Tensor out(alloc_storage(x.shape(), d, "astype", x.device()), d, x.shape(),
             contiguous_strides(x.shape()), 0);
  copy_cast(x, out);
  return out;
}

// A Python scalar stored into an array goes through int()/float() as in NumPy's setitem:
// NaN/inf into an integer raise, a float is truncated then range-checked, complex needs a complex
// (or bool) target.
static void check_weak_store(const Scalar& v, DType to, const char* op) {
  if (v.type == Scalar::Type::Complex && !is_complex(to) && !is_bool(to))
    throw TypeError(op_msg(op, std::string(is_integer(to) ? "int()" : "float()") +
                                   " argument must be a real number, not 'complex' (storing " +
                                   v.repr() + " into " + name(to) + ")"));
  if (v.type == Scalar::Type::Float && is_integer(to)) {
    double f = v.c.real();
    if (std::isnan(f)) throw ValueError(op_msg(op, "cannot convert float NaN to integer"));
    if (std::isinf(f)) throw OverflowError(op_msg(op, "cannot convert float infinity to integer"));
    double t = std::trunc(f);
    if (to == DType::UInt64 && t >= 9223372036854775808.0 && t < 18446744073709551616.0) return;
    if (!(t >= -9223372036854775808.0 && t < 9223372036854775808.0))
      throw OverflowError(op_msg(op, "Python int too large to convert to C long (" + v.repr() + ")"));
    check_weak_int_fits(Scalar(static_cast<int64_t>(t)), to, op);
    return;
  }
  check_weak_int_fits(v, to, op);
}

void Tensor::assign(const ArrayLike& src, Casting casting, const char* op) {
  if (!defined()) throw ValueError(op_msg(op, "undefined tensor"));
  check_writeable(op, "assignment destination");
  if (src.is_tensor() && !src.tensor().defined()) throw ValueError(op_msg(op, "undefined source tensor"));
  Tensor s = src.is_tensor() ? src.tensor() : src.to_tensor(std::nullopt, op);
  if (!src.is_tensor()) {
    // A weak scalar takes this tensor's dtype; it is value-checked (x[0] = 300 on uint8 raises).
    check_weak_store(src.scalar(), dtype_, op);
  } else if (!can_cast(s.dtype(), dtype_, casting)) {
    throw TypeError(op_msg(op, std::string("Cannot cast array data from dtype('") + name(s.dtype()) +
                                   "') to dtype('" + name(dtype_) + "') according to the rule '" +
                                   to_string(casting) + "'"));
  }
  // The source must broadcast to this shape (leading 1s may be dropped, as NumPy does).
  Shape ss = s.shape();
  while (static_cast<int64_t>(ss.size()) > ndim() && ss.front() == 1) ss.erase(ss.begin());
  if (ss != s.shape()) s = s.reshape(ss);
  try {
    s = s.broadcast_to(shape_);
  } catch (const ValueError&) {
    auto np_shape = [](const Shape& sh) {  // NumPy writes "(2,3)" in this message
      std::string r = shape_str(sh);
      r.erase(std::remove(r.begin(), r.end(), ' '), r.end());
      return r;
    };
    throw ValueError(op_msg(op, "could not broadcast input array from shape " +
                                    np_shape(src.is_tensor() ? src.tensor().shape() : Shape{}) +
                                    " into shape " + np_shape(shape_)));
  }
  copy_cast(s, *this);
}

// ---------------- elements ----------------

Scalar Tensor::item_scalar() const {
  if (size() != 1)
    throw ValueError("[item] can only convert an array of size 1 to a Python scalar (size " +
                     std::to_string(size()) + ")");
  Tensor c = to(Device::cpu).contiguous();  // a GPU element is copied to the host
  return dispatch<AllTypes>(dtype_, "item", [&](auto tag) -> Scalar {
    using T = typename decltype(tag)::type;
    T v = *c.data<T>();
    if constexpr (is_complex_v<T>) return Scalar(complex128_t(v.real(), v.imag()));
    else if constexpr (is_half_v<T>) return Scalar(static_cast<double>(static_cast<float>(v)));
    else if constexpr (std::is_same_v<T, bool>) return Scalar(v);
    else return Scalar(v);
  });
}

template <class T> T Tensor::item() const {
  if (size() != 1)
    throw ValueError("[item] can only convert an array of size 1 to a Python scalar (size " +
                     std::to_string(size()) + ")");
  const Tensor c = to(Device::cpu);  // a GPU element is copied to the host
  return dispatch<AllTypes>(dtype_, "item", [&](auto tag) -> T {
    using S = typename decltype(tag)::type;
    return convert<T>(*static_cast<const S*>(c.data_ptr()));
  });
}
template bool Tensor::item<bool>() const;
template int8_t Tensor::item<int8_t>() const;
template int16_t Tensor::item<int16_t>() const;
template int32_t Tensor::item<int32_t>() const;
template int64_t Tensor::item<int64_t>() const;
template uint8_t Tensor::item<uint8_t>() const;
template uint16_t Tensor::item<uint16_t>() const;
template uint32_t Tensor::item<uint32_t>() const;
template uint64_t Tensor::item<uint64_t>() const;
template float16_t Tensor::item<float16_t>() const;
template bfloat16_t Tensor::item<bfloat16_t>() const;
template float Tensor::item<float>() const;
template double Tensor::item<double>() const;
template complex64_t Tensor::item<complex64_t>() const;
template complex128_t Tensor::item<complex128_t>() const;

std::vector<double> Tensor::to_double_vector() const {
  Tensor c = to(Device::cpu).astype(DType::Float64, Casting::unsafe, true);
  const double* p = c.data<double>();
  return std::vector<double>(p, p + c.size());
}

// ---------------- ArrayLike / TensorIndex ----------------

Tensor ArrayLike::to_tensor(std::optional<DType> dtype, const char* op) const {
  if (is_tensor()) {
    if (dtype && *dtype != tensor().dtype()) return tensor().astype(*dtype);
    return tensor();
  }
  const Scalar& s = scalar();
  DType d = dtype ? *dtype : result_type({DTypeOperand(s)}, op);
  if (dtype) check_weak_int_fits(s, d, op);
  Tensor t(detail::make_storage(parity::itemsize(d)), d, {}, {}, 0);
  dispatch<AllTypes>(d, op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    switch (s.type) {
      case Scalar::Type::Bool: *p = convert<T>(s.b); break;
      case Scalar::Type::Int: *p = s.big_uint ? convert<T>(s.u) : convert<T>(s.i); break;
      case Scalar::Type::Float: *p = convert<T>(s.c.real()); break;
      case Scalar::Type::Complex: *p = convert<T>(s.c); break;
    }
  });
  return t;
}

static Tensor int_list_tensor(const std::vector<int64_t>& v) {
  Tensor t(detail::make_storage(static_cast<int64_t>(v.size()) * 8), DType::Int64,
           {static_cast<int64_t>(v.size())}, {1}, 0);
  if (!v.empty()) std::memcpy(t.data_ptr(), v.data(), v.size() * 8);
  return t;
}
TensorIndex::TensorIndex(std::initializer_list<int64_t> v)
    : kind_(Kind::Array), arr_(int_list_tensor(std::vector<int64_t>(v))) {}
TensorIndex::TensorIndex(const std::vector<int64_t>& v) : kind_(Kind::Array), arr_(int_list_tensor(v)) {}
TensorIndex::TensorIndex(const std::vector<bool>& v) : kind_(Kind::Array) {
  arr_ = Tensor(detail::make_storage(static_cast<int64_t>(v.size())), DType::Bool,
                {static_cast<int64_t>(v.size())}, {1}, 0);
  for (size_t i = 0; i < v.size(); ++i) arr_.data<bool>()[i] = v[i];
}
TensorIndex::TensorIndex(bool b) : kind_(Kind::Array) {
  arr_ = Tensor(detail::make_storage(1), DType::Bool, {}, {}, 0);
  *arr_.data<bool>() = b;
}

// ---------------- formatting helpers ----------------

std::string shape_str(const Shape& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) r += ", ";
    r += std::to_string(s[i]);
  }
  if (s.size() == 1) r += ",";
  return r + ")";
}

std::ostream& operator<<(std::ostream& os, const Tensor& t) { return os << t.repr(); }
std::ostream& operator<<(std::ostream& os, DType d) { return os << name(d); }

}  // namespace parity

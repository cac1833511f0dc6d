#include "shape_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "allocator.h"

namespace parity {

int64_t normalize_axis(int64_t axis, int64_t ndim, const char* op) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError(op_msg(op, "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                   std::to_string(ndim)));
  return axis < 0 ? axis + ndim : axis;
}

std::vector<int64_t> normalize_axes(const std::vector<int64_t>& axes, int64_t ndim, const char* op) {
  std::vector<int64_t> out;
  for (int64_t a : axes) {
    int64_t n = normalize_axis(a, ndim, op);
    if (std::find(out.begin(), out.end(), n) != out.end())
      throw ValueError(op_msg(op, "repeated axis"));
    out.push_back(n);
  }
  return out;
}

Strides contiguous_strides(const Shape& shape) {
  Strides s(shape.size());
  int64_t acc = 1;
  for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    s[i] = acc;
    // Saturates: a shape whose strides overflow is too big, and the caller's size check (the
    // Tensor constructor's) rejects it; the arithmetic itself must not overflow (UBSan).
    if (i > 0 && __builtin_mul_overflow(acc, std::max<int64_t>(shape[i], 1), &acc))
      acc = std::numeric_limits<int64_t>::max();
  }
  return s;
}

Shape broadcast_shape(const std::vector<Shape>& shapes, const char* op) {
  size_t nd = 0;
  for (const auto& s : shapes) nd = std::max(nd, s.size());
  Shape out(nd, 1);
  for (const auto& s : shapes) {
    size_t off = nd - s.size();
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t& o = out[off + i];
      if (s[i] == o || s[i] == 1) continue;
      if (o == 1) { o = s[i]; continue; }
      std::string msg = "operands could not be broadcast together with shapes";
      for (const auto& t : shapes) msg.append(" ").append(shape_str(t));
      throw ValueError(op_msg(op, msg));
    }
  }
  return out;
}

int64_t checked_size(const Shape& shape, int64_t itemsize, const char* op) {
  int64_t nonzero = itemsize;  // NumPy multiplies in the itemsize and skips 0 dimensions
  bool empty = false;
  for (int64_t d : shape) {
    if (d < 0) throw ValueError(op_msg(op, "negative dimensions are not allowed (shape " + shape_str(shape) + ")"));
    if (d == 0) { empty = true; continue; }
    if (__builtin_mul_overflow(nonzero, d, &nonzero))
      throw ValueError(op_msg(op, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum "
                                  "possible size. (shape " + shape_str(shape) + ", itemsize " +
                                  std::to_string(itemsize) + ")"));
  }
  return empty ? 0 : nonzero / itemsize;
}

// The message of a failed check_strided, kept out of its fast path.
[[gnu::cold, gnu::noinline]] static void strided_error(const Shape& shape, const Strides& strides, int64_t offset,
                                                       DType dtype, int64_t nbytes, const char* op, bool overflow) {
  std::string why = "elements reachable outside the storage";
  if (strides.size() != shape.size()) {
    why = "strides need one entry per dimension";
  } else {
    checked_size(shape, itemsize(dtype), op);  // a negative dimension or a size too big: NumPy's messages
    if (overflow) why = "strides or offset overflow int64 bytes";
  }
  throw ValueError(op_msg(op, why + ": shape " + shape_str(shape) + ", strides " + shape_str(strides) +
                                  " (in elements), offset " + std::to_string(offset) + ", dtype " + name(dtype) +
                                  ", storage of " + std::to_string(nbytes) + " bytes"));
}

void check_strided(const Shape& shape, const Strides& strides, int64_t offset, DType dtype, int64_t nbytes,
                   const char* op) {
  // One pass, every tensor made goes through here: flags only, the message comes from strided_error.
  const int64_t isz = itemsize(dtype);
  const size_t nd = shape.size();
  bool bad = strides.size() != nd, overflow = false, empty = false;
  int64_t nonzero = isz, lo = 0, hi = 0, t = 0;  // lo, hi: lowest and highest element offsets reached
  for (size_t i = 0; !bad && i < nd; ++i) {
    const int64_t d = shape[i], st = strides[i];
    if (d <= 0) { bad |= d < 0; empty = true; continue; }
    bad |= __builtin_mul_overflow(nonzero, d, &nonzero);  // NumPy's size check, 0 dimensions left out
    overflow |= __builtin_mul_overflow(st, isz, &t);
    if (d > 1) {
      overflow |= __builtin_mul_overflow(d - 1, st, &t);
      overflow |= __builtin_add_overflow(t < 0 ? lo : hi, t, t < 0 ? &lo : &hi);
    }
  }
  overflow |= __builtin_mul_overflow(offset, isz, &t);
  for (size_t i = 0; !bad && empty && i < nd; ++i)  // strides of 0-size tensors still fit in bytes
    overflow |= __builtin_mul_overflow(strides[i], isz, &t);
  int64_t first = 0, end = 0;
  if (!bad && !overflow && !empty)
    bad = __builtin_add_overflow(offset, lo, &first) || first < 0 || __builtin_add_overflow(offset, hi, &end) ||
          __builtin_add_overflow(end, 1, &end) || __builtin_mul_overflow(end, isz, &end) || end > nbytes;
  if (bad || overflow) strided_error(shape, strides, offset, dtype, nbytes, op, overflow);
}

std::string byte_size_str(int64_t nbytes) {
  static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  const uint64_t b = static_cast<uint64_t>(std::max<int64_t>(nbytes, 0));
  const int bits = b ? 64 - __builtin_clzll(b) : 0;
  int unit = std::max(bits - 1, 1) / 10;
  double n = static_cast<double>(b) / static_cast<double>(uint64_t{1} << (unit * 10));
  if (std::nearbyint(n) == 1024) { ++unit; n /= 1024; }  // the unit that is right after rounding
  char buf[64];
  if (unit == 0) std::snprintf(buf, sizeof buf, "%.0f %s", n, units[unit]);
  else if (std::nearbyint(n) < 1000) std::snprintf(buf, sizeof buf, "%#.3g %s", n, units[unit]);
  else std::snprintf(buf, sizeof buf, "%#.0f %s", n, units[unit]);
  return buf;
}

// No machine maps more than 2^56 bytes (5-level paging); refusing larger requests up front also
// keeps them away from sanitizer allocators, which abort on huge sizes.
constexpr int64_t kMaxAllocBytes = int64_t{1} << 56;

std::shared_ptr<Storage> alloc_storage(const Shape& shape, DType dtype, const char* op, Device device) {
  const int64_t nbytes = checked_size(shape, itemsize(dtype), op) * itemsize(dtype);
  auto oom = [&] {
    return MemoryError(op_msg(op, "Unable to allocate " + byte_size_str(nbytes) + " for an array with shape " +
                                      shape_str(shape) + " and data type " + name(dtype)));
  };
  if (nbytes > kMaxAllocBytes) throw oom();
  try {
    return detail::make_storage(nbytes, device);
  } catch (const MemoryError&) {
    throw oom();
  }
}

Tensor new_tensor(const Shape& shape, DType dtype, const char* op, Device device) {
  std::shared_ptr<Storage> st = alloc_storage(shape, dtype, op, device);  // checks the size first, naming op
  return Tensor(std::move(st), dtype, shape, contiguous_strides(shape), 0);
}

}  // namespace parity

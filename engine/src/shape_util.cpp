#include "shape_util.h"

#include <algorithm>

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
    acc *= std::max<int64_t>(shape[i], 1);
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

Tensor new_tensor(const Shape& shape, DType dtype) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) throw ValueError("[empty] negative dimensions are not allowed");
    if (d != 0 && n > (int64_t{1} << 48) / d) throw ValueError("[empty] array is too big; shape " + shape_str(shape));
    n *= d;
  }
  return Tensor(detail::make_storage(n * itemsize(dtype)), dtype, shape, contiguous_strides(shape), 0);
}

}  // namespace parity

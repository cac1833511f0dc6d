// Shape ops as free functions. The views are Tensor methods (tensor.cpp); these forward to them
// and add broadcast_shapes/broadcast_arrays and the copying forms.
#include "parity/ops.h"
#include "parity/op_record.h"
#include "shape_util.h"

namespace parity {

Tensor reshape(const Tensor& x, const Shape& shape) { return x.reshape(shape); }
Tensor transpose(const Tensor& x, const std::vector<int64_t>& axes) { return x.transpose(axes); }
Tensor moveaxis(const Tensor& x, const std::vector<int64_t>& src, const std::vector<int64_t>& dst) {
  return x.moveaxis(src, dst);
}
Tensor swapaxes(const Tensor& x, int64_t a, int64_t b) { return x.swapaxes(a, b); }
Tensor squeeze(const Tensor& x, Axes axis) { return x.squeeze(axis); }
Tensor expand_dims(const Tensor& x, const std::vector<int64_t>& axis) { return x.expand_dims(axis); }
Tensor broadcast_to(const Tensor& x, const Shape& shape) { return x.broadcast_to(shape); }
Tensor flip(const Tensor& x, Axes axis) { return x.flip(axis); }
Tensor flatten(const Tensor& x) { return x.flatten(); }
Tensor ravel(const Tensor& x) { return x.ravel(); }
Tensor copy(const Tensor& x) { return x.copy(); }

// NumPy 2.2 returns at least 1-d here: a 0-d input gives shape (1,).
Tensor ascontiguousarray(const Tensor& x) {
  if (x.ndim() == 0) return x.reshape({1});
  return x.contiguous();
}

Shape broadcast_shapes(const std::vector<Shape>& shapes, const char* op) {
  size_t nd = 0;
  for (const auto& s : shapes) {
    nd = std::max(nd, s.size());
    for (int64_t d : s)
      if (d < 0) throw ValueError(op_msg(op, "negative dimensions are not allowed in shape " + shape_str(s)));
  }
  Shape out(nd, 1);
  std::vector<size_t> owner(nd, 0);  // which argument set each output dimension (for the message)
  for (size_t k = 0; k < shapes.size(); ++k) {
    const Shape& s = shapes[k];
    const size_t off = nd - s.size();
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t& o = out[off + i];
      if (s[i] == o || s[i] == 1) continue;
      if (o == 1) { o = s[i]; owner[off + i] = k; continue; }
      throw ValueError(op_msg(op, "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg " +
                                      std::to_string(owner[off + i]) + " with shape " + shape_str(shapes[owner[off + i]]) +
                                      " and arg " + std::to_string(k) + " with shape " + shape_str(s) + "."));
    }
  }
  return out;
}

std::vector<Tensor> broadcast_arrays(const std::vector<Tensor>& xs) {
  std::vector<Shape> shapes;
  for (const auto& x : xs) shapes.push_back(x.shape());
  Shape s = broadcast_shapes(shapes, "broadcast_arrays");
  std::vector<Tensor> out;
  for (const auto& x : xs) {
    out.push_back(x.shape() == s ? x : x.broadcast_to(s));
    // NumPy's broadcast_arrays views keep the input's WRITEABLE flag (writes only warn there).
    if (x.writeable()) out.back().setflags(true);
  }
  return out;
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "reshape", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "transpose", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "moveaxis", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "swapaxes", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "squeeze", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "expand_dims", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "broadcast_to", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "broadcast_arrays", .family = "shape", .forms = kFunction});
PARITY_OP_RECORD({.name = "flatten", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "ravel", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "ascontiguousarray", .family = "shape", .forms = kFunction});
PARITY_OP_RECORD({.name = "copy", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "flip", .family = "shape", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "astype", .family = "shape", .forms = kMethod});

}  // namespace parity

// concatenate, stack, split.
#include <algorithm>
#include "parity/op_record.h"

#include "iter.h"
#include "parity/autograd.h"
#include "parity/ops.h"
#include "shape_util.h"

namespace parity {

namespace {
// A view of `t` restricted to [start, stop) along `axis` (0 <= start <= stop <= size).
Tensor slice_axis(const Tensor& t, int64_t axis, int64_t start, int64_t stop) {
  Shape sh = t.shape();
  sh[axis] = stop - start;
  return t.alias(t.dtype(), sh, t.strides(), t.offset() + start * t.strides()[axis]);
}
}  // namespace

namespace {
bool any_needs_grad(const std::vector<Tensor>& xs) { return autograd::needs_grad(xs); }
std::vector<Tensor> detached(const std::vector<Tensor>& xs) {
  std::vector<Tensor> d;
  for (const Tensor& x : xs) d.push_back(x.detach());
  return d;
}
Tensor concatenate_impl(const std::vector<Tensor>& xs_in, std::optional<int64_t> axis_in) {
  if (xs_in.empty()) throw ValueError("[concatenate] need at least one array to concatenate");
  std::vector<Tensor> xs = xs_in;
  for (const auto& x : xs)
    if (!x.defined()) throw ValueError("[concatenate] undefined tensor");
  int64_t axis = 0;
  if (!axis_in) {
    for (auto& x : xs) x = x.ravel();
  } else {
    axis = *axis_in;
  }
  const int64_t nd = xs[0].ndim();
  if (nd == 0) throw ValueError("[concatenate] zero-dimensional arrays cannot be concatenated");
  for (size_t i = 1; i < xs.size(); ++i)
    if (xs[i].ndim() != nd)
      throw ValueError("[concatenate] all the input arrays must have same number of dimensions, but the array at index 0 has " +
                       std::to_string(nd) + " dimension(s) and the array at index " + std::to_string(i) + " has " +
                       std::to_string(xs[i].ndim()) + " dimension(s)");
  axis = normalize_axis(axis, nd, "concatenate");
  Shape out_shape = xs[0].shape();
  std::vector<DTypeOperand> dts;
  out_shape[axis] = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    for (int64_t d = 0; d < nd; ++d)
      if (d != axis && xs[i].shape()[d] != xs[0].shape()[d])
        throw ValueError("[concatenate] all the input array dimensions except for the concatenation axis must match exactly, but along dimension " +
                         std::to_string(d) + ", the array at index 0 has size " + std::to_string(xs[0].shape()[d]) +
                         " and the array at index " + std::to_string(i) + " has size " + std::to_string(xs[i].shape()[d]) +
                         " (shapes " + shape_str(xs[0].shape()) + " and " + shape_str(xs[i].shape()) + ")");
    out_shape[axis] += xs[i].shape()[axis];
    dts.emplace_back(xs[i].dtype());
  }
  Tensor out = new_tensor(out_shape, result_type(dts, "concatenate"));
  int64_t pos = 0;
  for (const auto& x : xs) {
    const int64_t n = x.shape()[axis];
    if (n > 0) copy_cast(x, slice_axis(out, axis, pos, pos + n));
    pos += n;
  }
  return out;
}

}  // namespace

// concatenate's derivative: g split back into the inputs' extents along the axis (axis=None:
// the flattened inputs, reshaped back).
Tensor concatenate(const std::vector<Tensor>& xs, std::optional<int64_t> axis) {
  if (!any_needs_grad(xs)) return concatenate_impl(xs, axis);
  Tensor r = concatenate_impl(detached(xs), axis);
  std::vector<Shape> shapes;
  for (const Tensor& x : xs) shapes.push_back(x.shape());
  return autograd::record("concatenate", r, xs, [shapes, axis](const Tensor& g) {
    const int64_t ax = axis ? normalize_axis(*axis, g.ndim(), "concatenate") : 0;
    std::vector<int64_t> bounds;
    int64_t pos = 0;
    for (size_t i = 0; i + 1 < shapes.size(); ++i) {
      int64_t n = 1;
      if (axis) n = shapes[i][static_cast<size_t>(ax)];
      else for (int64_t d : shapes[i]) n *= d;
      bounds.push_back(pos += n);
    }
    std::vector<Tensor> parts = split(g, bounds, ax);
    for (size_t i = 0; i < parts.size(); ++i) parts[i] = parts[i].reshape(shapes[i]);
    return parts;
  });
}

Tensor stack(const std::vector<Tensor>& xs, int64_t axis) {
  if (any_needs_grad(xs)) {  // the derivative: g split along the new axis, which is dropped
    Tensor r = stack(detached(xs), axis);
    const int64_t ax = normalize_axis(axis, xs[0].ndim() + 1, "stack");
    return autograd::record("stack", r, xs, [ax, n = static_cast<int64_t>(xs.size())](const Tensor& g) {
      std::vector<Tensor> parts = split(g, n, ax);
      for (auto& p : parts) p = p.squeeze(AxisList(ax));
      return parts;
    });
  }
  if (xs.empty()) throw ValueError("[stack] need at least one array to stack");
  for (size_t i = 1; i < xs.size(); ++i)
    if (xs[i].shape() != xs[0].shape())
      throw ValueError("[stack] all input arrays must have the same shape (got " + shape_str(xs[0].shape()) +
                       " and " + shape_str(xs[i].shape()) + " at index " + std::to_string(i) + ")");
  axis = normalize_axis(axis, xs[0].ndim() + 1, "stack");
  std::vector<Tensor> ex;
  for (const auto& x : xs) ex.push_back(x.expand_dims({axis}));
  return concatenate(ex, axis);
}

namespace {
// Each piece of a split is a view of x[start:stop] along axis; its derivative puts g back there,
// zeros elsewhere (built with concatenate, so it is differentiable too).
std::vector<Tensor> record_pieces(std::vector<Tensor> pieces, const std::vector<int64_t>& starts, const Tensor& x,
                                  int64_t axis) {
  if (!autograd::needs_grad({x})) return pieces;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const int64_t start = starts[i], stop = start + pieces[i].shape()[static_cast<size_t>(axis)];
    pieces[i] = autograd::record("split", pieces[i], {x}, [s = x.shape(), axis, start, stop](const Tensor& g) {
      Shape before = s, after = s;
      before[static_cast<size_t>(axis)] = start;
      after[static_cast<size_t>(axis)] = s[static_cast<size_t>(axis)] - stop;
      return std::vector<Tensor>{concatenate({zeros_on(before, g.dtype(), g.device()), g, zeros_on(after, g.dtype(), g.device())}, axis)};
    });
  }
  return pieces;
}
}  // namespace

namespace {
// NumPy's split indexes x.shape[axis] directly: a bad axis is an IndexError, not an AxisError.
int64_t split_axis(const Tensor& x, int64_t axis) {
  if (axis < -x.ndim() || axis >= x.ndim())
    throw IndexError("[split] tuple index out of range (axis " + std::to_string(axis) + " for array of dimension " +
                     std::to_string(x.ndim()) + ")");
  return axis < 0 ? axis + x.ndim() : axis;
}
}  // namespace

std::vector<Tensor> split(const Tensor& x, int64_t sections, int64_t axis) {
  axis = split_axis(x, axis);
  const int64_t n = x.shape()[axis];
  if (sections == 0) throw ZeroDivisionError("[split] integer modulo by zero (sections=0)");
  if (sections < 0 || n % sections != 0) {
    if (n % sections != 0)
      throw ValueError("[split] array split does not result in an equal division (" + std::to_string(n) +
                       " elements into " + std::to_string(sections) + " sections)");
    throw ValueError("[split] number sections must be larger than 0.");
  }
  // only reachable with n == 0 (sections divide n otherwise); NumPy would build the huge list
  if (sections > (int64_t{1} << 24))
    throw ValueError("[split] too many sections (" + std::to_string(sections) + ") for an axis of length " + std::to_string(n));
  std::vector<Tensor> out;
  const int64_t each = n / sections;
  std::vector<int64_t> starts;
  for (int64_t i = 0; i < sections; ++i) {
    out.push_back(slice_axis(x, axis, i * each, (i + 1) * each));
    starts.push_back(i * each);
  }
  return record_pieces(std::move(out), starts, x, axis);
}

// Pieces x[prev:idx] with Python's slice clamping: negative indices count from the end, and a
// boundary before the previous one gives an empty piece.
std::vector<Tensor> split(const Tensor& x, const std::vector<int64_t>& indices, int64_t axis) {
  axis = split_axis(x, axis);
  const int64_t n = x.shape()[axis];
  auto clamp = [n](int64_t i) { return i < 0 ? std::max<int64_t>(i + n, 0) : std::min(i, n); };
  std::vector<Tensor> out;
  std::vector<int64_t> starts;
  int64_t prev = 0;
  for (size_t k = 0; k <= indices.size(); ++k) {
    int64_t start = clamp(prev);
    int64_t stop = k < indices.size() ? clamp(indices[k]) : n;
    out.push_back(slice_axis(x, axis, start, std::max(start, stop)));
    starts.push_back(start);
    if (k < indices.size()) prev = indices[k];
  }
  return record_pieces(std::move(out), starts, x, axis);
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "concatenate", .family = "shape", .forms = kFunction});
PARITY_OP_RECORD({.name = "stack", .family = "shape", .forms = kFunction});
PARITY_OP_RECORD({.name = "split", .family = "shape", .forms = kFunction});

}  // namespace parity

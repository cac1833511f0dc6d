// tile and repeat: both are copies built from stride tricks (tile) or chunk copies (repeat).
#include <algorithm>
#include "parity/op_record.h"
#include <cstring>

#include "iter.h"
#include "parity/autograd.h"
#include "parity/ops.h"
#include "shape_util.h"

namespace parity {

// tile: view x as (r0, s0, r1, s1, ...) with stride 0 along each r, copy, then merge the pairs.
namespace {
Tensor tile_impl(const Tensor& x, const std::vector<int64_t>& reps_in) {
  for (int64_t r : reps_in)
    if (r < 0) throw ValueError("[tile] negative dimensions are not allowed (reps " + shape_str(reps_in) + ")");
  std::vector<int64_t> reps = reps_in;
  Tensor a = x;
  if (static_cast<int64_t>(reps.size()) < a.ndim()) reps.insert(reps.begin(), a.ndim() - reps.size(), 1);
  if (static_cast<int64_t>(reps.size()) > a.ndim()) {
    Shape s(reps.size() - a.ndim(), 1);
    s.insert(s.end(), a.shape().begin(), a.shape().end());
    a = a.reshape(s);
  }
  Shape vshape, vstrides, out_shape;
  for (size_t i = 0; i < reps.size(); ++i) {
    vshape.push_back(reps[i]);
    vstrides.push_back(0);
    vshape.push_back(a.shape()[i]);
    vstrides.push_back(a.strides()[i]);
    out_shape.push_back(reps[i] * a.shape()[i]);
  }
  checked_size(vshape, a.itemsize(), "tile");  // reps * shape may overflow: name tile, not the view
  Tensor v = a.alias(a.dtype(), vshape, vstrides, a.offset());
  Tensor out = new_tensor(vshape, a.dtype(), "tile");
  copy_cast(v, out);
  return out.reshape(out_shape);
}

Tensor repeat_impl(const Tensor& x, const std::vector<int64_t>& repeats, std::optional<int64_t> axis_in,
                   int64_t* axis_out, std::vector<int64_t>* reps_out) {
  Tensor a = x;
  int64_t axis = 0;
  if (!axis_in || a.ndim() == 0) {
    // axis=None repeats the flattened array; NumPy treats a 0-d array as 1-d for any axis in {0, -1}
    if (axis_in && *axis_in != 0 && *axis_in != -1) normalize_axis(*axis_in, 1, "repeat");
    a = a.reshape({-1});
  } else {
    axis = normalize_axis(*axis_in, a.ndim(), "repeat");
  }
  const int64_t n = a.shape()[axis];
  std::vector<int64_t> reps;
  if (repeats.size() == 1) {
    if (repeats[0] < 0) throw ValueError("[repeat] negative dimensions are not allowed (repeats " + std::to_string(repeats[0]) + ")");
    reps.assign(n, repeats[0]);
  } else if (static_cast<int64_t>(repeats.size()) == n) {
    for (int64_t r : repeats)
      if (r < 0) throw ValueError("[repeat] repeats may not contain negative values.");
    reps = repeats;
  } else {
    throw ValueError("[repeat] operands could not be broadcast together with shape (" + std::to_string(n) + ",) (" +
                     std::to_string(repeats.size()) + ",)");
  }
  int64_t total = 0;
  for (int64_t r : reps)
    if (__builtin_add_overflow(total, r, &total))
      throw ValueError("[repeat] array is too big; the repeats sum past int64");
  *axis_out = axis;
  *reps_out = reps;
  Shape out_shape = a.shape();
  out_shape[axis] = total;
  Tensor out = new_tensor(out_shape, a.dtype(), "repeat");
  if (out.size() == 0) return out;
  Tensor c = a.contiguous();
  int64_t outer = 1, inner = a.itemsize();
  for (int64_t d = 0; d < axis; ++d) outer *= a.shape()[d];
  for (int64_t d = axis + 1; d < a.ndim(); ++d) inner *= a.shape()[d];
  const char* src = static_cast<const char*>(c.data_ptr());
  char* dst = static_cast<char*>(out.data_ptr());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < n; ++j, src += inner)
      for (int64_t r = 0; r < reps[j]; ++r, dst += inner) std::memcpy(dst, src, static_cast<size_t>(inner));
  return out;
}

}  // namespace
}  // namespace parity

namespace parity {
// tile's derivative: g viewed as (r0, s0, r1, s1, ...) summed over the r axes.
Tensor tile(const Tensor& x, const std::vector<int64_t>& reps) {
  if (!autograd::needs_grad({x})) return tile_impl(x, reps);
  Tensor r = tile_impl(x.detach(), reps);
  return autograd::record("tile", r, {x}, [s = x.shape(), reps](const Tensor& g) {
    const size_t d = std::max(s.size(), reps.size());
    Shape pairs, xs(d - s.size(), 1);
    xs.insert(xs.end(), s.begin(), s.end());
    std::vector<int64_t> rr(d - reps.size(), 1), rep_axes;
    rr.insert(rr.end(), reps.begin(), reps.end());
    for (size_t i = 0; i < d; ++i) {
      rep_axes.push_back(static_cast<int64_t>(pairs.size()));
      pairs.push_back(rr[i]);
      pairs.push_back(xs[i]);
    }
    return std::vector<Tensor>{sum(g.reshape(pairs), AxisList(rep_axes)).reshape(s)};
  });
}

// repeat's derivative: each element gets the sum of its copies (uniform repeats: one reshape and
// sum; otherwise the runs split apart and summed).
Tensor repeat(const Tensor& x, const std::vector<int64_t>& repeats, std::optional<int64_t> axis) {
  int64_t ax = 0;
  std::vector<int64_t> reps;
  if (!autograd::needs_grad({x})) return repeat_impl(x, repeats, axis, &ax, &reps);
  Tensor r = repeat_impl(x.detach(), repeats, axis, &ax, &reps);
  return autograd::record("repeat", r, {x}, [s = x.shape(), ax, reps](const Tensor& g) {
    if (reps.empty()) return std::vector<Tensor>{zeros_on(s, g.dtype(), g.device())};
    const bool uniform = std::all_of(reps.begin(), reps.end(), [&](int64_t v) { return v == reps[0]; });
    if (uniform && !reps.empty() && reps[0] > 0) {
      Shape gs = g.shape();
      gs[static_cast<size_t>(ax)] = static_cast<int64_t>(reps.size());
      gs.insert(gs.begin() + ax + 1, reps[0]);
      return std::vector<Tensor>{sum(g.reshape(gs), AxisList(ax + 1)).reshape(s)};
    }
    Shape one = g.shape();
    one[static_cast<size_t>(ax)] = 1;
    std::vector<int64_t> bounds;
    int64_t pos = 0;
    for (size_t i = 0; i + 1 < reps.size(); ++i) bounds.push_back(pos += reps[i]);
    std::vector<Tensor> parts = split(g, bounds, ax);
    for (size_t i = 0; i < parts.size(); ++i)
      parts[i] = reps[i] ? sum(parts[i], AxisList(ax), true) : zeros_on(one, g.dtype(), g.device());
    return std::vector<Tensor>{concatenate(parts, ax).reshape(s)};
  });
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "tile", .family = "shape", .forms = kFunction});
PARITY_OP_RECORD({.name = "repeat", .family = "shape", .forms = kFunction});

}  // namespace parity

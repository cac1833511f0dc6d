// take, take_along_axis (NumPy's), and the gather / scatter-add kernels they and sort share.
#include <cstring>

#include "../shape_util.h"
#include "../iter.h"
#include "gather.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "parity/promotion.h"
#include "../gufunc_out.h"
#include "../require_cpu.h"

namespace parity {

PARITY_OP_RECORD({.name = "take", .family = "indexing", .forms = kFunction | kMethod | kOut, .dtypes = DTypeSet::all,
                  .grad = "g scatter-added back to the taken positions"});
PARITY_OP_RECORD({.name = "take_along_axis", .family = "indexing", .forms = kFunction, .dtypes = DTypeSet::all,
                  .grad = "g scatter-added back to the taken positions"});

namespace {

// (outer, n, inner): a C-order shape seen around `axis`.
struct Around {
  int64_t outer = 1, n = 1, inner = 1;
};
Around around(const Shape& s, int64_t axis) {
  Around a;
  for (int64_t d = 0; d < static_cast<int64_t>(s.size()); ++d) {
    if (d < axis) a.outer *= s[d];
    else if (d == axis) a.n = s[d];
    else a.inner *= s[d];
  }
  return a;
}

Tensor gather_raw(const Tensor& x, const Tensor& idx, int64_t axis) {
  require_cpu(x, "take");
  const Tensor c = x.contiguous(), ic = idx.contiguous();
  Tensor r = new_tensor(ic.shape(), c.dtype(), "take");
  const Around ax = around(c.shape(), axis), ai = around(ic.shape(), axis);
  const int64_t isz = c.itemsize();
  const char* src = static_cast<const char*>(c.data_ptr());
  char* dst = static_cast<char*>(r.data_ptr());
  const int64_t* ip = ic.data<int64_t>();
  for (int64_t o = 0; o < ai.outer; ++o)
    for (int64_t j = 0; j < ai.n; ++j)
      for (int64_t i = 0; i < ai.inner; ++i) {
        const int64_t k = (o * ai.n + j) * ai.inner + i;
        std::memcpy(dst + k * isz, src + ((o * ax.n + ip[k]) * ax.inner + i) * isz, isz);
      }
  return r;
}

Tensor scatter_raw(const Tensor& g, const Tensor& idx, int64_t axis, const Shape& shape) {
  require_cpu(g, "take");
  const Tensor gc = g.contiguous(), ic = idx.contiguous();
  Tensor r = zeros(shape, gc.dtype());
  const Around ar = around(shape, axis), ai = around(ic.shape(), axis);
  dispatch<AllTypes>(gc.dtype(), "take", [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    const S* gp = gc.data<S>();
    S* rp = r.data<S>();
    const int64_t* ip = ic.data<int64_t>();
    for (int64_t o = 0; o < ai.outer; ++o)
      for (int64_t j = 0; j < ai.n; ++j)
        for (int64_t i = 0; i < ai.inner; ++i) {
          const int64_t k = (o * ai.n + j) * ai.inner + i;
          S& t = rp[(o * ar.n + ip[k]) * ar.inner + i];
          t = static_cast<S>(static_cast<C>(t) + static_cast<C>(gp[k]));
        }
  });
  return r;
}

// Indices as int64: NumPy casts them to intp with casting='same_kind' (bool and unsigned pass,
// float and complex are a TypeError).
Tensor int_indices(const Tensor& indices, const char* op) {
  if (is_inexact(indices.dtype()))
    throw TypeError(op_msg(op, std::string("Cannot cast array data from dtype('") + name(indices.dtype()) +
                                   "') to dtype('int64') according to the rule 'same_kind'"));
  return indices.detach().astype(DType::Int64).contiguous();
}

enum class Mode { raise, wrap, clip };
Mode parse_mode(const std::string& mode, const char* op) {
  if (mode == "raise") return Mode::raise;
  if (mode == "wrap") return Mode::wrap;
  if (mode == "clip") return Mode::clip;
  throw ValueError(op_msg(op, "clipmode must be one of 'clip', 'raise', or 'wrap' (got '" + mode + "')"));
}

// Brings every index into [0, n) in place, as `mode` says.
void normalize_indices(Tensor& idx, int64_t n, int64_t axis, Mode mode, const char* op) {
  int64_t* p = idx.data<int64_t>();
  const int64_t m = idx.size();
  if (m > 0 && n == 0) throw IndexError(op_msg(op, "cannot do a non-empty take from an empty axes."));
  for (int64_t k = 0; k < m; ++k) {
    int64_t v = p[k];
    switch (mode) {
      case Mode::raise:
        if (v < -n || v >= n)
          throw IndexError(op_msg(op, "index " + std::to_string(v) + " is out of bounds for axis " +
                                          std::to_string(axis) + " with size " + std::to_string(n)));
        if (v < 0) v += n;
        break;
      case Mode::wrap:
        v %= n;
        if (v < 0) v += n;
        break;
      case Mode::clip:
        v = v < 0 ? 0 : (v >= n ? n - 1 : v);
        break;
    }
    p[k] = v;
  }
}

}  // namespace

namespace gather {

Tensor gather_recorded(const char* op, const Tensor& x, const Tensor& xv, const Tensor& idx, int64_t axis) {
  Tensor r = gather_raw(xv.detach(), idx, axis);
  if (!autograd::needs_grad({x})) return r;
  return autograd::record(op, r, {x}, [idx, axis, vs = xv.shape(), xs = x.shape(), same = xv.size() == x.size()](const Tensor& g) {
    Tensor s = scatter_add(g, idx, axis, vs);
    return std::vector<Tensor>{same && vs != xs ? s.reshape(xs) : s};
  });
}

Tensor scatter_add(const Tensor& g, const Tensor& idx, int64_t axis, const Shape& shape) {
  Tensor r = scatter_raw(g.detach(), idx, axis, shape);
  if (!autograd::needs_grad({g})) return r;
  return autograd::record("scatter_add", r, {g}, [idx, axis](const Tensor& gg) {
    return std::vector<Tensor>{gather_recorded("take_along_axis", gg, gg, idx, axis)};
  });
}

}  // namespace gather

namespace {
// NumPy's checks on take's out= (PyArray_TakeFrom), made before any index is checked: out's shape
// is the result's; out goes through PyArray_FromArray(out, x's dtype, WRITEBACKIFCOPY), which asks
// for a 'safe' cast from out's dtype to x's and a writeable out.
void check_take_out(const Tensor& o, const Shape& rs, DType xd, const char* op) {
  if (!o.defined()) throw ValueError(op_msg(op, "undefined out= tensor"));
  if (o.shape() != rs)
    throw ValueError(op_msg(op, "output array does not match result of ndarray.take (out= " + shape_str(o.shape()) +
                                    ", result " + shape_str(rs) + ")"));
  if (o.dtype() != xd && !can_cast(o.dtype(), xd, Casting::safe))
    throw TypeError(op_msg(op, std::string("Cannot cast array data from dtype('") + name(o.dtype()) + "') to dtype('" +
                                   name(xd) + "') according to the rule 'safe'"));
  o.check_writeable(op, "WRITEBACKIFCOPY base");
}
}  // namespace

Tensor take(const Tensor& x, const Tensor& indices, std::optional<int64_t> axis, const std::string& mode, OutArg out) {
  const char* op = "take";
  if (!x.defined() || !indices.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  const Mode md = parse_mode(mode, op);
  const Tensor xv = axis ? x : x.detach().reshape({-1});
  const int64_t ax = axis ? normalize_axis(*axis, x.ndim(), op) : 0;
  Tensor idx = int_indices(indices, op);
  const int64_t n = xv.shape()[ax];
  Shape rs(xv.shape().begin(), xv.shape().begin() + ax);
  rs.insert(rs.end(), idx.shape().begin(), idx.shape().end());
  rs.insert(rs.end(), xv.shape().begin() + ax + 1, xv.shape().end());
  if (out.tensor) check_take_out(*out.tensor, rs, x.dtype(), op);
  normalize_indices(idx, n, ax, md, op);
  // xv as (outer, n, inner), the indices repeated over outer and inner.
  const Around a = around(xv.shape(), ax);
  const int64_t m = idx.size();
  Tensor x3 = xv.detach().reshape({a.outer, n, a.inner});
  Tensor i3 = idx.reshape({1, m, 1}).broadcast_to({a.outer, m, a.inner});
  Tensor r = !autograd::needs_grad({x}) ? gather_raw(x3, i3, 1).reshape(rs)
                                         // Differentiated against x through its (outer, n, inner) view: the gradient is reshaped back.
                                         : gather::gather_recorded(op, x, x3, i3, 1).reshape(rs);
  if (!out.tensor) return r;
  // The values reach out through a buffer of x's dtype, written back unsafely (out's dtype passed
  // the 'safe' check above, so the write-back is a plain cast; the shapes already match).
  return gufunc::write_out(op, r, *out.tensor);
}

Tensor take_along_axis(const Tensor& x, const Tensor& indices, std::optional<int64_t> axis) {
  const char* op = "take_along_axis";
  if (!x.defined() || !indices.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  if (indices.dtype() == DType::Bool || is_inexact(indices.dtype()))
    throw IndexError(op_msg(op, "`indices` must be an integer array"));
  Tensor xv = x;
  int64_t ax = 0;
  if (!axis) {
    if (indices.ndim() != 1)
      throw ValueError(op_msg(op, "when axis=None, `indices` must have a single dimension."));
    xv = x.detach().reshape({-1});
  } else {
    ax = normalize_axis(*axis, x.ndim(), op);
    if (indices.ndim() != x.ndim())
      throw ValueError(op_msg(op, "`indices` and `arr` must have the same number of dimensions"));
  }
  // Broadcast every axis but `ax`.
  Shape xs = xv.shape(), is = indices.shape();
  Shape bx = xs, bi = is;
  for (int64_t d = 0; d < static_cast<int64_t>(xs.size()); ++d) {
    if (d == ax) continue;
    if (xs[d] != is[d] && xs[d] != 1 && is[d] != 1) {
      Shape a = xs, b = is;
      a[ax] = 1;
      b[ax] = 1;
      throw IndexError(op_msg(op, "shape mismatch: indexing arrays could not be broadcast together with shapes " +
                                      shape_str(a) + " " + shape_str(b)));
    }
    const int64_t v = xs[d] == 1 ? is[d] : xs[d];
    bx[d] = v;
    bi[d] = v;
  }
  Tensor idx = int_indices(indices.broadcast_to(bi), op);
  normalize_indices(idx, xs[ax], ax, Mode::raise, op);
  Tensor xb = xv.detach().broadcast_to(bx);
  if (!autograd::needs_grad({x})) return gather_raw(xb, idx, ax);
  return gather::gather_recorded(op, x, axis ? xb : xv, idx, ax);
}

Tensor Tensor::take(const Tensor& indices, std::optional<int64_t> axis, const std::string& mode) const {
  return parity::take(*this, indices, axis, mode);
}

}  // namespace parity

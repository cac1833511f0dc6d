#include "reduce_util.h"

#include <algorithm>
#include <cstdlib>

#include "../allocator.h"
#include "../iter.h"
#include "../shape_util.h"
#include "../ufunc.h"

namespace parity::reduce {

std::vector<bool> reduced_axes(const Axes& axis, int64_t ndim, const char* op) {
  std::vector<bool> red(ndim, !axis.has_value());
  if (!axis) return red;
  // NumPy: an int axis 0 or -1 on a 0-d input reduces nothing (mean, var and std excepted).
  const std::string o = op;
  if (ndim == 0 && axis->is_int() && ((*axis)[0] == 0 || (*axis)[0] == -1) && o != "mean" && o != "var" &&
      o != "std")
    return red;
  for (int64_t a : *axis) {
    int64_t n = normalize_axis(a, ndim, op);
    if (red[n]) throw ValueError(op_msg(op, "duplicate value in 'axis'"));
    red[n] = true;
  }
  return red;
}

namespace {
// Memory order of an axis: |stride|, with broadcast (stride 0) axes outermost.
int64_t stride_key(int64_t s) { return s == 0 ? INT64_MAX : std::llabs(s); }
}  // namespace

Plan make_plan(const Tensor& x, const Axes& axis, bool keepdims, const char* op) {
  Plan p;
  p.reduced = reduced_axes(axis, x.ndim(), op);
  const Strides bs = x.byte_strides();
  std::vector<std::pair<int64_t, int64_t>> red;  // (size, byte stride) of reduced axes of size != 1
  int64_t inner_axis = -1, inner_stride = 0;
  for (int64_t i = 0; i < x.ndim(); ++i) {
    const int64_t n = x.shape()[i];
    if (n != 1 && (inner_axis < 0 || stride_key(bs[i]) <= inner_stride)) {
      inner_axis = i;
      inner_stride = stride_key(bs[i]);
    }
    if (p.reduced[i]) {
      p.count *= n;
      if (keepdims) p.result_shape.push_back(1);
      if (n != 1) red.emplace_back(n, bs[i]);
    } else {
      p.nout *= n;
      p.result_shape.push_back(n);
      p.outer_shape.push_back(n);
      p.outer_strides.push_back(bs[i]);
    }
  }
  p.inner_contig = inner_axis < 0 || p.reduced[inner_axis];
  // Reduced axes by decreasing |stride| (memory order), merged where they form one run.
  std::stable_sort(red.begin(), red.end(),
                   [](auto& a, auto& b) { return stride_key(a.second) > stride_key(b.second); });
  for (auto [n, s] : red) {
    if (!p.red_shape.empty() && p.red_strides.back() == s * n) {
      p.red_shape.back() *= n;
      p.red_strides.back() = s;
    } else {
      p.red_shape.push_back(n);
      p.red_strides.push_back(s);
    }
  }
  if (p.red_shape.empty()) {
    p.red_shape.push_back(1);
    p.red_strides.push_back(0);
  }
  return p;
}

void check_defined(const Tensor& x, const char* op) {
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor argument"));
}

DType sum_dtype(DType d) {
  if (d == DType::Bool || is_signed_int(d)) return DType::Int64;
  if (is_unsigned_int(d)) return DType::UInt64;
  return d;
}

DType float_dtype(DType d) { return (d == DType::Bool || is_integer(d)) ? DType::Float64 : d; }

DType loop_dtype(const UFuncDef& uf, DType in, const std::optional<DType>& dtype, const OutArg& out, DType dflt) {
  if (dtype) return *dtype;
  if (!out.tensor || !out.tensor->defined()) return dflt;
  // NumPy resolves the loop from the operands (out, x, out): the binary ufunc's own resolution.
  const Tensor o = new_tensor({0}, out.tensor->dtype()), x = new_tensor({0}, in);
  const ArrayLike a(o), b(x);
  return resolve_loop(uf, {&a, &b}).in[0];
}

Tensor finish(const Tensor& result, const OutArg& out, const char* op) {
  if (!out.tensor) return result;
  const Tensor& o = *out.tensor;
  if (!o.defined()) throw ValueError(op_msg(op, "undefined out= tensor"));
  o.check_writeable(op);  // before the shape checks, as NumPy's iterator does
  if (o.ndim() != result.ndim())
    throw ValueError(op_msg(op, "output parameter for reduction operation has the wrong number of "
                                "dimensions: Found " + std::to_string(o.ndim()) + " but expected " +
                                std::to_string(result.ndim())));
  if (o.shape() != result.shape())
    throw ValueError(op_msg(op, "output parameter has shape " + shape_str(o.shape()) +
                                    " but the reduction's result has shape " + shape_str(result.shape())));
  copy_cast(result, o);  // reductions cast into out= unsafely, as NumPy does
  return o;
}

Tensor empty_keep_layout(const Tensor& x, DType d) {
  std::vector<int64_t> order(x.ndim());
  for (int64_t i = 0; i < x.ndim(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return stride_key(x.strides()[a]) > stride_key(x.strides()[b]);
  });
  Strides st(x.ndim());
  int64_t n = 1;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    st[*it] = n;
    n *= std::max<int64_t>(x.shape()[*it], 1);
  }
  // alloc_storage checks n * itemsize(d): d may be wider than x's dtype
  return Tensor(alloc_storage(x.shape(), d, "empty_like", x.device()), d, x.shape(), st, 0);
}

Tensor copy_keep_layout(const Tensor& x, DType d) {
  Tensor out = empty_keep_layout(x, d);
  copy_cast(x, out);
  return out;
}

Tensor cast_keep_layout(const Tensor& x, DType d) { return x.dtype() == d ? x : copy_keep_layout(x, d); }

bool nan_aware(DType d) { return is_inexact(d) && d != DType::BFloat16; }

Tensor zero_nans(const Tensor& x) {
  if (!nan_aware(x.dtype())) return x;
  Tensor c = copy_keep_layout(x, x.dtype());
  dispatch<InexactTypes>(c.dtype(), "nan", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* d = static_cast<T*>(c.storage()->data());  // c is dense in its storage, in some axis order
    for (int64_t i = 0, n = c.size(); i < n; ++i)
      if (is_nan_v(static_cast<compute_t<T>>(d[i]))) d[i] = T(0.0f);
  });
  return c;
}

Tensor expand_reduced(const Tensor& g, const Shape& xshape, const Axes& axis, bool keepdims, const char* op) {
  const std::vector<bool> red = reduced_axes(axis, static_cast<int64_t>(xshape.size()), op);
  Tensor e = g;
  if (!keepdims) {
    Shape ks = xshape;
    for (size_t i = 0; i < ks.size(); ++i)
      if (red[i]) ks[i] = 1;
    e = e.reshape(ks);
  }
  return e.broadcast_to(xshape);
}

int64_t reduced_count(const Shape& xshape, const Axes& axis, const char* op) {
  const std::vector<bool> red = reduced_axes(axis, static_cast<int64_t>(xshape.size()), op);
  int64_t n = 1;
  for (size_t i = 0; i < xshape.size(); ++i)
    if (red[i]) n *= xshape[i];
  return n;
}

}  // namespace parity::reduce

// NumPy indexing: basic indices (integers, slices, ellipsis, newaxis) give a view by stride
// arithmetic; integer and boolean arrays (advanced indices) give a copy gathered through a table
// of element offsets computed once, and index_put scatters through the same table.
#include <cstring>
#include "parity/op_record.h"
#include <string>

#include "index_stub.h"
#include "iter.h"
#include "parity/autograd.h"
#include "parity/ops.h"
#include "parity/tensor.h"
#include "shape_util.h"

namespace parity {

namespace {

// NumPy prints shapes without spaces in its indexing messages: "(2,3)".
std::string np_shape(const Shape& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? "," : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}

// One advanced index, reduced to element offsets (relative to the view) of a given shape.
struct AdvEntry {
  Tensor offsets;  // int64, C-contiguous
  int64_t listed;  // times its shape shows in broadcast errors (0 for plain integers)
};

// An index expression resolved against a tensor.
struct Resolved {
  // The basic part: a view of the source without the dimensions consumed by advanced indices.
  Shape shape;
  Strides strides;
  int64_t offset = 0;
  // The advanced part (empty for a pure basic index).
  std::vector<AdvEntry> adv;
  int64_t insert_at = 0;  // position of the broadcast index dimensions among the view dimensions
  bool advanced() const { return !adv.empty(); }
};

int64_t checked_index(int64_t i, int64_t n, int64_t axis, const char* op) {
  if (i < -n || i >= n)
    throw IndexError(op_msg(op, "index " + std::to_string(i) + " is out of bounds for axis " +
                                    std::to_string(axis) + " with size " + std::to_string(n)));
  return i < 0 ? i + n : i;
}

// Python's slice.indices(n) and the resulting length.
void resolve_slice(const Slice& s, int64_t n, int64_t& start, int64_t& step, int64_t& len, const char* op) {
  step = s.step.value_or(1);
  if (step == 0) throw ValueError(op_msg(op, "slice step cannot be zero"));
  if (step < -INT64_MAX) step = -INT64_MAX;  // Python clamps too; keeps -step representable
  auto adjust = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t x = *v;
    if (x < 0) {
      x += n;
      if (x < 0) x = step < 0 ? -1 : 0;
    } else if (x >= n) {
      x = step < 0 ? n - 1 : n;
    }
    return x;
  };
  start = adjust(s.start, step > 0 ? 0 : n - 1);
  int64_t stop = adjust(s.stop, step > 0 ? n : -1);
  if (step > 0) len = stop > start ? (stop - start - 1) / step + 1 : 0;
  else len = start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

// Offsets (index * stride) of an integer index array along one axis, bounds-checked.
Tensor int_offsets(const Tensor& arr, int64_t n, int64_t stride, int64_t axis, const char* op) {
  Tensor out = new_tensor(arr.shape(), DType::Int64);
  Tensor a = arr.contiguous();
  int64_t* o = out.data<int64_t>();
  const int64_t cnt = a.size();
  dispatch<IntegerTypes>(a.dtype(), op, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = a.data<T>();
    // uint64 wraps to intp, as NumPy's unsafe cast to intp does.
    for (int64_t k = 0; k < cnt; ++k) o[k] = checked_index(static_cast<int64_t>(p[k]), n, axis, op) * stride;
  });
  return out;
}

// Offsets of the true elements of a k-d mask over dimensions with element `strides`.
Tensor mask_offsets(const Tensor& mask, const Strides& strides) {
  Tensor m = mask.contiguous();
  const bool* p = m.data<bool>();
  const int64_t cnt = m.size(), k = m.ndim();
  int64_t nnz = 0;
  for (int64_t i = 0; i < cnt; ++i) nnz += p[i];
  Tensor out = new_tensor({nnz}, DType::Int64);
  int64_t* o = out.data<int64_t>();
  std::vector<int64_t> idx(k, 0);
  int64_t off = 0, w = 0;
  for (int64_t i = 0; i < cnt; ++i) {
    if (p[i]) o[w++] = off;
    for (int64_t d = k - 1; d >= 0; --d) {  // odometer step over the mask's C order
      off += strides[d];
      if (++idx[d] < m.shape()[d]) break;
      off -= strides[d] * idx[d];
      idx[d] = 0;
    }
  }
  return out;
}

Tensor scalar_offset(int64_t v) {
  Tensor t = new_tensor({}, DType::Int64);
  *t.data<int64_t>() = v;
  return t;
}

Resolved resolve(const Tensor& x, const std::vector<TensorIndex>& idx, const char* op) {
  using K = TensorIndex::Kind;
  int64_t consumed = 0, n_ellipsis = 0;
  bool has_array = false;
  for (const auto& e : idx) {
    switch (e.kind()) {
      case K::Integer: case K::Slice: ++consumed; break;
      case K::Ellipsis: ++n_ellipsis; break;
      case K::NewAxis: break;
      case K::Array: {
        const Tensor& a = e.array();
        if (!a.defined()) throw IndexError(op_msg(op, "undefined tensor used as an index"));
        if (is_bool(a.dtype())) consumed += a.ndim();
        else if (is_integer(a.dtype())) ++consumed;
        else throw IndexError(op_msg(op, "arrays used as indices must be of integer (or boolean) type"));
        has_array = true;
        break;
      }
    }
  }
  if (n_ellipsis > 1) throw IndexError(op_msg(op, "an index can only have a single ellipsis ('...')"));
  if (consumed > x.ndim())
    throw IndexError(op_msg(op, "too many indices for array: array is " + std::to_string(x.ndim()) +
                                    "-dimensional, but " + std::to_string(consumed) + " were indexed"));

  Resolved r;
  r.offset = x.offset();
  const Shape& xs = x.shape();
  const Strides& xt = x.strides();
  int64_t d = 0;                 // next source dimension
  int64_t last_adv_pos = -2;     // entry position of the last advanced index
  int64_t pos = 0;               // entry position; anything between two advanced indices separates them
  bool consecutive = true;
  auto note_adv = [&]() {
    if (r.adv.empty()) r.insert_at = static_cast<int64_t>(r.shape.size());
    else if (last_adv_pos != pos - 1) consecutive = false;
    last_adv_pos = pos;
  };
  for (const auto& e : idx) {
    switch (e.kind()) {
      case K::Integer: {
        int64_t i = checked_index(e.integer(), xs[d], d, op);
        if (has_array) {  // with arrays present an integer is a 0-d advanced index
          note_adv();
          r.adv.push_back({scalar_offset(i * xt[d]), 0});
        } else {
          r.offset += i * xt[d];
        }
        ++d;
        break;
      }
      case K::Slice: {
        int64_t start, step, len;
        resolve_slice(e.slice(), xs[d], start, step, len, op);
        if (len > 0) r.offset += start * xt[d];
        // A huge step only fits a length <= 1 result, whose stride is then immaterial: 0 rather
        // than overflow (NumPy wraps around).
        int64_t st, bytes;
        if (__builtin_mul_overflow(xt[d], step, &st) || __builtin_mul_overflow(st, x.itemsize(), &bytes)) st = 0;
        r.shape.push_back(len);
        r.strides.push_back(st);
        ++d;
        break;
      }
      case K::NewAxis:
        r.shape.push_back(1);
        r.strides.push_back(0);
        break;
      case K::Ellipsis: {
        int64_t n = x.ndim() - consumed;  // even an empty ellipsis separates advanced indices
        for (int64_t k = 0; k < n; ++k, ++d) {
          r.shape.push_back(xs[d]);
          r.strides.push_back(xt[d]);
        }
        break;
      }
      case K::Array: {
        const Tensor& a = e.array();
        note_adv();
        if (!is_bool(a.dtype())) {
          r.adv.push_back({int_offsets(a, xs[d], xt[d], d, op), 1});
          ++d;
        } else if (a.ndim() == 0) {
          // A 0-d mask adds a length-1 axis and selects it (True) or nothing (False).
          Tensor t = new_tensor({*a.data<bool>() ? 1 : 0}, DType::Int64);
          if (t.size()) *t.data<int64_t>() = 0;
          r.adv.push_back({t, 1});
        } else {
          for (int64_t k = 0; k < a.ndim(); ++k)
            if (a.shape()[k] != xs[d + k])
              throw IndexError(op_msg(op, "boolean index did not match indexed array along axis " +
                                              std::to_string(d + k) + "; size of axis is " +
                                              std::to_string(xs[d + k]) +
                                              " but size of corresponding boolean axis is " +
                                              std::to_string(a.shape()[k])));
          // NumPy turns a k-d mask into k index arrays; all k show in broadcast errors.
          r.adv.push_back({mask_offsets(a, Strides(xt.begin() + d, xt.begin() + d + a.ndim())), a.ndim()});
          d += a.ndim();
        }
        break;
      }
    }
    ++pos;
  }
  for (; d < x.ndim(); ++d) {
    r.shape.push_back(xs[d]);
    r.strides.push_back(xt[d]);
  }
  if (!consecutive) r.insert_at = 0;
  return r;
}

// The broadcast shape of the advanced indices and their summed offsets over it.
Tensor combine_offsets(const std::vector<AdvEntry>& adv, const char* op) {
  std::vector<Shape> shapes;
  for (const auto& e : adv) shapes.push_back(e.offsets.shape());
  Shape b;
  try {
    b = broadcast_shape(shapes, op);
  } catch (const ValueError&) {
    std::string msg = "shape mismatch: indexing arrays could not be broadcast together with shapes";
    for (const auto& e : adv)
      for (int64_t k = 0; k < e.listed; ++k) msg += " " + np_shape(e.offsets.shape());
    throw IndexError(op_msg(op, msg + " "));
  }
  if (adv.size() == 1) return adv[0].offsets;
  Tensor acc = new_tensor(b, DType::Int64);
  std::memset(acc.data_ptr(), 0, static_cast<size_t>(acc.nbytes()));
  auto add = [](char** data, const int64_t* s, int64_t n, const void*) {
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<int64_t*>(data[1] + i * s[1]) += *reinterpret_cast<const int64_t*>(data[0] + i * s[0]);
  };
  for (const auto& e : adv) run_tensors(b, {e.offsets, acc}, add);
  return acc;
}

// Calls f(byte offset) for every index of `shape` in C order.
template <class F> void for_each_offset(const Shape& shape, const Strides& bstrides, F&& f) {
  const int64_t nd = static_cast<int64_t>(shape.size());
  for (int64_t s : shape)
    if (s == 0) return;
  std::vector<int64_t> idx(nd, 0);
  int64_t off = 0;
  while (true) {
    f(off);
    int64_t d = nd - 1;
    for (; d >= 0; --d) {
      off += bstrides[d];
      if (++idx[d] < shape[d]) break;
      off -= bstrides[d] * idx[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

}  // namespace

void indexing::coalesce(Shape& shape, Strides& st) {
  Shape s2;
  Strides t2;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 1) continue;
    if (!s2.empty() && t2.back() == st[i] * shape[i]) {
      s2.back() *= shape[i];
      t2.back() = st[i];
    } else {
      s2.push_back(shape[i]);
      t2.push_back(st[i]);
    }
  }
  shape = s2;
  st = t2;
}

namespace {
using indexing::coalesce;
using indexing::Plan;

template <int N, bool Scatter> void run_plan(const Plan& p, char* dense, bool dense_repeats) {
  const int64_t step = dense_repeats ? 0 : N;
  auto move = [](char* strided, char* d) {
    if constexpr (Scatter) std::memcpy(strided, d, N);
    else std::memcpy(d, strided, N);
  };
  const int64_t inner_n = p.post.empty() ? 1 : p.post.back();
  const int64_t inner_s = p.post.empty() ? 0 : p.post_b.back();
  Shape outer_post(p.post.begin(), p.post.end() - (p.post.empty() ? 0 : 1));
  Strides outer_post_b(p.post_b.begin(), p.post_b.end() - (p.post_b.empty() ? 0 : 1));
  // Rows contiguous on both sides move as one block.
  const bool block = !dense_repeats && p.post.size() == 1 && inner_s == N;
  for_each_offset(p.pre, p.pre_b, [&](int64_t po) {
    for (int64_t t = 0; t < p.ntable; ++t) {
      char* src = p.base + po + p.table[t] * N;
      if (block) {
        if constexpr (Scatter) std::memcpy(src, dense, static_cast<size_t>(inner_n * N));
        else std::memcpy(dense, src, static_cast<size_t>(inner_n * N));
        dense += inner_n * N;
        continue;
      }
      for_each_offset(outer_post, outer_post_b, [&](int64_t qo) {
        char* s = src + qo;
        for (int64_t i = 0; i < inner_n; ++i, s += inner_s, dense += step) move(s, dense);
      });
    }
  });
}

template <bool Scatter> void run_plan_sized(const Plan& p, char* dense, bool dense_repeats) {
  switch (p.itemsize) {
    case 1: return run_plan<1, Scatter>(p, dense, dense_repeats);
    case 2: return run_plan<2, Scatter>(p, dense, dense_repeats);
    case 4: return run_plan<4, Scatter>(p, dense, dense_repeats);
    case 8: return run_plan<8, Scatter>(p, dense, dense_repeats);
    default: return run_plan<16, Scatter>(p, dense, dense_repeats);
  }
}

// Builds the plan and the result shape of an advanced index.
Plan make_plan(const Tensor& x, const Resolved& r, const Tensor& table, Shape& result_shape) {
  Plan p;
  p.itemsize = x.itemsize();
  p.base = static_cast<char*>(x.storage()->data()) + r.offset * p.itemsize;
  const auto at = r.shape.begin() + r.insert_at;
  result_shape.assign(r.shape.begin(), at);
  result_shape.insert(result_shape.end(), table.shape().begin(), table.shape().end());
  result_shape.insert(result_shape.end(), at, r.shape.end());
  for (int64_t i = 0; i < static_cast<int64_t>(r.shape.size()); ++i) {
    (i < r.insert_at ? p.pre : p.post).push_back(r.shape[i]);
    (i < r.insert_at ? p.pre_b : p.post_b).push_back(r.strides[i] * p.itemsize);
  }
  coalesce(p.pre, p.pre_b);
  coalesce(p.post, p.post_b);
  p.table = table.data<int64_t>();
  p.ntable = table.size();
  return p;
}

// Index arrays on a GPU are copied to the host (to() keeps a host array as it is): the offset
// table (bounds-checked there, with the CPU's IndexError) is built on the host, and a GPU's slot
// copies it to the indexed tensor's device.
std::vector<TensorIndex> host_indices(const std::vector<TensorIndex>& idx) {
  std::vector<TensorIndex> r = idx;
  for (auto& e : r)
    if (e.kind() == TensorIndex::Kind::Array && e.array().defined()) e = TensorIndex(e.array().to(Device::cpu));
  return r;
}

// The CPU's slots: the host loops above, and view.assign for basic-index assignment.
void move_cpu(const Plan& p, const Tensor&, char* dense, bool dense_repeats, bool scatter, Device, const char*) {
  if (scatter) run_plan_sized<true>(p, dense, dense_repeats);
  else run_plan_sized<false>(p, dense, dense_repeats);
}
bool fill_view_cpu(const Tensor&, const Tensor&, const ArrayLike&, const char*) { return false; }

constinit const DeviceStub<indexing::MoveFn> move_stub{"advanced indexing", &move_cpu, &indexing::move_cuda};
constinit const DeviceStub<indexing::FillViewFn> fill_view_stub{"basic-index assignment", &fill_view_cpu,
                                                                 &indexing::fill_view_cuda};

}  // namespace

// zeros(shape) with g's elements added at the flat positions `pos` (shaped like g): indexing's
// derivative; repeated positions (x[[0, 0]]) accumulate. Its own derivative gathers back.
namespace {
Tensor scatter_add_cpu(const Tensor& g, const Tensor& pos, const Shape& shape) {
  Tensor gc = g.detach().contiguous(), pc = pos.contiguous();
  Tensor out;
  {
    DeviceGuard cpu(Device::cpu);  // g is on the CPU here, whatever the default device
    out = zeros(shape, g.dtype());
  }
  dispatch<InexactTypes>(g.dtype(), "index", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    T* o = out.data<T>();
    const T* src = gc.data<T>();
    const int64_t* p = pc.data<int64_t>();
    for (int64_t i = 0, n = gc.size(); i < n; ++i) o[p[i]] = static_cast<T>(static_cast<C>(o[p[i]]) + static_cast<C>(src[i]));
  });
  if (!autograd::needs_grad({g})) return out;
  return autograd::record("index_backward", out, {g}, [pc](const Tensor& gg) {
    return std::vector<Tensor>{gg.reshape({-1}).index({TensorIndex(pc)})};
  });
}
// No GPU kernel yet: the stub's empty slot raises NotImplementedError naming the device.
using ScatterAddFn = Tensor (*)(const Tensor& g, const Tensor& pos, const Shape& shape);
constinit const DeviceStub<ScatterAddFn> scatter_add_stub{"the derivative of advanced indexing (a scatter-add)",
                                                          &scatter_add_cpu, nullptr};
}  // namespace

Tensor Tensor::index(const std::vector<TensorIndex>& idx) const {
  // The derivative scatters g back into zeros of our shape, at the flat positions the same index
  // picks from arange(size).reshape(shape).
  if (autograd_meta() && autograd::needs_grad({*this}))
    return autograd::record("index", detach().index(idx), {*this}, [idx, s = shape_](const Tensor& g) {
      int64_t n = 1;
      for (int64_t d : s) n *= d;
      Tensor pos;
      {
        DeviceGuard cpu(Device::cpu);  // positions are read on the host
        pos = arange(Scalar(n)).reshape(s).index(idx);
      }
      return std::vector<Tensor>{scatter_add_stub.at(g.device(), "index")(g, pos, s)};
    });
  const char* op = "index";
  if (!defined()) throw ValueError(op_msg(op, "undefined tensor"));
  Resolved r = resolve(*this, host_indices(idx), op);
  if (!r.advanced()) return alias(dtype_, r.shape, r.strides, r.offset);  // a view, on any device
  Tensor table = combine_offsets(r.adv, op).contiguous();
  Shape rs;
  Plan p = make_plan(*this, r, table, rs);
  Tensor out = new_tensor(rs, dtype_, op, device());
  if (out.size() == 0) return out;
  move_stub.at(device(), op)(p, table, static_cast<char*>(out.device_ptr()), false, false, device(), op);
  return out;
}

namespace {
void index_put_impl(Tensor& self, const std::vector<TensorIndex>& idx, const ArrayLike& value);
}

// Writing through an index has no derivative yet: a tensor written into while it (or the value)
// needs grad gets a node that raises on backward, never a silently wrong gradient.
void Tensor::index_put(const std::vector<TensorIndex>& idx, const ArrayLike& value) {
  index_put_impl(*this, idx, value);
  std::vector<Tensor> ins{*this};
  if (value.is_tensor()) ins.push_back(value.tensor());
  if (autograd::needs_grad(ins))
    autograd::record_not_differentiable("index_put", *this, ins);
}

namespace {
void index_put_impl(Tensor& self, const std::vector<TensorIndex>& idx, const ArrayLike& value) {
  const char* op = "index_put";
  if (!self.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  self.check_writeable(op, "assignment destination");  // NumPy checks before the index
  Resolved r = resolve(self, host_indices(idx), op);
  if (!r.advanced()) {
    Tensor view = self.alias(self.dtype(), r.shape, r.strides, r.offset);
    if (fill_view_stub.at(self.device(), op)(self, view, value, op)) return;
    view.assign(value, Casting::unsafe, op);
    return;
  }
  Tensor table = combine_offsets(r.adv, op).contiguous();
  Shape rs;
  Plan p = make_plan(self, r, table, rs);
  // The value, cast to our dtype, as a fresh buffer: it may overlap this tensor (NumPy copies too).
  Tensor v;
  if (value.is_tensor()) {
    const Tensor& src = value.tensor();
    Shape vs = src.shape();
    while (vs.size() > rs.size() && vs.front() == 1) vs.erase(vs.begin());
    bool ok = vs.size() <= rs.size();
    for (size_t i = 0; ok && i < vs.size(); ++i) {
      int64_t want = rs[rs.size() - vs.size() + i];
      ok = vs[i] == want || vs[i] == 1;
    }
    if (!ok)
      throw ValueError(op_msg(op, "shape mismatch: value array of shape " + np_shape(src.shape()) +
                                      " could not be broadcast to indexing result of shape " + np_shape(rs)));
    // Made where src lives (a host value is cast on the host), then moved to self's device.
    v = new_tensor(src.size() == 1 ? Shape{} : rs, self.dtype(), op, src.device());
    v.assign(src.size() == 1 ? src.reshape({}) : src, Casting::unsafe, op);
  } else {
    v = new_tensor({}, self.dtype());
    v.assign(value, Casting::unsafe, op);  // value-checks weak scalars (uint8 <- 300 raises)
  }
  if (v.device() != self.device()) v = v.to(self.device());
  self.storage()->bump_version();
  int64_t n = 1;
  for (int64_t s : rs) n *= s;
  if (n == 0) return;
  char* dense = static_cast<char*>(v.device_ptr());
  move_stub.at(self.device(), op)(p, table, dense, v.ndim() == 0, true, self.device(), op);
}
}  // namespace

Tensor Tensor::operator[](int64_t i) const { return index({TensorIndex(i)}); }

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "getitem", .aliases = {"index"}, .family = "indexing", .forms = kMethod});
PARITY_OP_RECORD({.name = "setitem", .aliases = {"index_put"}, .family = "indexing", .forms = kMethod, .no_grad = "writes through an index have no derivative yet"});

}  // namespace parity

// where(cond, x, y), where(cond) / nonzero(x), and clip as NumPy 2's 3-input clip ufunc.
#include <climits>
#include "parity/op_record.h"
#include <cmath>
#include <complex>

#include "../compile/program.h"
#include "../copy_stub.h"
#include "../device_iter.h"
#include "../kernels/binary.h"
#include "../shape_util.h"
#include "ufunc_dispatch.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
// A bool array of x's truth values (complex: either part nonzero; NaN is true).
Tensor truth(const Tensor& x) { return x.dtype() == DType::Bool ? x : not_equal(x, false); }

template <class T> void where_loop(char** d, const int64_t* s, int64_t n, const void*) {
  const char* c = d[0];
  const char* x = d[1];
  const char* y = d[2];
  char* o = d[3];
  for (int64_t i = 0; i < n; ++i, c += s[0], x += s[1], y += s[2], o += s[3])
    *reinterpret_cast<T*>(o) = *reinterpret_cast<const bool*>(c) ? *reinterpret_cast<const T*>(x)
                                                                 : *reinterpret_cast<const T*>(y);
}
// The CPU's slot: the strided iterator over the typed loop.
Tensor where_cpu(const Shape& shape, const Tensor& c, const Tensor& x, const Tensor& y, DType dt, Device) {
  Tensor out = new_tensor(shape, dt);
  InnerLoop loop = dispatch<AllTypes>(dt, "where", [](auto tag) -> InnerLoop {
    return &where_loop<typename decltype(tag)::type>;
  });
  run_tensors(shape, {c, x, y, out}, loop);
  return out;
}
constinit const DeviceStub<WhereFn> where_stub{"where", &where_cpu, &where_cuda};

// x and y as arrays of `dt`. A weak scalar is cast without a range check, as np.where does
// (where(c, uint8_array, 300) holds 44).
Tensor operand_as(const ArrayLike& v, DType dt) {
  Tensor t = v.is_tensor() ? v.tensor() : v.to_tensor(std::nullopt, "where");
  if (!t.defined()) throw ValueError("[where] undefined tensor argument");
  return t.dtype() == dt ? t : t.astype(dt);
}

// ---- clip ----
using kern::Clip;  // kernels/binary.h (NumPy's clip loop), shared with CUDA

using kern::ClipLoops;  // no bfloat16 loop: bfloat16 clips as float32

// NumPy's np.clip (_methods._clip) drops a Python-int bound at or beyond an integer array's
// range, then calls maximum, minimum or positive instead of the clip ufunc: clip(int16, float64
// array, 131072) is maximum(int16, float64 array).
bool drops_bound(const ArrayLike& b, DType xdt, bool lower) {
  if (b.is_tensor() || b.scalar().type != Scalar::Type::Int || !is_integer(xdt)) return false;
  const Scalar& s = b.scalar();
  __int128 v = s.big_uint ? static_cast<__int128>(s.u) : s.i;
  return dispatch<IntegerTypes>(xdt, "clip", [&](auto tag) -> bool {
    using T = typename decltype(tag)::type;
    return lower ? v <= static_cast<__int128>(std::numeric_limits<T>::min())
                 : v >= static_cast<__int128>(std::numeric_limits<T>::max());
  });
}
}  // namespace

PARITY_UFUNC3(clip, "clip", ClipLoops, Clip)
// The gradient goes to the value clip selected: x when lo <= x <= hi (ties to x, as PyTorch's
// clamp) or x is NaN; else lo when x < lo < hi (or lo is NaN); else hi (also when lo >= hi).
PARITY_DERIVATIVE(clip, {
  const Tensor &v = x[0], &lo = x[1], &hi = x[2];
  Tensor to_x = logical_or(logical_and(less_equal(lo, v), less_equal(v, hi)), isnan(v));
  Tensor to_lo = logical_and(logical_not(to_x), logical_or(logical_and(greater(lo, v), greater(hi, lo)), isnan(lo)));
  Tensor to_hi = logical_and(logical_not(to_x), logical_not(to_lo));
  return {g * to_x, g * to_lo, g * to_hi};
});

Tensor clip(const ArrayLike& x_in, const ArrayLike& lo_in, const ArrayLike& hi_in, OutArg out) {
  // The array argument is always strong: np.clip(5, 0, 3) works on asarray(5).
  ArrayLike x = x_in.is_tensor() ? x_in : ArrayLike(x_in.to_tensor(std::nullopt, "clip"));
  if (!x.tensor().defined()) throw ValueError("[clip] undefined tensor argument");
  if (out.tensor && out.tensor->defined()) out.tensor->check_writeable("clip");  // not "[minimum]" below
  const bool no_lo = drops_bound(lo_in, x.tensor().dtype(), true);
  const bool no_hi = drops_bound(hi_in, x.tensor().dtype(), false);
  if (no_lo && no_hi) return positive(x, out);
  if (no_lo) return minimum(x, hi_in, out);
  if (no_hi) return maximum(x, lo_in, out);
  return call_ufunc(ufunc_clip(), {&x, &lo_in, &hi_in}, out);
}

Tensor where(const ArrayLike& cond, const ArrayLike& x, const ArrayLike& y) {
  if (compile_detail::g_tracer) {  // compile(f) replays it (scalars bound) between fused segments
    std::vector<Tensor> ts;
    for (const ArrayLike* a : {&cond, &x, &y})
      if (a->is_tensor()) ts.push_back(a->tensor());
    const ArrayLike args[3] = {cond, x, y};  // copies: tensors owned, scalars kept
    return compile_detail::traced_op("where", ts, [c = args[0], a = args[1], b = args[2]](const std::vector<Tensor>& t) {
      size_t k = 0;
      auto pick = [&](const ArrayLike& v) { return v.is_tensor() ? ArrayLike(t[k++]) : v; };
      ArrayLike c2 = pick(c), a2 = pick(a), b2 = pick(b);
      return where(c2, a2, b2);
    });
  }
  Tensor c = cond.is_tensor() ? cond.tensor() : cond.to_tensor(std::nullopt, "where");
  if (!c.defined()) throw ValueError("[where] undefined tensor argument");
  c = truth(c);
  DType dt = result_type({x.dtype_operand(), y.dtype_operand()}, "where");
  Tensor xt = operand_as(x, dt), yt = operand_as(y, dt);
  Shape shape = broadcast_shape({c.shape(), xt.shape(), yt.shape()}, "where");
  // The common device (device_iter.h): CPU 0-d operands (and scalars) join a GPU op by value.
  const Device dev = common_device({&c, &xt, &yt}, "where");
  const Tensor out = where_stub.at(dev, "where")(shape, c, xt, yt, dt, dev);
  // where is differentiable in x and y: the gradient goes to the chosen side (none to cond).
  if (!autograd::needs_grad(std::vector<const ArrayLike*>{&x, &y})) return out;
  auto orig = [](const ArrayLike& v) { return v.is_tensor() ? v.tensor() : Tensor(); };
  autograd::SavedTensor saved_c(c);
  return autograd::record("where", out, {orig(x), orig(y)}, [saved_c](const Tensor& g) -> std::vector<Tensor> {
    Tensor cc = saved_c.get("where");
    return {where(cc, g, 0.0), where(cc, 0.0, g)};
  });
}

std::vector<Tensor> nonzero(const Tensor& x) {
  if (!x.defined()) throw ValueError("[nonzero] undefined tensor argument");
  if (x.ndim() == 0)
    throw ValueError("[nonzero] Calling nonzero on 0d arrays is not allowed. Use "
                     "np.atleast_1d(scalar).nonzero() instead.");
  Tensor b = truth(x).contiguous();
  const bool* p = b.data<bool>();
  const int64_t n = b.size(), nd = x.ndim();
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) count += p[i];
  std::vector<Tensor> idx;
  std::vector<int64_t*> dst;
  for (int64_t d = 0; d < nd; ++d) {
    idx.push_back(new_tensor({count}, DType::Int64));
    dst.push_back(idx.back().data<int64_t>());
  }
  // Walk the C-order multi-index alongside the flat position.
  std::vector<int64_t> mi(nd, 0);
  int64_t k = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (p[i]) {
      for (int64_t d = 0; d < nd; ++d) dst[d][k] = mi[d];
      ++k;
    }
    for (int64_t d = nd - 1; d >= 0; --d) {
      if (++mi[d] < x.shape()[d]) break;
      mi[d] = 0;
    }
  }
  return idx;
}

std::vector<Tensor> where(const ArrayLike& cond) {
  Tensor c = cond.is_tensor() ? cond.tensor() : cond.to_tensor(std::nullopt, "where");
  return nonzero(c);
}

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "where", .family = "binary", .forms = kFunction, .compiled = true});
PARITY_OP_RECORD({.name = "clip", .family = "binary", .forms = kFunction | kMethod | kInplace | kOut});
PARITY_OP_RECORD({.name = "nonzero", .family = "binary", .forms = kFunction, .grad = "integer results: no gradient flows"});

}  // namespace parity

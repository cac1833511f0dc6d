// Coverage-guided fuzzer of the engine's public API (libFuzzer). Raw bytes become a sequence of
// engine calls on a small pool of live tensors: creation, views, slicing, advanced indexing reads
// and writes, ufuncs (out= and in-place), reductions, shape ops, casts and matmul, with arbitrary
// shapes (0-size dims, up to 64 dims), dtypes, axes, indices and scalars, valid or not.
//
// The property: every call returns or throws one of the engine's typed exceptions (parity::Error).
// Any other exception, a crash, a sanitizer report or a hang is a finding.
//
// Memory stays bounded: the pool keeps tensors of at most kMaxElems elements, and a call whose
// *valid* result would be large (a huge zeros(), a broadcast of two long vectors) is skipped before
// it is made. Calls that are invalid (negative or overflowing sizes) are always made: the engine
// must reject them without allocating.
//
// Build and run: scripts/fuzz_api.sh (see fuzz/README.md).
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "parity/errors.h"
#include "parity/ops.h"
#include "parity/tensor.h"

using namespace parity;

namespace {

constexpr int64_t kMaxElems = 4096;      // per pool tensor
constexpr int64_t kMaxOut = 1 << 18;     // elements of a result the harness lets the engine allocate
constexpr size_t kPoolSize = 8;
constexpr int kMaxCalls = 48;

// The number of elements of a shape: nullopt when a dim is negative or the product overflows.
std::optional<int64_t> safe_size(const Shape& s) {
  int64_t n = 1;
  bool zero = false;
  for (int64_t d : s) {
    if (d < 0) return std::nullopt;
    if (d == 0) { zero = true; continue; }
    if (__builtin_mul_overflow(n, d, &n)) return std::nullopt;
  }
  return zero ? 0 : n;
}

// NumPy's broadcast of shapes; nullopt when they do not broadcast or a dim is negative.
std::optional<Shape> bcast(const std::vector<Shape>& shapes) {
  size_t nd = 0;
  for (const auto& s : shapes) nd = std::max(nd, s.size());
  Shape out(nd, 1);
  for (const auto& s : shapes) {
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t d = s[s.size() - 1 - i];
      int64_t& o = out[nd - 1 - i];
      if (d < 0) return std::nullopt;
      if (o == 1) o = d;
      else if (d != 1 && d != o) return std::nullopt;
    }
  }
  return out;
}

// True when a call whose result has this shape would be valid but too large to let through.
bool too_big(const std::optional<Shape>& s, int64_t limit = kMaxOut) {
  if (!s) return false;  // invalid: the engine must raise
  auto n = safe_size(*s);
  return n && *n > limit;
}

struct Fuzz {
  FuzzedDataProvider& p;
  std::vector<Tensor> pool;

  int64_t small_int(int64_t lo, int64_t hi) { return p.ConsumeIntegralInRange<int64_t>(lo, hi); }
  bool coin() { return p.ConsumeBool(); }
  bool rare() { return p.ConsumeIntegralInRange<int>(0, 15) == 0; }

  DType dtype() { return kAllDTypes[p.ConsumeIntegralInRange<int>(0, kNumDTypes - 1)]; }
  std::optional<DType> opt_dtype() { return coin() ? std::optional<DType>(dtype()) : std::nullopt; }

  // An int from a mix of small values and edges.
  int64_t wild_int() {
    static const int64_t edges[] = {0, 1, -1, 2, -2, 3, 63, 64, -65, 127, 128, 255, 256, 65535, 65536,
                                    int64_t{1} << 31, int64_t{1} << 32, int64_t{1} << 40, int64_t{1} << 62,
                                    std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min()};
    if (coin()) return small_int(-8, 8);
    return edges[p.ConsumeIntegralInRange<size_t>(0, std::size(edges) - 1)];
  }

  Scalar scalar() {
    switch (p.ConsumeIntegralInRange<int>(0, 5)) {
      case 0: return Scalar(coin());
      case 1: return Scalar(wild_int());
      case 2: return Scalar(static_cast<uint64_t>(wild_int()) | (coin() ? (uint64_t{1} << 63) : 0));
      case 3: {
        static const double edges[] = {0.0, -0.0, 0.5, -1.5, 1e300, -1e-310, 65504.0, 1e38,
                                       std::numeric_limits<double>::infinity(),
                                       -std::numeric_limits<double>::infinity(),
                                       std::numeric_limits<double>::quiet_NaN()};
        return Scalar(edges[p.ConsumeIntegralInRange<size_t>(0, std::size(edges) - 1)]);
      }
      case 4: return Scalar(p.ConsumeFloatingPoint<double>());
      default: return Scalar(std::complex<double>(small_int(-4, 4) * 0.5, small_int(-4, 4) * 0.5));
    }
  }

  // A shape: mostly small and valid (at most kMaxElems elements), sometimes up to 64 dims, and
  // with `wild` sometimes a negative or huge dim.
  Shape shape(bool wild = true) {
    size_t nd = rare() ? p.ConsumeIntegralInRange<size_t>(0, 64) : p.ConsumeIntegralInRange<size_t>(0, 4);
    Shape s;
    int64_t total = 1;
    for (size_t i = 0; i < nd; ++i) {
      int64_t d = small_int(0, 7);
      if (d == 7) d = small_int(8, 64);
      if (d != 0 && total * d > kMaxElems) d = 1;
      if (d != 0) total *= d;
      s.push_back(d);
    }
    if (wild && !s.empty() && rare()) s[p.ConsumeIntegralInRange<size_t>(0, s.size() - 1)] = wild_int();
    return s;
  }

  std::vector<int64_t> axes_list() {
    std::vector<int64_t> a;
    size_t n = p.ConsumeIntegralInRange<size_t>(0, 4);
    for (size_t i = 0; i < n; ++i) a.push_back(rare() ? wild_int() : small_int(-5, 5));
    return a;
  }
  Axes axes() {
    switch (p.ConsumeIntegralInRange<int>(0, 2)) {
      case 0: return std::nullopt;
      case 1: return AxisList(rare() ? wild_int() : small_int(-5, 5));
      default: return AxisList(axes_list());
    }
  }
  std::optional<int64_t> opt_axis() {
    if (coin()) return std::nullopt;
    return rare() ? wild_int() : small_int(-5, 5);
  }

  Tensor& pick() { return pool[p.ConsumeIntegralInRange<size_t>(0, pool.size() - 1)]; }

  ArrayLike operand() {
    if (p.ConsumeIntegralInRange<int>(0, 3) == 0) return ArrayLike(scalar());
    return ArrayLike(pick());
  }

  // out=: none, a pool tensor (often the wrong shape or dtype, or aliasing an input), or a fresh
  // tensor of the expected shape.
  OutArg out(const std::optional<Shape>& expected) {
    switch (p.ConsumeIntegralInRange<int>(0, 3)) {
      case 0: return pick();
      case 1:
        if (expected && !too_big(expected, kMaxElems)) return empty(*expected, dtype());
        return {};
      default: return {};
    }
  }

  void keep(const Tensor& t) {
    if (!t.defined()) return;
    // Drops views of huge (or overflowing) shapes, and 0-size ones whose other dims are huge:
    // sum(axis=0) of a (0, 2**32) array is a valid 32 GiB result.
    Shape nonzero;
    for (int64_t d : t.shape()) nonzero.push_back(d == 0 ? 1 : d);
    auto n = safe_size(nonzero);
    if (!n || *n > kMaxElems) return;
    if (pool.size() < kPoolSize) pool.push_back(t);
    else pool[p.ConsumeIntegralInRange<size_t>(0, kPoolSize - 1)] = t;
  }

  // An index: integers, slices (steps of any sign, zero included), ellipsis, newaxis, and integer
  // or boolean index arrays.
  std::vector<TensorIndex> index() {
    std::vector<TensorIndex> idx;
    size_t n = p.ConsumeIntegralInRange<size_t>(0, 5);
    for (size_t i = 0; i < n; ++i) {
      switch (p.ConsumeIntegralInRange<int>(0, 6)) {
        case 0: idx.emplace_back(rare() ? wild_int() : small_int(-4, 4)); break;
        case 1: {
          auto o = [&]() -> std::optional<int64_t> {
            if (coin()) return std::nullopt;
            return rare() ? wild_int() : small_int(-6, 6);
          };
          auto start = o(), stop = o(), step = o();
          idx.emplace_back(Slice(start, stop, step));
          break;
        }
        case 2: idx.emplace_back(ellipsis); break;
        case 3: idx.emplace_back(newaxis); break;
        case 4: {  // an integer index array
          const Tensor& t = pick();
          if (t.size() > 64) break;
          idx.emplace_back(t.astype(coin() ? int64 : int32) % 7 - 3);
          break;
        }
        case 5: idx.emplace_back(pick().astype(bool_)); break;  // a boolean mask
        default: idx.emplace_back(pick()); break;              // any dtype: float must raise
      }
    }
    return idx;
  }

  // Bounds the result of an index: the broadcast of its arrays times the indexed tensor.
  bool index_too_big(const Tensor& x, const std::vector<TensorIndex>& idx) {
    std::vector<Shape> shapes;
    for (const auto& i : idx)
      if (i.kind() == TensorIndex::Kind::Array) shapes.push_back(i.array().shape());
    auto b = bcast(shapes);
    if (!b) return false;
    auto nb = safe_size(*b), nx = safe_size(x.shape());
    return nb && nx && std::max<int64_t>(*nb, 1) * std::max<int64_t>(*nx, 1) > kMaxOut;
  }

  void step();
};

using Unary = Tensor (*)(const ArrayLike&, OutArg);
using UnaryIp = Tensor& (Tensor::*)();
using Binary = Tensor (*)(const ArrayLike&, const ArrayLike&, OutArg);
using BinaryIp = Tensor& (Tensor::*)(const ArrayLike&);
#define PARITY_X(name, py, ...) static_cast<Unary>(&parity::name),
const Unary kUnary[] = {PARITY_UNARY_UFUNCS(PARITY_X)};
#undef PARITY_X
#define PARITY_X(name, py, ...) &Tensor::name##_,
const UnaryIp kUnaryIp[] = {PARITY_UNARY_UFUNCS(PARITY_X)};
#undef PARITY_X
#define PARITY_X(name, py, ...) static_cast<Binary>(&parity::name),
const Binary kBinary[] = {PARITY_BINARY_UFUNCS(PARITY_X)};
#undef PARITY_X
#define PARITY_X(name, py, ...) &Tensor::name##_,
const BinaryIp kBinaryIp[] = {PARITY_BINARY_UFUNCS(PARITY_X)};
#undef PARITY_X

void Fuzz::step() {
  const int op = p.ConsumeIntegralInRange<int>(0, 31);
  switch (op) {
    case 0: {  // zeros / ones / empty / full
      Shape s = shape();
      DType d = dtype();
      if (too_big(s, kMaxElems)) return;
      switch (small_int(0, 3)) {
        case 0: keep(zeros(s, d)); break;
        case 1: keep(ones(s, d)); break;
        case 2: keep(empty(s, d)); break;
        default: keep(full(s, scalar(), opt_dtype())); break;
      }
      return;
    }
    case 1: {  // arange, linspace, eye, asarray of a scalar or a vector
      switch (small_int(0, 3)) {
        case 0: {
          Scalar a = scalar(), b = scalar(), c = scalar();
          // bound the valid length: ceil((b - a) / c), as doubles
          double len = std::ceil((b.as_double() - a.as_double()) / c.as_double());
          if (std::isfinite(len) && len > kMaxElems) return;
          keep(arange(a, b, c, opt_dtype()));
          break;
        }
        case 1: {
          int64_t num = rare() ? wild_int() : small_int(-2, 64);
          if (num > kMaxElems) return;
          keep(linspace(scalar(), scalar(), num, coin(), opt_dtype()));
          break;
        }
        case 2: {
          int64_t n = rare() ? wild_int() : small_int(-2, 16);
          std::optional<int64_t> m;
          if (coin()) m = rare() ? wild_int() : small_int(-2, 16);
          int64_t k = rare() ? wild_int() : small_int(-4, 4);
          if (too_big(Shape{n, m.value_or(n)}, kMaxElems)) return;
          keep(eye(n, m, k, dtype()));
          break;
        }
        default: {
          if (coin()) {
            keep(asarray(scalar(), opt_dtype()));
          } else {
            std::vector<double> v(p.ConsumeIntegralInRange<size_t>(0, 16));
            for (double& x : v) x = p.ConsumeFloatingPoint<double>();
            keep(asarray(v, opt_dtype()));
          }
        }
      }
      return;
    }
    default: break;
  }
  if (pool.empty()) return;
  Tensor& x = pick();
  switch (op) {
    case 2: {  // reshape / view, -1 allowed
      Shape s = shape();
      if (!s.empty() && coin()) s[p.ConsumeIntegralInRange<size_t>(0, s.size() - 1)] = -1;
      keep(coin() ? x.reshape(s) : x.view(s));
      break;
    }
    case 3: {  // transpose, swapaxes, moveaxis, T, mT
      switch (small_int(0, 4)) {
        case 0: keep(x.transpose(axes_list())); break;
        case 1: keep(x.swapaxes(small_int(-5, 5), small_int(-5, 5))); break;
        case 2: keep(x.moveaxis(axes_list(), axes_list())); break;
        case 3: keep(x.T()); break;
        default: keep(x.mT()); break;
      }
      break;
    }
    case 4: keep(x.broadcast_to(shape())); break;  // a view: huge shapes are fine to ask
    case 5: {  // basic and advanced indexing reads
      auto idx = index();
      if (index_too_big(x, idx)) return;
      keep(x.index(idx));
      break;
    }
    case 6: {  // index_put: setitem with a scalar or a tensor
      auto idx = index();
      if (coin()) x.index_put(idx, scalar());
      else x.index_put(idx, pick());
      break;
    }
    case 7: {  // unary ufunc
      Unary f = kUnary[p.ConsumeIntegralInRange<size_t>(0, std::size(kUnary) - 1)];
      keep(f(ArrayLike(x), out(x.shape())));
      break;
    }
    case 8: {  // unary ufunc in place
      UnaryIp f = kUnaryIp[p.ConsumeIntegralInRange<size_t>(0, std::size(kUnaryIp) - 1)];
      (x.*f)();
      break;
    }
    case 9: {  // binary ufunc, with tensors or scalars
      Binary f = kBinary[p.ConsumeIntegralInRange<size_t>(0, std::size(kBinary) - 1)];
      ArrayLike a = coin() ? ArrayLike(x) : operand();
      ArrayLike b = operand();
      std::vector<Shape> shapes;
      if (a.is_tensor()) shapes.push_back(a.tensor().shape());
      if (b.is_tensor()) shapes.push_back(b.tensor().shape());
      auto s = bcast(shapes);
      if (too_big(s)) return;
      keep(f(a, b, out(s)));
      break;
    }
    case 10: {  // binary ufunc in place (the other operand may broadcast, alias or be a scalar)
      BinaryIp f = kBinaryIp[p.ConsumeIntegralInRange<size_t>(0, std::size(kBinaryIp) - 1)];
      (x.*f)(operand());
      break;
    }
    case 11: {  // sum / prod / mean / nansum / nanmean
      Axes a = axes();
      bool kd = coin();
      auto dt = opt_dtype();
      OutArg o = coin() ? out(std::nullopt) : OutArg{};
      switch (small_int(0, 4)) {
        case 0: keep(sum(x, a, kd, dt, o)); break;
        case 1: keep(prod(x, a, kd, dt, o)); break;
        case 2: keep(mean(x, a, kd, dt, o)); break;
        case 3: keep(nansum(x, a, kd, dt, o)); break;
        default: keep(nanmean(x, a, kd, dt, o)); break;
      }
      break;
    }
    case 12: {  // var / std with ddof
      Axes a = axes();
      int64_t ddof = rare() ? wild_int() : small_int(-1, 3);
      bool kd = coin();
      auto dt = opt_dtype();
      keep(coin() ? var(x, a, ddof, kd, dt) : parity::std(x, a, ddof, kd, dt));
      break;
    }
    case 13: {  // amax / amin / any / all / nanmax / nanmin
      Axes a = axes();
      bool kd = coin();
      OutArg o = coin() ? out(std::nullopt) : OutArg{};
      switch (small_int(0, 5)) {
        case 0: keep(amax(x, a, kd, o)); break;
        case 1: keep(amin(x, a, kd, o)); break;
        case 2: keep(any(x, a, kd, o)); break;
        case 3: keep(all(x, a, kd, o)); break;
        case 4: keep(nanmax(x, a, kd, o)); break;
        default: keep(nanmin(x, a, kd, o)); break;
      }
      break;
    }
    case 14: {  // argmax / argmin / cumsum / cumprod
      auto a = opt_axis();
      switch (small_int(0, 3)) {
        case 0: keep(argmax(x, a, coin())); break;
        case 1: keep(argmin(x, a, coin())); break;
        case 2: keep(cumsum(x, a, opt_dtype())); break;
        default: keep(cumprod(x, a, opt_dtype())); break;
      }
      break;
    }
    case 15: {  // concatenate / stack of pool tensors
      std::vector<Tensor> xs;
      size_t n = p.ConsumeIntegralInRange<size_t>(0, 4);
      for (size_t i = 0; i < n; ++i) xs.push_back(pick());
      if (coin()) keep(concatenate(xs, opt_axis()));
      else keep(stack(xs, rare() ? wild_int() : small_int(-5, 5)));
      break;
    }
    case 16: {  // squeeze / expand_dims / flip / ravel / flatten
      switch (small_int(0, 4)) {
        case 0: keep(x.squeeze(axes())); break;
        case 1: keep(x.expand_dims(axes_list())); break;
        case 2: keep(x.flip(axes())); break;
        case 3: keep(x.ravel()); break;
        default: keep(x.flatten()); break;
      }
      break;
    }
    case 17: {  // astype with each casting rule
      DType d = dtype();
      Casting c = static_cast<Casting>(small_int(0, 4));
      keep(x.astype(d, c, coin()));
      break;
    }
    case 18: {  // matmul / dot / outer
      const Tensor& b = pick();
      if (x.ndim() == 0 || b.ndim() == 0) {
        if (x.size() * b.size() > kMaxOut) return;
      } else {
        Shape ba(x.shape().begin(), x.shape().end() - std::min<int64_t>(x.ndim(), 2));
        Shape bb(b.shape().begin(), b.shape().end() - std::min<int64_t>(b.ndim(), 2));
        auto batch = bcast({ba, bb});
        int64_t n = x.ndim() >= 2 ? x.shape()[x.ndim() - 2] : 1;
        int64_t m = b.ndim() >= 2 ? b.shape()[b.ndim() - 1] : 1;
        int64_t k = x.shape().back();
        if (batch) {
          batch->push_back(n);
          batch->push_back(m);
          batch->push_back(std::max<int64_t>(k, 1));
          if (too_big(batch, int64_t{1} << 22)) return;  // work of the product
        }
        if (x.size() * b.size() > (int64_t{1} << 22)) return;  // outer / dot of long vectors
      }
      switch (small_int(0, 2)) {
        case 0: keep(matmul(x, b, out(std::nullopt))); break;
        case 1: keep(dot(x, b)); break;
        default: keep(outer(x, b)); break;
      }
      break;
    }
    case 19: {  // slicing with steps, through operator[] and index()
      if (coin()) {
        keep(x[rare() ? wild_int() : small_int(-4, 4)]);
      } else {
        std::vector<TensorIndex> idx;
        for (int64_t i = 0, n = small_int(1, 3); i < n; ++i)
          idx.emplace_back(Slice(small_int(-6, 6), small_int(-6, 6), coin() ? small_int(-3, 3) : wild_int()));
        keep(x.index(idx));
      }
      break;
    }
    case 20: {  // copy / contiguous / ascontiguousarray / real / imag
      switch (small_int(0, 4)) {
        case 0: keep(x.copy()); break;
        case 1: keep(x.contiguous()); break;
        case 2: keep(ascontiguousarray(x)); break;
        case 3: keep(x.real()); break;
        default: keep(x.imag()); break;
      }
      break;
    }
    case 21: {  // assign (copy_-like): a broadcasting write from a tensor or a scalar
      Casting c = static_cast<Casting>(small_int(0, 4));
      if (coin()) x.assign(pick(), c);
      else x.assign(scalar(), c);
      break;
    }
    case 22: {  // where / clip
      ArrayLike b = operand(), c = operand();
      std::vector<Shape> shapes{x.shape()};
      if (b.is_tensor()) shapes.push_back(b.tensor().shape());
      if (c.is_tensor()) shapes.push_back(c.tensor().shape());
      if (too_big(bcast(shapes))) return;
      if (coin()) keep(where(x, b, c));
      else keep(clip(x, b, c, out(bcast(shapes))));
      break;
    }
    case 23: {  // nonzero / split
      if (coin()) {
        for (const Tensor& t : nonzero(x)) keep(t);
      } else {
        int64_t ax = small_int(-3, 3);
        std::vector<Tensor> parts;
        if (coin()) parts = split(x, rare() ? wild_int() : small_int(-1, 5), ax);
        else parts = split(x, axes_list(), ax);
        for (const Tensor& t : parts) keep(t);
      }
      break;
    }
    case 24: {  // tile / repeat
      std::vector<int64_t> reps;
      int64_t factor = 1;
      bool overflow = false;  // tile's size overflows int64: the engine must raise, so it is called
      for (size_t i = 0, n = p.ConsumeIntegralInRange<size_t>(0, 4); i < n; ++i) {
        reps.push_back(rare() ? wild_int() : small_int(-1, 4));
        if (reps.back() > 0) overflow |= __builtin_mul_overflow(factor, reps.back(), &factor);
      }
      int64_t total = 0;
      overflow |= __builtin_mul_overflow(std::max<int64_t>(factor, 1), x.size(), &total);
      const bool big = overflow || total > kMaxOut;
      if (coin()) {
        if (big && !overflow) return;
        keep(tile(x, reps));
      } else {
        if (big) return;  // repeat sums its repeats: a product overflow is still a valid huge result
        keep(repeat(x, reps, opt_axis()));
      }
      break;
    }
    case 25: {  // round / angle / printing / item
      switch (small_int(0, 4)) {
        case 0: keep(parity::round(x, rare() ? wild_int() : small_int(-3, 3))); break;
        case 1: keep(angle(x, coin())); break;
        case 2: (void)x.repr(); (void)x.str(); break;
        case 3: (void)x.item_scalar(); break;
        default: (void)x.to_double_vector(); break;
      }
      break;
    }
    case 26: {  // round_ / clip_ in place
      if (coin()) x.round_(small_int(-3, 3));
      else x.clip_(operand(), operand());
      break;
    }
    case 27: {  // *_like creation
      auto dt = opt_dtype();
      switch (small_int(0, 3)) {
        case 0: keep(zeros_like(x, dt)); break;
        case 1: keep(ones_like(x, dt)); break;
        case 2: keep(empty_like(x, dt)); break;
        default: keep(full_like(x, scalar(), dt)); break;
      }
      break;
    }
    case 28: {  // broadcast_arrays
      std::vector<Tensor> xs{x, pick()};
      if (too_big(bcast({xs[0].shape(), xs[1].shape()}))) return;
      for (const Tensor& t : broadcast_arrays(xs)) keep(t);
      break;
    }
    case 29: {  // operators with scalars on either side
      ArrayLike s = scalar();
      switch (small_int(0, 3)) {
        case 0: keep(x + s); break;
        case 1: keep(s - x); break;
        case 2: keep(x << s); break;
        default: keep(x == s); break;
      }
      break;
    }
    default: {  // the read-only and aliasing forms: write through a view of x
      Tensor v = coin() ? x.T() : x.flip(std::nullopt);
      BinaryIp f = kBinaryIp[p.ConsumeIntegralInRange<size_t>(0, std::size(kBinaryIp) - 1)];
      (v.*f)(ArrayLike(x));
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider p(data, size);
  Fuzz f{p, {}};
  for (int i = 0; i < kMaxCalls && p.remaining_bytes() > 0; ++i) {
    try {
      f.step();
    } catch (const Error&) {
      // a typed engine exception: the expected answer to a bad call
    } catch (const std::exception& e) {
      std::fprintf(stderr, "\n== api_fuzzer: untyped exception (not parity::Error): %s\n", e.what());
      std::abort();
    }
  }
  return 0;
}

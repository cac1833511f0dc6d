#include "iter.h"

#include "copy_stub.h"

#include <algorithm>

#include "convert.h"
#include "thread_pool.h"

namespace parity {

std::vector<int64_t> broadcast_byte_strides(const Tensor& t, const Shape& shape) {
  std::vector<int64_t> s(shape.size(), 0);
  int64_t off = static_cast<int64_t>(shape.size()) - t.ndim();
  for (int64_t i = 0; i < t.ndim(); ++i)
    if (t.shape()[i] != 1) s[off + i] = t.strides()[i] * t.itemsize();
  return s;
}

void run_strided(const Shape& shape_in, std::vector<char*> data,
                 std::vector<std::vector<int64_t>> strides_in, InnerLoop loop, const void* ctx,
                 bool parallel_ok) {
  const size_t nop = data.size();
  for (int64_t d : shape_in)
    if (d == 0) return;
  // Drop size-1 dimensions, then merge dimensions that are contiguous in every operand.
  Shape shape;
  std::vector<std::vector<int64_t>> st(nop);
  for (size_t i = 0; i < shape_in.size(); ++i) {
    if (shape_in[i] == 1) continue;
    bool merge = !shape.empty();
    for (size_t k = 0; k < nop && merge; ++k)
      merge = st[k].back() == strides_in[k][i] * shape_in[i];
    if (merge) {
      shape.back() *= shape_in[i];
      for (size_t k = 0; k < nop; ++k) st[k].back() = strides_in[k][i];
    } else {
      shape.push_back(shape_in[i]);
      for (size_t k = 0; k < nop; ++k) st[k].push_back(strides_in[k][i]);
    }
  }
  if (shape.empty()) {
    shape.push_back(1);
    for (auto& s : st) s.push_back(0);
  }
  const size_t nd = shape.size();
  std::vector<int64_t> inner(nop);
  for (size_t k = 0; k < nop; ++k) inner[k] = st[k][nd - 1];
  const int64_t n = shape[nd - 1];
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < nd; ++d) rows *= shape[d];
  // Runs rows [r0, r1), starting at element e0 of row r0 and stopping before element e1 of the
  // last row (e1 = n: the whole row).
  auto run_rows = [&](int64_t r0, int64_t e0, int64_t r1, int64_t e1) {
    std::vector<int64_t> idx(nd - 1, 0);
    std::vector<char*> ptr = data;
    for (int64_t r = r0, d = static_cast<int64_t>(nd) - 2; d >= 0; --d) {
      idx[d] = r % shape[d];
      r /= shape[d];
      for (size_t k = 0; k < nop; ++k) ptr[k] += idx[d] * st[k][d];
    }
    for (size_t k = 0; k < nop; ++k) ptr[k] += e0 * inner[k];
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t stop = r + 1 == r1 ? e1 : n;
      loop(ptr.data(), inner.data(), stop - e0, ctx);
      if (r + 1 == r1) return;
      for (size_t k = 0; k < nop; ++k) ptr[k] -= e0 * inner[k];
      e0 = 0;
      // odometer increment over the outer dimensions
      for (int64_t d = static_cast<int64_t>(nd) - 2; d >= 0; --d) {
        if (++idx[d] < shape[d]) {
          for (size_t k = 0; k < nop; ++k) ptr[k] += st[k][d];
          break;
        }
        for (size_t k = 0; k < nop; ++k) ptr[k] -= st[k][d] * (shape[d] - 1);
        idx[d] = 0;
      }
    }
  };
  // Large loops are split over the thread pool. Each element is still computed once by the same
  // kernel, so results are bit-identical to the serial run. Chunks start and end on multiples of
  // kBlock elements within a row, so a kernel's vector blocks and scalar tail (counted from the
  // row start, or peeled by address alignment) fall on the same elements as in one serial call.
  // An output (the last operand) with a zero stride accumulates across elements (a reduction
  // layout): that stays serial, in order.
  constexpr int64_t kGrain = int64_t{1} << 16, kBlock = 64, kChunkMin = int64_t{1} << 14;
  bool parallel = parallel_ok && rows * n >= kGrain;
  for (size_t d = 0; d < nd && parallel; ++d) parallel = st[nop - 1][d] != 0;
  const int threads = parallel ? threads::max_threads() : 1;
  if (threads <= 1) {
    run_rows(0, 0, rows, n);
    return;
  }
  const int64_t per_row = (n + kBlock - 1) / kBlock, units = rows * per_row;
  const int64_t nchunks = std::max<int64_t>(1, std::min<int64_t>({units, int64_t{threads} * 4, rows * n / kChunkMin}));
  // unit u is block u % per_row of row u / per_row; a chunk is a contiguous range of units
  auto unit_pos = [&](int64_t u, int64_t& r, int64_t& e) {
    r = u / per_row;
    e = (u % per_row) * kBlock;
  };
  threads::parallel_for(nchunks, [&](int64_t c) {
    int64_t r0, e0, r1, e1;
    unit_pos(units * c / nchunks, r0, e0);
    unit_pos(units * (c + 1) / nchunks, r1, e1);
    // end exclusive: (r1, e1) == start of the next chunk; e1 == 0 means row r1 is not entered
    if (e1 == 0) {
      e1 = n;
    } else {
      ++r1;
    }
    if (r0 < r1) run_rows(r0, e0, r1, e1);
  });
}

void run_tensors(const Shape& shape, const std::vector<Tensor>& ts, InnerLoop loop, const void* ctx) {
  std::vector<char*> data;
  std::vector<std::vector<int64_t>> strides;
  for (const auto& t : ts) {
    data.push_back(static_cast<char*>(t.data_ptr()));
    strides.push_back(broadcast_byte_strides(t, shape));
  }
  run_strided(shape, std::move(data), std::move(strides), loop, ctx);
}

namespace {
template <class From, class To>
void cast_loop(char** d, const int64_t* s, int64_t n, const void*) {
  const char* in = d[0];
  char* out = d[1];
  if (s[0] == sizeof(From) && s[1] == sizeof(To)) {
    const From* a = reinterpret_cast<const From*>(in);
    To* b = reinterpret_cast<To*>(out);
    for (int64_t i = 0; i < n; ++i) b[i] = convert<To>(a[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i, in += s[0], out += s[1])
    *reinterpret_cast<To*>(out) = convert<To>(*reinterpret_cast<const From*>(in));
}

template <class From> InnerLoop cast_loop_to(DType to) {
  return dispatch<AllTypes>(to, "astype", [](auto tag) -> InnerLoop {
    return &cast_loop<From, typename decltype(tag)::type>;
  });
}

}  // namespace

InnerLoop cast_loop_for(DType from, DType to) {
  static InnerLoop table[kNumDTypes][kNumDTypes] = {};
  static bool init = [] {
    for (DType f : kAllDTypes)
      dispatch<AllTypes>(f, "astype", [&](auto tag) {
        for (DType t : kAllDTypes)
          table[static_cast<int>(f)][static_cast<int>(t)] = cast_loop_to<typename decltype(tag)::type>(t);
      });
    return true;
  }();
  (void)init;
  return table[static_cast<int>(from)][static_cast<int>(to)];
}

namespace {
// The CPU's slot: a GPU source is read from a host copy (to() keeps a host source as it is).
void copy_cast_cpu(const Tensor& src_in, const Tensor& dst) {
  Tensor src = src_in.to(Device::cpu);
  // A source overlapping the destination in a different layout is copied first (NumPy does too).
  if (src.shares_storage(dst) && !src.is_same_view(dst)) src = src.copy();
  dst.storage()->bump_version();
  run_tensors(dst.shape(), {src, dst}, cast_loop_for(src.dtype(), dst.dtype()));
}
constinit const DeviceStub<CopyCastFn> copy_cast_stub{"copies and casts", &copy_cast_cpu, &copy_cast_cuda};
}  // namespace

// The destination's device runs the copy.
void copy_cast(const Tensor& src, const Tensor& dst) { copy_cast_stub.at(dst.device(), "copy")(src, dst); }

}  // namespace parity

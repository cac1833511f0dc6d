// Noncontiguous: every sample input, laid out noncontiguously with the same logical values
// (transposed, every other element, negative strides, zero strides, size-1 dims with odd strides,
// 12-D), gives the engine the same result as the contiguous layout, and NumPy's result.
#include <functional>
#include <optional>

#include "harness.h"
#include "parity/ops.h"
#include "parity/samples.h"

namespace parity::suites {

namespace {
const char* kSuite = "Noncontiguous";
// Layouts other than the transpose run on samples up to this many elements per tensor; the
// transpose alone runs on every sample ((789, 357) included), which keeps the suite cheap.
constexpr int64_t kSmall = 4096;

struct Pair {
  Tensor contig;     // C-contiguous
  Tensor noncontig;  // same shape and values, another layout
};
// A layout of one tensor; nullopt where it does not apply (e.g. a transpose of a 1-D tensor).
using LayoutFn = std::function<std::optional<Pair>(const Tensor& x, uint64_t seed)>;

struct Layout {
  const char* name;
  bool small_only;      // only on samples of at most kSmall elements
  bool elementwise_only;  // changes the logical shape: only for ops that broadcast their inputs
  bool same_shapes_only;  // reshapes each input to its own element count: inputs must share a shape
  LayoutFn fn;
};

// A buffer to carve views from, filled with values the op must never see.
Tensor buffer(const Shape& s, DType d, uint64_t seed) { return opinfo::make_tensor(s, d, seed ^ 0x5bd1e995); }

std::optional<Pair> transposed(const Tensor& x, uint64_t seed) {
  if (x.ndim() < 2) return std::nullopt;
  Shape r(x.shape().rbegin(), x.shape().rend());
  (void)seed;
  Tensor buf = empty(r, x.dtype());  // fully overwritten
  buf.assign(x.T());  // the transposed shape's buffer holds x.T; its .T is x in Fortran order
  return Pair{x.contiguous(), buf.T()};
}

std::optional<Pair> every_other(const Tensor& x, uint64_t seed) {
  if (x.ndim() < 1) return std::nullopt;
  Shape big = x.shape();
  for (auto& s : big) s *= 2;
  Tensor buf = buffer(big, x.dtype(), seed);
  std::vector<TensorIndex> idx(x.ndim(), TensorIndex(Slice(None, None, 2)));  // [::2] on every axis
  Tensor v = buf.index(idx);
  v.assign(x);
  return Pair{x.contiguous(), v};
}

std::optional<Pair> negative_strides(const Tensor& x, uint64_t) {
  if (x.ndim() < 1) return std::nullopt;
  return Pair{x.contiguous(), x.flip().copy().flip()};
}

// Values constant along one axis, as a size-1 slice broadcast along it (stride 0).
std::optional<Pair> zero_strides(const Tensor& x, uint64_t) {
  int64_t axis = -1;
  for (int64_t k = 0; k < x.ndim(); ++k)
    if (x.shape()[k] > 1) { axis = k; break; }
  if (axis < 0 || x.size() == 0) return std::nullopt;
  std::vector<TensorIndex> idx(axis, TensorIndex(Slice()));
  idx.emplace_back(Slice(0, 1));
  Tensor b = x.index(idx).broadcast_to(x.shape());
  b.setflags(true);  // a layout of the values, not a read-only operand (executors copy targets)
  return Pair{b.copy(), b};
}

// Size-1 dimensions (the tensor's own, or a new leading one when `insert`) carved as [1:2] slices
// of a bigger buffer: their strides are those of the buffer, not of a contiguous tensor.
std::optional<Pair> size1_odd_strides(const Tensor& x, uint64_t seed, bool insert) {
  Shape t = x.shape();
  if (insert) t.insert(t.begin(), 1);
  Shape big = t;
  std::vector<TensorIndex> idx;
  bool any = false;
  for (auto& s : big) {
    if (s == 1) {
      s = 3;
      idx.emplace_back(Slice(1, 2));
      any = true;
    } else {
      idx.emplace_back(Slice());
    }
  }
  if (!any) return std::nullopt;
  Tensor buf = buffer(big, x.dtype(), seed);
  Tensor v = buf.index(idx);
  Tensor xc = x.reshape(t).contiguous();
  v.assign(xc);
  return Pair{xc, v};
}

// The same elements in 12 dimensions, several of size 1 or 2, stepped ([::2]) on the others.
std::optional<Pair> twelve_d(const Tensor& x, uint64_t seed) {
  int64_t n = x.size();
  std::vector<int64_t> f;
  for (int k = 0; k < 3 && n > 1 && n % 2 == 0; ++k) {
    f.push_back(2);
    n /= 2;
  }
  f.push_back(n);
  Shape t(12, 1);
  for (size_t k = 0; k < f.size(); ++k) t[1 + 3 * k] = f[k];  // (1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 5, 1)
  Shape big = t;
  std::vector<TensorIndex> idx;
  for (auto& s : big) {
    if (s > 1) s *= 2;
    idx.emplace_back(s > 1 ? Slice(None, None, 2) : Slice());
  }
  Tensor buf = buffer(big, x.dtype(), seed);
  Tensor v = buf.index(idx);
  Tensor xc = x.reshape(t).contiguous();
  v.assign(xc);
  return Pair{xc, v};
}

const std::vector<Layout>& layouts() {
  static const std::vector<Layout> l = {
      {"transposed", false, false, false, transposed},
      {"every other element", true, false, false, every_other},
      {"negative strides", true, false, false, negative_strides},
      {"zero strides (broadcast)", true, false, false, zero_strides},
      {"size-1 dims with odd strides", true, false, false,
       [](const Tensor& x, uint64_t s) { return size1_odd_strides(x, s, false); }},
      {"new size-1 dim with odd strides", true, true, false,
       [](const Tensor& x, uint64_t s) { return size1_odd_strides(x, s, true); }},
      {"12-D", true, true, true, twelve_d},
  };
  return l;
}

bool has_tensor(const SampleInput& in) {
  for (const auto& a : in.args)
    if (a.is_tensor()) return true;
  return false;
}

void run_layouts(const OpInfo& op, DType d, const SampleInput& in, Device dev) {
  int64_t biggest = 0;
  Shape first_shape;
  bool same_shapes = true, first = true;
  for (const auto& a : in.args) {
    if (!a.is_tensor()) continue;
    biggest = std::max(biggest, a.tensor().size());
    if (first) first_shape = a.tensor().shape();
    else same_shapes = same_shapes && a.tensor().shape() == first_shape;
    first = false;
  }
  const uint64_t seed = opinfo::seed_of(op.name + name(d) + in.note);
  for (const Layout& l : layouts()) {
    if (l.small_only && biggest > kSmall) continue;
    if (l.elementwise_only && !op.elementwise) continue;
    if (l.same_shapes_only && !same_shapes) continue;
    Case cc, cn;
    cc.op = cn.op = &op;
    cc.device = cn.device = dev;
    cc.input = cn.input = in;
    bool applied = false;
    for (size_t k = 0; k < in.args.size(); ++k) {
      if (!in.args[k].is_tensor()) continue;
      const Tensor& x = in.args[k].tensor();
      std::optional<Pair> p = l.fn(x, seed + k);
      if (!p) {
        if (l.elementwise_only) {  // shape-changing layouts must reach every input
          applied = false;
          break;
        }
        continue;
      }
      cc.input.args[k] = ArrayLike(p->contig);
      cn.input.args[k] = ArrayLike(p->noncontig);
      applied = true;
    }
    if (!applied) continue;
    SCOPED_TRACE(std::string("layout: ") + l.name + ", sample: " + in.note);
    Outcome got_n, got_c = engine().run(cc);
    Verdict vn;
    if (biggest <= kSmall || !op.elementwise) {
      vn = check_against_numpy(kSuite, cn, d, &got_n);
    } else {
      // A big elementwise sample: NumpyRef checked the contiguous result against NumPy, so NumPy
      // is asked only when the noncontiguous result differs from it.
      got_n = engine().run(cn);
      if (!compare(got_n, got_c, Tolerance{}).match()) vn = check_against_numpy(kSuite, cn, d, &got_n);
    }
    // Contiguous and noncontiguous runs of the engine must agree exactly: a layout is no excuse
    // for another rounding. Where NumPy's own result depends on the layout (a reduction sums
    // pairwise in memory order), the engine may differ as much as NumPy does; on a GPU, as much
    // as the op's declared device tolerance allows (cuBLAS's order depends on the layout).
    const DType rd = !got_c.error && !got_c.values.empty() ? got_c.values[0].dtype() : d;
    Verdict v = compare(got_n, got_c, op.layout_tolerance(rd, dev));
    if (!v.match() && vn.match() && !op.find_discrepancy(Discrepancy::Kind::differs, kSuite, d, in, Tensor(), Tensor(), "", "", dev)) {
      bool numpy_varies = false;
      if (!op.elementwise && v.kind == Mismatch::value) {
        Verdict nv = compare(numpy().run(cn), numpy().run(cc), Tolerance{});
        numpy_varies = nv.kind == Mismatch::value;
      }
      if (!numpy_varies)
        ADD_FAILURE() << report_pair(cn, got_n, std::string("engine, ") + l.name, cc, got_c, "engine, contiguous", v);
    }
  }
}
}  // namespace

void register_noncontiguous() {
  // On a GPU the layouts move there as they are (to_device_keeping_layout): the kernels see them.
  register_per_dtype_and_device(kSuite, [](const OpInfo&) { return true; }, [](const OpInfo& op, DType d, Device dev) {
    if (skipped(op, kSuite, d)) GTEST_SKIP() << "declared skip";
    std::vector<SampleInput> inputs = op.sample_inputs(d);
    if (op.reference_inputs)
      for (auto& r : op.reference_inputs(d)) inputs.push_back(std::move(r));
    bool any = false;
    for (const auto& in : inputs) {
      if (!has_tensor(in)) continue;
      any = true;
      if (skipped(op, kSuite, d, in.note)) continue;
      run_layouts(op, d, in, dev);
    }
    if (!any) {
      print_skip(op, name(d), "no sample has a tensor argument to lay out");
      GTEST_SKIP() << "no tensor arguments";
    }
  });
}

}  // namespace parity::suites

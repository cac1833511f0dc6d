// Drawing cases from an op's OpInfo entry, shrinking them, and CaseGen (RapidCheck shrinkables).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <set>

#include <rapidcheck.h>

#include "fuzz_spec.h"
#include "parity/errors.h"
#include "parity/ops.h"

namespace parity::fuzz {
namespace detail {

uint64_t mix(uint64_t a, uint64_t b) {
  Rng r(a ^ (b * 0xd6e8feb86659fd93ULL));
  return r.next();
}
uint64_t hash_str(const std::string& s) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

namespace {

int64_t numel(const Shape& s) {
  int64_t n = 1;
  for (auto d : s) n *= d;
  return n;
}
Tensor new_tensor(const Shape& shape, DType d) {
  int64_t n = std::max<int64_t>(numel(shape), 1);
  return Tensor(std::make_shared<Storage>(n * itemsize(d)), d, shape, contiguous_strides(shape), 0);
}

// ---- values ----
struct FloatLimits { double max, min_normal, min_sub; };
FloatLimits limits(DType d) {
  switch (d) {
    case DType::Float16: return {65504.0, 0x1p-14, 0x1p-24};
    case DType::BFloat16: return {0x1.fep127, 0x1p-126, 0x1p-133};
    case DType::Float32: case DType::Complex64: return {std::numeric_limits<float>::max(), 0x1p-126, 0x1p-149};
    default: return {std::numeric_limits<double>::max(), 0x1p-1022, 0x1p-1074};
  }
}

// profile 0: ordinary values in the domain; 1: ordinary mixed with specials; 2: the whole range;
// 3 (gradient cases): uniform in the domain, no ties (fill_values narrows the range).
double draw_float(Rng& r, DType d, int profile, double lo, double hi) {
  const FloatLimits L = limits(d);
  if (profile == 1 && r.chance(0.35)) {
    switch (r.below(14)) {
      case 0: return std::numeric_limits<double>::quiet_NaN();
      case 1: return std::numeric_limits<double>::infinity();
      case 2: return -std::numeric_limits<double>::infinity();
      case 3: return 0.0;
      case 4: return -0.0;
      case 5: return L.min_sub;
      case 6: return -L.min_sub * static_cast<double>(1 + r.below(7));
      case 7: return L.min_normal;
      case 8: return L.max;
      case 9: return -L.max;
      case 10: return r.chance(0.5) ? 1.0 : -1.0;
      case 11: return 0.5;
      case 12: return L.min_normal * (1 + r.unit() * 100) * (r.chance(0.5) ? 1 : -1);  // tiny
      default: return L.max * (0.1 + 0.9 * r.unit()) * (r.chance(0.5) ? 1 : -1);      // huge
    }
  }
  if (profile == 2) {
    double lmin = std::log2(L.min_sub), lmax = std::log2(L.max);
    double v = std::exp2(lmin + r.unit() * (lmax - lmin));
    return r.chance(0.5) ? -v : v;
  }
  if (profile == 3) return lo + r.unit() * (hi - lo);
  double v = lo + r.unit() * (hi - lo);
  if (r.chance(0.15)) v = std::round(v * 2) / 2;  // integers and halves: rounding ties
  return v;
}

template <class T> T int_special(Rng& r) {
  switch (r.below(7)) {
    case 0: return std::numeric_limits<T>::min();
    case 1: return std::numeric_limits<T>::max();
    case 2: return static_cast<T>(std::numeric_limits<T>::min() + 1);
    case 3: return static_cast<T>(std::numeric_limits<T>::max() - 1);
    case 4: return T(0);
    case 5: return T(1);
    default: return static_cast<T>(-1);
  }
}

void fill_values(Tensor& t, Rng& r, int profile, std::optional<std::pair<double, double>> dom) {
  const int64_t n = t.size();
  double lo = dom ? dom->first : -9, hi = dom ? dom->second : 9;
  if (profile == 3) {
    // Gradient cases: moderate values (finite differences lose digits on huge results) kept 2% of
    // the range away from the domain's edges, where derivatives blow up (arccosh at 1).
    lo = std::max(lo, -4.0);
    hi = std::min(hi, 4.0);
    const double m = 0.02 * (hi - lo);
    lo += m;
    hi -= m;
  }
  dispatch<AllTypes>(t.dtype(), "fuzz", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        p[i] = r.chance(0.5);
      } else if constexpr (std::is_integral_v<T>) {
        if (profile == 1 && r.chance(0.35)) p[i] = int_special<T>(r);
        else if (profile == 2) p[i] = static_cast<T>(r.next());
        else {
          double l = std::max(std::ceil(lo), static_cast<double>(std::numeric_limits<T>::min()));
          double h = std::min(std::floor(hi), static_cast<double>(std::numeric_limits<T>::max()));
          if (h < l) { l = 0; h = 9; }
          p[i] = static_cast<T>(r.range(static_cast<int64_t>(l), static_cast<int64_t>(h)));
        }
      } else if constexpr (is_complex_v<T>) {
        using R = typename T::value_type;
        p[i] = T(static_cast<R>(draw_float(r, t.dtype(), profile, lo, hi)),
                 static_cast<R>(draw_float(r, t.dtype(), profile, lo, hi)));
      } else {
        p[i] = T(draw_float(r, t.dtype(), profile, lo, hi));
      }
    }
  });
}

int draw_profile(Rng& r, const GenConfig& cfg) {
  if (cfg.grad) return 3;
  if (!cfg.specials) return 0;
  double u = r.unit();
  return u < 0.55 ? 0 : u < 0.85 ? 1 : 2;
}

// ---- shapes and layouts ----
// JAX compiles every op anew for each shape and dtype (tens of ms each): when it takes part, shapes
// come from this small set (every rank to 6, empty axes, length-1 axes), so that its compilations
// are reused (issue 27: about 5 cases/s with free shapes).
const std::vector<Shape>& jax_shapes() {
  static const std::vector<Shape> s = {{},        {1},       {0},          {7},           {3, 4},
                                       {1, 5},    {4, 0},    {2, 3, 2},    {3, 1, 4},     {2, 2, 1, 3},
                                       {1, 2, 2, 1, 2},      {2, 1, 2, 1, 1, 2}};
  return s;
}
// Not three-way campaigns: the engine's cases there are drawn as in its own campaigns.
bool jax_takes_part(const GenConfig& cfg) { return cfg.subject == "jax" || cfg.against == "jax"; }
// JAX compiles an op anew for each signature (shapes, dtypes, weak scalars, keywords: about 45 ms,
// where a cached call takes 0.1 ms). Its cases come in clusters of kJaxCluster consecutive indices
// that share the signature, drawn from the cluster's first index, and differ in their tensors'
// values, drawn from each case's own index (issue 27; the rates are in fuzz/README).
constexpr uint64_t kJaxCluster = 8;
uint64_t signature_index(const GenConfig& cfg, uint64_t index) {
  return jax_takes_part(cfg) && !cfg.grad ? index - index % kJaxCluster : index;
}

Shape draw_shape(Rng& r, const GenConfig& cfg) {
  Shape s;
  if (jax_takes_part(cfg)) {
    const std::vector<Shape>& set = jax_shapes();
    s = set[r.below(set.size())];
    if (static_cast<int>(s.size()) > cfg.max_rank) s.resize(static_cast<size_t>(std::max(cfg.max_rank, 0)));
  } else {
    static const int w[7] = {10, 25, 25, 15, 10, 8, 7};
    int rank = 0;
    for (uint64_t u = r.below(100), acc = 0; rank <= 6; ++rank) {
      acc += w[rank];
      if (u < acc) break;
    }
    rank = std::min(rank, cfg.max_rank);
    s.resize(static_cast<size_t>(rank));
    for (auto& d : s) {
      double u = r.unit();
      d = u < 0.05 ? 0 : u < 0.25 ? 1 : r.range(2, std::max<int64_t>(2, std::min<int64_t>(cfg.max_elements, 9)));
    }
  }
  const int64_t rank = static_cast<int64_t>(s.size());
  // With a raised cap, a third of the shapes get one long axis near the cap, so that bugs past
  // thresholds (blocking, 2^16 elements, threading) are reached; small shapes stay the default.
  if (cfg.max_elements > GenConfig{}.max_elements && rank >= 1 && r.chance(0.33)) {
    const int64_t lo = std::max<int64_t>(cfg.max_elements / 4, 10);
    s[r.below(static_cast<uint64_t>(rank))] = r.range(lo, std::max(lo, cfg.max_elements));
  }
  auto bound = [](const Shape& sh) {  // the elements of any shape broadcasting to sh with 0 -> 1
    int64_t n = 1;
    for (auto d : sh) n *= std::max<int64_t>(d, 1);
    return n;
  };
  while (bound(s) > cfg.max_elements) {
    auto it = std::max_element(s.begin(), s.end());
    *it = *it / 2;
    if (*it < 1) *it = 1;
  }
  return s;
}

void draw_layout(Rng& r, ArgSpec& a, bool allow_bcast) {
  const size_t nd = a.shape.size();
  if (r.chance(0.45)) return;
  if (nd >= 2 && r.chance(0.4)) {
    a.perm.resize(nd);
    std::iota(a.perm.begin(), a.perm.end(), 0);
    for (size_t i = nd - 1; i > 0; --i) std::swap(a.perm[i], a.perm[r.below(i + 1)]);
  }
  if (nd >= 1 && r.chance(0.4)) {
    a.step.assign(nd, 1);
    for (auto& s : a.step) if (r.chance(0.4)) s = r.range(2, 3);
  }
  if (nd >= 1 && r.chance(0.35)) {
    a.flip.assign(nd, false);
    for (size_t i = 0; i < nd; ++i) a.flip[i] = r.chance(0.5);
  }
  if (r.chance(0.3)) a.offset = r.range(1, 3);
  if (allow_bcast && nd >= 1 && r.chance(0.25)) {
    a.bcast.assign(nd, false);
    for (size_t i = 0; i < nd; ++i) a.bcast[i] = a.shape[i] > 1 && r.chance(0.5);
  }
}

// The values shape: 1 on broadcast axes.
Shape value_shape(const ArgSpec& a) {
  Shape vs = a.shape;
  for (size_t i = 0; i < a.bcast.size() && i < vs.size(); ++i)
    if (a.bcast[i]) vs[i] = 1;
  return vs;
}

ArgSpec tensor_arg(Rng& r, const Shape& shape, DType d, const GenConfig& cfg, int profile,
                   std::optional<std::pair<double, double>> dom, bool allow_bcast) {
  ArgSpec a;
  a.shape = shape;
  if (cfg.layouts) draw_layout(r, a, allow_bcast);
  a.values = new_tensor(value_shape(a), d);
  fill_values(a.values, r, profile, dom);
  a.fill_profile = profile;
  a.fill_domain = dom;
  return a;
}

// Gradient cases: small ints, eighths and complex ints (no specials, no huge ints).
Scalar draw_grad_scalar(Rng& r) {
  switch (r.below(10)) {
    case 0: return Scalar(std::complex<double>(static_cast<double>(r.range(-3, 3)), static_cast<double>(r.range(-3, 3))));
    case 1: case 2: case 3: return Scalar(static_cast<int64_t>(r.range(-4, 4)));
    default: return Scalar(std::round((r.unit() * 8 - 4) * 8) / 8);
  }
}

// Inputs drawn only when a library is the subject (issue 27; `--subject torch`), so that every
// campaign the engine takes part in (three-way included) and its ids draw as before: Python ints
// beyond int64, long reductions, dtypes an op does not claim, int conditions of where.
bool library_inputs(const GenConfig& cfg) { return !cfg.subject.empty() && cfg.subject != "engine"; }

Scalar draw_weak_scalar(Rng& r, DType d, bool library = false) {
  // A Python int of 2**63 or more (about 1 scalar in 10): NumPy's NEP 50 OverflowError against a
  // library's wraparound or float. (Scalar holds none below -2**63.)
  if (library && r.chance(0.1)) {
    static const uint64_t big[] = {1ULL << 63, (1ULL << 63) + 1, ~0ULL, (1ULL << 63) + 12345};
    return Scalar(big[r.below(4)]);
  }
  int kindsel;  // 0 bool 1 int 2 float 3 complex
  if (r.chance(0.5)) kindsel = is_bool(d) ? 0 : is_integer(d) ? 1 : is_floating(d) ? 2 : 3;
  else kindsel = static_cast<int>(r.below(10) < 1 ? 3 : r.below(3));
  switch (kindsel) {
    case 0: return Scalar(r.chance(0.5));
    case 1: {
      if (r.chance(0.8)) return Scalar(static_cast<int64_t>(r.range(-9, 9)));
      int64_t big = static_cast<int64_t>(1) << r.range(7, 62);
      return Scalar(r.chance(0.5) ? big : -big);
    }
    case 2: {
      if (r.chance(0.2)) {
        static const double sp[] = {std::numeric_limits<double>::quiet_NaN(), INFINITY, -INFINITY, -0.0, 1e300, 1e-310};
        return Scalar(sp[r.below(6)]);
      }
      return Scalar(std::round((r.unit() * 18 - 9) * 8) / 8);
    }
    default: return Scalar(std::complex<double>(std::round(r.unit() * 8 - 4), std::round(r.unit() * 8 - 4)));
  }
}

// Samples and kwargs choices of one op x dtype, computed once per process.
struct OpDtypeInfo {
  std::vector<SampleInput> templates;  // small samples (and reference inputs)
  std::vector<Kwargs> kwargs;          // distinct non-empty kwargs of the samples
};
const OpDtypeInfo& op_info(const opinfo::OpInfo& op, DType d) {
  static std::mutex m;
  static std::map<std::pair<std::string, DType>, OpDtypeInfo> cache;
  std::lock_guard<std::mutex> lock(m);
  auto key = std::make_pair(op.name, d);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  OpDtypeInfo info;
  std::vector<SampleInput> all;
  try { if (op.sample_inputs) all = op.sample_inputs(d); } catch (const std::exception&) {}
  try {
    if (op.reference_inputs)
      for (auto& s : op.reference_inputs(d)) all.push_back(std::move(s));
  } catch (const std::exception&) {}
  std::set<std::string> seen;
  for (auto& s : all) {
    int64_t total = 0;
    for (auto& a : s.args) total += a.is_tensor() ? a.tensor().size() : 1;
    if (!s.kwargs.empty()) {
      std::string k;
      for (auto& [n, v] : s.kwargs) k += n + "=" + kwvalue_python(v) + ",";
      if (seen.insert(k).second) info.kwargs.push_back(s.kwargs);
    }
    if (total <= 4096) info.templates.push_back(std::move(s));
  }
  if (info.templates.empty() && !all.empty()) {  // every sample is big: keep the smallest
    auto size = [](const SampleInput& s) {
      int64_t t = 0;
      for (auto& a : s.args) t += a.is_tensor() ? a.tensor().size() : 1;
      return t;
    };
    info.templates.push_back(*std::min_element(all.begin(), all.end(),
                                               [&](auto& a, auto& b) { return size(a) < size(b); }));
  }
  return cache.emplace(key, std::move(info)).first->second;
}

Variant draw_variant(Rng& r, const opinfo::OpInfo& op, const GenConfig& cfg) {
  if (cfg.grad) {  // gradient cases call the function (the method when there is none)
    if (op.has_variant(Variant::function) || op.variants.empty()) return Variant::function;
    return op.has_variant(Variant::method) ? Variant::method : op.variants.front();
  }
  if (op.variants.empty()) return Variant::function;
  if (op.has_variant(Variant::function) && r.chance(0.5)) return Variant::function;
  return op.variants[r.below(op.variants.size())];
}

// Reduction axes remapped to rank nd.
KwValue remap_axis(Rng& r, const KwValue& v, int64_t nd) {
  if (r.chance(0.1)) return v;  // sometimes out of range: the error must match too
  if (std::holds_alternative<int64_t>(v)) {
    if (nd == 0) return v;
    int64_t a = r.range(0, nd - 1);
    return KwValue(r.chance(0.3) ? a - nd : a);
  }
  if (std::holds_alternative<std::vector<int64_t>>(v)) {
    const auto& t = std::get<std::vector<int64_t>>(v);
    std::vector<int64_t> axes(nd);
    std::iota(axes.begin(), axes.end(), 0);
    for (size_t i = axes.size(); i > 1; --i) std::swap(axes[i - 1], axes[r.below(i)]);
    size_t k = std::min<size_t>(axes.size(), t.size() ? r.range(0, static_cast<int64_t>(t.size())) : 0);
    std::vector<int64_t> out(axes.begin(), axes.begin() + k);
    for (auto& a : out) if (r.chance(0.3)) a -= nd;
    return KwValue(out);
  }
  return v;
}

bool is_kept_family(const std::string& f) { return f == "indexing" || f == "creation" || f == "random"; }

CaseSpec draw_elementwise(const opinfo::OpInfo& op, DType d, Rng& r, const GenConfig& cfg) {
  CaseSpec s;
  s.op = &op;
  s.dtype = d;
  s.variant = draw_variant(r, op, cfg);
  const bool writes0 = s.variant == Variant::inplace;
  const int nin = std::max(1, op.nin);
  Shape S = draw_shape(r, cfg);
  const int64_t rank = static_cast<int64_t>(S.size());
  std::vector<Shape> shapes(nin);
  for (int k = 0; k < nin; ++k) {
    if ((k == 0 && (writes0 || r.chance(0.5))) || nin == 1) { shapes[k] = S; continue; }
    int64_t drop = rank > 0 && r.chance(0.3) ? r.range(1, rank) : 0;
    Shape sh(S.begin() + drop, S.end());
    for (auto& x : sh) if (r.chance(0.2)) x = 1;
    shapes[k] = sh;
  }
  if (nin >= 2 && cfg.incompatible_shapes && r.chance(0.04)) {
    int k = static_cast<int>(r.below(nin));
    Shape& sh = shapes[k];
    std::vector<size_t> cand;
    for (size_t j = 0; j < sh.size(); ++j) if (S[S.size() - sh.size() + j] >= 2) cand.push_back(j);
    if (!cand.empty()) {
      size_t j = cand[r.below(cand.size())];
      const int64_t sj = S[S.size() - sh.size() + j];
      sh[j] = sj >= 3 ? sj - 1 : sj + 1;
      s.note = "incompatible shapes";
    }
  }
  int weak = -1;
  if (nin >= 2 && r.chance(0.15)) {
    int first = s.variant == Variant::function || s.variant == Variant::out ? 0 : 1;
    if (s.variant == Variant::out) first = 0;
    weak = static_cast<int>(r.range(first, nin - 1));
    if (weak == 0 && s.variant != Variant::function) weak = 1;
  }
  for (int k = 0; k < nin; ++k) {
    if (k == weak) {
      ArgSpec a;
      a.is_scalar = true;
      a.scalar = cfg.grad ? draw_grad_scalar(r) : draw_weak_scalar(r, d, library_inputs(cfg));
      s.args.push_back(a);
      continue;
    }
    DType dk = d;
    // Another claimed dtype (on a GPU, one with a kernel there) for mixed-dtype promotion.
    const std::vector<DType>& mix_from = cfg.device.is_cpu() ? op.dtypes_cpu : op.dtypes_cuda;
    if (k > 0 && op.promotes && r.chance(0.15)) dk = mix_from[r.below(mix_from.size())];
    bool bcast_ok = !(k == 0 && s.variant != Variant::function && s.variant != Variant::method);
    // where's condition as small ints sometimes (library cases): NumPy tests truth, torch wants bool.
    if (k == 0 && op.name == "where" && library_inputs(cfg) && r.chance(0.25)) {
      s.args.push_back(tensor_arg(r, shapes[k], r.chance(0.5) ? DType::Int64 : DType::UInt8, cfg, 0,
                                  std::make_pair(0.0, 2.0), bcast_ok));
      s.note = "int condition";
      continue;
    }
    s.args.push_back(tensor_arg(r, shapes[k], dk, cfg, (op.fuzz_ordinary_values ? 0 : draw_profile(r, cfg)), op.domain, bcast_ok));
  }
  const OpDtypeInfo& info = op_info(op, d);
  if (!info.kwargs.empty() && r.chance(0.5)) s.kwargs = info.kwargs[r.below(info.kwargs.size())];
  return s;
}

CaseSpec draw_from_sample(const opinfo::OpInfo& op, DType d, Rng& r, const GenConfig& cfg) {
  CaseSpec s;
  s.op = &op;
  s.dtype = d;
  s.variant = draw_variant(r, op, cfg);
  const OpDtypeInfo& info = op_info(op, d);
  if (info.templates.empty()) throw ValueError("[fuzz] op " + op.name + " has no samples for " + name(d));
  const SampleInput& t = info.templates[r.below(info.templates.size())];
  s.kwargs = t.kwargs;
  // A reduction's input is redrawn (shape and all): the sample's note no longer describes it.
  s.note = op.family == "reduction" ? "" : t.note;
  s.source = "sample: " + t.note;
  const bool reduction = op.family == "reduction";
  const bool kept = is_kept_family(op.family);
  for (size_t k = 0; k < t.args.size(); ++k) {
    const ArrayLike& a = t.args[k];
    if (!a.is_tensor()) {
      ArgSpec x;
      x.is_scalar = true;
      x.scalar = a.scalar();
      s.args.push_back(x);
      continue;
    }
    const Tensor& tv = a.tensor();
    const bool bcast_ok = !(k == 0 && s.variant != Variant::function && s.variant != Variant::method);
    const bool redraw = tv.dtype() == d && !(kept && k > 0) && op.family != "random";
    if (reduction && k == 0) {
      const DType td = tv.dtype();
      // Library cases: sometimes a long low-precision array (up to 2048 elements, ordinary values),
      // where accumulation in float16/bfloat16/float32 shows.
      if (library_inputs(cfg) && (td == DType::Float16 || td == DType::BFloat16 || td == DType::Float32) &&
          r.chance(0.15)) {
        // (JAX: two lengths, so that its compilations are reused, as with jax_shapes.)
        const int64_t n = jax_takes_part(cfg) ? (r.chance(0.5) ? 512 : 2048) : r.range(256, 2048);
        const Shape sh = r.chance(0.5) ? Shape{n} : Shape{2, n / 2};
        s.args.push_back(tensor_arg(r, sh, td, cfg, 0, op.domain, bcast_ok));
        s.note = "long reduction";
        continue;
      }
      s.args.push_back(tensor_arg(r, draw_shape(r, cfg), td, cfg, (op.fuzz_ordinary_values ? 0 : draw_profile(r, cfg)), op.domain, bcast_ok));
      continue;
    }
    if (redraw) {
      s.args.push_back(tensor_arg(r, tv.shape(), tv.dtype(), cfg, (op.fuzz_ordinary_values ? 0 : draw_profile(r, cfg)), op.domain, bcast_ok));
      continue;
    }
    ArgSpec x;
    x.shape = tv.shape();
    x.keep_values = true;
    if (cfg.layouts) draw_layout(r, x, false);
    x.values = tv.contiguous().copy();
    s.args.push_back(x);
  }
  if (reduction && !s.args.empty() && !s.args[0].is_scalar) {
    const int64_t nd = static_cast<int64_t>(s.args[0].shape.size());
    for (auto& [k, v] : s.kwargs) {
      if (k == "axis") v = remap_axis(r, v, nd);
      else if (k == "keepdims" && std::holds_alternative<bool>(v) && r.chance(0.3)) v = KwValue(!std::get<bool>(v));
    }
    // Another sample's kwargs sometimes (axis forms, ddof, dtype...), remapped the same way.
    if (!info.kwargs.empty() && r.chance(0.3)) {
      s.kwargs = info.kwargs[r.below(info.kwargs.size())];
      for (auto& [k, v] : s.kwargs) if (k == "axis") v = remap_axis(r, v, nd);
    }
  }
  return s;
}

}  // namespace

bool ArgSpec::contiguous_layout() const {
  auto any = [](const auto& v) { return std::any_of(v.begin(), v.end(), [](auto x) { return static_cast<bool>(x); }); };
  bool perm_id = true;
  for (size_t i = 0; i < perm.size(); ++i) perm_id = perm_id && perm[i] == static_cast<int64_t>(i);
  bool steps1 = std::all_of(step.begin(), step.end(), [](int64_t x) { return x == 1; });
  return perm_id && steps1 && !any(flip) && !any(bcast) && offset == 0;
}

std::string ArgSpec::layout_str() const {
  if (is_scalar) return "scalar";
  if (contiguous_layout()) return "contiguous";
  std::string s;
  auto add = [&](const std::string& x) { s += (s.empty() ? "" : " ") + x; };
  bool perm_id = true;
  for (size_t i = 0; i < perm.size(); ++i) perm_id = perm_id && perm[i] == static_cast<int64_t>(i);
  if (!perm_id) add("transposed" + shape_str(perm));
  if (!std::all_of(step.begin(), step.end(), [](int64_t x) { return x == 1; })) add("steps" + shape_str(step));
  if (std::any_of(flip.begin(), flip.end(), [](bool b) { return b; })) {
    std::vector<int64_t> f;
    for (size_t i = 0; i < flip.size(); ++i) if (flip[i]) f.push_back(static_cast<int64_t>(i));
    add("flipped" + shape_str(f));
  }
  if (std::any_of(bcast.begin(), bcast.end(), [](bool b) { return b; })) {
    std::vector<int64_t> f;
    for (size_t i = 0; i < bcast.size(); ++i) if (bcast[i]) f.push_back(static_cast<int64_t>(i));
    add("broadcast" + shape_str(f));
  }
  if (offset) add("offset " + std::to_string(offset));
  return s;
}

std::string layout_str(const CaseSpec& s) {
  std::string out;
  for (size_t i = 0; i < s.args.size(); ++i)
    out += (i ? "; " : "") + std::string("arg") + std::to_string(i) + " " + s.args[i].layout_str();
  return out;
}

std::vector<DType> grad_dtypes(const opinfo::OpInfo& op) {
  std::vector<DType> out;
  for (DType d : {DType::Float64, DType::Complex128})
    if (op.claims(d)) out.push_back(d);
  return out;
}

namespace {
// The dtypes `op` claims where the cases run: dtypes_cpu, or dtypes_cuda on a GPU.
const std::vector<DType>& device_dtypes(const opinfo::OpInfo& op, Device dev) {
  return dev.is_cpu() ? op.dtypes_cpu : op.dtypes_cuda;
}

// The dtype case (seed, index) of `op` is drawn for: one of the op's claimed dtypes on the device
// (gradient cases: of its claimed float64/complex128).
// Library cases (library_inputs) are drawn, about 1 in 20, for a dtype the op does not claim: what
// the subject library does there (NumPy raising where torch computes is a finding).
std::optional<DType> draw_dtype(const opinfo::OpInfo& op, uint64_t seed, uint64_t index, bool grad,
                                Device dev = Device::cpu, bool library = false) {
  const std::vector<DType> ds = grad ? grad_dtypes(op) : device_dtypes(op, dev);
  if (ds.empty()) return std::nullopt;
  if (library && !grad && dev.is_cpu()) {
    Rng u(mix(mix(hash_str(op.name), seed), index) ^ 0x27d1e27aULL);  // a stream of its own
    if (u.below(20) == 0) {
      std::vector<DType> other;
      for (DType d : kAllDTypes)
        if (std::find(ds.begin(), ds.end(), d) == ds.end()) other.push_back(d);
      if (!other.empty()) return other[u.below(other.size())];
    }
  }
  return ds[Rng(mix(mix(hash_str(op.name), seed), index) ^ 0x5bd1e995).below(ds.size())];
}

// A case of an unclaimed dtype `u`: drawn as for a claimed one, then its tensors of that dtype cast
// to `u` (the op's samples and domain exist for claimed dtypes only); the function variant.
CaseSpec as_unclaimed(CaseSpec s, DType u) {
  const DType from = s.dtype;
  for (auto& a : s.args)
    if (!a.is_scalar && a.values.defined() && a.values.dtype() == from) a.values = a.values.astype(u).contiguous().copy();
  s.dtype = u;
  s.variant = Variant::function;
  s.out_other_dtype = false;
  s.note = "unclaimed dtype " + std::string(name(u));
  return s;
}

// Gradient cases differentiate in float64/complex128: other float arguments (from promotion
// draws or kept sample values) are widened.
void widen_floats(CaseSpec& s) {
  for (auto& a : s.args) {
    if (a.is_scalar || !a.values.defined() || !is_inexact(a.values.dtype())) continue;
    const DType w = is_complex(a.values.dtype()) ? DType::Complex128 : DType::Float64;
    if (a.values.dtype() != w) a.values = a.values.astype(w).contiguous().copy();
  }
}
}  // namespace

CaseSpec draw_spec(const opinfo::OpInfo& op, uint64_t seed, uint64_t index, const GenConfig& cfg_in) {
  GenConfig cfg = cfg_in;
  // Gradient cases: gradcheck copies its inputs contiguous, so layouts only add ties (a broadcast
  // axis repeats values, where amax is not differentiable).
  if (cfg.grad) cfg.layouts = false;
  const uint64_t sig = signature_index(cfg, index);  // JAX: the cluster's first index
  Rng r(mix(mix(hash_str(op.name), seed), sig));
  const std::vector<DType>& claimed = device_dtypes(op, cfg.device);
  if (claimed.empty())
    throw ValueError("[fuzz] op " + op.name + " claims no dtype" +
                     (cfg.device.is_cpu() ? std::string() : " on " + to_string(cfg.device) + " (no CUDA kernel)"));
  const std::optional<DType> dd = draw_dtype(op, seed, sig, cfg.grad, cfg.device, library_inputs(cfg));
  if (!dd) throw ValueError("[fuzz] op " + op.name + " claims neither float64 nor complex128: no gradient cases");
  const bool unclaimed = std::find(claimed.begin(), claimed.end(), *dd) == claimed.end() && !cfg.grad;
  const DType d = unclaimed ? *draw_dtype(op, seed, sig, false, cfg.device) : *dd;
  r.next();
  CaseSpec s = op.elementwise ? draw_elementwise(op, d, r, cfg) : draw_from_sample(op, d, r, cfg);
  if (sig != index) {
    Rng rv(mix(mix(hash_str(op.name), seed), index) ^ 0x6a09e667f3bcc909ULL);  // the values' own stream
    for (auto& a : s.args)
      if (!a.is_scalar && a.fill_profile >= 0) fill_values(a.values, rv, a.fill_profile, a.fill_domain);
  }
  if (unclaimed) return as_unclaimed(std::move(s), *dd);
  if (cfg.grad) {
    s.grad = true;
    widen_floats(s);
    return s;
  }
  if (s.variant == Variant::out && r.chance(0.15)) {
    s.out_other_dtype = true;
    s.out_dtype = claimed[r.below(claimed.size())];
    // Not bfloat16 on one side of out= only: NumPy's behaviour there is declared (kBf16MixedOut), and
    // such a call poisons NumPy's dispatch cache for the rest of the process (after
    // np.rint(int8, out=bfloat16), np.rint(int8) returns bfloat16), which would corrupt later cases.
    if ((s.out_dtype == DType::BFloat16) != (d == DType::BFloat16)) s.out_other_dtype = false;
  }
  return s;
}

Tensor materialize_arg(const ArgSpec& a) {
  const Tensor& v = a.values;
  const Shape& vs = v.shape();
  const size_t nd = vs.size();
  const DType d = v.dtype();
  Strides st(nd);
  int64_t acc = 1;
  for (size_t k = nd; k-- > 0;) {
    size_t ax = a.perm.size() == nd ? static_cast<size_t>(a.perm[k]) : k;
    int64_t step = a.step.size() == nd ? a.step[ax] : 1;
    st[ax] = acc * step;
    acc *= std::max<int64_t>(vs[ax], 1) * step;
  }
  int64_t off = a.offset;
  for (size_t ax = 0; ax < nd && a.flip.size() == nd; ++ax) {
    if (a.flip[ax] && vs[ax] > 1) {
      off += (vs[ax] - 1) * st[ax];
      st[ax] = -st[ax];
    }
  }
  const int64_t n = a.offset + acc;
  auto storage = std::make_shared<Storage>(n * itemsize(d));
  std::memset(storage->data(), d == DType::Bool ? 0 : 0x41, static_cast<size_t>(n * itemsize(d)));
  Tensor base(storage, d, vs, st, off);
  if (v.size() > 0) base.assign(ArrayLike(v));
  if (vs != a.shape) {
    base = base.broadcast_to(a.shape);
    base.setflags(true);  // a layout of the values, not a read-only operand (executors copy targets)
  }
  return base;
}

Case materialize(const CaseSpec& s) {
  Case c;
  c.op = s.op;
  c.variant = s.variant;
  c.input.kwargs = s.kwargs;
  c.input.note = s.note;
  for (const auto& a : s.args) c.input.args.push_back(a.is_scalar ? ArrayLike(a.scalar) : ArrayLike(materialize_arg(a)));
  if (s.variant == Variant::out) {
    // The out tensor has the function variant's result shape and dtype (or another claimed dtype).
    Shape shape;
    DType od = s.dtype;
    Tensor natural;
    try {
      auto r = s.op->run(Variant::function, c.input.args, c.input.kwargs, Tensor());
      if (!r.empty()) { shape = r[0].shape(); od = r[0].dtype(); natural = r[0]; }
    } catch (const std::exception&) {
      if (!s.args.empty() && !s.args[0].is_scalar) shape = s.args[0].shape;
    }
    if (s.out_other_dtype && od != s.out_dtype) {
      c.compute_dtype = od;
      c.natural = natural;
      od = s.out_dtype;
    }
    c.out = parity::zeros(shape, od);
  }
  return c;
}

// ---- shrinking ----
namespace {

Tensor slice_values(const Tensor& v, size_t axis, int64_t start, int64_t len) {
  std::vector<TensorIndex> idx;
  for (size_t i = 0; i < v.shape().size(); ++i) {
    if (i == axis) idx.emplace_back(Slice(start, start + len));
    else idx.emplace_back(Slice());
  }
  return v.index(idx).copy();
}

// Keeps the first `len` entries along axis (len 0 removes the axis, keeping index 0).
ArgSpec shrink_axis(const ArgSpec& a, size_t axis, int64_t len, bool remove, bool from_end = false, int64_t at = -1) {
  ArgSpec b = a;
  const bool bc = axis < a.bcast.size() && a.bcast[axis];
  const int64_t keep = remove ? 1 : len;
  if (!bc) b.values = slice_values(a.values, axis, at >= 0 ? at : from_end ? a.shape[axis] - keep : 0, keep);
  if (remove) {
    Shape vs = b.values.shape();
    vs.erase(vs.begin() + static_cast<long>(axis));
    b.values = b.values.size() == 0 ? parity::zeros(vs, a.values.dtype()) : b.values.reshape(vs).copy();
    b.shape.erase(b.shape.begin() + static_cast<long>(axis));
    auto erase_at = [&](auto& vec) { if (vec.size() > axis) vec.erase(vec.begin() + static_cast<long>(axis)); };
    erase_at(b.step);
    erase_at(b.flip);
    erase_at(b.bcast);
    if (!b.perm.empty()) {
      std::vector<int64_t> p;
      for (auto x : b.perm) if (x != static_cast<int64_t>(axis)) p.push_back(x > static_cast<int64_t>(axis) ? x - 1 : x);
      b.perm = p;
    }
  } else {
    b.shape[axis] = len;
    if (bc && len <= 1) b.bcast[axis] = false;
  }
  return b;
}

ArgSpec make_contiguous(const ArgSpec& a) {
  ArgSpec b = a;
  if (b.values.shape() != b.shape) b.values = b.values.broadcast_to(b.shape).copy();
  b.perm.clear(); b.step.clear(); b.flip.clear(); b.bcast.clear();
  b.offset = 0;
  return b;
}

bool bytes_equal(const Tensor& t, int64_t i, const Tensor& one) {
  const int64_t is = t.itemsize();
  return std::memcmp(static_cast<const char*>(t.data_ptr()) + i * is, one.data_ptr(), static_cast<size_t>(is)) == 0;
}

}  // namespace

std::vector<CaseSpec> shrink_candidates(const CaseSpec& s) {
  std::vector<CaseSpec> out;
  if (s.variant != Variant::function && s.op->has_variant(Variant::function)) {
    CaseSpec c = s;
    c.variant = Variant::function;
    out.push_back(c);
  }
  if (s.out_other_dtype) {
    CaseSpec c = s;
    c.out_other_dtype = false;
    out.push_back(c);
  }
  // Structure: fewer dimensions, smaller dimensions (all arguments together, aligned from the right, then each).
  size_t maxr = 0;
  for (const auto& a : s.args) if (!a.is_scalar) maxr = std::max(maxr, a.shape.size());
  if (s.op->elementwise) {
    for (size_t j = 0; j < maxr; ++j) {  // j-th axis from the left of the broadcast shape
      CaseSpec c = s;
      bool any = false;
      for (auto& a : c.args) {
        if (a.is_scalar) continue;
        size_t lead = maxr - a.shape.size();
        if (j < lead) continue;
        a = shrink_axis(a, j - lead, 0, true);
        any = true;
      }
      if (any) out.push_back(std::move(c));
    }
  }
  for (size_t k = 0; k < s.args.size(); ++k) {
    const ArgSpec& a = s.args[k];
    if (a.is_scalar) continue;
    // Remove an axis (keeping its first or last entry), halve it, cut it to one entry.
    for (size_t j = 0; j < a.shape.size(); ++j) {
      for (bool end : {false, true}) {
        if (end && a.shape[j] <= 1) continue;
        CaseSpec c = s;
        c.args[k] = shrink_axis(a, j, 0, true, end);
        out.push_back(std::move(c));
      }
    }
    for (size_t j = 0; j < a.shape.size(); ++j) {
      for (bool end : {false, true}) {
        if (a.shape[j] > 2) {
          CaseSpec c = s;
          c.args[k] = shrink_axis(a, j, a.shape[j] / 2, false, end);
          out.push_back(std::move(c));
        }
      }
      for (int64_t at = 0; a.shape[j] > 1 && at < std::min<int64_t>(a.shape[j], 16); ++at) {
        CaseSpec c = s;
        c.args[k] = shrink_axis(a, j, 1, false, false, at);
        out.push_back(std::move(c));
      }
    }
  }
  // Layouts: contiguous.
  for (size_t k = 0; k < s.args.size(); ++k) {
    if (s.args[k].is_scalar || s.args[k].contiguous_layout()) continue;
    CaseSpec c = s;
    c.args[k] = make_contiguous(s.args[k]);
    out.push_back(std::move(c));
  }
  // Fewer keyword arguments.
  for (size_t i = 0; i < s.kwargs.size(); ++i) {
    CaseSpec c = s;
    c.kwargs.erase(c.kwargs.begin() + static_cast<long>(i));
    out.push_back(std::move(c));
  }
  // Simpler values: weak scalars, then elements (0, then 1).
  for (size_t k = 0; k < s.args.size(); ++k) {
    const ArgSpec& a = s.args[k];
    if (a.is_scalar) {
      const Scalar& v = a.scalar;
      auto simple = [&](int x) {
        switch (v.type) {
          case Scalar::Type::Bool: return Scalar(x != 0);
          case Scalar::Type::Int: return Scalar(static_cast<int64_t>(x));
          case Scalar::Type::Float: return Scalar(static_cast<double>(x));
          default: return Scalar(std::complex<double>(x, 0));
        }
      };
      for (int x : {0, 1}) {
        Scalar sx = simple(x);
        if (sx.repr() == v.repr() || (x == 1 && v.repr() == simple(0).repr())) continue;
        CaseSpec c = s;
        c.args[k].scalar = sx;
        out.push_back(std::move(c));
      }
      continue;
    }
    if (a.keep_values || a.values.size() == 0) continue;
    // Gradient cases keep their float values: 0, 1 and ties are where functions stop being
    // differentiable (abs, sqrt, amax), so a failure would shrink into a different one.
    if (s.grad && is_inexact(a.values.dtype())) continue;
    const DType d = a.values.dtype();
    Tensor zero = parity::zeros({}, d), one = parity::full({}, Scalar(true), d);
    const int64_t n = a.values.size();
    bool all_zero = true;
    for (int64_t i = 0; i < n; ++i) all_zero = all_zero && bytes_equal(a.values, i, zero);
    if (all_zero) continue;
    if (n > 1) {
      CaseSpec c = s;
      c.args[k].values = parity::zeros(a.values.shape(), d);
      out.push_back(std::move(c));
    }
    for (int64_t i = 0; i < n && i < 64; ++i) {
      const bool is0 = bytes_equal(a.values, i, zero), is1 = bytes_equal(a.values, i, one);
      if (is0) continue;
      for (const Tensor* rep : {&zero, &one}) {
        if (rep == &one && is1) continue;
        CaseSpec c = s;
        c.args[k].values = a.values.copy();
        std::memcpy(static_cast<char*>(c.args[k].values.data_ptr()) + i * a.values.itemsize(), rep->data_ptr(),
                    static_cast<size_t>(a.values.itemsize()));
        out.push_back(std::move(c));
      }
    }
  }
  return out;
}

// The RapidCheck generator of a case spec: a Shrinkable whose shrinks are shrink_candidates.
rc::Gen<CaseSpec> spec_gen(const opinfo::OpInfo& op, uint64_t seed, uint64_t index, const GenConfig& cfg) {
  return rc::Gen<CaseSpec>([&op, seed, index, cfg](const rc::Random&, int) {
    return rc::shrinkable::shrinkRecur(draw_spec(op, seed, index, cfg), [](const CaseSpec& s) {
      return rc::seq::fromContainer(shrink_candidates(s));
    });
  });
}

rc::Shrinkable<CaseSpec> follow(const opinfo::OpInfo& op, const CaseId& id, const GenConfig& cfg) {
  rc::Shrinkable<CaseSpec> sh = spec_gen(op, id.seed, id.index, cfg)(rc::Random(id.seed), 0);
  for (size_t i = 0; i < id.shrink_path.size(); ++i) {
    rc::Seq<rc::Shrinkable<CaseSpec>> seq = sh.shrinks();
    // Each candidate is a fresh Maybe (no move-assignment into an empty one, which GCC 12 at -O3
    // flags as a false -Wmaybe-uninitialized inside RapidCheck's Maybe).
    for (uint32_t k = 0;; ++k) {
      rc::Maybe<rc::Shrinkable<CaseSpec>> next = seq.next();
      if (!next) throw ValueError("[replay] case " + id.str() + ": shrink step " + std::to_string(i) + " does not exist");
      if (k == id.shrink_path[i]) {
        sh = std::move(*next);
        break;
      }
    }
  }
  return sh;
}

CaseSpec spec_of(const opinfo::OpInfo& op, const CaseId& id, const GenConfig& cfg) {
  return id.shrink_path.empty() ? draw_spec(op, id.seed, id.index, cfg) : follow(op, id, cfg).value();
}

}  // namespace detail

using namespace detail;

CaseGen::CaseGen(GenConfig cfg) : cfg_(cfg) {}

std::optional<DType> CaseGen::dtype_of(const opinfo::OpInfo& op, uint64_t seed, uint64_t index) const {
  return draw_dtype(op, seed, signature_index(cfg_, index), cfg_.grad, cfg_.device, library_inputs(cfg_));
}

namespace {
const opinfo::OpInfo& op_of(const CaseId& id) {
  const opinfo::OpInfo* op = opinfo::find_op(id.op);
  if (!op) throw ValueError("[fuzz] unknown op '" + id.op + "'");
  return *op;
}
DrawnCase drawn(const CaseId& id, const CaseSpec& s) {
  DrawnCase d;
  d.id = id;
  d.dtype = s.dtype;
  d.c = materialize(s);
  d.c.device = id.device;  // the engine runs it there (the case's tensors stay on the host)
  d.layout = layout_str(s);
  d.source = s.source;
  return d;
}
}  // namespace

GenConfig CaseGen::config_for(const CaseId& id) const {
  GenConfig c = cfg_;
  if (id.max_elements > 0) c.max_elements = id.max_elements;
  c.grad = id.grad;
  c.device = id.device;
  c.subject = id.subject;
  c.against = id.against;
  c.three_way = id.three_way;
  return c;
}

CaseId CaseGen::id(const std::string& op, uint64_t seed, uint64_t index) const {
  CaseId i{op, seed, index, {}};
  if (cfg_.max_elements != GenConfig{}.max_elements) i.max_elements = cfg_.max_elements;
  i.grad = cfg_.grad;
  i.device = cfg_.device;
  i.subject = cfg_.subject == "engine" ? "" : cfg_.subject;
  i.against = cfg_.against == "numpy" ? "" : cfg_.against;
  i.three_way = cfg_.three_way;
  return i;
}

DrawnCase CaseGen::draw(const CaseId& id) const {
  const opinfo::OpInfo& op = op_of(id);
  const GenConfig cfg = config_for(id);
  if (id.shrink_path.empty()) return drawn(id, draw_spec(op, id.seed, id.index, cfg));
  return drawn(id, follow(op, id, cfg).value());
}

std::vector<DrawnCase> CaseGen::shrinks(const CaseId& id) const {
  const opinfo::OpInfo& op = op_of(id);
  const GenConfig cfg = config_for(id);
  CaseSpec s = id.shrink_path.empty() ? draw_spec(op, id.seed, id.index, cfg) : follow(op, id, cfg).value();
  std::vector<DrawnCase> out;
  uint32_t i = 0;
  for (const CaseSpec& c : shrink_candidates(s)) {
    CaseId cid = id;
    cid.shrink_path.push_back(i++);
    out.push_back(drawn(cid, c));
  }
  return out;
}

}  // namespace parity::fuzz

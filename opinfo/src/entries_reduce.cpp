// Entries for the reductions (engine/src/ops/reduce_*.cpp): sum, prod, mean, var, std, amax, amin,
// argmax, argmin, any, all, cumsum, cumprod, nansum, nanmean, nanmax, nanmin.
#include <limits>

#include "dtype_sets.h"
#include "families.h"
#include "parity/ops.h"
#include "parity/samples.h"

namespace parity::opinfo {

namespace {

// How an op takes its axis: a tuple (sum, amax ...), one int with keepdims (argmax), one int
// without keepdims (cumsum).
enum class AxisKind { tuple, single, cumulative };

// The keyword arguments of a reduction call, read from a case's Kwargs.
struct RedKw {
  Axes axis;                          // None or a tuple
  std::optional<int64_t> axis1;       // for single-axis ops
  bool keepdims = false;
  std::optional<DType> dtype;
  int64_t ddof = 0;
};

RedKw read_kwargs(const Kwargs& kw, const char* op, bool single) {
  RedKw r;
  if (const KwValue* a = find_kwarg(kw, "axis")) {
    if (const auto* i = std::get_if<int64_t>(a)) {
      r.axis = AxisList(*i);  // the int form: NumPy treats it apart on 0-d inputs
      r.axis1 = *i;
    } else if (const auto* t = std::get_if<std::vector<int64_t>>(a)) {
      if (single) throw TypeError(op_msg(op, "'tuple' object cannot be interpreted as an integer"));
      r.axis = *t;
    }
  }
  if (const KwValue* k = find_kwarg(kw, "keepdims")) r.keepdims = std::get<bool>(*k);
  if (const KwValue* d = find_kwarg(kw, "dtype")) r.dtype = std::get<DType>(*d);
  if (const KwValue* d = find_kwarg(kw, "ddof")) r.ddof = std::get<int64_t>(*d);
  return r;
}

OpInfo reduction_entry(const std::string& name, const std::string& method, RunFn run) {
  OpInfo op = entry_from_record(name, std::move(run));
  op.numpy_method = method;
  op.accumulates = true;  // but any, all, argmax, argmin
  return op;
}

// What the samples of one op exercise beyond the axis keywords.
struct SampleSpec {
  AxisKind axis_kind = AxisKind::tuple;
  bool ddof = false;      // var, std
  bool dtype_kw = false;  // takes dtype=
  bool mean_like = false; // dtype= on integer input is a float (mean, nanmean)
  double lo = -9, hi = 9;
};

SampleInput sample(const Tensor& x, Kwargs kw, std::string note) {
  SampleInput in;
  in.args.emplace_back(x);
  in.kwargs = std::move(kw);
  in.note = std::move(note);
  return in;
}

// The dtype= a sample passes for input dtype d (a wider or narrower type of the same kind).
DType other_dtype(DType d, bool mean_like) {
  switch (d) {
    case DType::Float16: case DType::BFloat16: case DType::Float32: return DType::Float64;
    case DType::Float64: return DType::Float32;
    case DType::Complex64: return DType::Complex128;
    case DType::Complex128: return DType::Complex64;
    default: return mean_like ? DType::Float32 : DType::Int8;  // bool and integers
  }
}

std::vector<SampleInput> reduction_samples(const std::string& op, const SampleSpec& sp, DType d) {
  std::vector<SampleInput> out;
  const uint64_t seed = seed_of(op + name(d));
  const std::vector<Shape> shapes = {{}, {0}, {1, 0, 3}, {20}, {3, 4, 5}, {789, 357}};
  const bool tuple = sp.axis_kind == AxisKind::tuple;
  const bool keep = sp.axis_kind != AxisKind::cumulative;
  for (size_t i = 0; i < shapes.size(); ++i) {
    const Shape& s = shapes[i];
    const std::string sh = "shape " + shape_str(s);
    Tensor x = make_tensor(s, d, seed + 7919 * i, sp.lo, sp.hi);
    const int64_t nd = static_cast<int64_t>(s.size());
    out.push_back(sample(x, {}, sh));
    if (nd == 0) {  // NumPy: an int axis 0 / -1 on 0-d reduces nothing (mean/var/std raise); (0,) raises
      out.push_back(sample(x, {{"axis", KwValue(int64_t{0})}}, sh + ", axis=0"));
      out.push_back(sample(x, {{"axis", KwValue(int64_t{-1})}}, sh + ", axis=-1"));
      if (tuple) out.push_back(sample(x, {{"axis", KwValue(std::vector<int64_t>{0})}}, sh + ", axis=(0,)"));
    }
    if (nd == 2) {  // the large shape: one more combination, along the non-contiguous axis
      out.push_back(sample(x, {{"axis", KwValue(int64_t{0})}}, sh + ", axis=0"));
      continue;
    }
    if (nd >= 1) {
      out.push_back(sample(x, {{"axis", KwValue(int64_t{0})}}, sh + ", axis=0"));
      Kwargs kw = {{"axis", KwValue(int64_t{-1})}};
      if (keep) kw.emplace_back("keepdims", KwValue(true));
      out.push_back(sample(x, kw, sh + ", axis=-1" + (keep ? ", keepdims" : "")));
    }
    if (nd == 0 && keep) out.push_back(sample(x, {{"keepdims", KwValue(true)}}, sh + ", keepdims"));
    if (nd >= 3) {
      if (tuple) {
        out.push_back(sample(x, {{"axis", KwValue(std::vector<int64_t>{0, 2})}}, sh + ", axis=(0, 2)"));
        out.push_back(sample(x, {{"axis", KwValue(std::vector<int64_t>{-1, 0})}, {"keepdims", KwValue(true)}},
                             sh + ", axis=(-1, 0), keepdims"));
        out.push_back(sample(x, {{"axis", KwValue(std::vector<int64_t>{})}}, sh + ", axis=()"));
      } else {
        out.push_back(sample(x, {{"axis", KwValue(int64_t{1})}}, sh + ", axis=1"));
      }
    }
  }
  if (sp.ddof) {
    Tensor v = make_tensor({20}, d, seed + 1), c = make_tensor({3, 4, 5}, d, seed + 2);
    out.push_back(sample(v, {{"ddof", KwValue(int64_t{1})}}, "ddof=1"));
    out.push_back(sample(c, {{"axis", KwValue(int64_t{1})}, {"ddof", KwValue(int64_t{1})}}, "axis=1, ddof=1"));
    out.push_back(sample(c, {{"axis", KwValue(std::vector<int64_t>{0, 2})}, {"ddof", KwValue(int64_t{0})},
                             {"keepdims", KwValue(true)}}, "axis=(0, 2), ddof=0, keepdims"));
    out.push_back(sample(v, {{"ddof", KwValue(int64_t{20})}}, "ddof=n"));
  }
  if (sp.dtype_kw) {
    Tensor v = make_tensor({20}, d, seed + 3, sp.lo, sp.hi), c = make_tensor({3, 4, 5}, d, seed + 4, sp.lo, sp.hi);
    const DType o = other_dtype(d, sp.mean_like);
    const std::string n = std::string("dtype=") + name(o);
    out.push_back(sample(v, {{"dtype", KwValue(o)}}, n));
    Kwargs kw = {{"axis", KwValue(int64_t{1})}, {"dtype", KwValue(o)}};
    out.push_back(sample(c, kw, n + ", axis=1"));
    if (sp.ddof && is_complex(d)) {  // NumPy casts only the mean's sum to the real dtype
      out.push_back(sample(v, {{"dtype", KwValue(real_dtype(d))}}, "complex input, real dtype="));
    }
    if (sp.ddof && !is_inexact(d)) {
      out.push_back(sample(v, {{"dtype", KwValue(DType::Int8)}}, "integer dtype="));
    }
  }
  if (is_inexact(d)) {  // NaNs scattered, and row 0 all NaN
    Tensor x = make_tensor({4, 5}, d, seed + 5, sp.lo, sp.hi);
    Tensor m = logical_or(make_tensor({4, 5}, DType::Bool, seed + 6),
                          asarray(std::vector<bool>{true, false, false, false}).reshape({4, 1}));
    // Row 0 all NaN; one row free of NaN so nan-skipping ops see a full row too.
    m = logical_and(m, asarray(std::vector<bool>{true, true, true, false}).reshape({4, 1}));
    Tensor xn = where(m, std::numeric_limits<double>::quiet_NaN(), x);
    out.push_back(sample(xn, {}, "NaNs"));
    out.push_back(sample(xn, {{"axis", KwValue(int64_t{1})}}, "NaNs, axis=1"));
    out.push_back(sample(xn, {{"axis", KwValue(int64_t{0})}}, "NaNs, axis=0"));
  }
  return out;
}

// Extremal values reduced whole, as an (n, 1) column and as a (2, n/2) block along each axis.
std::vector<SampleInput> reduction_reference(DType d) {
  Tensor v = extremal_values(d);
  const int64_t n = v.size();
  std::vector<SampleInput> out;
  out.push_back(sample(v, {}, "extremal values"));
  for (const Shape& s : {Shape{n, 1}, Shape{2, n / 2}}) {
    Tensor r = v.reshape(s);
    for (int64_t ax : {0, 1})
      out.push_back(sample(r, {{"axis", KwValue(ax)}}, "extremal values " + shape_str(s) + ", axis=" + std::to_string(ax)));
  }
  return out;
}

std::vector<ErrorInput> reduction_errors(const std::string& op, AxisKind k) {
  std::vector<ErrorInput> e;
  Tensor x = make_tensor({3, 4}, DType::Float64, 1);
  const std::string tag = "\\[" + op + "\\] ";
  e.push_back({sample(x, {{"axis", KwValue(int64_t{2})}}, "axis out of range"), "AxisError",
               tag + "axis 2 is out of bounds for array of dimension 2"});
  e.push_back({sample(x, {{"axis", KwValue(int64_t{-3})}}, "negative axis out of range"), "AxisError",
               tag + "axis -3 is out of bounds for array of dimension 2"});
  if (k == AxisKind::tuple) {
    e.push_back({sample(x, {{"axis", KwValue(std::vector<int64_t>{0, 0})}}, "repeated axis"), "ValueError",
                 tag + "duplicate value in 'axis'"});
    e.push_back({sample(x, {{"axis", KwValue(std::vector<int64_t>{1, -1})}}, "repeated axis, negative"), "ValueError",
                 tag + "duplicate value in 'axis'"});
  }
  return e;
}

void finish(OpInfo& op, const SampleSpec& sp) {
  const std::string n = op.name;
  op.sample_inputs = [n, sp](DType d) { return reduction_samples(n, sp, d); };
  op.reference_inputs = [](DType d) { return reduction_reference(d); };
  op.error_inputs = [n, k = sp.axis_kind] { return reduction_errors(n, k); };
}

// An empty reduction without identity raises.
void add_empty_error(OpInfo& op, const std::string& regex) {
  auto base = op.error_inputs;
  op.error_inputs = [base, regex, n = op.name] {
    auto e = base();
    e.push_back({sample(zeros({0}, DType::Float32), {}, "empty"), "ValueError", "\\[" + n + "\\] " + regex});
    e.push_back({sample(zeros({3, 0}, DType::Int32), {{"axis", KwValue(int64_t{1})}}, "empty axis"), "ValueError",
                 "\\[" + n + "\\] " + regex});
    return e;
  };
}

using Args = std::vector<ArrayLike>;

}  // namespace

void add_reduction_ops(std::vector<OpInfo>& db) {
  // sum, prod, mean, nansum, nanmean: (x, axis, keepdims, dtype, out).
#define PARITY_SUMLIKE(fn, method_call)                                                              \
  [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) -> std::vector<Tensor> {         \
    RedKw k = read_kwargs(kw, #fn, false);                                                           \
    const Tensor& x = a[0].tensor();                                                                 \
    (void)x;                                                                                         \
    switch (v) {                                                                                     \
      case Variant::method: return {method_call};                                                    \
      case Variant::out: return {parity::fn(x, k.axis, k.keepdims, k.dtype, out)};                   \
      default: return {parity::fn(x, k.axis, k.keepdims, k.dtype)};                                  \
    }                                                                                                \
  }
  const SampleSpec sum_spec{AxisKind::tuple, false, true, false};
  {
    OpInfo op = reduction_entry("sum", "sum", PARITY_SUMLIKE(sum, x.sum(k.axis, k.keepdims, k.dtype)));
    finish(op, sum_spec);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("prod", "prod", PARITY_SUMLIKE(prod, x.prod(k.axis, k.keepdims, k.dtype)));
    op.products = true;
    finish(op, sum_spec);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("mean", "mean", PARITY_SUMLIKE(mean, x.mean(k.axis, k.keepdims, k.dtype)));
    finish(op, {AxisKind::tuple, false, true, true});
    op.discrepancies.push_back(
        {Discrepancy::Kind::skip, {DType::Float16}, {"VariantConsistency"},
         "mean of float16 into a float16 out= differs from the function's result, in NumPy too",
         "_mean sums float16 in float32 and writes that sum into out= (rounding it to float16) before "
         "dividing, where the function divides the float32 sum and rounds once; the engine follows "
         "NumPy in both, so its out= and function forms differ as NumPy's do (checked against NumPy "
         "by the other suites and the fuzzer)",
         /*note=*/""});
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("nansum", "", PARITY_SUMLIKE(nansum, parity::nansum(x, k.axis, k.keepdims, k.dtype)));
    finish(op, sum_spec);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("nanmean", "", PARITY_SUMLIKE(nanmean, parity::nanmean(x, k.axis, k.keepdims, k.dtype)));
    finish(op, {AxisKind::tuple, false, true, true});
    db.push_back(std::move(op));
  }
#undef PARITY_SUMLIKE

  // var, std: (x, axis, ddof, keepdims, dtype, out). Tensor::var/std take no dtype=: a method
  // call with dtype= goes through the function (ndarray.var has it).
#define PARITY_VARLIKE(fn)                                                                           \
  [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) -> std::vector<Tensor> {         \
    RedKw k = read_kwargs(kw, #fn, false);                                                           \
    const Tensor& x = a[0].tensor();                                                                 \
    switch (v) {                                                                                     \
      case Variant::method:                                                                          \
        if (!k.dtype) return {x.fn(k.axis, k.ddof, k.keepdims)};                                     \
        return {parity::fn(x, k.axis, k.ddof, k.keepdims, k.dtype)};                                 \
      case Variant::out: return {parity::fn(x, k.axis, k.ddof, k.keepdims, k.dtype, out)};           \
      default: return {parity::fn(x, k.axis, k.ddof, k.keepdims, k.dtype)};                          \
    }                                                                                                \
  }
  for (const char* n : {"var", "std"}) {
    const bool is_var = std::string(n) == "var";
    OpInfo op = reduction_entry(n, n, is_var ? RunFn(PARITY_VARLIKE(var)) : RunFn(PARITY_VARLIKE(std)));
    finish(op, {AxisKind::tuple, true, true, true});
    // PyTorch spells ddof `correction`; a call without ddof stays without it, so torch's own
    // default (correction=1, NumPy's ddof=0) is what the comparison sees. The method form takes
    // correction= too: both forms call this.
    op.torch_ref = std::string("lambda x, ddof=None, **kw: torch.") + n + "(x, **kw) if ddof is None else torch." + n +
                   "(x, correction=ddof, **kw)";
    op.torch_method = "";
    db.push_back(std::move(op));
  }
#undef PARITY_VARLIKE

  // amax, amin, nanmax, nanmin, any, all: (x, axis, keepdims, out).
#define PARITY_MAXLIKE(fn, method_call)                                                              \
  [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) -> std::vector<Tensor> {         \
    RedKw k = read_kwargs(kw, #fn, false);                                                           \
    const Tensor& x = a[0].tensor();                                                                 \
    (void)x;                                                                                         \
    switch (v) {                                                                                     \
      case Variant::method: return {method_call};                                                    \
      case Variant::out: return {parity::fn(x, k.axis, k.keepdims, out)};                            \
      default: return {parity::fn(x, k.axis, k.keepdims)};                                           \
    }                                                                                                \
  }
  const SampleSpec plain{};
  {
    OpInfo op = reduction_entry("amax", "max", PARITY_MAXLIKE(amax, x.max(k.axis, k.keepdims)));
    finish(op, plain);
    add_empty_error(op, "zero-size array to reduction operation maximum which has no identity");
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("amin", "min", PARITY_MAXLIKE(amin, x.min(k.axis, k.keepdims)));
    finish(op, plain);
    add_empty_error(op, "zero-size array to reduction operation minimum which has no identity");
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("nanmax", "", PARITY_MAXLIKE(nanmax, parity::nanmax(x, k.axis, k.keepdims)));
    finish(op, plain);
    add_empty_error(op, "zero-size array to reduction operation fmax which has no identity");
    op.torch_missing = "PyTorch has no nanmax (torch.nanmax does not exist; torch.max/torch.amax propagate NaN)";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("nanmin", "", PARITY_MAXLIKE(nanmin, parity::nanmin(x, k.axis, k.keepdims)));
    finish(op, plain);
    add_empty_error(op, "zero-size array to reduction operation fmin which has no identity");
    op.torch_missing = "PyTorch has no nanmin (torch.nanmin does not exist; torch.min/torch.amin propagate NaN)";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("any", "any", PARITY_MAXLIKE(any, x.any(k.axis, k.keepdims)));
    op.accumulates = false;  // no arithmetic: the order does not matter
    finish(op, plain);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("all", "all", PARITY_MAXLIKE(all, x.all(k.axis, k.keepdims)));
    op.accumulates = false;  // no arithmetic: the order does not matter
    finish(op, plain);
    db.push_back(std::move(op));
  }
#undef PARITY_MAXLIKE

  // argmax, argmin: (x, axis: int or None, keepdims, out).
#define PARITY_ARGLIKE(fn)                                                                           \
  [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) -> std::vector<Tensor> {         \
    RedKw k = read_kwargs(kw, #fn, true);                                                            \
    const Tensor& x = a[0].tensor();                                                                 \
    switch (v) {                                                                                     \
      case Variant::method: return {x.fn(k.axis1, k.keepdims)};                                      \
      case Variant::out: return {parity::fn(x, k.axis1, k.keepdims, out)};                           \
      default: return {parity::fn(x, k.axis1, k.keepdims)};                                          \
    }                                                                                                \
  }
  const SampleSpec single{AxisKind::single};
  {
    OpInfo op = reduction_entry("argmax", "argmax", PARITY_ARGLIKE(argmax));
    op.accumulates = false;  // no arithmetic: the order does not matter
    finish(op, single);
    add_empty_error(op, "attempt to get argmax of an empty sequence");
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("argmin", "argmin", PARITY_ARGLIKE(argmin));
    op.accumulates = false;  // no arithmetic: the order does not matter
    finish(op, single);
    add_empty_error(op, "attempt to get argmin of an empty sequence");
    db.push_back(std::move(op));
  }
#undef PARITY_ARGLIKE

  // cumsum, cumprod: (x, axis: int or None, dtype, out).
#define PARITY_CUMLIKE(fn)                                                                           \
  [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) -> std::vector<Tensor> {         \
    RedKw k = read_kwargs(kw, #fn, true);                                                            \
    const Tensor& x = a[0].tensor();                                                                 \
    switch (v) {                                                                                     \
      case Variant::method: return {x.fn(k.axis1, k.dtype)};                                         \
      case Variant::out: return {parity::fn(x, k.axis1, k.dtype, out)};                              \
      default: return {parity::fn(x, k.axis1, k.dtype)};                                             \
    }                                                                                                \
  }
  const SampleSpec cum{AxisKind::cumulative, false, true, false};
  {
    OpInfo op = reduction_entry("cumsum", "cumsum", PARITY_CUMLIKE(cumsum));
    finish(op, cum);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = reduction_entry("cumprod", "cumprod", PARITY_CUMLIKE(cumprod));
    op.products = true;
    finish(op, cum);
    db.push_back(std::move(op));
  }
#undef PARITY_CUMLIKE
}

}  // namespace parity::opinfo

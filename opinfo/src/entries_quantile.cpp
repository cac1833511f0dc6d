// Entries for np.median and np.quantile (engine/src/ops/quantile.cpp, CPU only: no CUDA kernel,
// so derive_cuda_dtypes claims no dtype on a GPU). Samples: odd and even lengths, ties, NaN rows,
// one axis, a tuple of axes, None, keepdims, q a Python float or a 1-d array, and NumPy's 13
// methods.
#include <limits>
#include <string>

#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

const char* const kMethods[] = {"inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                                "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
                                "normal_unbiased", "lower", "higher", "midpoint", "nearest"};

Axes axes_of(const Kwargs& kw) {
  const KwValue* v = find_kwarg(kw, "axis");
  if (!v) return std::nullopt;
  if (const auto* i = std::get_if<int64_t>(v)) return AxisList(*i);
  if (const auto* t = std::get_if<std::vector<int64_t>>(v)) return AxisList(*t);
  return std::nullopt;
}
std::string kstr(const Kwargs& kw, const char* k, const std::string& dflt) {
  const KwValue* v = find_kwarg(kw, k);
  return v && std::holds_alternative<std::string>(*v) ? std::get<std::string>(*v) : dflt;
}
KwValue str(const char* s) { return KwValue(std::string(s)); }
Tensor ties(const Shape& s, DType d, uint64_t seed) { return make_tensor(s, DType::Int8, seed, -3, 3).astype(d); }

// NaN in some rows of a (4, 5) (a row of NaN only, one NaN, none), with ±inf.
Tensor nan_rows(DType d) {
  return array(NestedList{NestedList{1.0, kNaN, 3.0, -2.0, 0.5}, NestedList{kNaN, kNaN, kNaN, kNaN, kNaN},
                          NestedList{4.0, -1.0, 2.0, 2.0, 0.0}, NestedList{kInf, -kInf, 1.0, 0.0, 2.0}})
      .astype(d);
}

// NumPy partitions ml_dtypes' bfloat16 with its < alone, for which NaN is neither less nor
// greater than anything: where the NaN lands decides the result.
void add_bf16_nan(OpInfo& op) {
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {DType::BFloat16}, {}, "bfloat16 rows with NaN are NaN, as for the other floats",
       "NumPy partitions bfloat16 (ml_dtypes') with its < operator, which leaves a NaN wherever the algorithm puts "
       "it, so its NaN check (the last element after partitioning) can miss it and the middle elements are read "
       "from an unordered row; the engine orders bfloat16 as NumPy orders float16 (NaN last)",
       "", kAnyNaN});
}

// Shapes and axes both ops share; `extra` adds the op's own keywords to each.
Samples shared_samples(const std::string& name, DType d, const std::vector<ArrayLike>& rest, const Kwargs& extra,
                       const std::string& tag) {
  Gen g = gen(name, d);
  auto kw = [&](Kwargs k) {
    k.insert(k.end(), extra.begin(), extra.end());
    return k;
  };
  auto with = [&](const Tensor& x) {
    std::vector<ArrayLike> a{x};
    a.insert(a.end(), rest.begin(), rest.end());
    return a;
  };
  Samples out{
      sample(with(g({7})), kw({}), "(7,) odd" + tag),
      sample(with(g({8})), kw({}), "(8,) even" + tag),
      sample(with(g({1})), kw({}), "(1,)" + tag),
      sample(with(g({3, 4, 5})), kw({{"axis", i64(1)}}), "(3, 4, 5) axis 1" + tag),
      sample(with(g({3, 4, 5})), kw({{"axis", i64(-1)}, {"keepdims", KwValue(true)}}), "(3, 4, 5) axis -1 keepdims" + tag),
      sample(with(g({3, 4, 5})), kw({{"axis", tup({0, 2})}}), "(3, 4, 5) axis (0, 2)" + tag),
      sample(with(g({3, 4, 5})), kw({{"keepdims", KwValue(true)}}), "(3, 4, 5) axis None keepdims" + tag),
      sample(with(g({2, 0, 3})), kw({{"axis", i64(2)}}), "(2, 0, 3) axis 2" + tag),
      sample(with(ties({6, 9}, d, g.seed + 1)), kw({{"axis", i64(1)}}), "ties (6, 9) axis 1" + tag),
      sample(with(ties({6, 10}, d, g.seed + 2)), kw({{"axis", i64(0)}}), "ties (6, 10) axis 0" + tag),
      sample(with(g.transposed()), kw({{"axis", i64(0)}}), "transposed (3, 4, 5) axis 0" + tag),
      sample(with(g({257, 9})), kw({{"axis", i64(0)}}), "(257, 9) axis 0" + tag),
  };
  if (is_inexact(d)) {
    out.push_back(sample(with(nan_rows(d)), kw({{"axis", i64(1)}}), "NaN rows axis 1" + tag));
    out.push_back(sample(with(nan_rows(d)), kw({}), "NaN axis None" + tag));
  }
  return out;
}

Errors shared_errors(const std::string& name, const std::vector<ArrayLike>& rest) {
  const std::string tag = "\\[" + name + "\\] ";
  auto with = [&](const Tensor& x) {
    std::vector<ArrayLike> a{x};
    a.insert(a.end(), rest.begin(), rest.end());
    return a;
  };
  const Tensor x = make_tensor({3, 4}, DType::Float64, 1);
  return Errors{
      error(with(x), {{"axis", i64(2)}}, "AxisError", tag + "axis 2 is out of bounds for array of dimension 2"),
      error(with(x), {{"axis", tup({0, 0})}}, "ValueError", tag + "duplicate value in 'axis'"),
  };
}

void add_median(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("median", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{median(a[0].tensor(), axes_of(kw), kbool(kw, "keepdims", false))};
  });
  op.accumulates = true;  // the mean of the middle two
  op.sample_inputs = [](DType d) { return shared_samples("median", d, {}, {}, ""); };
  op.reference_inputs = [](DType d) { return Samples{sample({extremal_values(d)}, {}, "extremal values")}; };
  op.error_inputs = [] { return shared_errors("median", {}); };
  // torch.median is the lower of the two middle elements (no mean) and takes one dim only: the
  // porting user's call, whose differences are findings.
  op.torch_ref =
      "lambda x, dim=None, keepdim=False: torch.median(x) if dim is None and not keepdim else torch.median(x.flatten() "
      "if dim is None else x, dim=0 if dim is None else dim, keepdim=keepdim).values";
  op.jax_ref = "jnp.median";
  add_bf16_nan(op);
  db.push_back(std::move(op));
}

void add_quantile(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("quantile", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{
        quantile(a[0].tensor(), a[1], axes_of(kw), kstr(kw, "method", "linear"), kbool(kw, "keepdims", false))};
  });
  op.accumulates = true;
  op.sample_inputs = [](DType d) {
    Samples out = shared_samples("quantile", d, {ArrayLike(Scalar(0.3))}, {}, ", q 0.3");
    const Tensor qs = asarray(std::vector<double>{0.0, 0.25, 0.5, 0.9, 1.0});
    for (const SampleInput& s : shared_samples("quantile", d, {qs}, {}, ", q (5,)")) out.push_back(s);
    // Each method, at q values on and between the sample points of 7 and 8 elements.
    Gen g = gen("quantile methods", d);
    const Tensor q11 = asarray(std::vector<double>{0.0, 0.1, 1.0 / 7, 0.2, 0.25, 0.4, 0.5, 0.6, 0.75, 0.95, 1.0});
    for (const char* m : kMethods) {
      if (d == DType::Bool && std::string(m) != "lower" && std::string(m) != "higher" && std::string(m) != "nearest" &&
          std::string(m) != "inverted_cdf" && std::string(m) != "closest_observation")
        continue;
      out.push_back(sample({g({7}), q11}, {{"method", str(m)}}, std::string("(7,) method ") + m));
      out.push_back(sample({ties({8, 3}, d, g.seed + 3), q11}, {{"axis", i64(0)}, {"method", str(m)}},
                           std::string("ties (8, 3) axis 0 method ") + m));
      out.push_back(sample({g({8}), ArrayLike(Scalar(0.5))}, {{"method", str(m)}}, std::string("(8,) q 0.5 method ") + m));
    }
    return out;
  };
  op.reference_inputs = [](DType d) {
    return Samples{sample({extremal_values(d), ArrayLike(Scalar(0.5))}, {}, "extremal values q 0.5"),
                   sample({extremal_values(d), asarray(std::vector<double>{0.0, 0.3, 1.0})}, {}, "extremal values")};
  };
  op.error_inputs = [] {
    const std::string tag = "\\[quantile\\] ";
    Errors e = shared_errors("quantile", {ArrayLike(Scalar(0.5))});
    const Tensor x = make_tensor({3, 4}, DType::Float64, 1);
    e.push_back(error({x, ArrayLike(Scalar(1.5))}, {}, "ValueError", tag + "Quantiles must be in the range \\[0, 1\\]"));
    e.push_back(error({x, asarray(std::vector<double>{0.5, -0.1})}, {}, "ValueError",
                      tag + "Quantiles must be in the range \\[0, 1\\]"));
    e.push_back(error({x, ArrayLike(Scalar(0.5))}, {{"method", str("bad")}}, "ValueError",
                      tag + "'bad' is not a valid method. Use one of: "));
    e.push_back(error({x.astype(DType::Complex128), ArrayLike(Scalar(0.5))}, {}, "TypeError",
                      tag + "a must be an array of real numbers"));
    e.push_back(error({x.astype(DType::Bool), ArrayLike(Scalar(0.5))}, {}, "TypeError", tag + "numpy boolean subtract"));
    e.push_back(error({zeros({0}), ArrayLike(Scalar(0.5))}, {}, "IndexError",
                      tag + "index -1 is out of bounds for axis 0 with size 0"));
    return e;
  };
  // torch.quantile: float32/float64 input and q only, at most 2**24 elements, one dim; its
  // `interpolation` has 5 of NumPy's 13 methods (linear, lower, higher, midpoint, nearest).
  op.torch_ref =
      "lambda x, q, dim=None, method='linear', keepdim=False: torch.quantile(x, q, dim=dim, keepdim=keepdim, "
      "interpolation=method)";
  op.jax_ref = "jnp.quantile";
  add_bf16_nan(op);
  db.push_back(std::move(op));
}

}  // namespace

void add_quantile_ops(std::vector<OpInfo>& db) {
  add_median(db);
  add_quantile(db);
}

}  // namespace parity::opinfo

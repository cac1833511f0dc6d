// Entries for sorting, searching, sets and take (engine/src/ops/sort.cpp, take.cpp, search.cpp,
// unique.cpp): sort, argsort, take, take_along_axis, searchsorted, count_nonzero, isin,
// unique_values, unique_counts, unique_inverse, unique_all. Each starts from the op's record.
#include <cmath>
#include <complex>
#include <limits>

#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }
Tensor i64s(std::vector<int64_t> v) { return asarray(v); }

// Values with many ties: integers in [lo, hi] in dtype d.
Tensor ties(const Shape& s, DType d, uint64_t seed, int lo = -2, int hi = 2) {
  return make_tensor(s, DType::Int8, seed, lo, hi).astype(d);
}

// NaN, ±inf, ±0 and repeats among ordinary values, in dtype d (both parts for complex: every
// kind of complex NaN). Empty for bool and integers (no such values).
Tensor specials(DType d) {
  const std::vector<double> v = {kNaN, 1, -kInf, 0.0, -0.0, kInf, kNaN, -1, 0.0, -0.0, 2, kNaN, 1, 0.5, -kInf};
  const size_t n = v.size();
  if (is_complex(d)) {
    std::vector<std::complex<double>> c;
    for (size_t k = 0; k < 2 * n; ++k) c.emplace_back(v[k % n], v[(k * 7 + 3) % n]);
    c.emplace_back(1, 0);
    c.emplace_back(1, 0);
    return asarray(c).astype(d);
  }
  return asarray(v).astype(d);
}

// The axis keyword: absent -> dflt, None -> nullopt, an int.
std::optional<int64_t> axis_of(const Kwargs& kw, std::optional<int64_t> dflt) {
  const KwValue* v = find_kwarg(kw, "axis");
  if (!v) return dflt;
  if (std::holds_alternative<std::monostate>(*v)) return std::nullopt;
  return std::get<int64_t>(*v);
}
std::string kstr(const Kwargs& kw, const char* k, const std::string& dflt) {
  const KwValue* v = find_kwarg(kw, k);
  return v && std::holds_alternative<std::string>(*v) ? std::get<std::string>(*v) : dflt;
}
KwValue str(const char* s) { return KwValue(std::string(s)); }

// NumPy sorts bfloat16 (ml_dtypes') with its < alone, which is no order where there are NaNs.
void add_bf16_nan(OpInfo& op) {
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {DType::BFloat16}, {}, "bfloat16 NaNs are ordered last, as for the other floats",
       "ml_dtypes' bfloat16 sorts and searches with its < operator, for which NaN is neither less nor greater than "
       "anything, so NumPy leaves NaNs where the algorithm happens to put them (np.sort([nan, 1, 0]) is [nan, 0, 1]; "
       "unique_values([nan, 1, 1, nan]) is [nan, 1, nan]); the engine orders bfloat16 as NumPy orders float16",
       "", kAnyNaN});
}

// ---- sort, argsort ----
// NumPy has no descending=: the standard's stable descending order is the flip of a stable sort
// of the flipped array (for argsort, the indices mapped back). stable defaults to True, the
// engine's (always stable) sort and the Array API's default; NumPy's own default (quicksort)
// orders equal elements as it likes.
const char* kSortRef =
    "lambda x, axis=-1, stable=True, descending=False: np.flip(np.sort(np.flip(x, axis), axis=axis, stable=stable), "
    "axis) if descending else np.sort(x, axis=axis, stable=stable)";
const char* kArgsortRef =
    "lambda x, axis=-1, stable=True, descending=False: np.flip((x.size if axis is None else x.shape[axis]) - 1 - "
    "np.argsort(np.flip(x, axis), axis=axis, stable=stable), axis) if descending else np.argsort(x, axis=axis, "
    "stable=stable)";

Samples sort_samples(const std::string& op, DType d, bool values) {
  Gen g = gen(op, d);
  const uint64_t s = g.seed;
  Samples out{
      sample({g({})}, {{"axis", none}}, "() axis None"),
      sample({g({0})}, {}, "(0,)"),
      sample({g({1, 0, 3})}, {{"axis", i64(-1)}}, "(1, 0, 3)"),
      sample({g({1, 0, 3})}, {{"axis", i64(0)}}, "(1, 0, 3) axis 0"),
      sample({g({20})}, {}, "(20,)"),
      sample({g({20})}, {{"descending", KwValue(true)}}, "(20,) descending"),
      sample({g({3, 4, 5})}, {{"axis", i64(0)}}, "(3, 4, 5) axis 0"),
      sample({g({3, 4, 5})}, {{"axis", i64(1)}, {"descending", KwValue(true)}}, "(3, 4, 5) axis 1 descending"),
      sample({g({3, 4, 5})}, {{"axis", none}}, "(3, 4, 5) axis None"),
      sample({g({3, 4, 5})}, {{"axis", none}, {"descending", KwValue(true)}}, "(3, 4, 5) axis None descending"),
      sample({g.transposed()}, {{"axis", i64(1)}}, "transposed (3, 4, 5) axis 1"),
      sample({g({789, 357})}, {{"axis", i64(0)}}, "(789, 357) axis 0"),
      sample({g({789, 357})}, {}, "(789, 357)"),
      // Ties (note "ties", which Gradcheck skips): the stable order keeps equal elements in their
      // order, also descending.
      sample({ties({40}, d, s + 1)}, {}, "ties"),
      sample({ties({40}, d, s + 1)}, {{"descending", KwValue(true)}}, "ties"),
      sample({ties({6, 7}, d, s + 2)}, {{"axis", i64(0)}, {"stable", KwValue(true)}}, "ties"),
      sample({ties({6, 7}, d, s + 2)}, {{"axis", none}, {"descending", KwValue(true)}}, "ties"),
  };
  // stable=False (quicksort): its order of equal elements is NumPy's own, so only sort's values.
  if (values) out.push_back(sample({ties({50}, d, s + 3)}, {{"stable", KwValue(false)}}, "ties"));
  else out.push_back(sample({g({})}, {}, "() axis -1 (sorted as a 1-d array)"));
  if (is_inexact(d)) {
    Tensor sp = specials(d);
    out.push_back(sample({sp}, {}, "NaN, inf, -0.0"));
    out.push_back(sample({sp}, {{"descending", KwValue(true)}}, "NaN, inf, -0.0 descending"));
    out.push_back(sample({sp.reshape({-1, 1}).broadcast_to({sp.size(), 2}).copy().reshape({2, -1})},
                         {{"axis", i64(1)}}, "NaN, inf, -0.0 (2, n)"));
  }
  return out;
}

Samples sort_reference(DType d) {
  Tensor v = extremal_values(d);
  Samples out{sample({v}, {}, "extremal values"), sample({v}, {{"descending", KwValue(true)}}, "extremal values descending")};
  if (v.size() % 2 == 0) out.push_back(sample({v.reshape({2, -1})}, {{"axis", i64(0)}}, "extremal values (2, n/2) axis 0"));
  return out;
}

Errors sort_errors(const std::string& op) {
  const std::string tag = "\\[" + op + "\\] ";
  Errors e{
      error({f64({3, 4})}, {{"axis", i64(2)}}, "AxisError", tag + "axis 2 is out of bounds for array of dimension 2"),
      error({f64({3, 4})}, {{"axis", i64(-3)}}, "AxisError", tag + "axis -3 is out of bounds for array of dimension 2"),
  };
  // np.sort of a 0-d array raises; np.argsort sorts it as a 1-d one (axis 0 or -1 only).
  if (op == "sort")
    e.push_back(error({asarray(Scalar(1.5))}, {}, "AxisError", tag + "axis -1 is out of bounds for array of dimension 0"));
  else
    e.push_back(error({asarray(Scalar(1.5))}, {{"axis", i64(1)}}, "AxisError",
                      tag + "axis 1 is out of bounds for array of dimension 1"));
  return e;
}

void add_sort(std::vector<OpInfo>& db, const std::string& name) {
  const bool values = name == "sort";
  OpInfo op = entry_from_record(name, [values](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
    const Tensor& x = a[0].tensor();
    const std::optional<int64_t> axis = axis_of(kw, -1);
    const bool stable = kbool(kw, "stable", true), desc = kbool(kw, "descending", false);
    if (v == Variant::method && axis) {
      if (!values) return std::vector<Tensor>{x.argsort(axis, stable, desc)};
      Tensor c = x.copy();  // ndarray.sort sorts in place
      c.sort(*axis, stable, desc);
      return std::vector<Tensor>{c};
    }
    return std::vector<Tensor>{values ? sort(x, axis, stable, desc) : argsort(x, axis, stable, desc)};
  });
  op.numpy_ref = values ? kSortRef : kArgsortRef;
  op.sample_inputs = [name, values](DType d) { return sort_samples(name, d, values); };
  op.reference_inputs = sort_reference;
  op.error_inputs = [name] { return sort_errors(name); };
  if (values)  // sort of tied values has no derivative: finite differences split g among the ties
    op.discrepancies.push_back({Discrepancy::Kind::skip, {}, {"Gradcheck"}, "gradcheck of sort over tied values",
                                  "sort is not differentiable where elements tie: a perturbation of one of them moves "
                                  "it either side of the others, so central differences average the two one-sided "
                                  "derivatives; the engine (as PyTorch) sends g through the stable permutation",
                                  "ties"});
  // torch.sort returns (values, indices) and has no axis=None (flattened first); its stable and
  // descending keywords order ties as NumPy's stable sort of the reversed array does. jnp.sort and
  // jnp.argsort take NumPy's keywords.
  op.torch_ref = std::string("lambda x, dim=-1, stable=True, descending=False: torch.") + (values ? "sort" : "argsort") +
                 "(x.flatten() if dim is None else x, dim=-1 if dim is None else dim, stable=stable, "
                 "descending=descending)" + (values ? ".values" : "");
  op.jax_ref = values ? "jnp.sort" : "jnp.argsort";
  add_bf16_nan(op);
  db.push_back(std::move(op));
}

// ---- take, take_along_axis ----
void add_take(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("take", [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
    const Tensor& x = a[0].tensor();
    const Tensor& idx = a[1].tensor();
    const std::optional<int64_t> axis = axis_of(kw, std::nullopt);
    const std::string mode = kstr(kw, "mode", "raise");
    if (v == Variant::out) return std::vector<Tensor>{take(x, idx, axis, mode, OutArg(out))};
    return std::vector<Tensor>{v == Variant::method ? x.take(idx, axis, mode) : take(x, idx, axis, mode)};
  });
  op.numpy_method = "take";
  op.nin = 2;
  op.sample_inputs = [](DType d) {
    Gen g = gen("take", d);
    Tensor idx35 = make_tensor({2, 3}, DType::Int64, g.seed + 5, -5, 4);
    return Samples{
        sample({g({}), asarray(Scalar(int64_t{0}))}, {}, "() index 0-d"),
        sample({g({20}), asarray(Scalar(int64_t{-3}))}, {}, "(20,) index 0-d"),
        sample({g({0}), zeros({0}, DType::Int64)}, {}, "(0,) no indices"),
        sample({g({1, 0, 3}), i64s({0, 0, -1})}, {{"axis", i64(0)}}, "(1, 0, 3) axis 0"),
        sample({g({20}), i64s({0, 19, -1, -20, 5, 5})}, {}, "(20,) repeats and negatives"),
        sample({g({3, 4, 5}), idx35}, {{"axis", i64(2)}}, "(3, 4, 5) axis 2, (2, 3) indices"),
        sample({g({3, 4, 5}), i64s({2, 0, -3})}, {{"axis", i64(0)}}, "(3, 4, 5) axis 0"),
        sample({g({3, 4, 5}), make_tensor({2, 2}, DType::Int64, g.seed + 6, -60, 59)}, {{"axis", none}},
               "(3, 4, 5) axis None"),
        sample({g.transposed(), i64s({3, 1, -4})}, {{"axis", i64(1)}}, "transposed (3, 4, 5) axis 1"),
        sample({g({20}), i64s({25, -31, 3})}, {{"mode", str("wrap")}}, "mode wrap"),
        sample({g({20}), i64s({25, -31, 3})}, {{"mode", str("clip")}}, "mode clip"),
        sample({g({3, 4, 5}), i64s({7, -9})}, {{"axis", i64(1)}, {"mode", str("clip")}}, "axis 1 mode clip"),
        sample({g({3, 4}), asarray(std::vector<int64_t>{1, 0, 3}, DType::Int32)}, {{"axis", i64(1)}}, "int32 indices"),
        sample({g({3, 4}), asarray(std::vector<uint8_t>{2, 0})}, {{"axis", i64(0)}}, "uint8 indices"),
        sample({g({3, 4}), asarray(std::vector<bool>{true, false})}, {}, "bool indices"),
        sample({g({789, 357}), make_tensor({100}, DType::Int64, g.seed + 7, -789, 788)}, {{"axis", i64(0)}},
               "(789, 357) axis 0"),
    };
  };
  op.reference_inputs = [](DType d) {
    Tensor v = extremal_values(d);
    return Samples{sample({v, i64s({0, -1, 1, 1, 0})}, {}, "extremal values")};
  };
  op.error_inputs = [] {
    return Errors{
        error({f64({6}), i64s({7})}, {}, "IndexError", "\\[take\\] index 7 is out of bounds for axis 0 with size 6"),
        error({f64({6}), i64s({-7})}, {}, "IndexError", "\\[take\\] index -7 is out of bounds for axis 0 with size 6"),
        error({f64({2, 3}), i64s({3})}, {{"axis", i64(1)}}, "IndexError",
              "\\[take\\] index 3 is out of bounds for axis 1 with size 3"),
        error({f64({2, 3}), i64s({1})}, {{"axis", i64(2)}}, "AxisError",
              "\\[take\\] axis 2 is out of bounds for array of dimension 2"),
        error({f64({6}), f64({2})}, {}, "TypeError", "\\[take\\] Cannot cast array data from dtype\\('float64'\\)"),
        error({f64({0}), i64s({0})}, {}, "IndexError", "\\[take\\] cannot do a non-empty take from an empty axes"),
        error({f64({6}), i64s({0})}, {{"mode", str("bad")}}, "ValueError", "\\[take\\] clipmode must be one of"),
        // out=: the result's shape exactly; a dtype that casts to x's under 'safe' (NumPy's buffer),
        // checked before the indices (index 7 is out of bounds here)
        ErrorInput{SampleInput{{f64({6}), i64s({1, 2})}, {}, "out= of shape (3,)"}, "ValueError",
                   "\\[take\\] output array does not match result of ndarray.take", Variant::out,
                   zeros({3}, DType::Float64)},
        ErrorInput{SampleInput{{f64({6}), i64s({1, 2})}, {}, "out= of shape (2, 1)"}, "ValueError",
                   "\\[take\\] output array does not match result of ndarray.take", Variant::out,
                   zeros({2, 1}, DType::Float64)},
        ErrorInput{SampleInput{{make_tensor({6}, DType::Int64, 7), i64s({1, 7})}, {}, "int64 x, float32 out="}, "TypeError",
                   "\\[take\\] Cannot cast array data from dtype\\('float32'\\) to dtype\\('int64'\\) according to "
                   "the rule 'safe'",
                   Variant::out, zeros({2}, DType::Float32)},
        ErrorInput{SampleInput{{f64({6}), i64s({1, 2})}, {{"mode", str("clip")}}, "mode clip, complex64 out="}, "TypeError",
                   "\\[take\\] Cannot cast array data from dtype\\('complex64'\\) to dtype\\('float64'\\)",
                   Variant::out, zeros({2}, DType::Complex64)},
        ErrorInput{SampleInput{{f64({6}), i64s({1, 7})}, {}, "out= of x's dtype, index 7"}, "IndexError",
                   "\\[take\\] index 7 is out of bounds", Variant::out, zeros({2}, DType::Float64)},
    };
  };
  db.push_back(std::move(op));

  OpInfo ta = entry_from_record("take_along_axis", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{take_along_axis(a[0].tensor(), a[1].tensor(), axis_of(kw, std::nullopt))};
  });
  ta.nin = 2;
  ta.sample_inputs = [](DType d) {
    Gen g = gen("take_along_axis", d);
    const uint64_t s = g.seed;
    Tensor order = argsort(make_tensor({3, 4, 5}, DType::Float64, s + 1), 1);
    return Samples{
        sample({g({3, 4, 5}), order}, {{"axis", i64(1)}}, "argsort order axis 1"),
        sample({g({3, 4, 5}), make_tensor({3, 2, 5}, DType::Int64, s + 2, -4, 3)}, {{"axis", i64(1)}},
               "(3, 2, 5) indices axis 1"),
        sample({g({3, 4, 5}), make_tensor({1, 6, 5}, DType::Int64, s + 3, -4, 3)}, {{"axis", i64(-2)}},
               "indices broadcast on axis 0"),
        sample({g({3, 4, 1}), make_tensor({3, 2, 6}, DType::Int64, s + 4, -4, 3)}, {{"axis", i64(1)}},
               "x broadcast on axis 2"),
        sample({g({3, 4}), make_tensor({5}, DType::Int64, s + 5, -12, 11)}, {{"axis", none}}, "axis None"),
        sample({g({20}), argsort(make_tensor({20}, DType::Float64, s + 6))}, {{"axis", i64(0)}}, "(20,) permutation"),
        sample({g({1, 0, 3}), zeros({1, 0, 3}, DType::Int64)}, {{"axis", i64(1)}}, "(1, 0, 3)"),
        sample({g.transposed(), make_tensor({3, 4, 2}, DType::Int64, s + 7, -5, 4)}, {{"axis", i64(2)}},
               "transposed (3, 4, 5) axis 2"),
        sample({g({3, 4}), asarray(std::vector<int64_t>{1, 0, 3}, DType::Int32).reshape({1, 3})}, {{"axis", i64(1)}},
               "int32 indices"),
        sample({g({789, 357}), make_tensor({5, 357}, DType::Int64, s + 8, -789, 788)}, {{"axis", i64(0)}},
               "(789, 357) axis 0"),
    };
  };
  ta.reference_inputs = [](DType d) {
    Tensor v = extremal_values(d);
    return Samples{sample({v, argsort(v)}, {{"axis", i64(0)}}, "extremal values sorted")};
  };
  ta.error_inputs = [] {
    const std::string tag = "\\[take_along_axis\\] ";
    return Errors{
        error({f64({2, 3}), i64s({5}).reshape({1, 1})}, {{"axis", i64(1)}}, "IndexError",
              tag + "index 5 is out of bounds for axis 1 with size 3"),
        error({f64({2, 3}), f64({1, 1})}, {{"axis", i64(1)}}, "IndexError", tag + "`indices` must be an integer array"),
        error({f64({2, 3}), i64s({1})}, {{"axis", i64(1)}}, "ValueError",
              tag + "`indices` and `arr` must have the same number of dimensions"),
        error({f64({2, 3}), i64s({1}).reshape({1, 1})}, {{"axis", i64(2)}}, "AxisError",
              tag + "axis 2 is out of bounds for array of dimension 2"),
        error({f64({2, 3}), i64s({1, 0, 1}).reshape({3, 1})}, {{"axis", i64(1)}}, "IndexError", tag + "shape mismatch"),
        error({f64({3}), i64s({1, 0, 1, 1}).reshape({2, 2})}, {{"axis", none}}, "ValueError",
              tag + "when axis=None, `indices` must have a single dimension"),
        error({asarray(Scalar(1.0)), asarray(Scalar(int64_t{0}))}, {{"axis", i64(0)}}, "AxisError",
              tag + "axis 0 is out of bounds for array of dimension 0"),
    };
  };
  ta.torch_ref = "lambda x, indices, dim=None: torch.take_along_dim(x, indices, dim)";
  db.push_back(std::move(ta));
}

// ---- searchsorted ----
// The samples' `a` is sorted by the call (presort='sort': np.sort(a); 'sorter': through
// sorter=np.argsort(a)), so a redrawn a (the fuzzer's) is as valid as the sample's.
const char* kSearchRef =
    "lambda a, v, side='left', presort='sort': np.searchsorted(np.sort(a) if presort == 'sort' else a, v, "
    "side=side, sorter=np.argsort(a, stable=True) if presort == 'sorter' else None)";

void add_searchsorted(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("searchsorted", [](Variant v, const Args& a, const Kwargs& kw, const Tensor&) {
    const Tensor& x = a[0].tensor();
    const std::string side = kstr(kw, "side", "left");
    if (kstr(kw, "presort", "sort") == "sorter") {
      const Tensor order = argsort(x);
      return std::vector<Tensor>{v == Variant::method ? x.searchsorted(a[1], side, order)
                                                      : searchsorted(x, a[1], side, order)};
    }
    const Tensor sx = sort(x);
    return std::vector<Tensor>{v == Variant::method ? sx.searchsorted(a[1], side) : searchsorted(sx, a[1], side)};
  });
  op.numpy_ref = kSearchRef;
  op.nin = 2;
  op.sample_inputs = [](DType d) {
    Gen g = gen("searchsorted", d);
    const uint64_t s = g.seed;
    Samples out;
    for (const char* side : {"left", "right"}) {
      const std::string sd = std::string(" side=") + side;
      out.push_back(sample({g({20}), g({7}, 1)}, {{"side", str(side)}}, "(20,) (7,)" + sd));
      out.push_back(sample({ties({30}, d, s + 1), ties({12}, d, s + 2, -3, 3)}, {{"side", str(side)}}, "ties" + sd));
      out.push_back(sample({ties({30}, d, s + 1), ties({12}, d, s + 2, -3, 3)},
                           {{"side", str(side)}, {"presort", str("sorter")}}, "ties, sorter" + sd));
      out.push_back(sample({g({0}), g({3}, 2)}, {{"side", str(side)}}, "empty a" + sd));
      if (is_inexact(d)) {
        Tensor sp = specials(d);
        out.push_back(sample({sp, sp}, {{"side", str(side)}}, "NaN, inf, -0.0" + sd));
        out.push_back(sample({sp, sp}, {{"side", str(side)}, {"presort", str("sorter")}}, "NaN, inf, -0.0, sorter" + sd));
      }
    }
    out.push_back(sample({g({1}), g({5}, 3)}, {}, "(1,)"));
    out.push_back(sample({g({20}), g({}, 4)}, {}, "0-d v"));
    out.push_back(sample({g({20}), ArrayLike(Scalar(1.5))}, {}, "Python float v"));
    out.push_back(sample({g({20}), ArrayLike(Scalar(int64_t{2}))}, {{"side", str("right")}}, "Python int v"));
    out.push_back(sample({g({20}), g({3, 4}, 5)}, {}, "(3, 4) v"));
    out.push_back(sample({g({20}), g.transposed()}, {}, "transposed v"));
    out.push_back(sample({g({1000}), g({200, 50}, 6)}, {{"presort", str("sorter")}}, "(1000,) (200, 50) sorter"));
    return out;
  };
  op.reference_inputs = [](DType d) {
    Tensor v = extremal_values(d);
    return Samples{sample({v, v}, {}, "extremal values"), sample({v, v}, {{"side", str("right")}}, "extremal values right")};
  };
  op.error_inputs = [] {
    return Errors{
        error({f64({2, 3}), f64({2})}, {}, "ValueError", "\\[searchsorted\\] object too deep for desired array"),
        error({f64({3}), f64({2})}, {{"side", str("x")}}, "ValueError",
              "\\[searchsorted\\] search side must be 'left' or 'right' \\(got 'x'\\)"),
    };
  };
  // The same presorting as kSearchRef, in each library's calls.
  op.torch_ref =
      "lambda a, v, side='left', presort='sort': torch.searchsorted(torch.sort(a).values if presort == 'sort' else a, "
      "v, side=side, sorter=torch.argsort(a, stable=True) if presort == 'sorter' else None)";
  op.jax_ref =
      "lambda a, v, side='left', presort='sort': jnp.searchsorted(jnp.sort(a) if presort == 'sort' else a, v, "
      "side=side, sorter=jnp.argsort(a, stable=True) if presort == 'sorter' else None)";
  add_bf16_nan(op);
  db.push_back(std::move(op));
}

// ---- count_nonzero ----
void add_count_nonzero(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("count_nonzero", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    Axes axis;
    if (const KwValue* v = find_kwarg(kw, "axis")) {
      if (const auto* i = std::get_if<int64_t>(v)) axis = AxisList(*i);
      else if (const auto* t = std::get_if<std::vector<int64_t>>(v)) axis = AxisList(*t);
    }
    return std::vector<Tensor>{count_nonzero(a[0].tensor(), axis, kbool(kw, "keepdims", false))};
  });
  op.sample_inputs = [](DType d) {
    Gen g = gen("count_nonzero", d);
    Samples out;
    int k = 0;
    for (const Shape& sh : std::vector<Shape>{{}, {0}, {1, 0, 3}, {20}, {3, 4, 5}, {789, 357}}) {
      Tensor x = ties(sh, d, g.seed + k++, -1, 1);  // about a third zeros
      const std::string n = "shape " + shape_str(sh);
      out.push_back(sample({x}, {}, n));
      out.push_back(sample({x}, {{"keepdims", KwValue(true)}}, n + ", keepdims"));
      if (sh.empty()) {
        out.push_back(sample({x}, {{"axis", i64(0)}}, n + ", axis=0"));
        out.push_back(sample({x}, {{"axis", tup({})}}, n + ", axis=()"));
        continue;
      }
      out.push_back(sample({x}, {{"axis", i64(0)}}, n + ", axis=0"));
      out.push_back(sample({x}, {{"axis", i64(-1)}, {"keepdims", KwValue(true)}}, n + ", axis=-1, keepdims"));
      if (sh.size() == 3) {
        out.push_back(sample({x}, {{"axis", tup({0, 2})}}, n + ", axis=(0, 2)"));
        out.push_back(sample({x}, {{"axis", tup({})}}, n + ", axis=()"));
      }
    }
    out.push_back(sample({g.transposed()}, {{"axis", i64(1)}}, "transposed, axis=1"));
    if (is_complex(d)) {  // the imaginary part alone nonzero
      Tensor c = zeros({8}, d);
      c.imag().assign(ties({8}, real_dtype(d), g.seed + 9, -1, 1));
      out.push_back(sample({c}, {}, "imaginary parts"));
    }
    if (is_inexact(d)) out.push_back(sample({specials(d)}, {}, "NaN, inf, -0.0"));
    return out;
  };
  op.reference_inputs = [](DType d) { return Samples{sample({extremal_values(d)}, {}, "extremal values")}; };
  op.error_inputs = [] {
    const std::string tag = "\\[count_nonzero\\] ";
    return Errors{
        error({f64({3, 4})}, {{"axis", i64(2)}}, "AxisError", tag + "axis 2 is out of bounds for array of dimension 2"),
        error({f64({3, 4})}, {{"axis", tup({0, 0})}}, "ValueError", tag + "duplicate value in 'axis'"),
    };
  };
  // torch.count_nonzero has no keepdim: the reduced axes are put back as 1s.
  op.torch_ref =
      "lambda x, dim=None, keepdim=False: (lambda r: r.reshape([1 if dim is None or i in [d % x.ndim for d in (dim "
      "if isinstance(dim, (tuple, list)) else (dim,))] else s for i, s in enumerate(x.shape)]) if keepdim else r)"
      "(torch.count_nonzero(x, dim))";
  db.push_back(std::move(op));
}

// ---- isin ----
void add_isin(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("isin", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{isin(a[0], a[1], kbool(kw, "invert", false))};
  });
  op.nin = 2;
  op.sample_inputs = [](DType d) {
    Gen g = gen("isin", d);
    const uint64_t s = g.seed;
    Tensor x = g({20});
    Samples out{
        sample({ties({3, 4}, d, s + 1, -3, 3), ties({5}, d, s + 2, -3, 3)}, {}, "ties (3, 4) in (5,)"),
        sample({ties({3, 4}, d, s + 1, -3, 3), ties({5}, d, s + 2, -3, 3)}, {{"invert", KwValue(true)}}, "invert"),
        sample({x, concatenate({x.index({Slice(0, 20, 3)}), g({4}, 1)})}, {}, "(20,) in some of its values"),
        sample({g({}), g({3}, 2)}, {}, "0-d element"),
        sample({g({6}), g({0}, 3)}, {}, "empty test_elements"),
        sample({g({0}), g({3}, 4)}, {}, "empty element"),
        sample({g({1, 0, 3}), g({3}, 5)}, {}, "(1, 0, 3) element"),
        sample({ties({3, 4}, d, s + 6, -3, 3), ties({2, 3}, d, s + 7, -3, 3)}, {}, "2-d test_elements"),
        sample({g.transposed(), g({5}, 8)}, {}, "transposed element"),
        sample({ties({4, 5}, d, s + 9, -3, 3), make_tensor({4}, DType::Int64, s + 10, -3, 3)}, {}, "int64 test_elements"),
        sample({ties({789, 357}, d, s + 11, -9, 9), ties({6}, d, s + 12, -9, 9)}, {}, "(789, 357)"),
    };
    if (is_inexact(d)) {
      Tensor sp = specials(d);
      out.push_back(sample({sp, sp}, {}, "NaN, inf, -0.0"));
      out.push_back(sample({sp, sp.index({Slice(0, 6)})}, {{"invert", KwValue(true)}}, "NaN, inf, -0.0 invert"));
    }
    return out;
  };
  op.reference_inputs = [](DType d) {
    Tensor v = extremal_values(d);
    return Samples{sample({v, v.index({Slice(0, std::nullopt, 2)})}, {}, "extremal values")};
  };
  op.error_inputs = [] { return Errors{}; };
  add_bf16_nan(op);
  db.push_back(std::move(op));
}

// ---- unique_values, unique_counts, unique_inverse, unique_all ----
void add_unique(std::vector<OpInfo>& db, const std::string& name) {
  RunFn run;
  if (name == "unique_values")
    run = [](Variant, const Args& a, const Kwargs&, const Tensor&) { return std::vector<Tensor>{unique_values(a[0].tensor())}; };
  else if (name == "unique_counts")
    run = [](Variant, const Args& a, const Kwargs&, const Tensor&) { return unique_counts(a[0].tensor()); };
  else if (name == "unique_inverse")
    run = [](Variant, const Args& a, const Kwargs&, const Tensor&) { return unique_inverse(a[0].tensor()); };
  else
    run = [](Variant, const Args& a, const Kwargs&, const Tensor&) { return unique_all(a[0].tensor()); };
  OpInfo op = entry_from_record(name, std::move(run));
  op.sample_inputs = [name](DType d) {
    Gen g = gen(name, d);
    const uint64_t s = g.seed;
    Samples out{
        sample({g({})}, {}, "()"),
        sample({g({0})}, {}, "(0,)"),
        sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
        sample({g({20})}, {}, "(20,)"),
        sample({ties({40}, d, s + 1, -3, 3)}, {}, "ties (40,)"),
        sample({ties({5, 8}, d, s + 2, -3, 3)}, {}, "ties (5, 8)"),
        sample({g.transposed()}, {}, "transposed (3, 4, 5)"),
        sample({ties({789, 357}, d, s + 3, -9, 9)}, {}, "ties (789, 357)"),
    };
    if (is_inexact(d)) out.push_back(sample({specials(d)}, {}, "NaN, inf, -0.0"));
    return out;
  };
  op.reference_inputs = [](DType d) { return Samples{sample({extremal_values(d)}, {}, "extremal values")}; };
  op.error_inputs = [] { return Errors{}; };
  // torch.unique (sorted=True; like NumPy 2's unique_* it keeps each NaN) in NumPy's result forms;
  // it has no return_index: unique_all's first indices are the least input index of each inverse.
  if (name == "unique_values") op.torch_ref = "lambda x: torch.unique(x, sorted=True)";
  else if (name == "unique_counts") op.torch_ref = "lambda x: torch.unique(x, sorted=True, return_counts=True)";
  else if (name == "unique_inverse") op.torch_ref = "lambda x: torch.unique(x, sorted=True, return_inverse=True)";
  else
    op.torch_ref =
        "lambda x: (lambda v, inv, c: (v, torch.zeros_like(c).scatter_reduce(0, inv.flatten(), "
        "torch.arange(inv.numel()), reduce='amin', include_self=False), inv, c))(*torch.unique(x, sorted=True, "
        "return_inverse=True, return_counts=True))";
  add_bf16_nan(op);
  if (name == "unique_values" || name == "unique_counts")
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {DType::Float16}, {}, "NumPy 2.2's float16 quicksort leaves large tied arrays unsorted",
         "np.unique sorts with ndarray.sort() (quicksort), which for float16 arrays of 10000 elements or more with "
         "many ties returns them out of order on this AVX-512 machine (np.sort of 281673 integers in [-9, 9] as "
         "float16 is not sorted), so NumPy reports the same value several times; the engine's values are sorted "
         "and unique",
         "ties (789, 357)"});
  if (name == "unique_inverse")
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {}, {}, "which NaN slot each NaN of the input maps to",
         "each NaN is a unique value of its own (equal_nan=False); NumPy's unique_inverse finds them with an "
         "unstable argsort (quicksort), whose order of the NaNs among themselves is its own (beyond 16 elements "
         "not their order in the input), while the engine maps them in input order, as np.unique_all (stable "
         "mergesort) does",
         "", kSeveralNaNs});
  db.push_back(std::move(op));
}

}  // namespace

void add_sorting_ops(std::vector<OpInfo>& db) {
  add_sort(db, "sort");
  add_sort(db, "argsort");
  add_take(db);
  add_searchsorted(db);
  add_count_nonzero(db);
  add_isin(db);
  for (const char* n : {"unique_values", "unique_counts", "unique_inverse", "unique_all"}) add_unique(db, n);
}

}  // namespace parity::opinfo

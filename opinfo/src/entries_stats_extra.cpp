// Entries for NumPy's statistics functions of engine/src/ops/stats_extra.cpp: ptp, average,
// nanprod, nancumsum, nanvar, nanstd, nanargmax, nanargmin, isclose, allclose, array_equal,
// nan_to_num, trace, percentile. Samples: (), (0,), (1, 0, 3), (20,), (3, 4, 5) along one
// axis, a tuple of axes and None, keepdims, a transposed (noncontiguous) input, NaNs (a row all
// NaN) for the nan* ops, dtype= and ddof= where NumPy has them, weights and returned= for average.
#include <limits>
#include <string>

#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

const double kNaN = std::numeric_limits<double>::quiet_NaN();

Axes axes_of(const Kwargs& kw) {
  const KwValue* v = find_kwarg(kw, "axis");
  if (!v) return std::nullopt;
  if (const auto* i = std::get_if<int64_t>(v)) return AxisList(*i);
  if (const auto* t = std::get_if<std::vector<int64_t>>(v)) return AxisList(*t);
  return std::nullopt;
}
double kdouble(const Kwargs& kw, const char* k, double dflt) {
  const KwValue* v = find_kwarg(kw, k);
  if (v && std::holds_alternative<double>(*v)) return std::get<double>(*v);
  if (v && std::holds_alternative<int64_t>(*v)) return static_cast<double>(std::get<int64_t>(*v));
  return dflt;
}
std::optional<double> kopt_double(const Kwargs& kw, const char* k) {
  if (!has(kw, k)) return std::nullopt;
  return kdouble(kw, k, 0);
}
Tensor bool_tensor(bool b) { return asarray(Scalar(b)); }
OutArg out_arg(Variant v, const Tensor& out) { return v == Variant::out ? OutArg(out) : OutArg(); }

// The dtype= a sample passes (a wider or narrower type of the same kind; a float for integers
// where the op divides).
DType other_dtype(DType d, bool divides) {
  switch (d) {
    case DType::Float16: case DType::BFloat16: case DType::Float32: return DType::Float64;
    case DType::Float64: return DType::Float32;
    case DType::Complex64: return DType::Complex128;
    case DType::Complex128: return DType::Complex64;
    default: return divides ? DType::Float32 : DType::Int8;
  }
}

// A (4, 5) with NaNs scattered, row 0 all NaN and row 3 free of NaN.
Tensor with_nans(DType d, uint64_t seed) {
  Tensor x = make_tensor({4, 5}, d, seed);
  Tensor m = logical_or(make_tensor({4, 5}, DType::Bool, seed + 1),
                        asarray(std::vector<bool>{true, false, false, false}).reshape({4, 1}));
  m = logical_and(m, asarray(std::vector<bool>{true, true, true, false}).reshape({4, 1}));
  return where(m, Scalar(kNaN), x);
}

struct Spec {
  bool cumulative = false;  // axis an int or None, no keepdims (nancumsum)
  bool keepdims = true;
  bool dtype_kw = false;
  bool divides = false;     // dtype= of integer input is a float (nanvar, nanstd)
  bool ddof = false;
};

Samples reduction_samples(const std::string& op, DType d, const Spec& sp) {
  Gen g = gen(op, d);
  Samples out;
  auto kd = [&](Kwargs k) {
    if (sp.keepdims) k.emplace_back("keepdims", KwValue(true));
    return k;
  };
  const std::string keep = sp.keepdims ? " keepdims" : "";
  out.push_back(sample({g({})}, {}, "()"));
  out.push_back(sample({g({})}, {{"axis", i64(0)}}, "() axis 0"));
  out.push_back(sample({g({0})}, {}, "(0,)"));
  out.push_back(sample({g({1, 0, 3})}, {{"axis", i64(0)}}, "(1, 0, 3) axis 0"));
  out.push_back(sample({g({1, 0, 3})}, {{"axis", i64(-1)}}, "(1, 0, 3) axis -1"));
  out.push_back(sample({g({20})}, {}, "(20,)"));
  out.push_back(sample({g({20})}, kd({{"axis", i64(0)}}), "(20,) axis 0" + keep));
  out.push_back(sample({g({3, 4, 5})}, {{"axis", i64(1)}}, "(3, 4, 5) axis 1"));
  out.push_back(sample({g({3, 4, 5})}, kd({{"axis", i64(-1)}}), "(3, 4, 5) axis -1" + keep));
  out.push_back(sample({g({3, 4, 5})}, {}, "(3, 4, 5) axis None"));
  if (!sp.cumulative) {
    out.push_back(sample({g({3, 4, 5})}, kd({{"axis", tup({0, 2})}}), "(3, 4, 5) axis (0, 2)" + keep));
    out.push_back(sample({g({3, 4, 5})}, kd({}), "(3, 4, 5) axis None keepdims"));
    out.push_back(sample({g({3, 4, 5})}, {{"axis", tup({})}}, "(3, 4, 5) axis ()"));
  }
  out.push_back(sample({g.transposed()}, {{"axis", i64(0)}}, "transposed (3, 4, 5) axis 0"));
  out.push_back(sample({g.transposed()}, {}, "transposed (3, 4, 5) axis None"));
  out.push_back(sample({g({40, 33})}, {{"axis", i64(0)}}, "(40, 33) axis 0"));
  if (sp.dtype_kw) {
    const DType o = other_dtype(d, sp.divides);
    const std::string n = std::string("dtype=") + name(o);
    out.push_back(sample({g({20}, 1)}, {{"dtype", KwValue(o)}}, n));
    out.push_back(sample({g({3, 4, 5}, 1)}, {{"axis", i64(1)}, {"dtype", KwValue(o)}}, n + " axis 1"));
  }
  if (sp.ddof) {
    out.push_back(sample({g({20}, 2)}, {{"ddof", i64(1)}}, "ddof=1"));
    out.push_back(sample({g({3, 4, 5}, 2)}, {{"axis", i64(1)}, {"ddof", i64(1)}}, "axis 1 ddof=1"));
    out.push_back(sample({g({3, 4, 5}, 2)}, {{"axis", tup({0, 2})}, {"ddof", i64(2)}, {"keepdims", KwValue(true)}},
                         "axis (0, 2) ddof=2 keepdims"));
    out.push_back(sample({g({20}, 2)}, {{"ddof", i64(20)}}, "ddof=n"));
  }
  if (is_inexact(d)) {
    const Tensor xn = with_nans(d, g.seed + 5);
    out.push_back(sample({xn}, {}, "NaNs"));
    out.push_back(sample({xn}, {{"axis", i64(1)}}, "NaNs axis 1"));
    out.push_back(sample({xn}, {{"axis", i64(0)}}, "NaNs axis 0"));
    if (sp.ddof) out.push_back(sample({xn}, {{"axis", i64(1)}, {"ddof", i64(2)}}, "NaNs axis 1 ddof=2"));
  }
  return out;
}

Samples reference_samples(DType d) {
  const Tensor v = extremal_values(d);
  const int64_t n = v.size();
  return Samples{sample({v}, {}, "extremal values"),
                 sample({v.reshape({2, n / 2})}, {{"axis", i64(1)}}, "extremal values (2, n/2) axis 1")};
}

Errors axis_errors(const std::string& op, bool tuple) {
  const std::string tag = "\\[" + op + "\\] ";
  const Tensor x = make_tensor({3, 4}, DType::Float64, 1);
  Errors e{error({x}, {{"axis", i64(2)}}, "AxisError", tag + "axis 2 is out of bounds for array of dimension 2"),
           error({x}, {{"axis", i64(-3)}}, "AxisError", tag + "axis -3 is out of bounds for array of dimension 2")};
  if (tuple) e.push_back(error({x}, {{"axis", tup({0, 0})}}, "ValueError", tag + "duplicate value in 'axis'"));
  return e;
}

void add_ptp(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("ptp", [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
    return std::vector<Tensor>{ptp(a[0].tensor(), axes_of(kw), kbool(kw, "keepdims", false), out_arg(v, out))};
  });
  op.accumulates = true;  // max and min compare in their iterator's order (NaN first seen)
  op.sample_inputs = [](DType d) { return reduction_samples("ptp", d, {}); };
  op.reference_inputs = [](DType d) { return reference_samples(d); };
  op.error_inputs = [] {
    Errors e = axis_errors("ptp", true);
    e.push_back(error({zeros({0})}, {}, "ValueError",
                      "\\[ptp\\] zero-size array to reduction operation maximum which has no identity"));
    e.push_back(error({zeros({3, 0})}, {{"axis", i64(1)}}, "ValueError",
                      "\\[ptp\\] zero-size array to reduction operation maximum which has no identity"));
    e.push_back(error({make_tensor({3}, DType::Bool, 2)}, {}, "TypeError", "\\[ptp\\] numpy boolean subtract"));
    return e;
  };
  op.torch_ref =
      "lambda x, dim=None, keepdim=False: torch.amax(x, dim=() if dim is None else dim, keepdim=keepdim) - "
      "torch.amin(x, dim=() if dim is None else dim, keepdim=keepdim)";
  db.push_back(std::move(op));
}

void add_average(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("average", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    std::optional<Tensor> w;
    if (a.size() > 1) w = a[1].tensor();
    const Tensor& x = a[0].tensor();
    if (kbool(kw, "returned", false)) {
      auto [avg, scl] = average_returned(x, axes_of(kw), w, kbool(kw, "keepdims", false));
      return std::vector<Tensor>{avg, scl};
    }
    return std::vector<Tensor>{average(x, axes_of(kw), w, kbool(kw, "keepdims", false))};
  });
  op.accumulates = true;
  op.numpy_ref = "lambda a, weights=None, **kw: np.average(a, weights=weights, **kw)";
  op.jax_ref = "lambda a, weights=None, **kw: jnp.average(a, weights=weights, **kw)";
  op.torch_missing = "PyTorch has no average (torch.mean takes no weights)";
  op.sample_inputs = [](DType d) {
    Samples out = reduction_samples("average", d, {});
    Gen g = gen("average weights", d);
    // Positive weights (True for bool), of a's dtype or another.
    auto w = [&](const Shape& s, DType t, int k) { return make_tensor(s, t, g.seed + 31 * static_cast<uint64_t>(k), 1, 5); };
    const KwValue yes(true);
    out.push_back(sample({g({3, 4, 5}), w({3, 4, 5}, d, 1)}, {}, "(3, 4, 5) weights (3, 4, 5)"));
    out.push_back(sample({g({3, 4, 5}), w({4}, d, 2)}, {{"axis", i64(1)}}, "(3, 4, 5) axis 1 weights (4,)"));
    out.push_back(sample({g({3, 4, 5}), w({5, 3}, d, 3)}, {{"axis", tup({2, 0})}}, "(3, 4, 5) axis (2, 0) weights (5, 3)"));
    out.push_back(sample({g({3, 4, 5}), w({4}, DType::Float32, 4)}, {{"axis", i64(-2)}, {"keepdims", yes}},
                         "(3, 4, 5) axis -2 float32 weights keepdims"));
    out.push_back(sample({g({20}), w({20}, DType::Int64, 5)}, {{"returned", yes}}, "(20,) int64 weights returned"));
    out.push_back(sample({g({3, 4, 5})}, {{"axis", i64(1)}, {"returned", yes}}, "(3, 4, 5) axis 1 returned"));
    out.push_back(sample({g({3, 4, 5})}, {{"returned", yes}, {"keepdims", yes}}, "(3, 4, 5) returned keepdims"));
    out.push_back(sample({g({3, 4, 5}), w({4}, d, 6)}, {{"axis", i64(1)}, {"returned", yes}, {"keepdims", yes}},
                         "(3, 4, 5) axis 1 weights returned keepdims"));
    out.push_back(sample({g.transposed(), w({5}, d, 7)}, {{"axis", i64(2)}, {"returned", KwValue(false)}},
                         "transposed (3, 4, 5) axis 2 weights (5,)"));
    out.push_back(sample({g({0}), w({0}, d, 8)}, {{"returned", yes}}, "(0,) weights (0,) returned"));
    return out;
  };
  op.reference_inputs = [](DType d) { return reference_samples(d); };
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs,
       {DType::Float16, DType::BFloat16},
       {"Noncontiguous"},
       "a float16/bfloat16 weighted average over two axes of a transposed input rounds its sum in another "
       "order than NumPy's",
       "np.multiply(a, weights, dtype=...) lays its product out by NumPy's iterator over both operands (the "
       "weights' strides count too), and the sum over two axes then adds in that layout's order; the engine lays "
       "the product out in a's memory order alone, so over a transposed input with weights on two axes the "
       "float16/bfloat16 sums (rounded at each step) add in another order: a few ulp (NumPy's own result "
       "depends on the layout)",
       "(3, 4, 5) axis (2, 0) weights (5, 3)"});
  op.error_inputs = [] {
    const std::string tag = "\\[average\\] ";
    const Tensor x = make_tensor({3, 4}, DType::Float64, 1);
    return Errors{
        error({x}, {{"axis", i64(2)}}, "AxisError", tag + "axis: axis 2 is out of bounds for array of dimension 2"),
        error({x}, {{"axis", tup({0, -2})}}, "ValueError", tag + "repeated axis in `axis` argument"),
        error({x, ones({4})}, {}, "TypeError", tag + "Axis must be specified when shapes of a and weights differ\\."),
        error({x, ones({3})}, {{"axis", i64(1)}}, "ValueError",
              tag + "Shape of weights must be consistent with shape of a along specified axis\\."),
        error({x, zeros({4})}, {{"axis", i64(1)}}, "ZeroDivisionError", tag + "Weights sum to zero, can't be normalized"),
        error({zeros({3, 0})}, {{"axis", i64(0)}}, "ZeroDivisionError", tag + "division by zero"),
    };
  };
  db.push_back(std::move(op));
}

void add_nanprod_nancumsum(std::vector<OpInfo>& db) {
  {
    OpInfo op = entry_from_record("nanprod", [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
      return std::vector<Tensor>{
          nanprod(a[0].tensor(), axes_of(kw), kbool(kw, "keepdims", false), kdtype(kw), out_arg(v, out))};
    });
    op.accumulates = true;
    op.products = true;
    op.sample_inputs = [](DType d) { return reduction_samples("nanprod", d, {.dtype_kw = true}); };
    op.reference_inputs = [](DType d) { return reference_samples(d); };
    op.error_inputs = [] { return axis_errors("nanprod", true); };
    op.torch_missing = "PyTorch has no nanprod (torch.prod propagates NaN)";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = entry_from_record("nancumsum", [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
      return std::vector<Tensor>{nancumsum(a[0].tensor(), kopt_int(kw, "axis"), kdtype(kw), out_arg(v, out))};
    });
    op.accumulates = true;
    op.sample_inputs = [](DType d) {
      return reduction_samples("nancumsum", d, {.cumulative = true, .keepdims = false, .dtype_kw = true});
    };
    op.reference_inputs = [](DType d) { return reference_samples(d); };
    op.error_inputs = [] { return axis_errors("nancumsum", false); };
    op.torch_missing = "PyTorch has no nancumsum (torch.cumsum propagates NaN)";
    db.push_back(std::move(op));
  }
}

void add_nanvar_nanstd(std::vector<OpInfo>& db) {
  for (const char* n : {"nanvar", "nanstd"}) {
    const bool is_var = std::string(n) == "nanvar";
    RunFn run = is_var ? RunFn([](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
      return std::vector<Tensor>{nanvar(a[0].tensor(), axes_of(kw), kint(kw, "ddof", 0), kbool(kw, "keepdims", false),
                                        kdtype(kw), out_arg(v, out))};
    })
                       : RunFn([](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
                           return std::vector<Tensor>{nanstd(a[0].tensor(), axes_of(kw), kint(kw, "ddof", 0),
                                                             kbool(kw, "keepdims", false), kdtype(kw), out_arg(v, out))};
                         });
    OpInfo op = entry_from_record(n, std::move(run));
    op.accumulates = true;
    const std::string name = n;
    op.sample_inputs = [name](DType d) {
      return reduction_samples(name, d, {.dtype_kw = true, .divides = true, .ddof = true});
    };
    op.reference_inputs = [](DType d) { return reference_samples(d); };
    op.error_inputs = [name] { return axis_errors(name, true); };
    op.torch_missing = std::string("PyTorch has no ") + n + " (torch." + (is_var ? "var" : "std") + " propagates NaN)";
    db.push_back(std::move(op));
  }
}

void add_nanargmax_nanargmin(std::vector<OpInfo>& db) {
  for (const char* n : {"nanargmax", "nanargmin"}) {
    const bool is_max = std::string(n) == "nanargmax";
    OpInfo op = entry_from_record(n, [is_max](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
      const Tensor& x = a[0].tensor();
      const auto axis = kopt_int(kw, "axis");
      const bool keep = kbool(kw, "keepdims", false);
      return std::vector<Tensor>{is_max ? nanargmax(x, axis, keep, out_arg(v, out)) : nanargmin(x, axis, keep, out_arg(v, out))};
    });
    const std::string name = n;
    op.sample_inputs = [name](DType d) { return reduction_samples(name, d, {.cumulative = true}); };
    op.reference_inputs = [](DType d) { return reference_samples(d); };
    op.error_inputs = [name] {
      const std::string tag = "\\[" + name + "\\] ";
      Errors e = axis_errors(name, false);
      e.push_back(error({zeros({0})}, {}, "ValueError", tag + "attempt to get arg" + name.substr(6) + " of an empty sequence"));
      e.push_back(error({with_nans(DType::Float64, 3)}, {{"axis", i64(1)}}, "ValueError", tag + "All-NaN slice encountered"));
      e.push_back(error({full({2, 2}, Scalar(kNaN))}, {}, "ValueError", tag + "All-NaN slice encountered"));
      return e;
    };
    op.torch_missing = std::string("PyTorch has no ") + n + " (torch.arg" + (is_max ? "max" : "min") + " returns NaN's index)";
    db.push_back(std::move(op));
  }
}

// Pairs (a, b): equal, close (relative 1e-6) and far elements mixed.
Tensor near(const Tensor& a, DType d, uint64_t seed) {
  const Tensor far = make_tensor(a.shape(), d, seed);
  const Tensor close = is_inexact(d) ? multiply(a, Scalar(1 + 1e-6)).astype(d) : a;
  const Tensor m1 = make_tensor(a.shape(), DType::Bool, seed + 1), m2 = make_tensor(a.shape(), DType::Bool, seed + 2);
  return where(m1, a, where(m2, close, far));
}

void add_isclose_allclose(std::vector<OpInfo>& db) {
  for (const char* n : {"isclose", "allclose"}) {
    const bool all = std::string(n) == "allclose";
    OpInfo op = entry_from_record(n, [all](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const double rtol = kdouble(kw, "rtol", 1e-5), atol = kdouble(kw, "atol", 1e-8);
      const bool en = kbool(kw, "equal_nan", false);
      if (all) return std::vector<Tensor>{bool_tensor(allclose(a[0], a[1], rtol, atol, en))};
      return std::vector<Tensor>{isclose(a[0], a[1], rtol, atol, en)};
    });
    const std::string name = n;
    op.sample_inputs = [name](DType d) {
      Gen g = gen(name, d);
      Samples out;
      for (const Shape& s : {Shape{}, Shape{0}, Shape{1, 0, 3}, Shape{20}, Shape{3, 4, 5}}) {
        const Tensor x = g(s);
        out.push_back(sample({x, near(x, d, g.seed + 3)}, {}, shape_str(s)));
      }
      const Tensor x = g({3, 4, 5}), t = g.transposed();
      out.push_back(sample({t, near(t, d, g.seed + 4)}, {}, "transposed (3, 4, 5)"));
      out.push_back(sample({x, near(x, d, g.seed + 5).reshape({3, 4, 5})[0]}, {}, "(3, 4, 5) with (4, 5)"));
      out.push_back(sample({x, x}, {}, "equal"));
      out.push_back(sample({x, near(x, d, g.seed + 6)}, {{"rtol", KwValue(1e-3)}, {"atol", KwValue(0.5)}}, "rtol 1e-3 atol 0.5"));
      out.push_back(sample({x, near(x, d, g.seed + 7)}, {{"atol", KwValue(2.0)}}, "atol 2"));
      out.push_back(sample({x, near(x, d, g.seed + 8)}, {{"rtol", KwValue(0.0)}, {"atol", KwValue(0.0)}}, "rtol 0 atol 0"));
      out.push_back(sample({x, ArrayLike(Scalar(int64_t{1}))}, {}, "b a Python int"));
      out.push_back(sample({x, ArrayLike(Scalar(0.5))}, {{"atol", KwValue(1.0)}}, "b a Python float"));
      out.push_back(sample({ArrayLike(Scalar(2.0)), x}, {}, "a a Python float"));
      if (is_inexact(d)) {
        const Tensor xn = with_nans(d, g.seed + 9);
        out.push_back(sample({xn, xn}, {}, "NaNs"));
        out.push_back(sample({xn, xn}, {{"equal_nan", KwValue(true)}}, "NaNs equal_nan"));
        out.push_back(sample({xn, near(xn, d, g.seed + 10)}, {{"equal_nan", KwValue(true)}}, "NaNs and others equal_nan"));
      }
      return out;
    };
    op.reference_inputs = [](DType d) {
      const Tensor v = extremal_values(d);
      return Samples{sample({v, v}, {}, "extremal values"),
                     sample({v, v}, {{"equal_nan", KwValue(true)}}, "extremal values equal_nan"),
                     sample({v, flip(v)}, {}, "extremal values, reversed")};
    };
    op.error_inputs = [name] {
      return Errors{error({zeros({3}), zeros({4})}, {}, "ValueError",
                          "\\[" + name + "\\] operands could not be broadcast together with shapes \\(3,\\) \\(4,\\)")};
    };
    // rtol and atol are Python floats inside isclose: the engine's rule for a bfloat16 operand with a
    // Python float (case_traits.cpp) applies, though the caller passed none.
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {DType::BFloat16}, {}, "bfloat16: the tolerance atol + rtol |b| is computed in bfloat16",
         "isclose computes atol + rtol * abs(b) with rtol and atol Python floats; the engine keeps a float array's "
         "dtype against a weak Python float (NEP 50, applied to bfloat16 as JAX and PyTorch do), where NumPy "
         "cannot promote ml_dtypes' bfloat16 weakly and runs that arithmetic and the comparison in float32, so "
         "differences within a bfloat16 rounding of atol + rtol |b| compare otherwise",
         ""});
    if (all) {
      op.numpy_ref = "lambda a, b, **kw: np.asarray(np.allclose(a, b, **kw))";
      op.torch_ref = "lambda a, b, **kw: torch.tensor(torch.allclose(a, b, **kw))";
      op.jax_ref = "lambda a, b, **kw: jnp.asarray(jnp.allclose(a, b, **kw))";
    }
    db.push_back(std::move(op));
  }
}

void add_array_equal(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("array_equal", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{bool_tensor(array_equal(a[0].tensor(), a[1].tensor(), kbool(kw, "equal_nan", false)))};
  });
  op.numpy_ref = "lambda a, b, **kw: np.asarray(np.array_equal(a, b, **kw))";
  op.jax_ref = "lambda a, b, **kw: jnp.asarray(jnp.array_equal(a, b, **kw))";
  // torch.equal has no equal_nan (NaN never equals): the porting user's call.
  op.torch_ref = "lambda a, b, equal_nan=False: torch.tensor(torch.equal(a, b))";
  op.sample_inputs = [](DType d) {
    Gen g = gen("array_equal", d);
    Samples out;
    for (const Shape& s : {Shape{}, Shape{0}, Shape{1, 0, 3}, Shape{20}, Shape{3, 4, 5}}) {
      const Tensor x = g(s);
      out.push_back(sample({x, copy(x)}, {}, shape_str(s) + " equal"));
      out.push_back(sample({x, g(s, 1)}, {}, shape_str(s) + " other values"));
    }
    const Tensor x = g({3, 4, 5});
    out.push_back(sample({x, ascontiguousarray(g.transposed())}, {}, "(3, 4, 5) and a transposed copy"));
    out.push_back(sample({g.transposed(), ascontiguousarray(g.transposed())}, {}, "transposed and its copy"));
    out.push_back(sample({x, x.reshape({4, 3, 5})}, {}, "other shapes, same size"));
    out.push_back(sample({x, x[0]}, {}, "(3, 4, 5) and (4, 5)"));
    out.push_back(sample({x, copy(x)}, {{"equal_nan", KwValue(true)}}, "equal, equal_nan"));
    if (is_inexact(d)) {
      const Tensor xn = with_nans(d, g.seed + 9);
      out.push_back(sample({xn, copy(xn)}, {}, "NaNs"));
      out.push_back(sample({xn, copy(xn)}, {{"equal_nan", KwValue(true)}}, "NaNs equal_nan"));
      out.push_back(sample({xn, nan_to_num(xn)}, {{"equal_nan", KwValue(true)}}, "NaNs in one, equal_nan"));
    }
    return out;
  };
  op.reference_inputs = [](DType d) {
    const Tensor v = extremal_values(d);
    return Samples{sample({v, copy(v)}, {}, "extremal values"),
                   sample({v, copy(v)}, {{"equal_nan", KwValue(true)}}, "extremal values equal_nan")};
  };
  op.error_inputs = [] { return Errors{}; };  // any two arrays compare (other shapes: False)
  db.push_back(std::move(op));
}

void add_nan_to_num(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("nan_to_num", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{nan_to_num(a[0].tensor(), kbool(kw, "copy", true), kdouble(kw, "nan", 0.0),
                                          kopt_double(kw, "posinf"), kopt_double(kw, "neginf"))};
  });
  op.torch_ref = "lambda x, copy=True, **kw: torch.nan_to_num(x, **kw)";
  op.sample_inputs = [](DType d) {
    Gen g = gen("nan_to_num", d);
    Samples out;
    for (const Shape& s : {Shape{}, Shape{0}, Shape{1, 0, 3}, Shape{20}, Shape{3, 4, 5}})
      out.push_back(sample({g(s)}, {}, shape_str(s)));
    out.push_back(sample({g.transposed()}, {}, "transposed (3, 4, 5)"));
    const Tensor v = extremal_values(d);
    out.push_back(sample({v}, {}, "extremal values"));
    out.push_back(sample({v}, {{"nan", KwValue(1.5)}, {"posinf", KwValue(100.0)}, {"neginf", KwValue(-100.0)}},
                         "extremal values nan 1.5 posinf 100 neginf -100"));
    out.push_back(sample({v}, {{"posinf", KwValue(int64_t{7})}}, "extremal values posinf 7"));
    out.push_back(sample({v}, {{"neginf", KwValue(-2.5)}}, "extremal values neginf -2.5"));
    out.push_back(sample({copy(v)}, {{"copy", KwValue(false)}}, "extremal values copy=False"));
    if (is_inexact(d)) {
      out.push_back(sample({with_nans(d, g.seed + 3)}, {}, "NaNs"));
      out.push_back(sample({with_nans(d, g.seed + 4).transpose()}, {{"nan", KwValue(-1.0)}}, "NaNs transposed nan -1"));
    }
    return out;
  };
  op.reference_inputs = [](DType d) { return Samples{sample({extremal_values(d)}, {}, "extremal values")}; };
  op.error_inputs = [] { return Errors{}; };  // any array converts
  db.push_back(std::move(op));
}

void add_trace(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("trace", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    return std::vector<Tensor>{trace(a[0].tensor(), kint(kw, "offset", 0), kint(kw, "axis1", 0), kint(kw, "axis2", 1),
                                     kdtype(kw))};
  });
  op.accumulates = true;
  op.sample_inputs = [](DType d) {
    Gen g = gen("trace", d);
    Samples out;
    for (const Shape& s : {Shape{0, 0}, Shape{1, 0, 3}, Shape{3, 3}, Shape{4, 6}, Shape{6, 4}, Shape{3, 4, 5}})
      out.push_back(sample({g(s)}, {}, shape_str(s)));
    const Tensor x = g({3, 4, 5});
    out.push_back(sample({x}, {{"offset", i64(1)}}, "(3, 4, 5) offset 1"));
    out.push_back(sample({x}, {{"offset", i64(-2)}}, "(3, 4, 5) offset -2"));
    out.push_back(sample({x}, {{"offset", i64(7)}}, "(3, 4, 5) offset 7 (empty diagonal)"));
    out.push_back(sample({x}, {{"axis1", i64(1)}, {"axis2", i64(2)}}, "(3, 4, 5) axis1 1 axis2 2"));
    out.push_back(sample({x}, {{"axis1", i64(-1)}, {"axis2", i64(0)}, {"offset", i64(1)}}, "(3, 4, 5) axis1 -1 axis2 0 offset 1"));
    out.push_back(sample({g.transposed()}, {}, "transposed (3, 4, 5)"));
    out.push_back(sample({g.transposed()}, {{"axis1", i64(2)}, {"axis2", i64(1)}}, "transposed (3, 4, 5) axis1 2 axis2 1"));
    out.push_back(sample({g({20, 20})}, {{"dtype", KwValue(other_dtype(d, false))}},
                         std::string("(20, 20) dtype=") + name(other_dtype(d, false))));
    return out;
  };
  op.reference_inputs = [](DType d) {
    const Tensor v = extremal_values(d);
    return Samples{sample({v.reshape({2, v.size() / 2})}, {}, "extremal values (2, n/2)")};
  };
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {DType::Float16, DType::BFloat16}, {},
       "float16/bfloat16 traces over stacked matrices round once, where NumPy's can round at each addition",
       "np.trace sums a strided diagonal view, and where the diagonal's stride exceeds the other axes' (axis1, axis2 "
       "= 0, 1 of a 3-D array) NumPy's iterator adds the diagonal as its outer loop, rounding to float16 at each "
       "addition; the engine sums the diagonal as linalg.trace does (pairwise in float32, rounded once), which is "
       "NumPy's result for the other layouts: a few ulp",
       ""});
  op.error_inputs = [] {
    const std::string tag = "\\[trace\\] ";
    const Tensor x = make_tensor({3, 4, 5}, DType::Float64, 1);
    return Errors{
        error({make_tensor({4}, DType::Float64, 1)}, {}, "ValueError", tag + "diag requires an array of at least two dimensions"),
        error({x}, {{"axis1", i64(1)}, {"axis2", i64(-2)}}, "ValueError", tag + "axis1 and axis2 cannot be the same"),
        error({x}, {{"axis1", i64(3)}}, "AxisError", tag + "axis1: axis 3 is out of bounds for array of dimension 3"),
        error({x}, {{"axis2", i64(-4)}}, "AxisError", tag + "axis2: axis -4 is out of bounds for array of dimension 3"),
    };
  };
  db.push_back(std::move(op));
}

void add_percentile(std::vector<OpInfo>& db) {
  OpInfo op = entry_from_record("percentile", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
    const KwValue* m = find_kwarg(kw, "method");
    const std::string method = m && std::holds_alternative<std::string>(*m) ? std::get<std::string>(*m) : "linear";
    return std::vector<Tensor>{percentile(a[0].tensor(), a[1], axes_of(kw), method, kbool(kw, "keepdims", false))};
  });
  op.accumulates = true;
  op.sample_inputs = [](DType d) {
    Gen g = gen("percentile", d);
    const ArrayLike q30(Scalar(30.0));
    const Tensor qs = asarray(std::vector<double>{0.0, 25.0, 50.0, 90.0, 100.0});
    const KwValue yes(true);
    Samples out{
        sample({g({7}), q30}, {}, "(7,) q 30"),
        sample({g({8}), ArrayLike(Scalar(int64_t{50}))}, {}, "(8,) q 50 (a Python int)"),
        sample({g({1}), qs}, {}, "(1,) q (5,)"),
        sample({g({3, 4, 5}), q30}, {{"axis", i64(1)}}, "(3, 4, 5) axis 1"),
        sample({g({3, 4, 5}), qs}, {{"axis", i64(-1)}, {"keepdims", yes}}, "(3, 4, 5) q (5,) axis -1 keepdims"),
        sample({g({3, 4, 5}), q30}, {{"axis", tup({0, 2})}}, "(3, 4, 5) axis (0, 2)"),
        sample({g({3, 4, 5}), q30}, {{"keepdims", yes}}, "(3, 4, 5) axis None keepdims"),
        sample({g({2, 0, 3}), q30}, {{"axis", i64(2)}}, "(2, 0, 3) axis 2"),
        sample({g.transposed(), qs}, {{"axis", i64(0)}}, "transposed (3, 4, 5) q (5,) axis 0"),
        sample({g({40, 9}), asarray(std::vector<int64_t>{0, 10, 100})}, {{"axis", i64(0)}}, "(40, 9) int64 q axis 0"),
    };
    for (const char* mth : {"lower", "higher", "nearest", "midpoint", "inverted_cdf", "hazen", "weibull"})
      out.push_back(sample({g({9}), qs}, {{"method", KwValue(std::string(mth))}}, std::string("(9,) method ") + mth));
    if (is_inexact(d)) out.push_back(sample({with_nans(d, g.seed + 3), q30}, {{"axis", i64(1)}}, "NaN rows axis 1"));
    return out;
  };
  op.reference_inputs = [](DType d) {
    return Samples{sample({extremal_values(d), ArrayLike(Scalar(50.0))}, {}, "extremal values q 50")};
  };
  op.error_inputs = [] {
    const std::string tag = "\\[percentile\\] ";
    const Tensor x = make_tensor({3, 4}, DType::Float64, 1);
    return Errors{
        error({x, ArrayLike(Scalar(150.0))}, {}, "ValueError", tag + "Percentiles must be in the range \\[0, 100\\]"),
        error({x, asarray(std::vector<double>{50.0, -1.0})}, {}, "ValueError", tag + "Percentiles must be in the range \\[0, 100\\]"),
        error({x.astype(DType::Complex128), ArrayLike(Scalar(50.0))}, {}, "TypeError", tag + "a must be an array of real numbers"),
        error({x, ArrayLike(Scalar(50.0))}, {{"axis", i64(2)}}, "AxisError", tag + "axis 2 is out of bounds for array of dimension 2"),
        error({x, ArrayLike(Scalar(50.0))}, {{"method", KwValue(std::string("bad"))}}, "ValueError",
              tag + "'bad' is not a valid method"),
    };
  };
  // quantile's bfloat16 behaviours (entries_quantile.cpp), which percentile calls.
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {DType::BFloat16}, {}, "bfloat16 rows with NaN are NaN, as for the other floats",
       "NumPy partitions bfloat16 (ml_dtypes') with its < operator, which leaves a NaN wherever the algorithm puts "
       "it, so its NaN check (the last element after partitioning) can miss it and the middle elements are read "
       "from an unordered row; the engine orders bfloat16 as NumPy orders float16 (NaN last)",
       "", kAnyNaN});
  op.discrepancies.push_back(
      {Discrepancy::Kind::differs, {DType::BFloat16}, {"Fuzz"},
       "bfloat16 over an empty axis raises IndexError where NumPy returns an empty result",
       "np.quantile treats ml_dtypes' bfloat16 (not np.inexact) as it treats integers, whose interpolation over an "
       "array without elements indexes an empty result; the engine's quantile checks the empty axis as for the "
       "other floats (np.quantile(bfloat16 zeros((0, 0)), [0.0], axis=0) too: a quantile finding)",
       ""});
  // torch.quantile takes q in [0, 1]: the porting user divides by 100.
  op.torch_ref =
      "lambda x, q, dim=None, method='linear', keepdim=False: torch.quantile(x, torch.as_tensor(q, dtype=x.dtype) / 100 "
      "if not isinstance(q, torch.Tensor) else q / 100, dim=dim, keepdim=keepdim, interpolation=method)";
  db.push_back(std::move(op));
}

}  // namespace

void add_stats_extra_ops(std::vector<OpInfo>& db) {
  add_ptp(db);
  add_average(db);
  add_nanprod_nancumsum(db);
  add_nanvar_nanstd(db);
  add_nanargmax_nanargmin(db);
  add_isclose_allclose(db);
  add_array_equal(db);
  add_nan_to_num(db);
  add_trace(db);
  add_percentile(db);
}

}  // namespace parity::opinfo

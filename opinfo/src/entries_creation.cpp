// Entries for the creation ops (engine/src/ops/creation.cpp, asarray.cpp). They take no tensor
// (except the *_like ops and asarray): shapes, fill values and dtypes are keyword arguments with
// NumPy's names, so NumPy is called as np.zeros(shape=(3, 4), dtype=np.int8).
//
// empty and empty_like: their values are unspecified, so neither side's values can be compared.
// Both the run function and the reference return zeros_like(<the result>): the comparison then
// checks exactly what empty promises (shape and dtype) and nothing else; zeros_like is tested
// on its own, so it cannot hide a bug here.
#include <limits>

#include "dtype_sets.h"
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

const std::vector<Shape> kShapes = {{}, {0}, {1, 0, 3}, {20}, {3, 4, 5}};

OpInfo creation_op(const std::string& name, std::string ref, RunFn run) {
  return entry(name, std::move(ref), std::move(run));
}

// A fill value every dtype represents exactly, as the Python number NumPy would be given.
KwValue typical_fill(DType d) {
  if (d == DType::Bool) return KwValue(true);
  if (is_integer(d)) return is_signed_int(d) ? KwValue(int64_t{-3}) : KwValue(int64_t{7});
  return KwValue(2.5);
}

// The Python int range of an integer dtype that fits an int64 keyword.
std::pair<int64_t, int64_t> int_bounds(DType d) {
  switch (d) {
    case DType::Int8: return {-128, 127};
    case DType::Int16: return {-32768, 32767};
    case DType::Int32: return {INT32_MIN, INT32_MAX};
    case DType::Int64: return {INT64_MIN, INT64_MAX};
    case DType::UInt8: return {0, 255};
    case DType::UInt16: return {0, 65535};
    case DType::UInt32: return {0, UINT32_MAX};
    default: return {0, INT64_MAX};  // uint64: its top half does not fit an int64 keyword
  }
}

// Fill values at the edges of the dtype: integer bounds, float specials, floats into ints.
std::vector<KwValue> extremal_fills(DType d) {
  const double inf = std::numeric_limits<double>::infinity();
  if (d == DType::Bool) return {KwValue(false), KwValue(int64_t{1}), KwValue(0.0)};
  if (is_integer(d)) {
    auto [lo, hi] = int_bounds(d);
    return {KwValue(lo), KwValue(hi), KwValue(2.7), KwValue(0.0), KwValue(true)};
  }
  return {KwValue(std::numeric_limits<double>::quiet_NaN()), KwValue(inf), KwValue(-inf), KwValue(-0.0),
          KwValue(1e-310), KwValue(1e300), KwValue(int64_t{INT64_MAX}), KwValue(true)};
}

Tensor like_input(const std::string& op, DType d, const Shape& s) { return make_tensor(s, d, seed_of(op + name(d))); }

// Samples of a *_like op: each standard shape, a transposed prototype, and a dtype= override.
SamplesFn like_samples(const std::string& op, bool with_fill) {
  return [op, with_fill](DType d) {
    Samples s;
    auto kw = [&](Kwargs k) {
      if (with_fill) k.insert(k.begin(), {"fill_value", typical_fill(d)});
      return k;
    };
    for (const Shape& sh : kShapes) s.push_back(sample({like_input(op, d, sh)}, kw({}), "shape " + shape_str(sh)));
    s.push_back(sample({like_input(op, d, {5, 4, 3}).transpose()}, kw({}), "transposed (3, 4, 5)"));
    for (DType to : {DType::Float32, DType::Int16, DType::Bool, DType::Complex128})
      s.push_back(sample({like_input(op, d, {4, 5})}, kw({{"dtype", KwValue(to)}}), std::string("dtype ") + name(to)));
    return s;
  };
}
}  // namespace

void add_creation_ops(std::vector<OpInfo>& db) {
  // ---- empty, zeros, ones: shape and dtype ----
  auto shape_dtype_samples = [](DType d) {
    Samples s;
    for (const Shape& sh : kShapes)
      s.push_back(sample({}, {{"shape", tup(sh)}, {"dtype", KwValue(d)}}, "shape " + shape_str(sh)));
    s.push_back(sample({}, {{"shape", i64(4)}, {"dtype", KwValue(d)}}, "shape 4 (an int)"));
    return s;
  };
  auto shape_errors = [](const std::string& op) {
    return [op] {
      const int64_t big = int64_t{1} << 40;  // big * big elements overflow int64: NumPy's "array is too big"
      return Errors{error({}, {{"shape", tup({2, -1})}}, "ValueError", "\\[" + op + "\\].*negative dimensions"),
                    error({}, {{"shape", tup({big, big})}}, "ValueError", "\\[" + op + "\\] array is too big")};
    };
  };
  {
    OpInfo op = creation_op("empty", "lambda **kw: np.zeros_like(np.empty(**kw))",
                            [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
                              return std::vector<Tensor>{zeros_like(empty(kvec(kw, "shape"), kdtype(kw).value_or(float64)))};
                            });
    op.sample_inputs = shape_dtype_samples;
    op.error_inputs = shape_errors("empty");
    op.torch_ref = "lambda shape, **kw: torch.zeros_like(torch.empty(shape, **kw))";  // torch calls shape size
    op.jax_ref = "lambda **kw: jnp.zeros_like(jnp.empty(**kw))";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = creation_op("zeros", "np.zeros", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{zeros(kvec(kw, "shape"), kdtype(kw).value_or(float64))};
    });
    op.sample_inputs = [=](DType d) {
      Samples s = shape_dtype_samples(d);
      if (d == DType::Float64) s.push_back(sample({}, {{"shape", tup({2, 3})}}, "dtype default"));
      return s;
    };
    op.error_inputs = shape_errors("zeros");
    op.torch_ref = "lambda shape, **kw: torch.zeros(shape, **kw)";  // torch calls shape size
    db.push_back(std::move(op));
  }
  {
    OpInfo op = creation_op("ones", "np.ones", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{ones(kvec(kw, "shape"), kdtype(kw).value_or(float64))};
    });
    op.sample_inputs = [=](DType d) {
      Samples s = shape_dtype_samples(d);
      if (d == DType::Float64) s.push_back(sample({}, {{"shape", tup({2, 3})}}, "dtype default"));
      return s;
    };
    op.error_inputs = shape_errors("ones");
    op.torch_ref = "lambda shape, **kw: torch.ones(shape, **kw)";
    db.push_back(std::move(op));
  }

  // ---- full: shape, fill_value (a Python number), dtype (None: the value's own dtype) ----
  {
    OpInfo op = creation_op("full", "np.full", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{full(kvec(kw, "shape"), kscalar(kw, "fill_value"), kdtype(kw))};
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      for (const Shape& sh : kShapes)
        s.push_back(sample({}, {{"shape", tup(sh)}, {"fill_value", typical_fill(d)}, {"dtype", KwValue(d)}},
                           "shape " + shape_str(sh)));
      // dtype=None: the fill value's dtype (bool, int64, float64), once each
      if (d == DType::Bool) s.push_back(sample({}, {{"shape", tup({3})}, {"fill_value", KwValue(true)}}, "dtype None, True"));
      if (d == DType::Int64) s.push_back(sample({}, {{"shape", tup({3})}, {"fill_value", KwValue(int64_t{-4})}}, "dtype None, -4"));
      if (d == DType::Float64) s.push_back(sample({}, {{"shape", tup({3})}, {"fill_value", KwValue(0.1)}}, "dtype None, 0.1"));
      return s;
    };
    op.reference_inputs = [](DType d) {
      Samples s;
      for (const KwValue& v : extremal_fills(d))
        s.push_back(sample({}, {{"shape", tup({2})}, {"fill_value", v}, {"dtype", KwValue(d)}}, "fill " + kwvalue_python(v)));
      return s;
    };
    op.error_inputs = [] {
      return Errors{
          error({}, {{"shape", tup({2})}, {"fill_value", i64(300)}, {"dtype", KwValue(DType::UInt8)}}, "OverflowError", "\\[full\\].*300"),
          error({}, {{"shape", tup({2})}, {"fill_value", i64(-1)}, {"dtype", KwValue(DType::UInt8)}}, "OverflowError", "\\[full\\]"),
          error({}, {{"shape", tup({-2})}, {"fill_value", i64(1)}}, "ValueError", "\\[full\\].*negative dimensions"),
          error({}, {{"shape", tup({int64_t{1} << 40, int64_t{1} << 40})}, {"fill_value", i64(1)}}, "ValueError",
                "\\[full\\] array is too big"),
      };
    };
    op.torch_ref = "lambda shape, fill_value, **kw: torch.full(shape, fill_value, **kw)";
    db.push_back(std::move(op));
  }

  // ---- empty_like, zeros_like, ones_like, full_like ----
  {
    OpInfo op = creation_op("empty_like", "lambda x, **kw: np.zeros_like(np.empty_like(x, **kw))",
                            [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
                              return std::vector<Tensor>{zeros_like(empty_like(a[0].tensor(), kdtype(kw)))};
                            });
    op.sample_inputs = like_samples("empty_like", false);
    op.torch_ref = "lambda x, **kw: torch.zeros_like(torch.empty_like(x, **kw))";
    op.jax_ref = "lambda x, **kw: jnp.zeros_like(jnp.empty_like(x, **kw))";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = creation_op("zeros_like", "np.zeros_like", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{zeros_like(a[0].tensor(), kdtype(kw))};
    });
    op.sample_inputs = like_samples("zeros_like", false);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = creation_op("ones_like", "np.ones_like", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{ones_like(a[0].tensor(), kdtype(kw))};
    });
    op.sample_inputs = like_samples("ones_like", false);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = creation_op("full_like", "np.full_like", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{full_like(a[0].tensor(), kscalar(kw, "fill_value"), kdtype(kw))};
    });
    op.sample_inputs = like_samples("full_like", true);
    op.reference_inputs = [](DType d) {
      Samples s;
      for (const KwValue& v : extremal_fills(d))
        s.push_back(sample({like_input("full_like", d, {2})}, {{"fill_value", v}}, "fill " + kwvalue_python(v)));
      return s;
    };
    op.error_inputs = [] {
      return Errors{error({zeros({2}, DType::UInt8)}, {{"fill_value", i64(300)}}, "OverflowError", "\\[full_like\\].*300")};
    };
    db.push_back(std::move(op));
  }

  // ---- arange: start, stop, step (Python numbers), dtype ----
  {
    OpInfo op = creation_op("arange", "np.arange", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      Scalar start = has(kw, "start") ? kscalar(kw, "start") : Scalar(int64_t{0});
      Scalar step = has(kw, "step") ? kscalar(kw, "step") : Scalar(int64_t{1});
      return std::vector<Tensor>{arange(start, kscalar(kw, "stop"), step, kdtype(kw))};
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      auto add = [&](KwValue start, KwValue stop, KwValue step, const std::string& note) {
        s.push_back(sample({}, {{"start", start}, {"stop", stop}, {"step", step}, {"dtype", KwValue(d)}}, note));
      };
      if (d == DType::Bool) {  // NumPy allows bool only for results of length <= 2
        add(i64(0), i64(2), i64(1), "0, 2, 1");
        add(i64(1), i64(0), i64(-1), "1, 0, -1");
        add(i64(0), i64(0), i64(1), "empty");
        return s;
      }
      add(i64(0), i64(10), i64(1), "0, 10, 1");
      add(i64(2), i64(20), i64(3), "2, 20, 3");
      add(i64(5), i64(5), i64(1), "empty");
      add(i64(5), i64(2), i64(1), "stop < start");
      if (!is_unsigned_int(d)) add(i64(10), i64(-3), i64(-2), "10, -3, -2");
      if (is_inexact(d)) {
        add(KwValue(0.5), KwValue(5.0), KwValue(0.5), "0.5, 5.0, 0.5");
        add(KwValue(0.0), KwValue(1.0), KwValue(0.1), "0.0, 1.0, 0.1");
        add(KwValue(-1.0), KwValue(1.0), KwValue(0.3), "-1.0, 1.0, 0.3");
      }
      if (d == DType::Int64) {  // dtype=None: the promoted dtype of the arguments
        s.push_back(sample({}, {{"stop", i64(7)}}, "stop only"));
        s.push_back(sample({}, {{"start", i64(-3)}, {"stop", i64(4)}}, "start, stop"));
        s.push_back(sample({}, {{"start", KwValue(1.0)}, {"stop", i64(2)}, {"step", KwValue(0.3)}}, "float step"));
        s.push_back(sample({}, {{"start", KwValue(true)}, {"stop", i64(5)}}, "bool start"));
      }
      return s;
    };
    op.error_inputs = [] {
      return Errors{
          error({}, {{"start", i64(0)}, {"stop", i64(5)}, {"step", i64(0)}}, "ZeroDivisionError", "\\[arange\\]"),
          error({}, {{"start", i64(0)}, {"stop", i64(5)}, {"dtype", KwValue(DType::Bool)}}, "TypeError", "\\[arange\\].*bool"),
          error({}, {{"start", i64(0)}, {"stop", KwValue(std::numeric_limits<double>::quiet_NaN())}}, "ValueError",
                "\\[arange\\].*length"),
      };
    };
    // torch calls stop `end`; jnp.arange takes start positionally (arange(stop) is its one-bound form).
    op.torch_ref = "lambda stop=None, **kw: torch.arange(end=stop, **kw)";
    op.jax_ref = "lambda start=None, stop=None, **kw: jnp.arange(stop, **kw) if start is None else jnp.arange(start, stop, **kw)";
    db.push_back(std::move(op));
  }

  // ---- linspace ----
  {
    OpInfo op = creation_op("linspace", "np.linspace", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{linspace(kscalar(kw, "start"), kscalar(kw, "stop"), kint(kw, "num", 50),
                                          kbool(kw, "endpoint", true), kdtype(kw))};
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      auto add = [&](KwValue a, KwValue b, int64_t num, bool endpoint, const std::string& note) {
        s.push_back(sample({}, {{"start", a}, {"stop", b}, {"num", i64(num)}, {"endpoint", KwValue(endpoint)}, {"dtype", KwValue(d)}}, note));
      };
      add(i64(0), i64(10), 5, true, "0, 10, 5");
      add(i64(0), i64(10), 7, true, "0, 10, 7 (non-integral steps)");
      add(i64(2), i64(9), 4, false, "2, 9, 4, endpoint=False");
      add(i64(0), i64(1), 0, true, "num 0");
      add(i64(3), i64(8), 1, true, "num 1");
      add(i64(1), i64(1), 3, true, "start == stop");
      if (!is_unsigned_int(d)) add(i64(5), i64(-5), 11, true, "5, -5, 11 (decreasing)");
      if (is_inexact(d)) add(KwValue(-1.5), KwValue(2.25), 50, true, "-1.5, 2.25, 50");
      if (d == DType::Float64) s.push_back(sample({}, {{"start", i64(0)}, {"stop", i64(1)}}, "dtype None, num default"));
      return s;
    };
    op.error_inputs = [] {
      return Errors{error({}, {{"start", i64(0)}, {"stop", i64(1)}, {"num", i64(-1)}}, "ValueError", "\\[linspace\\].*non-negative")};
    };
    // float16/bfloat16: NumPy computes in float64 and rounds once; so does the engine (exact match expected).
    // torch calls num `steps` and has no default for it (NumPy's is 50), nor an endpoint argument.
    op.torch_ref = "lambda start, stop, num=50, **kw: torch.linspace(start, stop, num, **kw)";
    db.push_back(std::move(op));
  }

  // ---- eye, identity ----
  {
    OpInfo op = creation_op("eye", "np.eye", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{eye(kint(kw, "N", 0), kopt_int(kw, "M"), kint(kw, "k", 0), kdtype(kw).value_or(float64))};
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      auto add = [&](int64_t n, KwValue m, int64_t k, const std::string& note) {
        s.push_back(sample({}, {{"N", i64(n)}, {"M", m}, {"k", i64(k)}, {"dtype", KwValue(d)}}, note));
      };
      add(3, none, 0, "3");
      add(0, none, 0, "0");
      add(3, i64(5), 1, "3, 5, k 1");
      add(4, i64(2), -1, "4, 2, k -1");
      add(3, none, 5, "3, k 5 (all zero)");
      add(5, i64(0), 0, "5, 0");
      return s;
    };
    op.error_inputs = [] { return Errors{error({}, {{"N", i64(-1)}}, "ValueError", "\\[eye\\].*negative")}; };
    // torch.eye(n, m) has no diagonal offset k: k=0 is NumPy's default call, any other k is passed on.
    op.torch_ref = "lambda N, M=None, k=0, **kw: torch.eye(N, N if M is None else M, **kw, **({'k': k} if k else {}))";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = creation_op("identity", "np.identity", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return std::vector<Tensor>{identity(kint(kw, "n", 0), kdtype(kw).value_or(float64))};
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      for (int64_t n : {0, 1, 4}) s.push_back(sample({}, {{"n", i64(n)}, {"dtype", KwValue(d)}}, "n " + std::to_string(n)));
      return s;
    };
    op.error_inputs = [] { return Errors{error({}, {{"n", i64(-2)}}, "ValueError", "\\[(identity|eye)\\].*negative")}; };
    op.torch_ref = "lambda n, **kw: torch.eye(n, **kw)";  // torch has no identity
    db.push_back(std::move(op));
  }

  // ---- asarray: of a tensor (no copy, or a cast with dtype=), and of Python scalars ----
  {
    OpInfo op = creation_op("asarray", "np.asarray", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      if (a[0].is_tensor()) return std::vector<Tensor>{asarray(a[0].tensor(), kdtype(kw))};
      return std::vector<Tensor>{asarray(a[0].scalar(), kdtype(kw))};
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      for (const Shape& sh : kShapes) s.push_back(sample({like_input("asarray", d, sh)}, {}, "shape " + shape_str(sh)));
      s.push_back(sample({like_input("asarray", d, {5, 4, 3}).transpose()}, {}, "transposed (3, 4, 5)"));
      for (DType to : {DType::Float64, DType::Int8, DType::Bool, DType::Complex64})
        s.push_back(sample({like_input("asarray", d, {20})}, {{"dtype", KwValue(to)}}, std::string("dtype ") + name(to)));
      // Python scalars with dtype=d (values every dtype holds)
      s.push_back(sample({ArrayLike(Scalar(int64_t{1}))}, {{"dtype", KwValue(d)}}, "Python int 1"));
      s.push_back(sample({ArrayLike(Scalar(true))}, {{"dtype", KwValue(d)}}, "Python True"));
      if (d != DType::Bool && !is_integer(d)) s.push_back(sample({ArrayLike(Scalar(-2.5))}, {{"dtype", KwValue(d)}}, "Python float -2.5"));
      if (is_integer(d)) s.push_back(sample({ArrayLike(Scalar(2.75))}, {{"dtype", KwValue(d)}}, "Python float 2.75"));
      if (d == DType::Int64) {  // dtype=None: NumPy's default dtype of each Python scalar kind
        s.push_back(sample({ArrayLike(Scalar(int64_t{-7}))}, {}, "Python int"));
        s.push_back(sample({ArrayLike(Scalar(0.1))}, {}, "Python float"));
        s.push_back(sample({ArrayLike(Scalar(false))}, {}, "Python bool"));
        s.push_back(sample({ArrayLike(Scalar(std::complex<double>(1, -2)))}, {}, "Python complex"));
      }
      return s;
    };
    op.reference_inputs = [](DType d) {
      return Samples{sample({extremal_values(d)}, {}, "extremal values"),
                     sample({extremal_values(d)}, {{"dtype", KwValue(DType::Float32)}}, "extremal values to float32")};
    };
    op.error_inputs = [] {
      return Errors{
          error({ArrayLike(Scalar(int64_t{300}))}, {{"dtype", KwValue(DType::UInt8)}}, "OverflowError", "\\[asarray\\].*300"),
          error({ArrayLike(Scalar(std::numeric_limits<double>::quiet_NaN()))}, {{"dtype", KwValue(DType::Int64)}}, "ValueError",
                "\\[asarray\\].*NaN"),
      };
    };
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo

// Entries for the Array API functions of engine/src/ops/array_api.cpp: meshgrid, tril, triu, roll,
// unstack, diff, cumulative_sum, cumulative_prod, matrix_transpose, tensordot, vecdot,
// broadcast_shapes, finfo, iinfo, isdtype. Keyword names are NumPy's.
#include "dtype_sets.h"
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }
std::string kstr(const Kwargs& kw, const char* k, const std::string& dflt) {
  const KwValue* v = find_kwarg(kw, k);
  return v && std::holds_alternative<std::string>(*v) ? std::get<std::string>(*v) : dflt;
}
KwValue str(const char* s) { return KwValue(std::string(s)); }
std::vector<Tensor> one(Tensor t) { return {std::move(t)}; }
// A 0-d tensor of dtype d holding v (finfo's and iinfo's fields, as NumPy's scalars of that dtype).
Tensor scalar_of(const Scalar& v, DType d) { return full({}, v, d); }
// Products that overflow or meet inf/nan: which of inf and nan comes out depends on the order of
// the partial products and sums, which BLAS picks by shape and layout (as for matmul and dot).
Discrepancy product_overflow() {
  return {Discrepancy::Kind::differs, {}, {"Fuzz"}, "which of inf and nan an overflowing product gives",
          "where products overflow or meet inf/nan, whether a sum gives inf, -inf or nan (for complex, in which "
          "part) depends on the order and fusing of the operations: NumPy's dot/matmul go through OpenBLAS, whose "
          "kernel (and order) depends on the shape and strides, the engine's order is fixed",
          "", kProductOverflow};
}
}  // namespace

void add_array_api_ops(std::vector<OpInfo>& db) {
  // ---- meshgrid ----
  {
    OpInfo op = entry_from_record("meshgrid", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return meshgrid(tensors(a), kstr(kw, "indexing", "xy"));
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("meshgrid", d);
      return Samples{
          sample({g({3}), g({4}, 1)}, {}, "(3,), (4,)"),
          sample({g({3}), g({4}, 1)}, {{"indexing", str("ij")}}, "(3,), (4,) ij"),
          sample({g({2}), g({3}, 1), g({4}, 2)}, {{"indexing", str("xy")}}, "(2,), (3,), (4,) xy"),
          sample({g({2}), g({3}, 1), g({4}, 2)}, {{"indexing", str("ij")}}, "(2,), (3,), (4,) ij"),
          sample({g({5})}, {}, "(5,) alone"),
          sample({g({}), g({0}, 1)}, {}, "(), (0,)"),
          sample({g({2, 2}), g({3}, 1)}, {}, "(2, 2) (flattened), (3,)"),
          sample({g.transposed(), g({2}, 1)}, {{"indexing", str("ij")}}, "transposed (3, 4, 5) (flattened), (2,) ij"),
      };
    };
    op.error_inputs = [] {
      return Errors{error({f64({3}), f64({2})}, {{"indexing", str("foo")}}, "ValueError", "\\[meshgrid\\].*indexing")};
    };
    db.push_back(std::move(op));
  }

  // ---- tril / triu ----
  for (const char* nm : {"tril", "triu"}) {
    const bool lower = std::string(nm) == "tril";
    OpInfo op = entry_from_record(nm, [lower](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const int64_t k = kint(kw, "k", 0);
      return one(lower ? tril(a[0].tensor(), k) : triu(a[0].tensor(), k));
    });
    const std::string n = nm;
    op.sample_inputs = [n](DType d) {
      Gen g = gen(n, d);
      return Samples{
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g({3, 4})}, {{"k", i64(1)}}, "(3, 4) k 1"),
          sample({g({4, 3})}, {{"k", i64(-2)}}, "(4, 3) k -2"),
          sample({g({3, 4})}, {{"k", i64(7)}}, "(3, 4) k 7"),
          sample({g({3, 4})}, {{"k", i64(-7)}}, "(3, 4) k -7"),
          sample({g({2, 3, 4})}, {{"k", i64(-1)}}, "(2, 3, 4) k -1 (batch)"),
          sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
          sample({g({5})}, {}, "(5,) (broadcast to (5, 5), as NumPy does)"),
          sample({g.transposed()}, {{"k", i64(1)}}, "transposed (3, 4, 5) k 1"),
      };
    };
    op.error_inputs = [n] { return Errors{error({f64({})}, {}, "TypeError", "\\[" + n + "\\]")}; };
    op.torch_ref = "lambda x, k=0: torch." + n + "(x, k)";
    db.push_back(std::move(op));
  }

  // ---- roll ----
  {
    OpInfo op = entry_from_record("roll", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(roll(a[0].tensor(), kvec(kw, "shift"), kaxes(kw, "axis")));
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("roll", d);
      return Samples{
          sample({g({20})}, {{"shift", i64(3)}}, "(20,) shift 3"),
          sample({g({20})}, {{"shift", i64(-23)}}, "(20,) shift -23"),
          sample({g({3, 4, 5})}, {{"shift", i64(7)}}, "(3, 4, 5) shift 7 (flattened)"),
          sample({g({3, 4, 5})}, {{"shift", i64(2)}, {"axis", i64(1)}}, "(3, 4, 5) shift 2 axis 1"),
          sample({g({3, 4, 5})}, {{"shift", tup({1, -2})}, {"axis", tup({0, 2})}}, "(3, 4, 5) shift (1, -2) axis (0, 2)"),
          sample({g({3, 4, 5})}, {{"shift", i64(1)}, {"axis", tup({0, -1})}}, "(3, 4, 5) shift 1 axis (0, -1)"),
          sample({g({3, 4, 5})}, {{"shift", tup({1, 2})}, {"axis", i64(1)}}, "(3, 4, 5) shift (1, 2) axis 1 (added)"),
          sample({g({3, 4, 5})}, {{"shift", tup({2, 2})}, {"axis", tup({1, 1})}}, "(3, 4, 5) axis (1, 1) repeated"),
          sample({g({})}, {{"shift", i64(1)}}, "() shift 1"),
          sample({g({0})}, {{"shift", i64(1)}}, "(0,) shift 1"),
          sample({g({1, 0, 3})}, {{"shift", i64(1)}, {"axis", i64(-1)}}, "(1, 0, 3) shift 1 axis -1"),
          sample({g({4})}, {{"shift", i64(0)}}, "(4,) shift 0"),
          sample({g.transposed()}, {{"shift", i64(-1)}, {"axis", i64(2)}}, "transposed (3, 4, 5) shift -1 axis 2"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4})}, {{"shift", i64(1)}, {"axis", i64(2)}}, "AxisError", "\\[roll\\].*out of bounds"),
          error({f64({3, 4})}, {{"shift", tup({1, 2, 3})}, {"axis", tup({0, 1})}}, "ValueError", "\\[roll\\].*broadcast"),
          error({f64({})}, {{"shift", i64(1)}, {"axis", i64(0)}}, "AxisError", "\\[roll\\].*out of bounds"),
      };
    };
    op.torch_ref = "lambda x, shift, axis=None: torch.roll(x, shift) if axis is None else torch.roll(x, shift, axis)";
    db.push_back(std::move(op));
  }

  // ---- unstack ----
  {
    OpInfo op = entry_from_record("unstack", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return unstack(a[0].tensor(), kint(kw, "axis", 0));
    });
    op.numpy_ref = "lambda x, axis=0: tuple(np.moveaxis(x, axis, 0))";
    op.torch_ref = "lambda x, axis=0: torch.unbind(x, axis)";
    op.jax_ref = "lambda x, axis=0: tuple(jnp.moveaxis(x, axis, 0))";
    op.sample_inputs = [](DType d) {
      Gen g = gen("unstack", d);
      return Samples{
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g({3, 4, 5})}, {{"axis", i64(-1)}}, "(3, 4, 5) axis -1"),
          sample({g({3, 4, 5})}, {{"axis", i64(1)}}, "(3, 4, 5) axis 1"),
          sample({g({20})}, {}, "(20,) into 0-d arrays"),
          sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
          sample({g.transposed()}, {{"axis", i64(2)}}, "transposed (3, 4, 5) axis 2"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({})}, {}, "ValueError", "\\[unstack\\].*at least 1-d"),
          error({f64({3, 4})}, {{"axis", i64(2)}}, "AxisError", "\\[unstack\\].*out of bounds"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- diff: (x[, prepend, append]) positional tensors, or prepend=/append= Python scalars ----
  {
    OpInfo op = entry_from_record("diff", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      std::optional<ArrayLike> pre, app;
      if (a.size() > 1) pre = a[1];
      if (a.size() > 2) app = a[2];
      if (find_kwarg(kw, "prepend")) pre = ArrayLike(kscalar(kw, "prepend"));
      if (find_kwarg(kw, "append")) app = ArrayLike(kscalar(kw, "append"));
      return one(diff(a[0].tensor(), kint(kw, "n", 1), kint(kw, "axis", -1), pre, app));
    });
    op.numpy_ref = "lambda x, *ends, **kw: np.diff(x, **dict(zip(('prepend', 'append'), ends)), **kw)";
    // torch.diff takes prepend/append as tensors of x's rank only: a Python scalar is broadcast to
    // x's shape with one element along dim, as NumPy does.
    op.torch_ref =
        "lambda x, *ends, n=1, dim=-1, prepend=None, append=None: (lambda e: torch.diff(x, n, dim, prepend=e(ends[0] "
        "if ends else prepend), append=e(ends[1] if len(ends) > 1 else append)))(lambda p: p if p is None or "
        "isinstance(p, torch.Tensor) else torch.as_tensor(p).expand(*[1 if i == dim % x.ndim else s for i, s in "
        "enumerate(x.shape)]))";
    op.jax_ref = "lambda x, *ends, **kw: jnp.diff(x, **dict(zip(('prepend', 'append'), ends)), **kw)";
    op.sample_inputs = [](DType d) {
      Gen g = gen("diff", d);
      return Samples{
          sample({g({20})}, {}, "(20,)"),
          sample({g({20})}, {{"n", i64(3)}}, "(20,) n 3"),
          sample({g({3, 4, 5})}, {{"axis", i64(1)}}, "(3, 4, 5) axis 1"),
          sample({g({3, 4, 5})}, {{"n", i64(2)}, {"axis", i64(0)}}, "(3, 4, 5) n 2 axis 0"),
          sample({g({5})}, {{"n", i64(7)}}, "(5,) n 7 (empty)"),
          sample({g({5})}, {{"n", i64(0)}}, "(5,) n 0 (the input)"),
          sample({g({0})}, {}, "(0,)"),
          sample({g({1, 0, 3})}, {{"axis", i64(-1)}}, "(1, 0, 3) axis -1"),
          sample({g({3, 4}), g({3, 1}, 1), g({3, 2}, 2)}, {}, "(3, 4) prepend (3, 1) append (3, 2)"),
          sample({g({3, 4}), g({1, 4}, 1)}, {{"axis", i64(0)}}, "(3, 4) prepend (1, 4) axis 0"),
          sample({g({3, 4})}, {{"prepend", i64(1)}, {"append", i64(0)}}, "(3, 4) prepend=1 append=0 (int64 arrays)"),
          sample({g.transposed()}, {{"n", i64(2)}, {"axis", i64(2)}}, "transposed (3, 4, 5) n 2 axis 2"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({5})}, {{"n", i64(-1)}}, "ValueError", "\\[diff\\].*non-negative"),
          error({f64({})}, {}, "ValueError", "\\[diff\\].*at least one dimensional"),
          error({f64({5})}, {{"axis", i64(1)}}, "AxisError", "\\[diff\\].*out of bounds"),
          error({f64({3, 4}), f64({2, 1})}, {}, "ValueError", "\\[concatenate\\]"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- cumulative_sum / cumulative_prod ----
  for (const char* nm : {"cumulative_sum", "cumulative_prod"}) {
    const bool prod = std::string(nm) == "cumulative_prod";
    OpInfo op = entry_from_record(nm, [prod](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
      const Tensor& x = a[0].tensor();
      const auto axis = kopt_int(kw, "axis");
      const bool init = kbool(kw, "include_initial", false);
      const OutArg o = v == Variant::out ? OutArg(out) : OutArg();
      return one(prod ? cumulative_prod(x, axis, kdtype(kw), init, o) : cumulative_sum(x, axis, kdtype(kw), init, o));
    });
    const std::string n = nm;
    op.sample_inputs = [n](DType d) {
      Gen g = gen(n, d);
      Samples s{
          sample({g({20})}, {}, "(20,)"),
          sample({g({20})}, {{"include_initial", true}}, "(20,) include_initial"),
          sample({g({3, 4})}, {{"axis", i64(1)}}, "(3, 4) axis 1"),
          sample({g({3, 4, 5})}, {{"axis", i64(0)}, {"include_initial", true}}, "(3, 4, 5) axis 0 include_initial"),
          sample({g({})}, {}, "()"),
          sample({g({})}, {{"axis", i64(0)}, {"include_initial", true}}, "() axis 0 include_initial"),
          sample({g({0})}, {{"include_initial", true}}, "(0,) include_initial"),
          sample({g({1, 0, 3})}, {{"axis", i64(-2)}, {"include_initial", true}}, "(1, 0, 3) axis -2 include_initial"),
          sample({g.transposed()}, {{"axis", i64(2)}}, "transposed (3, 4, 5) axis 2"),
      };
      if (!is_complex(d)) s.push_back(sample({g({6})}, {{"dtype", KwValue(DType::Float64)}}, "(6,) dtype float64"));
      return s;
    };
    op.error_inputs = [n] {
      const std::string re = "^\\[" + n + "\\]";
      return Errors{
          error({f64({3, 4})}, {}, "ValueError", "\\[" + n + "\\].*axis.*required"),
          error({f64({3, 4})}, {{"axis", i64(2)}}, "AxisError", "out of bounds"),
          // out= of the wrong length (NumPy's accumulate: a ValueError), with and without
          // include_initial (which accumulates into out[1:])
          ErrorInput{SampleInput{{f64({3})}, {}, "out= of length 4"}, "ValueError", re, Variant::out,
                     zeros({4}, DType::Float64)},
          ErrorInput{SampleInput{{f64({3})}, {{"include_initial", true}}, "include_initial, out= of length 3"},
                     "ValueError", re, Variant::out, zeros({3}, DType::Float64)},
          // include_initial with out=: NumPy indexes out along axis with a Python list first
          ErrorInput{SampleInput{{f64({3})}, {{"axis", i64(1)}, {"include_initial", true}}, "include_initial, out=, axis 1"},
                     "IndexError", re, Variant::out, zeros({4}, DType::Float64)},
          // a read-only out=: NumPy's accumulate writes into it unchecked, but include_initial's
          // out[0] = identity then raises (the engine refuses before writing); without
          // include_initial NumPy returns normally (readonly_errors.cpp leaves that case out)
          ErrorInput{SampleInput{{f64({3})}, {{"include_initial", true}}, "include_initial, read-only out="},
                     "ValueError", re + " output array is read-only", Variant::out,
                     zeros({}, DType::Float64).broadcast_to({4})},
      };
    };
    op.products = prod;  // an overflowing complex product: inf or nan per part, as cumprod's
    // PyTorch has no cumulative_sum/cumulative_prod: torch.cumsum/cumprod (dim required beyond
    // 1-d), with include_initial's identity concatenated in front.
    op.torch_ref = std::string("lambda x, dim=None, dtype=None, include_initial=False: (lambda d: (lambda c: "
                               "torch.cat([torch.full([1 if i == d % c.ndim else s for i, s in enumerate(c.shape)], ") +
                   (prod ? "1" : "0") + ", dtype=c.dtype), c], d) if include_initial else c)(torch." +
                   (prod ? "cumprod" : "cumsum") + "(x, d, dtype=dtype)))(0 if dim is None and x.ndim == 1 else dim)";
    db.push_back(std::move(op));
  }

  // ---- matrix_transpose ----
  {
    OpInfo op = entry_from_record("matrix_transpose", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return one(matrix_transpose(a[0].tensor()));
    });
    op.torch_ref = "lambda x: x.mT";
    op.sample_inputs = [](DType d) {
      Gen g = gen("matrix_transpose", d);
      return Samples{
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g({2, 3, 4})}, {}, "(2, 3, 4)"),
          sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
          sample({g.transposed()}, {}, "transposed (3, 4, 5)"),
          sample({g({789, 357})}, {}, "(789, 357)"),
      };
    };
    op.error_inputs = [] {
      return Errors{error({f64({3})}, {}, "ValueError", "\\[matrix_transpose\\].*at least 2-dimensional")};
    };
    db.push_back(std::move(op));
  }

  // ---- tensordot: axes=int, or axes_a=/axes_b= (the pair NumPy takes as axes=(a, b)) ----
  {
    OpInfo op = entry_from_record("tensordot", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const Tensor &x = a[0].tensor(), &y = a[1].tensor();
      if (find_kwarg(kw, "axes_a")) return one(tensordot(x, y, kvec(kw, "axes_a"), kvec(kw, "axes_b")));
      return one(tensordot(x, y, kint(kw, "axes", 2)));
    });
    op.nin = 2;
    op.numpy_ref = "lambda a, b, axes=2, axes_a=None, axes_b=None: "
                   "np.tensordot(a, b, axes=axes if axes_a is None else (list(axes_a), list(axes_b)))";
    op.torch_ref = "lambda a, b, axes=2, axes_a=None, axes_b=None: "
                   "torch.tensordot(a, b, dims=axes if axes_a is None else (list(axes_a), list(axes_b)))";
    op.jax_ref = "lambda a, b, axes=2, axes_a=None, axes_b=None: "
                 "jnp.tensordot(a, b, axes=axes if axes_a is None else (list(axes_a), list(axes_b)))";
    op.sum_of_products = true;
    op.discrepancies.push_back(product_overflow());
    op.sample_inputs = [](DType d) {
      Gen g = gen("tensordot", d);
      return Samples{
          sample({g({3, 4, 5}), g({4, 5, 6}, 1)}, {}, "(3, 4, 5) . (4, 5, 6) axes 2"),
          sample({g({3, 4}), g({4, 5}, 1)}, {{"axes", i64(1)}}, "(3, 4) . (4, 5) axes 1"),
          sample({g({3, 4}), g({5, 2}, 1)}, {{"axes", i64(0)}}, "(3, 4) . (5, 2) axes 0 (outer)"),
          sample({g({2, 3, 4}), g({4, 3, 2}, 1)}, {{"axes_a", tup({1, 0})}, {"axes_b", tup({1, 2})}},
                 "(2, 3, 4) . (4, 3, 2) axes ((1, 0), (1, 2))"),
          sample({g({3, 4}), g({4, 3}, 1)}, {{"axes_a", tup({-1})}, {"axes_b", tup({0})}}, "(3, 4) . (4, 3) axes ((-1,), (0,))"),
          sample({g({1, 0, 3}), g({3, 2}, 1)}, {{"axes", i64(1)}}, "(1, 0, 3) . (3, 2) axes 1"),
          sample({g({}), g({}, 1)}, {{"axes", i64(0)}}, "() . () axes 0"),
          sample({g({0}), g({0}, 1)}, {{"axes", i64(1)}}, "(0,) . (0,) axes 1"),
          sample({g.transposed(), g({5, 4}, 1)}, {{"axes_a", tup({1, 2})}, {"axes_b", tup({1, 0})}},
                 "transposed (3, 4, 5) . (5, 4) axes ((1, 2), (1, 0))"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4}), f64({5, 6})}, {{"axes", i64(1)}}, "ValueError", "\\[tensordot\\] shape-mismatch"),
          error({f64({3, 4}), f64({3, 4})}, {{"axes", i64(3)}}, "IndexError", "\\[tensordot\\].*out of range"),
          error({f64({3, 4}), f64({3, 4})}, {{"axes_a", tup({0, 1})}, {"axes_b", tup({0})}}, "ValueError",
                "\\[tensordot\\] shape-mismatch"),
          error({f64({3, 4}), f64({3, 4})}, {{"axes_a", tup({2})}, {"axes_b", tup({0})}}, "IndexError",
                "\\[tensordot\\].*out of range"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- vecdot ----
  {
    OpInfo op = entry_from_record("vecdot", [](Variant v, const Args& a, const Kwargs& kw, const Tensor& out) {
      const OutArg o = v == Variant::out ? OutArg(out) : OutArg();
      return one(vecdot(a[0].tensor(), a[1].tensor(), kint(kw, "axis", -1), o));
    });
    op.nin = 2;
    op.sum_of_products = true;
    op.torch_ref = "lambda a, b, axis=-1: torch.linalg.vecdot(a, b, dim=axis)";
    op.discrepancies.push_back(product_overflow());
    op.sample_inputs = [](DType d) {
      Gen g = gen("vecdot", d);
      return Samples{
          sample({g({20}), g({20}, 1)}, {}, "(20,) . (20,)"),
          sample({g({3, 4}), g({4}, 1)}, {}, "(3, 4) . (4,)"),
          sample({g({2, 1, 4}), g({3, 4}, 1)}, {}, "(2, 1, 4) . (3, 4) (broadcast)"),
          sample({g({3, 4}), g({3, 4}, 1)}, {{"axis", i64(0)}}, "(3, 4) . (3, 4) axis 0"),
          sample({g({0}), g({0}, 1)}, {}, "(0,) . (0,)"),
          sample({g({1, 0, 3}), g({3}, 1)}, {}, "(1, 0, 3) . (3,)"),
          sample({g.transposed(), g({3, 4, 5}, 1)}, {{"axis", i64(1)}}, "transposed (3, 4, 5) . (3, 4, 5) axis 1"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4}), f64({3})}, {}, "ValueError", "\\[vecdot\\].*mismatch in its core dimension"),
          error({f64({}), f64({3})}, {}, "ValueError", "\\[vecdot\\].*does not have enough dimensions"),
          error({f64({3, 4}), f64({4})}, {{"axis", i64(1)}}, "AxisError", "\\[vecdot\\].*out of bounds"),
          // out=: same_kind casting of the float64 loop (checked before the core dimensions), and
          // out's shape, to which the result's loop dimensions broadcast
          ErrorInput{SampleInput{{f64({3, 4}), f64({4})}, {}, "out= int64"}, "UFuncTypeError",
                     "\\[vecdot\\] Cannot cast ufunc 'vecdot' output from dtype\\('float64'\\) to dtype\\('int64'\\)",
                     Variant::out, zeros({3}, DType::Int64)},
          ErrorInput{SampleInput{{f64({3, 4}), f64({5})}, {}, "out= int8, core mismatch"}, "UFuncTypeError",
                     "\\[vecdot\\] Cannot cast ufunc 'vecdot'", Variant::out, zeros({3}, DType::Int8)},
          ErrorInput{SampleInput{{f64({3, 4}), f64({4})}, {}, "out= (2,)"}, "ValueError",
                     "\\[vecdot\\] operands could not be broadcast", Variant::out, zeros({2}, DType::Float64)},
          ErrorInput{SampleInput{{f64({3, 4}), f64({4})}, {}, "out= (2, 1)"}, "ValueError",
                     "\\[vecdot\\] non-broadcastable output operand", Variant::out, zeros({2, 1}, DType::Float64)},
      };
    };
    db.push_back(std::move(op));
  }

  // ---- broadcast_shapes: run on the sample tensors' shapes; the result as an int64 array ----
  {
    OpInfo op = entry_from_record("broadcast_shapes", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      std::vector<Shape> shapes;
      for (const Tensor& t : tensors(a)) shapes.push_back(t.shape());
      const Shape s = broadcast_shapes(shapes);
      return one(asarray(std::vector<int64_t>(s.begin(), s.end())));
    });
    op.numpy_ref = "lambda *xs: np.array(np.broadcast_shapes(*[x.shape for x in xs]), dtype=np.int64)";
    op.torch_ref = "lambda *xs: torch.tensor(torch.broadcast_shapes(*[x.shape for x in xs]), dtype=torch.int64)";
    op.jax_ref = "lambda *xs: jnp.array(jnp.broadcast_shapes(*[x.shape for x in xs]), dtype=jnp.int64)";
    op.sample_inputs = [](DType d) {
      Gen g = gen("broadcast_shapes", d);
      return Samples{
          sample({g({}), g({3, 1}, 1), g({1, 4}, 2)}, {}, "(), (3, 1), (1, 4)"),
          sample({g({0}), g({1}, 1)}, {}, "(0,), (1,)"),
          sample({g({1, 0, 3}), g({3}, 1)}, {}, "(1, 0, 3), (3,)"),
          sample({g({20})}, {}, "(20,) alone"),
          sample({g({})}, {}, "() alone"),
          sample({g({3, 4, 5}), g({4, 1}, 1)}, {}, "(3, 4, 5), (4, 1)"),
      };
    };
    op.error_inputs = [] {
      return Errors{error({f64({3}), f64({4})}, {}, "ValueError", "\\[broadcast_shapes\\].*shape mismatch")};
    };
    db.push_back(std::move(op));
  }

  // ---- finfo / iinfo: the fields as 0-d arrays (bits int64; the others in the field's dtype) ----
  {
    OpInfo op = entry_from_record("finfo", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      const FInfo f = finfo(a[0].tensor().dtype());
      return std::vector<Tensor>{scalar_of(Scalar(int64_t{f.bits}), DType::Int64), scalar_of(f.eps, f.dtype),
                                 scalar_of(f.max, f.dtype), scalar_of(f.min, f.dtype),
                                 scalar_of(f.smallest_normal, f.dtype), scalar_of(f.resolution, f.dtype)};
    });
    // ml_dtypes.finfo is np.finfo for NumPy's dtypes and knows bfloat16 too.
    op.numpy_ref = "lambda x: (lambda f: (np.asarray(f.bits, dtype=np.int64),) + tuple(np.asarray(v, dtype=f.dtype) "
                   "for v in (f.eps, f.max, f.min, f.smallest_normal, f.resolution)))(__import__('ml_dtypes').finfo(x.dtype))";
    // The same fields from torch.finfo and jnp.finfo, packed as NumPy's side packs them (a complex
    // dtype's fields in its real dtype).
    op.torch_ref = "lambda x: (lambda f: (torch.tensor(f.bits, dtype=torch.int64),) + tuple(torch.tensor(v, "
                   "dtype=x.real.dtype) for v in (f.eps, f.max, f.min, f.smallest_normal, f.resolution)))(torch.finfo(x.dtype))";
    op.jax_ref = "lambda x: (lambda f: (jnp.asarray(f.bits, dtype=jnp.int64),) + tuple(jnp.asarray(v, dtype=f.dtype) "
                 "for v in (f.eps, f.max, f.min, f.smallest_normal, f.resolution)))(jnp.finfo(x.dtype))";
    op.sample_inputs = [](DType d) {
      Gen g = gen("finfo", d);
      return Samples{sample({g({3})}, {}, "(3,)"), sample({g({})}, {}, "()")};
    };
    op.error_inputs = [] {
      return Errors{error({make_tensor({3}, DType::Int32, 1)}, {}, "ValueError", "\\[finfo\\].*not inexact")};
    };
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::UInt8,
                                      DType::UInt16, DType::UInt32, DType::UInt64},
         {"Dtypes"}, "a dtype that is not inexact raises ValueError, not TypeError",
         "np.finfo raises ValueError ('data type ... not inexact') for bool and integers, and so does the engine; "
         "the Dtypes suite expects an unclaimed dtype to raise TypeError (no loop)", ""});
    db.push_back(std::move(op));
  }
  {
    OpInfo op = entry_from_record("iinfo", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      const IInfo i = iinfo(a[0].tensor().dtype());
      return std::vector<Tensor>{scalar_of(Scalar(int64_t{i.bits}), DType::Int64), scalar_of(Scalar(i.min), i.dtype),
                                 scalar_of(Scalar(i.max), i.dtype)};
    });
    op.numpy_ref = "lambda x: (lambda i: (np.asarray(i.bits, dtype=np.int64), np.asarray(i.min, dtype=x.dtype), "
                   "np.asarray(i.max, dtype=x.dtype)))(np.iinfo(x.dtype))";
    op.torch_ref = "lambda x: (lambda i: (torch.tensor(i.bits, dtype=torch.int64), torch.tensor(i.min, dtype=x.dtype), "
                   "torch.tensor(i.max, dtype=x.dtype)))(torch.iinfo(x.dtype))";
    op.jax_ref = "lambda x: (lambda i: (jnp.asarray(i.bits, dtype=jnp.int64), jnp.asarray(i.min, dtype=x.dtype), "
                 "jnp.asarray(i.max, dtype=x.dtype)))(jnp.iinfo(x.dtype))";
    op.sample_inputs = [](DType d) {
      Gen g = gen("iinfo", d);
      return Samples{sample({g({3})}, {}, "(3,)")};
    };
    op.error_inputs = [] {
      return Errors{error({f64({3})}, {}, "ValueError", "\\[iinfo\\].*Invalid integer data type")};
    };
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {DType::Bool, DType::Float16, DType::BFloat16, DType::Float32, DType::Float64,
                                      DType::Complex64, DType::Complex128},
         {"Dtypes"}, "a dtype that is not an integer raises ValueError, not TypeError",
         "np.iinfo raises ValueError ('Invalid integer data type') for bool, floats and complex, and so does the "
         "engine; the Dtypes suite expects an unclaimed dtype to raise TypeError (no loop)", ""});
    db.push_back(std::move(op));
  }

  // ---- isdtype(x.dtype, kind): kind a string or a dtype ----
  {
    OpInfo op = entry_from_record("isdtype", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const KwValue* k = find_kwarg(kw, "kind");
      const DType d = a[0].tensor().dtype();
      const bool r = std::holds_alternative<DType>(*k) ? isdtype(d, DTypeKind(std::get<DType>(*k)))
                                                        : isdtype(d, DTypeKind(std::get<std::string>(*k)));
      return one(asarray(Scalar(r)));
    });
    op.dtypes_cpu = all_dtypes();
    op.dtypes_cpu.erase(std::find(op.dtypes_cpu.begin(), op.dtypes_cpu.end(), DType::BFloat16));
    op.numpy_ref = "lambda x, kind: np.asarray(np.isdtype(x.dtype, kind))";
    op.torch_missing = "PyTorch has no isdtype";
    op.jax_ref = "lambda x, kind: jnp.asarray(jnp.isdtype(x.dtype, kind))";
    op.sample_inputs = [](DType d) {
      Gen g = gen("isdtype", d);
      Samples s;
      for (const char* k : {"bool", "signed integer", "unsigned integer", "integral", "real floating",
                            "complex floating", "numeric"})
        s.push_back(sample({g({2})}, {{"kind", str(k)}}, std::string("kind '") + k + "'"));
      s.push_back(sample({g({2})}, {{"kind", KwValue(d)}}, "kind its own dtype"));
      s.push_back(sample({g({2})}, {{"kind", KwValue(DType::Float32)}}, "kind float32"));
      return s;
    };
    op.error_inputs = [] {
      return Errors{error({f64({2})}, {{"kind", str("foo")}}, "ValueError", "\\[isdtype\\].*not a known kind")};
    };
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo

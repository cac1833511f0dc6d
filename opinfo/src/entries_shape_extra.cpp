// Entries for NumPy's shape and matrix helpers of engine/src/ops/shape_extra.cpp: atleast_1d/2d/3d,
// vstack, hstack, dstack, column_stack, array_split, rot90, diag, diagflat, tri, vander, indices,
// kron, logspace, geomspace. Keyword names are NumPy's, so a sample's kwargs are passed to the
// NumPy reference unchanged.
#include <algorithm>
#include <limits>

#include "dtype_sets.h"
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }
Tensor of(const Shape& s, DType d) { return make_tensor(s, d, 1); }
std::vector<Tensor> one(Tensor t) { return {std::move(t)}; }
KwValue str(const char* s) { return KwValue(std::string(s)); }

// NumPy's casting= keyword, as concatenate reads it.
Casting kcasting(const Kwargs& kw, const std::string& op) {
  const KwValue* v = find_kwarg(kw, "casting");
  if (!v || !std::holds_alternative<std::string>(*v)) return Casting::same_kind;
  const std::string& s = std::get<std::string>(*v);
  for (Casting c : {Casting::no, Casting::equiv, Casting::safe, Casting::same_kind, Casting::unsafe})
    if (s == to_string(c)) return c;
  std::string m = "[";
  m += op;
  m += "] casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' (got '";
  m += s;
  m += "')";
  throw ValueError(m);
}
}  // namespace

void add_shape_extra_ops(std::vector<OpInfo>& db) {
  // ---- atleast_1d / atleast_2d / atleast_3d: one result per input ----
  for (int nd : {1, 2, 3}) {
    const std::string n = "atleast_" + std::to_string(nd) + "d";
    OpInfo op = entry_from_record(n, [nd](Variant, const Args& a, const Kwargs&, const Tensor&) {
      const std::vector<Tensor> xs = tensors(a);
      return nd == 1 ? atleast_1d(xs) : nd == 2 ? atleast_2d(xs) : atleast_3d(xs);
    });
    op.numpy_ref = "lambda *xs: np." + n + "(*xs)";
    op.torch_ref = "lambda *xs: torch." + n + "(*xs)";
    op.jax_ref = "lambda *xs: jnp." + n + "(*xs)";
    op.error_inputs = [] { return Errors{}; };
    op.sample_inputs = [n](DType d) {
      Gen g = gen(n, d);
      return Samples{
          sample({g({})}, {}, "()"),
          sample({g({0})}, {}, "(0,)"),
          sample({g({20})}, {}, "(20,)"),
          sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g.transposed()}, {}, "transposed (3, 4, 5)"),
          sample({g({}), g({3}, 1), g({2, 3}, 2), g({2, 3, 4}, 3)}, {}, "(), (3,), (2, 3), (2, 3, 4)"),
          sample({g({0}, 1), g({3, 4, 5}).transpose({1, 0, 2})}, {}, "(0,), transposed (4, 3, 5)"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- vstack / hstack: the tensors are the arguments; dtype= and casting= as NumPy's ----
  for (const char* nm : {"vstack", "hstack"}) {
    const std::string n = nm;
    const bool v = n == "vstack";
    OpInfo op = entry_from_record(n, [v, n](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const Casting c = kcasting(kw, n);
      return one(v ? vstack(tensors(a), kdtype(kw), c) : hstack(tensors(a), kdtype(kw), c));
    });
    op.numpy_ref = "lambda *xs, **kw: np." + n + "(xs, **kw)";
    // torch's has no dtype or casting: the result cast (a same_kind error is not raised there)
    op.torch_ref = "lambda *xs, dtype=None, casting='same_kind': (lambda r: r if dtype is None else r.to(dtype))(torch." +
                   n + "(xs))";
    op.jax_ref = "lambda *xs, casting='same_kind', **kw: jnp." + n + "(xs, **kw)";  // jnp's has no casting
    op.sample_inputs = [n, v](DType d) {
      Gen g = gen(n, d);
      Samples s{
          sample({g({})}, {}, "() alone"),
          sample({g({20}), g({20}, 1)}, {}, "(20,), (20,)"),
          sample({g({0}), g({0}, 1)}, {}, "(0,), (0,)"),
          sample({g({1, 0, 3}), g({1, 0, 3}, 1)}, {}, "(1, 0, 3) x2"),
          sample({g.transposed(), g({3, 4, 5}, 2)}, {}, "transposed (3, 4, 5), (3, 4, 5)"),
          sample({g({20})}, {{"dtype", KwValue(DType::Complex128)}}, "(20,) dtype complex128"),
          sample({g({3, 4}), g({3, 4}, 1)}, {{"dtype", KwValue(d)}, {"casting", str("no")}}, "(3, 4) x2 dtype d casting no"),
          sample({g({5})}, {{"dtype", KwValue(DType::Bool)}, {"casting", str("unsafe")}}, "(5,) dtype bool casting unsafe"),
      };
      if (v) {
        s.push_back(sample({g({}), g({1}, 1), g({1, 1}, 2)}, {}, "(), (1,), (1, 1)"));
        s.push_back(sample({g({4}), g({2, 4}, 1), g({0, 4}, 2)}, {}, "(4,), (2, 4), (0, 4)"));
        s.push_back(sample({g({2, 3, 4}), g({1, 3, 4}, 1)}, {}, "(2, 3, 4), (1, 3, 4)"));
      } else {
        s.push_back(sample({g({}), g({3}, 1), g({}, 2)}, {}, "(), (3,), ()"));
        s.push_back(sample({g({2, 3}), g({2, 1}, 1), g({2, 0}, 2)}, {}, "(2, 3), (2, 1), (2, 0)"));
        s.push_back(sample({g({3, 2, 4}), g({3, 1, 4}, 1)}, {}, "(3, 2, 4), (3, 1, 4)"));
      }
      return s;
    };
    op.error_inputs = [n, v] {
      const std::string p = "\\[" + n + "\\]";
      Errors e{
          error({}, {}, "ValueError", p + ".*need at least one array"),
          error({f64({3})}, {{"dtype", KwValue(DType::Int64)}}, "TypeError", p + ".*Cannot cast.*same_kind"),
          error({of({3}, DType::Int8)}, {{"dtype", KwValue(DType::Float16)}, {"casting", str("no")}}, "TypeError",
                p + ".*Cannot cast.*'no'"),
          error({of({3}, DType::Float32)}, {{"dtype", KwValue(DType::Float16)}, {"casting", str("safe")}}, "TypeError",
                p + ".*Cannot cast.*'safe'"),
          error({f64({3})}, {{"casting", str("foo")}}, "ValueError", p + ".*casting must be one of"),
      };
      if (v) {
        e.push_back(error({f64({3}), f64({4})}, {}, "ValueError", p + ".*must match exactly"));
        e.push_back(error({f64({2, 3, 4}), f64({3, 4})}, {}, "ValueError", p + ".*same number of dimensions"));
      } else {
        e.push_back(error({f64({2, 3}), f64({3, 3})}, {}, "ValueError", p + ".*must match exactly"));
        e.push_back(error({f64({3}), f64({2, 3})}, {}, "ValueError", p + ".*same number of dimensions"));
      }
      return e;
    };
    db.push_back(std::move(op));
  }

  // ---- dstack / column_stack ----
  for (const char* nm : {"dstack", "column_stack"}) {
    const std::string n = nm;
    const bool dst = n == "dstack";
    OpInfo op = entry_from_record(n, [dst](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return one(dst ? dstack(tensors(a)) : column_stack(tensors(a)));
    });
    op.numpy_ref = "lambda *xs: np." + n + "(xs)";
    op.torch_ref = "lambda *xs: torch." + n + "(xs)";
    op.jax_ref = "lambda *xs: jnp." + n + "(xs)";
    op.sample_inputs = [n](DType d) {
      Gen g = gen(n, d);
      return Samples{
          sample({g({})}, {}, "() alone"),
          sample({g({}), g({}, 1)}, {}, "(), ()"),
          sample({g({20}), g({20}, 1)}, {}, "(20,), (20,)"),
          sample({g({0}), g({0}, 1)}, {}, "(0,), (0,)"),
          sample({g({3, 4}), g({3, 4}, 1), g({3, 4}, 2)}, {}, "(3, 4) x3"),
          sample({g({4}), g({4, 2}, 1)}, {}, "(4,), (4, 2)"),
          sample({g({1, 0, 3}), g({1, 0, 3}, 1)}, {}, "(1, 0, 3) x2"),
          sample({g.transposed(), g({3, 4, 5}, 2)}, {}, "transposed (3, 4, 5), (3, 4, 5)"),
          sample({g({3, 4, 2}), g({3, 4, 1}, 1)}, {}, "(3, 4, 2), (3, 4, 1)"),
      };
    };
    op.error_inputs = [n] {
      const std::string p = "\\[" + n + "\\]";
      return Errors{
          error({}, {}, "ValueError", p + ".*need at least one array"),
          error({f64({2}), f64({3})}, {}, "ValueError", p + ".*must match exactly"),
          error({f64({2, 3, 4}), f64({2})}, {}, "ValueError", p + ".*(same number of dimensions|must match exactly)"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- array_split: indices_or_sections an int (sections) or a tuple (indices); one array per piece ----
  {
    OpInfo op = entry("array_split", "np.array_split", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const KwValue* s = find_kwarg(kw, "indices_or_sections");
      const int64_t axis = kint(kw, "axis", 0);
      if (std::holds_alternative<int64_t>(*s)) return array_split(a[0].tensor(), std::get<int64_t>(*s), axis);
      return array_split(a[0].tensor(), std::get<std::vector<int64_t>>(*s), axis);
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("array_split", d);
      return Samples{
          sample({g({0})}, {{"indices_or_sections", i64(1)}}, "(0,) 1"),
          sample({g({0})}, {{"indices_or_sections", i64(3)}}, "(0,) 3"),
          sample({g({1, 0, 3})}, {{"indices_or_sections", i64(2)}, {"axis", i64(-1)}}, "(1, 0, 3) 2 axis -1"),
          sample({g({20})}, {{"indices_or_sections", i64(3)}}, "(20,) 3 (unequal)"),
          sample({g({20})}, {{"indices_or_sections", i64(4)}}, "(20,) 4"),
          sample({g({5})}, {{"indices_or_sections", i64(7)}}, "(5,) 7 (empty pieces)"),
          sample({g({20})}, {{"indices_or_sections", tup({3, 7, 15})}}, "(20,) (3, 7, 15)"),
          sample({g({20})}, {{"indices_or_sections", tup({7, 3, 25, -2})}}, "(20,) (7, 3, 25, -2)"),
          sample({g({20})}, {{"indices_or_sections", tup({})}}, "(20,) ()"),
          sample({g({3, 4, 5})}, {{"indices_or_sections", i64(3)}, {"axis", i64(1)}}, "(3, 4, 5) 3 axis 1"),
          sample({g.transposed()}, {{"indices_or_sections", i64(2)}, {"axis", i64(-1)}}, "transposed (3, 4, 5) 2 axis -1"),
          sample({g.transposed()}, {{"indices_or_sections", tup({1, -1})}, {"axis", i64(0)}}, "transposed (3, 4, 5) (1, -1) axis 0"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({20})}, {{"indices_or_sections", i64(0)}}, "ValueError", "\\[array_split\\].*larger than 0"),
          error({f64({20})}, {{"indices_or_sections", i64(-2)}}, "ValueError", "\\[array_split\\].*larger than 0"),
          error({f64({20})}, {{"indices_or_sections", i64(2)}, {"axis", i64(1)}}, "IndexError", "\\[array_split\\]"),
          error({f64({})}, {{"indices_or_sections", i64(2)}}, "IndexError", "\\[array_split\\]"),
          error({f64({3})}, {{"indices_or_sections", i64(int64_t{1} << 40)}}, "MemoryError", "\\[array_split\\].*too many sections"),
      };
    };
    // torch.tensor_split takes NumPy's indices or section count, as np.array_split
    op.torch_ref = "lambda x, indices_or_sections, **kw: torch.tensor_split(x, indices_or_sections, **kw)";  // axis= is dim=
    db.push_back(std::move(op));
  }

  // ---- rot90 ----
  {
    OpInfo op = entry("rot90", "np.rot90", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      std::vector<int64_t> axes = has(kw, "axes") ? kvec(kw, "axes") : std::vector<int64_t>{0, 1};
      return one(rot90(a[0].tensor(), kint(kw, "k", 1), axes));
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("rot90", d);
      return Samples{
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g({3, 4})}, {{"k", i64(2)}}, "(3, 4) k 2"),
          sample({g({3, 4})}, {{"k", i64(3)}}, "(3, 4) k 3"),
          sample({g({3, 4})}, {{"k", i64(-1)}}, "(3, 4) k -1"),
          sample({g({3, 4})}, {{"k", i64(4)}}, "(3, 4) k 4"),
          sample({g({3, 4})}, {{"k", i64(-7)}, {"axes", tup({1, 0})}}, "(3, 4) k -7 axes (1, 0)"),
          sample({g({0, 3})}, {}, "(0, 3)"),
          sample({g({1, 0, 3})}, {{"axes", tup({-1, 0})}}, "(1, 0, 3) axes (-1, 0)"),
          sample({g.transposed()}, {{"k", i64(1)}, {"axes", tup({1, 2})}}, "transposed (3, 4, 5) axes (1, 2)"),
          sample({g.transposed()}, {{"k", i64(3)}, {"axes", tup({2, 0})}}, "transposed (3, 4, 5) k 3 axes (2, 0)"),
          sample({g({2, 3, 4})}, {{"k", i64(2)}, {"axes", tup({-3, -1})}}, "(2, 3, 4) k 2 axes (-3, -1)"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4})}, {{"axes", tup({0, 0})}}, "ValueError", "\\[rot90\\].*Axes must be different"),
          error({f64({3, 4})}, {{"axes", tup({0, -2})}}, "ValueError", "\\[rot90\\].*Axes must be different"),
          error({f64({3, 4})}, {{"axes", tup({0, 2})}}, "ValueError", "\\[rot90\\].*Axes must be different"),
          error({f64({3, 4, 5})}, {{"axes", tup({0, 5})}}, "ValueError", "\\[rot90\\].*out of range"),
          error({f64({3, 4})}, {{"axes", tup({0, 1, 1})}}, "ValueError", "\\[rot90\\].*len\\(axes\\) must be 2"),
          error({f64({5})}, {}, "ValueError", "\\[rot90\\].*Axes must be different"),
          error({f64({})}, {}, "ValueError", "\\[rot90\\].*out of range"),
      };
    };
    op.torch_ref = "lambda m, k=1, axes=(0, 1): torch.rot90(m, k, axes)";  // torch calls them dims
    db.push_back(std::move(op));
  }

  // ---- diag / diagflat ----
  {
    OpInfo op = entry("diag", "np.diag", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(diag(a[0].tensor(), kint(kw, "k", 0)));
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("diag", d);
      return Samples{
          sample({g({4})}, {}, "(4,)"),
          sample({g({4})}, {{"k", i64(2)}}, "(4,) k 2"),
          sample({g({4})}, {{"k", i64(-3)}}, "(4,) k -3"),
          sample({g({0})}, {}, "(0,)"),
          sample({g({0})}, {{"k", i64(-2)}}, "(0,) k -2"),
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g({3, 4})}, {{"k", i64(1)}}, "(3, 4) k 1"),
          sample({g({4, 3})}, {{"k", i64(-2)}}, "(4, 3) k -2"),
          sample({g({3, 4})}, {{"k", i64(9)}}, "(3, 4) k 9 (empty)"),
          sample({g({3, 4})}, {{"k", i64(-9)}}, "(3, 4) k -9 (empty)"),
          sample({g({0, 3})}, {}, "(0, 3)"),
          sample({g({40}).index({Slice(std::nullopt, std::nullopt, 2)})}, {{"k", i64(1)}}, "(40,)[::2] k 1"),
          sample({g({5, 4}).transpose()}, {{"k", i64(-1)}}, "transposed (4, 5) k -1"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({})}, {}, "ValueError", "\\[diag\\].*1- or 2-d"),
          error({f64({1, 0, 3})}, {}, "ValueError", "\\[diag\\].*1- or 2-d"),
          error({f64({3})}, {{"k", i64(int64_t{1} << 40)}}, "ValueError", "\\[diag\\].*array is too big"),
          error({f64({3, 3})}, {{"k", i64(int64_t{1} << 31)}}, "OverflowError", "\\[diag\\].*greater than maximum"),
          error({f64({3, 3})}, {{"k", i64(-(int64_t{1} << 31) - 1)}}, "OverflowError", "\\[diag\\].*less than minimum"),
      };
    };
    op.torch_ref = "lambda v, k=0: torch.diag(v, k)";  // torch calls it diagonal
    db.push_back(std::move(op));
  }
  {
    OpInfo op = entry("diagflat", "np.diagflat", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(diagflat(a[0].tensor(), kint(kw, "k", 0)));
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("diagflat", d);
      return Samples{
          sample({g({})}, {}, "()"),
          sample({g({0})}, {}, "(0,)"),
          sample({g({4})}, {{"k", i64(1)}}, "(4,) k 1"),
          sample({g({2, 2})}, {{"k", i64(-1)}}, "(2, 2) k -1"),
          sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
          sample({g({3, 2}).transpose()}, {{"k", i64(2)}}, "transposed (2, 3) k 2"),
          sample({g({2, 3, 2})}, {}, "(2, 3, 2)"),
      };
    };
    op.error_inputs = [] {
      return Errors{error({f64({3})}, {{"k", i64(int64_t{1} << 40)}}, "ValueError", "\\[diagflat\\].*array is too big")};
    };
    op.torch_ref = "lambda v, k=0: torch.diagflat(v, k)";  // torch calls it offset
    db.push_back(std::move(op));
  }

  // ---- tri: a creation op (dtype= an argument) ----
  {
    OpInfo op = entry("tri", "np.tri", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return one(tri(kint(kw, "N", 0), kopt_int(kw, "M"), kint(kw, "k", 0), kdtype(kw).value_or(DType::Float64)));
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
      add(3, none, 5, "3, k 5 (all ones)");
      add(3, none, -5, "3, k -5 (all zeros)");
      add(5, i64(0), 0, "5, 0");
      add(-2, none, 0, "-2 (empty)");
      add(3, i64(-1), 0, "3, -1 (empty)");
      return s;
    };
    op.error_inputs = [] {
      // NumPy's arange(N) (8 TiB) fails first
      return Errors{
          error({}, {{"N", i64(int64_t{1} << 40)}}, "MemoryError", "\\[tri\\].*Unable to allocate"),
          error({}, {{"N", i64(3)}, {"M", i64(4)}, {"k", i64(-std::numeric_limits<int64_t>::max())}}, "OverflowError",
                "\\[tri\\].*too large"),
      };
    };
    // torch has no tri: tril of ones is its spelling
    op.torch_ref = "lambda N, M=None, k=0, dtype=None: torch.tril(torch.ones(N, N if M is None else M, dtype=dtype), k)";
    db.push_back(std::move(op));
  }
  // ---- vander ----
  {
    OpInfo op = entry("vander", "np.vander", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(vander(a[0].tensor(), kopt_int(kw, "N"), kbool(kw, "increasing", false)));
    });
    op.products = true;  // multiply.accumulate: which of inf and nan an overflowing product gives
    op.dtypes_cpu = all_dtypes();  // but bfloat16: NumPy has no common dtype of bfloat16 and int64
    op.dtypes_cpu.erase(std::find(op.dtypes_cpu.begin(), op.dtypes_cpu.end(), DType::BFloat16));
    op.sample_inputs = [](DType d) {
      Gen g = gen("vander", d);
      return Samples{
          sample({g({4})}, {}, "(4,)"),
          sample({g({4})}, {{"N", i64(6)}}, "(4,) N 6"),
          sample({g({4})}, {{"N", i64(2)}, {"increasing", KwValue(true)}}, "(4,) N 2 increasing"),
          sample({g({5})}, {{"increasing", KwValue(true)}}, "(5,) increasing"),
          sample({g({4})}, {{"N", i64(0)}}, "(4,) N 0"),
          sample({g({4})}, {{"N", i64(1)}}, "(4,) N 1"),
          sample({g({0})}, {}, "(0,)"),
          sample({g({0})}, {{"N", i64(3)}}, "(0,) N 3"),
          sample({g({1})}, {{"N", none}}, "(1,) N None"),
          sample({g({40}).index({Slice(std::nullopt, std::nullopt, 2)})}, {{"N", i64(3)}}, "(40,)[::2] N 3"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({})}, {}, "ValueError", "\\[vander\\].*one-dimensional"),
          error({f64({2, 2})}, {}, "ValueError", "\\[vander\\].*one-dimensional"),
          error({f64({3})}, {{"N", i64(-1)}}, "ValueError", "\\[vander\\].*negative dimensions"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- indices: a creation op (dimensions and dtype are arguments); sparse gives one array per axis ----
  {
    OpInfo op = entry("indices", "np.indices", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return indices(kvec(kw, "dimensions"), kdtype(kw).value_or(DType::Int64), kbool(kw, "sparse", false));
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      auto add = [&](std::vector<int64_t> dims, bool sparse, const std::string& note) {
        s.push_back(sample({}, {{"dimensions", tup(std::move(dims))}, {"dtype", KwValue(d)}, {"sparse", KwValue(sparse)}}, note));
      };
      const int64_t m = d == DType::Bool ? 2 : 4;  // NumPy's arange gives bool ranges of at most 2
      add({2, m}, false, "(2, m)");
      add({}, false, "()");
      add({0}, false, "(0,)");
      add({1, 0, 2}, false, "(1, 0, 2)");
      add({m}, false, "(m,)");
      add({2, 1, m}, true, "(2, 1, m) sparse");
      add({}, true, "() sparse");
      add({0, 2}, true, "(0, 2) sparse");
      if (d == DType::Int64) s.push_back(sample({}, {{"dimensions", tup({3, 2})}}, "(3, 2) dtype default"));
      return s;
    };
    op.error_inputs = [] {
      return Errors{
          error({}, {{"dimensions", tup({2, -1})}}, "ValueError", "\\[indices\\].*negative dimensions"),
          error({}, {{"dimensions", tup({3})}, {"dtype", KwValue(DType::Bool)}}, "TypeError", "\\[indices\\].*booleans"),
      };
    };
    op.torch_missing = "torch has no indices (a torch user stacks torch.meshgrid of aranges)";
    db.push_back(std::move(op));
  }

  // ---- kron ----
  {
    OpInfo op = entry("kron", "np.kron", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return one(kron(a[0].tensor(), a[1].tensor()));
    });
    op.products = true;  // np.multiply: which of inf and nan an overflowing complex product gives
    op.sample_inputs = [](DType d) {
      Gen g = gen("kron", d);
      return Samples{
          sample({g({2, 3}), g({3, 2}, 1)}, {}, "(2, 3), (3, 2)"),
          sample({g({}), g({3}, 1)}, {}, "(), (3,)"),
          sample({g({3}), g({}, 1)}, {}, "(3,), ()"),
          sample({g({}), g({}, 1)}, {}, "(), ()"),
          sample({g({2}), g({2, 3}, 1)}, {}, "(2,), (2, 3)"),
          sample({g({2, 2, 2}), g({3}, 1)}, {}, "(2, 2, 2), (3,)"),
          sample({g({0}), g({3}, 1)}, {}, "(0,), (3,)"),
          sample({g({1, 0, 3}), g({2, 1, 2}, 1)}, {}, "(1, 0, 3), (2, 1, 2)"),
          sample({g.transposed(), g({2, 2}, 1)}, {}, "transposed (3, 4, 5), (2, 2)"),
          sample({g({20}), g({20}, 1)}, {}, "(20,), (20,)"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- logspace / geomspace: creation ops with Python-number endpoints ----
  {
    OpInfo op = entry("logspace", "np.logspace", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      const Scalar base = find_kwarg(kw, "base") ? kscalar(kw, "base") : Scalar(10.0);
      return one(logspace(kscalar(kw, "start"), kscalar(kw, "stop"), kint(kw, "num", 50), kbool(kw, "endpoint", true),
                          base, kdtype(kw)));
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      auto add = [&](KwValue a, KwValue b, int64_t num, bool endpoint, KwValue base, const std::string& note) {
        s.push_back(sample({}, {{"start", a}, {"stop", b}, {"num", i64(num)}, {"endpoint", KwValue(endpoint)}, {"base", base},
                                {"dtype", KwValue(d)}}, note));
      };
      add(i64(0), i64(2), 5, true, KwValue(10.0), "0, 2, 5");
      add(i64(0), i64(2), 4, false, KwValue(10.0), "0, 2, 4, endpoint=False");
      add(i64(1), i64(6), 6, true, i64(2), "1, 6, 6, base 2 (an int)");
      add(i64(0), i64(1), 0, true, KwValue(10.0), "num 0");
      add(i64(1), i64(1), 1, true, KwValue(10.0), "num 1");
      if (!is_unsigned_int(d) && d != DType::Bool) add(i64(2), i64(-1), 4, true, KwValue(10.0), "2, -1, 4 (decreasing)");
      if (is_inexact(d)) add(KwValue(-1.5), KwValue(2.25), 50, true, KwValue(3.5), "-1.5, 2.25, 50, base 3.5");
      if (d == DType::Float64) s.push_back(sample({}, {{"start", i64(0)}, {"stop", i64(1)}}, "dtype None, num default"));
      return s;
    };
    op.error_inputs = [] {
      return Errors{error({}, {{"start", i64(0)}, {"stop", i64(1)}, {"num", i64(-1)}}, "ValueError", "\\[logspace\\].*non-negative")};
    };
    // torch's has no endpoint: num + 1 points without the last one
    op.torch_ref = "lambda start, stop, num=50, endpoint=True, base=10.0, dtype=None: "
                   "torch.logspace(start, stop, num + (not endpoint), base, dtype=dtype)[:num]";
    db.push_back(std::move(op));
  }
  {
    OpInfo op = entry("geomspace", "np.geomspace", [](Variant, const Args&, const Kwargs& kw, const Tensor&) {
      return one(geomspace(kscalar(kw, "start"), kscalar(kw, "stop"), kint(kw, "num", 50), kbool(kw, "endpoint", true),
                           kdtype(kw)));
    });
    op.sample_inputs = [](DType d) {
      Samples s;
      auto add = [&](KwValue a, KwValue b, int64_t num, bool endpoint, const std::string& note) {
        s.push_back(sample({}, {{"start", a}, {"stop", b}, {"num", i64(num)}, {"endpoint", KwValue(endpoint)}, {"dtype", KwValue(d)}}, note));
      };
      add(i64(1), i64(100), 5, true, "1, 100, 5");
      add(i64(1), i64(100), 4, false, "1, 100, 4, endpoint=False");
      add(i64(1), i64(100), 0, true, "num 0");
      add(i64(3), i64(100), 1, true, "num 1");
      if (is_signed_int(d) || is_inexact(d)) add(i64(-1), i64(-100), 3, true, "-1, -100, 3 (negative)");
      if (is_inexact(d)) add(KwValue(0.5), KwValue(20.0), 50, true, "0.5, 20.0, 50");
      // integer dtypes truncate: powers that are not whole numbers would compare pow's last bits
      if (is_inexact(d)) add(i64(64), i64(2), 6, true, "64, 2, 6 (decreasing)");
      if (d == DType::Float64) s.push_back(sample({}, {{"start", i64(1)}, {"stop", i64(1000)}}, "dtype None, num default"));
      return s;
    };
    op.error_inputs = [] {
      return Errors{
          error({}, {{"start", i64(0)}, {"stop", i64(10)}}, "ValueError", "\\[geomspace\\].*cannot include zero"),
          error({}, {{"start", i64(1)}, {"stop", i64(10)}, {"num", i64(-1)}}, "ValueError", "\\[geomspace\\].*non-negative"),
      };
    };
    op.torch_missing = "torch has no geomspace";
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo

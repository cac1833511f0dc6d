// Entries for numpy.linalg's products, norms and matrix helpers without LAPACK
// (engine/src/linalg/products.cpp): linalg.vector_norm, linalg.cross, linalg.diagonal,
// linalg.trace, linalg.matrix_power, linalg.outer.
#include <cmath>
#include <limits>

#include "dtype_sets.h"
#include "entries_util.h"
#include "families.h"
#include "parity/linalg.h"

namespace parity::opinfo {

namespace {
using namespace util;

Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }
std::vector<Tensor> one(Tensor t) { return {std::move(t)}; }
double kdouble(const Kwargs& kw, const char* k, double dflt) {
  const KwValue* v = find_kwarg(kw, k);
  if (!v) return dflt;
  if (std::holds_alternative<int64_t>(*v)) return static_cast<double>(std::get<int64_t>(*v));
  if (std::holds_alternative<double>(*v)) return std::get<double>(*v);
  return dflt;
}
const double kInf = std::numeric_limits<double>::infinity();
}  // namespace

void add_linalg_product_ops(std::vector<OpInfo>& db) {
  // ---- linalg.vector_norm ----
  {
    OpInfo op = entry_from_record("linalg.vector_norm", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(linalg::vector_norm(a[0].tensor(), kaxes(kw, "axis"), kbool(kw, "keepdims", false), kdouble(kw, "ord", 2)));
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("linalg.vector_norm", d);
      return Samples{
          sample({g({20})}, {}, "(20,)"),
          sample({g({3, 4, 5})}, {}, "(3, 4, 5) (flattened)"),
          sample({g({3, 4, 5})}, {{"axis", i64(1)}}, "(3, 4, 5) axis 1"),
          sample({g({3, 4, 5})}, {{"axis", tup({0, 2})}, {"keepdims", true}}, "(3, 4, 5) axis (0, 2) keepdims"),
          sample({g({3, 4, 5})}, {{"axis", tup({2, 0})}}, "(3, 4, 5) axis (2, 0)"),
          sample({g({3, 4})}, {{"keepdims", true}}, "(3, 4) keepdims"),
          sample({g({20})}, {{"ord", i64(1)}}, "(20,) ord 1"),
          sample({g({3, 4})}, {{"ord", i64(3)}, {"axis", i64(-1)}}, "(3, 4) ord 3 axis -1"),
          sample({g({20})}, {{"ord", 0.5}}, "(20,) ord 0.5"),
          sample({g({20})}, {{"ord", -2.5}}, "(20,) ord -2.5"),
          sample({g({3, 4})}, {{"ord", kInf}, {"axis", i64(0)}}, "(3, 4) ord inf axis 0"),
          sample({g({3, 4})}, {{"ord", -kInf}, {"axis", i64(1)}}, "(3, 4) ord -inf axis 1"),
          sample({g({3, 4})}, {{"ord", i64(0)}, {"axis", i64(1)}}, "(3, 4) ord 0 axis 1"),
          sample({g({})}, {}, "()"),
          sample({g({0})}, {}, "(0,)"),
          sample({g({1, 0, 3})}, {{"axis", i64(1)}}, "(1, 0, 3) axis 1"),
          sample({g.transposed()}, {{"axis", tup({1, 2})}}, "transposed (3, 4, 5) axis (1, 2)"),
      };
    };
    op.tolerances.push_back(
        {DType::Float16, {4e-3, 1e-5},
         "float16 sums of |x|^2 (|x|^p) round to float16 at every step of NumPy's add.reduce, whose order over the "
         "transposed-and-merged axes of a tuple axis is its iterator's; 2 ulp (1.3e-3 relative) seen by the fuzzer"});
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4})}, {{"axis", i64(2)}}, "AxisError", "out of bounds"),
          error({f64({3, 4})}, {{"axis", tup({0, 0})}}, "ValueError", "repeated axis"),
          error({f64({0, 3})}, {{"ord", kInf}, {"axis", i64(0)}}, "ValueError", "zero-size array"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- linalg.cross ----
  {
    OpInfo op = entry_from_record("linalg.cross", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(linalg::cross(a[0].tensor(), a[1].tensor(), kint(kw, "axis", -1)));
    });
    op.nin = 2;
    op.sample_inputs = [](DType d) {
      Gen g = gen("linalg.cross", d);
      return Samples{
          sample({g({3}), g({3}, 1)}, {}, "(3,) x (3,)"),
          sample({g({4, 3}), g({3}, 1)}, {}, "(4, 3) x (3,)"),
          sample({g({2, 1, 3}), g({5, 3}, 1)}, {}, "(2, 1, 3) x (5, 3) (broadcast)"),
          sample({g({3, 4}), g({3, 4}, 1)}, {{"axis", i64(0)}}, "(3, 4) x (3, 4) axis 0"),
          sample({g({2, 3, 4}), g({3, 4}, 1)}, {{"axis", i64(-2)}}, "(2, 3, 4) x (3, 4) axis -2"),
          sample({g({0, 3}), g({0, 3}, 1)}, {}, "(0, 3) x (0, 3)"),
          sample({g.transposed(), g({3, 4, 5}, 1)}, {{"axis", i64(0)}}, "transposed (3, 4, 5) x (3, 4, 5) axis 0"),
      };
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({2}), f64({3})}, {}, "ValueError", "\\[linalg.cross\\].*3-dimensional vectors"),
          error({f64({3}), f64({3})}, {{"axis", i64(1)}}, "IndexError", "\\[linalg.cross\\].*out of range"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- linalg.diagonal / linalg.trace ----
  for (const char* nm : {"linalg.diagonal", "linalg.trace"}) {
    const bool tr = std::string(nm) == "linalg.trace";
    OpInfo op = entry_from_record(nm, [tr](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const int64_t off = kint(kw, "offset", 0);
      return one(tr ? linalg::trace(a[0].tensor(), off, kdtype(kw)) : linalg::diagonal(a[0].tensor(), off));
    });
    const std::string n = nm;
    // torch.trace takes 2-D input without offset and torch.linalg has no trace: the sum of
    // torch.diagonal over the last two axes is the porting user's call.
    if (tr) op.torch_ref = "lambda x, offset=0, dtype=None: torch.diagonal(x, offset, -2, -1).sum(-1, dtype=dtype)";
    op.sample_inputs = [n, tr](DType d) {
      Gen g = gen(n, d);
      Samples s{
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g({3, 4})}, {{"offset", i64(1)}}, "(3, 4) offset 1"),
          sample({g({4, 3})}, {{"offset", i64(-2)}}, "(4, 3) offset -2"),
          sample({g({3, 4})}, {{"offset", i64(5)}}, "(3, 4) offset 5 (empty)"),
          sample({g({3, 4})}, {{"offset", i64(-5)}}, "(3, 4) offset -5 (empty)"),
          sample({g({2, 3, 4})}, {}, "(2, 3, 4) (batch)"),
          sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
          sample({g.transposed()}, {{"offset", i64(-1)}}, "transposed (3, 4, 5) offset -1"),
      };
      if (tr && !is_complex(d)) s.push_back(sample({g({3, 3})}, {{"dtype", KwValue(DType::Float64)}}, "(3, 3) dtype float64"));
      return s;
    };
    op.error_inputs = [n] {
      return Errors{error({f64({3})}, {}, "ValueError", "\\[" + n + "\\].*at least two dimensions")};
    };
    if (tr)
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {}, {"Fuzz"}, "the accumulation order over an input not in C order",
           "NumPy sums the diagonal view of the input as laid out in memory (its iterator orders the axes by "
           "stride), so float16/bfloat16 traces of a transposed input round in another order than of the same "
           "values in C order; the engine sums a C-order copy of the diagonal (checked against NumPy by the "
           "NumpyRef suite, and across layouts by the Noncontiguous suite)",
           "", kReducedLayout});
    db.push_back(std::move(op));
  }

  // ---- linalg.matrix_power ----
  {
    OpInfo op = entry_from_record("linalg.matrix_power", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(linalg::matrix_power(a[0].tensor(), kint(kw, "n", 1)));
    });
    op.sum_of_products = true;
    op.sample_inputs = [](DType d) {
      const uint64_t seed = seed_of("linalg.matrix_power" + std::string(name(d)));
      auto m = [&](const Shape& s, int k) { return make_tensor(s, d, seed + 7919 * k + s.size(), -1.5, 1.5); };
      Samples s{
          sample({m({3, 3}, 0)}, {{"n", i64(0)}}, "(3, 3) n 0"),
          sample({m({3, 3}, 1)}, {{"n", i64(1)}}, "(3, 3) n 1"),
          sample({m({3, 3}, 2)}, {{"n", i64(2)}}, "(3, 3) n 2"),
          sample({m({3, 3}, 3)}, {{"n", i64(3)}}, "(3, 3) n 3"),
          sample({m({3, 3}, 4)}, {{"n", i64(5)}}, "(3, 3) n 5"),
          sample({m({2, 4, 4}, 5)}, {{"n", i64(6)}}, "(2, 4, 4) n 6 (batch)"),
          sample({m({0, 0}, 6)}, {{"n", i64(3)}}, "(0, 0) n 3"),
          sample({m({2, 0, 0}, 7)}, {{"n", i64(0)}}, "(2, 0, 0) n 0"),
          sample({m({1, 1}, 8)}, {{"n", i64(7)}}, "(1, 1) n 7"),
          sample({m({4, 4}, 9).transpose()}, {{"n", i64(4)}}, "transposed (4, 4) n 4"),
      };
      // n < 0 goes through linalg.inv, which refuses bfloat16 as LAPACK-less (linalg.inv's declared
      // Dtypes discrepancy; NumPy converts ml_dtypes' bfloat16 to float64).
      if (d != DType::BFloat16) {
        s.push_back(sample({m({3, 3}, 10)}, {{"n", i64(-1)}}, "(3, 3) n -1 (inv)"));
        s.push_back(sample({m({2, 3, 3}, 11)}, {{"n", i64(-3)}}, "(2, 3, 3) n -3 (batch)"));
      }
      return s;
    };
    op.error_inputs = [] {
      return Errors{
          error({f64({3})}, {{"n", i64(2)}}, "LinAlgError", "\\[linalg.matrix_power\\].*at least two-dimensional"),
          error({f64({2, 3})}, {{"n", i64(2)}}, "LinAlgError", "\\[linalg.matrix_power\\].*must be square"),
      };
    };
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {}, {"Fuzz"}, "rounding and inf/nan of repeated matrix products on fuzzed values",
         "a^n is a chain of matmuls, each summing in its BLAS's order (NumPy's bundled OpenBLAS, the engine's system "
         "OpenBLAS or its own loops): on the fuzzer's values (the whole range, specials) the products overflow "
         "(inf against nan depends on that order) or cancel to results far below the matrix's scale (-19.24 among "
         "entries of 5e4 differs by 1e-7 of the scale, 5e-5 of itself); the NumpyRef suite checks the op on "
         "moderate values with the default tolerances",
         ""});

    db.push_back(std::move(op));
  }

  // ---- linalg.outer (1-D vectors only) ----
  {
    OpInfo op = entry_from_record("linalg.outer", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return one(linalg::outer(a[0].tensor(), a[1].tensor()));
    });
    op.torch_ref = "torch.outer";  // 1-D vectors only, as numpy.linalg.outer; torch.linalg has no outer
    op.nin = 2;
    op.sample_inputs = [](DType d) {
      Gen g = gen("linalg.outer", d);
      return Samples{
          sample({g({20}), g({5}, 1)}, {}, "(20,) x (5,)"),
          sample({g({0}), g({3}, 1)}, {}, "(0,) x (3,)"),
          sample({g({3}), g({1}, 1)}, {}, "(3,) x (1,)"),
          sample({g({6}).index({Slice(std::nullopt, std::nullopt, -2)}), g({4}, 1)}, {}, "(6,)[::-2] x (4,)"),
      };
    };
    op.reference_inputs = [](DType d) {
      Tensor v = extremal_values(d);
      return Samples{sample({v, v}, {}, "extremal values, every product")};
    };
    op.error_inputs = [] {
      return Errors{error({f64({2, 2}), f64({2})}, {}, "ValueError", "\\[linalg.outer\\].*one-dimensional")};
    };
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo

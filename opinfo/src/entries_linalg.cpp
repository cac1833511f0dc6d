// Entries for the linear algebra ops (engine/src/ops/linalg.cpp): matmul (function, method,
// out=), dot (function, method), outer.
#include "dtype_sets.h"
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }

// Extremal values against each other: (n, 1) x (1, n) forms every product once (no sums, so the
// result is exact), (1, n) x (n, 1) sums them all (NaN when any special is involved).
Samples extremal_products(DType d) {
  Tensor v = extremal_values(d);
  const int64_t n = v.size();
  return Samples{sample({v.reshape({n, 1}), v.reshape({1, n})}, {}, "extremal values, every product"),
                 sample({v.reshape({1, n}), v.flip().reshape({n, 1})}, {}, "extremal values, one sum")};
}
// The (64, 789) @ (789, 32) sample sums 789 products of values in [-9, 9] (sum |a*b| ~ 1.6e4):
// NumPy's BLAS sums in blocked order, the engine in sequential order, and in float32 the two
// differ by up to ~3e-3 absolute (observed; both are that far from the exact result), far more
// than float32's default rtol allows where the sum cancels to a small value.
std::vector<ToleranceOverride> long_sum_tolerances() {
  const char* why = "789-term float32 sums: BLAS's blocked order vs the engine's sequential order; "
                    "differences of ~3e-3 absolute on sums of |a*b| ~ 1.6e4 (about 2e-7 of it)";
  return {{DType::Float32, {1.3e-6, 1e-2}, why}, {DType::Complex64, {1.3e-6, 1e-2}, why}};
}
// On a GPU, float32/float64 products (and complex ones with k > 1) go to cuBLAS, whose kernel and
// so whose order of summation depend on whether an operand is stored transposed: layouts of one
// product differ in the last bits there (1 ULP seen on an H200), and from the CPU's OpenBLAS as two
// blocked orders do. The op's own tolerances bound that.
std::vector<ToleranceOverride> cublas_order_tolerances() {
  const char* why32 = "cuBLAS sums in a blocked order chosen by the operands' layout (transposed or not): "
                      "float32 sums of 789 products round differently per layout and from the CPU's BLAS, "
                      "as two BLAS orders do (the op's float32 tolerance)";
  const char* why64 = "cuBLAS sums in a blocked order chosen by the operands' layout (transposed or not): "
                      "float64 products differ by an ULP or so per layout and from the CPU's BLAS (the default "
                      "float64 tolerance)";
  std::vector<ToleranceOverride> t;
  for (const auto& l : long_sum_tolerances()) t.push_back({l.dtype, l.tol, why32});
  for (DType d : {DType::Float64, DType::Complex128}) t.push_back({d, default_tolerance(d), why64});
  return t;
}
}  // namespace

void add_linalg_ops(std::vector<OpInfo>& db) {
  // ---- matmul ----
  {
    OpInfo op = entry("matmul", "np.matmul",
                      [](Variant v, const Args& a, const Kwargs&, const Tensor& out) {
                        const Tensor &x = a[0].tensor(), &y = a[1].tensor();
                        switch (v) {
                          case Variant::method: return std::vector<Tensor>{x.matmul(y)};
                          case Variant::out: return std::vector<Tensor>{matmul(x, y, out)};
                          default: return std::vector<Tensor>{matmul(x, y)};
                        }
                      });
    op.nin = 2;
    op.sample_inputs = [](DType d) {
      Gen g = gen("matmul", d);
      return Samples{
          sample({g({20}), g({20}, 1)}, {}, "(20,) @ (20,)"),
          sample({g({0}), g({0}, 1)}, {}, "(0,) @ (0,)"),
          sample({g({3, 0}), g({0, 4}, 1)}, {}, "(3, 0) @ (0, 4)"),
          sample({g({1, 0, 3}), g({3, 2}, 1)}, {}, "(1, 0, 3) @ (3, 2)"),
          sample({g({3, 4}), g({4, 5}, 1)}, {}, "(3, 4) @ (4, 5)"),
          sample({g({2, 3, 4}), g({4}, 1)}, {}, "(2, 3, 4) @ (4,)"),
          sample({g({4}), g({2, 4, 3}, 1)}, {}, "(4,) @ (2, 4, 3)"),
          sample({g({2, 1, 3, 4}), g({5, 4, 2}, 1)}, {}, "(2, 1, 3, 4) @ (5, 4, 2) (batch broadcast)"),
          sample({g({5, 4}).transpose(), g({5, 3}, 1)}, {}, "(5, 4).T @ (5, 3)"),
          sample({g({64, 789}), g({789, 32}, 1)}, {}, "(64, 789) @ (789, 32)"),
      };
    };
    op.reference_inputs = extremal_products;
    op.sum_of_products = true;
    op.products = true;
    op.tolerances = long_sum_tolerances();  // also bfloat16 @ bfloat16, a float32 result (ml_dtypes)
    op.device_tolerances = cublas_order_tolerances();
    op.aliases.push_back("linalg.matmul");  // numpy.linalg.matmul (no out=); matmul has no record yet
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4}), f64({5, 6})}, {}, "ValueError", "\\[matmul\\].*core dimension"),
          error({f64({}), f64({3})}, {}, "ValueError", "\\[matmul\\]"),
          error({f64({2, 3, 4}), f64({3, 4, 5})}, {}, "ValueError", "\\[matmul\\]"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- dot ----
  {
    OpInfo op = entry("dot", "np.dot",
                      [](Variant v, const Args& a, const Kwargs&, const Tensor&) {
                        const Tensor &x = a[0].tensor(), &y = a[1].tensor();
                        return std::vector<Tensor>{v == Variant::method ? x.dot(y) : dot(x, y)};
                      });
    op.numpy_method = "dot";
    op.nin = 2;
    op.sample_inputs = [](DType d) {
      Gen g = gen("dot", d);
      return Samples{
          sample({g({20}), g({20}, 1)}, {}, "(20,) . (20,)"),
          sample({g({0}), g({0}, 1)}, {}, "(0,) . (0,)"),
          sample({g({}), g({3, 4}, 1)}, {}, "() . (3, 4)"),
          sample({g({3, 4}), g({}, 1)}, {}, "(3, 4) . ()"),
          sample({g({1, 0, 3}), g({3}, 1)}, {}, "(1, 0, 3) . (3,)"),
          sample({g({3, 4}), g({4, 5}, 1)}, {}, "(3, 4) . (4, 5)"),
          sample({g({3, 4, 5}), g({5}, 1)}, {}, "(3, 4, 5) . (5,)"),
          sample({g({2, 3, 4}), g({5, 4, 6}, 1)}, {}, "(2, 3, 4) . (5, 4, 6)"),
          sample({g({64, 789}), g({789, 32}, 1)}, {}, "(64, 789) . (789, 32)"),
      };
    };
    op.reference_inputs = extremal_products;
    op.sum_of_products = true;
    op.products = true;
    op.tolerances = long_sum_tolerances();
    op.device_tolerances = cublas_order_tolerances();
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {DType::Complex64, DType::Complex128}, {},
         "products of complex infinities: np.dot's BLAS kernel gives nan where the textbook product gives inf",
         "np.dot hands larger complex matrices to BLAS (zgemm), whose kernel combines the partial products in "
         "another order: (inf+infj)*(inf-infj) gives nan+nanj there, but inf+nanj in np.multiply, np.matmul and "
         "np.dot on a 1x1 matrix; the engine computes the textbook product everywhere",
         "extremal values, every product"});
    op.error_inputs = [] {
      return Errors{
          error({f64({3, 4}), f64({5, 6})}, {}, "ValueError", "\\[dot\\].*not aligned"),
          error({f64({3}), f64({4})}, {}, "ValueError", "\\[dot\\].*not aligned"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- outer ----
  {
    OpInfo op = entry("outer", "np.outer",
                      [](Variant v, const Args& a, const Kwargs&, const Tensor& out) {
                        const OutArg o = v == Variant::out ? OutArg(out) : OutArg();
                        return std::vector<Tensor>{outer(a[0].tensor(), a[1].tensor(), o)};
                      });
    op.nin = 2;
    op.products = true;
    op.sample_inputs = [](DType d) {
      Gen g = gen("outer", d);
      return Samples{
          sample({g({20}), g({5}, 1)}, {}, "(20,) x (5,)"),
          sample({g({}), g({3}, 1)}, {}, "() x (3,)"),
          sample({g({0}), g({3}, 1)}, {}, "(0,) x (3,)"),
          sample({g({1, 0, 3}), g({2}, 1)}, {}, "(1, 0, 3) x (2,)"),
          sample({g({3, 4}), g({2, 2}, 1).transpose()}, {}, "(3, 4) x (2, 2).T (flattened)"),
      };
    };
    op.reference_inputs = [](DType d) {
      Tensor v = extremal_values(d);
      return Samples{sample({v, v}, {}, "extremal values, every product")};
    };
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo

// Entries for NumPy's ufuncs outside the row form (engine/src/ops/ufunc_special.cpp): divmod, modf,
// frexp (two outputs), ldexp (a float and an integer input), matvec and vecmat (gufuncs).
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"
#include "parity/samples.h"

namespace parity::opinfo {

namespace {
using namespace util;

std::vector<Tensor> pair(std::pair<Tensor, Tensor> p) { return {std::move(p.first), std::move(p.second)}; }
Tensor ints(const Shape& s, uint64_t seed, double lo, double hi) { return make_tensor(s, DType::Int64, seed, lo, hi); }
Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }
}  // namespace

void add_ufunc_special_ops(std::vector<OpInfo>& db) {
  // ---- divmod ----
  {
    OpInfo op = entry_from_record("divmod", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return pair(divmod(a[0], a[1]));
    });
    op.torch_missing = "PyTorch has no divmod (torch.floor_divide and torch.remainder)";
    op.sample_inputs = [](DType d) {
      Gen g = gen("divmod", d);
      return Samples{
          sample({g({20}), g({20}, 1)}, {}, "(20,), (20,)"),
          sample({g({3, 1}), g({4}, 1)}, {}, "broadcast (3, 1) with (4,)"),
          sample({g({2, 3}), ArrayLike(Scalar(int64_t{3}))}, {}, "weak scalar 3"),
          sample({g({}), g({0}, 1)}, {}, "(), (0,)"),
          sample({g.transposed(), g({5}, 1)}, {}, "transposed (3, 4, 5) with (5,)"),
      };
    };
    op.reference_inputs = [](DType d) { return elementwise_reference(d, 2); };
    op.error_inputs = [] {
      return Errors{error({f64({3}), f64({4})}, {}, "ValueError", "\\[divmod\\].*broadcast"),
                    error({f64({3}).astype(DType::Complex128), f64({3})}, {}, "TypeError", "\\[divmod\\]")};
    };
    db.push_back(std::move(op));
  }

  // ---- modf, frexp ----
  for (const char* nm : {"modf", "frexp"}) {
    const std::string n = nm;
    const bool is_modf = n == "modf";
    OpInfo op = entry_from_record(n, [is_modf](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return pair(is_modf ? modf(a[0]) : frexp(a[0]));
    });
    if (is_modf) op.torch_missing = "PyTorch has no modf (torch.frac and torch.trunc)";
    op.sample_inputs = [n](DType d) {
      Gen g = gen(n, d);
      return Samples{
          sample({g({20})}, {}, "(20,)"),
          sample({g({3, 4})}, {}, "(3, 4)"),
          sample({g({})}, {}, "()"),
          sample({g({1, 0, 3})}, {}, "(1, 0, 3)"),
          sample({g.transposed()}, {}, "transposed (3, 4, 5)"),
      };
    };
    op.reference_inputs = [](DType d) { return elementwise_reference(d, 1); };
    op.error_inputs = [n] {
      return Errors{error({f64({3}).astype(DType::Complex128)}, {}, "TypeError", "\\[" + n + "\\]")};
    };
    db.push_back(std::move(op));
  }

  // ---- ldexp: x1 of the claimed dtype, x2 integers ----
  {
    OpInfo op = entry_from_record("ldexp", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return std::vector<Tensor>{ldexp(a[0], a[1])};
    });
    op.sample_inputs = [](DType d) {
      Gen g = gen("ldexp", d);
      return Samples{
          sample({g({20}), ints({20}, 1, -20, 20)}, {}, "(20,), int64 exponents"),
          sample({g({3, 1}), ints({4}, 2, -5, 5).astype(DType::Int32)}, {}, "broadcast (3, 1) with int32 (4,)"),
          sample({g({2, 3}), ArrayLike(Scalar(int64_t{3}))}, {}, "weak exponent 3"),
          sample({g({4}), ints({4}, 3, 100, 2000)}, {}, "exponents past the float range (overflow)"),
          sample({g({4}), ints({4}, 4, -2000, -100)}, {}, "exponents below the float range (underflow)"),
          sample({g({0}), ints({0}, 5, 0, 1)}, {}, "(0,)"),
          sample({g.transposed(), ints({5}, 6, -3, 3).astype(DType::Int8)}, {}, "transposed (3, 4, 5), int8 (5,)"),
      };
    };
    op.error_inputs = [] {
      return Errors{error({f64({3}), f64({3})}, {}, "TypeError", "\\[ldexp\\]"),
                    error({f64({3}), ints({3}, 1, 0, 3).astype(DType::UInt64)}, {}, "TypeError", "\\[ldexp\\]"),
                    error({f64({3}), ints({4}, 1, 0, 3)}, {}, "ValueError", "\\[ldexp\\].*broadcast")};
    };
    db.push_back(std::move(op));
  }

  // ---- matvec, vecmat ----
  for (const char* nm : {"matvec", "vecmat"}) {
    const std::string n = nm;
    const bool mv = n == "matvec";
    OpInfo op = entry_from_record(n, [mv](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return std::vector<Tensor>{mv ? matvec(a[0].tensor(), a[1].tensor()) : vecmat(a[0].tensor(), a[1].tensor())};
    });
    op.sum_of_products = true;
    op.products = true;  // which of inf and nan an overflowing sum of products gives (matmul's declaration)
    op.torch_ref = mv ? "lambda a, b: torch.matmul(a, b.unsqueeze(-1)).squeeze(-1)"
                      : "lambda a, b: torch.matmul(a.conj().unsqueeze(-2), b).squeeze(-2)";
    op.sample_inputs = [n, mv](DType d) {
      Gen g = gen(n, d);
      // matvec(matrix, vector) with the matrix (..., m, n); vecmat(vector, matrix) with (..., n, m).
      auto two = [&](Shape m, const Shape& v, const std::string& note) {
        if (mv) return sample({g(m), g(v, 1)}, {}, note);
        std::swap(m[m.size() - 1], m[m.size() - 2]);
        return sample({g(v, 1), g(m)}, {}, note);
      };
      return Samples{
          two({3, 4}, {4}, "(3, 4) and (4,)"),
          two({2, 3, 4}, {4}, "batch (2, 3, 4) and (4,)"),
          two({2, 1, 3, 4}, {5, 4}, "broadcast batch (2, 1, 3, 4) and (5, 4)"),
          two({0, 3, 4}, {4}, "empty batch"),
          two({3, 0}, {0}, "n = 0"),
          mv ? sample({g.transposed(), g({5}, 1)}, {}, "transposed (3, 4, 5) and (5,)")
             : sample({g({4}, 1), g.transposed()}, {}, "(4,) and transposed (3, 4, 5)"),
      };
    };
    op.tolerances = {{DType::Float16, {1e-2, 1e-2}, "float16 sums of products rounded in another order than NumPy's"},
                     {DType::BFloat16, {5e-2, 5e-2}, "bfloat16 sums of products rounded in another order than NumPy's"}};
    if (!mv)
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {DType::Complex64, DType::Complex128}, {"Noncontiguous"},
           "complex vecmat of a matrix stored transposed: the last bit of a part",
           "conj(x1) as a (1, n) row times x2 goes to BLAS's complex gemm, whose kernel (and so its order of "
           "summation) depends on whether x2 is stored transposed; seen as one ULP in an imaginary part "
           "(-71.288419010092738 against -71.288419010092724). Each layout is within tolerance of NumPy (NumpyRef)",
           ""});
    op.error_inputs = [n, mv] {
      const std::string sig = mv ? "\\(m,n\\),\\(n\\)->\\(m\\)" : "\\(n\\),\\(n,m\\)->\\(m\\)";
      Errors e;
      e.push_back(mv ? error({f64({3}), f64({3})}, {}, "ValueError", "\\[matvec\\].*enough dimensions")
                     : error({f64({3}), f64({3})}, {}, "ValueError", "\\[vecmat\\].*enough dimensions"));
      e.push_back(mv ? error({f64({2, 3}), f64({4})}, {}, "ValueError", "\\[matvec\\].*mismatch.*" + sig)
                     : error({f64({3}), f64({4, 2})}, {}, "ValueError", "\\[vecmat\\].*mismatch.*" + sig));
      return e;
    };
    db.push_back(std::move(op));
  }
}

}  // namespace parity::opinfo

// Entries for numpy.linalg's decompositions, solvers and eigenvalues (engine/src/linalg/):
// cholesky, det, slogdet, inv, solve, eigh, eigvalsh, eig, eigvals, qr, svd, svdvals, pinv,
// matrix_rank, matrix_norm.
//
// Comparison rule for gauge-dependent results. Eigenvectors, singular vectors and the signs of a
// QR factorization are unique only up to a phase per vector (per column of Q / U / V, with the
// matching row of R / Vh), so NumPy's exact vectors cannot be compared elementwise. For those ops
// the entry's run function and its numpy_ref (a lambda) both return the same gauge-invariant
// quantities, which the suites compare elementwise (and Gradcheck differentiates: PyTorch's
// convention that only gauge-invariant losses have a gradient):
//   eigh:  (w, V diag(w) V^H, V^H V)
//   eig / eigvals: (sort(w), column norms of V, max|A V - V diag(w)| <= 1e-4 n max(|A|, 1)) / sort(w)
//   qr:    Q and R with R's diagonal made real positive (Q s, conj(s) R, s = sign of diag(R)), and
//          Q^H Q (complete mode: Q's extra columns are only an orthonormal basis); raw: (h, tau)
//   svd:   (S, U[..., :k] diag(S) Vh[..., :k, :], U^H U, Vh Vh^H)
// (|V| or |U| would be invariant only for distinct eigenvalues / singular values, which the
// integer and bool samples do not give.)
// Samples keep eigenvalues and singular values distinct (random matrices, SPD/Hermitian built as
// A A^H + n I), where those quantities are well defined.
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

#include "dtype_sets.h"
#include "entries_util.h"
#include "extreme_values.h"
#include "families.h"
#include "library_refs_linalg.h"
#include "parity/linalg.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

std::string kstr(const Kwargs& kw, const char* k, const std::string& dflt) {
  const KwValue* v = find_kwarg(kw, k);
  return v && std::holds_alternative<std::string>(*v) ? std::get<std::string>(*v) : dflt;
}
double kdouble(const Kwargs& kw, const char* k, double dflt) {
  const KwValue* v = find_kwarg(kw, k);
  if (!v) return dflt;
  if (std::holds_alternative<double>(*v)) return std::get<double>(*v);
  if (std::holds_alternative<int64_t>(*v)) return static_cast<double>(std::get<int64_t>(*v));
  return dflt;
}

Tensor mH(const Tensor& x) { return is_complex(x.dtype()) ? conj(x.swapaxes(-1, -2)) : x.swapaxes(-1, -2); }
Tensor diag_of(const Tensor& x) {
  return sum(multiply(x, eye(x.shape(-1), std::nullopt, 0, real_dtype(x.dtype()))), int64_t{-1});
}
// The last axis [from, to) (a view).
Tensor cols(const Tensor& x, int64_t to) {
  return x.index({TensorIndex(ellipsis), TensorIndex(Slice(std::nullopt, to))});
}
Tensor rows(const Tensor& x, int64_t to) {
  return x.index({TensorIndex(ellipsis), TensorIndex(Slice(std::nullopt, to)), TensorIndex(Slice())});
}

// Deterministic matrices: random (values in [-9, 9]), Hermitian positive definite A A^H + n I,
// Hermitian (A + A^H), an ill-conditioned one (a diagonal scaling of a random matrix).
struct M {
  DType d;
  uint64_t seed;
  bool exact() const { return is_integer(d) || d == DType::Bool; }
  // bool: a unit upper triangular pattern (never singular); integers: the dtype's values in [-9, 9]
  // ([0, 9] unsigned).
  Tensor rand(const Shape& s, int k = 0) const {
    if (d != DType::Bool) return make_tensor(s, d, seed + 7919 * static_cast<uint64_t>(k) + s.size());
    Tensor r = make_tensor(s, DType::Bool, seed + 7919 * static_cast<uint64_t>(k) + s.size());
    if (s.size() < 2) return r;  // a vector: no triangle (s[size - 2] would read before the shape)
    const int64_t rr = s[s.size() - 2], cc = s.back();
    return logical_or(logical_and(r, tri(rr, cc)), eye(rr, cc, 0, DType::Bool));
  }
  // The building values, in float64/complex128: small for integer dtypes (no overflow in A A^H).
  Tensor wide(const Shape& s, int k) const {
    const uint64_t sd = seed + 7919 * static_cast<uint64_t>(k) + s.size();
    if (exact()) return make_tensor(s, DType::Float64, sd, is_unsigned() ? 0 : -2, 2).round();
    return make_tensor(s, is_complex(d) ? DType::Complex128 : DType::Float64, sd);
  }
  bool is_unsigned() const { return d == DType::UInt8 || d == DType::UInt16 || d == DType::UInt32 || d == DType::UInt64; }
  // the strict upper triangle of an (r, c) matrix
  static Tensor tri(int64_t r, int64_t c) {
    Tensor t = zeros({r, c}, DType::Bool);
    for (int64_t i = 0; i < r; ++i)
      for (int64_t j = 0; j < c; ++j) t.data<bool>()[i * c + j] = j > i;
    return t;
  }
  Tensor spd(const Shape& s, int k = 0) const {
    if (d == DType::Bool) return broadcast_to(eye(s.back(), std::nullopt, 0, DType::Bool), s).copy();
    Tensor a = wide(s, k);
    Tensor r = add(matmul(a, mH(a)), multiply(eye(s.back(), std::nullopt, 0, DType::Float64), Scalar(static_cast<double>(s.back()))));
    return r.astype(d);
  }
  Tensor herm(const Shape& s, int k = 0) const {
    if (d == DType::Bool) {
      Tensor r = rand(s, k);
      return logical_or(r, r.swapaxes(-1, -2));
    }
    Tensor a = wide(s, k);
    return add(a, mH(a)).astype(d);
  }
  // condition number ~1e3 (integers: ~10): rows scaled by 1, 10, 100, 1000 (1, 2, 4, 8)
  Tensor ill(int64_t n, int k = 0) const {
    if (d == DType::Bool) return rand({n, n}, k);
    Tensor a = wide({n, n}, k);
    Tensor sc = zeros({n, 1}, DType::Float64);
    for (int64_t i = 0; i < n; ++i) sc.data<double>()[i] = std::pow(exact() ? 2.0 : 10.0, static_cast<double>(i % 4));
    return multiply(a, sc).astype(d);
  }
};
M mk(const std::string& op, DType d) { return {d, seed_of(op + name(d))}; }

Tensor f64(const Shape& s) { return make_tensor(s, DType::Float64, 1); }

// Errors every square-matrix op shares: 1-d, non-square, float16.
Errors square_errors(const std::string& op, bool square = true) {
  std::string re = "\\[" + op + "\\]";
  Errors e = {error({f64({3})}, {}, "LinAlgError", re + ".*at least two-dimensional"),
              error({make_tensor({2, 2}, DType::Float16, 1)}, {}, "TypeError", re + ".*float16 is unsupported")};
  if (square) e.push_back(error({f64({2, 3})}, {}, "LinAlgError", re + ".*must be square"));
  return e;
}

// The standard samples of a square-matrix op over matrices made by `f` (shape -> matrix).
template <class F> Samples square_samples(F f, const M& m) {
  (void)m;
  return Samples{
      sample({f(Shape{3, 3}, 0)}, {}, "(3, 3)"),
      sample({f(Shape{1, 1}, 1)}, {}, "(1, 1)"),
      sample({f(Shape{2, 4, 4}, 2)}, {}, "(2, 4, 4) batch"),
      sample({f(Shape{0, 3, 3}, 3)}, {}, "(0, 3, 3) empty batch"),
      sample({f(Shape{0, 0}, 4)}, {}, "(0, 0)"),
      sample({f(Shape{2, 0, 0}, 5)}, {}, "(2, 0, 0)"),
      sample({f(Shape{5, 5}, 6).transpose()}, {}, "(5, 5).T noncontiguous"),
      sample({f(Shape{2, 3, 3}, 7).swapaxes(0, 2)}, {}, "(3, 3, 2) from swapaxes"),
  };
}

std::vector<Tensor> one(Tensor t) { return {std::move(t)}; }

// eig: sort(w) (by real part, then imaginary part), V's column norms, and whether the residual
// max|A V - V diag(w)| is within 1e-4 n max(max|A|, 1).
Tensor sort_last(const Tensor& w) {
  Tensor c = w.astype(DType::Complex128).contiguous();
  const int64_t n = c.ndim() ? c.shape(-1) : 1;
  auto* p = c.data<std::complex<double>>();
  for (int64_t i = 0; n > 0 && i < c.size(); i += n)
    std::sort(p + i, p + i + n, [](std::complex<double> a, std::complex<double> b) {
      return a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
    });
  return is_complex(w.dtype()) ? c.astype(w.dtype()) : real(c).astype(w.dtype());
}
std::vector<Tensor> eig_invariants(const Tensor& a, const linalg::EigResult& r) {
  const Tensor &w = r.eigenvalues, &v = r.eigenvectors;
  Tensor norms = sqrt(sum(real(multiply(conj(v), v)), int64_t{-2}));
  const int64_t n = a.shape(-1);
  Shape bs(a.shape().begin(), a.shape().end() - 2);
  Tensor ok = zeros(bs, DType::Bool);
  if (ok.size() > 0) {
    Tensor res = abs(subtract(matmul(a, v), multiply(v, w.expand_dims({-2})))).astype(DType::Float64).reshape({ok.size(), -1});
    Tensor aa = abs(a).astype(DType::Float64).reshape({ok.size(), -1});
    Tensor okc = ok.reshape({ok.size()}).contiguous();
    for (int64_t b = 0; b < ok.size(); ++b) {
      double mr = 0, ma = 0;
      Tensor rb = res.index({TensorIndex(b)}).contiguous(), ab = aa.index({TensorIndex(b)}).contiguous();
      for (int64_t i = 0; i < rb.size(); ++i) mr = std::max(mr, rb.data<double>()[i]);
      for (int64_t i = 0; i < ab.size(); ++i) ma = std::max(ma, ab.data<double>()[i]);
      okc.data<bool>()[b] = mr <= 1e-4 * static_cast<double>(n) * std::max(ma, 1.0);
    }
    ok = okc.reshape(bs);
  }
  return {sort_last(w), norms, ok};
}

// qr: the factors with R's diagonal made real nonnegative.
Tensor diag_sign(const Tensor& R, int64_t k) {
  Tensor d = diag_of(rows(cols(R, k), k));
  Tensor z = equal(d, Scalar(0));
  return where(z, Scalar(1), divide(d, where(z, Scalar(1), abs(d))));
}

const char* kEighRef =
    "lambda a, **kw: (lambda w, v: (w, (v * w[..., None, :]) @ np.conj(np.swapaxes(v, -1, -2)), "
    "np.conj(np.swapaxes(v, -1, -2)) @ v))(*np.linalg.eigh(a, **kw))";
const char* kEigRef =
    "lambda a: (lambda w, v: (np.sort(w, axis=-1), np.sqrt(np.sum((np.conj(v) * v).real, axis=-2)), "
    "np.max(np.abs(a @ v - v * w[..., None, :]), axis=(-2, -1), initial=0) <= "
    "1e-4 * a.shape[-1] * np.maximum(np.max(np.abs(a), axis=(-2, -1), initial=0), 1)))(*np.linalg.eig(a))";
const char* kQrRef =
    "lambda a, mode='reduced': (lambda sg: (lambda r: r if mode == 'raw' else "
    "((lambda R, k: np.conj(sg(R, k))[..., :, None] * R[..., :k, :])(r, min(r.shape[-2:])) if mode == 'r' else "
    "(lambda q, R, k: (q[..., :k] * sg(R, k)[..., None, :], np.conj(sg(R, k))[..., :, None] * R[..., :k, :], "
    "np.conj(np.swapaxes(q, -1, -2)) @ q))(r[0], r[1], min(r[1].shape[-2:]))))(np.linalg.qr(a, mode=mode)))"
    "(lambda R, k: (lambda d: np.where(d == 0, 1, d / np.where(d == 0, 1, np.abs(d))))"
    "(np.diagonal(R[..., :k, :k], axis1=-2, axis2=-1)))";
const char* kSvdRef =
    "lambda a, full_matrices=True, compute_uv=True, hermitian=False: (lambda r: (lambda u, s, vh, k: (s, "
    "(u[..., :k] * s[..., None, :]) @ vh[..., :k, :], np.conj(np.swapaxes(u, -1, -2)) @ u, "
    "vh @ np.conj(np.swapaxes(vh, -1, -2))))(r[0], r[1], r[2], r[1].shape[-1]) if compute_uv else r)"
    "(np.linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv, hermitian=hermitian))";

// The tolerances of an op: float32/complex64 loosened to (r32, a32), float64/complex128 to
// (r64, a64) where that is looser than the default.
std::vector<ToleranceOverride> tols(double r32, double a32, double r64, double a64, const std::string& why) {
  const Tolerance d64 = default_tolerance(DType::Float64);
  const Tolerance t64{std::max(r64, d64.rtol), std::max(a64, d64.atol)};
  std::vector<ToleranceOverride> v = {{DType::Float32, {r32, a32}, why}, {DType::Complex64, {r32, a32}, why}};
  if (t64.rtol > d64.rtol || t64.atol > d64.atol) {
    v.push_back({DType::Float64, t64, why});
    v.push_back({DType::Complex128, t64, why});
  }
  return v;
}

Discrepancy gradcheck_skip(const std::string& note, const std::string& what, const std::string& why) {
  return {Discrepancy::Kind::skip, {}, {"Gradcheck"}, what, why + " (sample " + note + ")", note};
}

// A gradient that differs from torch.autograd's by convention, not by error (the gradient campaign
// against torch, `parity fuzz --grad --against torch`).
Discrepancy torch_gradient_convention(std::vector<DType> dtypes, const std::string& what, const std::string& why) {
  return {Discrepancy::Kind::differs, std::move(dtypes), {"FuzzGrad"}, what, why, "", "", "", "torch"};
}

// NumPy's bundled OpenBLAS SVD (dgesdd -> dbdsqr) does not return on some whole-range inputs
// (values from 2^-1074 to 2^1023 in one matrix): the fuzzer cannot run NumPy there (svd, pinv).
void fuzz_ordinary_values_only(OpInfo& op) {
  op.fuzz_ordinary_values = true;
  op.discrepancies.push_back({Discrepancy::Kind::skip, {}, {"Fuzz"}, "special and whole-range values are not fuzzed",
                              "NumPy's bundled OpenBLAS SVD (dgesdd, dbdsqr) did not return in 45 s on the "
                              "fuzzer's whole-range matrices (seed 2); the fuzzer draws ordinary values only",
                              ""});
}

}  // namespace

void add_linalg_lapack_ops(std::vector<OpInfo>& db) {
  const size_t first = db.size();
  const std::string lapack_why =
      "LAPACK (the system's OpenBLAS) against NumPy's bundled OpenBLAS: blocked algorithms in another order; "
      "errors scale with the condition number (samples up to ~1e3)";

  // ---- cholesky ----
  {
    OpInfo op = entry_from_record("linalg.cholesky", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(linalg::cholesky(a[0].tensor(), kbool(kw, "upper", false)));
    });
    op.sample_inputs = [](DType d) {
      M m = mk("cholesky", d);
      Samples s = square_samples([&](const Shape& sh, int k) { return m.spd(sh, k); }, m);
      s.push_back(sample({m.spd({4, 4}, 8)}, {{"upper", true}}, "(4, 4) upper=True"));
      s.push_back(sample({m.spd({2, 3, 3}, 9)}, {{"upper", true}}, "(2, 3, 3) upper=True"));
      return s;
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [] {
      Errors e = square_errors("linalg.cholesky");
      Tensor np = array(NestedList{NestedList{1.0, 2.0}, NestedList{2.0, 1.0}});
      e.push_back(error({np}, {}, "LinAlgError", "\\[linalg.cholesky\\].*not positive definite"));
      e.push_back(error({np.reshape({1, 2, 2})}, {{"upper", true}}, "LinAlgError", "not positive definite"));
      return e;
    };
    op.discrepancies.push_back(torch_gradient_convention(
        {DType::Complex128}, "the gradient of the diagonal's imaginary part",
        "LAPACK's potrf, as NumPy calls it, reads the real part of the diagonal only, so the result does not "
        "depend on the diagonal's imaginary parts and Parity's gradient there is zero; torch.linalg.cholesky's "
        "backward leaves an imaginary part on the diagonal (torch.linalg.cholesky(a) for a = [[2+0.1j]] is "
        "[[1.414+0j]], and its gradient for the cotangent 0.3+0.7j is 0.106+0.248j). Compare real(diag(grad)), "
        "or the gradients with their diagonals' imaginary parts zeroed"));
    db.push_back(std::move(op));
  }

  // ---- det, slogdet, inv ----
  for (const char* name : {"linalg.det", "linalg.slogdet", "linalg.inv"}) {
    const std::string n = name;
    OpInfo op = entry_from_record(n, [n](Variant, const Args& a, const Kwargs&, const Tensor&) {
      const Tensor& x = a[0].tensor();
      if (n == "linalg.det") return one(linalg::det(x));
      if (n == "linalg.inv") return one(linalg::inv(x));
      linalg::SlogdetResult r = linalg::slogdet(x);
      return std::vector<Tensor>{r.sign, r.logabsdet};
    });
    op.sample_inputs = [n](DType d) {
      M m = mk(n, d);
      Samples s = square_samples([&](const Shape& sh, int k) { return m.rand(sh, k); }, m);
      s.push_back(sample({m.spd({3, 3}, 10)}, {}, "(3, 3) Hermitian positive definite"));
      s.push_back(sample({m.ill(4, 11)}, {}, "(4, 4) ill-conditioned (~1e3)"));
      if (n != "linalg.inv") {
        Tensor sing = array(NestedList{NestedList{1.0, 2.0}, NestedList{2.0, 4.0}}).astype(d);
        s.push_back(sample({sing}, {}, "singular"));
      }
      return s;
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [n] {
      Errors e = square_errors(n);
      if (n == "linalg.inv") {
        Tensor sing = array(NestedList{NestedList{1.0, 2.0}, NestedList{2.0, 4.0}});
        e.push_back(error({sing}, {}, "LinAlgError", "\\[linalg.inv\\].*Singular matrix"));
        e.push_back(error({stack({eye(2), sing})}, {}, "LinAlgError", "Singular matrix"));
      }
      return e;
    };
    if (n != "linalg.inv")
      op.discrepancies.push_back(gradcheck_skip("singular", "the derivative at a singular matrix is not checked",
                                                "det/slogdet are not differentiable there (log|det| = -inf; the "
                                                "formula needs inv(a)), as in PyTorch"));
    db.push_back(std::move(op));
  }

  // ---- solve ----
  {
    OpInfo op = entry_from_record("linalg.solve", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return one(linalg::solve(a[0].tensor(), a[1].tensor()));
    });
    op.nin = 2;
    op.sample_inputs = [](DType d) {
      M m = mk("solve", d);
      return Samples{
          sample({m.rand({3, 3}), m.rand({3, 2}, 1)}, {}, "(3, 3), (3, 2)"),
          sample({m.rand({3, 3}), m.rand({3}, 1)}, {}, "(3, 3), (3,) vector"),
          sample({m.rand({2, 3, 3}), m.rand({3}, 1)}, {}, "(2, 3, 3), (3,) vector, broadcast"),
          sample({m.rand({2, 3, 3}), m.rand({2, 3, 1}, 1)}, {}, "(2, 3, 3), (2, 3, 1)"),
          sample({m.rand({2, 1, 3, 3}), m.rand({4, 3, 2}, 1)}, {}, "(2, 1, 3, 3), (4, 3, 2) batch broadcast"),
          sample({m.rand({3, 3}), m.rand({2, 3, 4}, 1)}, {}, "(3, 3), (2, 3, 4)"),
          sample({m.rand({0, 3, 3}), m.rand({0, 3, 2}, 1)}, {}, "(0, 3, 3), (0, 3, 2) empty batch"),
          sample({m.rand({0, 0}), m.rand({0, 2}, 1)}, {}, "(0, 0), (0, 2)"),
          sample({m.rand({3, 3}), m.rand({3, 0}, 1)}, {}, "(3, 3), (3, 0)"),
          sample({m.rand({4, 4}).transpose(), m.rand({3, 4}, 1).transpose()}, {}, "(4, 4).T, (3, 4).T noncontiguous"),
          sample({m.spd({3, 3}, 2), m.rand({3, 2}, 3)}, {}, "Hermitian positive definite"),
          sample({m.ill(4, 4), m.rand({4, 2}, 5)}, {}, "(4, 4) ill-conditioned (~1e3)"),
      };
    };
    op.tolerances = tols(1e-3, 1e-4, 1e-7, 1e-7,
                         lapack_why + "; solve's float32 results carry the condition number twice (LU of a, then the "
                                      "substitutions), rtol 1e-3");
    op.error_inputs = [] {
      Tensor sing = array(NestedList{NestedList{1.0, 2.0}, NestedList{2.0, 4.0}});
      return Errors{
          error({f64({3}), f64({3})}, {}, "LinAlgError", "\\[linalg.solve\\].*at least two-dimensional"),
          error({f64({2, 3}), f64({2})}, {}, "LinAlgError", "\\[linalg.solve\\].*must be square"),
          error({sing, f64({2})}, {}, "LinAlgError", "\\[linalg.solve\\].*Singular matrix"),
          error({f64({2, 2}), f64({3})}, {}, "ValueError", "\\[linalg.solve\\].*mismatch"),
          error({f64({2, 2}), f64({3, 2})}, {}, "ValueError", "\\[linalg.solve\\].*mismatch"),
          error({f64({2, 2}), f64({2, 3, 1})}, {}, "ValueError", "\\[linalg.solve\\].*mismatch"),
          error({make_tensor({2, 2}, DType::Float16, 1), f64({2})}, {}, "TypeError", "float16 is unsupported"),
      };
    };
    db.push_back(std::move(op));
  }

  // ---- eigh, eigvalsh ----
  for (const char* name : {"linalg.eigh", "linalg.eigvalsh"}) {
    const std::string n = name;
    const bool vecs = n == "linalg.eigh";
    OpInfo op = entry_from_record(n, [vecs](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const std::string uplo = kstr(kw, "UPLO", "L");
      if (!vecs) return one(linalg::eigvalsh(a[0].tensor(), uplo));
      linalg::EighResult r = linalg::eigh(a[0].tensor(), uplo);
      const Tensor &w = r.eigenvalues, &v = r.eigenvectors;
      return std::vector<Tensor>{w, matmul(multiply(v, w.expand_dims({-2})), mH(v)), matmul(mH(v), v)};
    });
    if (vecs) {
      op.numpy_ref = kEighRef;
      op.torch_ref = kTorchEighRef;
      op.jax_ref = jax_from_numpy_lambda(kEighRef);
    }
    op.sample_inputs = [n](DType d) {
      M m = mk(n, d);
      Samples s = square_samples([&](const Shape& sh, int k) { return m.herm(sh, k); }, m);
      s.push_back(sample({m.spd({4, 4}, 8)}, {}, "(4, 4) Hermitian positive definite"));
      s.push_back(sample({m.rand({4, 4}, 9)}, {{"UPLO", std::string("U")}}, "(4, 4) not Hermitian, UPLO='U'"));
      s.push_back(sample({m.rand({2, 3, 3}, 10)}, {{"UPLO", std::string("L")}}, "(2, 3, 3) not Hermitian, UPLO='L'"));
      return s;
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [n] {
      Errors e = square_errors(n);
      e.push_back(error({f64({2, 2})}, {{"UPLO", std::string("X")}}, "ValueError", "UPLO argument must be 'L' or 'U'"));
      return e;
    };
    op.discrepancies.push_back(torch_gradient_convention(
        {}, "the gradient in the triangle eigh does not read",
        "NumPy's eigh reads one triangle (UPLO='L' by default), so the derivative of NumPy's function in the "
        "other triangle is zero, as Parity computes; torch.linalg.eigh's backward returns the gradient for a "
        "Hermitian input, spread over both triangles. The two agree after symmetrising: (G + G^H) / 2 of "
        "torch's equals the same of Parity's"));
    db.push_back(std::move(op));
  }

  // ---- eig, eigvals ----
  for (const char* name : {"linalg.eig", "linalg.eigvals"}) {
    const std::string n = name;
    const bool vecs = n == "linalg.eig";
    OpInfo op = entry_from_record(n, [vecs](Variant, const Args& a, const Kwargs&, const Tensor&) {
      const Tensor& x = a[0].tensor();
      if (!vecs) return one(sort_last(linalg::eigvals(x)));
      return eig_invariants(x, linalg::eig(x));
    });
    op.numpy_ref = vecs ? kEigRef : "lambda a: np.sort(np.linalg.eigvals(a), axis=-1)";
    op.torch_ref = vecs ? kTorchEigRef : kTorchEigvalsRef;
    op.jax_ref = jax_from_numpy_lambda(op.numpy_ref);
    op.sample_inputs = [n](DType d) {
      M m = mk(n, d);
      Samples s = square_samples([&](const Shape& sh, int k) { return m.rand(sh, k); }, m);
      s.push_back(sample({m.herm({4, 4}, 8)}, {}, "(4, 4) Hermitian (real eigenvalues)"));
      Tensor rot = array(NestedList{NestedList{0.0, 1.0}, NestedList{-1.0, 0.0}}).astype(d);
      s.push_back(sample({rot}, {}, "rotation (eigenvalues +-i)"));
      s.push_back(sample({eye(3, std::nullopt, 0, DType::Float64).astype(d)}, {}, "identity"));
      return s;
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [n] {
      Errors e = square_errors(n);
      Tensor bad = array(NestedList{NestedList{std::numeric_limits<double>::quiet_NaN(), 1.0}, NestedList{1.0, 1.0}});
      e.push_back(error({bad}, {}, "LinAlgError", "must not contain infs or NaNs"));
      return e;
    };
    db.push_back(std::move(op));
  }

  // ---- qr ----
  {
    OpInfo op = entry_from_record("linalg.qr", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const std::string mode = kstr(kw, "mode", "reduced");
      linalg::QRResult r = linalg::qr(a[0].tensor(), mode);
      if (mode == "raw") return std::vector<Tensor>{r.Q, r.R};
      const int64_t k = std::min(r.R.shape(-2), r.R.shape(-1));
      Tensor s = diag_sign(r.R, k);
      Tensor rn = multiply(conj(s).expand_dims({-1}), rows(r.R, k));
      if (mode == "r") return one(rn);
      return std::vector<Tensor>{multiply(cols(r.Q, k), s.expand_dims({-2})), rn, matmul(mH(r.Q), r.Q)};
    });
    op.numpy_ref = kQrRef;
    op.torch_ref = kTorchQrRef;
    op.jax_ref = jax_from_numpy_lambda(kQrRef);
    op.sample_inputs = [](DType d) {
      M m = mk("qr", d);
      Samples s;
      for (const char* mode : {"reduced", "complete", "r", "raw"}) {
        const std::string md = mode;
        const Kwargs kw = md == "reduced" ? Kwargs{} : Kwargs{{"mode", md}};
        s.push_back(sample({m.rand({4, 3})}, kw, "(4, 3) " + md));
        s.push_back(sample({m.rand({3, 4}, 1)}, kw, "(3, 4) wide " + md));
        s.push_back(sample({m.rand({2, 3, 3}, 2)}, kw, "(2, 3, 3) " + md));
        s.push_back(sample({m.rand({0, 3, 2}, 3)}, kw, "(0, 3, 2) empty batch " + md));
        s.push_back(sample({m.rand({3, 0}, 4)}, kw, "(3, 0) " + md));
        s.push_back(sample({m.rand({0, 3}, 5)}, kw, "(0, 3) " + md));
        s.push_back(sample({m.rand({4, 5}, 6).transpose()}, kw, "(4, 5).T noncontiguous " + md));
      }
      return s;
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [] {
      Errors e = square_errors("linalg.qr", false);
      e.push_back(error({f64({2, 2})}, {{"mode", std::string("x")}}, "ValueError", "Unrecognized mode 'x'"));
      return e;
    };
    db.push_back(std::move(op));
  }

  // ---- svd, svdvals ----
  {
    OpInfo op = entry_from_record("linalg.svd", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      const bool full = kbool(kw, "full_matrices", true), uv = kbool(kw, "compute_uv", true);
      linalg::SVDResult r = linalg::svd(a[0].tensor(), full, uv, kbool(kw, "hermitian", false));
      if (!uv) return one(r.S);
      const int64_t k = r.S.shape(-1);
      return std::vector<Tensor>{r.S, matmul(multiply(cols(r.U, k), r.S.expand_dims({-2})), rows(r.Vh, k)),
                                 matmul(mH(r.U), r.U), matmul(r.Vh, mH(r.Vh))};
    });
    op.numpy_ref = kSvdRef;
    op.torch_ref = kTorchSvdRef;
    op.jax_ref = jax_from_numpy_lambda(kSvdRef);
    op.sample_inputs = [](DType d) {
      M m = mk("svd", d);
      const Kwargs red = {{"full_matrices", false}};
      return Samples{
          sample({m.rand({4, 3})}, {}, "(4, 3) full_matrices"),
          sample({m.rand({4, 3})}, red, "(4, 3)"),
          sample({m.rand({3, 5}, 1)}, red, "(3, 5)"),
          sample({m.rand({3, 3}, 2)}, {}, "(3, 3)"),
          sample({m.rand({2, 3, 4}, 3)}, red, "(2, 3, 4) batch"),
          sample({m.rand({3, 4}, 4)}, {{"compute_uv", false}}, "(3, 4) compute_uv=False"),
          sample({m.herm({4, 4}, 5)}, {{"hermitian", true}}, "(4, 4) hermitian=True"),
          sample({m.herm({3, 3}, 6)}, {{"hermitian", true}, {"compute_uv", false}}, "(3, 3) hermitian, no uv"),
          sample({m.rand({0, 3, 2}, 7)}, red, "(0, 3, 2) empty batch"),
          sample({m.rand({0, 3}, 8)}, {}, "(0, 3) full_matrices"),
          sample({m.rand({3, 0}, 9)}, red, "(3, 0)"),
          sample({m.rand({5, 4}, 10).transpose()}, red, "(5, 4).T noncontiguous"),
      };
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [] {
      Errors e = square_errors("linalg.svd", false);
      Tensor bad = array(NestedList{NestedList{std::numeric_limits<double>::quiet_NaN(), 1.0}, NestedList{1.0, 1.0}});
      e.push_back(error({bad}, {}, "LinAlgError", "SVD did not converge"));
      return e;
    };
    fuzz_ordinary_values_only(op);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = entry_from_record("linalg.svdvals", [](Variant, const Args& a, const Kwargs&, const Tensor&) {
      return one(linalg::svdvals(a[0].tensor()));
    });
    op.sample_inputs = [](DType d) {
      M m = mk("svdvals", d);
      return Samples{
          sample({m.rand({4, 3})}, {}, "(4, 3)"),
          sample({m.rand({3, 5}, 1)}, {}, "(3, 5)"),
          sample({m.rand({2, 3, 3}, 2)}, {}, "(2, 3, 3) batch"),
          sample({m.rand({0, 3, 2}, 3)}, {}, "(0, 3, 2) empty batch"),
          sample({m.rand({3, 0}, 4)}, {}, "(3, 0)"),
          sample({m.ill(4, 5)}, {}, "(4, 4) ill-conditioned (~1e3)"),
          sample({m.rand({5, 4}, 6).transpose()}, {}, "(5, 4).T noncontiguous"),
      };
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [] { return square_errors("linalg.svdvals", false); };
    db.push_back(std::move(op));
  }

  // ---- pinv, matrix_rank ----
  {
    OpInfo op = entry_from_record("linalg.pinv", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      return one(linalg::pinv(a[0].tensor(), kdouble(kw, "rcond", 1e-15), kbool(kw, "hermitian", false)));
    });
    op.sample_inputs = [](DType d) {
      M m = mk("pinv", d);
      Tensor sing = array(NestedList{NestedList{1.0, 2.0}, NestedList{2.0, 4.0}}).astype(d);
      return Samples{
          sample({m.rand({4, 3})}, {}, "(4, 3)"),
          sample({m.rand({3, 5}, 1)}, {}, "(3, 5)"),
          sample({m.rand({2, 3, 3}, 2)}, {}, "(2, 3, 3) batch"),
          sample({sing}, {{"rcond", 1e-6}}, "singular (rank 1), rcond=1e-6"),
          sample({m.rand({4, 4}, 3)}, {{"rcond", 0.3}}, "(4, 4) rcond=0.3"),
          sample({m.herm({4, 4}, 4)}, {{"hermitian", true}}, "(4, 4) hermitian=True"),
          sample({m.rand({0, 3, 2}, 5)}, {}, "(0, 3, 2) empty batch"),
          sample({m.rand({5, 4}, 6).transpose()}, {}, "(5, 4).T noncontiguous"),
      };
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [] { return square_errors("linalg.pinv", false); };
    fuzz_ordinary_values_only(op);
    db.push_back(std::move(op));
  }
  {
    OpInfo op = entry_from_record("linalg.matrix_rank", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      std::optional<double> tol;
      if (has(kw, "tol")) tol = kdouble(kw, "tol", 0);
      return one(linalg::matrix_rank(a[0].tensor(), tol, kbool(kw, "hermitian", false)));
    });
    op.sample_inputs = [](DType d) {
      M m = mk("matrix_rank", d);
      Tensor sing = array(NestedList{NestedList{1.0, 2.0}, NestedList{2.0, 4.0}}).astype(d);
      return Samples{
          sample({m.rand({4, 3})}, {}, "(4, 3)"),
          sample({m.rand({2, 3, 5}, 1)}, {}, "(2, 3, 5) batch"),
          sample({sing}, {}, "singular (rank 1)"),
          sample({stack({sing, sing.transpose()})}, {}, "(2, 2, 2) rank 1 each"),
          sample({m.rand({3, 3}, 2)}, {{"tol", 1e3}}, "(3, 3) tol=1e3"),
          sample({m.herm({4, 4}, 3)}, {{"hermitian", true}}, "(4, 4) hermitian=True"),
          sample({m.rand({3}, 4)}, {}, "(3,) a vector"),
          sample({zeros({3}, d)}, {}, "(3,) zeros"),
          sample({m.rand({0, 3, 2}, 5)}, {}, "(0, 3, 2) empty batch"),
      };
    };
    op.error_inputs = [] {
      return Errors{error({make_tensor({2, 2}, DType::Float16, 1)}, {}, "TypeError", "float16 is unsupported"),
                    error({f64({3, 0})}, {}, "ValueError", "zero-size array")};
    };
    db.push_back(std::move(op));
  }

  // ---- matrix_norm ----
  {
    OpInfo op = entry_from_record("linalg.matrix_norm", [](Variant, const Args& a, const Kwargs& kw, const Tensor&) {
      std::string ord = "fro";
      if (const KwValue* v = find_kwarg(kw, "ord")) {
        if (std::holds_alternative<std::string>(*v)) ord = std::get<std::string>(*v);
        else if (std::holds_alternative<int64_t>(*v)) ord = std::to_string(std::get<int64_t>(*v));
        else if (std::holds_alternative<double>(*v)) ord = std::get<double>(*v) > 0 ? "inf" : "-inf";
      }
      return one(linalg::matrix_norm(a[0].tensor(), kbool(kw, "keepdims", false), ord));
    });
    op.sample_inputs = [](DType d) {
      M m = mk("matrix_norm", d);
      const double inf = std::numeric_limits<double>::infinity();
      Samples s = {sample({m.rand({3, 4})}, {}, "(3, 4) fro"),
                   sample({m.rand({2, 3, 4}, 1)}, {{"keepdims", true}}, "(2, 3, 4) fro keepdims"),
                   sample({m.rand({0, 3, 2}, 2)}, {}, "(0, 3, 2) fro empty batch"),
                   sample({m.rand({5, 4}, 3).transpose()}, {}, "(5, 4).T fro noncontiguous")};
      const std::vector<std::pair<KwValue, std::string>> ords = {
          {KwValue(std::string("nuc")), "nuc"}, {KwValue(inf), "inf"}, {KwValue(-inf), "-inf"}, {i64(1), "1"},
          {i64(-1), "-1"},                      {i64(2), "2"},          {i64(-2), "-2"}};
      int k = 4;
      for (const auto& [o, nm] : ords) {
        s.push_back(sample({m.rand({3, 4}, k++)}, {{"ord", o}}, "(3, 4) ord=" + nm));
        s.push_back(sample({m.rand({2, 4, 3}, k++)}, {{"ord", o}, {"keepdims", true}}, "(2, 4, 3) ord=" + nm + " keepdims"));
      }
      return s;
    };
    op.tolerances = tols(1e-4, 1e-4, 1e-7, 1e-7, lapack_why);
    op.error_inputs = [] {
      return Errors{error({f64({3})}, {}, "AxisError", "\\[linalg.matrix_norm\\]"),
                    error({f64({3, 3})}, {{"ord", i64(3)}}, "ValueError", "Invalid norm order"),
                    error({make_tensor({2, 2}, DType::Float16, 1)}, {{"ord", i64(2)}}, "TypeError", "float16 is unsupported")};
    };
    db.push_back(std::move(op));
  }

  for (size_t i = first; i < db.size(); ++i) {
    OpInfo& op = db[i];
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs, {}, {"Fuzz"}, "NaN, infinite, huge or tiny matrix entries, exact 0/0.5/1 entries, or repeated rows/columns",
         "the fuzzer's special and whole-range values (and integer extremes converted to float64) make matrices "
         "(and, with exact 0, 0.5, 1 entries or repeated rows, exactly singular, rank-deficient or defective "
         "ones, where Q beyond the rank and real-vs-complex eigenvalues are rounding noise) whose result is decided by LAPACK's pivoting, scaling, overflow and NaN handling: the system's "
         "LAPACK and NumPy's bundled OpenBLAS differ there (singular or not, nan or inf, or which pivot), and "
         "NumPy's own wrappers add checks for some ops only (eig raises on NaN, cholesky does not)",
         "", kExtremeValues});
    op.discrepancies.push_back(
        {Discrepancy::Kind::differs,
         {DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::UInt8, DType::UInt16,
          DType::UInt32, DType::UInt64},
         {"Fuzz"}, "exactly singular or defective integer matrices",
         "the fuzzer's bool and integer matrices (small ranges, repeated rows, integer extremes) are often exactly "
         "singular, rank-deficient or defective: whether LU meets an exact zero pivot, geev returns a repeated "
         "eigenvalue as a real or a complex pair, or a cancelling sum rounds to 0 is decided by rounding, which "
         "differs between the system's LAPACK and NumPy's bundled OpenBLAS",
         ""});
    if (op.name == "linalg.inv" || op.name == "linalg.slogdet" || op.name == "linalg.det" || op.name == "linalg.solve" ||
        op.name == "linalg.pinv")
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {DType::Float32, DType::Complex64}, {"Fuzz"},
           "float32 results of ill-conditioned random matrices",
           "the fuzzer's random float32 matrices are at times nearly singular (condition ~1e4 and more): the "
           "error of either LU is then about cond * 6e-8, beyond the op's float32 tolerance (1e-4), and the two "
           "LAPACK builds round differently",
           ""});
    if (op.name != "linalg.matrix_norm")
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {DType::BFloat16}, {"Dtypes"}, "bfloat16 raises TypeError (as float16)",
           "LAPACK has no 16-bit floats: the engine refuses bfloat16 as NumPy refuses float16; NumPy's linalg "
           "does not see ml_dtypes' bfloat16 as a float type and converts it to float64 like an integer", ""});
    if (op.name == "linalg.qr" || op.name == "linalg.pinv")
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {}, {"Noncontiguous"}, "rank-deficient matrices from broadcast layouts",
           "the suite's broadcast (stride-0) layouts repeat one row: a rank-1 matrix, whose Q columns beyond the "
           "rank (qr) and whose rounding-level singular values (pinv: kept or cut by rcond) are rounding noise, "
           "different for the copy the suite compares with", ""});
    if (op.name == "linalg.eig" || op.name == "linalg.eigvals")
      op.discrepancies.push_back(
          {Discrepancy::Kind::differs, {}, {"Noncontiguous"}, "real or complex result on defective matrices",
           "the suite's broadcast (stride-0) layouts repeat one row: a rank-1 matrix with a repeated zero "
           "eigenvalue, which geev returns as two tiny reals or a tiny complex pair depending on rounding, so "
           "NumPy 2's real-if-all-real rule gives float or complex by chance", ""});
  }
}

}  // namespace parity::opinfo

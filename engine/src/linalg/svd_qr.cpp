// numpy.linalg.qr (LAPACK geqrf + orgqr/ungqr), svd and svdvals (gesdd; hermitian=True through
// eigh, as NumPy), pinv and matrix_rank (from the singular values, NumPy's formulas).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "lapack_batch.h"
#include "parity/autograd.h"
#include "parity/linalg.h"
#include "parity/op_record.h"

namespace parity {

PARITY_OP_RECORD({.name = "linalg.qr", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_gradgrad = "double backward is not claimed",
                  .grad = "mode 'reduced' with M >= N (and 'complete' on a square input): (gQ + Q copyltu(M)) R^-H, "
                          "M = gR R^H - Q^H gQ",
                  .no_grad_where = {
                      {.keywords = {{"mode", "reduced", {"r"}}},
                       .why = "mode='r' computes no Q, which the derivative of R needs (use mode='reduced')"},
                      {.keywords = {{"mode", "reduced", {"raw"}}},
                       .why = "mode='raw' returns LAPACK's Householder form (h, tau), which has no derivative here"},
                      {.keywords = {{"mode", "reduced", {"complete"}}}, .shape = MatrixShape::tall,
                       .why = "with mode='complete' and M > N, the extra columns of Q are any orthonormal basis of "
                              "the complement: not a function of a (PyTorch raises too)"},
                      {.shape = MatrixShape::wide,
                       .why = "not implemented for M < N (PyTorch differentiates this case; Parity's backward covers "
                              "M >= N)"}}});
PARITY_OP_RECORD({.name = "linalg.svd", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_gradgrad = "double backward is not claimed",
                  .grad = "PyTorch's convention: defined for losses invariant to the phase of each singular pair "
                          "(u_i, v_i), distinct nonzero singular values",
                  .no_grad_where = {{.keywords = {{"full_matrices", "True", {"True"}}, {"compute_uv", "True", {"True"}}},
                                     .shape = MatrixShape::non_square,
                                     .why = "with full_matrices=True and M != N, the extra columns of U (rows of Vh) "
                                            "are any orthonormal basis of the complement: not a function of a "
                                            "(use full_matrices=False; PyTorch raises too)"}}});
PARITY_OP_RECORD({.name = "linalg.svdvals", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_gradgrad = "double backward is not claimed", .grad = "U diag(gS) Vh (distinct singular values)"});
PARITY_OP_RECORD({.name = "linalg.pinv", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_grad = "not implemented yet (the cut-off of small singular values is not differentiable)"});
PARITY_OP_RECORD({.name = "linalg.matrix_rank", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_grad = "integer result"});

namespace linalg {

using namespace detail;

namespace {
constexpr const char* kQr = "linalg.qr";
constexpr const char* kSvd = "linalg.svd";
constexpr const char* kSvdvals = "linalg.svdvals";
constexpr const char* kPinv = "linalg.pinv";
constexpr const char* kRank = "linalg.matrix_rank";

Shape with(Shape s, std::initializer_list<int64_t> tail) {
  s.insert(s.end(), tail);
  return s;
}

// ---- QR ----
struct QrParts {
  Tensor q, r;
};

QrParts qr_forward(const Tensor& a, const std::string& mode) {
  if (mode != "reduced" && mode != "complete" && mode != "r" && mode != "raw")
    throw ValueError(op_msg(kQr, "Unrecognized mode '" + mode + "'"));
  auto [cd, w, m, n, nb] = lapack_input(a, kQr, false);
  const int64_t k = std::min(m, n);
  const Shape bs = batch_shape(a.shape());
  Tensor tau = zeros(with(bs, {k}), cd);
  if (nb > 0 && k > 0) {
    const lapack_int lm = lapack_dim(m, kQr), ln = lapack_dim(n, kQr);
    dispatch(cd, [&](auto z) {
      using T = decltype(z);
      T* p = w.data<T>();
      T* pt = tau.data<T>();
      for (int64_t b = 0; b < nb; ++b) {
        const lapack_int info = geqrf(lm, ln, p + b * m * n, pt + b * k);
        if (info < 0) throw ValueError(op_msg(kQr, "LAPACK geqrf: invalid argument " + std::to_string(-info)));
      }
      return 0;
    });
  }
  if (mode == "raw") return {mT(w).copy(), tau};
  const bool complete = mode == "complete";
  const int64_t rr = complete ? m : k;  // rows of R
  Tensor r = zeros(with(bs, {rr, n}), cd);
  const int64_t qc = complete ? m : k;  // columns of Q
  Tensor q = zeros(with(bs, {m, qc}), cd);
  if (nb > 0) {
    dispatch(cd, [&](auto z) {
      using T = decltype(z);
      const T* p = w.data<T>();
      T* pr = r.data<T>();
      T* pq = q.data<T>();
      const T* pt = tau.data<T>();
      for (int64_t b = 0; b < nb; ++b) {
        const T* wb = p + b * m * n;
        T* rb = pr + b * rr * n;
        for (int64_t i = 0; i < std::min(rr, m); ++i)
          for (int64_t j = i; j < n; ++j) rb[i * n + j] = wb[i * n + j];
        if (mode == "r") continue;
        T* qb = pq + b * m * qc;
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < std::min(k, qc); ++j) qb[i * qc + j] = wb[i * n + j];
        if (m == 0 || qc == 0) continue;
        if (k == 0) {  // no reflectors: Q = I
          for (int64_t i = 0; i < std::min(m, qc); ++i) qb[i * qc + i] = T(1);
          continue;
        }
        const lapack_int info = ungqr(lapack_dim(m, kQr), lapack_dim(qc, kQr), lapack_dim(k, kQr), qb, pt + b * k);
        if (info < 0) throw ValueError(op_msg(kQr, "LAPACK orgqr/ungqr: invalid argument " + std::to_string(-info)));
      }
      return 0;
    });
  }
  return {q, r};
}

// gA for the reduced QR of A (M >= N) given gQ and gR (either undefined).
Tensor qr_backward(const Tensor& A, const Tensor& gQ, const Tensor& gR) {
  QRResult f = qr(A, "reduced");
  const Tensor &Q = f.Q, &R = f.R;
  const int64_t n = A.shape(-1);
  const DType d = Q.dtype();
  Tensor M;
  if (gR.defined()) M = parity::matmul(gR, mH(R));
  if (gQ.defined()) {
    Tensor t = parity::matmul(mH(Q), gQ);
    M = M.defined() ? subtract(M, t) : negative(t);
  }
  // copyltu: M's strict upper triangle mirrored (conjugated) below, the real part on the diagonal
  Tensor I = eye(n, std::nullopt, 0, real_dtype(d));
  Tensor up = multiply(M, subtract(tri_mask(n, false, d), I));
  Tensor H = add(add(up, mH(up)), multiply(add(M, mH(M)), multiply(I, Scalar(0.5))));
  Tensor B = parity::matmul(Q, H);
  if (gQ.defined()) B = add(B, gQ);
  return mH(solve(R, mH(B)));  // B R^-H
}
}  // namespace

QRResult qr(const Tensor& a, const std::string& mode) {
  if (!autograd::needs_grad({a})) {
    QrParts p = qr_forward(a, mode);
    if (mode == "r") return {Tensor(), p.r};
    return {p.q, p.r};
  }
  QrParts p = qr_forward(plain(a), mode);
  if (const NoGradWhere* w = no_grad_at(kQr, {{"mode", mode}}, a.shape())) {
    Tensor r = autograd::record_not_differentiable(kQr, p.r, {a}, w->why);
    if (mode == "r") return {Tensor(), r};
    return {autograd::record_not_differentiable(kQr, p.q, {a}, w->why), r};
  }
  Tensor r = autograd::record(kQr, p.r, {a}, [sa = autograd::SavedTensor(a)](const Tensor& g) {
    return std::vector<Tensor>{qr_backward(sa.get(kQr), Tensor(), g)};
  });
  if (mode == "r") return {Tensor(), r};
  Tensor q = autograd::record(kQr, p.q, {a}, [sa = autograd::SavedTensor(a)](const Tensor& g) {
    return std::vector<Tensor>{qr_backward(sa.get(kQr), g, Tensor())};
  });
  return {q, r};
}

// ---- SVD ----
namespace {

// gesdd over the stack: S (..., k) real; with uv, U (..., m, m or k) and Vh (..., n or k, n).
SVDResult svd_forward(const Tensor& a, bool full, bool uv, const char* op) {
  auto [cd, w, m, n, nb] = lapack_input(a, op, false);
  check_finite(a.detach(), op, "SVD did not converge");
  const int64_t k = std::min(m, n);
  const Shape bs = batch_shape(a.shape());
  const int64_t uc = full ? m : k, vr = full ? n : k;
  Tensor s = zeros(with(bs, {k}), real_dtype(cd));
  Tensor u, vh;
  if (uv) {
    u = zeros(with(bs, {m, uc}), cd);
    vh = zeros(with(bs, {vr, n}), cd);
  }
  if (nb == 0) return {u, s, vh};
  if (k == 0) {  // an empty matrix: U and Vh are identities (complete) or empty
    if (uv) {
      u = eye_like(bs, m, cd).index({TensorIndex(ellipsis), TensorIndex(Slice()), TensorIndex(Slice(0, uc))}).copy();
      vh = eye_like(bs, n, cd).index({TensorIndex(ellipsis), TensorIndex(Slice(0, vr)), TensorIndex(Slice())}).copy();
    }
    return {u, s, vh};
  }
  const lapack_int lm = lapack_dim(m, op), ln = lapack_dim(n, op);
  const char jobz = !uv ? 'N' : (full ? 'A' : 'S');
  dispatch(cd, [&](auto z) {
    using T = decltype(z);
    using R = real_t<T>;
    T* p = w.data<T>();
    R* ps = s.data<R>();
    T* pu = uv ? u.data<T>() : nullptr;
    T* pv = uv ? vh.data<T>() : nullptr;
    for (int64_t b = 0; b < nb; ++b) {
      const lapack_int info = gesdd(jobz, lm, ln, p + b * m * n, ps + b * k, uv ? pu + b * m * uc : nullptr,
                                    lapack_dim(std::max<int64_t>(uc, 1), op), uv ? pv + b * vr * n : nullptr, ln);
      if (info > 0) throw LinAlgError(op_msg(op, "SVD did not converge"));
      if (info < 0) throw ValueError(op_msg(op, "LAPACK gesdd: invalid argument " + std::to_string(-info)));
    }
    return 0;
  });
  return {u, s, vh};
}

// hermitian=True (NumPy): eigh, singular values |w| in descending order (the reverse of a stable
// ascending sort), U the eigenvectors in that order, Vh = (U * sign(w))^H. Differentiable through
// eigh: the reordering is a constant permutation matrix.
SVDResult svd_hermitian(const Tensor& a, bool uv, const char* op) {
  check_square(a, op);
  compute_dtype(a.dtype(), op);
  Tensor w, V;
  if (uv) {
    EighResult e = eigh(a);
    w = e.eigenvalues;
    V = e.eigenvectors;
  } else {
    w = eigvalsh(a);
  }
  const int64_t n = a.shape(-1), nb = batch_count(a.shape());
  Tensor wd = w.detach().astype(DType::Float64).contiguous();
  Tensor P = zeros(with(batch_shape(a.shape()), {n, n}), w.dtype());
  Tensor Pd = P.astype(DType::Float64);
  const double* pw = wd.data<double>();
  double* pp = Pd.data<double>();
  std::vector<int64_t> idx(static_cast<size_t>(n));
  for (int64_t b = 0; b < nb; ++b) {
    std::iota(idx.begin(), idx.end(), int64_t{0});
    std::stable_sort(idx.begin(), idx.end(), [&](int64_t x, int64_t y) {
      return std::abs(pw[b * n + x]) < std::abs(pw[b * n + y]);
    });
    std::reverse(idx.begin(), idx.end());
    for (int64_t j = 0; j < n; ++j) pp[b * n * n + idx[static_cast<size_t>(j)] * n + j] = 1.0;
  }
  P = Pd.astype(w.dtype());
  Tensor s = parity::matmul(abs(w).expand_dims({-2}), P).squeeze(std::vector<int64_t>{-2});
  if (!uv) return {Tensor(), s, Tensor()};
  Tensor sg = parity::matmul(sign(w.detach()).expand_dims({-2}), P);  // (..., 1, n)
  Tensor U = parity::matmul(V, P.astype(V.dtype()));
  Tensor Vh = mH(multiply(U, sg));
  return {U, s, Vh};
}

// gA for the reduced SVD A = U diag(S) V^H with M >= N given gU, gS, gV (any undefined);
// PyTorch's formula:
//   gA = U [(F o (K_U - K_U^H)) S + S (F o (K_V - K_V^H)) + diag(gS) + i Im diag(K_U) / S] V^H
//        + (I - U U^H) gU S^-1 V^H,   K_U = U^H gU, K_V = V^H gV, F_ij = 1 / (s_j^2 - s_i^2).
Tensor svd_backward_tall(const Tensor& U, const Tensor& S, const Tensor& V, const Tensor& gU, const Tensor& gS,
                         const Tensor& gV) {
  const int64_t m = U.shape(-2), k = S.shape(-1);
  const DType d = U.dtype();
  Tensor inner = gS.defined() ? diag_embed(gS).astype(d) : zeros(with(batch_shape(U.shape()), {k, k}), d);
  if (gU.defined() || gV.defined()) {
    Tensor S2 = multiply(S, S);
    Tensor I = eye(k, std::nullopt, 0, S.dtype());
    Tensor F = multiply(reciprocal(add(subtract(S2.expand_dims({-2}), S2.expand_dims({-1})), I)), subtract(Scalar(1.0), I));
    Tensor Sm = diag_embed(S);
    if (gU.defined()) {
      Tensor KU = parity::matmul(mH(U), gU);
      inner = add(inner, parity::matmul(multiply(F, subtract(KU, mH(KU))), Sm));
      if (is_complex(d)) {
        Tensor dg = divide(imag(diagonal_of(KU)), S);
        inner = add(inner, multiply(diag_embed(dg), Scalar(std::complex<double>(0, 1))));
      }
    }
    if (gV.defined()) {
      Tensor KV = parity::matmul(mH(V), gV);
      inner = add(inner, parity::matmul(Sm, multiply(F, subtract(KV, mH(KV)))));
    }
  }
  Tensor gA = parity::matmul(parity::matmul(U, inner), mH(V));
  if (gU.defined() && m > k) {
    Tensor t = subtract(gU, parity::matmul(U, parity::matmul(mH(U), gU)));
    gA = add(gA, parity::matmul(divide(t, S.expand_dims({-2})), mH(V)));
  }
  return gA;
}

// gA given the gradients of U, S, Vh (any undefined) of svd(A, full_matrices=False). The factors
// are recomputed from A by the same LAPACK call as the forward (the same phases); a wide A is
// handled as A^H = V S U^H.
Tensor svd_backward(const Tensor& A, const Tensor& gU, const Tensor& gS, const Tensor& gVh) {
  SVDResult f = svd(A, false, true);
  Tensor V = mH(f.Vh);
  Tensor gV = gVh.defined() ? mH(gVh) : Tensor();
  if (A.shape(-2) >= A.shape(-1)) return svd_backward_tall(f.U, f.S, V, gU, gS, gV);
  return mH(svd_backward_tall(V, f.S, f.U, gV, gS, gU));
}
}  // namespace

SVDResult svd(const Tensor& a, bool full_matrices, bool compute_uv, bool hermitian) {
  if (hermitian) return svd_hermitian(a, compute_uv, kSvd);
  if (!autograd::needs_grad({a})) {
    SVDResult r = svd_forward(a, full_matrices, compute_uv, kSvd);
    return r;
  }
  SVDResult r = svd_forward(plain(a), full_matrices, compute_uv, kSvd);
  const NoGradWhere* undefined = no_grad_at(
      kSvd, {{"full_matrices", full_matrices ? "True" : "False"}, {"compute_uv", compute_uv ? "True" : "False"}},
      a.shape());
  auto rec = [&](const Tensor& t, int which) {
    if (undefined) return autograd::record_not_differentiable(kSvd, t, {a}, undefined->why);
    return autograd::record(kSvd, t, {a}, [sa = autograd::SavedTensor(a), which](const Tensor& g) {
      Tensor A = sa.get(kSvd);
      return std::vector<Tensor>{svd_backward(A, which == 0 ? g : Tensor(), which == 1 ? g : Tensor(),
                                              which == 2 ? g : Tensor())};
    });
  };
  if (!compute_uv) return {Tensor(), rec(r.S, 1), Tensor()};
  return {rec(r.U, 0), rec(r.S, 1), rec(r.Vh, 2)};
}

Tensor svdvals(const Tensor& a) {
  if (!autograd::needs_grad({a})) return svd_forward(a, false, false, kSvdvals).S;
  Tensor s = svd_forward(plain(a), false, false, kSvdvals).S;
  return autograd::record(kSvdvals, s, {a}, [sa = autograd::SavedTensor(a)](const Tensor& g) {
    return std::vector<Tensor>{svd_backward(sa.get(kSvdvals), Tensor(), g, Tensor())};
  });
}

Tensor pinv(const Tensor& a0, double rcond, bool hermitian) {
  Tensor a = a0.detach();
  check_matrix(a, kPinv);
  if (a.shape(-1) * a.shape(-2) == 0) {  // NumPy: an empty (..., N, M) of the input's dtype
    Shape s = batch_shape(a.shape());
    s.insert(s.end(), {a.shape(-1), a.shape(-2)});
    return autograd::record_not_differentiable(kPinv, empty(s, a.dtype()), {a0});
  }
  const DType cd = compute_dtype(a.dtype(), kPinv);
  Tensor ac = conj(a.astype(cd));
  SVDResult f = hermitian ? svd_hermitian(ac, true, kPinv) : svd_forward(ac, false, true, kPinv);
  Tensor cutoff = multiply(amax(f.S, int64_t{-1}, true), Scalar(rcond));
  Tensor large = greater(f.S, cutoff);
  Tensor sinv = where(large, divide(Scalar(1.0), where(large, f.S, Scalar(1.0))), Scalar(0.0)).astype(f.S.dtype());
  Tensor r = parity::matmul(mT(f.Vh), multiply(sinv.expand_dims({-1}), mT(f.U)));
  return autograd::record_not_differentiable(kPinv, r, {a0});
}

Tensor matrix_rank(const Tensor& a0, std::optional<double> tol, bool hermitian) {
  Tensor a = a0.detach();
  if (a.ndim() < 2) {  // NumPy: int(not all(A == 0)), for any dtype
    const bool nz = a.size() > 0 && any(not_equal(a, Scalar(0))).item<bool>();
    return full({}, Scalar(int64_t{nz ? 1 : 0}), DType::Int64);
  }
  Tensor S = hermitian ? svd_hermitian(a, false, kRank).S : svd_forward(a, false, false, kRank).S;
  Tensor t;
  if (tol) {
    t = full({}, Scalar(*tol), S.dtype());
  } else {
    if (S.shape(-1) == 0)
      throw ValueError(op_msg(kRank, "zero-size array to reduction operation maximum which has no identity"));
    const double eps = S.dtype() == DType::Float32 ? std::numeric_limits<float>::epsilon()
                                                   : std::numeric_limits<double>::epsilon();
    const double rtol = static_cast<double>(std::max(a.shape(-1), a.shape(-2))) * eps;
    t = multiply(amax(S, int64_t{-1}, true), Scalar(rtol)).astype(S.dtype());
  }
  return sum(greater(S, t), int64_t{-1}, false, DType::Int64);
}

}  // namespace linalg
}  // namespace parity

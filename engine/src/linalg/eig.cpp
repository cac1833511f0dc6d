// numpy.linalg.eigh / eigvalsh (LAPACK syevd/heevd, as NumPy) and eig / eigvals (geev).
#include <cmath>

#include "lapack_batch.h"
#include "parity/autograd.h"
#include "parity/linalg.h"
#include "parity/op_record.h"

namespace parity {

PARITY_OP_RECORD({.name = "linalg.eigh", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_gradgrad = "the first derivative is claimed (PyTorch's convention); double backward is not",
                  .grad = "PyTorch's convention: V (diag(gw) + F o (V^H gV)) V^H with F_ij = 1/(w_j - w_i), taken back "
                          "to the triangle read; well defined for the eigenvalues and, for eigenvectors, for losses "
                          "invariant to each eigenvector's phase when the eigenvalues are distinct"});
PARITY_OP_RECORD({.name = "linalg.eigvalsh", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_gradgrad = "double backward is not claimed",
                  .grad = "V diag(gw) V^H, taken back to the triangle read"});
PARITY_OP_RECORD({.name = "linalg.eig", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_grad = "not implemented: the general (non-Hermitian) eigendecomposition has no derivative here yet"});
PARITY_OP_RECORD({.name = "linalg.eigvals", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .no_grad = "not implemented: the general (non-Hermitian) eigenvalues have no derivative here yet"});

namespace linalg {

using namespace detail;

namespace {
constexpr const char* kEigh = "linalg.eigh";
constexpr const char* kEigvalsh = "linalg.eigvalsh";
constexpr const char* kEig = "linalg.eig";
constexpr const char* kEigvals = "linalg.eigvals";

bool lower_of(const std::string& uplo, const char* op) {
  if (uplo == "L" || uplo == "l") return true;
  if (uplo == "U" || uplo == "u") return false;
  throw ValueError(op_msg(op, "UPLO argument must be 'L' or 'U' (got '" + uplo + "')"));
}

// Eigenvalues (..., n) and, with vectors, eigenvectors (..., n, n).
std::pair<Tensor, Tensor> eigh_forward(const Tensor& a, bool lower, bool vectors, const char* op) {
  auto [cd, v, m_, n, nb] = lapack_input(a, op);
  Shape ws = batch_shape(a.shape());
  ws.push_back(n);
  Tensor w = empty(ws, real_dtype(cd));
  if (n == 0 || nb == 0) return {w, v};
  const lapack_int ln = lapack_dim(n, op);
  dispatch(cd, [&](auto z) {
    using T = decltype(z);
    using R = real_t<T>;
    T* pv = v.data<T>();
    R* pw = w.data<R>();
    for (int64_t b = 0; b < nb; ++b) {
      const lapack_int info = heevd(vectors ? 'V' : 'N', lower ? 'L' : 'U', ln, pv + b * n * n, pw + b * n);
      if (info > 0) throw LinAlgError(op_msg(op, "Eigenvalues did not converge"));
      if (info < 0) throw ValueError(op_msg(op, "LAPACK syevd/heevd: invalid argument " + std::to_string(-info)));
    }
    return 0;
  });
  return {w, v};
}

// The gradient with respect to the input (the triangle read) for eigenvalue gradient gw and
// eigenvector gradient gV (either undefined).
Tensor eigh_backward(const Tensor& A, bool lower, const Tensor& gw, const Tensor& gV) {
  EighResult e = eigh(A, lower ? "L" : "U");
  const Tensor &w = e.eigenvalues, &V = e.eigenvectors;
  const int64_t n = A.shape(-1);
  Tensor inner;
  if (gV.defined()) {
    // F_ij = 1 / (w_j - w_i) off the diagonal, 0 on it.
    Tensor E = subtract(w.expand_dims({-2}), w.expand_dims({-1}));
    Tensor I = eye(n, std::nullopt, 0, w.dtype());
    Tensor F = multiply(reciprocal(add(E, I)), subtract(Scalar(1.0), I));
    inner = multiply(parity::matmul(mH(V), gV), F);
  }
  if (gw.defined()) inner = inner.defined() ? add(inner, diag_embed(gw)) : diag_embed(gw);
  Tensor G = parity::matmul(parity::matmul(V, inner), mH(V));
  return multiply(add(G, mH(G)), triangle_weights(n, lower, G.dtype()));
}
}  // namespace

EighResult eigh(const Tensor& a, const std::string& UPLO) {
  const bool lower = lower_of(UPLO, kEigh);
  if (!autograd::needs_grad({a})) {
    auto [w, v] = eigh_forward(a, lower, true, kEigh);
    return {w, v};
  }
  auto [w, v] = eigh_forward(plain(a), lower, true, kEigh);
  Tensor wr = autograd::record(kEigh, w, {a}, [sa = autograd::SavedTensor(a), lower](const Tensor& g) {
    return std::vector<Tensor>{eigh_backward(sa.get(kEigh), lower, g, Tensor())};
  });
  Tensor vr = autograd::record(kEigh, v, {a}, [sa = autograd::SavedTensor(a), lower](const Tensor& g) {
    return std::vector<Tensor>{eigh_backward(sa.get(kEigh), lower, Tensor(), g)};
  });
  return {wr, vr};
}

Tensor eigvalsh(const Tensor& a, const std::string& UPLO) {
  const bool lower = lower_of(UPLO, kEigvalsh);
  if (!autograd::needs_grad({a})) return eigh_forward(a, lower, false, kEigvalsh).first;
  Tensor w = eigh_forward(plain(a), lower, false, kEigvalsh).first;
  return autograd::record(kEigvalsh, w, {a}, [sa = autograd::SavedTensor(a), lower](const Tensor& g) {
    return std::vector<Tensor>{eigh_backward(sa.get(kEigvalsh), lower, g, Tensor())};
  });
}

namespace {
// geev over the stack. Real input: complex results unless every eigenvalue is real (NumPy 2).
std::pair<Tensor, Tensor> eig_forward(const Tensor& a0, bool vectors, const char* op) {
  auto [cd, w, m_, n, nb] = lapack_input(a0, op);
  const Tensor a = a0.detach();
  check_finite(a, op, "Array must not contain infs or NaNs");
  Shape ws = batch_shape(a.shape());
  ws.push_back(n);
  Shape vs = ws;
  vs.push_back(n);
  const DType zd = complex_dtype(cd);
  Tensor wz = zeros(ws, zd), vz = zeros(vs, zd);
  if (n == 0 || nb == 0) return {empty(ws, cd), empty(vs, cd)};
  const lapack_int ln = lapack_dim(n, op);
  bool all_real = true;
  dispatch(cd, [&](auto z) {
    using T = decltype(z);
    using R = real_t<T>;
    using C = std::complex<R>;
    T* pa = w.data<T>();
    C* pw = wz.data<C>();
    C* pv = vz.data<C>();
    std::vector<T> vr(static_cast<size_t>(n * n));
    for (int64_t b = 0; b < nb; ++b) {
      T* m = pa + b * n * n;
      C* wb = pw + b * n;
      C* vb = pv + b * n * n;
      lapack_int info;
      if constexpr (is_complex_v<T>) {
        info = geev(vectors ? 'V' : 'N', ln, m, wb, vectors ? vb : nullptr);
      } else {
        std::vector<R> wr(static_cast<size_t>(n)), wi(static_cast<size_t>(n));
        info = geev(vectors ? 'V' : 'N', ln, m, wr.data(), wi.data(), vectors ? vr.data() : nullptr);
        if (info == 0) {
          for (int64_t j = 0; j < n; ++j) {
            wb[j] = C(wr[static_cast<size_t>(j)], wi[static_cast<size_t>(j)]);
            if (wi[static_cast<size_t>(j)] != 0) all_real = false;
          }
          if (vectors) {
            // a complex pair (wi[j] > 0): columns j and j+1 hold re and im of the first vector
            for (int64_t j = 0; j < n; ++j) {
              if (wi[static_cast<size_t>(j)] != 0 && j + 1 < n) {
                for (int64_t i = 0; i < n; ++i) {
                  const R re = vr[static_cast<size_t>(i * n + j)], im = vr[static_cast<size_t>(i * n + j + 1)];
                  vb[i * n + j] = C(re, im);
                  vb[i * n + j + 1] = C(re, -im);
                }
                ++j;
              } else {
                for (int64_t i = 0; i < n; ++i) vb[i * n + j] = C(vr[static_cast<size_t>(i * n + j)], 0);
              }
            }
          }
        }
      }
      if (info > 0) throw LinAlgError(op_msg(op, "Eigenvalues did not converge"));
      if (info < 0) throw ValueError(op_msg(op, "LAPACK geev: invalid argument " + std::to_string(-info)));
    }
    return 0;
  });
  if (!is_complex(cd) && all_real) return {real(wz).astype(cd), real(vz).astype(cd)};
  return {wz, vz};
}
}  // namespace

EigResult eig(const Tensor& a) {
  auto [w, v] = eig_forward(a, true, kEig);
  return {autograd::record_not_differentiable(kEig, w, {a}), autograd::record_not_differentiable(kEig, v, {a})};
}

Tensor eigvals(const Tensor& a) {
  return autograd::record_not_differentiable(kEigvals, eig_forward(a, false, kEigvals).first, {a});
}

}  // namespace linalg
}  // namespace parity

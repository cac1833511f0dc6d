// PyTorch's and JAX's calls for the linalg entries whose NumPy side is a lambda of gauge-invariant
// quantities (entries_linalg_lapack.cpp explains the rule). Each computes the same quantities from
// the library's own decomposition, so what differs is the library's answer, not the gauge:
// eigenvalues sorted by (real, imag), V diag(w) V^H and V^H V, Q and R with R's diagonal made real
// nonnegative, U diag(S) Vh. Where a library lacks a form (torch: qr mode 'raw', svd's hermitian and
// compute_uv keywords), the ref calls the nearest one a porting user would write, and the difference
// is a finding of the campaign, not a reason to skip.
#pragma once

#include <cctype>
#include <string>

namespace parity::opinfo {

// torch.sort has no complex kernel: sort by the imaginary part, then stably by the real part, as
// NumPy orders complex numbers (real first).
#define PARITY_TORCH_SORT_COMPLEX                                                                              \
  "(lambda w: (lambda w1: w1.gather(-1, torch.argsort(w1.real, dim=-1, stable=True)))(w.gather(-1, "        \
  "torch.argsort(w.imag, dim=-1, stable=True))) if w.is_complex() else torch.sort(w, dim=-1).values)"

// max over the last two axes of |t|, 0 for an empty matrix (NumPy's initial=0): pad one 0 on.
#define PARITY_TORCH_MAXABS "(lambda t: torch.nn.functional.pad(torch.abs(t).flatten(-2), (0, 1)).amax(-1))"

// torch.linalg.eigvals (PyTorch 2.15, CPU, MKL) kills the process with SIGSEGV on a matrix with a
// NaN entry (MKL: "Parameter 3 was incorrect on entry to DGEBAL"), and on inf entries whose
// balancing makes one (inf - inf); torch.linalg.eig checks and raises RuntimeError instead. The ref
// does not call it on non-finite input: the case is not comparable, with this reason.
inline const char* kTorchEigvalsRef =
    "lambda a: " PARITY_TORCH_SORT_COMPLEX "(torch.linalg.eigvals(a)) if bool(torch.isfinite(a).all()) else "
    "(_ for _ in ()).throw(_ParityNotComparable('torch.linalg.eigvals crashes the process (SIGSEGV in MKL gebal) on "
    "a matrix with NaN or inf entries: not run'))";

// torch.linalg.eig returns complex w and V for real a (NumPy: real where all are real): a is cast
// to V's dtype for the residual only.
inline const char* kTorchEigRef =
    "lambda a: (lambda w, v: (" PARITY_TORCH_SORT_COMPLEX "(w), torch.sqrt(torch.sum((v.conj() * v).real, dim=-2)), "
    PARITY_TORCH_MAXABS "(a.to(v.dtype) @ v - v * w[..., None, :]) <= 1e-4 * a.shape[-1] * torch.clamp("
    PARITY_TORCH_MAXABS "(a), min=1)))(*torch.linalg.eig(a))";

inline const char* kTorchEighRef =
    "lambda a, **kw: (lambda w, v: (w, (v * w[..., None, :]) @ v.mH, v.mH @ v))(*torch.linalg.eigh(a, **kw))";

// mode 'r': torch returns (empty Q, R); NumPy R alone. mode 'raw' does not exist in torch (a finding).
inline const char* kTorchQrRef =
    "lambda a, mode='reduced': (lambda sg: (lambda r: (lambda R, k: sg(R, k).conj()[..., :, None] * R[..., :k, :])"
    "(r[1], min(r[1].shape[-2:])) if mode == 'r' else (lambda q, R, k: (q[..., :k] * sg(R, k)[..., None, :], "
    "sg(R, k).conj()[..., :, None] * R[..., :k, :], q.mH @ q))(r[0], r[1], min(r[1].shape[-2:])))"
    "(torch.linalg.qr(a, mode=mode)))(lambda R, k: (lambda d: torch.where(d == 0, 1, d / torch.where(d == 0, 1, "
    "d.abs())))(torch.diagonal(R[..., :k, :k], dim1=-2, dim2=-1)))";

// torch.linalg.svd has no compute_uv (torch.linalg.svdvals is its call) and no hermitian (the
// porting user drops it: the same singular values and products).
inline const char* kTorchSvdRef =
    "lambda a, full_matrices=True, compute_uv=True, hermitian=False: (lambda r: (lambda u, s, vh, k: (s, "
    "(u[..., :k] * s[..., None, :]) @ vh[..., :k, :], u.mH @ u, vh @ vh.mH))(r[0], r[1], r[2], r[1].shape[-1]))"
    "(torch.linalg.svd(a, full_matrices=full_matrices)) if compute_uv else torch.linalg.svdvals(a)";

#undef PARITY_TORCH_SORT_COMPLEX
#undef PARITY_TORCH_MAXABS

// JAX: jax.numpy mirrors every NumPy call these lambdas make (jnp.linalg.eig runs on CPU), so its
// ref is the NumPy lambda with np. read as jnp.
inline std::string jax_from_numpy_lambda(const std::string& np_ref) {
  std::string out;
  for (size_t i = 0; i < np_ref.size(); ++i) {
    const bool word_start = i == 0 || !(std::isalnum(static_cast<unsigned char>(np_ref[i - 1])) || np_ref[i - 1] == '_');
    if (word_start && np_ref.compare(i, 3, "np.") == 0) out += 'j';
    out += np_ref[i];
  }
  return out;
}

}  // namespace parity::opinfo

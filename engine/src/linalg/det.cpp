// numpy.linalg.det and numpy.linalg.slogdet from an LU factorization (LAPACK getrf), as NumPy's
// umath_linalg: sign and log|det| accumulated over U's diagonal, det = sign * exp(logdet).
#include <cmath>
#include <limits>

#include "lapack_batch.h"
#include "parity/autograd.h"
#include "parity/linalg.h"
#include "parity/op_record.h"

namespace parity {

PARITY_OP_RECORD({.name = "linalg.det", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .grad = "g * conj(det(a)) * inv(a)^H (undefined at singular matrices)"});
PARITY_OP_RECORD({.name = "linalg.slogdet", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .grad = "logabsdet: g * inv(a)^H; sign (complex): -i Im(conj(g) sign) inv(a)^H, none for real "
                          "input (piecewise constant)"});

namespace linalg {

using namespace detail;

namespace {
constexpr const char* kDet = "linalg.det";
constexpr const char* kSlogdet = "linalg.slogdet";

// sign (dtype cd) and logabsdet (real dtype of cd), shaped like a's batch.
std::pair<Tensor, Tensor> slogdet_forward(const Tensor& a, const char* op) {
  auto [cd, w, m_, n, nb] = lapack_input(a, op);
  const Shape bs = batch_shape(a.shape());
  Tensor sign = empty(bs, cd), logdet = empty(bs, real_dtype(cd));
  if (nb == 0) return {sign, logdet};
  const lapack_int ln = lapack_dim(n, op);
  std::vector<lapack_int> piv(static_cast<size_t>(std::max<int64_t>(n, 1)));
  dispatch(cd, [&](auto z) {
    using T = decltype(z);
    using R = real_t<T>;
    T* p = w.data<T>();
    T* ps = sign.data<T>();
    R* pl = logdet.data<R>();
    for (int64_t b = 0; b < nb; ++b) {
      T s(1);
      R l(0);
      if (n > 0) {
        T* m = p + b * n * n;
        const lapack_int info = getrf(ln, ln, m, piv.data());
        if (info < 0) throw ValueError(op_msg(op, "LAPACK getrf: invalid argument " + std::to_string(-info)));
        if (info > 0) {
          s = T(0);
          l = -std::numeric_limits<R>::infinity();
        } else {
          int swaps = 0;
          for (int64_t i = 0; i < n; ++i) swaps += piv[static_cast<size_t>(i)] != i + 1;
          if (swaps % 2) s = T(-1);
          for (int64_t i = 0; i < n; ++i) {
            const T u = m[i * n + i];
            const R au = std::abs(u);
            s *= u / au;
            l += std::log(au);
          }
        }
      }
      ps[b] = s;
      pl[b] = l;
    }
    return 0;
  });
  return {sign, logdet};
}

Tensor det_forward(const Tensor& a) {
  auto [sign, logdet] = slogdet_forward(a, kDet);
  const DType cd = sign.dtype();
  Tensor d = empty(sign.shape(), cd);
  const int64_t nb = sign.size();
  dispatch(cd, [&](auto z) {
    using T = decltype(z);
    using R = real_t<T>;
    const T* ps = sign.data<T>();
    const R* pl = logdet.data<R>();
    T* pd = d.data<T>();
    for (int64_t i = 0; i < nb; ++i) pd[i] = ps[i] * T(std::exp(pl[i]));
    return 0;
  });
  return d;
}
}  // namespace

Tensor det(const Tensor& a) {
  if (!autograd::needs_grad({a})) return det_forward(a);
  Tensor r = det_forward(plain(a));
  return autograd::record(kDet, r, {a}, [sa = autograd::SavedTensor(a)](const Tensor& g) {
    Tensor A = sa.get(kDet);
    Tensor c = multiply(g, conj(det(A)));
    return std::vector<Tensor>{multiply(c.expand_dims({-1, -2}), mH(inv(A)))};
  });
}

SlogdetResult slogdet(const Tensor& a) {
  if (!autograd::needs_grad({a})) {
    auto [s, l] = slogdet_forward(a, kSlogdet);
    return {s, l};
  }
  auto [s, l] = slogdet_forward(plain(a), kSlogdet);
  const bool cplx = is_complex(s.dtype());
  Tensor sign = autograd::record(kSlogdet, s, {a}, [sa = autograd::SavedTensor(a), cplx](const Tensor& g) {
    Tensor A = sa.get(kSlogdet);
    if (!cplx) return std::vector<Tensor>{zeros_like(A)};
    // d sign = sign * i Im(tr(a^-1 da)): the gradient is -i Im(conj(g) sign) a^-H
    Tensor sg = slogdet(A).sign;
    Tensor k = imag(multiply(conj(g), sg));
    Tensor c = multiply(k, Scalar(std::complex<double>(0, -1)));
    return std::vector<Tensor>{multiply(c.expand_dims({-1, -2}), mH(inv(A)))};
  });
  Tensor logabsdet = autograd::record(kSlogdet, l, {a}, [sa = autograd::SavedTensor(a)](const Tensor& g) {
    Tensor A = sa.get(kSlogdet);
    return std::vector<Tensor>{multiply(g.expand_dims({-1, -2}), mH(inv(A)))};
  });
  return {sign, logabsdet};
}

}  // namespace linalg
}  // namespace parity

// numpy.linalg.cholesky (LAPACK potrf).
#include "lapack_batch.h"
#include "parity/autograd.h"
#include "parity/linalg.h"
#include "parity/op_record.h"

namespace parity {

PARITY_OP_RECORD({.name = "linalg.cholesky", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .grad = "PyTorch's formula L^-H Phi(L^H gL) L^-1, taken back to the triangle that is read "
                          "(the input's other triangle gets no gradient)"});

namespace linalg {

using namespace detail;

namespace {
constexpr const char* kOp = "linalg.cholesky";

Tensor cholesky_forward(const Tensor& a, bool upper) {
  auto [cd, w, m_, n, nb] = lapack_input(a, kOp);
  if (n == 0 || nb == 0) return w;
  const lapack_int ln = lapack_dim(n, kOp);
  dispatch(cd, [&](auto z) {
    using T = decltype(z);
    T* p = w.data<T>();
    for (int64_t b = 0; b < nb; ++b) {
      T* m = p + b * n * n;
      const lapack_int info = potrf(upper ? 'U' : 'L', ln, m);
      if (info > 0) throw LinAlgError(op_msg(kOp, "Matrix is not positive definite"));
      if (info < 0) throw ValueError(op_msg(kOp, "LAPACK potrf: invalid argument " + std::to_string(-info)));
      for (int64_t i = 0; i < n; ++i)  // the other triangle is zero
        for (int64_t j = 0; j < n; ++j)
          if (upper ? j < i : j > i) m[i * n + j] = T(0);
    }
    return 0;
  });
  return w;
}
}  // namespace

Tensor cholesky(const Tensor& a, bool upper) {
  if (!autograd::needs_grad({a})) return cholesky_forward(a, upper);
  Tensor r = cholesky_forward(plain(a), upper);
  return autograd::record(kOp, r, {a}, [sa = autograd::SavedTensor(a), upper](const Tensor& g) {
    // A = L L^H (L = U^H for upper). For the lower factor's gradient gL:
    // S = L^-H Phi(L^H gL) L^-1 with Phi the lower triangle, diagonal halved; S + S^H is the
    // gradient with respect to A as a Hermitian matrix, weighted back onto the triangle read.
    Tensor A = sa.get(kOp);
    Tensor F = cholesky(A, upper);
    Tensor L = upper ? mH(F) : F;
    Tensor gL = upper ? mH(g) : g;
    const int64_t n = A.shape(-1);
    const DType d = F.dtype();
    Tensor P = multiply(parity::matmul(mH(L), gL), triangle_weights(n, true, d));
    Tensor Linv = inv(L);
    Tensor S = parity::matmul(parity::matmul(mH(Linv), P), Linv);
    return std::vector<Tensor>{multiply(add(S, mH(S)), triangle_weights(n, !upper, d))};
  });
}

}  // namespace linalg
}  // namespace parity

// numpy.linalg.inv and numpy.linalg.solve (LAPACK gesv, as NumPy: inv solves a x = I).
#include "lapack_batch.h"
#include "parity/autograd.h"
#include "parity/linalg.h"
#include "parity/op_record.h"
#include "../require_cpu.h"

namespace parity {

PARITY_OP_RECORD({.name = "linalg.inv", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .grad = "-inv(a)^H g inv(a)^H"});
PARITY_OP_RECORD({.name = "linalg.solve", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::linalg,
                  .grad = "gb = solve(a^H, g), ga = -gb x^H"});

namespace linalg {

using namespace detail;

namespace {
constexpr const char* kInv = "linalg.inv";
constexpr const char* kSolve = "linalg.solve";

// Solves in place: a (nb, n, n) and b (nb, n, k), both contiguous working copies of dtype cd.
void gesv_batch(Tensor& a, Tensor& b, int64_t nb, int64_t n, int64_t k, DType cd, const char* op) {
  if (nb == 0 || n == 0 || k == 0) return;
  init_lapacke();
  const lapack_int ln = lapack_dim(n, op), lk = lapack_dim(k, op);
  std::vector<lapack_int> piv(static_cast<size_t>(n));
  dispatch(cd, [&](auto z) {
    using T = decltype(z);
    T* pa = a.data<T>();
    T* pb = b.data<T>();
    for (int64_t i = 0; i < nb; ++i) {
      const lapack_int info = gesv(ln, lk, pa + i * n * n, piv.data(), pb + i * n * k);
      if (info > 0) throw LinAlgError(op_msg(op, "Singular matrix"));
      if (info < 0) throw ValueError(op_msg(op, "LAPACK gesv: invalid argument " + std::to_string(-info)));
    }
    return 0;
  });
}

Tensor inv_forward(const Tensor& a) {
  auto [cd, w, m_, n, nb] = lapack_input(a, kInv);
  Tensor r = eye_like(batch_shape(a.shape()), n, cd);
  gesv_batch(w, r, nb, n, n, cd, kInv);
  return r;
}

Tensor solve_forward(const Tensor& a, const Tensor& b) {
  check_square(a, kSolve);
  require_cpu(a, kSolve);
  require_cpu(b, kSolve);
  const DType cd = compute_dtype(a.dtype(), b.dtype(), kSolve);
  const int64_t n = a.shape(-1);
  const bool vec = b.ndim() == 1;
  if (b.ndim() == 0) throw ValueError(op_msg(kSolve, "b must be at least one-dimensional (got a 0-d array)"));
  if (vec ? b.shape(0) != n : b.shape(-2) != n) {
    const int64_t got = vec ? b.shape(0) : b.shape(-2);
    throw ValueError(op_msg(kSolve, std::string("Input operand 1 has a mismatch in its core dimension 0, with gufunc signature ") +
                                        (vec ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)") + " (size " + std::to_string(got) +
                                        " is different from " + std::to_string(n) + "; shapes " + shape_str(a.shape()) + " and " +
                                        shape_str(b.shape()) + ")"));
  }
  const int64_t k = vec ? 1 : b.shape(-1);
  const Shape batch = broadcast_shapes({batch_shape(a.shape()), vec ? Shape{} : batch_shape(b.shape())}, kSolve);
  Shape sa = batch, sb = batch;
  sa.insert(sa.end(), {n, n});
  sb.insert(sb.end(), {n, k});
  Tensor wa = work_copy(broadcast_to(a, sa), cd);
  Tensor bb = vec ? broadcast_to(b.reshape({n, 1}), sb) : broadcast_to(b, sb);
  Tensor wb = work_copy(bb, cd);
  int64_t nb = 1;
  for (int64_t s : batch) nb *= s;
  gesv_batch(wa, wb, nb, n, k, cd, kSolve);
  if (vec) {
    Shape so = batch;
    so.push_back(n);
    return wb.reshape(so);
  }
  return wb;
}
}  // namespace

Tensor inv(const Tensor& a) {
  if (!autograd::needs_grad({a})) return inv_forward(a);
  Tensor r = inv_forward(plain(a));
  return autograd::record(kInv, r, {a}, [sa = autograd::SavedTensor(a)](const Tensor& g) {
    Tensor ai = mH(inv(sa.get(kInv)));
    return std::vector<Tensor>{negative(parity::matmul(parity::matmul(ai, g), ai))};
  });
}

Tensor solve(const Tensor& a, const Tensor& b) {
  if (!autograd::needs_grad({a, b})) return solve_forward(a, b);
  Tensor r = solve_forward(plain(a), plain(b));
  return autograd::record(kSolve, r, {a, b}, [sa = autograd::SavedTensor(a), sb = autograd::SavedTensor(b)](const Tensor& g) {
    Tensor A = sa.get(kSolve), B = sb.get(kSolve);
    Tensor x = solve(A, B);
    const bool vec = B.ndim() == 1;
    // gb solves a^H gb = g (a vector stack is one column per matrix)
    Tensor gb = vec ? solve(mH(A), g.expand_dims({-1})) : solve(mH(A), g);
    Tensor xc = vec ? x.expand_dims({-1}) : x;
    Tensor ga = negative(parity::matmul(gb, mH(xc)));
    if (vec) gb = gb.squeeze(std::vector<int64_t>{-1});
    return std::vector<Tensor>{ga, gb};
  });
}

}  // namespace linalg
}  // namespace parity

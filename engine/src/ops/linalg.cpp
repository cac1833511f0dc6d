// matmul, dot, outer. One batched kernel: float32/64 and complex64/128 go through OpenBLAS's
// CBLAS (gemm, gemv for a matrix-vector product), as NumPy's matmul does; the other dtypes
// (ints, bool, 16-bit floats: no BLAS in NumPy either) take contiguous copies in the compute
// dtype, then an i-k-j loop (row of C += A[i,k] * row k of B).
#include <cblas.h>
#include "parity/op_record.h"

#include <algorithm>
#include <climits>
#include <cstring>

#include "../compile/program.h"
#include "device_iter.h"
#include "gemm.h"
#include "convert.h"
#include "iter.h"
#include "parity/autograd.h"
#include "parity/ops.h"
#include "shape_util.h"
#include "gufunc_out.h"
#include "ufunc.h"

namespace parity {

namespace {

constexpr const char* kSig = "with gufunc signature (n?,k),(k,m?)->(n?,m?)";

// The dtype the kernel runs in: 16-bit floats accumulate in float32, as NumPy's loops do.
DType compute_dtype(DType d) { return (d == float16 || d == bfloat16) ? float32 : d; }

// The textbook complex product, as BLAS and NumPy's loops compute it: (nan+infj)**2 is nan+nanj,
// where std::complex's operator* (C99 Annex G) would recover an infinity.
template <class T> inline T mul(const T& a, const T& b) {
  if constexpr (is_complex_v<T>) {
    return T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  } else {
    return a * b;
  }
}

// c (n x m) = a (n x k) @ b (k x m), all contiguous, c not yet initialized.
template <class T>
void gemm(const T* a, const T* b, T* c, int64_t n, int64_t k, int64_t m) {
  if constexpr (std::is_same_v<T, bool>) {
    for (int64_t i = 0; i < n; ++i) {
      bool* ci = c + i * m;
      std::fill(ci, ci + m, false);
      for (int64_t p = 0; p < k; ++p) {
        if (!a[i * k + p]) continue;
        const bool* bp = b + p * m;
        for (int64_t j = 0; j < m; ++j) ci[j] = ci[j] || bp[j];
      }
    }
  } else if constexpr (std::is_integral_v<T>) {
    // unsigned 64-bit arithmetic: wraps like NumPy's loops, without signed-overflow UB
    std::vector<uint64_t> acc(static_cast<size_t>(m));
    for (int64_t i = 0; i < n; ++i) {
      std::fill(acc.begin(), acc.end(), 0);
      for (int64_t p = 0; p < k; ++p) {
        const uint64_t av = static_cast<uint64_t>(static_cast<int64_t>(a[i * k + p]));
        if (av == 0) continue;
        const T* bp = b + p * m;
        for (int64_t j = 0; j < m; ++j) acc[j] += av * static_cast<uint64_t>(static_cast<int64_t>(bp[j]));
      }
      for (int64_t j = 0; j < m; ++j) c[i * m + j] = static_cast<T>(acc[j]);
    }
  } else {
    for (int64_t i = 0; i < n; ++i) {
      T* ci = c + i * m;
      std::fill(ci, ci + m, T(0));
      for (int64_t p = 0; p < k; ++p) {
        const T av = a[i * k + p];
        const T* bp = b + p * m;
        for (int64_t j = 0; j < m; ++j) ci[j] += mul(av, bp[j]);
      }
    }
  }
}

[[noreturn]] void core_mismatch(int operand, int64_t got, int64_t want, const Shape& sa, const Shape& sb) {
  throw ValueError("[matmul] Input operand " + std::to_string(operand) + " has a mismatch in its core dimension 0, " +
                   kSig + " (size " + std::to_string(got) + " is different from " + std::to_string(want) + "; shapes " +
                   shape_str(sa) + " and " + shape_str(sb) + ")");
}

}  // namespace

// ---- the BLAS path ----
// BlasOperand (gemm.h): the layout BLAS (and cuBLAS) read an operand's matrices in.
BlasOperand blas_operand(const Tensor& x, DType cdt) {
  Tensor t = x.dtype() == cdt ? x : x.astype(cdt);
  const int64_t r = t.shape(-2), c = t.shape(-1);
  const int64_t s0 = t.strides()[t.ndim() - 2], s1 = t.strides()[t.ndim() - 1];
  // A vector goes to gemv, whose kernel OpenBLAS picks by the vector's stride: a strided one
  // rounds differently (8 ULP apart on an AMD EPYC), so it is copied to unit stride.
  if ((r == 1) != (c == 1) && (r == 1 ? s1 : s0) != 1) return {t.contiguous(), false, std::max<int64_t>(c, 1)};
  // a length-1 axis's stride is never used: any value works there
  if ((c == 1 || s1 == 1) && (r == 1 || (s0 >= std::max<int64_t>(c, 1) && s0 <= INT_MAX)))
    return {t, false, r == 1 ? std::max<int64_t>(c, 1) : s0};
  if ((r == 1 || s0 == 1) && (c == 1 || (s1 >= std::max<int64_t>(r, 1) && s1 <= INT_MAX)))
    return {t, true, c == 1 ? std::max<int64_t>(r, 1) : s1};
  return {t.contiguous(), false, std::max<int64_t>(c, 1)};
}

namespace {

// c (n x m, contiguous) = op(a) @ op(b) with CBLAS; alpha 1, beta 0 (c need not be initialized).
template <class T>
void blas_gemm(bool ta, bool tb, int n, int m, int k, const T* a, int lda, const T* b, int ldb, T* c) {
  const CBLAS_TRANSPOSE oa = ta ? CblasTrans : CblasNoTrans, ob = tb ? CblasTrans : CblasNoTrans;
  if (m == 1 || n == 1) {
    // matrix @ column: c = op(a) x, x = b's column; row @ matrix: c = op(b)^T x, x = a's row.
    // gemv treats the stored matrix: a stored (n x k) or, transposed, (k x n).
    const bool col = m == 1;
    const T* mat = col ? a : b;
    const int ld = col ? lda : ldb;
    const bool mt = col ? ta : !tb;  // whether the stored matrix is transposed in the product
    const int rows = col ? (ta ? k : n) : (tb ? m : k), cols = col ? (ta ? n : k) : (tb ? k : m);
    const T* x = col ? b : a;
    const int incx = col ? (tb ? 1 : ldb) : (ta ? lda : 1);
    const CBLAS_TRANSPOSE om = mt ? CblasTrans : CblasNoTrans;
    if constexpr (std::is_same_v<T, float>) cblas_sgemv(CblasRowMajor, om, rows, cols, 1.0f, mat, ld, x, incx, 0.0f, c, 1);
    else if constexpr (std::is_same_v<T, double>) cblas_dgemv(CblasRowMajor, om, rows, cols, 1.0, mat, ld, x, incx, 0.0, c, 1);
    else {
      const T one(1), zero(0);
      if constexpr (std::is_same_v<T, std::complex<float>>)
        cblas_cgemv(CblasRowMajor, om, rows, cols, &one, mat, ld, x, incx, &zero, c, 1);
      else cblas_zgemv(CblasRowMajor, om, rows, cols, &one, mat, ld, x, incx, &zero, c, 1);
    }
    return;
  }
  if constexpr (std::is_same_v<T, float>) cblas_sgemm(CblasRowMajor, oa, ob, n, m, k, 1.0f, a, lda, b, ldb, 0.0f, c, m);
  else if constexpr (std::is_same_v<T, double>) cblas_dgemm(CblasRowMajor, oa, ob, n, m, k, 1.0, a, lda, b, ldb, 0.0, c, m);
  else {
    const T one(1), zero(0);
    if constexpr (std::is_same_v<T, std::complex<float>>)
      cblas_cgemm(CblasRowMajor, oa, ob, n, m, k, &one, a, lda, b, ldb, &zero, c, m);
    else cblas_zgemm(CblasRowMajor, oa, ob, n, m, k, &one, a, lda, b, ldb, &zero, c, m);
  }
}

}  // namespace

std::vector<int64_t> batch_strides(const Tensor& x, const Shape& batch) {
  const size_t nb = batch.size(), xb = static_cast<size_t>(x.ndim() - 2);
  std::vector<int64_t> s(nb, 0);
  for (size_t i = 0; i < xb; ++i)
    if (x.shape(static_cast<int64_t>(i)) != 1) s[nb - xb + i] = x.strides()[i];
  return s;
}

namespace {
// Batched (..., n, k) @ (..., k, m) through BLAS into c (contiguous, in the BLAS dtype); false
// (nothing done) where NumPy's matmul loop takes its plain loop instead (numpy/_core/src/umath/
// matmul.c.src): a size beyond BLAS's int, and k == 1 (column @ row: exact products, where BLAS's
// complex alpha scaling turns inf+nanj's inf into nan).
bool matmul_blas(const Tensor& a_in, const Tensor& b_in, const Shape& batch, Tensor& c) {
  const DType cdt = c.dtype();
  const int64_t n = a_in.shape(-2), k = a_in.shape(-1), m = b_in.shape(-1);
  if (n > INT_MAX || k > INT_MAX || m > INT_MAX || k == 1) return false;
  const BlasOperand a = blas_operand(a_in, cdt), b = blas_operand(b_in, cdt);
  const std::vector<int64_t> sa = batch_strides(a.t, batch), sb = batch_strides(b.t, batch);
  const size_t nb = batch.size();
  int64_t nbatch = 1;
  for (int64_t d : batch) nbatch *= d;
  dispatch<DTypeList<DType::Float32, DType::Float64, DType::Complex64, DType::Complex128>>(cdt, "matmul", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* pa = a.t.template data<T>();
    const T* pb = b.t.template data<T>();
    T* pc = c.data<T>();
    std::vector<int64_t> idx(nb, 0);
    int64_t oa = 0, ob = 0;
    for (int64_t t = 0; t < nbatch; ++t) {
      if (k == 0) std::fill(pc + t * n * m, pc + (t + 1) * n * m, T(0));  // the empty sum
      else blas_gemm<T>(a.trans, b.trans, static_cast<int>(n), static_cast<int>(m), static_cast<int>(k), pa + oa,
                        static_cast<int>(a.ld), pb + ob, static_cast<int>(b.ld), pc + t * n * m);
      for (size_t d = nb; d-- > 0;) {  // odometer over the batch dims
        if (++idx[d] < batch[d]) { oa += sa[d]; ob += sb[d]; break; }
        oa -= sa[d] * (batch[d] - 1);
        ob -= sb[d] * (batch[d] - 1);
        idx[d] = 0;
      }
    }
  });
  return true;
}

// Batched (..., n, k) @ (..., k, m) with broadcast batch dims; a and b have ndim >= 2. The CPU's
// gemm slot: BLAS for the BLAS dtypes, else the i-k-j loop.
Tensor matmul_nd_cpu(const Tensor& a_in, const Tensor& b_in, DType rdt) {
  const DType cdt = compute_dtype(rdt);
  // BLAS for the four BLAS dtypes, as NumPy; not for ml_dtypes' own bfloat16 @ bfloat16 -> float32 loop
  const bool bf16_loop = a_in.dtype() == bfloat16 && b_in.dtype() == bfloat16;
  if (!bf16_loop && (rdt == float32 || rdt == float64 || rdt == complex64 || rdt == complex128)) {
    Shape batch = broadcast_shape({Shape(a_in.shape().begin(), a_in.shape().end() - 2),
                                   Shape(b_in.shape().begin(), b_in.shape().end() - 2)}, "matmul");
    Shape out_shape = batch;
    out_shape.push_back(a_in.shape(-2));
    out_shape.push_back(b_in.shape(-1));
    Tensor c = new_tensor(out_shape, rdt);
    if (c.size() == 0 || matmul_blas(a_in, b_in, batch, c)) return c;
  }
  Tensor a = a_in.dtype() == cdt ? a_in.contiguous() : a_in.astype(cdt);
  Tensor b = b_in.dtype() == cdt ? b_in.contiguous() : b_in.astype(cdt);
  const int64_t n = a.shape(-2), k = a.shape(-1), m = b.shape(-1);
  Shape ab(a.shape().begin(), a.shape().end() - 2), bb(b.shape().begin(), b.shape().end() - 2);
  Shape batch = broadcast_shape({ab, bb}, "matmul");
  Shape out_shape = batch;
  out_shape.push_back(n);
  out_shape.push_back(m);
  Tensor c = new_tensor(out_shape, cdt);
  if (c.size() == 0) return c.astype(rdt, Casting::unsafe, false);
  // per-batch-dimension matrix strides of a and b (0 where broadcast)
  const size_t nb = batch.size();
  std::vector<int64_t> sa(nb, 0), sb(nb, 0);
  {
    int64_t acc = n * k;
    for (size_t i = ab.size(); i-- > 0;) { sa[nb - ab.size() + i] = ab[i] == 1 ? 0 : acc; acc *= ab[i]; }
    acc = k * m;
    for (size_t i = bb.size(); i-- > 0;) { sb[nb - bb.size() + i] = bb[i] == 1 ? 0 : acc; acc *= bb[i]; }
  }
  int64_t nbatch = 1;
  for (int64_t d : batch) nbatch *= d;
  dispatch<DTypeList<DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::UInt8,
                     DType::UInt16, DType::UInt32, DType::UInt64, DType::Float32, DType::Float64,
                     DType::Complex64, DType::Complex128>>(cdt, "matmul", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    T* pc = c.data<T>();
    std::vector<int64_t> idx(nb, 0);
    int64_t oa = 0, ob = 0;
    for (int64_t t = 0; t < nbatch; ++t) {
      if (k == 0) std::fill(pc + t * n * m, pc + (t + 1) * n * m, T(0));
      else gemm<T>(pa + oa, pb + ob, pc + t * n * m, n, k, m);
      for (size_t d = nb; d-- > 0;) {  // odometer over the batch dims
        if (++idx[d] < batch[d]) { oa += sa[d]; ob += sb[d]; break; }
        oa -= sa[d] * (batch[d] - 1);
        ob -= sb[d] * (batch[d] - 1);
        idx[d] = 0;
      }
    }
  });
  return cdt == rdt ? c : c.astype(rdt);
}

// The gemm family's slots (device_stub.h); matmul_impl (below) checks and shapes before them.
constinit const DeviceStub<MatmulFn> gemm_stub{"matrix products", &matmul_nd_cpu, &matmul_cuda};

}  // namespace

namespace {
// matmul's checks and shapes. ml_dtypes registers bfloat16 @ bfloat16 -> float32 for matmul
// (not for dot), so `bf16_to_f32` is set for matmul only.
Tensor matmul_impl(const Tensor& a_in, const Tensor& b_in, const OutArg& out, bool bf16_to_f32) {
  if (!a_in.defined() || !b_in.defined()) throw ValueError("[matmul] undefined tensor");
  for (int i = 0; i < 2; ++i)
    if ((i == 0 ? a_in : b_in).ndim() == 0)
      throw ValueError("[matmul] Input operand " + std::to_string(i) +
                       " does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)");
  const Device dev = common_device({&a_in, &b_in}, "matmul");  // both there (0-d raised above)
  if (out.tensor && out.tensor->defined() && out.tensor->device() != dev)
    throw RuntimeError("[matmul] expected all tensors on one device, but found at least two devices, " +
                       to_string(dev) + " and " + to_string(out.tensor->device()));
  const bool a1 = a_in.ndim() == 1, b1 = b_in.ndim() == 1;
  Tensor a = a1 ? a_in.reshape({1, a_in.shape(0)}) : a_in;
  Tensor b = b1 ? b_in.reshape({b_in.shape(0), 1}) : b_in;
  if (a.shape(-1) != b.shape(-2)) core_mismatch(1, b.shape(-2), a.shape(-1), a_in.shape(), b_in.shape());
  DType rdt = result_type({a_in.dtype(), b_in.dtype()}, "matmul");
  if (bf16_to_f32 && rdt == bfloat16) rdt = float32;
  // the result shape, checked against out= before any work
  Shape batch = broadcast_shape({Shape(a.shape().begin(), a.shape().end() - 2),
                                 Shape(b.shape().begin(), b.shape().end() - 2)}, "matmul");
  Shape rshape = batch;
  if (!a1) rshape.push_back(a.shape(-2));
  if (!b1) rshape.push_back(b.shape(-1));
  if (out.tensor) {
    const Tensor& o = *out.tensor;
    if (!o.defined()) throw ValueError("[matmul] undefined out= tensor");
    o.check_writeable("matmul");  // NumPy: before the shape and cast checks
    if (o.shape() != rshape)
      throw ValueError("[matmul] Output operand 0 has a mismatch in its core dimension or batch shape " +
                       std::string(kSig) + " (out shape " + shape_str(o.shape()) + ", result shape " + shape_str(rshape) + ")");
    if (!can_cast(rdt, o.dtype(), Casting::same_kind))
      throw UFuncTypeError(std::string("[matmul] Cannot cast ufunc 'matmul' output from dtype('") + name(rdt) +
                           "') to dtype('" + name(o.dtype()) + "') with casting rule 'same_kind'");
  }
  Tensor r = gemm_stub.at(dev, "matmul")(a, b, rdt).reshape(rshape);
  if (out.tensor) {
    copy_cast(r, *out.tensor);
    return *out.tensor;
  }
  return r;
}
}  // namespace

namespace {
Tensor conj_if_complex(const Tensor& t) { return is_complex(t.dtype()) ? conj(t) : t; }
// matmul's derivative (PyTorch's, conj for complex): ga = g @ conj(b)^T, gb = conj(a)^T @ g, with a
// 1-D operand taken as a row (a) or column (b) matrix; record() sums the broadcast batch axes.
std::vector<Tensor> matmul_grad(const Tensor& g, const Tensor& a, const Tensor& b) {
  if (a.ndim() == 1 && b.ndim() == 1)
    return {multiply(g, conj_if_complex(b)), multiply(conj_if_complex(a), g)};
  const Tensor a2 = a.ndim() == 1 ? a.expand_dims({0}) : a;
  const Tensor b2 = b.ndim() == 1 ? b.expand_dims({-1}) : b;
  const Tensor g2 = a.ndim() == 1 ? g.expand_dims({-2}) : b.ndim() == 1 ? g.expand_dims({-1}) : g;
  Tensor ga = matmul(g2, conj_if_complex(b2).mT());
  Tensor gb = matmul(conj_if_complex(a2).mT(), g2);
  if (a.ndim() == 1) ga = ga.squeeze(AxisList(-2));
  if (b.ndim() == 1) gb = gb.squeeze(AxisList(-1));
  return {ga, gb};
}
}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b, OutArg out) {
  if (compile_detail::g_tracer && !out.tensor)
    return compile_detail::traced_op("matmul", {a, b}, [](const std::vector<Tensor>& x) { return matmul(x[0], x[1]); });
  if (!autograd::needs_grad({a, b})) return matmul_impl(a, b, out, true);
  Tensor r = matmul_impl(a.detach(), b.detach(), out, true);
  return autograd::record("matmul", r, {a, b}, [sa = autograd::SavedTensor(a), sb = autograd::SavedTensor(b)](const Tensor& g) {
    return matmul_grad(g, sa.get("matmul"), sb.get("matmul"));
  });
}

namespace {
// NumPy's cblas_matrixproduct (float32/64, complex64/128, both operands of ndim <= 2) treats an
// operand of shape (), (1,) or (1, 1) as a scalar s and computes s * x with BLAS axpy into a
// zeroed result (numpy/_core/src/common/cblasfuncs.c, OpenBLAS kernel/x86_64/[cz]axpy.c):
//  - one result element: the plain product s*x (no fma, keeps -0);
//  - s == 0 (both parts for complex): axpy returns early, all zeros, even for inf/nan in x;
//  - otherwise 0 + s*x per element (-0 becomes +0). Complex: OpenBLAS's C loop, compiled with
//    FMA, gives re = fma(sr, xr, -(si*xi)), im = fma(sr, xi, si*xr); its AVX2 kernel, used for
//    unit strides on the first n & -32 (complex64) / n & -16 (complex128) elements, gives
//    re = fma(-si, xi, sr*xr), im = fma(si, xr, sr*xi).
enum class MatShape { scalar, column, row, matrix };
MatShape mat_shape(const Tensor& t) {  // NumPy's _select_matrix_shape
  if (t.ndim() == 0) return MatShape::scalar;
  if (t.ndim() == 1) return t.shape(0) > 1 ? MatShape::column : MatShape::scalar;
  if (t.shape(0) > 1) return t.shape(1) == 1 ? MatShape::column : MatShape::matrix;
  return t.shape(1) == 1 ? MatShape::scalar : MatShape::row;
}

template <class T> T plain_mul(const T& s, const T& x) {
  if constexpr (is_complex_v<T>)
    return T(s.real() * x.real() - s.imag() * x.imag(), s.real() * x.imag() + s.imag() * x.real());
  else return s * x;
}

// y[i*incy] = 0 + s * x[i*incx] for i < n, as OpenBLAS's axpy (s != 0) computes it.
template <class T> void axpy_into_zero(int64_t n, T s, const T* x, int64_t incx, T* y, int64_t incy) {
  if constexpr (is_complex_v<T>) {
    using R = typename T::value_type;
    const R sr = s.real(), si = s.imag();
    const int64_t nk = (incx == 1 && incy == 1) ? (n & (sizeof(R) == 4 ? -32 : -16)) : 0;
    for (int64_t i = 0; i < n; ++i) {
      const R xr = x[i * incx].real(), xi = x[i * incx].imag();
      if (i < nk) y[i * incy] = T(std::fma(-si, xi, std::fma(sr, xr, R(0))), std::fma(si, xr, std::fma(sr, xi, R(0))));
      else y[i * incy] = T(R(0) + std::fma(sr, xr, -(si * xi)), R(0) + std::fma(sr, xi, si * xr));
    }
  } else {
    for (int64_t i = 0; i < n; ++i) y[i * incy] = T(0) + s * x[i * incx];
  }
}

// The scalar branch of cblas_matrixproduct; an undefined Tensor when it does not apply.
Tensor dot_blas_scalar(const Tensor& a, const Tensor& b) {
  if (a.ndim() > 2 || b.ndim() > 2) return {};
  const DType rdt = result_type({a.dtype(), b.dtype()}, "dot");
  if (rdt != float32 && rdt != float64 && rdt != complex64 && rdt != complex128) return {};
  const MatShape sa = mat_shape(a), sb = mat_shape(b);
  if (sa != MatShape::scalar && sb != MatShape::scalar) return {};
  // NumPy casts to the common dtype (a contiguous copy), and copies arrays with negative or
  // broadcast (0 with length > 1) strides; the other arrays keep their strides.
  auto prep = [&](const Tensor& t) {
    if (t.dtype() != rdt) return t.astype(rdt);
    for (int64_t i = 0; i < t.ndim(); ++i)
      if (t.strides()[i] < 0 || (t.strides()[i] == 0 && t.shape(i) > 1)) return t.contiguous();
    return t;
  };
  const bool a_is_s = sa == MatShape::scalar;  // NumPy takes the first operand as s when both are
  const Tensor s = prep(a_is_s ? a : b), x = prep(a_is_s ? b : a);
  // the result shape: dot's usual rule (alignment was checked by the caller)
  Shape rshape;
  if (a.ndim() == 0) rshape = b.shape();
  else if (b.ndim() == 0) rshape = a.shape();
  else {
    rshape.assign(a.shape().begin(), a.shape().end() - 1);
    if (b.ndim() == 2) rshape.push_back(b.shape(1));
  }
  Tensor r = new_tensor(rshape, rdt);
  if (r.size() == 0) return r;
  if (a.ndim() > 0 && b.ndim() > 0 && a.shape(-1) == 0) return zeros_on(rshape, rdt, r.device());  // empty sum
  dispatch<DTypeList<DType::Float32, DType::Float64, DType::Complex64, DType::Complex128>>(rdt, "dot", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T sv = s.data<T>()[0];
    const T* px = x.data<T>();
    T* pr = r.data<T>();
    const int64_t l = r.size();
    if (l == 1) {  // NumPy multiplies directly
      pr[0] = plain_mul(sv, px[0]);
      return;
    }
    std::fill(pr, pr + l, T(0));
    if (sv == T(0)) return;  // axpy with alpha 0 does nothing
    if (mat_shape(x) != MatShape::matrix) {  // one axpy along x's long axis
      const int64_t ax = x.ndim() == 2 && x.shape(0) == 1 ? 1 : 0;
      axpy_into_zero<T>(l, sv, px, x.strides()[ax], pr, 1);
      return;
    }
    // a matrix x (s is 0-d): one axpy per line along the longer axis, into the C-order result
    const int64_t maxind = x.shape(0) >= x.shape(1) ? 0 : 1, oind = 1 - maxind;
    const int64_t rstride[2] = {x.shape(1), 1};
    for (int64_t i = 0; i < x.shape(oind); ++i)
      axpy_into_zero<T>(x.shape(maxind), sv, px + i * x.strides()[oind], x.strides()[maxind], pr + i * rstride[oind],
                        rstride[maxind]);
  });
  return r;
}
// On a GPU the scalar cases are np.multiply's and the others matmul's (cuBLAS): OpenBLAS's axpy
// quirks that dot_blas_scalar reproduces (the sign of zeros, fused complex parts) are not.
constinit const DeviceStub<DotScalarFn> dot_scalar_stub{"dot (BLAS's scalar branch)", &dot_blas_scalar, &dot_scalar_cuda};
}  // namespace

namespace {
Tensor dot_impl(const Tensor& a, const Tensor& b) {
  if (!a.defined() || !b.defined()) throw ValueError("[dot] undefined tensor");
  // BLAS's scalar branch where the device has it (an undefined result where it does not apply).
  const DotScalarFn blas_scalar = dot_scalar_stub.at(common_device({&a, &b}, "dot"), "dot");
  if (a.ndim() == 0 || b.ndim() == 0) {
    // float/complex operands of ndim <= 2 take BLAS's path; other cases are np.multiply
    Tensor r = blas_scalar(a, b);
    return r.defined() ? r : multiply(a, b);
  }
  const int64_t bk_axis = b.ndim() == 1 ? 0 : b.ndim() - 2;
  if (a.shape(-1) != b.shape()[bk_axis]) {
    std::string sa = shape_str(a.shape()), sb = shape_str(b.shape());
    auto strip = [](std::string s) {  // NumPy prints (2,3) here, without spaces
      s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
      return s;
    };
    throw ValueError("[dot] shapes " + strip(sa) + " and " + strip(sb) + " not aligned: " + std::to_string(a.shape(-1)) +
                     " (dim " + std::to_string(a.ndim() - 1) + ") != " + std::to_string(b.shape()[bk_axis]) +
                     " (dim " + std::to_string(bk_axis) + ")");
  }
  // 1-D or 2-D b: matmul's rules give dot's result, except where BLAS treats one side as a scalar
  if (b.ndim() <= 2) {
    Tensor r = blas_scalar(a, b);
    return r.defined() ? r : matmul_impl(a, b, {}, false);
  }
  // N-D b: sum over a's last axis and b's second-to-last; result a.shape[:-1] + b.shape[:-2] + b.shape[-1:]
  const int64_t k = a.shape(-1);
  Tensor a2 = a.reshape({-1, k});
  Tensor b2 = b.moveaxis({b.ndim() - 2}, {0}).reshape({k, -1});
  Shape rshape(a.shape().begin(), a.shape().end() - 1);
  rshape.insert(rshape.end(), b.shape().begin(), b.shape().end() - 2);
  rshape.push_back(b.shape(-1));
  return matmul_impl(a2, b2, {}, false).reshape(rshape);
}


// dot's derivative: a scalar operand is multiply's; a 1-D or 2-D b is matmul's (a's leading axes
// flattened); an N-D b contracts a's last axis with b's second-to-last, i.e. the matmul
// (P, k) @ (k, Q) of a.reshape(-1, k) and b with that axis moved first.
std::vector<Tensor> dot_grad(const Tensor& g, const Tensor& a, const Tensor& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return {multiply(g, conj_if_complex(b)), multiply(conj_if_complex(a), g)};
  const int64_t k = a.shape(-1);
  int64_t p = 1, q = 1;  // explicit sizes: reshape(-1, 0) is ambiguous for empty operands
  for (int64_t i = 0; i + 1 < a.ndim(); ++i) p *= a.shape(i);
  for (int64_t i = 0; i < b.ndim(); ++i)
    if (i != (b.ndim() == 1 ? 0 : b.ndim() - 2)) q *= b.shape(i);
  const Tensor a2 = a.reshape({p, k});
  const Tensor b2 = b.ndim() == 1 ? b : b.moveaxis({b.ndim() - 2}, {0}).reshape({k, q});
  const Tensor g2 = g.reshape(b.ndim() == 1 ? Shape{a2.shape(0)} : Shape{a2.shape(0), b2.shape(1)});
  std::vector<Tensor> r = matmul_grad(g2, a2, b2);
  r[0] = r[0].reshape(a.shape());
  if (b.ndim() > 2) {
    Shape bs = b.shape();  // (k, b[:-2]..., m), then the axis back
    bs.erase(bs.end() - 2);
    bs.insert(bs.begin(), k);
    r[1] = r[1].reshape(bs).moveaxis({0}, {b.ndim() - 2});
  }
  return r;
}
}  // namespace

Tensor dot(const Tensor& a, const Tensor& b) {
  if (!autograd::needs_grad({a, b})) return dot_impl(a, b);
  Tensor r = dot_impl(a.detach(), b.detach());
  return autograd::record("dot", r, {a, b}, [sa = autograd::SavedTensor(a), sb = autograd::SavedTensor(b)](const Tensor& g) {
    return dot_grad(g, sa.get("dot"), sb.get("dot"));
  });
}

// outer(a, b) = a.ravel()[:, None] * b.ravel()[None, :] (into out= under multiply's rules, as
// np.outer): ga = g @ conj(b), gb = conj(a) @ g.
Tensor outer(const Tensor& a, const Tensor& b, OutArg out) {
  if (out.tensor) {
    // multiply's out= checks (writeable, same_kind cast of its loop, broadcast), named outer.
    if (!a.defined() || !b.defined()) throw ValueError("[outer] undefined tensor");
    const ArrayLike aa = ArrayLike::borrow(a), bb = ArrayLike::borrow(b);
    gufunc::check_out("outer", "multiply", resolve_loop(ufunc_multiply(), {&aa, &bb}).out, *out.tensor);
    const Shape rs{a.size(), b.size()}, os = out.tensor->shape();
    Shape bs;
    try {
      bs = broadcast_shape({rs, os}, "outer");
    } catch (const ValueError&) {
    }
    if (bs != os)
      throw ValueError("[outer] operands could not be broadcast together with shapes (" + std::to_string(rs[0]) +
                       ",1) (1," + std::to_string(rs[1]) + ") " + shape_str(os) + " (out=)");
  }
  if (!autograd::needs_grad({a, b})) return multiply(a.ravel().reshape({-1, 1}), b.ravel().reshape({1, -1}), out);
  Tensor r = multiply(a.detach().ravel().reshape({-1, 1}), b.detach().ravel().reshape({1, -1}), out);
  return autograd::record("outer", r, {a, b}, [sa = autograd::SavedTensor(a), sb = autograd::SavedTensor(b)](const Tensor& g) {
    Tensor av = sa.get("outer"), bv = sb.get("outer");
    // g has out='s shape where out= broadcast the (m, n) product: summed back over the leading axes.
    Tensor g2 = g;
    if (g.ndim() > 2) {
      std::vector<int64_t> lead;
      for (int64_t i = 0; i + 2 < g.ndim(); ++i) lead.push_back(i);
      g2 = sum(g, AxisList(lead));
    }
    return std::vector<Tensor>{matmul(g2, conj_if_complex(bv.ravel())).reshape(av.shape()),
                               matmul(conj_if_complex(av.ravel()), g2).reshape(bv.shape())};
  });
}

Tensor Tensor::matmul(const Tensor& other) const { return parity::matmul(*this, other); }
Tensor Tensor::dot(const Tensor& other) const { return parity::dot(*this, other); }

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "matmul", .family = "linalg", .forms = kFunction | kMethod | kOut, .compiled = true});
PARITY_OP_RECORD({.name = "dot", .family = "linalg", .forms = kFunction | kMethod});
PARITY_OP_RECORD({.name = "outer", .family = "linalg", .forms = kFunction | kOut});

}  // namespace parity

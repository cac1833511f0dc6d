// The Tensor view and copy methods as ops: compile(f) tracing and autograd recording around their
// computation (detail::compute_* in engine/src/tensor.cpp, ../views.h), so that the tensor itself
// knows neither layer.
#include "../compile/program.h"
#include "../views.h"
#include "parity/autograd.h"
#include "parity/ops.h"

namespace parity {

// Cheap pre-check before building a node: only a tensor with an autograd record can need one
// (record() decides for good).
static bool tracked(const Tensor& t) { return t.autograd_meta() && autograd::grad_enabled(); }

Tensor Tensor::transpose(const std::vector<int64_t>& axes_in) const {
  if (compile_detail::g_tracer)
    return compile_detail::traced_op("transpose", {*this}, [=](const std::vector<Tensor>& a) { return a[0].transpose(axes_in); });
  std::vector<int64_t> axes;
  Tensor r = detail::compute_transpose(*this, axes_in, axes);
  // T, mT, swapaxes, moveaxis and permute all come here: the one record of these views.
  if (tracked(*this)) {
    std::vector<int64_t> inv(axes.size());  // the inverse permutation transposes g back
    for (size_t i = 0; i < axes.size(); ++i) inv[static_cast<size_t>(axes[i])] = static_cast<int64_t>(i);
    r = autograd::record("transpose", r, {*this}, [inv](const Tensor& g) { return std::vector<Tensor>{g.transpose(inv)}; });
  }
  return r;
}

// The derivative of a reshape-like op: g back to the input's shape.
static Tensor record_reshape(const char* op, const Tensor& r, const Tensor& x) {
  if (!tracked(x)) return r;
  Shape s = x.shape();
  return autograd::record(op, r, {x}, [s](const Tensor& g) { return std::vector<Tensor>{g.reshape(s)}; });
}

Tensor Tensor::view(const Shape& shape_in) const {
  if (tracked(*this)) return record_reshape("view", detach().view(shape_in), *this);
  return detail::compute_view(*this, shape_in);
}

Tensor Tensor::reshape(const Shape& shape_in) const {
  if (compile_detail::g_tracer)
    return compile_detail::traced_op("reshape", {*this}, [=](const std::vector<Tensor>& a) { return a[0].reshape(shape_in); });
  // The forward on a detached handle records nothing inside (copy, view): one node per reshape.
  if (tracked(*this)) return record_reshape("reshape", detach().reshape(shape_in), *this);
  return detail::compute_reshape(*this, shape_in);
}

Tensor Tensor::squeeze(const Axes& axes) const {
  return record_reshape("squeeze", detail::compute_squeeze(*this, axes), *this);
}

Tensor Tensor::broadcast_to(const Shape& shape) const {
  Tensor r = detail::compute_broadcast_to(*this, shape);
  // g goes back as is: record() sums it over the broadcast axes (autograd::reduce_to).
  if (!tracked(*this)) return r;
  return autograd::record("broadcast_to", r, {*this},
                          [](const Tensor& g) { return std::vector<Tensor>{g}; });
}

Tensor Tensor::flip(const Axes& axes_in) const {
  std::vector<int64_t> axes;
  Tensor r = detail::compute_flip(*this, axes_in, axes);
  if (!tracked(*this)) return r;
  return autograd::record("flip", r, {*this},
                          [axes](const Tensor& g) { return std::vector<Tensor>{g.flip(AxisList(axes))}; });
}

Tensor Tensor::flatten() const {
  if (tracked(*this)) return record_reshape("flatten", detach().flatten(), *this);
  return copy().reshape({-1});
}

Tensor Tensor::real() const {
  Tensor r = detail::compute_real(*this);
  if (!is_complex(dtype())) return r;  // this very tensor
  // g (real) goes back as the real part of a complex gradient (record() casts it).
  if (!tracked(*this)) return r;
  return autograd::record("real", r, {*this},
                          [](const Tensor& g) { return std::vector<Tensor>{g}; });
}

Tensor Tensor::imag() const {
  Tensor r = detail::compute_imag(*this);
  if (!tracked(*this)) return r;
  if (!is_complex(dtype()))  // a read-only zero copy, a constant: the input gets a zero gradient
    return autograd::record("imag", r, {*this}, [](const Tensor& g) { return std::vector<Tensor>{zeros_like(g)}; });
  // L depends on Im(x) only: x.grad = dL/dRe + i dL/dIm = i g
  return autograd::record("imag", r, {*this},
                          [](const Tensor& g) { return std::vector<Tensor>{parity::multiply(g, Scalar(complex128_t(0, 1)))}; });
}

Tensor Tensor::copy() const {
  Tensor out = detail::compute_copy(*this);
  if (!tracked(*this)) return out;
  return autograd::record("copy", out, {*this}, [](const Tensor& g) { return std::vector<Tensor>{g}; });
}

Tensor Tensor::astype(DType d, Casting casting, bool copy_always) const {
  if (compile_detail::g_tracer)
    return compile_detail::traced_op("astype", {*this}, [=](const std::vector<Tensor>& a) { return a[0].astype(d, casting, copy_always); });
  Tensor out = detail::compute_astype(*this, d, casting, copy_always);
  if (d == dtype() && !copy_always) return out;  // this very tensor, its history too
  // record() casts g back to the input's dtype (the real part for a real input).
  if (!tracked(*this)) return out;
  return autograd::record("astype", out, {*this}, [](const Tensor& g) { return std::vector<Tensor>{g}; });
}

}  // namespace parity

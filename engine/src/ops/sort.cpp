// sort, argsort (np.sort / np.argsort with NumPy 2's stable= and the Array API's descending=), in
// NumPy's order (sort_order.h), by std::stable_sort of each lane's indices.
#include <algorithm>
#include <numeric>
#include <vector>

#include "../shape_util.h"
#include "gather.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "sort_order.h"
#include "../require_cpu.h"

namespace parity {

PARITY_OP_RECORD({.name = "sort", .family = "sorting", .forms = kFunction | kMethod, .dtypes = DTypeSet::all,
                  .grad = "through its permutation: g scattered back to the argsort indices"});
PARITY_OP_RECORD({.name = "argsort", .family = "sorting", .forms = kFunction | kMethod, .dtypes = DTypeSet::all,
                  .no_grad = "an index is piecewise constant"});

namespace {

// The tensor sorted (x, or x flattened for axis=None) and the axis along which.
struct Lanes {
  Tensor src;
  int64_t axis = 0;
};
// `flat_0d`: a 0-d x is sorted as a 1-d one (np.argsort; np.sort raises).
Lanes lanes(const Tensor& x, std::optional<int64_t> axis, bool flat_0d, const char* op) {
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  require_cpu(x, op);
  if (!axis) return {x.detach().reshape({-1}), 0};
  if (flat_0d && x.ndim() == 0) return {x.detach().reshape({1}), normalize_axis(*axis, 1, op)};
  return {x.detach(), normalize_axis(*axis, x.ndim(), op)};
}

// The stable sorting permutation of every lane of `src` along `axis` (int64, src's shape).
Tensor permutation(const Tensor& src, int64_t axis, bool descending, const char* op) {
  const Tensor c = src.contiguous();
  Tensor res = new_tensor(c.shape(), DType::Int64, op);
  int64_t outer = 1, n = c.ndim() ? c.shape()[axis] : 1, inner = 1;
  for (int64_t d = 0; d < c.ndim(); ++d) {
    if (d < axis) outer *= c.shape()[d];
    if (d > axis) inner *= c.shape()[d];
  }
  if (c.size() == 0) return res;
  dispatch<AllTypes>(c.dtype(), op, [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    const S* p = c.data<S>();
    int64_t* o = res.data<int64_t>();
    std::vector<C> key(n);
    std::vector<int64_t> perm(n);
    for (int64_t ob = 0; ob < outer; ++ob)
      for (int64_t ib = 0; ib < inner; ++ib) {
        const int64_t base = ob * n * inner + ib;
        for (int64_t k = 0; k < n; ++k) key[k] = static_cast<C>(p[base + k * inner]);
        std::iota(perm.begin(), perm.end(), int64_t{0});
        // Descending and stable (the Array API's): equal elements keep their order, NaNs first.
        if (descending)
          std::stable_sort(perm.begin(), perm.end(),
                           [&](int64_t a, int64_t b) { return sort_order::less(key[b], key[a]); });
        else
          std::stable_sort(perm.begin(), perm.end(),
                           [&](int64_t a, int64_t b) { return sort_order::less(key[a], key[b]); });
        for (int64_t k = 0; k < n; ++k) o[base + k * inner] = perm[k];
      }
  });
  return res;
}

}  // namespace

Tensor sort(const Tensor& x, std::optional<int64_t> axis, bool stable, bool descending) {
  (void)stable;  // always stable: a stable sort is a valid unstable one
  const char* op = "sort";
  const Lanes l = lanes(x, axis, false, op);
  const Tensor idx = permutation(l.src, l.axis, descending, op);
  // Differentiated through the permutation (gather's backward scatters g back).
  return gather::gather_recorded(op, x, l.src, idx, l.axis);
}

Tensor argsort(const Tensor& x, std::optional<int64_t> axis, bool stable, bool descending) {
  (void)stable;
  const char* op = "argsort";
  const Lanes l = lanes(x, axis, true, op);
  Tensor r = permutation(l.src, l.axis, descending, op);
  if (!autograd::needs_grad({x})) return r;
  return autograd::record_not_differentiable(op, r, {x});
}

Tensor& Tensor::sort(int64_t axis, bool stable, bool descending) {
  check_writeable("sort", "array");  // NumPy: "sort array is read-only"
  Tensor r = parity::sort(*this, axis, stable, descending);
  assign(r, Casting::unsafe, "sort");
  return *this;
}

Tensor Tensor::argsort(std::optional<int64_t> axis, bool stable, bool descending) const {
  return parity::argsort(*this, axis, stable, descending);
}

}  // namespace parity

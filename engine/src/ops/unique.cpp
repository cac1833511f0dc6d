// NumPy 2's set functions: unique_values, unique_counts, unique_inverse, unique_all (np.unique with
// equal_nan=False: every NaN is a value of its own), over the flattened input in NumPy's order.
#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

#include "../shape_util.h"
#include "parity/autograd.h"
#include "parity/errors.h"
#include "parity/op_record.h"
#include "parity/ops.h"
#include "sort_order.h"
#include "../require_cpu.h"

namespace parity {

#define PARITY_UNIQUE_RECORD(n)                                                                      \
  PARITY_OP_RECORD({.name = n, .family = "sets", .forms = kFunction, .dtypes = DTypeSet::all,        \
                    .no_grad = "the set functions select values by comparing them (as torch.unique, " \
                               "not differentiable)"})
PARITY_UNIQUE_RECORD("unique_values");
PARITY_UNIQUE_RECORD("unique_counts");
PARITY_UNIQUE_RECORD("unique_inverse");
PARITY_UNIQUE_RECORD("unique_all");
#undef PARITY_UNIQUE_RECORD

namespace {

struct Unique {
  Tensor values, indices, inverse, counts;
};

// np.unique(x, return_index, return_inverse, return_counts, equal_nan=False): the flattened x
// sorted stably (so indices are first occurrences), a new value wherever an element differs (!=)
// from the one before it.
Unique unique(const Tensor& x, const char* op) {
  if (!x.defined()) throw ValueError(op_msg(op, "undefined tensor"));
  require_cpu(x, op);
  const Tensor f = x.detach().reshape({-1}).contiguous();
  const int64_t n = f.size();
  std::vector<int64_t> perm(n);
  std::iota(perm.begin(), perm.end(), int64_t{0});
  std::vector<char> is_new(n, 0);
  dispatch<AllTypes>(f.dtype(), op, [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = compute_t<S>;
    const S* p = f.data<S>();
    std::vector<C> key(n);
    for (int64_t k = 0; k < n; ++k) key[k] = static_cast<C>(p[k]);
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return sort_order::less(key[a], key[b]); });
    for (int64_t k = 0; k < n; ++k) is_new[k] = k == 0 || !(key[perm[k]] == key[perm[k - 1]]);
  });
  const int64_t u = std::count(is_new.begin(), is_new.end(), char{1});
  Unique r;
  r.values = new_tensor({u}, f.dtype(), op);
  r.indices = new_tensor({u}, DType::Int64, op);
  r.counts = new_tensor({u}, DType::Int64, op);
  r.inverse = new_tensor(x.shape(), DType::Int64, op);
  const int64_t isz = f.itemsize();
  const char* src = static_cast<const char*>(f.data_ptr());
  char* vals = static_cast<char*>(r.values.data_ptr());
  int64_t* idx = r.indices.data<int64_t>();
  int64_t* cnt = r.counts.data<int64_t>();
  int64_t* inv = r.inverse.data<int64_t>();
  int64_t j = -1;
  for (int64_t k = 0; k < n; ++k) {
    if (is_new[k]) {
      ++j;
      std::memcpy(vals + j * isz, src + perm[k] * isz, isz);
      idx[j] = perm[k];
      cnt[j] = 0;
    }
    ++cnt[j];
    inv[perm[k]] = j;
  }
  return r;
}

std::vector<Tensor> finish(const char* op, const Tensor& x, std::vector<Tensor> rs) {
  if (!autograd::needs_grad({x})) return rs;
  for (Tensor& t : rs) t = autograd::record_not_differentiable(op, t, {x});
  return rs;
}

}  // namespace

Tensor unique_values(const Tensor& x) {
  return finish("unique_values", x, {unique(x, "unique_values").values})[0];
}
std::vector<Tensor> unique_counts(const Tensor& x) {
  Unique u = unique(x, "unique_counts");
  return finish("unique_counts", x, {u.values, u.counts});
}
std::vector<Tensor> unique_inverse(const Tensor& x) {
  Unique u = unique(x, "unique_inverse");
  return finish("unique_inverse", x, {u.values, u.inverse});
}
std::vector<Tensor> unique_all(const Tensor& x) {
  Unique u = unique(x, "unique_all");
  return finish("unique_all", x, {u.values, u.indices, u.inverse, u.counts});
}

}  // namespace parity

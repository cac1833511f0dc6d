// equal, not_equal, less, less_equal, greater, greater_equal -> bool. int64 vs uint64 compare
// exactly (NumPy's 'qQ->?' loops); complex orders lexicographically and any NaN compares false.
// An integer array against an out-of-range Python int does not raise (NumPy 2): the answer is
// the same for every element (uint8_array < 300 is all True).
#include <cmath>
#include <complex>

#include "binary_common.h"
#include "../autograd/derivatives.h"

namespace parity {

namespace {
using kern::Equal;  // kernels/binary.h, shared with CUDA
using kern::NotEqual;
using kern::Less;
using kern::LessEqual;
using kern::Greater;
using kern::GreaterEqual;

// Exact int64/uint64 comparison: a negative int64 is below every uint64.
template <class F, class A, class B> void mixed_loop(char** d, const int64_t* s, int64_t n, const void*) {
  F f;
  const char* a = d[0];
  const char* b = d[1];
  char* o = d[2];
  for (int64_t i = 0; i < n; ++i, a += s[0], b += s[1], o += s[2])
    *reinterpret_cast<bool*>(o) = f(static_cast<__int128>(*reinterpret_cast<const A*>(a)),
                                    static_cast<__int128>(*reinterpret_cast<const B*>(b)));
}

// NumPy's list: the same-type loops, with 'qQ->?' and 'Qq->?' after 'QQ->?'.
template <class F> std::vector<LoopSig> compare_loops() {
  std::vector<LoopSig> l = make_binary_loops<F>(AllLoops{});
  auto pos = l.begin() + 9;  // after bool and the 8 integer loops
  l.insert(pos, {LoopSig{{DType::Int64, DType::UInt64}, DType::Bool, &mixed_loop<F, int64_t, uint64_t>},
                 LoopSig{{DType::UInt64, DType::Int64}, DType::Bool, &mixed_loop<F, uint64_t, int64_t>}});
  return l;
}

// Value of a weak Python int, exactly.
__int128 scalar_value(const Scalar& s) { return s.big_uint ? static_cast<__int128>(s.u) : s.i; }
bool int_fits(__int128 v, DType d) {
  return dispatch<IntegerTypes>(d, "compare", [&](auto tag) {
    using T = typename decltype(tag)::type;
    return v >= static_cast<__int128>(std::numeric_limits<T>::min()) &&
           v <= static_cast<__int128>(std::numeric_limits<T>::max());
  });
}

enum class Cmp { eq, ne, lt, le, gt, ge };

Tensor compare(const UFuncDef& uf, Cmp op, const ArrayLike& a, const ArrayLike& b, OutArg out) {
  // integer array OP out-of-range Python int: every element compares the same way.
  for (int side = 0; side < 2; ++side) {
    const ArrayLike& arr = side == 0 ? a : b;
    const ArrayLike& sc = side == 0 ? b : a;
    if (!arr.is_tensor() || sc.is_tensor() || sc.scalar().type != Scalar::Type::Int) continue;
    if (!arr.tensor().defined() || !is_integer(arr.tensor().dtype())) continue;
    __int128 v = scalar_value(sc.scalar());
    if (int_fits(v, arr.tensor().dtype())) continue;
    bool above = v > 0;  // the scalar is above every element (else below)
    bool arr_lt = side == 0 ? above : !above;  // is the left operand the smaller one?
    bool r = false;
    switch (op) {
      case Cmp::eq: r = false; break;
      case Cmp::ne: r = true; break;
      case Cmp::lt: case Cmp::le: r = arr_lt; break;
      case Cmp::gt: case Cmp::ge: r = !arr_lt; break;
    }
    // x == x is all True and x != x all False for integers, in x's shape, honouring out=.
    const Tensor& t = arr.tensor();
    return call_binary(r ? ufunc_equal() : ufunc_not_equal(), t, t, out);
  }
  return call_binary(uf, a, b, out);
}
}  // namespace

#define PARITY_COMPARE(name, Kernel, op)                                         \
  const UFuncDef& ufunc_##name() {                                               \
    static const UFuncDef def{#name, 2, compare_loops<Kernel>()};                \
    return def;                                                                  \
  }                                                                              \
  Tensor name(const ArrayLike& a, const ArrayLike& b, OutArg out) {              \
    return compare(ufunc_##name(), op, a, b, out);                               \
  }
PARITY_COMPARE(equal, Equal, Cmp::eq)
PARITY_INTEGRAL_RESULT(equal, "returns bool: a comparison has no derivative");
PARITY_COMPARE(not_equal, NotEqual, Cmp::ne)
PARITY_INTEGRAL_RESULT(not_equal, "returns bool: a comparison has no derivative");
PARITY_COMPARE(less, Less, Cmp::lt)
PARITY_INTEGRAL_RESULT(less, "returns bool: a comparison has no derivative");
PARITY_COMPARE(less_equal, LessEqual, Cmp::le)
PARITY_INTEGRAL_RESULT(less_equal, "returns bool: a comparison has no derivative");
PARITY_COMPARE(greater, Greater, Cmp::gt)
PARITY_INTEGRAL_RESULT(greater, "returns bool: a comparison has no derivative");
PARITY_COMPARE(greater_equal, GreaterEqual, Cmp::ge)
PARITY_INTEGRAL_RESULT(greater_equal, "returns bool: a comparison has no derivative");
#undef PARITY_COMPARE

}  // namespace parity

// The ufuncs of PARITY_UNARY_UFUNC_ROWS and PARITY_BINARY_UFUNC_ROWS (parity/op_list.h), generated
// whole from their row and kernel: the definition (NumPy's name, loops, no-loop error class), the
// free function (through call_ufunc: compile tracing and autograd), and the derivative the kernel
// struct declares beside its formula (kernels/derivative.h). The CUDA kernels come from the same
// rows (cuda/ew_rows.cu).
#include "../autograd/derivatives.h"
#include "../kernels/binary.h"
#include "../kernels/unary.h"
#include "ufunc_dispatch.h"

namespace parity {

namespace {
// A kernel that takes the storage type (spacing steps in a 16-bit float's own grid).
template <class F, class T> void storage_unary_loop(char** d, const int64_t* s, int64_t n, const void*) {
  const char* a = d[0];
  char* o = d[1];
  for (int64_t i = 0; i < n; ++i, a += s[0], o += s[1])
    *reinterpret_cast<T*>(o) = F{}(*reinterpret_cast<const T*>(a));
}
template <class F, class... Ts> std::vector<LoopSig> unary_row_loops(TypeList<Ts...> l) {
  if constexpr (takes_storage<F>::value)
    return {LoopSig{{dtype_of<Ts>()}, dtype_of<Ts>(), &storage_unary_loop<F, Ts>}...};
  else
    return make_unary_loops<F>(l);
}

// What the kernel struct declares: PARITY_GRAD, PARITY_NO_GRAD or PARITY_INTEGRAL (one is required).
template <class K> autograd::UFuncDerivative derivative_of() {
  autograd::UFuncDerivative d;
  if constexpr (requires { &K::grad; }) {
    d.fn = &K::grad;
  } else if constexpr (requires { K::integral; }) {
    d.why = K::integral;
    d.integral = true;
  } else {
    static_assert(requires { K::no_grad; }, "a row's kernel declares PARITY_GRAD, PARITY_NO_GRAD or PARITY_INTEGRAL");
    d.why = K::no_grad;
  }
  if constexpr (requires { K::no_gradgrad; }) d.no_gradgrad = K::no_gradgrad;
  return d;
}

// NumPy's newer ufuncs (gcd, lcm) have no loop for all-bool inputs and do not cast bool to int8.
template <class K> void check_bool_inputs(const UFuncDef& uf, const ArrayLike& a, const ArrayLike& b) {
  if constexpr (refuses_bool<K>::value) {
    auto is_bool = [](const ArrayLike& x) {
      return x.is_tensor() ? x.tensor().dtype() == DType::Bool : x.scalar().type == Scalar::Type::Bool;
    };
    if (is_bool(a) && is_bool(b))
      throw UFuncTypeError(op_msg(uf.name, std::string("ufunc '") + uf.name +
                                               "' did not contain a loop with signature matching types (<class "
                                               "'numpy.dtypes.BoolDType'>, <class 'numpy.dtypes.BoolDType'>) -> None"));
  }
}
}  // namespace

#define PARITY_X(name, py, set, Loops, Kernel, noloop, ...)                                        \
  const UFuncDef& ufunc_##name() {                                                                 \
    static const UFuncDef def{#py, 1, unary_row_loops<kern::Kernel>(Loops{}), nullptr,            \
                              UFuncDef::NoLoop::noloop};                                           \
    return def;                                                                                    \
  }                                                                                                \
  Tensor name(const ArrayLike& x, OutArg out) { return call_unary(ufunc_##name(), x, out); }     \
  static const autograd::DerivativeRegistrar parity_row_derivative_##name(#py, derivative_of<kern::Kernel>());
PARITY_UNARY_UFUNC_ROWS(PARITY_X)
#undef PARITY_X

#define PARITY_X(name, py, set, Loops, Kernel, noloop, ...)                                        \
  const UFuncDef& ufunc_##name() {                                                                 \
    static const UFuncDef def{#py, 2, make_binary_loops<kern::Kernel>(Loops{}), nullptr,          \
                              UFuncDef::NoLoop::noloop};                                           \
    return def;                                                                                    \
  }                                                                                                \
  Tensor name(const ArrayLike& a, const ArrayLike& b, OutArg out) {                               \
    check_bool_inputs<kern::Kernel>(ufunc_##name(), a, b);                                         \
    return call_binary(ufunc_##name(), a, b, out);                                                 \
  }                                                                                                \
  static const autograd::DerivativeRegistrar parity_row_derivative_##name(#py, derivative_of<kern::Kernel>());
PARITY_BINARY_UFUNC_ROWS(PARITY_X)
#undef PARITY_X

}  // namespace parity

#pragma once
// The layer every ufunc call goes through: compile(f)'s tracer, then autograd recording, then
// apply_ufunc (engine/src/ufunc.h), which computes only. The ufunc definition macros live here
// because the free functions they define are such calls.
#include "../ufunc.h"

namespace parity {

// Traces the call under compile(f), records its derivative when an input requires grad, and
// runs apply_ufunc.
Tensor call_ufunc(const UFuncDef& uf, UFuncArgs inputs, const OutArg& out, const void* ctx = nullptr);
inline Tensor call_unary(const UFuncDef& uf, const ArrayLike& x, const OutArg& out) {
  return call_ufunc(uf, {&x}, out);
}
inline Tensor call_binary(const UFuncDef& uf, const ArrayLike& a, const ArrayLike& b, const OutArg& out) {
  return call_ufunc(uf, {&a, &b}, out);
}

}  // namespace parity

// Defines ufunc_<name>() and the free function <name>(x, out).
#define PARITY_UFUNC1(name, pyname, Loops, Kernel)                                         \
  const UFuncDef& ufunc_##name() {                                                         \
    static const UFuncDef def{pyname, 1, make_unary_loops<Kernel>(Loops{})};               \
    return def;                                                                            \
  }                                                                                        \
  Tensor name(const ArrayLike& x, OutArg out) { return call_unary(ufunc_##name(), x, out); }

#define PARITY_UFUNC2(name, pyname, Loops, Kernel)                                         \
  const UFuncDef& ufunc_##name() {                                                         \
    static const UFuncDef def{pyname, 2, make_binary_loops<Kernel>(Loops{})};              \
    return def;                                                                            \
  }                                                                                        \
  Tensor name(const ArrayLike& a, const ArrayLike& b, OutArg out) {                        \
    return call_binary(ufunc_##name(), a, b, out);                                         \
  }

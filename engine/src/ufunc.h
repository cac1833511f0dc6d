#pragma once
// Ufuncs: one definition (name, loop list, scalar kernel) per op; the function, method, in-place
// and out= forms all go through call_ufunc (ops/ufunc_dispatch.h: compile tracing and autograd
// recording), which runs apply_ufunc here (the computation only). Loops are listed in NumPy's
// `ufunc.types` order so that the first loop all inputs cast to safely is NumPy's choice (its
// legacy linear search).
//
//   struct Sin { template <class T> T operator()(T x) const { return std::sin(x); } };
//   PARITY_UFUNC1(sin, "sin", FloatLoops, Sin)   (ops/ufunc_dispatch.h)
#include <algorithm>
#include <atomic>
#include <functional>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "convert.h"
#include "kernels/common.h"
#include "iter.h"
#include "parity/ops.h"
#include "simd/simd.h"

namespace parity {

struct LoopSig {
  DType in[3];
  DType out;
  InnerLoop fn;
};

struct UFuncDef {
  const char* name;  // NumPy's name, used in messages
  int nin;
  std::vector<LoopSig> loops;
  // Maps the input dtypes before the loop search when none is inexact (true_divide: ints -> float64).
  DType (*pre)(DType) = nullptr;
  // The class NumPy raises when no loop fits: a plain TypeError from the legacy type resolver
  // (most ufuncs), UFuncTypeError (_UFuncNoLoopError) from the newer ones (positive, sign).
  enum class NoLoop { TypeError, UFuncTypeError } no_loop = NoLoop::TypeError;
  // The loop for arrays that all have dtype d (NumPy promotion), filled on first use.
  mutable std::atomic<const LoopSig*> same_dtype_loop[kNumDTypes] = {};
};

// The inputs of one ufunc call: a non-owning view of the caller's pointers (a braced list or a
// vector), so a call allocates nothing for them. Like llvm::ArrayRef and c10::ArrayRef, a UFuncArgs
// is only a parameter type: it is never stored past the full expression that made it, since a
// braced list's array dies at the end of that expression. Assignment from a braced list or a
// temporary vector is deleted: it would dangle at once.
class UFuncArgs {
 public:
  UFuncArgs(const std::initializer_list<const ArrayLike*>& l)
      : p_(l.size() == 0 ? nullptr : std::begin(l)), n_(l.size()) {}
  UFuncArgs(const std::vector<const ArrayLike*>& v) : p_(v.data()), n_(v.size()) {}
  UFuncArgs(const UFuncArgs&) = default;
  UFuncArgs& operator=(const UFuncArgs&) = default;
  UFuncArgs& operator=(std::initializer_list<const ArrayLike*>) = delete;
  UFuncArgs& operator=(std::vector<const ArrayLike*>&&) = delete;
  size_t size() const { return n_; }
  const ArrayLike* operator[](size_t k) const { return p_[k]; }
  const ArrayLike* const* begin() const { return p_; }
  const ArrayLike* const* end() const { return p_ + n_; }
 private:
  const ArrayLike* const* p_;
  size_t n_;
};

// Runs the ufunc: a flat path for the common call, else the general strided one. Computation
// only: ops call it through call_ufunc (ops/ufunc_dispatch.h), which traces and records autograd.
// `loop_inputs` set: the general path, and the inputs as the loop read them (cast, copied where
// they overlap out=) are stored there, for a derivative to save.
Tensor apply_ufunc(const UFuncDef& uf, UFuncArgs inputs, const OutArg& out, const void* ctx = nullptr,
                   std::vector<Tensor>* loop_inputs = nullptr);
// Which loop serves these input dtypes (or TypeError, as NumPy's _UFuncNoLoopError).
const LoopSig& resolve_loop(const UFuncDef& uf, UFuncArgs inputs);
// resolve_loop's answer, cached per thread: the loop apply_ufunc runs for these inputs.
const LoopSig& cached_loop(const UFuncDef& uf, UFuncArgs inputs);

// The loop lists (TypeList, AllLoops, FloatLoops ...) and out_storage_t live in kernels/common.h,
// shared with the CUDA kernels; the scalar kernels themselves in kernels/unary.h and binary.h.

// A kernel struct may name vectorized float32/float64 routines (simd/simd.h) as
//   static constexpr simd::Unary simd_fn{simd::exp, simd::exp};   (simd::Binary for two inputs)
// The loops below then run them on contiguous data and on blocks of gathered strided data; their
// results depend on each element's value only, so any layout or split gives the same bits.
template <class F, class T> constexpr auto simd_of() {
  if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>) && requires { F::simd_fn; })
    return F::simd_fn.template get<T>();
  else
    return nullptr;
}
inline constexpr int64_t kSimdBlock = 256;  // strided operands are gathered this many at a time

template <class F, class T> void unary_loop(char** d, const int64_t* s, int64_t n, const void*) {
  using C = compute_t<T>;
  using R = decltype(F{}(C{}));
  using O = out_storage_t<T, R>;
  F f;
  if constexpr (!std::is_same_v<decltype(simd_of<F, T>()), std::nullptr_t>) {
    static_assert(std::is_same_v<R, T> && std::is_same_v<O, T>);
    constexpr auto vec = simd_of<F, T>();
    constexpr simd::ScalarFn<T> scalar = [](T x) { return F{}(x); };  // lanes outside the vector range
    if (s[0] == sizeof(T) && s[1] == sizeof(T)) {
      vec(reinterpret_cast<const T*>(d[0]), reinterpret_cast<T*>(d[1]), n, scalar);
      return;
    }
    T buf[kSimdBlock];
    for (int64_t i0 = 0; i0 < n; i0 += kSimdBlock) {
      const int64_t m = std::min(kSimdBlock, n - i0);
      for (int64_t i = 0; i < m; ++i) buf[i] = *reinterpret_cast<const T*>(d[0] + (i0 + i) * s[0]);
      vec(buf, buf, m, scalar);
      for (int64_t i = 0; i < m; ++i) *reinterpret_cast<T*>(d[1] + (i0 + i) * s[1]) = buf[i];
    }
    return;
  }
  if (s[0] == sizeof(T) && s[1] == sizeof(O)) {
    const T* a = reinterpret_cast<const T*>(d[0]);
    O* o = reinterpret_cast<O*>(d[1]);
    for (int64_t i = 0; i < n; ++i) o[i] = convert<O>(f(static_cast<C>(a[i])));
    return;
  }
  const char* a = d[0];
  char* o = d[1];
  for (int64_t i = 0; i < n; ++i, a += s[0], o += s[1])
    *reinterpret_cast<O*>(o) = convert<O>(f(static_cast<C>(*reinterpret_cast<const T*>(a))));
}

template <class F, class T> void binary_loop(char** d, const int64_t* s, int64_t n, const void*) {
  using C = compute_t<T>;
  using R = decltype(F{}(C{}, C{}));
  using O = out_storage_t<T, R>;
  F f;
  if constexpr (!std::is_same_v<decltype(simd_of<F, T>()), std::nullptr_t>) {
    static_assert(std::is_same_v<R, T> && std::is_same_v<O, T>);
    constexpr auto vec = simd_of<F, T>();
    // Contiguous or broadcast (stride 0) operands go straight in; others through blocks. Binary
    // SIMD ops are exact IEEE arithmetic, so a few elements take the scalar loop below (same
    // bits, without the vector call's fixed cost).
    auto direct = [](int64_t st) { return st == 0 || st == int64_t(sizeof(T)); };
    if (n >= 8 && direct(s[0]) && direct(s[1]) && s[2] == sizeof(T)) {
      vec(reinterpret_cast<const T*>(d[0]), s[0] != 0, reinterpret_cast<const T*>(d[1]), s[1] != 0,
          reinterpret_cast<T*>(d[2]), n);
      return;
    }
    if (n >= 8) {
      T ba[kSimdBlock], bb[kSimdBlock];
      for (int64_t i0 = 0; i0 < n; i0 += kSimdBlock) {
        const int64_t m = std::min(kSimdBlock, n - i0);
        for (int64_t i = 0; i < m; ++i) {
          ba[i] = *reinterpret_cast<const T*>(d[0] + (i0 + i) * s[0]);
          bb[i] = *reinterpret_cast<const T*>(d[1] + (i0 + i) * s[1]);
        }
        vec(ba, 1, bb, 1, ba, m);
        for (int64_t i = 0; i < m; ++i) *reinterpret_cast<T*>(d[2] + (i0 + i) * s[2]) = ba[i];
      }
      return;
    }
  }
  if (s[0] == sizeof(T) && s[1] == sizeof(T) && s[2] == sizeof(O)) {
    const T* a = reinterpret_cast<const T*>(d[0]);
    const T* b = reinterpret_cast<const T*>(d[1]);
    O* o = reinterpret_cast<O*>(d[2]);
    for (int64_t i = 0; i < n; ++i) o[i] = convert<O>(f(static_cast<C>(a[i]), static_cast<C>(b[i])));
    return;
  }
  if (s[0] == sizeof(T) && s[1] == 0 && s[2] == sizeof(O)) {  // array op scalar
    const T* a = reinterpret_cast<const T*>(d[0]);
    const C b = static_cast<C>(*reinterpret_cast<const T*>(d[1]));
    O* o = reinterpret_cast<O*>(d[2]);
    for (int64_t i = 0; i < n; ++i) o[i] = convert<O>(f(static_cast<C>(a[i]), b));
    return;
  }
  const char* a = d[0];
  const char* b = d[1];
  char* o = d[2];
  for (int64_t i = 0; i < n; ++i, a += s[0], b += s[1], o += s[2])
    *reinterpret_cast<O*>(o) = convert<O>(f(static_cast<C>(*reinterpret_cast<const T*>(a)),
                                            static_cast<C>(*reinterpret_cast<const T*>(b))));
}

template <class F, class... Ts> std::vector<LoopSig> make_unary_loops(TypeList<Ts...>) {
  return {LoopSig{{dtype_of<Ts>()},
                  dtype_of<out_storage_t<Ts, decltype(F{}(compute_t<Ts>{}))>>(),
                  &unary_loop<F, Ts>}...};
}
template <class F, class... Ts> std::vector<LoopSig> make_binary_loops(TypeList<Ts...>) {
  return {LoopSig{{dtype_of<Ts>(), dtype_of<Ts>()},
                  dtype_of<out_storage_t<Ts, decltype(F{}(compute_t<Ts>{}, compute_t<Ts>{}))>>(),
                  &binary_loop<F, Ts>}...};
}

// Three inputs of one type (clip): same shape as binary_loop, without the fast paths.
template <class F, class T> void ternary_loop(char** d, const int64_t* s, int64_t n, const void*) {
  using C = compute_t<T>;
  using R = decltype(F{}(C{}, C{}, C{}));
  using O = out_storage_t<T, R>;
  F f;
  const char* a = d[0];
  const char* b = d[1];
  const char* c = d[2];
  char* o = d[3];
  for (int64_t i = 0; i < n; ++i, a += s[0], b += s[1], c += s[2], o += s[3])
    *reinterpret_cast<O*>(o) = convert<O>(f(static_cast<C>(*reinterpret_cast<const T*>(a)),
                                            static_cast<C>(*reinterpret_cast<const T*>(b)),
                                            static_cast<C>(*reinterpret_cast<const T*>(c))));
}
template <class F, class... Ts> std::vector<LoopSig> make_ternary_loops(TypeList<Ts...>) {
  return {LoopSig{{dtype_of<Ts>(), dtype_of<Ts>(), dtype_of<Ts>()},
                  dtype_of<out_storage_t<Ts, decltype(F{}(compute_t<Ts>{}, compute_t<Ts>{}, compute_t<Ts>{}))>>(),
                  &ternary_loop<F, Ts>}...};
}

// Defines ufunc_<name>() only: the free function of a 3-input ufunc is written by hand (clip).
#define PARITY_UFUNC3(name, pyname, Loops, Kernel)                                         \
  const UFuncDef& ufunc_##name() {                                                         \
    static const UFuncDef def{pyname, 3, make_ternary_loops<Kernel>(Loops{})};             \
    return def;                                                                            \
  }

// The registry of ufunc definitions, by NumPy name (for the OpInfo database and the CLI).
#define PARITY_X(name, py, ...) const UFuncDef& ufunc_##name();
PARITY_UNARY_UFUNCS(PARITY_X)
PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X

}  // namespace parity

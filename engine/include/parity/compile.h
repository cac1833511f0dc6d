#pragma once
// compile(f): runs chains of elementwise ops as one blockwise pass (issue 6).
//
//   auto sigmoid = parity::compile([](const Tensor& x) { return divide(1, add(1, exp(negative(x)))); });
//   Tensor y = sigmoid(x);  // traced on the first call for x's dtype and shape, then fused
//
// The first call for each input signature (dtypes and shapes) runs f eagerly while recording
// what it calls: every ufunc (its loop, casts and operands: inputs of f, tensors captured from
// outside, scalars) and the ops that take part in recording (sum, mean, amax, amin, matmul,
// reshape, transpose, astype, where), each with its other arguments bound. Later calls with
// that signature replay the record without running f: runs of consecutive ufuncs become one loop that walks
// their broadcast shape in blocks of a few hundred elements, runs each ufunc's own inner loop
// on the block in cache-resident scratch, and writes only the values something else reads (f's
// results, a recorded op); the recorded ops run as usual in between (softmax: amax, a fused
// subtract->exp, sum, a fused divide). Because the loops, casts and operand order are the eager
// ones and every loop is elementwise, compiled results equal eager results bit for bit
// (suites/compiled.cpp checks every elementwise op of the database both ways).
//
// Not compiled (f then runs eagerly for that signature, every call, and info() says why): an op
// that does not record itself (indexing, flip, concatenate, ...) whose result a ufunc or f's result
// uses, out=, writes into inputs or captured tensors, results that are f's inputs or are
// returned twice, and any call with an input that requires grad (autograd needs the eager
// graph). Scalars f passes to ufuncs, and recorded ops' other arguments, are constants of the
// trace (like jax.jit's static values): control flow in f must not depend on tensor values.
// Tensors are told apart by identity: f(x, x) is traced apart from f(x, y), but a tensor that f
// also captures, passed as an argument on the call that traces a signature, is taken for the
// argument at both uses.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "parity/tensor.h"

namespace parity {

struct CompileInfo {
  int64_t traces = 0;       // signatures traced
  int64_t fused_calls = 0;  // calls served by a fused program
  int64_t eager_calls = 0;  // calls that ran f (traces included)
  int64_t register_chains = 0;  // traced signatures run as one register chain (exp, + - * /, negative)
  std::vector<std::string> not_fused;  // per signature that is not fused: "float32 (3,): why"
};

namespace compile_detail {

// f, called by the cache when it must run eagerly (a trace, or a signature it cannot fuse).
struct Thunk {
  std::vector<Tensor> (*call)(const void* ctx);
  const void* ctx;
};

class Cache {
 public:
  Cache();
  ~Cache();
  // Runs the fused program for these inputs if there is one: true, with the results in outs.
  bool run(const Tensor* const* inputs, size_t n, std::vector<Tensor>& outs) const;
  bool run1(const Tensor* const* inputs, size_t n, Tensor& out) const;
  // Runs f eagerly (tracing it when the signature is new) and returns its results.
  std::vector<Tensor> eager(const Tensor* const* inputs, size_t n, Thunk f) const;
  CompileInfo info() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace compile_detail

// A compiled function of tensors returning a Tensor or a std::vector<Tensor>. Copies share the
// cache. Safe to call from several threads.
template <class F>
class Compiled {
 public:
  explicit Compiled(F f) : f_(std::move(f)), cache_(std::make_shared<compile_detail::Cache>()) {}

  template <class... Ts>
  auto operator()(const Ts&... xs) const {
    static_assert((std::is_same_v<Ts, Tensor> && ...), "compile(f): f's arguments are tensors");
    using R = std::invoke_result_t<const F&, const Ts&...>;
    static_assert(std::is_same_v<R, Tensor> || std::is_same_v<R, std::vector<Tensor>>,
                  "compile(f): f returns a Tensor or a std::vector<Tensor>");
    const Tensor* in[sizeof...(Ts) + 1] = {&xs...};
    constexpr size_t n = sizeof...(Ts);
    struct Ctx {
      const F* f;
      std::tuple<const Ts&...> args;
    } ctx{&f_, std::tuple<const Ts&...>(xs...)};
    compile_detail::Thunk thunk{[](const void* c) -> std::vector<Tensor> {
                                  const Ctx& k = *static_cast<const Ctx*>(c);
                                  if constexpr (std::is_same_v<R, Tensor>)
                                    return {std::apply(*k.f, k.args)};
                                  else
                                    return std::apply(*k.f, k.args);
                                },
                                &ctx};
    if constexpr (std::is_same_v<R, Tensor>) {
      Tensor out;
      if (cache_->run1(in, n, out)) return out;
      return std::move(cache_->eager(in, n, thunk)[0]);
    } else {
      std::vector<Tensor> outs;
      if (cache_->run(in, n, outs)) return outs;
      return cache_->eager(in, n, thunk);
    }
  }

  CompileInfo info() const { return cache_->info(); }

 private:
  F f_;
  std::shared_ptr<compile_detail::Cache> cache_;
};

template <class F>
Compiled<F> compile(F f) {
  return Compiled<F>(std::move(f));
}

}  // namespace parity

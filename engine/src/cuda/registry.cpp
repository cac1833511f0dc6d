// Kernel lookup for the CUDA backend (backend.h): tables filled once by each family's register_*().
#include "registry.h"

#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace parity::cuda {

namespace {
struct UfuncKey {
  std::string name;
  std::vector<DType> in;
  DType out;
  bool operator<(const UfuncKey& o) const { return std::tie(name, in, out) < std::tie(o.name, o.in, o.out); }
};
struct Tables {
  std::map<UfuncKey, ElementwiseFn> ufunc;
  ElementwiseFn cast[kNumDTypes][kNumDTypes] = {};
  std::map<std::pair<std::string, DType>, bool> ops;
};
Tables& tables() {
  static Tables t;
  return t;
}
const Tables& registered() {
  static std::once_flag once;
  std::call_once(once, [] {
    register_ufunc_kernels();
    register_cast_kernels();
    register_reduce_kernels();
    register_linalg_kernels();
    register_index_kernels();
  });
  return tables();
}
}  // namespace

void add_ufunc_kernel(const char* ufunc, std::initializer_list<DType> in, DType out, ElementwiseFn fn) {
  tables().ufunc[UfuncKey{ufunc, std::vector<DType>(in), out}] = fn;
}
void add_cast_kernel(DType from, DType to, ElementwiseFn fn) {
  tables().cast[static_cast<int>(from)][static_cast<int>(to)] = fn;
}

void add_op_kernel(const char* op, DType dtype) { tables().ops[{op, dtype}] = true; }
bool has_op_kernel(const char* op, DType dtype) { return registered().ops.count({op, dtype}) > 0; }

ElementwiseFn ufunc_kernel(const char* ufunc, const DType* in, int nin, DType out) {
  const Tables& t = registered();
  auto it = t.ufunc.find(UfuncKey{ufunc, std::vector<DType>(in, in + nin), out});
  return it == t.ufunc.end() ? nullptr : it->second;
}
ElementwiseFn cast_kernel(DType from, DType to) {
  return registered().cast[static_cast<int>(from)][static_cast<int>(to)];
}

}  // namespace parity::cuda

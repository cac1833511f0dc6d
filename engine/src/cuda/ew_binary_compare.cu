// CUDA kernels of the comparisons (with NumPy's exact int64/uint64 loops), logical_and/or/xor,
// maximum, minimum, fmax, fmin, the bitwise ops and shifts, and the 3-input clip.
#include "../kernels/binary.h"
#include "elementwise.cuh"
#include "ew_units.h"

namespace parity::cuda {

namespace {
template <class F, class A, class B> struct Mixed {
  __device__ bool operator()(A a, B b) const { return kern::MixedCompare<F>{}(a, b); }
};
template <class F, class A, class B> void run_mixed(const Operands& ops, int device, const void*) {
  ew::launch<Mixed<F, A, B>, bool, A, B>(ops, device);
}
template <class F> void add_compare(const char* name) {
  ew::add_binary<F>(name, AllLoops{});
  add_ufunc_kernel(name, {DType::Int64, DType::UInt64}, DType::Bool, &run_mixed<F, int64_t, uint64_t>);
  add_ufunc_kernel(name, {DType::UInt64, DType::Int64}, DType::Bool, &run_mixed<F, uint64_t, int64_t>);
}
}  // namespace

void register_binary_compare_kernels() {
  using namespace ew;
  add_compare<kern::Equal>("equal");
  add_compare<kern::NotEqual>("not_equal");
  add_compare<kern::Less>("less");
  add_compare<kern::LessEqual>("less_equal");
  add_compare<kern::Greater>("greater");
  add_compare<kern::GreaterEqual>("greater_equal");
  add_binary<kern::LogicalAnd>("logical_and", AllLoops{});
  add_binary<kern::LogicalOr>("logical_or", AllLoops{});
  add_binary<kern::LogicalXor>("logical_xor", AllLoops{});
  add_binary<kern::Maximum>("maximum", AllLoops{});
  add_binary<kern::Minimum>("minimum", AllLoops{});
  add_binary<kern::FMax>("fmax", AllLoops{});
  add_binary<kern::FMin>("fmin", AllLoops{});
  add_binary<kern::BitAnd>("bitwise_and", BoolIntLoops{});
  add_binary<kern::BitOr>("bitwise_or", BoolIntLoops{});
  add_binary<kern::BitXor>("bitwise_xor", BoolIntLoops{});
  add_binary<kern::LeftShift>("left_shift", IntLoops{});
  add_binary<kern::RightShift>("right_shift", IntLoops{});
  add_ternary<kern::Clip>("clip", kern::ClipLoops{});
}

}  // namespace parity::cuda

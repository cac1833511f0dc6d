// CUDA kernels of the strided copy with NumPy's unsafe cast (all 15 x 15 dtype pairs, convert.h's
// semantics, as astype) and of where(cond, x, y) for every dtype.
#include "elementwise.cuh"
#include "ew_units.h"

namespace parity::cuda {

namespace {
template <class From, class To> struct Cast {
  __device__ To operator()(From v) const { return convert<To>(v); }
};
template <class From, class To> void run_cast(const Operands& ops, int device, const void*) {
  ew::launch<Cast<From, To>, To, From>(ops, device);
}
template <class From, class... Tos> void add_casts_from(TypeList<Tos...>) {
  (add_cast_kernel(dtype_of<From>(), dtype_of<Tos>(), &run_cast<ew::dev_t<From>, ew::dev_t<Tos>>), ...);
}
template <class... Froms> void add_casts(TypeList<Froms...>) { (add_casts_from<Froms>(AllLoops{}), ...); }

template <class T> struct Where {
  __device__ T operator()(bool c, T x, T y) const { return c ? x : y; }
};
template <class T> void run_where(const Operands& ops, int device, const void*) {
  ew::launch<Where<T>, T, bool, T, T>(ops, device);
}
template <class... Ts> void add_where(TypeList<Ts...>) {
  ((add_ufunc_kernel("where", {DType::Bool, dtype_of<Ts>(), dtype_of<Ts>()}, dtype_of<Ts>(),
                     &run_where<ew::dev_t<Ts>>),
    add_op_kernel("where", dtype_of<Ts>())), ...);
}
}  // namespace

void register_cast_kernels() { add_casts(AllLoops{}); }
void register_where_kernels() { add_where(AllLoops{}); }

}  // namespace parity::cuda

// The reduce family's stubs: each device's slot, filled here by explicit reference (static
// registrars in a static library would be dropped by the linker).
#include "reduce_stub.h"

namespace parity::reduce {

namespace {
// The host loops differ per kind of reduction; the kernel's ReduceOp picks one.
Tensor reduce_cpu(const ReduceCall& c) {
  switch (c.kind) {
    case cuda::ReduceOp::sum:
    case cuda::ReduceOp::prod: return sum_prod_cpu(c);
    case cuda::ReduceOp::max:
    case cuda::ReduceOp::min:
    case cuda::ReduceOp::nanmax:
    case cuda::ReduceOp::nanmin: return extreme_cpu(c);
    case cuda::ReduceOp::any:
    case cuda::ReduceOp::all: return logical_cpu(c);
    case cuda::ReduceOp::argmax:
    case cuda::ReduceOp::argmin: return arg_extreme_cpu(c);
  }
  throw RuntimeError(op_msg(c.op, "unknown reduction"));
}
}  // namespace

constinit const DeviceStub<ReduceFn> reduce_stub{"reductions", &reduce_cpu, &reduce_cuda};
constinit const DeviceStub<ScanFn> scan_stub{"cumulative sums and products", &scan_cpu, &scan_cuda};

}  // namespace parity::reduce

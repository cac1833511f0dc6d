#pragma once
// The reduce family's kernel slots per device (device_stub.h): the reductions (sum ... argmin) and
// the cumulative ops. The op bodies (reduce_*.cpp) check axes, dtypes and out= and resolve the
// loop dtype; a slot computes the result, which the body then casts into out= (finish).
#include "../cuda/backend.h"
#include "../device_stub.h"
#include "reduce_util.h"

namespace parity::reduce {

// One reduction, as the op body resolved it.
struct ReduceCall {
  cuda::ReduceOp kind;
  const Tensor& x;
  const Axes& axis;    // argmax/argmin: None for the flattened input, else the one axis
  bool keepdims;
  const Plan& plan;    // make_plan(x, axis, keepdims): the result's shape and the count
  DType dtype;         // sum/prod: the accumulation dtype; max/min and nan*: the loop dtype
  const OutArg& out;   // the max/min CPU loop starts from out's dtype (see extreme_cpu)
  const char* op;
  bool nan = false;    // nansum/nanmean: NaNs count as zero
};
using ReduceFn = Tensor (*)(const ReduceCall&);
extern const DeviceStub<ReduceFn> reduce_stub;

// One cumulative sum or product along `axis` (-1: x flattened in C order, a 1-d result).
struct ScanCall {
  bool prod;
  const Tensor& x;
  int64_t axis;
  DType acc;  // the accumulation and result dtype
  const OutArg& out;
  const char* op;
};
using ScanFn = Tensor (*)(const ScanCall&);
extern const DeviceStub<ScanFn> scan_stub;

// The CPU slots' parts, one per op file (reduce_sum, reduce_minmax, reduce_logical, reduce_cumulative).
Tensor sum_prod_cpu(const ReduceCall& c);
Tensor extreme_cpu(const ReduceCall& c);
Tensor arg_extreme_cpu(const ReduceCall& c);
Tensor logical_cpu(const ReduceCall& c);
Tensor scan_cpu(const ScanCall& c);
// The CUDA slots (reduce_cuda.cpp): front ends over cuda::reduce and cuda::scan.
Tensor reduce_cuda(const ReduceCall& c);
Tensor scan_cuda(const ScanCall& c);

}  // namespace parity::reduce

#pragma once
// The ops with no device path yet (LAPACK, FFT, sort, search, take, unique) refuse a device
// tensor by name before any host loop reads its memory.
#include <string>

#include "parity/errors.h"
#include "parity/tensor.h"

namespace parity {

inline void require_cpu(const Tensor& t, const char* op) {
  if (!t.device().is_cpu())
    throw NotImplementedError(op_msg(op, "runs on the CPU only (got a tensor on " + to_string(t.device()) + ")"));
}

}  // namespace parity

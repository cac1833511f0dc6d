#pragma once
// The kernel tables behind backend.h's stubs (CUDA builds only). Each family's .cu unit defines a
// register_<family>() that fills them; register_all() (registry.cpp) calls each once, on first
// lookup, by explicit calls: static registrars in a static library would be dropped by the linker.
#include <initializer_list>

#include "backend.h"

namespace parity::cuda {

void add_ufunc_kernel(const char* ufunc, std::initializer_list<DType> in, DType out, ElementwiseFn fn);
void add_cast_kernel(DType from, DType to, ElementwiseFn fn);
// Declares that `op` (engine name) has a kernel for inputs of `dtype` (non-ufunc families).
void add_op_kernel(const char* op, DType dtype);

// One per family, defined in that family's unit.
void register_ufunc_kernels();
void register_cast_kernels();
void register_reduce_kernels();  // reduce.cu: reductions and cumulative ops
void register_linalg_kernels();  // linalg.cu: matmul, dot
void register_index_kernels();   // index.cu: getitem, setitem (advanced indexing)

}  // namespace parity::cuda

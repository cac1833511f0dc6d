#pragma once
// The NumPy oracle: CPython embedded once per process, running NumPy (and ml_dtypes for
// bfloat16). Tests ask it what NumPy computes; a Python exception never escapes as a crash.
#include <string>
#include <utility>
#include <vector>

#include "parity/case.h"
#include "parity/tensor.h"

namespace parity::oracle {

// What NumPy did: the result arrays, or the Python exception it raised (parity/case.h).
using Outcome = ::parity::Outcome;

using Args = std::vector<std::pair<std::string, Tensor>>;

// Evaluates Python expression `expr` with `np` (numpy), `ml_dtypes` and the tensors in `args`
// bound by name (as ndarrays). The value may be an array, a NumPy or Python scalar, a dtype
// (returned as a 0-d int8 tensor whose dtype is that dtype), or a tuple/list of those.
Outcome eval(const std::string& expr, const Args& args = {});
// Runs Python statements (for setup in tests); throws std::runtime_error on a Python error.
void exec(const std::string& code);
// eval() that must succeed and yield one array.
Tensor eval_tensor(const std::string& expr, const Args& args = {});
std::string numpy_version();
// Whether this process has started its interpreter (a process that has must not fork to run Python).
bool interpreter_running();
// Imports PyTorch into the oracle's interpreter, once; every use of torch goes through it first.
// The engine links the system's OpenBLAS, whose zdotu returns complex results in another way than
// the one torch's libraries were built against: resolved globally, torch's complex dot (and 1-D
// complex matmul) returns 0. Loading torch's extension with RTLD_DEEPBIND makes it bind its own
// BLAS first. (Sanitizer builds cannot: their runtime refuses RTLD_DEEPBIND; complex dot in torch
// is then wrong there.) Throws std::runtime_error when torch does not import.
void import_torch();
// str() of the Python value of `expr` (use repr(...) in `expr` for a repr); throws
// std::runtime_error when Python raises.
std::string eval_str(const std::string& expr, const Args& args = {});

}  // namespace parity::oracle

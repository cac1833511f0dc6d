#include "parity/op_names.h"

#include "parity/op_record.h"

namespace parity {

const std::vector<std::string>& engine_op_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const OpRecord& r : op_records()) v.push_back(r.name);
    for (const char* n : {
             // elementwise beyond the ufunc lists
             "round", "real", "imag", "angle", "where", "clip", "nonzero",
             // reductions
             "sum", "prod", "mean", "var", "std", "amax", "amin", "argmax", "argmin", "any", "all",
             "cumsum", "cumprod", "nansum", "nanmean", "nanmax", "nanmin",
             // shape
             "reshape", "transpose", "moveaxis", "swapaxes", "squeeze", "expand_dims", "broadcast_to",
             "broadcast_arrays", "concatenate", "stack", "split", "flatten", "ravel", "flip", "tile",
             "repeat", "ascontiguousarray", "copy", "astype",
             // creation
             "empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like", "full_like",
             "arange", "linspace", "eye", "identity", "asarray",
             // linear algebra
             "matmul", "dot", "outer",
             // indexing
             "getitem", "setitem",
             // random (Generator methods)
             "normal", "uniform"})
      v.push_back(n);
    return v;
  }();
  return names;
}

}  // namespace parity

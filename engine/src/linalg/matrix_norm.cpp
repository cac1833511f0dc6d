// numpy.linalg.matrix_norm: NumPy's formulas (numpy.linalg.norm over the last two axes) through
// the engine's differentiable ops: Frobenius sqrt(sum(|x|^2)), 1/-1 and inf/-inf the largest or
// smallest absolute column or row sum, 2/-2 and nuc from the singular values (svdvals).
#include "lapack_batch.h"
#include "parity/autograd.h"
#include "parity/linalg.h"
#include "parity/op_record.h"

namespace parity {

PARITY_OP_RECORD({.name = "linalg.matrix_norm", .family = "linalg", .forms = kFunction, .dtypes = DTypeSet::all,
                  .no_gradgrad = "double backward is not claimed (ord 2, -2, nuc go through svdvals)",
                  .grad = "through its formula (abs, sum, amax/amin, sqrt, svdvals)"});

namespace linalg {

Tensor matrix_norm(const Tensor& x0, bool keepdims, const std::string& ord) {
  constexpr const char* kOp = "linalg.matrix_norm";
  if (ord != "fro" && ord != "nuc" && ord != "inf" && ord != "-inf" && ord != "1" && ord != "-1" && ord != "2" &&
      ord != "-2")
    throw ValueError(op_msg(kOp, "Invalid norm order '" + ord + "' for matrices."));
  if (x0.ndim() < 2)
    throw AxisError(op_msg(kOp, "axis -2 is out of bounds for array of dimension " + std::to_string(x0.ndim())));
  // NumPy's norm: inputs that are not inexact are cast to float64 first.
  // (ml_dtypes' bfloat16 is not a NumPy inexact type: float64 too.)
  Tensor x = is_inexact(x0.dtype()) && x0.dtype() != DType::BFloat16 ? x0 : x0.astype(DType::Float64);
  Tensor r;
  if (ord == "fro") {
    Tensor sq = is_complex(x.dtype()) ? real(multiply(conj(x), x)) : multiply(x, x);
    r = sqrt(sum(sq, std::vector<int64_t>{-2, -1}, true));
  } else if (ord == "nuc") {
    r = sum(svdvals(x), int64_t{-1}).expand_dims({-1, -2});
  } else if (ord == "2" || ord == "-2") {
    Tensor s = svdvals(x);
    r = (ord == "2" ? amax(s, int64_t{-1}) : amin(s, int64_t{-1})).expand_dims({-1, -2});
  } else {
    // 1/-1: column sums (over rows, axis -2) then max/min over columns; inf/-inf: row sums
    const bool cols = ord == "1" || ord == "-1";
    const bool mx = ord == "1" || ord == "inf";
    Tensor sums = sum(abs(x), int64_t{cols ? -2 : -1}, true);
    r = mx ? amax(sums, int64_t{cols ? -1 : -2}, true) : amin(sums, int64_t{cols ? -1 : -2}, true);
  }
  return keepdims ? r : r.squeeze(std::vector<int64_t>{-2, -1});
}

}  // namespace linalg
}  // namespace parity

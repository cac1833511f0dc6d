// TEMPORARY: not-yet-implemented ops of one area, so that everything links while the area is built.
// Delete entries as they are implemented; delete the file when empty.
#include "parity/ops.h"

namespace parity {
#define PENDING(op) throw NotImplementedError("[" op "] not implemented yet")
Tensor divide(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("divide"); }
Tensor floor_divide(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("floor_divide"); }
Tensor remainder(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("remainder"); }
Tensor fmod(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("fmod"); }
Tensor power(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("power"); }
Tensor maximum(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("maximum"); }
Tensor minimum(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("minimum"); }
Tensor fmax(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("fmax"); }
Tensor fmin(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("fmin"); }
Tensor arctan2(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("arctan2"); }
Tensor hypot(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("hypot"); }
Tensor copysign(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("copysign"); }
Tensor logaddexp(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("logaddexp"); }
Tensor equal(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("equal"); }
Tensor not_equal(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("not_equal"); }
Tensor less(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("less"); }
Tensor less_equal(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("less_equal"); }
Tensor greater(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("greater"); }
Tensor greater_equal(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("greater_equal"); }
Tensor logical_and(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("logical_and"); }
Tensor logical_or(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("logical_or"); }
Tensor logical_xor(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("logical_xor"); }
Tensor bitwise_and(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("bitwise_and"); }
Tensor bitwise_or(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("bitwise_or"); }
Tensor bitwise_xor(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("bitwise_xor"); }
Tensor left_shift(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("left_shift"); }
Tensor right_shift(const ArrayLike&, const ArrayLike&, OutArg) { PENDING("right_shift"); }
Tensor where(const ArrayLike&, const ArrayLike&, const ArrayLike&) { PENDING("where"); }
std::vector<Tensor> where(const ArrayLike&) { PENDING("where"); }
std::vector<Tensor> nonzero(const Tensor&) { PENDING("nonzero"); }
Tensor clip(const ArrayLike&, const ArrayLike&, const ArrayLike&, OutArg) { PENDING("clip"); }

}  // namespace parity

// TEMPORARY: not-yet-implemented ops of one area, so that everything links while the area is built.
// Delete entries as they are implemented; delete the file when empty.
#include "parity/ops.h"

namespace parity {
#define PENDING(op) throw NotImplementedError("[" op "] not implemented yet")
Tensor sum(const Tensor&, Axes, bool, std::optional<DType>, OutArg) { PENDING("sum"); }
Tensor prod(const Tensor&, Axes, bool, std::optional<DType>, OutArg) { PENDING("prod"); }
Tensor mean(const Tensor&, Axes, bool, std::optional<DType>, OutArg) { PENDING("mean"); }
Tensor nansum(const Tensor&, Axes, bool, std::optional<DType>, OutArg) { PENDING("nansum"); }
Tensor nanmean(const Tensor&, Axes, bool, std::optional<DType>, OutArg) { PENDING("nanmean"); }
Tensor cumsum(const Tensor&, std::optional<int64_t>, std::optional<DType>, OutArg) { PENDING("cumsum"); }
Tensor cumprod(const Tensor&, std::optional<int64_t>, std::optional<DType>, OutArg) { PENDING("cumprod"); }
Tensor var(const Tensor&, Axes, int64_t, bool, std::optional<DType>, OutArg) { PENDING("var"); }
Tensor std(const Tensor&, Axes, int64_t, bool, std::optional<DType>, OutArg) { PENDING("std"); }
Tensor amax(const Tensor&, Axes, bool, OutArg) { PENDING("amax"); }
Tensor amin(const Tensor&, Axes, bool, OutArg) { PENDING("amin"); }
Tensor any(const Tensor&, Axes, bool, OutArg) { PENDING("any"); }
Tensor all(const Tensor&, Axes, bool, OutArg) { PENDING("all"); }
Tensor nanmax(const Tensor&, Axes, bool, OutArg) { PENDING("nanmax"); }
Tensor nanmin(const Tensor&, Axes, bool, OutArg) { PENDING("nanmin"); }
Tensor argmax(const Tensor&, std::optional<int64_t>, bool, OutArg) { PENDING("argmax"); }
Tensor argmin(const Tensor&, std::optional<int64_t>, bool, OutArg) { PENDING("argmin"); }
Tensor Tensor::sum(std::optional<std::vector<int64_t>>, bool, std::optional<DType>) const { PENDING("sum"); }
Tensor Tensor::prod(std::optional<std::vector<int64_t>>, bool, std::optional<DType>) const { PENDING("prod"); }
Tensor Tensor::mean(std::optional<std::vector<int64_t>>, bool, std::optional<DType>) const { PENDING("mean"); }
Tensor Tensor::var(std::optional<std::vector<int64_t>>, int64_t, bool) const { PENDING("var"); }
Tensor Tensor::std(std::optional<std::vector<int64_t>>, int64_t, bool) const { PENDING("std"); }
Tensor Tensor::max(std::optional<std::vector<int64_t>>, bool) const { PENDING("max"); }
Tensor Tensor::min(std::optional<std::vector<int64_t>>, bool) const { PENDING("min"); }
Tensor Tensor::argmax(std::optional<int64_t>, bool) const { PENDING("argmax"); }
Tensor Tensor::argmin(std::optional<int64_t>, bool) const { PENDING("argmin"); }
Tensor Tensor::any(std::optional<std::vector<int64_t>>, bool) const { PENDING("any"); }
Tensor Tensor::all(std::optional<std::vector<int64_t>>, bool) const { PENDING("all"); }
Tensor Tensor::cumsum(std::optional<int64_t>, std::optional<DType>) const { PENDING("cumsum"); }
Tensor Tensor::cumprod(std::optional<int64_t>, std::optional<DType>) const { PENDING("cumprod"); }

}  // namespace parity

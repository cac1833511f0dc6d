// TEMPORARY: not-yet-implemented ops of one area, so that everything links while the area is built.
// Delete entries as they are implemented; delete the file when empty.
#include "parity/ops.h"

namespace parity {
#define PENDING(op) throw NotImplementedError("[" op "] not implemented yet")
Tensor empty(const Shape&, DType) { PENDING("empty"); }
Tensor zeros(const Shape&, DType) { PENDING("zeros"); }
Tensor ones(const Shape&, DType) { PENDING("ones"); }
Tensor full(const Shape&, const Scalar&, std::optional<DType>) { PENDING("full"); }
Tensor empty_like(const Tensor&, std::optional<DType>) { PENDING("empty_like"); }
Tensor zeros_like(const Tensor&, std::optional<DType>) { PENDING("zeros_like"); }
Tensor ones_like(const Tensor&, std::optional<DType>) { PENDING("ones_like"); }
Tensor full_like(const Tensor&, const Scalar&, std::optional<DType>) { PENDING("full_like"); }
Tensor arange(const Scalar&) { PENDING("arange"); }
Tensor arange(const Scalar&, const Scalar&, const Scalar&, std::optional<DType>) { PENDING("arange"); }
Tensor linspace(const Scalar&, const Scalar&, int64_t, bool, std::optional<DType>) { PENDING("linspace"); }
Tensor eye(int64_t, std::optional<int64_t>, int64_t, DType) { PENDING("eye"); }
Tensor identity(int64_t, DType) { PENDING("identity"); }
Tensor asarray(const Scalar&, std::optional<DType>) { PENDING("asarray"); }
Tensor asarray(const Tensor&, std::optional<DType>) { PENDING("asarray"); }
Tensor reshape(const Tensor&, const Shape&) { PENDING("reshape"); }
Tensor transpose(const Tensor&, const std::vector<int64_t>&) { PENDING("transpose"); }
Tensor moveaxis(const Tensor&, const std::vector<int64_t>&, const std::vector<int64_t>&) { PENDING("moveaxis"); }
Tensor swapaxes(const Tensor&, int64_t, int64_t) { PENDING("swapaxes"); }
Tensor squeeze(const Tensor&, Axes) { PENDING("squeeze"); }
Tensor expand_dims(const Tensor&, const std::vector<int64_t>&) { PENDING("expand_dims"); }
Tensor broadcast_to(const Tensor&, const Shape&) { PENDING("broadcast_to"); }
Shape broadcast_shapes(const std::vector<Shape>&, const char*) { PENDING("broadcast_shapes"); }
std::vector<Tensor> broadcast_arrays(const std::vector<Tensor>&) { PENDING("broadcast_arrays"); }
Tensor concatenate(const std::vector<Tensor>&, std::optional<int64_t>) { PENDING("concatenate"); }
Tensor stack(const std::vector<Tensor>&, int64_t) { PENDING("stack"); }
std::vector<Tensor> split(const Tensor&, int64_t, int64_t) { PENDING("split"); }
std::vector<Tensor> split(const Tensor&, const std::vector<int64_t>&, int64_t) { PENDING("split"); }
Tensor flatten(const Tensor&) { PENDING("flatten"); }
Tensor ravel(const Tensor&) { PENDING("ravel"); }
Tensor flip(const Tensor&, Axes) { PENDING("flip"); }
Tensor tile(const Tensor&, const std::vector<int64_t>&) { PENDING("tile"); }
Tensor repeat(const Tensor&, const std::vector<int64_t>&, std::optional<int64_t>) { PENDING("repeat"); }
Tensor ascontiguousarray(const Tensor&) { PENDING("ascontiguousarray"); }
Tensor copy(const Tensor&) { PENDING("copy"); }
Tensor matmul(const Tensor&, const Tensor&, OutArg) { PENDING("matmul"); }
Tensor dot(const Tensor&, const Tensor&) { PENDING("dot"); }
Tensor outer(const Tensor&, const Tensor&) { PENDING("outer"); }
Tensor Tensor::matmul(const Tensor&) const { PENDING("matmul"); }
Tensor Tensor::dot(const Tensor&) const { PENDING("dot"); }
Generator::Generator(uint64_t) : state_(0), inc_(0) { PENDING("Generator"); }
Tensor Generator::normal(const Shape&, double, double, DType) { PENDING("normal"); }
Tensor Generator::uniform(const Shape&, double, double, DType) { PENDING("uniform"); }
uint64_t Generator::next_u64() { PENDING("Generator"); }
double Generator::next_double() { PENDING("Generator"); }
Generator default_rng(uint64_t) { PENDING("default_rng"); }

}  // namespace parity

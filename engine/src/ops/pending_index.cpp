// TEMPORARY: not-yet-implemented ops of one area, so that everything links while the area is built.
// Delete entries as they are implemented; delete the file when empty.
#include "parity/ops.h"

namespace parity {
#define PENDING(op) throw NotImplementedError("[" op "] not implemented yet")
Tensor Tensor::index(const std::vector<TensorIndex>&) const { PENDING("index"); }
void Tensor::index_put(const std::vector<TensorIndex>&, const ArrayLike&) { PENDING("index_put"); }
Tensor Tensor::operator[](int64_t) const { PENDING("index"); }

}  // namespace parity

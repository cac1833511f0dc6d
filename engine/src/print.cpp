// Placeholder printing; replaced by the NumPy-exact repr.
#include <sstream>
#include "parity/tensor.h"
namespace parity {
std::string Tensor::repr() const {
  std::ostringstream os;
  os << "array(" << str() << ", dtype=" << name(dtype_) << ")";
  return os.str();
}
std::string Tensor::str() const {
  std::ostringstream os;
  auto v = to_double_vector();
  os << "[";
  for (size_t i = 0; i < v.size(); ++i) os << (i ? " " : "") << v[i];
  os << "] shape=" << shape_str(shape_);
  return os.str();
}
}  // namespace parity

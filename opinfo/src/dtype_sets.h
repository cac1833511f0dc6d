#pragma once
// Named dtype sets for claims, in the order of kAllDTypes.
#include <vector>

#include "parity/dtype.h"

namespace parity::opinfo {

inline std::vector<DType> all_dtypes() { return {std::begin(kAllDTypes), std::end(kAllDTypes)}; }
inline std::vector<DType> all_but_bool() {
  auto v = all_dtypes();
  v.erase(v.begin());
  return v;
}
inline std::vector<DType> all_but_complex() {
  auto v = all_dtypes();
  v.resize(v.size() - 2);
  return v;
}
inline std::vector<DType> bool_and_integers() {
  return {DType::Bool, DType::Int8, DType::Int16, DType::Int32, DType::Int64,
          DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64};
}

}  // namespace parity::opinfo

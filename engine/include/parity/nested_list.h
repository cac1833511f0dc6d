#pragma once
// A C++ stand-in for a nested Python list of scalars: array({{1, 2}, {3, 4}}).
// A NestedList is a leaf (one Scalar) or a list of NestedLists; `{}` is the empty list.
#include <complex>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

#include "parity/scalar.h"

namespace parity {

class NestedList {
 public:
  NestedList() = default;  // the empty list []
  NestedList(std::initializer_list<NestedList> items) : items_(items) {}
  explicit NestedList(std::vector<NestedList> items) : items_(std::move(items)) {}
  NestedList(const Scalar& s) : leaf_(true), scalar_(s) {}
  template <class T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
  NestedList(T v) : leaf_(true), scalar_(v) {}
  template <class T> NestedList(std::complex<T> v) : leaf_(true), scalar_(v) {}

  bool is_leaf() const { return leaf_; }
  const Scalar& scalar() const { return scalar_; }
  const std::vector<NestedList>& items() const { return items_; }

 private:
  bool leaf_ = false;
  Scalar scalar_;
  std::vector<NestedList> items_;
};

}  // namespace parity

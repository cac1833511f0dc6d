#include "parity/op_names.h"

#include "parity/op_record.h"

namespace parity {

const std::vector<std::string>& engine_op_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const OpRecord& r : op_records()) v.push_back(r.name);
    return v;
  }();
  return names;
}

}  // namespace parity

#pragma once
// The names of every op the engine exposes: one per op record (parity/op_record.h). The OpInfo database must
// have an entry for each (a test checks it).
#include <string>
#include <vector>

namespace parity {
const std::vector<std::string>& engine_op_names();
}

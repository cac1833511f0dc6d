#pragma once
// The names of every op the engine exposes (engine/src/op_names.cpp): the OpInfo database must
// have an entry for each (a test checks it).
#include <string>
#include <vector>

namespace parity {
const std::vector<std::string>& engine_op_names();
}

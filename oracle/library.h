#pragma once
// Private to the oracle: the one batch runner behind NumpyExecutor, TorchExecutor and
// JaxExecutor (batch.cpp), and the pieces of each library it needs.
#include <string>
#include <vector>

#include "parity/case.h"

namespace parity::oracle {

enum class Lib : uint8_t { numpy, torch, jax };
const char* lib_name(Lib l);
bool lib_from_name(const std::string& name, Lib& out);

// Imports the library once (torch, jax: with their conversion helpers); false, with the reason,
// when it cannot be imported.
bool lib_available(Lib l, std::string* why = nullptr);
std::string lib_version(Lib l);  // "" when unavailable

// The cases' outcomes from library `l`, in order, in one Python call.
std::vector<Outcome> run_lib_batch(Lib l, const std::vector<const Case*>& cases);

// The Python callable for the case's op in `l` (OpInfo numpy_ref / torch_ref / jax_ref) and why
// it is missing ("" when present).
const std::string& lib_ref(Lib l, const opinfo::OpInfo& op);
std::string lib_missing(Lib l, const opinfo::OpInfo& op);
// NumPy's keyword name as the library spells it (torch: axis -> dim, keepdims -> keepdim).
std::string lib_kwarg(Lib l, const std::string& numpy_name);

}  // namespace parity::oracle

#pragma once
// Private to the oracle: the one batch runner behind NumpyExecutor, TorchExecutor and
// JaxExecutor (batch.cpp), and the pieces of each library it needs.
#include <string>
#include <vector>

#include "parity/case.h"

namespace parity::oracle {

// torch_same ("torch-same-name", issue 27): torch as a porting user writes it, torch.<NumPy's
// name> with NumPy's arguments and keyword names (the Tensor method of that name where torch has
// no such function), not the equivalent OpInfo::torch_ref.
enum class Lib : uint8_t { numpy, torch, jax, torch_same };
const char* lib_name(Lib l);
inline bool is_torch(Lib l) { return l == Lib::torch || l == Lib::torch_same; }
// The library whose rows of the error table apply ("torch" for both torch modes).
inline const char* table_name(Lib l) { return is_torch(l) ? "torch" : lib_name(l); }
bool lib_from_name(const std::string& name, Lib& out);

// Imports the library once (torch, jax: with their conversion helpers); false, with the reason,
// when it cannot be imported.
bool lib_available(Lib l, std::string* why = nullptr);
std::string lib_version(Lib l);  // "" when unavailable

// The cases' outcomes from library `l`, in order, in one Python call. `record` (library pairs):
// each outcome also carries the call's warnings (NumPy under errstate(all='warn')), whether a
// result aliases an input, and the library's own exception MRO.
std::vector<Outcome> run_lib_batch(Lib l, const std::vector<const Case*>& cases, bool record = false);

// The Python callable for the case's op in `l` (OpInfo numpy_ref / torch_ref / jax_ref) and why
// it is missing ("" when present).
// torch_same: "torch.<X>" for a numpy_ref "np.<X>" ("" when the reference is no plain NumPy name).
std::string lib_ref(Lib l, const opinfo::OpInfo& op);
// torch_same: whether torch has the function lib_ref names; when not, the case calls the Tensor
// method of the same name (torch.repeat does not exist, Tensor.repeat does).
bool same_name_is_function(const opinfo::OpInfo& op);
// The method name a variant calls: NumPy's for NumPy and torch_same, torch_method for torch.
std::string lib_method(Lib l, const opinfo::OpInfo& op);
std::string lib_missing(Lib l, const opinfo::OpInfo& op);
// NumPy's keyword name as the library spells it (torch: axis -> dim, keepdims -> keepdim; torch_same
// keeps NumPy's).
std::string lib_kwarg(Lib l, const std::string& numpy_name);

}  // namespace parity::oracle

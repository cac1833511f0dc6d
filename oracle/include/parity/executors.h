#pragma once
// The libraries that run cases through the embedded interpreter, by name: "numpy" (the
// reference), "torch" and "jax" (issue 14: references the engine is checked against, and
// subjects checked against NumPy). Each maps a Case through the op's OpInfo entry (numpy_ref,
// torch_ref, jax_ref) and answers a batch in one Python call.
#include <memory>
#include <string>
#include <vector>

#include "parity/case.h"

namespace parity {

// The participants a case can run on besides the engine.
const std::vector<std::string>& library_names();  // {"numpy", "torch", "jax"}
// Whether the oracle's interpreter can import the library; `why` (when given) says why not.
bool library_available(const std::string& name, std::string* why = nullptr);
// "2.15.0"; "" when unavailable.
std::string library_version(const std::string& name);
// The executor for a library ("torch-same-name" too: library_executors.h); ValueError for an
// unknown name, RuntimeError when unavailable.
std::unique_ptr<Executor> make_executor(const std::string& name);
// The library's outcomes for a batch with what library pairs compare besides results (issue 27):
// the warnings each call raised (NumPy under errstate(all='warn')), whether a result shares memory
// with a tensor argument (Outcome::aliases_input; jax never) and the library's own exception MRO
// (Outcome::native_error_mro). The plain run_batch records none of them.
std::vector<Outcome> run_library_observed(const std::string& name, const std::vector<const Case*>& cases);
// A Python snippet that recreates the case's inputs and calls the library the way its executor
// does (the reports show it beside NumPy's).
std::string library_snippet(const std::string& name, const Case& c);
// `np.array([...], dtype=np.float32).reshape(...)`: the tensor's exact values (each float the
// shortest decimal that reads back as the same value of its dtype), in C order.
std::string array_literal(const Tensor& t);
// A keyword argument as the library's executor passes it, as Python source: NumPy's `axis=0`
// is torch's `dim=0`, a dtype is `torch.float32`.
std::string library_keyword(const std::string& name, const std::string& numpy_key, const KwValue& v);
// A weak Python scalar as Python source: 2, -1.5, (1+2j), True, float('nan'), -float('inf').
std::string python_literal(const Scalar& s);

}  // namespace parity

#pragma once
// PyTorch and JAX as executors (issue 14): a Case runs through the op's torch_ref / jax_ref in the
// oracle's embedded interpreter, one Python call per batch (the same runner as NumpyExecutor's,
// oracle/batch.cpp). make_executor("torch") (executors.h) makes them by name.
#include <string>
#include <vector>

#include "parity/case.h"

namespace parity {

// Tensors go to torch by torch.from_numpy (copied first when a stride is negative; bfloat16 as a
// view of its bits); Python scalars stay Python scalars (weak); NumPy's keywords axis/keepdims are
// passed as dim/keepdim and dtypes as torch dtypes. Variants: function = torch_ref, method =
// torch.Tensor.<torch_method>, inplace = torch.Tensor.<torch_method>_, out = torch_ref(..., out=).
class TorchExecutor : public Executor {
 public:
  TorchExecutor();  // RuntimeError when torch cannot be imported
  std::string name() const override { return "torch"; }
  Outcome run(const Case& c) override;
  std::vector<Outcome> run_batch(const std::vector<const Case*>& cases) override;
};

// Same-name mode (issue 27, "torch-same-name"): each NumPy call as a porting user writes it in
// PyTorch, torch.<NumPy's name> with NumPy's arguments and keyword names (axis=, keepdims=), or
// the Tensor method of that name where torch has no such function (np.repeat -> x.repeat); not
// comparable where torch has neither or the NumPy reference is no plain np. function.
class TorchSameNameExecutor : public Executor {
 public:
  TorchSameNameExecutor();  // RuntimeError when torch cannot be imported
  std::string name() const override { return "torch-same-name"; }
  Outcome run(const Case& c) override;
  std::vector<Outcome> run_batch(const std::vector<const Case*>& cases) override;
};

// jax.numpy on the CPU with jax_enable_x64. JAX arrays are immutable and its functions take no
// out=: in-place and out= cases are not comparable. Methods are jax.Array's NumPy-named ones.
class JaxExecutor : public Executor {
 public:
  JaxExecutor();  // RuntimeError when jax cannot be imported
  std::string name() const override { return "jax"; }
  Outcome run(const Case& c) override;
  std::vector<Outcome> run_batch(const std::vector<const Case*>& cases) override;
};

// How a library's exception is compared with NumPy's: the first row whose library, class ("" any)
// and message pattern (ECMAScript regex, searched) match gives NumPy's class for it.
struct ErrorMapping {
  const char* library;      // "torch", "jax"
  const char* cls;          // the library's exception class; "" any
  const char* pattern;      // in its message
  const char* numpy_class;  // what NumPy raises for the same condition
  const char* reason;
};
const std::vector<ErrorMapping>& library_error_table();

// Applies the table to an exception of `library`: error_class and error_mro become NumPy's class
// (its __mro__ names), error_message "[torch RuntimeError] <message>". An exception no row matches
// keeps the library's class and MRO. Needs the oracle's interpreter (for NumPy's MROs).
void map_library_error(const std::string& library, const std::string& cls, const std::vector<std::string>& mro,
                       const std::string& message, Outcome& o);

}  // namespace parity

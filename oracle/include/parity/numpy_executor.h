#pragma once
// NumPy as an executor: runs a Case through the op's NumPy reference (OpInfo::numpy_ref).
#include "parity/case.h"

namespace parity {

class NumpyExecutor : public Executor {
 public:
  NumpyExecutor();
  std::string name() const override { return "numpy"; }
  Outcome run(const Case& c) override;
  // One Python call for the batch (oracle/batch.cpp, shared with torch and jax); errors as
  // run()'s, warnings not recorded (the fuzzer's fast path).
  std::vector<Outcome> run_batch(const std::vector<const Case*>& cases) override;
  // The Python expression a case runs, with the tensors named a0, a1, ... and out `o`.
  static std::string expression(const Case& c);
  // The Python that defines the helpers references may call (_parity.expit...): a snippet that
  // uses one carries it, so it runs as printed in a plain python3.
  static const char* prelude();
};

}  // namespace parity

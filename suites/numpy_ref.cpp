// NumpyRef: every sample and reference input of every op, against NumPy: values within the op's
// tolerance, NaN positions, infinities, result dtype and shape; error inputs raise NumPy's class.
#include <regex>

#include "harness.h"

namespace parity::suites {

void register_numpy_ref() {
  // On a GPU each case is also compared with the engine's CPU result (check_against_numpy).
  register_per_dtype_and_device("NumpyRef", [](const OpInfo&) { return true; }, [](const OpInfo& op, DType d, Device dev) {
    if (skipped(op, "NumpyRef", d)) GTEST_SKIP() << "declared skip";
    std::vector<SampleInput> inputs = op.sample_inputs(d);
    if (op.reference_inputs)
      for (auto& r : op.reference_inputs(d)) inputs.push_back(std::move(r));
    for (auto& in : inputs) {
      if (skipped(op, "NumpyRef", d, in.note)) continue;
      Case c;
      c.op = &op;
      c.variant = Variant::function;
      c.input = std::move(in);
      c.device = dev;
      check_against_numpy("NumpyRef", c, d);
    }
  });

  register_per_op("NumpyRef", "errors", [](const OpInfo& op) { return static_cast<bool>(op.error_inputs); },
                  [](const OpInfo& op) {
    for (const auto& e : op.error_inputs()) {
      Case c;
      c.op = &op;
      c.input = e.input;
      c.variant = e.variant;
      c.out = e.out;
      Outcome got = engine().run(c);
      Outcome want = numpy().run(c);
      EXPECT_TRUE(want.raised(e.error_class))
          << "[" << op.name << "] NumPy did not raise " << e.error_class << " for\n" << describe(c)
          << "NumPy: " << describe(want) << "\nNumPy call: " << NumpyExecutor::expression(c);
      EXPECT_TRUE(got.error && want.raised(got.error_class) && !got.crashed)
          << "[" << op.name << "] engine raised " << (got.error ? got.error_class : "nothing") << ", NumPy "
          << want.error_class << " for\n" << describe(c) << "engine: " << describe(got);
      if (got.error && !e.message_regex.empty()) {
        EXPECT_TRUE(std::regex_search(got.error_message, std::regex(e.message_regex)))
            << "[" << op.name << "] message '" << got.error_message << "' does not match /" << e.message_regex << "/";
      }
    }
  });
}

}  // namespace parity::suites

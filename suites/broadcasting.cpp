// Broadcasting: for each elementwise op of two or more inputs, broadcastable shape pairs give
// NumPy's shape and values, and non-broadcastable pairs raise ValueError in both. One test per op,
// at its first claimed dtype.
#include "harness.h"
#include "parity/samples.h"

namespace parity::suites {

namespace {
const char* kSuite = "Broadcasting";

struct ShapePair {
  Shape a, b;
  bool broadcastable;
};
const std::vector<ShapePair>& pairs() {
  static const std::vector<ShapePair> p = {
      {{3, 1}, {4}, true},       {{2, 1, 3}, {4, 1}, true}, {{}, {5, 4}, true},
      {{0}, {1}, true},          {{5, 1, 4, 1}, {3, 1, 2}, true},
      {{3}, {4}, false},         {{2, 3}, {3, 2}, false},   {{0}, {2}, false},
  };
  return p;
}
}  // namespace

void register_broadcasting() {
  auto want = [](const OpInfo& op) { return op.elementwise && op.nin >= 2 && !op.dtypes_cpu.empty(); };
  register_per_op(kSuite, "shapes", want, [](const OpInfo& op) {
    const DType d = op.dtypes_cpu.front();
    if (skipped(op, kSuite, d)) GTEST_SKIP() << "declared skip";
    double lo = op.domain ? op.domain->first : 1, hi = op.domain ? op.domain->second : 9;
    for (const ShapePair& p : pairs()) {
      for (int order = 0; order < 2; ++order) {
        const Shape& x = order ? p.b : p.a;
        const Shape& y = order ? p.a : p.b;
        Case c;
        c.op = &op;
        c.input.note = "shapes " + shape_str(x) + " and " + shape_str(y);
        if (skipped(op, kSuite, d, c.input.note)) continue;
        uint64_t seed = opinfo::seed_of(op.name + c.input.note);
        c.input.args.emplace_back(opinfo::make_tensor(x, d, seed, lo, hi));
        for (int k = 1; k < op.nin; ++k) c.input.args.emplace_back(opinfo::make_tensor(y, d, seed + k, lo, hi));
        Outcome got;
        Verdict v = check_against_numpy(kSuite, c, d, &got);
        if (!p.broadcastable && v.match()) {
          EXPECT_TRUE(got.raised("ValueError"))
              << "[" << op.name << "] " << name(d) << " shapes " << shape_str(x) << " and " << shape_str(y)
              << " do not broadcast: expected ValueError, engine: " << describe(got, 8) << "\n" << describe(c);
        }
        if (p.broadcastable && v.match() && got.error) {
          ADD_FAILURE() << "[" << op.name << "] " << name(d) << " shapes " << shape_str(x) << " and " << shape_str(y)
                        << " broadcast, but both the engine and NumPy raised: " << describe(got, 8)
                        << "\n(the sample values are outside the op's domain?)\n" << describe(c);
        }
      }
    }
  });
}

}  // namespace parity::suites

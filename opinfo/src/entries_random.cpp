// Entries for the random generator (engine/src/ops/random.cpp): Generator::normal and ::uniform.
// Parity's streams are not NumPy's (declared), so the suites compare what NumPy promises beyond
// the values: shape, dtype and the errors; the values' statistics are engine/tests/random_test.cpp's.
#include "entries_util.h"
#include "families.h"
#include "parity/ops.h"

namespace parity::opinfo {

namespace {
using namespace util;

double kdouble(const Kwargs& kw, const char* k, double dflt) {
  const KwValue* v = find_kwarg(kw, k);
  if (!v) return dflt;
  if (const auto* d = std::get_if<double>(v)) return *d;
  return static_cast<double>(std::get<int64_t>(*v));
}

OpInfo random_op(const std::string& name, const char* a, const char* b, double da, double db) {
  std::string n = name, ka = a, kb = b;
  OpInfo op = entry(name, "lambda **kw: _parity.random_like('" + name + "', **kw)",
                    [n, ka, kb, da, db](Variant, const Args&, const Kwargs& kw, const Tensor&) {
                      Generator g(0);
                      Shape size = kvec(kw, "size");
                      DType d = kdtype(kw).value_or(float64);
                      double x = kdouble(kw, ka.c_str(), da), y = kdouble(kw, kb.c_str(), db);
                      Tensor r = n == "normal" ? g.normal(size, x, y, d) : g.uniform(size, x, y, d);
                      return std::vector<Tensor>{zeros_like(r)};  // values are not NumPy's stream
                    });
  op.sample_inputs = [ka, kb](DType d) {
    Samples s;
    for (const Shape& sh : std::vector<Shape>{{}, {0}, {20}, {3, 4, 5}})
      s.push_back(sample({}, {{"size", tup(sh)}, {"dtype", KwValue(d)}}, "size " + shape_str(sh)));
    s.push_back(sample({}, {{"size", tup({5})}, {ka, KwValue(-2.0)}, {kb, KwValue(3.0)}, {"dtype", KwValue(d)}},
                       "parameters"));
    return s;
  };
  // The NumPy side is a helper that compares shape, dtype and errors only (values zeroed).
  op.torch_missing = op.jax_missing =
      "Parity's random streams are its own; NumPy's side is a shape/dtype helper (_parity.random_like) "
      "with no counterpart in this library";
  op.discrepancies.push_back({Discrepancy::Kind::differs, {}, {}, name + " draws from Parity's own stream",
                              "the engine's Generator is xoshiro256** with Box-Muller normals, not NumPy's PCG64 with "
                              "ziggurat; the suites compare shape, dtype and errors, random_test.cpp the statistics",
                              // No sample has this note: it documents, and never excuses a mismatch.
                              "random values"});
  return op;
}
}  // namespace

void add_random_ops(std::vector<OpInfo>& db) {
  OpInfo normal = random_op("normal", "loc", "scale", 0.0, 1.0);
  normal.error_inputs = [] {
    return Errors{error({}, {{"size", tup({3})}, {"scale", KwValue(-1.0)}}, "ValueError", "normal")};
  };
  db.push_back(std::move(normal));
  OpInfo uniform = random_op("uniform", "low", "high", 0.0, 1.0);
  uniform.error_inputs = [] {
    const double inf = std::numeric_limits<double>::infinity();
    return Errors{error({}, {{"size", tup({3})}, {"low", KwValue(-inf)}, {"high", KwValue(inf)}}, "OverflowError", "uniform")};
  };
  db.push_back(std::move(uniform));
}

}  // namespace parity::opinfo

#pragma once
// The comparator shared by the suites, the fuzzer and the reports: exact for integers and bool;
// for floats NaN in the same places, infinities equal, |a - b| <= atol + rtol * |b| (complex: each
// part, with |b| the element's magnitude); result dtype
// and shape equal; an error must be of the same class (the engine's class is NumPy's or a base).
#include <string>

#include "parity/case.h"

namespace parity {

struct Tolerance {
  double rtol = 0;
  double atol = 0;
};
Tolerance default_tolerance(DType d);  // one table for all ops (compare.cpp)

// grad: autograd disagrees with finite differences (`parity fuzz --grad`); appended last so the
// other kinds keep their numbers.
enum class Mismatch : uint8_t { none, value, dtype, shape, error, crash, grad };
const char* to_string(Mismatch m);

struct Verdict {
  Mismatch kind = Mismatch::none;
  bool match() const { return kind == Mismatch::none; }
  std::string detail;   // what differs, with the first offending element
  double max_abs = 0;   // largest |a - b| over finite elements
  double max_rel = 0;   // largest |a - b| / |b|
  double max_ulp = 0;   // largest distance in units in the last place of the result dtype
};

Verdict compare(const Outcome& got, const Outcome& want, Tolerance tol);
// Distance in ULPs between two values of a floating dtype (0 for equal, inf for NaN vs number).
double ulp_distance(double a, double b, DType d);

}  // namespace parity

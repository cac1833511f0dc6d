#pragma once
// The comparator shared by the suites, the fuzzer and the reports: exact for integers and bool;
// for floats NaN in the same places, infinities equal, |a - b| <= atol + rtol * |b| (complex: each
// part, with |b| the element's magnitude); result dtype
// and shape equal; an error must be of the same class (the engine's class is NumPy's or a base).
#include <complex>
#include <optional>
#include <string>

#include "parity/case.h"

namespace parity {

struct Tolerance {
  double rtol = 0;
  double atol = 0;
};
Tolerance default_tolerance(DType d);  // one table for all ops (compare.cpp)

// grad: autograd disagrees with finite differences (`parity fuzz --grad`); device: the engine on a
// GPU disagrees with the engine on the CPU beyond the op's tolerance (any value, dtype, shape or
// error difference between the two; the CUDA suites, `parity fuzz --device cuda --against cpu`).
// Appended last so the other kinds keep their numbers.
// The kinds after `device` refine a difference between two libraries (`parity fuzz --subject torch
// --against numpy`, --three-way; classify_difference in fuzz/): nonfinite: the values differ only
// where a side has NaN or an infinity, or an input does; integer: an integer or bool result differs
// (overflow, division by zero, floor/trunc rounding); ordering: an ordering op (sort, max,
// maximum, clip, argmax...) on complex inputs differs in value or raises on one side only.
// `dtype` between libraries is the result dtype (promotion), `error` an error on one side only or
// of another class.
// The last four are seen only between libraries (issue 27; the engine against NumPy never gives
// them), where the results otherwise agree: error_class: both raise and the classes compare as
// equal through the error table, but NumPy's own class is not among the subject's bases (an
// `except` written for NumPy misses it); aliasing: the result shares memory with an input in one
// library and not in the other (a view against a copy); signed_zero: the values agree but a zero
// has another sign; warning: the libraries warn differently (RuntimeWarning, ComplexWarning...).
enum class Mismatch : uint8_t {
  none, value, dtype, shape, error, crash, grad, device, nonfinite, integer, ordering,
  error_class, aliasing, signed_zero, warning
};
const char* to_string(Mismatch m);

struct Verdict {
  Mismatch kind = Mismatch::none;
  bool match() const { return kind == Mismatch::none; }
  std::string detail;   // what differs, with the first offending element
  double max_abs = 0;   // largest |a - b| over finite elements
  double max_rel = 0;   // largest |a - b| / |b|
  double max_ulp = 0;   // largest distance in ULPs of ulp_dtype(result, computed_in), every element
  bool has_ulp = false; // a float or complex result was compared; integer/bool results have no ULP
};

// `computed_in`: the dtype the op computed in, where the result was cast into an out= of another
// dtype (Case::compute_dtype); ULPs are then counted in ulp_dtype(result, computed_in).
Verdict compare(const Outcome& got, const Outcome& want, Tolerance tol,
                std::optional<DType> computed_in = std::nullopt);
// The engine on a GPU (`device`) against the engine on the CPU, for one case: Mismatch::device
// when they differ beyond `tol` (values, dtype, shape, or an error on one side or of another
// class; the detail names the underlying kind and both devices); a crash stays Mismatch::crash.
Verdict compare_devices(const Outcome& gpu, const Outcome& cpu, Tolerance tol, Device device,
                        std::optional<DType> computed_in = std::nullopt);
// A verdict of compare(gpu, cpu, ...) as compare_devices words it (Mismatch::device).
Verdict as_device_verdict(Verdict v, Device device);
// The real floating dtype whose steps measure the error of a `result` computed in `computed_in`:
// the coarser of the two (float32 sin written into a complex128 out= is counted in float32 steps,
// float64 written into a float32 out= in float32 steps); `result` itself (its real part's dtype)
// when `computed_in` is not floating, and `result` unchanged when it has no ULP (integer, bool).
DType ulp_dtype(DType result, DType computed_in);
// Distance between two values in representable values of floating dtype `d` (float16, bfloat16,
// float32, float64; complex64/128 count as float32/64): 0 for equal values, for +0 vs -0 and for
// NaN vs NaN; inf for NaN vs a number; subnormals are steps; the largest finite value is one step
// from infinity. Values that `d` cannot represent count fractional steps.
double ulp_distance(double a, double b, DType d);
// Complex values: the larger distance of the real and the imaginary parts.
double ulp_distance(std::complex<double> a, std::complex<double> b, DType d);

}  // namespace parity

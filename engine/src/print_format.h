#pragma once
// Number formatting for printing, with NumPy's rules: shortest round-trip digits (what NumPy's
// Dragon4 prints in "unique" mode), positional / scientific layout with trimming and padding,
// and the per-array float format (FloatingFormat) that picks fixed or scientific notation.
#include <string>
#include <vector>

namespace parity::print {

// The precision a value is printed for: its shortest digits must round-trip in this type.
enum class FloatKind { F16, F32, F64 };

// How trailing zeros are handled: keep them, trim to "1.", trim to "1.0", trim to "1".
enum class Trim { Keep, Dot, LeaveOneZero, DptZeros };

// value = (neg ? -1 : 1) * 0.d1d2d3... * 10^(exp + 1), i.e. d1.d2d3... * 10^exp.
struct Digits {
  bool neg = false;
  std::string d = "0";  // no leading zeros; "0" for zero
  int exp = 0;
};
// Shortest digits that convert back to the same value of `kind` (ties broken to the closest).
Digits shortest_digits(double v, FloatKind kind);

// NumPy's format_float_positional / format_float_scientific with unique=True (precision < 0
// means no cutoff; fractional=True for positional).
std::string format_positional(double v, FloatKind kind, int precision, int min_digits, Trim trim,
                              bool plus, int pad_left, int pad_right);
std::string format_scientific(double v, FloatKind kind, int precision, int min_digits, Trim trim,
                              bool plus, int pad_left, int exp_digits);

// str() of a NumPy float / complex scalar (np.float32(0.1) -> "0.1", 1e16 -> "1e+16").
std::string float_scalar_str(double v, FloatKind kind);
std::string complex_scalar_str(double re, double im, FloatKind kind);
// ml_dtypes' repr/str of a bfloat16 scalar: C++ stream output of the float (6 significant digits).
std::string bfloat16_str(float v);

// NumPy's FloatingFormat with default options (floatmode maxprec, precision 8, no suppression):
// built from the values shown, then formats each with a common width.
class FloatFormat {
 public:
  FloatFormat(const std::vector<double>& data, FloatKind kind, bool plus_sign = false);
  std::string operator()(double x) const;

 private:
  FloatKind kind_;
  bool plus_;
  bool exp_format_ = false;
  int precision_ = 8, min_digits_ = 0, pad_left_ = 0, pad_right_ = 0, exp_size_ = -1;
  Trim trim_ = Trim::Dot;
};

}  // namespace parity::print

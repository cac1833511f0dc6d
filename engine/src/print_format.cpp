// Float digit generation and layout for printing (see print_format.h). Shortest digits come from
// std::to_chars for float/double and from a round-trip search for float16; cut-off digits come
// from printf, which rounds the exact binary value half-to-even like NumPy's Dragon4.
#include "print_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "parity/half.h"

namespace parity::print {

namespace {

// Parses printf/to_chars scientific output "[-]d[.ddd]e[+-]XX" into Digits.
Digits parse_scientific(const char* s) {
  Digits r;
  r.d.clear();
  if (*s == '-') { r.neg = true; ++s; }
  for (; *s && *s != 'e'; ++s)
    if (*s != '.') r.d.push_back(*s);
  r.exp = (*s == 'e') ? std::atoi(s + 1) : 0;
  // drop trailing zeros (the value stays the same); keep one digit
  while (r.d.size() > 1 && r.d.back() == '0') r.d.pop_back();
  if (r.d == "0") r.exp = 0;
  return r;
}

// `v` rounded (half-to-even on the exact value) to `sig` significant digits.
Digits round_sig(double v, int sig) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*e", std::max(sig - 1, 0), v);
  Digits r = parse_scientific(buf);
  r.neg = std::signbit(v);
  return r;
}

// float16 neighbours of the value with bits `h` (positive, finite), as doubles.
double half_at(int bits) {
  if (bits >= 0x7c00) return 65536.0;  // one step past the largest finite: 65520 rounds to inf
  return static_cast<double>(detail::half_bits_to_float(static_cast<uint16_t>(bits)));
}

Digits shortest_half(double v) {
  Digits r;
  r.neg = std::signbit(v);
  double a = std::fabs(v);
  if (a == 0) return r;
  int h = detail::double_to_half_bits(a);
  double lo = (half_at(h - 1) + a) / 2, hi = (half_at(h + 1) + a) / 2;  // exact in double
  bool even = (h & 1) == 0;
  auto inside = [&](double c) { return (c > lo && c < hi) || (even && (c == lo || c == hi)); };
  for (int p = 1; p <= 17; ++p) {
    Digits c = round_sig(a, p);
    // the closest p-digit decimal, or its neighbours (the interval is lopsided at powers of 2)
    long long m = std::atoll(c.d.c_str());
    for (size_t i = c.d.size(); i < static_cast<size_t>(p); ++i) m *= 10;
    int e = c.exp - (p - 1);
    double best_dist = -1;
    long long best = 0;
    for (long long cand : {m, m - 1, m + 1}) {
      if (cand <= 0) continue;
      char buf[64];
      std::snprintf(buf, sizeof buf, "%llde%d", cand, e);
      double cv = std::strtod(buf, nullptr);
      if (!inside(cv)) continue;
      double dist = std::fabs(cv - a);
      if (best_dist < 0 || dist < best_dist) { best_dist = dist; best = cand; }
    }
    if (best_dist >= 0) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%llde%d", best, e);
      char sci[64];
      std::snprintf(sci, sizeof sci, "%.*e", p - 1, std::strtod(buf, nullptr));
      Digits out = parse_scientific(sci);
      out.neg = r.neg;
      return out;
    }
  }
  return round_sig(v, 17);
}

// `v` rounded (half-to-even on the exact value) to `frac` digits after the point.
Digits round_frac(double v, int frac) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", frac, std::fabs(v));
  Digits r;
  r.neg = std::signbit(v);
  std::string all;
  int point = -1;
  for (const char* p = buf; *p; ++p) {
    if (*p == '.') point = static_cast<int>(all.size());
    else all.push_back(*p);
  }
  if (point < 0) point = static_cast<int>(all.size());
  size_t first = all.find_first_not_of('0');
  if (first == std::string::npos) return r;
  r.d = all.substr(first);
  r.exp = point - static_cast<int>(first) - 1;
  while (r.d.size() > 1 && r.d.back() == '0') r.d.pop_back();
  return r;
}

// The digits Dragon4 prints in unique mode: the shortest round-trip digits, extended with the
// exact value's own digits up to `min_digits` and cut (rounding) at `precision` digits after the
// point (-1: no bound). Positional counts digits after the decimal point, scientific after the
// first digit.
Digits cut_digits(double v, FloatKind kind, bool scientific, int precision, int min_digits) {
  Digits s = shortest_digits(v, kind);
  int have = scientific ? static_cast<int>(s.d.size()) - 1
                        : static_cast<int>(s.d.size()) - 1 - s.exp;  // may be < 0 (65500)
  if (s.d == "0") have = 0;
  int want = have;
  if (min_digits >= 0) want = std::max(want, min_digits);
  if (precision >= 0) want = std::min(want, precision);
  if (want == have) return s;
  return scientific ? round_sig(v, want + 1) : round_frac(v, want);
}

// Applies trimming and min_digits to the fraction digits, giving the text after the integer part.
std::string finish_fraction(std::string frac, int min_digits, Trim trim) {
  if (trim != Trim::Keep)
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
  if (static_cast<int>(frac.size()) < min_digits) frac.append(min_digits - frac.size(), '0');
  if (frac.empty()) {
    switch (trim) {
      case Trim::LeaveOneZero: return ".0";
      case Trim::DptZeros: return "";
      default: return ".";
    }
  }
  std::string r(1, '.');
  return r.append(frac);
}

std::string sign_of(bool neg, bool plus) { return neg ? "-" : (plus ? "+" : ""); }

std::string pad_to_left(std::string s, int width) {
  if (static_cast<int>(s.size()) < width) s.insert(0, width - s.size(), ' ');
  return s;
}

std::string nonfinite(double v, bool plus) {
  if (std::isnan(v)) return plus ? "+nan" : "nan";
  return v < 0 ? "-inf" : (plus ? "+inf" : "inf");
}

}  // namespace

Digits shortest_digits(double v, FloatKind kind) {
  if (v == 0) { Digits z; z.neg = std::signbit(v); return z; }
  if (kind == FloatKind::F16) return shortest_half(v);
  char buf[64];
  std::to_chars_result res = (kind == FloatKind::F32)
      ? std::to_chars(buf, buf + sizeof buf - 1, static_cast<float>(v), std::chars_format::scientific)
      : std::to_chars(buf, buf + sizeof buf - 1, v, std::chars_format::scientific);
  *res.ptr = '\0';
  return parse_scientific(buf);
}

std::string format_positional(double v, FloatKind kind, int precision, int min_digits, Trim trim,
                              bool plus, int pad_left, int pad_right) {
  if (!std::isfinite(v)) return nonfinite(v, plus);
  Digits dg = cut_digits(v, kind, false, precision, min_digits);
  std::string ip, frac;
  if (dg.d == "0") {
    ip = "0";
  } else if (dg.exp >= 0) {
    size_t n = static_cast<size_t>(dg.exp) + 1;
    ip = dg.d.substr(0, std::min(n, dg.d.size()));
    if (ip.size() < n) ip.append(n - ip.size(), '0');
    if (dg.d.size() > n) frac = dg.d.substr(n);
  } else {
    ip = "0";
    frac = std::string(static_cast<size_t>(-dg.exp - 1), '0') + dg.d;
  }
  std::string f = finish_fraction(frac, min_digits, trim);
  std::string out = pad_to_left(sign_of(dg.neg, plus) + ip, pad_left);
  // pad_right counts the digits after the point
  int have = f.empty() ? 0 : static_cast<int>(f.size()) - 1;
  if (have < pad_right) f.append(pad_right - have, ' ');
  return out + f;
}

std::string format_scientific(double v, FloatKind kind, int precision, int min_digits, Trim trim,
                              bool plus, int pad_left, int exp_digits) {
  if (!std::isfinite(v)) return nonfinite(v, plus);
  Digits dg = cut_digits(v, kind, true, precision, min_digits);
  std::string out = pad_to_left(sign_of(dg.neg, plus) + dg.d.substr(0, 1), pad_left);
  out += finish_fraction(dg.d.substr(1), min_digits, trim);
  std::string e = std::to_string(std::abs(dg.exp));
  int width = std::max(exp_digits, 2);
  if (static_cast<int>(e.size()) < width) e.insert(0, width - e.size(), '0');
  return out + "e" + (dg.exp < 0 ? "-" : "+") + e;
}

namespace {
// The scalar rule (like Python's repr of floats): positional in [1e-4, 1e16), else scientific.
std::string scalar_part(double v, FloatKind kind, Trim pos_trim, bool plus) {
  if (!std::isfinite(v)) return nonfinite(v, plus);
  double a = std::fabs(v);
  if (a == 0 || (a >= 1e-4 && a < 1e16))
    return format_positional(v, kind, -1, -1, pos_trim, plus, -1, -1);
  return format_scientific(v, kind, -1, -1, Trim::DptZeros, plus, -1, -1);
}
}  // namespace

std::string float_scalar_str(double v, FloatKind kind) {
  return scalar_part(v, kind, Trim::LeaveOneZero, false);
}

std::string complex_scalar_str(double re, double im, FloatKind kind) {
  if (re == 0 && !std::signbit(re)) return scalar_part(im, kind, Trim::DptZeros, false) + "j";
  std::string r = scalar_part(re, kind, Trim::DptZeros, false);
  std::string i = std::isnan(im) ? "+nan" : scalar_part(im, kind, Trim::DptZeros, true);
  return "(" + r + i + "j)";
}

std::string bfloat16_str(float v) {
  if (std::isnan(v)) return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
  return buf;
}

// ---------------- FloatFormat ----------------

namespace {
// Rounds a double to the printed type, as NumPy's comparisons and divisions happen there.
double to_kind(double v, FloatKind kind) {
  switch (kind) {
    case FloatKind::F16: return static_cast<double>(static_cast<float>(float16_t(v)));
    case FloatKind::F32: return static_cast<double>(static_cast<float>(v));
    default: return v;
  }
}
}  // namespace

FloatFormat::FloatFormat(const std::vector<double>& data, FloatKind kind, bool plus_sign)
    : kind_(kind), plus_(plus_sign) {
  std::vector<double> finite;
  bool has_nonfinite = false, has_neginf = false;
  for (double x : data) {
    if (std::isfinite(x)) finite.push_back(x);
    else {
      has_nonfinite = true;
      if (std::isinf(x) && x < 0) has_neginf = true;
    }
  }
  // Scientific when the non-zero magnitudes are huge, tiny or spread over more than 1000x
  // (compared in the array's own precision, as NumPy does with its weak Python literals).
  double max_val = -1, min_val = -1;
  for (double x : finite) {
    if (x == 0) continue;
    double a = std::fabs(x);
    if (max_val < 0 || a > max_val) max_val = a;
    if (min_val < 0 || a < min_val) min_val = a;
  }
  if (max_val >= 0) {
    double ratio = (kind_ == FloatKind::F64) ? max_val / min_val
                   : to_kind(static_cast<double>(static_cast<float>(max_val) / static_cast<float>(min_val)), kind_);
    if (max_val >= to_kind(1e8, kind_) || min_val < to_kind(1e-4, kind_) || ratio > 1000.)
      exp_format_ = true;
  }

  if (finite.empty()) {
    pad_left_ = pad_right_ = 0;
    trim_ = Trim::Dot;
    exp_size_ = -1;
    min_digits_ = 0;
  } else if (exp_format_) {
    int max_frac = 0, max_int = 0, max_exp = 0;
    for (double x : finite) {
      std::string s = format_scientific(x, kind_, precision_, -1, Trim::Dot, plus_, -1, -1);
      size_t e = s.find('e'), dot = s.find('.');
      max_int = std::max(max_int, static_cast<int>(dot));
      max_frac = std::max(max_frac, static_cast<int>(e - dot - 1));
      max_exp = std::max(max_exp, static_cast<int>(s.size() - e - 1));
    }
    exp_size_ = max_exp - 1;
    trim_ = Trim::Keep;
    precision_ = min_digits_ = max_frac;
    pad_left_ = max_int;
    pad_right_ = exp_size_ + 2 + precision_;
  } else {
    int max_frac = 0, max_int = 0;
    for (double x : finite) {
      std::string s = format_positional(x, kind_, precision_, -1, Trim::Dot, plus_, -1, -1);
      size_t dot = s.find('.');
      max_int = std::max(max_int, static_cast<int>(dot));
      max_frac = std::max(max_frac, static_cast<int>(s.size() - dot - 1));
    }
    pad_left_ = max_int;
    pad_right_ = max_frac;
    exp_size_ = -1;
    trim_ = Trim::Dot;
    min_digits_ = 0;
  }
  if (has_nonfinite) {
    int neginf = (plus_ || has_neginf) ? 1 : 0;
    int offset = pad_right_ + 1;  // +1 for the point
    pad_left_ = std::max({pad_left_, 3 - offset, 3 + neginf - offset});
  }
}

std::string FloatFormat::operator()(double x) const {
  if (!std::isfinite(x)) return pad_to_left(nonfinite(x, plus_), pad_left_ + pad_right_ + 1);
  if (exp_format_)
    return format_scientific(x, kind_, precision_, min_digits_, trim_, plus_, pad_left_, exp_size_);
  return format_positional(x, kind_, precision_, min_digits_, trim_, plus_, pad_left_, pad_right_);
}

}  // namespace parity::print

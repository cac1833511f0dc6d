// Tensor::repr() and Tensor::str(), equal to NumPy's repr() and str() with the default print
// options (linewidth 75, threshold 1000, edgeitems 3, precision 8, floatmode maxprec).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "parity/tensor.h"
#include "print_format.h"

namespace parity {

namespace {

constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

// One element read from storage, widened.
struct Elem {
  double re = 0, im = 0;  // floats and complex
  int64_t i = 0;          // signed ints and bool
  uint64_t u = 0;         // unsigned ints
};

Elem read_elem(const Tensor& t, const char* p) {
  Elem e;
  switch (t.dtype()) {
    case DType::Bool: e.i = *reinterpret_cast<const bool*>(p) ? 1 : 0; break;
    case DType::Int8: e.i = *reinterpret_cast<const int8_t*>(p); break;
    case DType::Int16: e.i = *reinterpret_cast<const int16_t*>(p); break;
    case DType::Int32: e.i = *reinterpret_cast<const int32_t*>(p); break;
    case DType::Int64: e.i = *reinterpret_cast<const int64_t*>(p); break;
    case DType::UInt8: e.u = *reinterpret_cast<const uint8_t*>(p); break;
    case DType::UInt16: e.u = *reinterpret_cast<const uint16_t*>(p); break;
    case DType::UInt32: e.u = *reinterpret_cast<const uint32_t*>(p); break;
    case DType::UInt64: e.u = *reinterpret_cast<const uint64_t*>(p); break;
    case DType::Float16: e.re = static_cast<float>(*reinterpret_cast<const float16_t*>(p)); break;
    case DType::BFloat16: e.re = static_cast<float>(*reinterpret_cast<const bfloat16_t*>(p)); break;
    case DType::Float32: e.re = *reinterpret_cast<const float*>(p); break;
    case DType::Float64: e.re = *reinterpret_cast<const double*>(p); break;
    case DType::Complex64: {
      auto c = *reinterpret_cast<const complex64_t*>(p);
      e.re = c.real(); e.im = c.imag();
      break;
    }
    case DType::Complex128: {
      auto c = *reinterpret_cast<const complex128_t*>(p);
      e.re = c.real(); e.im = c.imag();
      break;
    }
  }
  return e;
}

print::FloatKind float_kind(DType d) {
  switch (d) {
    case DType::Float16: return print::FloatKind::F16;
    case DType::Float32: case DType::Complex64: return print::FloatKind::F32;
    default: return print::FloatKind::F64;
  }
}

// Reads elements of `t` by (possibly negative) multi-index.
class Reader {
 public:
  explicit Reader(const Tensor& t) : t_(t), base_(t.size() > 0 ? static_cast<const char*>(t.data_ptr()) : nullptr) {}
  Elem at(const std::vector<int64_t>& idx) const {
    int64_t off = 0;
    for (size_t k = 0; k < idx.size(); ++k) {
      int64_t i = idx[k] < 0 ? idx[k] + t_.shape()[k] : idx[k];
      off += i * t_.strides()[k];
    }
    return read_elem(t_, base_ + off * t_.itemsize());
  }
 private:
  const Tensor& t_;
  const char* base_;
};

// Visits the elements NumPy uses to size the format: all of them, or only the leading and
// trailing `edge` items of each long axis when summarizing.
void visit_shown(const Tensor& t, bool summarize, const Reader& rd,
                 const std::function<void(const Elem&)>& f) {
  std::vector<int64_t> idx;
  std::function<void(size_t)> rec = [&](size_t axis) {
    if (axis == t.shape().size()) { f(rd.at(idx)); return; }
    int64_t n = t.shape()[axis];
    idx.push_back(0);
    for (int64_t i = 0; i < n; ++i) {
      if (summarize && n > 2 * kEdgeItems && i == kEdgeItems) i = n - kEdgeItems;
      idx.back() = i;
      rec(axis + 1);
    }
    idx.pop_back();
  };
  rec(0);
}

using ElemFormat = std::function<std::string(const Elem&)>;

// NumPy's per-dtype element formatters, sized from the shown elements.
ElemFormat make_format(const Tensor& t, bool summarize, const Reader& rd) {
  DType d = t.dtype();
  if (d == DType::Bool) {
    std::string truestr = t.ndim() == 0 ? "True" : " True";  // aligns with "False"
    return [truestr](const Elem& e) { return e.i ? truestr : std::string("False"); };
  }
  if (is_integer(d)) {
    bool uns = is_unsigned_int(d);
    auto to_s = [uns](const Elem& e) { return uns ? std::to_string(e.u) : std::to_string(e.i); };
    size_t width = 0;
    visit_shown(t, summarize, rd, [&](const Elem& e) { width = std::max(width, to_s(e).size()); });
    return [to_s, width](const Elem& e) {
      std::string s = to_s(e);
      if (s.size() < width) s.insert(0, width - s.size(), ' ');
      return s;
    };
  }
  if (d == DType::BFloat16) {  // ml_dtypes: NumPy falls back to each scalar's repr
    return [](const Elem& e) { return print::bfloat16_str(static_cast<float>(e.re)); };
  }
  std::vector<double> re, im;
  visit_shown(t, summarize, rd, [&](const Elem& e) { re.push_back(e.re); im.push_back(e.im); });
  print::FloatKind k = float_kind(d);
  if (is_floating(d)) {
    print::FloatFormat ff(re, k);
    return [ff](const Elem& e) { return ff(e.re); };
  }
  print::FloatFormat fr(re, k), fi(im, k, /*plus_sign=*/true);
  return [fr, fi](const Elem& e) {
    std::string i = fi(e.im);
    size_t end = i.find_last_not_of(' ') + 1;  // 'j' goes before the padding
    std::string r = fr(e.re);
    r.append(i, 0, end).append(1, 'j').append(i, end, std::string::npos);
    return r;
  };
}

std::string rstrip(const std::string& s) {
  size_t end = s.find_last_not_of(" \t\n");
  return end == std::string::npos ? std::string() : s.substr(0, end + 1);
}

// Appends `word` to `line`, first moving to a new line when it would pass `width` (NumPy's
// _extendLine: no wrap when the line holds only the indent).
void extend_line(std::string& s, std::string& line, const std::string& word, int width,
                 const std::string& indent) {
  bool wrap = static_cast<int>(line.size() + word.size()) > width;
  if (line.size() <= indent.size()) wrap = false;
  if (wrap) {
    s += rstrip(line) + "\n";
    line = indent;
  }
  line += word;
}

struct Layout {
  const Tensor& t;
  const Reader& rd;
  const ElemFormat& fmt;
  std::string sep;
  bool summarize;
  std::vector<int64_t> index;

  std::string rec(const std::string& indent, int width) {
    size_t axis = index.size();
    size_t left = t.shape().size() - axis;
    if (left == 0) return fmt(rd.at(index));
    std::string next_indent = indent + " ";
    int next_width = width - 1;  // room for the closing ']'
    int64_t n = t.shape()[axis];
    bool show_summary = summarize && 2 * kEdgeItems < n;
    int64_t leading = show_summary ? kEdgeItems : 0;
    int64_t trailing = show_summary ? kEdgeItems : n;
    std::string s;
    auto sub = [&](int64_t i) {
      index.push_back(i);
      std::string r = rec(next_indent, next_width);
      index.pop_back();
      return r;
    };
    std::string sep_r = rstrip(sep);
    if (left == 1) {
      int elem_width = width - std::max<int>(static_cast<int>(sep_r.size()), 1);
      std::string line = indent;
      for (int64_t i = 0; i < leading; ++i) {
        extend_line(s, line, sub(i), elem_width, indent);
        line += sep;
      }
      if (show_summary) {
        extend_line(s, line, "...", elem_width, indent);
        line += sep;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extend_line(s, line, sub(-i), elem_width, indent);
        line += sep;
      }
      extend_line(s, line, sub(-1), elem_width, indent);
      s += line;
    } else {
      std::string line_sep = sep_r + std::string(left - 1, '\n');
      for (int64_t i = 0; i < leading; ++i) s += indent + sub(i) + line_sep;
      if (show_summary) s += indent + "..." + line_sep;
      for (int64_t i = trailing; i > 1; --i) s += indent + sub(-i) + line_sep;
      s += indent + sub(-1);
    }
    std::string out(1, '[');
    out.append(s, indent.size(), std::string::npos).push_back(']');
    return out;
  }
};

// NumPy's array2string for a non-empty array.
std::string array_to_string(const Tensor& t, const std::string& sep, const std::string& prefix,
                            int line_width) {
  bool summarize = t.size() > kThreshold;
  Reader rd(t);
  ElemFormat fmt = make_format(t, summarize, rd);
  Layout lay{t, rd, fmt, sep, summarize, {}};
  return lay.rec(std::string(prefix.size() + 1, ' '), line_width);
}

bool dtype_is_implied(DType d) {
  return d == DType::Int64 || d == DType::Float64 || d == DType::Complex128 || d == DType::Bool;
}

void check_printable(const Tensor& t, const char* op) {
  if (!t.defined()) throw ValueError(std::string("[") + op + "] undefined tensor");
}

}  // namespace

// A GPU tensor prints its values (copied to the host) and its device, PyTorch's way:
// array([1., 2.], device='cuda:0').
std::string Tensor::repr() const {
  check_printable(*this, "repr");
  if (!device().is_cpu()) {
    std::string r = to(Device::cpu).repr();
    r.pop_back();  // ")"
    return r + ", device='" + to_string(device()) + "')";
  }
  const std::string prefix = "array(";
  // array2string leaves room for the closing ")" or ","
  std::string lst = size() == 0 ? "[]" : array_to_string(*this, ", ", prefix, kLineWidth - 1);
  std::vector<std::string> extras;
  if ((size() == 0 && shape_ != Shape{0}) || size() > kThreshold)
    extras.push_back("shape=" + shape_str(shape_));
  if (!dtype_is_implied(dtype_) || size() == 0) extras.push_back(std::string("dtype=") + name(dtype_));
  if (extras.empty()) return prefix + lst + ")";
  std::string arr = prefix + lst + ",";
  std::string extra;
  for (size_t i = 0; i < extras.size(); ++i) extra += (i ? ", " : "") + extras[i];
  extra += ")";
  size_t nl = arr.rfind('\n');
  size_t last_len = nl == std::string::npos ? arr.size() : arr.size() - nl - 1;
  if (static_cast<int>(last_len + extra.size() + 1) > kLineWidth) arr.append(1, '\n').append(prefix.size(), ' ');
  else arr.push_back(' ');
  return arr.append(extra);
}

std::string Tensor::str() const {
  check_printable(*this, "str");
  if (!device().is_cpu()) return to(Device::cpu).str();
  if (ndim() == 0) {  // like the scalar's str
    Elem e = read_elem(*this, static_cast<const char*>(data_ptr()));
    switch (kind(dtype_)) {
      case Kind::Bool: return e.i ? "True" : "False";
      case Kind::SignedInt: return std::to_string(e.i);
      case Kind::UnsignedInt: return std::to_string(e.u);
      case Kind::Float:
        if (dtype_ == DType::BFloat16) return print::bfloat16_str(static_cast<float>(e.re));
        return print::float_scalar_str(e.re, float_kind(dtype_));
      case Kind::Complex: return print::complex_scalar_str(e.re, e.im, float_kind(dtype_));
    }
  }
  if (size() == 0) return "[]";
  return array_to_string(*this, " ", "", kLineWidth);
}

}  // namespace parity

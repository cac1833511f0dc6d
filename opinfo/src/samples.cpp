#include "parity/samples.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "parity/ops.h"

namespace parity::opinfo {

namespace {
uint64_t splitmix(uint64_t& s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
double unit(uint64_t& s) { return static_cast<double>(splitmix(s) >> 11) * 0x1.0p-53; }

std::pair<double, double> int_range(DType d) {
  switch (d) {
    case DType::Int8: return {-128, 127};
    case DType::Int16: return {-32768, 32767};
    case DType::Int32: return {-2147483648.0, 2147483647.0};
    case DType::Int64: return {-9.2e18, 9.2e18};
    case DType::UInt8: return {0, 255};
    case DType::UInt16: return {0, 65535};
    case DType::UInt32: return {0, 4294967295.0};
    case DType::UInt64: return {0, 1.8e19};
    default: return {0, 1};
  }
}
}  // namespace

uint64_t seed_of(const std::string& s) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

Tensor make_tensor(const Shape& shape, DType d, uint64_t seed, double low, double high) {
  Tensor t = zeros(shape, DType::Float64);
  Tensor im = zeros(shape, DType::Float64);
  double* p = t.data<double>();
  double* q = im.data<double>();
  uint64_t s = seed;
  if (is_integer(d)) {
    auto [lo, hi] = int_range(d);
    low = std::max(low, lo);
    high = std::min(high, hi);
  }
  for (int64_t i = 0; i < t.size(); ++i) {
    if (d == DType::Bool) {
      p[i] = static_cast<double>(splitmix(s) & 1);
    } else if (is_integer(d)) {
      p[i] = std::floor(low + unit(s) * (high - low + 1));
      if (p[i] > high) p[i] = high;
    } else {
      p[i] = low + unit(s) * (high - low);
      q[i] = low + unit(s) * (high - low);
    }
  }
  if (is_complex(d)) {
    Tensor c = zeros(shape, d);
    c.real().assign(t);
    c.imag().assign(im);
    return c;
  }
  return t.astype(d);
}

Tensor extremal_values(DType d) {
  if (d == DType::Bool) return asarray(std::vector<bool>{false, true});
  if (is_integer(d)) {
    std::vector<double> lohi;
    auto [lo, hi] = int_range(d);
    (void)lo;
    (void)hi;
    // exact min/max through the dtype's own type
    return dispatch<IntegerTypes>(d, "extremal_values", [](auto tag) {
      using T = typename decltype(tag)::type;
      std::vector<T> v = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0), T(1),
                          static_cast<T>(std::numeric_limits<T>::max() - 1), T(2)};
      if constexpr (std::is_signed_v<T>) {
        v.push_back(T(-1));
        v.push_back(static_cast<T>(std::numeric_limits<T>::min() + 1));
      }
      return asarray(v);
    });
  }
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  DType real = real_dtype(d);
  double tiny_sub, tiny, big;
  switch (real) {
    case DType::Float16: tiny_sub = 5.960464477539063e-08; tiny = 6.103515625e-05; big = 65504; break;
    case DType::BFloat16: tiny_sub = 9.183549615799121e-41; tiny = 1.1754943508222875e-38; big = 3.3895313892515355e38; break;
    case DType::Float32: tiny_sub = 1.401298464324817e-45; tiny = 1.1754943508222875e-38; big = 3.4028234663852886e38; break;
    default: tiny_sub = 4.9406564584124654e-324; tiny = 2.2250738585072014e-308; big = 1.7976931348623157e308; break;
  }
  std::vector<double> v = {nan, inf, -inf, 0.0, -0.0, tiny_sub, -tiny_sub, tiny, -tiny, big, -big, 1.0, -1.0, 0.5, -2.5, 3.0};
  Tensor t = asarray(v).astype(real);
  if (!is_complex(d)) return t;
  // complex: every pairing of a few specials for the real and imaginary parts
  std::vector<double> parts = {nan, inf, -inf, 0.0, -0.0, 1.0, -1.5, tiny_sub};
  std::vector<double> re, im;
  for (double a : parts)
    for (double b : parts) { re.push_back(a); im.push_back(b); }
  Tensor c = zeros({static_cast<int64_t>(re.size())}, d);
  c.real().assign(asarray(re).astype(real));
  c.imag().assign(asarray(im).astype(real));
  return c;
}

const std::vector<Shape>& standard_shapes() {
  static const std::vector<Shape> s = {{}, {0}, {1, 0, 3}, {20}, {5, 4}, {789, 357}};
  return s;
}

}  // namespace parity::opinfo

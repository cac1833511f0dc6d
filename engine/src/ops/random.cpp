// Generator: xoshiro256** (Blackman & Vigna) seeded by splitmix64; Box-Muller normals.
// Deterministic per seed; not NumPy's streams (NumPy uses PCG64 and a ziggurat).
#include <cmath>
#include "parity/op_record.h"
#include <limits>

#include "convert.h"
#include "parity/ops.h"
#include "shape_util.h"

namespace parity {

namespace {
uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

Tensor alloc_float(const Shape& shape, DType dtype, const char* op) {
  if (!is_floating(dtype))
    throw TypeError(op_msg(op, std::string("Unsupported dtype ") + name(dtype) + "; a float dtype is required"));
  for (int64_t d : shape)
    if (d < 0) throw ValueError(op_msg(op, "negative dimensions are not allowed (shape " + shape_str(shape) + ")"));
  return new_tensor(shape, dtype);
}

}  // namespace

Generator::Generator(uint64_t seed) {
  uint64_t x = seed;
  for (auto& s : s_) s = splitmix64(x);  // never all zero
}

uint64_t Generator::next_u64() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Generator::next_double() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Generator::next_normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u1;
  do u1 = next_double(); while (u1 == 0.0);  // log(0) is -inf
  const double u2 = next_double();
  const double r = std::sqrt(-2.0 * std::log(u1));
  const double theta = 2.0 * M_PI * u2;
  spare_ = r * std::sin(theta);
  has_spare_ = true;
  return r * std::cos(theta);
}

// Samples go to the default device (default_device(): the innermost DeviceGuard's). A GPU gets the
// host-generated stream copied over, so its values equal the CPU's bit for bit: the same seed
// gives the same numbers on every device (reproducible across devices, by design).
Tensor Generator::normal(const Shape& shape, double loc, double scale, DType dtype) {
  if (!(scale >= 0)) throw ValueError("[normal] scale < 0 (scale " + std::to_string(scale) + ")");
  Tensor out = alloc_float(shape, dtype, "normal");
  dispatch<FloatTypes>(dtype, "normal", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = out.data<T>();
    for (int64_t i = 0, n = out.size(); i < n; ++i) p[i] = convert<T>(loc + scale * next_normal());
  });
  return out.to(default_device());
}

Tensor Generator::uniform(const Shape& shape, double low, double high, DType dtype) {
  if (!std::isfinite(high - low)) throw OverflowError("[uniform] Range exceeds valid bounds (low " + std::to_string(low) +
                                                      ", high " + std::to_string(high) + ")");
  Tensor out = alloc_float(shape, dtype, "uniform");
  dispatch<FloatTypes>(dtype, "uniform", [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = out.data<T>();
    const double span = high - low;
    for (int64_t i = 0, n = out.size(); i < n; ++i) {
      T v = convert<T>(low + span * next_double());
      // rounding to a narrower dtype can reach `high`; redraw (bounded: fall back to low)
      for (int tries = 0; span > 0 && static_cast<double>(v) >= high; ++tries)
        v = convert<T>(tries < 64 ? low + span * next_double() : low);
      p[i] = v;
    }
  });
  return out.to(default_device());
}

Generator default_rng(uint64_t seed) { return Generator(seed); }

// The records of the ops defined here (parity/op_record.h).
PARITY_OP_RECORD({.name = "normal", .aliases = {"random.normal"}, .family = "random", .forms = kFunction, .dtypes = DTypeSet::floating});
PARITY_OP_RECORD({.name = "uniform", .aliases = {"random.uniform"}, .family = "random", .forms = kFunction, .dtypes = DTypeSet::floating});

}  // namespace parity

#pragma once
// Deterministic inputs for the suites and the fuzzer.
#include <cstdint>
#include <vector>

#include "parity/tensor.h"

namespace parity::opinfo {

// A C-contiguous tensor of `shape` with values drawn from [low, high] (clamped to the dtype's
// range; integers rounded; bool random), reproducible from `seed`.
Tensor make_tensor(const Shape& shape, DType d, uint64_t seed, double low = -9, double high = 9);
// A 1-D tensor of the dtype's extremal values: nan, ±inf, ±0, the smallest subnormal and normal,
// ±max, ±1, 0.5 for floats (both parts of complex); min, max, 0, ±1 for integers; both bools.
Tensor extremal_values(DType d);
// The shapes every op is sampled at: (), (0,), (1, 0, 3), (20,), (5, 4), (789, 357).
const std::vector<Shape>& standard_shapes();
// Deterministic seed from a string (op name, dtype...).
uint64_t seed_of(const std::string& s);

}  // namespace parity::opinfo

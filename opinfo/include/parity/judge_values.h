#pragma once
// What the judge of a case reads of a tensor: its elements straight from memory (shape, element
// strides, dtype), decoded by this file's own code, float16 and bfloat16 included. The comparison
// (compare.cpp) and the fuzzer's verdicts read results through here and call no engine op, so a
// bug in an op cannot hide itself in its own judgement (issue 28: "the judge calls the accused").
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "parity/tensor.h"

namespace parity::judge {

std::complex<double> element(const Tensor& t, int64_t i);  // the i-th element in C order
std::vector<double> parts(const Tensor& t, bool imag);      // real (or imaginary) parts, C order
bool same_bytes(const Tensor& a, const Tensor& b, int64_t i);  // the i-th elements, bit for bit
std::string element_repr(const Tensor& t, int64_t i);       // NumPy's repr of it as a 0-d array
double max_abs(const Tensor& t);                            // NaN if any element is NaN

}  // namespace parity::judge

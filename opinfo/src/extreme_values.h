#pragma once
// The case trait of inputs holding a NaN, an infinity, or a nonzero magnitude outside
// [2^-20, 2^20], or an exact 0, 0.5 or 1 in a float input (case_traits.cpp sets it; the linalg
// entries scope their Fuzz declarations by it). Also a matrix (last two axes) with two equal rows or
// columns: exactly singular (broadcast layouts, shrunk cases).
namespace parity::opinfo {
inline constexpr const char* kExtremeValues =
    "a NaN, an infinity, or a nonzero magnitude outside [2^-20, 2^20] among the inputs, or an exact 0, "
    "0.5 or 1 in a float input (the fuzzer's specials), or a matrix with two equal rows or columns";
}  // namespace parity::opinfo

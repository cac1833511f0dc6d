#pragma once
// NumPy's sort order for every dtype (numpy/_core/src/npysort: the LT macros), shared by sort,
// argsort, searchsorted, isin and the set functions. Values are compared in compute_t<S> (float
// for float16/bfloat16).
#include <complex>
#include <type_traits>

#include "parity/dtype.h"

namespace parity::sort_order {

// a sorts before b. Real floats: NaNs last. Complex: lexicographic on (real, imaginary), with
// values that have NaN parts after the others in the order R + Rj, R + nanj, nan + Rj, nan + nanj.
// -0.0 and 0.0 are equivalent (neither is less).
template <class C> bool less(const C& a, const C& b) {
  if constexpr (is_complex_v<C>) {
    const auto ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    const bool ar_nan = ar != ar, ai_nan = ai != ai, br_nan = br != br, bi_nan = bi != bi;
    if (ar < br) return !ai_nan || bi_nan;
    if (ar > br) return bi_nan && !ai_nan;
    if (ar == br || (ar_nan && br_nan)) return ai < bi || (bi_nan && !ai_nan);
    return br_nan;
  } else if constexpr (std::is_floating_point_v<C>) {
    return a < b || (b != b && a == a);
  } else {
    return a < b;
  }
}

}  // namespace parity::sort_order

#pragma once
// Every op as a free function, with NumPy's names and arguments.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parity/nested_list.h"
#include "parity/tensor.h"

namespace parity {


// ---- creation (engine/src/ops/creation.cpp) ----
Tensor empty(const Shape& shape, DType dtype = float64);
Tensor zeros(const Shape& shape, DType dtype = float64);
Tensor ones(const Shape& shape, DType dtype = float64);
Tensor full(const Shape& shape, const Scalar& value, std::optional<DType> dtype = std::nullopt);
Tensor empty_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor zeros_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor ones_like(const Tensor& t, std::optional<DType> dtype = std::nullopt);
Tensor full_like(const Tensor& t, const Scalar& value, std::optional<DType> dtype = std::nullopt);
Tensor arange(const Scalar& stop);
Tensor arange(const Scalar& start, const Scalar& stop, const Scalar& step = Scalar(int64_t{1}),
              std::optional<DType> dtype = std::nullopt);
Tensor linspace(const Scalar& start, const Scalar& stop, int64_t num = 50, bool endpoint = true,
                std::optional<DType> dtype = std::nullopt);
Tensor eye(int64_t n, std::optional<int64_t> m = std::nullopt, int64_t k = 0, DType dtype = float64);
Tensor identity(int64_t n, DType dtype = float64);

// asarray from C++ values, with NumPy's dtype inference (asarray(1) is int64, asarray(1.) float64;
// under prefer_float32 a Python-float-like value gives float32). Element types of a std::vector:
//  - Python-like (a C++ literal list stands for a Python list): int, long, long long -> int64,
//    double -> float64, bool -> bool, std::complex<double> -> complex128; with dtype= the values
//    are checked like NumPy's np.array([...], dtype) (OverflowError for 300 -> uint8, NaN -> int
//    is a ValueError, complex -> real is a TypeError).
//  - typed, like a NumPy array of that type: signed char/short -> int8/int16, unsigned types ->
//    uint8..uint64 by width, float -> float32, float16_t, bfloat16_t, std::complex<float>;
//    dtype= casts them unsafely, as astype does.
//  An empty vector keeps its element type's dtype (NumPy's np.array([]) is float64 whatever the intent).
Tensor asarray(const Scalar& v, std::optional<DType> dtype = std::nullopt);
Tensor asarray(const Tensor& t, std::optional<DType> dtype = std::nullopt);
template <class T>
Tensor asarray(const std::vector<T>& v, std::optional<DType> dtype = std::nullopt);
// Nested initializer lists: array({{1, 2}, {3, 4}}) is int64 (2, 2); ints and floats mixed
// promote like NumPy; ragged nesting is a ValueError; dtype= is value-checked as above.
Tensor array(const NestedList& v, std::optional<DType> dtype = std::nullopt);

// Seedable random numbers (engine/src/ops/random.cpp). The bit generator is xoshiro256**
// seeded through splitmix64; normals use the Box-Muller transform. Same seed -> same stream, but
// the streams are NOT NumPy's (np.random.default_rng uses PCG64 and a ziggurat).
// dtype: any float dtype (computed in float64, then rounded); others are a TypeError.
class Generator {
 public:
  explicit Generator(uint64_t seed = 0);
  Tensor normal(const Shape& shape, double loc = 0.0, double scale = 1.0, DType dtype = float64);
  // Values in [low, high) after rounding to dtype (a draw that rounds up to high is redrawn).
  Tensor uniform(const Shape& shape, double low = 0.0, double high = 1.0, DType dtype = float64);
  Tensor standard_normal(const Shape& shape, DType dtype = float64) { return normal(shape, 0, 1, dtype); }
  uint64_t next_u64();
  double next_double();  // [0, 1), 53 random bits
  double next_normal();  // standard normal
 private:
  uint64_t s_[4];
  bool has_spare_ = false;
  double spare_ = 0;
};
Generator default_rng(uint64_t seed = 0);

// ---- elementwise (engine/src/ops/) ----
#define PARITY_X(name, py, ...) Tensor name(const ArrayLike& x, OutArg out = {});
PARITY_UNARY_UFUNCS(PARITY_X)
#undef PARITY_X
#define PARITY_X(name, py, ...) Tensor name(const ArrayLike& a, const ArrayLike& b, OutArg out = {});
PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X
// Tensor arguments are passed on without copying them into an ArrayLike (a copy allocates its
// shape and strides: most of a small call's cost).
#define PARITY_X(name, py, ...)                                                                       \
  inline Tensor name(const Tensor& x, OutArg out = {}) { return name(ArrayLike::borrow(x), std::move(out)); }
PARITY_UNARY_UFUNCS(PARITY_X)
#undef PARITY_X
#define PARITY_X(name, py, ...)                                                                       \
  inline Tensor name(const Tensor& a, const Tensor& b, OutArg out = {}) {                        \
    return name(ArrayLike::borrow(a), ArrayLike::borrow(b), std::move(out));                     \
  }                                                                                              \
  inline Tensor name(const Tensor& a, const ArrayLike& b, OutArg out = {}) {                     \
    return name(ArrayLike::borrow(a), b, std::move(out));                                        \
  }                                                                                              \
  inline Tensor name(const ArrayLike& a, const Tensor& b, OutArg out = {}) {                     \
    return name(a, ArrayLike::borrow(b), std::move(out));                                        \
  }
PARITY_BINARY_UFUNCS(PARITY_X)
#undef PARITY_X
// NumPy's ufuncs outside the row form (engine/src/ops/ufunc_special.cpp): two outputs, mixed
// input kinds, and the gufuncs matvec and vecmat.
std::pair<Tensor, Tensor> divmod(const ArrayLike& a, const ArrayLike& b);  // (floor_divide, remainder)
std::pair<Tensor, Tensor> modf(const ArrayLike& x);                        // (fractional, integral)
std::pair<Tensor, Tensor> frexp(const ArrayLike& x);                       // (mantissa, int32 exponent)
Tensor ldexp(const ArrayLike& x1, const ArrayLike& x2);                    // x1 * 2**x2, x2 an integer
Tensor matvec(const Tensor& x1, const Tensor& x2);                         // (..., m, n), (..., n) -> (..., m)
Tensor vecmat(const Tensor& x1, const Tensor& x2);                         // conj(x1) (..., n), (..., n, m) -> (..., m)
inline Tensor bitwise_not(const ArrayLike& x, OutArg out = {}) { return invert(x, out); }  // np.bitwise_not is np.invert
inline Tensor absolute(const ArrayLike& x, OutArg out = {}) { return abs(x, out); }
inline Tensor conjugate(const ArrayLike& x, OutArg out = {}) { return conj(x, out); }
inline Tensor true_divide(const ArrayLike& a, const ArrayLike& b, OutArg out = {}) { return divide(a, b, out); }
inline Tensor mod(const ArrayLike& a, const ArrayLike& b, OutArg out = {}) { return remainder(a, b, out); }
inline Tensor expit(const ArrayLike& x, OutArg out = {}) { return sigmoid(x, out); }
// The Array API standard's spellings of NumPy's ufuncs (their records list them as aliases).
inline Tensor acos(const ArrayLike& x, OutArg out = {}) { return arccos(x, std::move(out)); }
inline Tensor asin(const ArrayLike& x, OutArg out = {}) { return arcsin(x, std::move(out)); }
inline Tensor atan(const ArrayLike& x, OutArg out = {}) { return arctan(x, std::move(out)); }
inline Tensor acosh(const ArrayLike& x, OutArg out = {}) { return arccosh(x, std::move(out)); }
inline Tensor asinh(const ArrayLike& x, OutArg out = {}) { return arcsinh(x, std::move(out)); }
inline Tensor atanh(const ArrayLike& x, OutArg out = {}) { return arctanh(x, std::move(out)); }
inline Tensor bitwise_invert(const ArrayLike& x, OutArg out = {}) { return invert(x, std::move(out)); }
inline Tensor atan2(const ArrayLike& a, const ArrayLike& b, OutArg out = {}) { return arctan2(a, b, std::move(out)); }
inline Tensor pow(const ArrayLike& a, const ArrayLike& b, OutArg out = {}) { return power(a, b, std::move(out)); }
inline Tensor bitwise_left_shift(const ArrayLike& a, const ArrayLike& b, OutArg out = {}) {
  return left_shift(a, b, std::move(out));
}
inline Tensor bitwise_right_shift(const ArrayLike& a, const ArrayLike& b, OutArg out = {}) {
  return right_shift(a, b, std::move(out));
}
Tensor round(const ArrayLike& x, int64_t decimals = 0, OutArg out = {});
Tensor around(const ArrayLike& x, int64_t decimals = 0, OutArg out = {});
Tensor real(const ArrayLike& x);
Tensor imag(const ArrayLike& x);
Tensor angle(const ArrayLike& x, bool deg = false);
Tensor where(const ArrayLike& cond, const ArrayLike& x, const ArrayLike& y);
std::vector<Tensor> where(const ArrayLike& cond);  // np.where(cond) == np.nonzero(cond)
std::vector<Tensor> nonzero(const Tensor& x);
Tensor clip(const ArrayLike& x, const ArrayLike& lo, const ArrayLike& hi, OutArg out = {});

// ---- reductions (engine/src/ops/reduce*.cpp) ----
Tensor sum(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false,
           std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor prod(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false,
            std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor mean(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false,
            std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor var(const Tensor& x, Axes axis = std::nullopt, int64_t ddof = 0, bool keepdims = false,
           std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor std(const Tensor& x, Axes axis = std::nullopt, int64_t ddof = 0, bool keepdims = false,
           std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor amax(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, OutArg out = {});
Tensor amin(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, OutArg out = {});
Tensor argmax(const Tensor& x, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
              OutArg out = {});
Tensor argmin(const Tensor& x, std::optional<int64_t> axis = std::nullopt, bool keepdims = false,
              OutArg out = {});
Tensor any(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, OutArg out = {});
Tensor all(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, OutArg out = {});
Tensor cumsum(const Tensor& x, std::optional<int64_t> axis = std::nullopt,
              std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor cumprod(const Tensor& x, std::optional<int64_t> axis = std::nullopt,
               std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor nansum(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false,
              std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor nanmean(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false,
               std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor nanmax(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, OutArg out = {});
Tensor nanmin(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, OutArg out = {});
// np.median and np.quantile (engine/src/ops/quantile.cpp; CPU only): axis an int, a tuple or None
// (all axes). Results as NumPy's: median of integers and bool in float64, float16/32 kept;
// quantile's q a Python number (taking a float array's dtype) or an array of at most 2 dims whose
// dims come first, method one of NumPy's 13 (ValueError otherwise); a row with a NaN gives NaN.
Tensor median(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false);
Tensor quantile(const Tensor& x, const ArrayLike& q, Axes axis = std::nullopt, const std::string& method = "linear",
                bool keepdims = false);
inline Tensor max(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false) { return amax(x, axis, keepdims); }
inline Tensor min(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false) { return amin(x, axis, keepdims); }

// ---- shape (engine/src/ops/shape_ops.cpp; the view ops are Tensor methods) ----
Tensor reshape(const Tensor& x, const Shape& shape);
Tensor transpose(const Tensor& x, const std::vector<int64_t>& axes = {});
Tensor moveaxis(const Tensor& x, const std::vector<int64_t>& src, const std::vector<int64_t>& dst);
Tensor swapaxes(const Tensor& x, int64_t a, int64_t b);
Tensor squeeze(const Tensor& x, Axes axis = std::nullopt);
Tensor expand_dims(const Tensor& x, const std::vector<int64_t>& axis);
Tensor broadcast_to(const Tensor& x, const Shape& shape);
Shape broadcast_shapes(const std::vector<Shape>& shapes, const char* op = "broadcast_shapes");
std::vector<Tensor> broadcast_arrays(const std::vector<Tensor>& xs);
Tensor concatenate(const std::vector<Tensor>& xs, std::optional<int64_t> axis = 0);
Tensor stack(const std::vector<Tensor>& xs, int64_t axis = 0);
std::vector<Tensor> split(const Tensor& x, int64_t sections, int64_t axis = 0);
std::vector<Tensor> split(const Tensor& x, const std::vector<int64_t>& indices, int64_t axis = 0);
Tensor flatten(const Tensor& x);
Tensor ravel(const Tensor& x);
Tensor flip(const Tensor& x, Axes axis = std::nullopt);
Tensor tile(const Tensor& x, const std::vector<int64_t>& reps);
Tensor repeat(const Tensor& x, const std::vector<int64_t>& repeats, std::optional<int64_t> axis = std::nullopt);
Tensor ascontiguousarray(const Tensor& x);
Tensor copy(const Tensor& x);
// The Array API standard's spellings.
inline Tensor permute_dims(const Tensor& x, const std::vector<int64_t>& axes) { return transpose(x, axes); }
inline Tensor concat(const std::vector<Tensor>& xs, std::optional<int64_t> axis = 0) { return concatenate(xs, axis); }

// ---- Array API functions NumPy 2.x has (engine/src/ops/array_api.cpp) ----
// Coordinate matrices; indexing "xy" (Cartesian: the first two outputs' axes swapped) or "ij".
// Inputs of any shape are flattened, as NumPy does.
std::vector<Tensor> meshgrid(const std::vector<Tensor>& xs, const std::string& indexing = "xy");
// Lower / upper triangle of the last two axes (a 1-D input is broadcast to (n, n), as NumPy does).
Tensor tril(const Tensor& x, int64_t k = 0);
Tensor triu(const Tensor& x, int64_t k = 0);
// Elements shifted along `axis` (None: the flattened array, reshaped back); shifts and axes pair
// up after broadcasting one against the other, and repeated axes add their shifts.
Tensor roll(const Tensor& x, const std::vector<int64_t>& shift, Axes axis = std::nullopt);
inline Tensor roll(const Tensor& x, int64_t shift, Axes axis = std::nullopt) {
  return roll(x, std::vector<int64_t>{shift}, std::move(axis));
}
// The views x[i] along axis, as a tuple (np.unstack).
std::vector<Tensor> unstack(const Tensor& x, int64_t axis = 0);
// n-th discrete difference along axis; prepend/append (scalars broadcast along the other axes)
// join x before differencing. Booleans difference by not_equal, as NumPy does.
Tensor diff(const Tensor& x, int64_t n = 1, int64_t axis = -1, const std::optional<ArrayLike>& prepend = std::nullopt,
            const std::optional<ArrayLike>& append = std::nullopt);
// np.cumulative_sum / cumulative_prod (NumPy 2.1): cumsum/cumprod with axis required for ndim > 1
// and include_initial (the identity first, one more element along axis). out= as cumsum's
// (cast unsafely); with include_initial NumPy accumulates into out[1:] and writes the identity after.
Tensor cumulative_sum(const Tensor& x, std::optional<int64_t> axis = std::nullopt,
                      std::optional<DType> dtype = std::nullopt, bool include_initial = false, OutArg out = {});
Tensor cumulative_prod(const Tensor& x, std::optional<int64_t> axis = std::nullopt,
                       std::optional<DType> dtype = std::nullopt, bool include_initial = false, OutArg out = {});
// The last two axes swapped (np.matrix_transpose, x.mT); ValueError for ndim < 2.
Tensor matrix_transpose(const Tensor& x);
// Sum of products over the last `axes` axes of a and the first `axes` of b (np.tensordot).
Tensor tensordot(const Tensor& a, const Tensor& b, int64_t axes = 2);
Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& axes_a, const std::vector<int64_t>& axes_b);
// sum(conj(x1) * x2) over `axis` of each operand, the rest broadcast (np.vecdot). out= as the
// gufunc's: same_kind casting, and the result broadcasts to out's loop dimensions.
Tensor vecdot(const Tensor& x1, const Tensor& x2, int64_t axis = -1, OutArg out = {});

// Machine limits (np.finfo / np.iinfo). finfo takes a floating or complex dtype (complex gives
// its real part's limits, `dtype` the real dtype); values are exact in double.
struct FInfo {
  int bits;
  double eps, max, min, smallest_normal, resolution;
  DType dtype;
};
FInfo finfo(DType d);  // ValueError for bool and integers
struct IInfo {
  int bits;
  int64_t min;
  uint64_t max;
  DType dtype;
};
IInfo iinfo(DType d);  // ValueError for bool, floats and complex
// np.isdtype(dtype, kind): kind a dtype, or one of "bool", "signed integer", "unsigned integer",
// "integral", "real floating", "complex floating", "numeric"; or a list of them (any matches).
// bfloat16 is not a NumPy dtype there: TypeError, as NumPy raises for ml_dtypes' bfloat16.
struct DTypeKind {
  DTypeKind(DType d) : dtype(d) {}
  DTypeKind(const char* k) : kind(k) {}
  DTypeKind(std::string k) : kind(std::move(k)) {}
  std::optional<DType> dtype;
  std::string kind;
};
bool isdtype(DType d, const DTypeKind& kind);
bool isdtype(DType d, const std::vector<DTypeKind>& kinds);

// ---- linear algebra (engine/src/ops/linalg.cpp) ----
Tensor matmul(const Tensor& a, const Tensor& b, OutArg out = {});
Tensor dot(const Tensor& a, const Tensor& b);
// np.outer: multiply(a.ravel()[:, None], b.ravel()[None, :], out) (out= under the ufunc's rules).
Tensor outer(const Tensor& a, const Tensor& b, OutArg out = {});

// ---- C++ operators (engine/src/ops/operators.cpp) ----
Tensor operator+(const ArrayLike& a, const ArrayLike& b);
Tensor operator-(const ArrayLike& a, const ArrayLike& b);
Tensor operator*(const ArrayLike& a, const ArrayLike& b);
Tensor operator/(const ArrayLike& a, const ArrayLike& b);
Tensor operator%(const ArrayLike& a, const ArrayLike& b);
Tensor operator&(const ArrayLike& a, const ArrayLike& b);
Tensor operator|(const ArrayLike& a, const ArrayLike& b);
Tensor operator^(const ArrayLike& a, const ArrayLike& b);
Tensor operator<<(const Tensor& a, const ArrayLike& b);
Tensor operator>>(const Tensor& a, const ArrayLike& b);
Tensor operator==(const ArrayLike& a, const ArrayLike& b);
Tensor operator!=(const ArrayLike& a, const ArrayLike& b);
Tensor operator<(const ArrayLike& a, const ArrayLike& b);
Tensor operator<=(const ArrayLike& a, const ArrayLike& b);
Tensor operator>(const ArrayLike& a, const ArrayLike& b);
Tensor operator>=(const ArrayLike& a, const ArrayLike& b);

}  // namespace parity

#include "parity/sorting.h"  // sort, argsort, take, searchsorted, isin, unique_*
#include "parity/ops_shape_extra.h"  // atleast_*d, vstack, hstack, dstack, column_stack, array_split, rot90, diag, diagflat, tri
#include "parity/ops_stats_extra.h"

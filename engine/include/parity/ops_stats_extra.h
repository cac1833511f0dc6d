#pragma once
// NumPy's statistics functions composed of the engine's reductions and ufuncs
// (engine/src/ops/stats_extra.cpp): np.ptp, np.average, np.nanprod, np.nancumsum, np.nanvar,
// np.nanstd. Each follows NumPy 2.2's Python source step by step, so that dtypes, rounding and
// errors are NumPy's; errors name the op ("[ptp] ...").
#include <optional>
#include <string>
#include <utility>

#include "parity/tensor.h"

namespace parity {

// max - min along axis (np.ptp); bool raises TypeError (NumPy's boolean subtract), an empty
// reduction ValueError. Integers wrap, as NumPy's subtract does.
Tensor ptp(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false, OutArg out = {});
// np.average: the mean, or sum(a * w) / sum(w) in result_type(a, w) (float64 at least for bool
// and integer a). weights of a's shape, or (axis given) of the reduced axes' shape.
Tensor average(const Tensor& a, Axes axis = std::nullopt, const std::optional<Tensor>& weights = std::nullopt,
               bool keepdims = false);
// average with returned=True: (average, sum of weights broadcast to the average's shape).
std::pair<Tensor, Tensor> average_returned(const Tensor& a, Axes axis = std::nullopt,
                                           const std::optional<Tensor>& weights = std::nullopt, bool keepdims = false);
// prod / cumsum with NaNs as 1 / 0 (float16, float32, float64, complex; other dtypes as prod/cumsum).
Tensor nanprod(const Tensor& x, Axes axis = std::nullopt, bool keepdims = false,
               std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor nancumsum(const Tensor& x, std::optional<int64_t> axis = std::nullopt,
                 std::optional<DType> dtype = std::nullopt, OutArg out = {});
// var / std of the non-NaN elements; NaN where count - ddof <= 0 (np.nanvar, np.nanstd).
Tensor nanvar(const Tensor& x, Axes axis = std::nullopt, int64_t ddof = 0, bool keepdims = false,
              std::optional<DType> dtype = std::nullopt, OutArg out = {});
Tensor nanstd(const Tensor& x, Axes axis = std::nullopt, int64_t ddof = 0, bool keepdims = false,
              std::optional<DType> dtype = std::nullopt, OutArg out = {});

// argmax / argmin with NaNs skipped; ValueError "All-NaN slice encountered" where a slice has
// only NaNs (np.nanargmax, np.nanargmin).
Tensor nanargmax(const Tensor& x, std::optional<int64_t> axis = std::nullopt, bool keepdims = false, OutArg out = {});
Tensor nanargmin(const Tensor& x, std::optional<int64_t> axis = std::nullopt, bool keepdims = false, OutArg out = {});
// |a - b| <= atol + rtol |b| (b finite) or a == b, elementwise, b cast to an inexact dtype first;
// NaNs equal where equal_nan (np.isclose). allclose: all of it.
Tensor isclose(const ArrayLike& a, const ArrayLike& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false);
bool allclose(const ArrayLike& a, const ArrayLike& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false);
// Same shape and equal elements (NaNs equal where equal_nan); false for other shapes.
bool array_equal(const Tensor& a, const Tensor& b, bool equal_nan = false);
// NaN to `nan`, +inf to posinf (default: the dtype's max), -inf to neginf (default: its lowest),
// in a copy (each part of complex), or in x itself where !copy; other dtypes returned as they are
// (np.nan_to_num).
Tensor nan_to_num(const Tensor& x, bool copy = true, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                  std::optional<double> neginf = std::nullopt);
// Sum of the offset diagonal over axis1 and axis2 (np.trace; the other axes kept, in order);
// dtype as np.sum's. ValueError under 2 dims or for equal axes, AxisError out of range.
Tensor trace(const Tensor& x, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1,
             std::optional<DType> dtype = std::nullopt);
// quantile at q / 100 (np.percentile): q divided by the array's float dtype's 100 (a Python q keeps
// that dtype), else by 100; ValueError outside [0, 100].
Tensor percentile(const Tensor& x, const ArrayLike& q, Axes axis = std::nullopt, const std::string& method = "linear",
                  bool keepdims = false);

}  // namespace parity

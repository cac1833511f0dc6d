#pragma once
// Helpers for engine tests: compare an engine result with what NumPy computes (the oracle).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

#include "parity/ops.h"
#include "parity/oracle.h"

namespace parity::testing {

// Checks dtype, shape and values of `got` against `want` (NaNs must match; floats within
// rtol/atol, exact for bool and integers).
inline ::testing::AssertionResult same_array(const Tensor& got, const Tensor& want,
                                             double rtol = 1e-6, double atol = 0) {
  if (got.dtype() != want.dtype())
    return ::testing::AssertionFailure() << "dtype " << name(got.dtype()) << " != NumPy's " << name(want.dtype());
  if (got.shape() != want.shape())
    return ::testing::AssertionFailure() << "shape " << shape_str(got.shape()) << " != NumPy's " << shape_str(want.shape());
  auto cmp = [&](const Tensor& g, const Tensor& w) -> ::testing::AssertionResult {
    auto a = g.to_double_vector(), b = w.to_double_vector();
    for (size_t i = 0; i < a.size(); ++i) {
      bool ok;
      if (std::isnan(a[i]) || std::isnan(b[i])) ok = std::isnan(a[i]) && std::isnan(b[i]);
      else if (std::isinf(a[i]) || std::isinf(b[i])) ok = a[i] == b[i];
      else if (!is_inexact(g.dtype())) ok = a[i] == b[i];
      else ok = std::fabs(a[i] - b[i]) <= atol + rtol * std::fabs(b[i]);
      if (!ok)
        return ::testing::AssertionFailure() << "element " << i << ": " << a[i] << " != NumPy's " << b[i];
    }
    return ::testing::AssertionSuccess();
  };
  if (is_complex(got.dtype())) {
    auto r = cmp(got.real(), want.real());
    if (!r) return r << " (real part)";
    auto im = cmp(got.imag(), want.imag());
    if (!im) return im << " (imaginary part)";
    return ::testing::AssertionSuccess();
  }
  return cmp(got, want);
}

// NumPy's value of `expr` as a tensor (scalars become 0-d arrays).
inline Tensor numpy_value(const std::string& expr, const oracle::Args& args = {}) {
  return oracle::eval_tensor("np.asarray(" + expr + ")", args);
}

// Evaluates `expr` in NumPy with the named tensors and compares with `got`.
inline ::testing::AssertionResult matches_numpy(const Tensor& got, const std::string& expr,
                                                const oracle::Args& args = {}, double rtol = 1e-6,
                                                double atol = 0) {
  Tensor want = oracle::eval_tensor(expr, args);
  auto r = same_array(got, want, rtol, atol);
  if (!r) r << "\n  NumPy: " << expr;
  return r;
}

// Runs `f`, which must raise the exception class NumPy raises for `np_stmt` (or a base of it);
// with same_message, the engine's message must contain NumPy's.
inline void check_error(const std::function<void()>& f, const std::string& np_stmt, const oracle::Args& args,
                        bool same_message = false) {
  SCOPED_TRACE(np_stmt);
  auto o = oracle::eval(np_stmt, args);
  ASSERT_TRUE(o.error) << "NumPy did not raise";
  try {
    f();
    ADD_FAILURE() << "engine did not raise; NumPy raised " << o.error_class << ": " << o.error_message;
  } catch (const Error& e) {
    EXPECT_TRUE(o.raised(e.py_class())) << "engine raised " << e.py_class() << ": " << e.what()
                                        << "\nNumPy " << o.error_class << ": " << o.error_message;
    if (same_message) {
      EXPECT_NE(std::string(e.what()).find(o.error_message), std::string::npos)
          << "engine: " << e.what() << "\nNumPy: " << o.error_message;
    }
  }
}

// Checks that NumPy raises for `expr` and that the engine's exception has the same class.
#define EXPECT_RAISES_LIKE_NUMPY(engine_stmt, expr, args)                                       \
  do {                                                                                          \
    auto _o = ::parity::oracle::eval(expr, args);                                               \
    ASSERT_TRUE(_o.error) << "NumPy did not raise for " << expr;                                \
    std::string _got = "no exception";                                                          \
    try {                                                                                       \
      engine_stmt;                                                                              \
    } catch (const ::parity::Error& _e) {                                                       \
      _got = _e.py_class();                                                                     \
    }                                                                                           \
    EXPECT_TRUE(_o.raised(_got)) << "engine raised " << _got << ", NumPy raised " << _o.error_class \
                                 << ": " << _o.error_message;                                   \
  } while (0)

}  // namespace parity::testing

#pragma once
// numpy.fft: parity::fft::<name> (ops named "fft.<name>" in their records and OpInfo entries).
// NumPy 2.x semantics: `n` zero-pads or truncates the transformed axis, `s`/`axes` as
// np.fft.fftn, `norm` one of "backward" (default), "ortho", "forward". Result dtypes as NumPy's:
// float16/bfloat16/float32/complex64 inputs give complex64 (float32 from irfft/hfft; float16 stays
// float16 there, bfloat16 gives float64, as NumPy with ml_dtypes does), everything else complex128
// (float64). Transforms run through KISS FFT (engine/src/fft/README.md says why).
// out= as NumPy 2.x: out must have the result's shape (the axes other than the transformed one may
// broadcast, as the pocketfft gufuncs' loop dimensions), the result casts to it under same_kind,
// and the n-dimensional transforms write every one-axis step into it (irfftn: the last only), so
// each step is rounded to out's dtype. hfft takes no out: NumPy 2.2's accepts one and ignores it.
#include <optional>
#include <string>
#include <vector>

#include "parity/ops.h"

namespace parity::fft {

using Axes = std::optional<std::vector<int64_t>>;

Tensor fft(const Tensor& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
           const std::string& norm = "backward", OutArg out = {});
Tensor ifft(const Tensor& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
            const std::string& norm = "backward", OutArg out = {});
Tensor rfft(const Tensor& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
            const std::string& norm = "backward", OutArg out = {});
Tensor irfft(const Tensor& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
             const std::string& norm = "backward", OutArg out = {});
Tensor hfft(const Tensor& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
            const std::string& norm = "backward");
Tensor ihfft(const Tensor& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
             const std::string& norm = "backward", OutArg out = {});

// s: the lengths of the transformed axes (-1: that axis's length); axes: default the last len(s)
// axes, or every axis when s is absent too.
Tensor fftn(const Tensor& a, const Axes& s = std::nullopt, const Axes& axes = std::nullopt,
            const std::string& norm = "backward", OutArg out = {});
Tensor ifftn(const Tensor& a, const Axes& s = std::nullopt, const Axes& axes = std::nullopt,
             const std::string& norm = "backward", OutArg out = {});
Tensor rfftn(const Tensor& a, const Axes& s = std::nullopt, const Axes& axes = std::nullopt,
             const std::string& norm = "backward", OutArg out = {});
Tensor irfftn(const Tensor& a, const Axes& s = std::nullopt, const Axes& axes = std::nullopt,
              const std::string& norm = "backward", OutArg out = {});

// Sample frequencies (float64): fftfreq(n, d) = [0, 1, ..., ceil(n/2)-1, -floor(n/2), ..., -1] / (d*n).
Tensor fftfreq(int64_t n, double d = 1.0);
Tensor rfftfreq(int64_t n, double d = 1.0);

// Rolls the zero frequency to the centre (and back); axes: default every axis.
Tensor fftshift(const Tensor& x, const Axes& axes = std::nullopt);
Tensor ifftshift(const Tensor& x, const Axes& axes = std::nullopt);

}  // namespace parity::fft

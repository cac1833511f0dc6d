#!/usr/bin/env python3
"""Compare the FFT libraries Debian offers (FFTW3, KISS FFT) with NumPy's pocketfft.

Builds bench/fft_libraries.cpp with g++ (needs libfftw3-dev, which scripts/setup.sh does not
install: only this comparison uses it, the project never links FFTW; and libkissfft-dev), runs a
forward complex DFT of random data at several lengths, and prints the error of each library in units of eps times the largest output magnitude (a norm-wise ULP: an
elementwise ULP is meaningless for outputs that cancel to near zero), both against NumPy's
np.fft.fft and against a reference (a direct long-double DFT for n <= 4096, FFTW's long double
beyond), and that error divided by log2(n).

    python3 scripts/fft_accuracy.py            # the table (engine/src/fft/README.md quotes it)
"""
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = [8, 64, 1024, 4096, 17, 97, 1009, 360, 1000, 10007, 100003]
HANG_N = 1000003  # a prime: KISS FFT's generic butterfly is O(p^2) there (hours)
NAMES = ["fftw-double", "fftw-float", "kiss-double", "kiss-float", "ref", "engine"]


def build(tmp):
    exe = os.path.join(tmp, "fft_libraries")
    subprocess.run(["g++", "-O2", "-std=c++17", os.path.join(ROOT, "bench", "fft_libraries.cpp"),
                    os.path.join(ROOT, "engine", "src", "fft", "plan.cpp"),
                    "-o", exe, "-lfftw3", "-lfftw3f", "-lfftw3l", "-lm"], check=True)
    return exe


def run(exe, x, *extra, timeout=None):
    data = np.ascontiguousarray(x, dtype=np.complex128).view(np.float64).tobytes()
    out = subprocess.run([exe, str(len(x)), *extra], input=data, capture_output=True, check=True,
                         timeout=timeout).stdout
    return out


def err(y, ref, eps):
    ref = np.asarray(ref, dtype=np.clongdouble)
    scale = np.max(np.abs(ref))
    return float(np.max(np.abs(np.asarray(y, dtype=np.clongdouble) - ref)) / (eps * scale))


def main():
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        exe = build(tmp)
        print("error = max|y - ref| / (eps * max|ref|); /log2 = error / log2(n)")
        print(f"{'dtype':10} {'n':>7} {'lib':12} {'vs ref':>8} {'/log2':>6} {'vs numpy':>9} {'/log2':>6}")
        for dtype, eps, libs in ((np.complex128, np.finfo(np.float64).eps, (0, 2, 5)),
                                 (np.complex64, np.finfo(np.float32).eps, (1, 3, 5))):
            for n in SIZES:
                x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)
                big_prime = n > 20000
                raw = np.frombuffer(run(exe, x.astype(np.complex128), *(["skip-kiss"] if big_prime else [])),
                                    dtype=np.float64).view(np.complex128).reshape(6, n)
                ref = raw[4]
                npy = np.fft.fft(x)
                assert npy.dtype == dtype
                lg = math.log2(n)
                e_np = err(npy, ref, eps)
                print(f"{np.dtype(dtype).name:10} {n:7} {'numpy':12} {e_np:8.2f} {e_np / lg:6.2f}")
                for i in libs:
                    if np.isnan(raw[i][0]):
                        print(f"{'':10} {n:7} {NAMES[i]:12} {'(skipped: O(p^2) butterfly)':>30}")
                        continue
                    y = raw[i]
                    if i == 5 and dtype == np.complex64:  # the engine rounds its float64 result
                        y = y.astype(np.complex64)
                    e_ref, e_npy = err(y, ref, eps), err(y, npy, eps)
                    print(f"{'':10} {n:7} {NAMES[i]:12} {e_ref:8.2f} {e_ref / lg:6.2f} {e_npy:9.2f} {e_npy / lg:6.2f}")
        x = rng.standard_normal(10007) + 0j
        print(f"KISS FFT, one double transform of prime n=10007: {run(exe, x, 'kiss-time').decode().strip()} s")
        for n in (100003, HANG_N):
            try:
                x = rng.standard_normal(n) + 0j
                t = run(exe, x, "kiss-time", timeout=60).decode().strip()
                print(f"KISS FFT, prime n={n}: {t} s")
            except subprocess.TimeoutExpired:
                print(f"KISS FFT, prime n={n}: still running after 60 s (O(p^2) generic butterfly)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

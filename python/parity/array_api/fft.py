"""parity.array_api.fft: the standard's fft extension. NumPy's fftfreq/rfftfreq have no dtype=;
everything else is numpy.fft's signature (norm="backward" is NumPy's default too)."""
from . import _forward
from ._forward import need, uses
from ._info import _check_device


def _freq(name):
    @uses("fft." + name)
    def freq(n, /, *, d=1.0, dtype=None, device=None):
        _check_device(name, device)
        r = need(name, "fft")(n, d)
        return r if dtype is None or r.dtype == dtype else r.astype(dtype)
    freq.__name__ = freq.__qualname__ = name
    return freq


fftfreq, rfftfreq = _freq("fftfreq"), _freq("rfftfreq")

__all__ = _forward.fill(globals(), "fft")

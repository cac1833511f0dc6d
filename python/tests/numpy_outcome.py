"""What a call did, compared by the tests against NumPy's outcome of the same call."""
import warnings

import numpy as np


def public_class(exc):  # NumPy's UFuncTypeError is a TypeError to the module (python/README.md)
    return next(c for c in type(exc).__mro__ if c.__module__ in ("builtins", "numpy.exceptions"))


def outcome(call):
    """call()'s result, or the exception it raised (warnings and floating-point flags silenced)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return call()
        except Exception as e:  # noqa: BLE001 -- compared by class
            return e

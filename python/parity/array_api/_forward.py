"""How the namespace finds parity's functions: the standard's names (array_api_names.txt, copied
from opinfo/ at build time), NumPy's older spellings, and a NotImplementedError naming any function
parity does not bind yet (instead of an AttributeError at import)."""
import functools
import pathlib

import parity as _p

# The standard's names that NumPy spells differently (NumPy 2 has most of both spellings).
NUMPY_NAMES = {
    "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh", "atan": "arctan",
    "atan2": "arctan2", "atanh": "arctanh", "bitwise_invert": "invert",
    "bitwise_left_shift": "left_shift", "bitwise_right_shift": "right_shift",
    "concat": "concatenate", "pow": "power", "permute_dims": "transpose",
}


@functools.lru_cache(maxsize=None)
def names():
    """The standard's function names: {"": [main...], "linalg": [...], "fft": [...]}."""
    here = pathlib.Path(__file__).resolve()
    # The build and the wheel copy the list next to this file; a source checkout has it in opinfo/.
    candidates = [here.with_name("array_api_names.txt")]
    if len(here.parents) > 3:
        candidates.append(here.parents[3] / "opinfo" / "array_api_names.txt")
    for path in candidates:
        if path.is_file():
            text = path.read_text()
            break
    else:
        raise ImportError("[array_api] array_api_names.txt (the standard's names) is missing; "
                          "rebuild the parity package")
    out = {"": [], "linalg": [], "fft": []}
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            ext, _, name = line.rpartition(".")
            out[ext].append(name)
    return out


# linalg functions that are the main namespace's own (numpy.trace, numpy.diagonal, numpy.cross
# and numpy.outer are not: they work on other axes or flatten).
SAME_IN_MAIN = {"matmul", "tensordot", "vecdot", "matrix_transpose"}


def lookup(name, ext=""):
    """parity's function for a standard name, or None: parity.<ext>.<name>, its NumPy spelling,
    then, for SAME_IN_MAIN, the main namespace."""
    if not ext:
        modules = [_p]
    else:
        modules = [getattr(_p, ext, None)] + ([_p] if ext == "linalg" and name in SAME_IN_MAIN else [])
    for module in modules:
        for n in (name, NUMPY_NAMES.get(name)):
            f = getattr(module, n, None) if module is not None and n else None
            if callable(f):
                return f
    return None


def missing(qualname, needs):
    """A stand-in that raises NotImplementedError naming the function and what parity lacks."""
    def stub(*args, **kwargs):
        raise NotImplementedError(f"[{qualname}] parity.array_api.{qualname} needs parity.{needs}, "
                                  "which parity does not bind yet")
    stub.__name__ = qualname.rpartition(".")[2]
    stub.__qualname__ = stub.__name__
    stub._parity_missing = needs  # noqa: SLF001  (read by unavailable())
    return stub


def need(name, ext=""):
    """parity's function for `name`, or raise NotImplementedError at the call."""
    f = lookup(name, ext)
    if f is None:
        missing((ext + "." if ext else "") + name, (ext + "." if ext else "") + name)()
    return f


def uses(*deps):
    """Marks an adapter with the parity functions it calls ("sort", "linalg.svd"), so that
    unavailable() can list adapters whose parity function is not bound yet."""
    def mark(f):
        f._parity_uses = deps  # noqa: SLF001
        return f
    return mark


def absent(f):
    """The parity functions an adapter or forward needs that parity lacks, or []."""
    if hasattr(f, "_parity_missing"):
        return [f._parity_missing]
    return [d for d in getattr(f, "_parity_uses", ())
            if lookup(d.rpartition(".")[2], d.rpartition(".")[0]) is None]


def fill(namespace, ext=""):
    """Binds every standard name of `ext` ("", "linalg", "fft") not already in `namespace`
    (an adapter) to parity's function, or to a stand-in raising NotImplementedError."""
    bound = []
    for name in names()[ext]:
        qual = (ext + "." if ext else "") + name
        if name not in namespace:
            f = lookup(name, ext)
            namespace[name] = f if f is not None else missing(qual, qual)
        bound.append(name)
    return bound

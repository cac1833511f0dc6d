"""NumPy's ufunc keywords over the compiled ufuncs (parity.sin, parity.add, ...).

The compiled ufunc runs the plain call itself (out None or a Tensor, every other keyword at its
default); a call with any other keyword value comes here (module.cpp's UFuncKeywords), which
emulates NumPy over that plain call:
- out=(t,): NumPy's one-entry tuple;
- dtype=D: NumPy fixes the output dtype D: the loop the inputs select when its output is D, else
  the loop all-D with the inputs cast to D under `casting`; else no loop (TypeError);
- casting=: the inputs' casts above and the result's cast into out=; 'no'/'equiv' (the engine has
  native byte order only, so they are one rule) need the inputs to be the loop's own dtypes;
- where=: out[...] = where(mask, result, out); without out the masked places hold anything (the
  result's values here);
- order/subok/signature: their defaults only (NotImplementedError otherwise).
"""
import numpy as np

import parity as _p  # imported on the first keyword call, once parity is complete

from . import _parity

_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")
_ORDERS = ("C", "F", "A", "K")
_WEAK = (bool, int, float, complex)
# Bool-result ufuncs with float loops only (NumPy's signbit): an integer input is cast to a float.
_FLOAT_LOOPS_ONLY = frozenset({"signbit"})
# Ufuncs whose loops take the input's own integer dtype to a fixed result dtype (NumPy's 'b->B' ...
# 'Q->B'; bool has no loop and is cast).
_FIXED_RESULT = {"bitwise_count": np.dtype(np.uint8)}


def _cast_error(name, k, nin, src, dst, casting):
    where = "input" if nin == 1 else f"input {k}"
    return TypeError(f"[{name}] Cannot cast ufunc '{name}' {where} from dtype('{np.dtype(src)}') to "
                     f"dtype('{np.dtype(dst)}') with casting rule '{casting}'")


def _no_loop(name):
    return TypeError(f"[{name}] No loop matching the specified signature and casting was found for ufunc {name}")


def _scalar_dtype(v):
    """The dtype a weak Python scalar stands for in a cast check (NumPy's default for its kind)."""
    return np.dtype({bool: np.bool_, int: np.int64, float: np.float64, complex: np.complex128}[type(v)])


def _to_dtype(name, xs, d, casting):
    """The inputs cast to d under casting (a weak int or bool scalar stays weak: NEP 50)."""
    res = []
    any_array = not all(isinstance(x, _WEAK) for x in xs)
    for k, x in enumerate(xs):
        if isinstance(x, _WEAK):
            sd = _scalar_dtype(x)
            if any_array and type(x) in (bool, int) and (d.kind in "iufc" or sd == d):
                res.append(x)  # weak: takes d's type (an out-of-range int is NumPy's OverflowError)
                continue
            if not np.can_cast(sd, d, casting):
                raise _cast_error(name, k, len(xs), sd, d, casting)
            res.append(_parity.asarray(x).astype(d))
        else:
            if x.dtype != d and not _p.can_cast(x.dtype, d, casting):
                raise _cast_error(name, k, len(xs), x.dtype, d, casting)
            res.append(x if x.dtype == d else x.astype(d))
    return res


def _check_inputs_exact(name, xs, r, casting):
    """'no'/'equiv': every array input must already be the loop's input dtype.

    The loop is homogeneous for every ufunc bound here: its inputs are the arrays' one dtype when
    the result is that dtype, bool (a comparison) or a complex's real dtype (absolute); anything
    else was cast on the way in.
    """
    dts = [x.dtype for x in xs if not isinstance(x, _WEAK)]
    for k, x in enumerate(xs):
        if isinstance(x, _WEAK):
            continue
        real = np.empty(0, x.dtype).real.dtype  # absolute of a complex: its real dtype
        ok = all(dt == x.dtype for dt in dts) and (r.dtype in (x.dtype, np.dtype(bool), real)
                                                   or (name in _FIXED_RESULT and r.dtype == _FIXED_RESULT[name]
                                                       and x.dtype.kind in "iu"))
        to_float = name in _FLOAT_LOOPS_ONLY and x.dtype.kind not in "fc"
        if not ok or to_float:
            if to_float:  # the smallest float loop that takes x safely
                target = np.result_type(x.dtype, np.float16)
            elif r.dtype != np.dtype(bool):
                target = r.dtype
            else:  # a comparison of mixed dtypes: the loop is their promotion
                target = np.result_type(*dts)
            raise _cast_error(name, k, len(xs), x.dtype, target, casting)


def call(name, args, out, where, casting, order, dtype, subok, signature):
    if not isinstance(casting, str) or casting not in _CASTINGS:
        raise ValueError(f"[{name}] casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' "
                         f"(got {casting!r})")
    if not isinstance(order, str) or order.upper() not in _ORDERS:
        raise ValueError(f"[{name}] order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    for kw, value, default in (("order", order, "K"), ("subok", subok, True), ("signature", signature, None)):
        if not (value is default or (kw == "order" and value.upper() == "K")):
            raise NotImplementedError(f"[{name}] keyword '{kw}' is not supported")
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"[{name}] The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if out is not None and not isinstance(out, _parity.Tensor):
        raise TypeError(f"[{name}] return arrays must be of ArrayType")
    fn = getattr(_parity, name)
    xs = [x if isinstance(x, (_parity.Tensor, *_WEAK)) else _parity.asarray(x) for x in args]

    if dtype is None:
        r = fn(*xs)
        if casting in ("no", "equiv"):
            _check_inputs_exact(name, xs, r, casting)
    else:
        d = np.dtype(dtype)
        try:
            r = fn(*xs)
        except TypeError:  # no loop for the inputs as they are (floor of a complex): the all-d one may
            r = None
        if r is None or r.dtype != d:  # not the loop the inputs select: the all-d loop, inputs cast to d
            cast = _to_dtype(name, xs, d, casting)
            r = fn(*cast)
            if r.dtype != d:
                raise _no_loop(name)
            try:  # the all-d loop must exist: the engine must not have cast d again on the way in
                _check_inputs_exact(name, cast, r, "no")
            except TypeError:
                raise _no_loop(name) from None
        elif casting in ("no", "equiv"):
            _check_inputs_exact(name, xs, r, casting)

    mask = None
    if where is not True:
        mask = where if isinstance(where, (bool, _parity.Tensor)) else _parity.asarray(where)
        mdt = _scalar_dtype(mask) if isinstance(mask, bool) else mask.dtype
        if mdt != np.dtype(bool):
            raise TypeError(f"[{name}] Cannot cast array data from dtype('{mdt}') to dtype('bool') "
                            f"according to the rule 'safe'")
    if out is None:
        if isinstance(mask, _parity.Tensor):  # the mask broadcasts with the inputs
            r = _p.where(mask, r, r)
        return r
    if not _p.can_cast(r.dtype, out.dtype, casting):
        raise TypeError(f"[{name}] Cannot cast ufunc '{name}' output from dtype('{r.dtype}') to "
                        f"dtype('{out.dtype}') with casting rule '{casting}'")
    if mask is False:
        return out
    if mask is not None and mask is not True:
        r = _p.where(mask, r.astype(out.dtype), out)
    if r.ndim > out.ndim or any(a != b and a != 1 for a, b in zip(r.shape[::-1], out.shape[::-1])):
        raise ValueError(f"[{name}] non-broadcastable output operand with shape {out.shape} doesn't match "
                         f"the broadcast shape {r.shape}")
    out[...] = r.astype(out.dtype)
    return out

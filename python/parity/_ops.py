"""parity.<op> for every entry of the OpInfo database, generated (no list of op names here).

Each entry's `run` calls the engine NumPy's way: positional arrays and NumPy's keyword names. A
generated function has NumPy's signature, name and doc; it binds a call to that signature and
passes the keywords the entry's samples use (`kwnames`) as keywords and the arrays positionally.
A keyword the engine never takes, given a value other than its default, is a NotImplementedError:
never silently ignored. Entries whose `run` computes something else (its numpy_ref is a lambda of
gauge-invariant quantities and the like) get a direct binding below (_DIRECT).
"""
import collections
import functools
import inspect
import re
import sys
import types

import numpy as np

from . import _parity
from ._ops_direct import DIRECT as _DIRECT  # entries whose run is not NumPy's result

_EMPTY = inspect.Parameter.empty
_P = inspect.Parameter


def _resolve(path, root):
    obj = root
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def _numpy_function(e):
    """NumPy's function for the entry: its plain reference (np.X), else by any of its names."""
    ref = e["numpy_ref"]
    cands = [ref[3:]] if re.fullmatch(r"np\.[\w.]+", ref) else []
    cands += [e["name"], *e["aliases"]]
    for c in cands:
        f = _resolve(c, np)
        if callable(f) and not isinstance(f, type):
            return c, f
    return None, None


def _doc_signature(f):
    """The signature in a builtin's docstring ("zeros(shape, dtype=float, order='C', *, like=None)")."""
    # The first paragraph: concatenate's spans lines ("concatenate(\n (a1, a2, ...),\n axis=0, ...)").
    line = " ".join((getattr(f, "__doc__", None) or "").strip().split("\n\n")[0].split())
    m = re.fullmatch(r"\w+\((.*)\)", line)
    if not m:
        return None
    return _signature_of_text(m.group(1).replace("( ", "(").replace(" )", ")").replace("(a1, a2, ...)", "arrays"))


def _signature_of_text(params):
    """The signature a parameter list written in NumPy's docs declares ("a, axis=-1, kind=None")."""
    ns = {}
    try:
        exec(f"def _f({params}): pass", {**vars(np), "np": np}, ns)  # noqa: S102 (NumPy's own text)
        return inspect.signature(ns["_f"])
    except Exception:
        return None


def _ufunc_signature(u):
    names = ["x"] if u.nin == 1 else [f"x{i + 1}" for i in range(u.nin)]
    ps = [_P(n, _P.POSITIONAL_ONLY) for n in names]
    ps.append(_P("out", _P.POSITIONAL_OR_KEYWORD, default=None))
    kws = [("where", True), ("casting", "same_kind"), ("order", "K"), ("dtype", None), ("subok", True),
           ("signature", None)]
    if u.signature:  # a generalized ufunc (vecdot, matmul): its core-dimension keywords too
        kws[:1] = []
        kws += [("axes", None), ("axis", None), ("keepdims", False)]
    for n, d in kws:
        ps.append(_P(n, _P.KEYWORD_ONLY, default=d))
    return inspect.Signature(ps)


def numpy_signature(f):
    """NumPy's signature of f: inspect's, a ufunc's, or the one its docstring states; None if none."""
    if f is None:
        return None
    if isinstance(f, np.ufunc):
        return _ufunc_signature(f)
    try:
        return inspect.signature(f)
    except (TypeError, ValueError):
        return _doc_signature(f)


def _array_api_signature(e):
    try:
        import array_api_strict as xp
    except ImportError:
        return None
    for n in [e["name"], *e["aliases"]]:
        f = _resolve(n, xp)
        if callable(f):
            try:
                return inspect.signature(f)
            except (TypeError, ValueError):
                pass
    return None


@functools.lru_cache(maxsize=None)
def sample_keywords(name):
    """(keyword names, most positional arguments, returns a sequence) of its samples, on first use."""
    kwnames, nargs, sequence = _parity._sample_keywords(name)
    return frozenset(kwnames), nargs, sequence


def _sample_signature(e):
    """No NumPy or Array API signature: positional arrays, then the samples' keywords (keyword-only)."""
    kwnames, nargs, _ = sample_keywords(e["name"])
    ps = [_P(f"x{i + 1}" if nargs > 1 else "x", _P.POSITIONAL_ONLY) for i in range(nargs)]
    ps += [_P(k, _P.KEYWORD_ONLY, default=None) for k in sorted(kwnames) if k != "out"]
    if "out" in e["variants"]:
        ps.append(_P("out", _P.KEYWORD_ONLY, default=None))
    return inspect.Signature(ps)


def _is_default(value, param):
    return value is param.default or value is np._NoValue or (
        param.default is not _EMPTY and type(value) is type(param.default) and value == param.default)


# NumPy's named result tuples (numpy.linalg's EighResult, unique_all's UniqueAllResult...) by name.
def _result_type(npname, f):
    if f is None:
        return None
    # The module that defines f (numpy.linalg._linalg for np.linalg.slogdet), and its public one.
    spaces = [getattr(inspect.unwrap(f), "__globals__", {}), vars(sys.modules.get(f.__module__ or "", types))]
    want = (npname or "").split(".")[-1].replace("_", "").lower() + "result"
    for ns in spaces:
        for k, v in ns.items():
            if k.lower() == want and isinstance(v, type) and issubclass(v, tuple):
                return v
    return None


# Ops that return a tuple for some calls and one array for others: NumPy's atleast_*d give one
# array for one input, np.indices one array unless sparse=True. True where a call's one result
# is NumPy's one array.
_ONE_ARRAY = {
    "atleast_1d": lambda kwargs: True,
    "atleast_2d": lambda kwargs: True,
    "atleast_3d": lambda kwargs: True,
    "indices": lambda kwargs: not kwargs.get("sparse", False),
}

# NumPy returns a Python bool from these, not a 0-d array (`if np.allclose(a, b):` and `is True`).
_PYTHON_BOOL = {"allclose", "array_equal"}


def _results(values, result_type, sequence):
    if result_type is not None:
        return result_type(*values)
    return values[0] if len(values) == 1 and not sequence else tuple(values)


def _with_signature(sig, finish):
    """A function whose parameters are sig's, passing their values in order to finish(values).

    Written out with exec rather than Signature.bind in a (*a, **k) wrapper: binding costs about
    10 us a call, several times the engine's own dispatch for a small array.
    """
    ps, names, g = [], [], {"_finish": finish}
    slash = any(p.kind == _P.POSITIONAL_ONLY for p in sig.parameters.values())
    star = False
    for p in sig.parameters.values():
        if slash and p.kind != _P.POSITIONAL_ONLY:
            ps.append("/")
            slash = False
        if p.kind == _P.VAR_POSITIONAL:
            ps.append("*" + p.name)
            star = True
        elif p.kind == _P.VAR_KEYWORD:
            ps.append("**" + p.name)
        else:
            if p.kind == _P.KEYWORD_ONLY and not star:
                ps.append("*")
                star = True
            if p.default is _EMPTY:
                ps.append(p.name)
            else:
                g["_d_" + p.name] = p.default
                ps.append(f"{p.name}=_d_{p.name}")
        names.append(p.name)
    if slash:
        ps.append("/")
    ns = {}
    exec(f"def call({', '.join(ps)}):\n    return _finish(({''.join(n + ', ' for n in names)}))", g, ns)  # noqa: S102
    return ns["call"]


def _make(e):
    npname, f = _numpy_function(e)
    sig = numpy_signature(f) or _array_api_signature(e) or _sample_signature(e)
    name = e["name"]
    has_out = "out" in e["variants"]
    ref = e["numpy_ref"]
    # The run function takes the arrays of NumPy's first (sequence) parameter one by one
    # (concatenate's `lambda *xs, **kw`): expand that parameter.
    expand_first = bool(re.match(r"lambda \*\w", ref))
    first = next(iter(sig.parameters.values()), None)
    if first is not None and first.kind == _P.VAR_POSITIONAL:
        expand_first = False
    rtype = _result_type(npname, f)

    # (parameter, name, kind, default) read once: Parameter's properties cost a call each.
    plan = [(p, p.name, p.kind, p.default) for p in sig.parameters.values()]
    novalue, var_pos, var_kw = np._NoValue, _P.VAR_POSITIONAL, _P.VAR_KEYWORD

    def finish(values):
        kwnames, nargs, sequence = sample_keywords(name)
        args, kwargs, out = [], {}, None
        for i, ((p, pname, kind, default), v) in enumerate(zip(plan, values)):
            if kind == var_pos:
                args.extend(v)
            elif kind == var_kw:
                for kk, vv in v.items():
                    if kk not in kwnames:
                        raise NotImplementedError(f"[{name}] keyword '{kk}' is not supported")
                    kwargs[kk] = vv
            elif v is default or v is novalue:  # not given (or given NumPy's default object)
                continue
            elif pname == "out" and pname not in kwnames:
                if v is None:
                    continue
                if not has_out:
                    raise NotImplementedError(f"[{name}] keyword 'out' is not supported")
                out = v
            elif pname in kwnames:
                kwargs[pname] = v
            elif i == 0 and expand_first:
                args.extend(v)
            elif len(args) < nargs and (default is _EMPTY or not _is_default(v, p)):
                args.append(v)
            elif not _is_default(v, p):
                raise NotImplementedError(f"[{name}] keyword '{pname}' is not supported")
        if out is not None:
            _parity._call(name, "out", args, kwargs, out)
            return out
        if sequence and name in _ONE_ARRAY and _ONE_ARRAY[name](kwargs):
            sequence = False
        result = _results(_parity._call(name, "function", args, kwargs), rtype, sequence)
        return bool(result) if name in _PYTHON_BOOL else result

    call = _with_signature(sig, finish)
    call.__name__ = call.__qualname__ = (npname or name).split(".")[-1]
    call.__doc__ = getattr(f, "__doc__", None) or f"parity.{name}: the engine's {name} (OpInfo entry)"
    call.__signature__ = sig
    call.__module__ = "parity"
    call._parity_entry = name
    return call


def _direct(name, e):
    f, fn = _DIRECT[name]
    fn.__name__ = fn.__qualname__ = name.split(".")[-1]
    fn.__doc__ = getattr(f, "__doc__", None) or fn.__doc__
    fn.__module__ = "parity"
    fn._parity_entry = name
    return fn


# ---- install: every entry under all its names, linalg./fft./random. in submodules ----

def _submodule(pkg, name):
    full = f"{pkg.__name__}.{name}"
    mod = sys.modules.get(full)
    if mod is None:
        mod = types.ModuleType(full, f"parity.{name}: NumPy's numpy.{name} over the engine")
        sys.modules[full] = mod
        setattr(pkg, name, mod)
    return mod


def _place(pkg, dotted, fn):
    *parents, leaf = dotted.split(".")
    target = pkg
    for p in parents:
        target = _submodule(target, p)
    if not hasattr(target, leaf):
        setattr(target, leaf, fn)


def _method_signature(m):
    """ndarray's method signature from its docstring ("a.argsort(axis=-1, kind=None, order=None)")."""
    line = (getattr(getattr(np.ndarray, m, None), "__doc__", None) or "").strip().split("\n")[0]
    mt = re.fullmatch(r"a\.\w+\((.*)\)", line.strip())
    return _signature_of_text(mt.group(1)) if mt else None


def _method(fn, m):
    """Tensor.<m>: ndarray's method over the op's function; in place where ndarray's is (sort)."""
    msig = _method_signature(m)
    doc = getattr(getattr(np.ndarray, m, None), "__doc__", "") or ""
    in_place = "in-place" in " ".join(doc.strip().split("\n")[:3])

    def method(self, *a, **k):
        if msig is None:
            r = fn(self, *a, **k)
        else:
            kw = {}
            for name, v in msig.bind(*a, **k).arguments.items():
                if msig.parameters[name].kind == _P.VAR_POSITIONAL:  # a.transpose(1, 0) or ((1, 0))
                    if not v:
                        continue
                    v = v[0] if len(v) == 1 and (v[0] is None or isinstance(v[0], (tuple, list))) else v
                kw[name] = v
            r = fn(self, **kw)
        if in_place:
            self[...] = r
            return None
        return r

    method.__name__ = m
    method.__doc__ = doc or fn.__doc__
    if msig is not None:
        method.__signature__ = msig.replace(parameters=[_P("self", _P.POSITIONAL_ONLY), *msig.parameters.values()])
    return method


ENTRIES = _parity._op_entries()


def install(pkg):
    """Binds every entry not bound by the compiled module, under all its names; its ndarray method."""
    bound = collections.OrderedDict()
    for e in ENTRIES:
        names = [e["name"], *e["aliases"]]
        existing = next((_resolve(n, pkg) for n in names if _resolve(n, pkg) is not None), None)
        if existing is None and e["name"] in _DIRECT:
            existing = _direct(e["name"], e)
        if existing is None and "function" in e["variants"]:
            existing = _make(e)
        if existing is None:
            continue
        for n in names:
            _place(pkg, n, existing)
        bound[e["name"]] = existing
        # The method where ndarray has one by the op's name (kMethod records); hand-bound ones stay.
        if "method" in e["variants"]:
            for m in dict.fromkeys([e["numpy_method"], *(n for n in names if "." not in n)]):
                # callable: ndarray.real/.imag are properties, not methods
                if m and callable(getattr(np.ndarray, m, None)) and not hasattr(pkg.Tensor, m):
                    setattr(pkg.Tensor, m, _method(existing, m))
    return bound

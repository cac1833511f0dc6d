"""Function transforms with JAX's conventions: grad, value_and_grad, vmap, compile; and the
grad-mode scopes no_grad / enable_grad. The cores are in python/src/transforms.cpp (the engine's
autograd::value_and_grad and compile cache); this file handles argument conventions and
containers (tuples, lists and dicts of tensors as differentiated arguments)."""
import functools

import numpy as np

from . import _parity
from ._parity import Tensor

__all__ = ["grad", "value_and_grad", "vmap", "compile", "no_grad", "enable_grad", "is_grad_enabled"]

is_grad_enabled = _parity.is_grad_enabled


class _GradScope:
    """A grad-mode scope usable as `with` and as a decorator (like torch.no_grad)."""

    _enable = True

    def __enter__(self):
        self._scope = _parity._GradMode(self._enable)
        self._scope.__enter__()
        return self

    def __exit__(self, *exc):
        self._scope.__exit__(*exc)
        return False

    def __call__(self, fun):
        @functools.wraps(fun)
        def wrapped(*args, **kwargs):
            with type(self)():
                return fun(*args, **kwargs)
        return wrapped


class no_grad(_GradScope):
    """Inside `with parity.no_grad():` ops record no graph (parameter updates, evaluation)."""

    _enable = False


class enable_grad(_GradScope):
    """Turns recording back on inside a no_grad scope."""

    _enable = True


# ---- containers of tensors (a small pytree: tuple, list, dict; anything else is a leaf) ----
def _flatten(x, leaves):
    if isinstance(x, (tuple, list)):
        return (type(x), [_flatten(v, leaves) for v in x])
    if isinstance(x, dict):
        return (dict, [(k, _flatten(x[k], leaves)) for k in sorted(x)])
    leaves.append(x)
    return None


def _unflatten(tree, it):
    if tree is None:
        return next(it)
    kind, children = tree
    if kind is dict:
        return {k: _unflatten(c, it) for k, c in children}
    return kind(_unflatten(c, it) for c in children)


def _argnums(argnums, fun_name):
    single = isinstance(argnums, int)
    nums = (argnums,) if single else tuple(argnums)
    if not nums or not all(isinstance(a, int) and not isinstance(a, bool) for a in nums):
        raise TypeError(f"[grad] {fun_name}: argnums must be an int or a non-empty tuple of ints, got {argnums!r}")
    return single, nums


def _name(fun):
    return getattr(fun, "__qualname__", repr(fun))


def value_and_grad(fun, argnums=0, has_aux=False):
    """jax.value_and_grad: a function returning (fun(*args), d fun / d args[argnums]) or, with
    has_aux, ((value, aux), grads). fun must return a 0-d float tensor. argnums: an int (one
    gradient) or a tuple (a tuple of gradients). A differentiated argument may be a tensor, a
    NumPy array or a Python float (float64, NumPy's type for it), or a tuple/list/dict of those
    (its gradient has the same structure); ints raise TypeError (JAX's rule)."""
    single, nums = _argnums(argnums, _name(fun))

    @functools.wraps(fun)
    def wrapped(*args, **kwargs):
        n = len(args)
        for a in nums:
            if not -n <= a < n:
                raise TypeError(f"[grad] differentiating with respect to argnums={a} requires at least {a + 1} "
                                f"positional arguments to be passed by the caller, but got only {n} positional arguments")
        pos = [a % n for a in nums]
        leaves, trees = [], []
        for p in pos:
            trees.append(_flatten(args[p], leaves))

        def on_leaves(*xs):
            it = iter(xs)
            call = list(args)
            for p, t in zip(pos, trees):
                call[p] = _unflatten(t, it)
            return fun(*call, **kwargs)
        on_leaves.__qualname__ = _name(fun)

        value, grads, aux = _parity._value_and_grad(on_leaves, tuple(leaves), {},  # kwargs: on_leaves has them
                                                    list(range(len(leaves))), has_aux)
        it = iter(grads)
        g = tuple(_unflatten(t, it) for t in trees)
        g = g[0] if single else g
        return ((value, aux), g) if has_aux else (value, g)

    return wrapped


def grad(fun, argnums=0, has_aux=False):
    """jax.grad: d fun / d args[argnums] (see value_and_grad); with has_aux, (grads, aux).
    grad of a function with a non-scalar output is a TypeError naming the function. grad nests
    (grad(grad(f)), a grad inside a differentiated function): the inner gradient keeps its graph
    (the engine's double backward), as does a gradient w.r.t. a tensor with requires_grad set."""
    vg = value_and_grad(fun, argnums, has_aux)

    @functools.wraps(fun)
    def wrapped(*args, **kwargs):
        (value_aux, g) = vg(*args, **kwargs)
        return (g, value_aux[1]) if has_aux else g

    return wrapped


def vmap(fun, in_axes=0, out_axes=0):
    """jax.vmap: fun mapped over an axis of its arguments. in_axes: an int or None for every
    argument, or a tuple with one int/None per positional argument (None: passed whole to every
    call); keyword arguments are mapped over axis 0, as in JAX. Results (a tensor or a tuple of tensors) are stacked along out_axes. Runs fun once per
    slice (the engine has no batching tracer), so it costs a Python loop, not one batched call."""

    @functools.wraps(fun)
    def wrapped(*args, **kwargs):
        if in_axes is None or isinstance(in_axes, int):
            axes = [in_axes] * len(args)
        elif isinstance(in_axes, (tuple, list)):
            axes = list(in_axes)
        else:
            raise TypeError(f"[vmap] in_axes must be an int, None or a tuple, got {type(in_axes).__name__}")
        if len(axes) != len(args):
            raise ValueError(f"[vmap] in_axes must be an int, None, or a tuple of entries corresponding to the "
                             f"positional arguments passed to {_name(fun)}, but got len(in_axes)={len(axes)}, "
                             f"len(args)={len(args)}")
        # Keyword arguments are mapped over their leading axis (JAX's rule): passed as trailing
        # positional arguments with axis 0 and renamed back.
        names = list(kwargs)
        n = len(args)

        def positional(*xs):
            return fun(*xs[:n], **dict(zip(names, xs[n:])))
        positional.__qualname__ = _name(fun)
        return _parity._vmap(positional, tuple(args) + tuple(kwargs.values()), {}, axes + [0] * len(names), out_axes)

    return wrapped


class compile:  # noqa: N801 (the function's name, like jax.jit)
    """parity.compile(f): the engine's compile (issue 6) for a Python function of tensors.

    The first call for each input signature (dtypes and shapes of the positional tensor
    arguments) runs f eagerly while the engine records the ops it calls; later calls with that
    signature replay the record WITHOUT running the Python function, with chains of elementwise
    ops fused into one blockwise pass (results equal eager results bit for bit). What cannot be
    recorded (indexing, ops that do not record themselves feeding a ufunc, inputs that require
    grad, ...) runs f eagerly on every call; `info()` says which signatures and why.

    As with jax.jit: every argument that is not a tensor (Python numbers, strings, keyword
    arguments) is static: a separate cache per value. Python side effects and control flow in f
    happen on traced calls only, so f must not branch on tensor values.
    """

    def __init__(self, fun):
        functools.update_wrapper(self, fun)
        self._fun = fun
        self._caches = {}

    def _key(self, args, kwargs):
        if any(isinstance(v, Tensor) for v in kwargs.values()):
            raise TypeError(f"[compile] {_name(self._fun)}: pass tensors positionally (keyword arguments are static)")
        static = tuple((i, type(a), a) for i, a in enumerate(args) if not isinstance(a, Tensor))
        kw = tuple((k, type(v), v) for k, v in sorted(kwargs.items()))
        try:
            hash((static, kw))
        except TypeError:
            raise TypeError(f"[compile] {_name(self._fun)}: non-tensor arguments are static and must be hashable") from None
        return static, kw

    def __call__(self, *args, **kwargs):
        # NumPy arrays are tensor inputs (views), not static values.
        args = tuple(_parity.asarray(a) if isinstance(a, np.ndarray) else a for a in args)
        key = self._key(args, kwargs)
        cache = self._caches.get(key)
        if cache is None:
            cache = self._caches[key] = _parity._CompileCache()
        return cache.call(self._fun, tuple(args), kwargs)

    def info(self):
        """Traces, fused and eager calls summed over the static-argument caches; not_fused lists
        each signature that runs eagerly and why."""
        out = {"traces": 0, "fused_calls": 0, "eager_calls": 0, "not_fused": []}
        for c in self._caches.values():
            i = c.info()
            for k in ("traces", "fused_calls", "eager_calls"):
                out[k] += i[k]
            out["not_fused"] += i["not_fused"]
        return out

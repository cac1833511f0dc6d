"""Autograd on parity.Tensor and the transforms parity.grad / value_and_grad / vmap / compile.

Expected gradients come from mathematics (closed forms) or from central differences computed by
NumPy in float64 on the same function written against NumPy (each function below takes its
array module `xp`, so one definition serves parity and NumPy).
"""
import numpy as np
import pytest

import parity

RNG = np.random.default_rng(16)


def numeric_grad(f_np, x, eps=1e-6):
    """Central differences of a scalar NumPy function at x (float64)."""
    x = np.array(x, dtype=np.float64)
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        g[i] = (f_np(up) - f_np(down)) / (2 * eps)
    return g


def A(x):
    return np.asarray(x)


# ---- Tensor autograd API ----

def test_backward_accumulates_into_leaf_grad():
    x_np = RNG.standard_normal(5)
    x = parity.asarray(x_np.copy())
    assert x.requires_grad is False and x.grad is None
    x.requires_grad = True
    y = (x * x).sum()
    assert y.requires_grad and not y.is_leaf and x.is_leaf
    y.backward(retain_graph=True)
    np.testing.assert_allclose(A(x.grad), 2 * x_np, rtol=1e-12)
    y.backward()  # accumulates: d(x.x)/dx twice
    np.testing.assert_allclose(A(x.grad), 4 * x_np, rtol=1e-12)
    x.grad = None
    assert x.grad is None


def test_grad_fn_names_the_op():
    x = parity.asarray(np.ones(3))
    x.requires_grad = True
    assert x.grad_fn is None
    assert parity.sin(x).grad_fn == "sin"
    assert (x * 2.0).sum().grad_fn == "sum"


def test_backward_with_gradient_for_nonscalar_output():
    x_np = RNG.standard_normal(4)
    v = RNG.standard_normal(4)
    x = parity.asarray(x_np.copy())
    x.requires_grad = True
    parity.sin(x).backward(v)  # vector-Jacobian product: v * cos(x)
    np.testing.assert_allclose(A(x.grad), v * np.cos(x_np), rtol=1e-12)


def test_backward_of_nonscalar_without_gradient_raises():
    x = parity.asarray(np.ones(3))
    x.requires_grad = True
    with pytest.raises(RuntimeError, match=r"^\["):
        parity.sin(x).backward()


def test_requires_grad_on_integer_tensor_is_type_error():
    with pytest.raises(TypeError, match=r"^\["):
        parity.asarray(np.arange(3)).requires_grad = True


def test_detach_shares_data_without_history():
    x = parity.asarray(np.ones(3))
    x.requires_grad = True
    y = x * 2.0
    d = y.detach()
    assert y.requires_grad and not d.requires_grad and d.grad_fn is None
    assert np.shares_memory(A(d), A(y))


def test_no_grad_and_enable_grad_scopes():
    x = parity.asarray(np.ones(2))
    x.requires_grad = True
    assert parity.is_grad_enabled()
    with parity.no_grad():
        assert not parity.is_grad_enabled()
        assert not (x * 2.0).requires_grad
        with parity.enable_grad():
            assert (x * 2.0).requires_grad
        assert not (x * 2.0).requires_grad
    assert parity.is_grad_enabled()
    with pytest.raises(ZeroDivisionError):
        with parity.no_grad():
            1 / 0
    assert parity.is_grad_enabled()  # restored after an exception

    @parity.no_grad()
    def doubled(t):
        return t * 2.0
    assert not doubled(x).requires_grad
    assert parity.is_grad_enabled()


# ---- parity.grad against closed forms and finite differences ----

def test_grad_of_sum_sin_is_cos():
    x_np = RNG.standard_normal((3, 4))
    g = parity.grad(lambda x: parity.sin(x).sum())(parity.asarray(x_np))
    np.testing.assert_allclose(A(g), np.cos(x_np), rtol=1e-12, atol=1e-15)


def test_grad_leaves_the_argument_untouched():
    x = parity.asarray(np.ones(3))
    parity.grad(lambda t: (t * t).sum())(x)
    assert not x.requires_grad and x.grad is None


W = RNG.standard_normal((3, 4))


FUNCTIONS = {
    "tanh_gauss": lambda xp, x: (xp.tanh(x) * xp.exp(-(x * x))).sum(),
    "log1p_mean": lambda xp, x: xp.log1p(x * x).mean(),
    "relu_square": lambda xp, x: xp.square(xp.maximum(x, 0.0)).sum(),
    "matmul_tanh": lambda xp, x: xp.tanh(xp.matmul(xp.asarray(W), x)).sum(),
    "quotient": lambda xp, x: (xp.sin(x) / (2.0 + xp.cos(x))).prod(),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_grad_matches_numpy_finite_differences(name):
    f = FUNCTIONS[name]
    x_np = RNG.standard_normal((4, 2)) + 0.1  # relu's kink at 0 is avoided with probability 1
    expected = numeric_grad(lambda v: f(np, v), x_np)
    g = parity.grad(lambda x: f(parity, x))(parity.asarray(x_np))
    np.testing.assert_allclose(A(g), expected, rtol=1e-6, atol=1e-8)


def test_grad_float32_keeps_dtype():
    x_np = RNG.standard_normal(5).astype(np.float32)
    g = parity.grad(lambda x: parity.sin(x).sum())(parity.asarray(x_np))
    assert g.dtype == np.float32
    np.testing.assert_allclose(A(g), np.cos(x_np), rtol=1e-6)


def f2(a, b):
    return (a * parity.sin(b)).sum()


def test_grad_argnums():
    a_np, b_np = RNG.standard_normal(3), RNG.standard_normal(3)
    a, b = parity.asarray(a_np), parity.asarray(b_np)
    np.testing.assert_allclose(A(parity.grad(f2)(a, b)), np.sin(b_np), rtol=1e-12)
    np.testing.assert_allclose(A(parity.grad(f2, argnums=1)(a, b)), a_np * np.cos(b_np), rtol=1e-12)
    np.testing.assert_allclose(A(parity.grad(f2, argnums=-1)(a, b)), a_np * np.cos(b_np), rtol=1e-12)
    ga, gb = parity.grad(f2, argnums=(0, 1))(a, b)
    np.testing.assert_allclose(A(ga), np.sin(b_np), rtol=1e-12)
    np.testing.assert_allclose(A(gb), a_np * np.cos(b_np), rtol=1e-12)
    (gb_only,) = parity.grad(f2, argnums=(1,))(a, b)  # a tuple of argnums gives a tuple
    np.testing.assert_allclose(A(gb_only), a_np * np.cos(b_np), rtol=1e-12)


def test_grad_with_keyword_arguments_passed_through():
    x_np = RNG.standard_normal(3)
    g = parity.grad(lambda x, scale=1.0: (x * x).sum() * scale)(parity.asarray(x_np), scale=3.0)
    np.testing.assert_allclose(A(g), 6 * x_np, rtol=1e-12)


def test_grad_of_containers_keeps_their_structure():
    w_np, b_np, x_np = RNG.standard_normal((2, 3)), RNG.standard_normal(2), RNG.standard_normal(3)

    def loss(params, x):
        w, b = params["w"], params["b"]
        return (parity.matmul(w, x) + b).sum()
    g = parity.grad(loss)({"w": parity.asarray(w_np), "b": parity.asarray(b_np)}, parity.asarray(x_np))
    assert set(g) == {"w", "b"}
    # d/dw sum(w x + b) = outer(1, x); d/db = 1.
    np.testing.assert_allclose(A(g["w"]), np.outer(np.ones(2), x_np), rtol=1e-12)
    np.testing.assert_allclose(A(g["b"]), np.ones(2), rtol=1e-12)
    gt = parity.grad(lambda p: (p[0] * p[1]).sum())((parity.asarray(w_np), parity.asarray(w_np * 2)))
    assert isinstance(gt, tuple) and len(gt) == 2
    np.testing.assert_allclose(A(gt[0]), 2 * w_np, rtol=1e-12)


def test_value_and_grad():
    x_np = RNG.standard_normal(6)
    v, g = parity.value_and_grad(lambda x: (parity.exp(x) * x).sum())(parity.asarray(x_np))
    np.testing.assert_allclose(float(v), np.sum(np.exp(x_np) * x_np), rtol=1e-12)
    np.testing.assert_allclose(A(g), np.exp(x_np) * (1 + x_np), rtol=1e-12)
    assert not v.requires_grad


def test_has_aux():
    x_np = RNG.standard_normal(3)

    def f(x):
        y = parity.sin(x)
        return (y * y).sum(), {"y": y, "note": "aux"}
    g, aux = parity.grad(f, has_aux=True)(parity.asarray(x_np))
    np.testing.assert_allclose(A(g), 2 * np.sin(x_np) * np.cos(x_np), rtol=1e-12)
    assert aux["note"] == "aux"
    np.testing.assert_allclose(A(aux["y"]), np.sin(x_np), rtol=1e-12)
    (v, aux2), g2 = parity.value_and_grad(f, has_aux=True)(parity.asarray(x_np))
    np.testing.assert_allclose(float(v), np.sum(np.sin(x_np) ** 2), rtol=1e-12)
    np.testing.assert_allclose(A(g2), A(g), rtol=1e-12)


def test_grad_wrt_python_float_follows_jax():
    g = parity.grad(lambda x: x * x * x)(2.0)  # 3 x^2
    assert isinstance(g, parity.Tensor) and g.ndim == 0 and g.dtype == np.float64
    assert float(g) == 12.0


def test_grad_wrt_numpy_array():
    x_np = RNG.standard_normal(3)
    g = parity.grad(lambda x: parity.sin(x).sum())(x_np)
    np.testing.assert_allclose(A(g), np.cos(x_np), rtol=1e-12)


def test_grad_of_function_ignoring_its_argument_is_zero():
    g = parity.grad(lambda x, y: (y * y).sum())(parity.asarray(np.ones(3)), parity.asarray(np.ones(2)))
    np.testing.assert_array_equal(A(g), np.zeros(3))


# ---- errors: typed, "[op] " first, the function named ----

def square_all(x):
    return x * x


def test_grad_of_nonscalar_output_is_type_error_naming_the_function():
    with pytest.raises(TypeError, match=r"^\[grad\] square_all: Gradient only defined for scalar-output functions\. "
                                        r"Output had shape: \(3,\)"):
        parity.grad(square_all)(parity.asarray(np.ones(3)))
    with pytest.raises(TypeError, match=r"Output had shape: \(1,\)"):  # one element is not a scalar either
        parity.grad(square_all)(parity.asarray(np.ones(1)))


def test_grad_wrt_int_is_type_error():
    with pytest.raises(TypeError, match=r"^\[grad\] square_all: grad requires real- or complex-valued inputs.*Python int"):
        parity.grad(square_all)(3)
    with pytest.raises(TypeError, match=r"^\[grad\] .*but got int64"):
        parity.grad(lambda x: (x * 1.5).sum())(parity.asarray(np.arange(3)))
    with pytest.raises(TypeError, match=r"^\[grad\] .*Python bool"):
        parity.grad(square_all)(True)


def test_grad_of_integer_output_is_type_error():
    with pytest.raises(TypeError, match=r"^\[grad\] .*real-valued outputs.*int64"):
        parity.grad(lambda x: parity.floor(x).astype(np.int64).sum())(parity.asarray(np.ones(2)))


def test_grad_argnums_errors():
    with pytest.raises(TypeError, match=r"^\[grad\] differentiating with respect to argnums=2 requires at least 3"):
        parity.grad(f2, argnums=2)(parity.asarray(np.ones(2)), parity.asarray(np.ones(2)))
    with pytest.raises(TypeError, match=r"^\[grad\] f2: argnums must be"):
        parity.grad(f2, argnums="a")


def test_numpy_result_is_refused_not_a_silent_zero():
    with pytest.raises(TypeError, match=r"^\[grad\] .*<lambda> returned a numpy.float64, not a parity tensor"):
        parity.grad(lambda x: np.sin(x).sum())(parity.asarray(np.ones(2)))


def test_constant_function_has_zero_gradient():
    np.testing.assert_array_equal(A(parity.grad(lambda x: 1.0)(parity.asarray(np.ones(2)))), np.zeros(2))


def test_has_aux_needs_a_pair():
    with pytest.raises(TypeError, match=r"^\[grad\] .*two-element tuple"):
        parity.grad(lambda x: (x * x).sum(), has_aux=True)(parity.asarray(np.ones(2)))


def test_second_derivatives():
    g2 = parity.grad(parity.grad(lambda x: x * x * x))(2.0)  # d2/dx2 x^3 = 6x
    assert float(g2) == 12.0
    x_np = RNG.standard_normal(4)
    d2 = parity.grad(lambda x: parity.grad(lambda y: parity.sin(y).sum())(x).sum())(parity.asarray(x_np))
    np.testing.assert_allclose(A(d2), -np.sin(x_np), rtol=1e-12)  # sum_i d/dx_j cos(x_i)


def test_inner_grad_keeps_the_path_through_closed_over_variables():
    z = parity.asarray(RNG.standard_normal(3))
    a_np = RNG.standard_normal(3)
    # inner: d/dy sum(y * a^2) = a^2, for any y; outer: d/da sum(a^2) = 2a (not a silent zero).
    g = parity.grad(lambda a: parity.grad(lambda y: (y * a * a).sum())(z).sum())(parity.asarray(a_np))
    np.testing.assert_allclose(A(g), 2 * a_np, rtol=1e-12)


def test_grad_of_a_tensor_that_records_keeps_its_graph():
    x_np = RNG.standard_normal(3)
    x = parity.asarray(x_np.copy())
    x.requires_grad = True
    g = parity.grad(lambda t: (t * t * t).sum())(x)  # 3 x^2, still a function of x
    np.testing.assert_allclose(A(g.detach()), 3 * x_np ** 2, rtol=1e-12)
    g.sum().backward()
    np.testing.assert_allclose(A(x.grad), 6 * x_np, rtol=1e-12)


def test_exception_in_function_propagates():
    def bad(x):
        raise KeyError("inside")
    with pytest.raises(KeyError, match="inside"):
        parity.grad(bad)(parity.asarray(np.ones(2)))
    assert parity.is_grad_enabled()


# ---- vmap against a Python loop over NumPy ----

def test_vmap_in_axes_0_and_1():
    x_np = RNG.standard_normal((4, 3))
    f = lambda xp, v: xp.sin(v) * v.sum()  # noqa: E731
    r0 = parity.vmap(lambda v: f(parity, v))(parity.asarray(x_np))
    np.testing.assert_allclose(A(r0), np.stack([f(np, row) for row in x_np]), rtol=1e-12)
    r1 = parity.vmap(lambda v: f(parity, v), in_axes=1)(parity.asarray(x_np))
    np.testing.assert_allclose(A(r1), np.stack([f(np, col) for col in x_np.T]), rtol=1e-12)
    r_out1 = parity.vmap(lambda v: f(parity, v), out_axes=1)(parity.asarray(x_np))
    np.testing.assert_allclose(A(r_out1), np.stack([f(np, row) for row in x_np], axis=1), rtol=1e-12)


def test_vmap_in_axes_none_broadcasts_an_argument():
    m_np, xs_np = RNG.standard_normal((2, 3)), RNG.standard_normal((5, 3))
    r = parity.vmap(parity.matmul, in_axes=(None, 0))(parity.asarray(m_np), parity.asarray(xs_np))
    np.testing.assert_allclose(A(r), np.stack([m_np @ x for x in xs_np]), rtol=1e-12)
    r = parity.vmap(lambda a, b: a * b, in_axes=(1, 0))(parity.asarray(xs_np.T), parity.asarray(xs_np))
    np.testing.assert_allclose(A(r), xs_np * xs_np, rtol=1e-12)


def test_vmap_tuple_output():
    x_np = RNG.standard_normal((3, 2))
    s, c = parity.vmap(lambda v: (parity.sin(v), parity.cos(v).sum()))(parity.asarray(x_np))
    np.testing.assert_allclose(A(s), np.sin(x_np), rtol=1e-12)
    np.testing.assert_allclose(A(c), np.cos(x_np).sum(axis=1), rtol=1e-12)


def test_vmap_of_grad_gives_per_example_gradients():
    w_np, xs_np, ys_np = RNG.standard_normal(3), RNG.standard_normal((6, 3)), RNG.standard_normal(6)

    def loss(w, x, y):
        r = (w * x).sum() - y
        return r * r
    g = parity.vmap(parity.grad(loss), in_axes=(None, 0, 0))(parity.asarray(w_np), parity.asarray(xs_np),
                                                            parity.asarray(ys_np))
    expected = np.stack([2 * (w_np @ x - y) * x for x, y in zip(xs_np, ys_np)])  # d (w.x - y)^2 / dw
    np.testing.assert_allclose(A(g), expected, rtol=1e-12)


def test_vmap_maps_keyword_arguments_over_axis_0():
    a_np, b_np = RNG.standard_normal((4, 2)), RNG.standard_normal((4, 2))
    r = parity.vmap(lambda a, b=None: (a * b).sum())(parity.asarray(a_np), b=parity.asarray(b_np))
    np.testing.assert_allclose(A(r), (a_np * b_np).sum(axis=1), rtol=1e-12)


def test_grad_through_vmap():
    xs_np, w_np = RNG.standard_normal((5, 2)), RNG.standard_normal(2)
    # d/dw sum_i (x_i . w) = sum_i x_i, whichever axis vmap maps
    for in_axes, xs in ((0, xs_np), (1, xs_np.T)):
        g = parity.grad(lambda w: parity.vmap(lambda x: (x * w).sum(), in_axes=in_axes)(parity.asarray(xs)).sum())(
            parity.asarray(w_np))
        np.testing.assert_allclose(A(g), xs_np.sum(axis=0), rtol=1e-12)


def test_vmap_errors():
    with pytest.raises(ValueError, match=r"^\[vmap\] .*inconsistent sizes"):
        parity.vmap(lambda a, b: a + b)(parity.asarray(np.ones(3)), parity.asarray(np.ones(4)))
    with pytest.raises(ValueError, match=r"^\[vmap\] in_axes must be.*len\(in_axes\)=1, len\(args\)=2"):
        parity.vmap(lambda a, b: a + b, in_axes=(0,))(parity.asarray(np.ones(3)), parity.asarray(np.ones(3)))
    with pytest.raises(ValueError, match=r"^\[vmap\] .*axis 1 but has rank 1"):
        parity.vmap(lambda a: a, in_axes=1)(parity.asarray(np.ones(3)))


# ---- compile ----

def sigmoid(x):
    return 1.0 / (1.0 + parity.exp(-x))


def test_compile_matches_eager_and_fuses_after_the_first_call():
    x_np = RNG.standard_normal(1000).astype(np.float32)
    c = parity.compile(sigmoid)
    expected = 1 / (1 + np.exp(-x_np))
    for _ in range(3):
        np.testing.assert_allclose(A(c(parity.asarray(x_np))), expected, rtol=1e-6)
    np.testing.assert_array_equal(A(c(parity.asarray(x_np))), A(sigmoid(parity.asarray(x_np))))  # bit for bit
    info = c.info()
    assert info["traces"] == 1 and info["fused_calls"] == 3 and info["not_fused"] == []
    assert c.__name__ == "sigmoid"


def test_compile_static_arguments_and_new_signatures():
    c = parity.compile(lambda x, k: parity.sin(x) * k)
    x_np = RNG.standard_normal(5)
    for k in (2.0, 3.0, 2.0):  # a Python scalar is static: each value has its own trace
        np.testing.assert_allclose(A(c(parity.asarray(x_np), k)), np.sin(x_np) * k, rtol=1e-12)
    y_np = RNG.standard_normal((2, 3)).astype(np.float32)  # a new dtype and shape: a new trace
    np.testing.assert_allclose(A(c(y_np, 2.0)), np.sin(y_np) * 2, rtol=1e-6)
    assert c.info()["traces"] == 3


def test_compile_tuple_results_and_unfusable_ops():
    c = parity.compile(lambda x: (parity.exp(x), x[::2] + 1.0))
    x_np = RNG.standard_normal(6)
    for _ in range(2):
        e, s = c(parity.asarray(x_np))
        np.testing.assert_allclose(A(e), np.exp(x_np), rtol=1e-12)
        np.testing.assert_allclose(A(s), x_np[::2] + 1, rtol=1e-12)


def test_grad_through_compile():
    x_np = RNG.standard_normal(4)
    g = parity.grad(lambda x: parity.compile(sigmoid)(x).sum())(parity.asarray(x_np))
    s = 1 / (1 + np.exp(-x_np))
    np.testing.assert_allclose(A(g), s * (1 - s), rtol=1e-12)


def test_compile_errors():
    with pytest.raises(TypeError, match=r"^\[compile\] .*hashable"):
        parity.compile(lambda x, opts: x)(parity.asarray(np.ones(2)), [1])
    with pytest.raises(TypeError, match=r"^\[compile\] .*pass tensors positionally"):
        parity.compile(lambda x, y=None: x)(parity.asarray(np.ones(2)), y=parity.asarray(np.ones(2)))
    with pytest.raises(TypeError, match=r"^\[compile\] .*must return a tensor"):
        parity.compile(lambda x: "no")(parity.asarray(np.ones(2)))


# ---- derivatives that exist for some keywords or shapes only (the op record's no_grad_where) ----

@pytest.mark.parametrize("mode, shape, message", [
    ("r", (3, 2), "mode='r' computes no Q"),
    ("raw", (3, 2), "mode='raw' returns LAPACK's Householder form"),
    ("complete", (3, 2), "mode='complete' and M > N"),
    ("reduced", (2, 3), "not implemented for M < N"),
])
def test_grad_raises_where_the_record_declares_no_derivative(mode, shape, message):
    a = parity.asarray(RNG.standard_normal(shape))

    def f(x):
        out = parity.linalg.qr(x, mode=mode)
        return parity.sum(out if mode == "r" else out[1])
    with pytest.raises(RuntimeError, match=r"\[linalg.qr\] is not differentiable: .*" + message):
        parity.grad(f)(a)


def test_grad_of_qr_and_svd_where_the_derivative_exists():
    x = RNG.standard_normal((3, 2))
    for mode in ("reduced", "complete"):  # complete is reduced on a square input
        a = x if mode == "reduced" else x[:2]
        g = parity.grad(lambda t: parity.sum(parity.linalg.qr(t, mode=mode)[1] ** 2))(parity.asarray(a))
        # sum(R**2) = sum(a**2) (Q is orthogonal): the gradient is 2a
        np.testing.assert_allclose(np.asarray(g), 2 * a, rtol=1e-10, atol=1e-12)
    g = parity.grad(lambda t: parity.sum(parity.linalg.svd(t, full_matrices=False)[1] ** 2))(parity.asarray(x))
    np.testing.assert_allclose(np.asarray(g), 2 * x, rtol=1e-10, atol=1e-12)  # sum(S**2) = |a|_F^2
    with pytest.raises(RuntimeError, match="full_matrices=True and M != N"):
        parity.grad(lambda t: parity.sum(parity.linalg.svd(t)[1]))(parity.asarray(x))

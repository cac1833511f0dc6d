# DLPack (the Array API's exchange) and the buffer protocol, both ways with NumPy and PyTorch,
# contiguous and with negative, zero and offset strides: views, never copies (a write through one
# side shows through the other).
import numpy as np
import pytest

import parity

# NumPy arrays of each layout: (name, make) with make() -> a writeable-when-possible array.
LAYOUTS = {
    "contiguous": lambda: np.arange(12.0).reshape(3, 4),
    "negative": lambda: np.arange(12.0).reshape(3, 4)[::-1, ::-2],
    "offset": lambda: np.arange(24.0).reshape(4, 6)[1:, 2:5],
    "zero": lambda: np.broadcast_to(np.arange(4.0), (3, 4)),  # read-only, as NumPy makes it
}


# ---- the capsules ----

def test_versioned_capsule_when_the_consumer_asks_for_1_0():
    t = parity.asarray(np.arange(3.0))
    assert "dltensor_versioned" in repr(t.__dlpack__(max_version=(1, 0)))
    assert '"dltensor"' in repr(t.__dlpack__())
    assert '"dltensor"' in repr(t.__dlpack__(max_version=(0, 8)))


def test_read_only_needs_the_versioned_protocol():
    a = np.broadcast_to(np.arange(3.0), (2, 3))
    t = parity.asarray(a)
    with pytest.raises(BufferError):  # as NumPy's own unversioned export of it
        a.__dlpack__()
    with pytest.raises(BufferError, match=r"^\[from_dlpack\]"):
        t.__dlpack__()
    r = np.from_dlpack(t)  # NumPy asks for 1.0: the read-only flag travels
    assert not r.flags.writeable
    np.testing.assert_array_equal(r, a)


def test_stream_and_device_errors_are_numpys():
    t = parity.asarray(np.arange(3.0))
    a = np.arange(3.0)
    for x in (a, t):
        with pytest.raises(RuntimeError):
            x.__dlpack__(stream=1)
        with pytest.raises(ValueError):
            x.__dlpack__(dl_device=(2, 0))
    assert t.__dlpack_device__() == a.__dlpack_device__()


def test_copy_true_exports_a_copy():
    a = np.arange(4.0)
    t = parity.asarray(a)
    r = np.from_dlpack(t, copy=True)
    r[0] = 99.0
    assert a[0] == 0.0
    c = parity.from_dlpack(a, copy=True)
    a[1] = -1.0
    assert float(c[1]) == 1.0


def test_unversioned_only_producer():
    class Old:  # a producer from before DLPack 1.0: __dlpack__ takes no keywords
        def __init__(self, a):
            self.a = a

        def __dlpack__(self):
            return self.a.__dlpack__()

        def __dlpack_device__(self):
            return self.a.__dlpack_device__()

    a = np.arange(5.0)
    t = parity.from_dlpack(Old(a))
    a[2] = 42.0
    assert float(t[2]) == 42.0
    for kw in ({"copy": True}, {"device": "cpu"}):  # such a producer cannot honour them: as NumPy
        with pytest.raises(TypeError):
            np.from_dlpack(Old(a), **kw)
        with pytest.raises(TypeError):
            parity.from_dlpack(Old(a), **kw)


def test_no_dlpack_is_numpys_attribute_error():
    with pytest.raises(AttributeError):
        np.from_dlpack([1, 2])
    with pytest.raises(AttributeError, match=r"^\[from_dlpack\]"):
        parity.from_dlpack([1, 2])


def test_consumed_capsule_cannot_be_reused():
    cap = np.arange(3.0).__dlpack__()

    class Once:
        def __dlpack__(self, **kw):
            return cap

    parity.from_dlpack(Once())
    with pytest.raises(ValueError, match=r"^\[from_dlpack\]"):  # NumPy's class (CPython's text)
        parity.from_dlpack(Once())


# ---- NumPy, both ways ----

@pytest.mark.parametrize("layout", LAYOUTS)
def test_numpy_to_parity_to_numpy(layout):
    a = LAYOUTS[layout]()
    t = parity.from_dlpack(a)
    assert t.shape == a.shape and t.strides == a.strides
    r = np.from_dlpack(t)
    assert r.strides == a.strides
    assert r.ctypes.data == a.ctypes.data  # the same memory all the way round
    np.testing.assert_array_equal(r, a)
    assert r.flags.writeable == a.flags.writeable
    if a.flags.writeable:
        a[0, 0] = -7.0
        assert float(t[0, 0]) == -7.0 and r[0, 0] == -7.0


@pytest.mark.parametrize("key", ["all", "negative", "offset"])
def test_engine_made_views_to_numpy(key):
    base = np.arange(24.0).reshape(4, 6)
    t = parity.asarray(base)
    v = {"all": t, "negative": t[::-1, ::-2], "offset": t[1:, 2:5]}[key]
    want = {"all": base, "negative": base[::-1, ::-2], "offset": base[1:, 2:5]}[key]
    r = np.from_dlpack(v)
    assert r.strides == want.strides and r.ctypes.data == want.ctypes.data
    r[0, 0] = 123.0
    assert want[0, 0] == 123.0


# ---- PyTorch, both ways ----

@pytest.mark.parametrize("layout", ["contiguous", "offset", "zero"])
def test_torch_to_parity_to_torch(layout):
    torch = pytest.importorskip("torch")
    base = torch.arange(24.0, dtype=torch.float64)
    x = {"contiguous": base.reshape(4, 6),
         "offset": base.reshape(4, 6)[1:, 2:5],
         "zero": base[:4].expand(3, 4)}[layout]
    t = parity.from_dlpack(x)
    assert t.shape == tuple(x.shape)
    assert t.strides == tuple(s * 8 for s in x.stride())
    y = torch.from_dlpack(t)
    assert y.data_ptr() == x.data_ptr() and y.stride() == x.stride()
    base[6 + 2] = -5.0  # element (1, 2) of the reshaped base
    np.testing.assert_array_equal(np.asarray(t), x.numpy())
    np.testing.assert_array_equal(y.numpy(), x.numpy())


def test_torch_refuses_negative_strides_like_from_numpy():
    torch = pytest.importorskip("torch")
    a = np.arange(6.0)[::-1]
    with pytest.raises(RuntimeError):  # PyTorch has no negative strides: its own error
        torch.from_dlpack(a)
    t = parity.asarray(a)
    with pytest.raises(RuntimeError):
        torch.from_dlpack(t)


def test_parity_dtypes_through_torch():
    torch = pytest.importorskip("torch")
    for dt in (np.bool_, np.int8, np.uint8, np.int32, np.int64, np.float16, np.float32, np.complex64):
        a = (np.arange(6) % 3).astype(dt)
        y = torch.from_dlpack(parity.asarray(a))
        np.testing.assert_array_equal(y.numpy(), a)
    bf = torch.tensor([1.5, -2.0, 3.25], dtype=torch.bfloat16)  # NumPy has no bfloat16: through DLPack only
    t = parity.from_dlpack(bf)
    back = torch.from_dlpack(t)
    assert back.dtype == torch.bfloat16 and back.data_ptr() == bf.data_ptr()
    assert torch.equal(back, bf)


# ---- the buffer protocol, both ways ----

@pytest.mark.parametrize("layout", LAYOUTS)
def test_buffer_protocol_round_trip(layout):
    a = LAYOUTS[layout]()
    t = parity.asarray(a)  # ndarray -> tensor: a view
    assert t.strides == a.strides
    r = np.asarray(t)      # tensor -> ndarray through the buffer protocol: a view
    assert r.ctypes.data == a.ctypes.data and r.strides == a.strides
    assert r.flags.writeable == a.flags.writeable
    m = memoryview(t)
    assert m.strides == a.strides and m.readonly == (not a.flags.writeable)
    if a.flags.writeable:
        r[-1, -1] = 77.0
        assert a[-1, -1] == 77.0 and float(t[-1, -1]) == 77.0


def test_buffer_protocol_from_a_parity_view():
    t = parity.asarray(np.arange(12.0).reshape(3, 4))
    v = t[::-1, 1::2]  # negative and offset strides made by the engine
    r = np.asarray(v)
    assert r.strides == v.strides
    r[0, 0] = 5.5
    assert float(t[2, 1]) == 5.5

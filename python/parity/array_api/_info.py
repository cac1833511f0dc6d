"""__array_namespace_info__(): what this namespace supports (the standard's inspection API)."""
from . import _dtypes

# NumPy's limit, which the interchange (buffer protocol, __array__) inherits.
_MAX_DIMENSIONS = 64


def _check_device(op, device):
    if device is not None and device != "cpu":
        raise ValueError(f"[{op}] parity.array_api supports the device 'cpu' only, not {device!r}")


class __array_namespace_info__:  # noqa: N801  (the standard's name)
    """The inspection namespace: capabilities, default device and dtypes, supported dtypes."""

    __module__ = "parity.array_api"

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": _MAX_DIMENSIONS}

    def default_device(self):
        return "cpu"

    def default_dtypes(self, *, device=None):
        _check_device("default_dtypes", device)
        return dict(_dtypes.DEFAULTS)

    def dtypes(self, *, device=None, kind=None):
        _check_device("dtypes", device)
        if kind is None:
            return {str(d): d for d in _dtypes.ALL}
        if isinstance(kind, tuple):
            out = {}
            for k in kind:
                out.update(self.dtypes(device=device, kind=k))
            return out
        if not isinstance(kind, str) or kind not in _dtypes.KINDS:
            raise ValueError(f"[dtypes] unsupported kind: {kind!r}")
        return {str(d): d for d in _dtypes.KINDS[kind]}

    def devices(self):
        return ["cpu"]

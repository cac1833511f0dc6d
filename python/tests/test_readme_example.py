"""Runs the README's Python example (the two-layer model trained with parity.grad) so the README
cannot rot: the block is read from README.md, executed, and its loss must fall by the stated factor."""
import contextlib
import io
import pathlib
import re
import time

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
FACTOR = 5  # the README says: the final loss is at least 5 times below the initial loss


def example_block():
    text = README.read_text()
    section = text[text.index("### Python"):]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    trained = [b for b in blocks if "parity.grad(" in b]
    assert trained, "README.md's Python section has no ```python block using parity.grad"
    return trained[0]


def test_readme_two_layer_model_trains():
    code = example_block()
    scope = {"__name__": "readme_example"}
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), scope)
    elapsed = time.perf_counter() - start
    initial, final = scope["initial"], scope["final"]
    assert final * FACTOR < initial, (initial, final)
    printed = [float(m) for m in re.findall(r"loss ([0-9.]+)", out.getvalue())]
    assert len(printed) >= 3 and printed[-1] < printed[0]  # the printed losses fall too
    print(f"README example: loss {initial:.4f} -> {final:.4f} in {elapsed:.2f} s")
    assert f"{FACTOR} times" in README.read_text()  # the README states the factor this test checks

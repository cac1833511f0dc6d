"""Snippets of the guides: run each in its own plain python3, and find them in a rendered guide.

A guide shows a snippet as a ```python block followed by a line "Prints:" and a ```text block
with exactly what the snippet writes to stdout. The same parser is used by the test that reruns
them all (fuzz/tests/guide_snippets_test.py), so the guide and the test cannot disagree on what
a snippet is."""
import os
import re
import subprocess
import sys

SNIPPET = re.compile(r"```python\n(.*?)```\nPrints:\n\n```text\n(.*?)```\n", re.S)


def run(code, python=None, timeout=120):
    """stdout of `code` run as a file by a fresh interpreter, as a user would paste it."""
    env = dict(os.environ)
    env.pop("PYTHONWARNINGS", None)
    p = subprocess.run([python or sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=timeout, env=env)
    if p.returncode != 0:
        raise RuntimeError(f"snippet exited {p.returncode}:\n{code}\n--- stderr ---\n{p.stderr[-2000:]}")
    return p.stdout


def find(markdown):
    """[(code, printed)] for every snippet shown with its output."""
    return [(m.group(1), m.group(2)) for m in SNIPPET.finditer(markdown)]


def block(code, printed):
    return f"```python\n{code}```\nPrints:\n\n```text\n{printed}```\n"

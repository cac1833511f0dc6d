#!/usr/bin/env python3
"""The porting guides' snippets run as printed (issue 27).

For reports/NUMPY_VS_PYTORCH.md and reports/NUMPY_VS_JAX.md: every ```python block shown with a
"Prints:" block is run in its own plain python3 and must print exactly what the guide shows; the
page stays under 100 KB; every hazard has its severity, both rules, an example and a workaround;
and the page is what scripts/porting_guide.py renders today from the committed campaign and the
hazards (so an edit of guide/hazards.py or a new campaign without regenerating fails here).
Exit 77 (skipped) when PyTorch or JAX cannot be imported, saying which."""
import importlib.util
import os
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import porting_guide  # noqa: E402
from guide import hazards, snippets  # noqa: E402

missing = [m for m in ("torch", "jax") if importlib.util.find_spec(m) is None]
if missing:
    print(f"SKIPPED: {', '.join(missing)} not installed (scripts/setup.sh installs them unless --no-peers)")
    sys.exit(77)

reports = os.path.join(ROOT, "reports")
failures = []
for lib, spec in porting_guide.LIBS.items():
    path = os.path.join(reports, spec["out"])
    text = open(path).read()
    size = len(text.encode())
    if size >= 100_000:
        failures.append(f"{spec['out']}: {size:,} bytes, over the 100 KB the main page may have")
    sections = re.split(r"\n## \d+\. ", text)[1:]
    expected = [h for h in hazards.HAZARDS if lib in h.sides]
    if len(sections) != len(expected):
        failures.append(f"{spec['out']}: {len(sections)} hazard sections, hazards.py has {len(expected)} for {lib}")
    for sec in sections:
        title = sec.splitlines()[0]
        for need in ("**Severity: ", "**NumPy.** ", f"**{spec['name']}.** ", "**Example.**", "**Workaround.**"):
            if need not in sec:
                failures.append(f"{spec['out']}: hazard '{title}' lacks {need.strip()}")
        if len(snippets.find(sec)) < 2:
            failures.append(f"{spec['out']}: hazard '{title}' shows {len(snippets.find(sec))} runnable snippets, not 2")
    shown = snippets.find(text)
    with ThreadPoolExecutor(2) as ex:
        printed = list(ex.map(lambda s: snippets.run(s[0]), shown))
    for (code, want), got in zip(shown, printed):
        if got != want:
            failures.append(f"{spec['out']}: this snippet printed\n{got}instead of\n{want}--- snippet ---\n{code}")
    print(f"{spec['out']}: {size:,} bytes, {len(sections)} hazards, {len(shown)} snippets run, "
          f"{sum(g == w for (_, w), g in zip(shown, printed))} as printed")
    # Up to date: render again from the committed campaign with the outputs just measured.
    ran = {code: out for (code, _), out in zip(shown, printed)}
    got = {}
    for key, l, which, code in porting_guide.jobs_for([lib]):
        got[(key, l, which)] = ran.get(code)
    got[("version", lib, "")] = snippets.run(spec["version"] + "\n")
    stale = [k for k, v in got.items() if v is None]
    if stale:
        failures.append(f"{spec['out']}: snippets of hazards.py not in the page ({stale[:4]}...): "
                        "run python3 scripts/porting_guide.py")
        continue
    with tempfile.TemporaryDirectory() as d:
        _, fresh = porting_guide.write(lib, reports, got, out_dir=d)
    if fresh != text:
        failures.append(f"{spec['out']} is not what scripts/porting_guide.py renders from today's campaign "
                        "and hazards: run python3 scripts/porting_guide.py")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)

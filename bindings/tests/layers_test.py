"""Layers above the engine point one way (issue 28, part 5): bindings/ is below the oracle and
the Python module, the oracle and the module do not include each other's sources, and the module
includes nothing from the test database (opinfo/), except the files listed in OPEN, which are
what part 5 has left (the test fails when one of them no longer needs its exception, so the list
only shrinks). Reads the sources; run from anywhere."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Where a project header is found, by the folder that owns it.
OWNERS = {
    "engine": [ROOT / "engine/include", ROOT / "engine/src"],
    "bindings": [ROOT / "bindings/include"],
    "opinfo": [ROOT / "opinfo/include", ROOT / "opinfo/src"],
    "oracle": [ROOT / "oracle/include", ROOT / "oracle"],
    "fuzz": [ROOT / "fuzz/include", ROOT / "fuzz/src"],
    "python": [ROOT / "python/src"],
}
# Who may not be included, by the includer's folder.
FORBIDDEN = {
    "bindings": {"opinfo", "oracle", "fuzz", "python"},
    "oracle": {"python", "fuzz"},
    "python": {"oracle", "fuzz", "opinfo"},
}
# Part 5's remainder: parity.<op> still calls the OpInfo entries' run functions.
OPEN = {("python/src/ops.cpp", "parity/opinfo.h")}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def owner_of(includer: pathlib.Path, inc: str):
    """The folder whose header `inc` is (next to the includer first), or None (system headers)."""
    if (includer.parent / inc).is_file():
        rel = (includer.parent / inc).resolve().relative_to(ROOT)
        return rel.parts[0]
    for owner, dirs in OWNERS.items():
        if any((d / inc).is_file() for d in dirs):
            return owner
    return None


def violations(folder: str, files):
    out = []
    for f in files:
        for inc in INCLUDE.findall(f.read_text()):
            who = owner_of(f, inc)
            if who in FORBIDDEN[folder]:
                out.append((f.relative_to(ROOT).as_posix(), inc))
    return out


def sources(folder: str):
    base = ROOT / folder
    return [p for p in base.rglob("*") if p.suffix in (".h", ".cpp", ".cu") and "tests" not in p.parts]


def main() -> int:
    # The scanner can fail: a module file that includes the oracle is caught.
    probe = ROOT / "python/src/convert.cpp"
    assert owner_of(probe, "parity/numpy_convert.h") == "oracle", "scanner: oracle header not found"
    assert owner_of(probe, "parity/opinfo.h") == "opinfo", "scanner: opinfo header not found"
    assert owner_of(probe, "parity/ndarray.h") == "bindings", "scanner: bindings header not found"
    found = []
    for folder in FORBIDDEN:
        found += violations(folder, sources(folder))
    bad = [v for v in found if v not in OPEN]
    stale = OPEN - set(found)
    for f, inc in bad:
        print(f"layers: {f} includes {inc} ({owner_of(ROOT / f, inc)}/), which its layer may not")
    for f, inc in sorted(stale):
        print(f"layers: {f} no longer includes {inc}: remove it from OPEN")
    print(f"layers: {len(found)} include(s) across layers, {len(OPEN)} open (issue 28, part 5)")
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())

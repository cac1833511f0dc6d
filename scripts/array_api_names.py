#!/usr/bin/env python3
"""Writes opinfo/array_api_names.txt: every function of the Python Array API standard (main
namespace, linalg and fft extensions), as array-api-strict lists them, one name a line
("linalg.cholesky", "fft.fft"). Run it after upgrading array-api-strict; the test
cli.ArrayApiNames checks each name against `parity ops --json`."""
import inspect
import pathlib
import sys

import array_api_strict as xp

VERSION = "2024.12"
xp.set_array_api_strict_flags(api_version=VERSION)
# array-api-strict's own switches are not part of the standard.
OWN = {"set_array_api_strict_flags", "get_array_api_strict_flags", "reset_array_api_strict_flags",
       "ArrayAPIStrictFlags"}


def functions(module, names):
    return sorted(n for n in names if not n.startswith("_") and n not in OWN
                  and inspect.isfunction(getattr(module, n)))


main = functions(xp, xp.__all__)
linalg = ["linalg." + n for n in functions(xp.linalg, xp.linalg.__all__)]
fft = ["fft." + n for n in functions(xp.fft, xp.fft.__all__)]
out = pathlib.Path(__file__).resolve().parent.parent / "opinfo" / "array_api_names.txt"
lines = [f"# The Python Array API standard {VERSION}: its functions, from array-api-strict "
         f"{xp.__version__} (scripts/array_api_names.py).",
         f"# {len(main)} in the main namespace, {len(linalg)} in linalg, {len(fft)} in fft."]
out.write_text("\n".join(lines + main + linalg + fft) + "\n")
print(f"wrote {out}: {len(main)} + {len(linalg)} + {len(fft)} names", file=sys.stderr)

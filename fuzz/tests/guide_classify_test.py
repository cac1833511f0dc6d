#!/usr/bin/env python3
"""The porting guide's classifier (scripts/guide/classify.py) files a campaign row's kind under the
hazard that explains it. Expected hazards are read off the libraries' documented rules (stated per
case), not from the classifier's output."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
from guide.classify import classify, hazard_of  # noqa: E402
from guide.hazards import HAZARDS  # noqa: E402


def row(op, dtype, subject="torch"):
    return {"op": op, "dtype": dtype, "subject": subject}


def case(detail="", inputs="", size=1):
    return {"detail": detail, "inputs": inputs, "input_size": size}


CASES = [
    # A float function of one integer array: the default float (NumPy float64, torch float32).
    (row("sqrt", "int64"), "dtype", case("result dtype float32, NumPy float64", "  arg0: int64(3,)"), "int_to_float"),
    # New arrays: torch's default dtype.
    (row("ones", "float64"), "dtype", case("result dtype float32, NumPy float64", ""), "int_to_float"),
    # A second operand decides the dtype: promotion.
    (row("add", "int8"), "dtype", case("result dtype int8, NumPy int64", "  arg0: int8(2,)\n  arg1: int64()"), "promotion"),
    # Reductions' accumulator dtype.
    (row("sum", "uint8"), "dtype", case("result dtype int64, NumPy uint64", "  arg0: uint8(2,)"), "reductions"),
    # NEP 50: an out-of-range Python int raises in NumPy.
    (row("add", "uint8"), "error", case("NumPy raised OverflowError: Python integer 300 out of bounds for uint8"), "integer"),
    # A kernel torch lacks for a dtype.
    (row("abs", "bool"), "error", case("torch raised TypeError: [torch NotImplementedError] \"abs_cpu\" not implemented for 'Bool'"), "dtype_support"),
    # torch.var's default correction=1.
    (row("var", "float64"), "value", case("element 0: got 0.5, NumPy 0.25", "  arg0: float64(2,)"), "defaults"),
    # angle(-0.0) is pi in NumPy: the sign of zero.
    (row("angle", "float32"), "value", case("element 0: got 0, NumPy 3.14", "  arg0: float32() array(-0., dtype=float32)"), "nonfinite"),
    (row("round", "float16"), "value", case("element 0: got 1.67, NumPy 1.68", "  arg0: float16() array(1.675)"), "precision"),
    (row("sort", "complex128"), "ordering", case(), "complex"),
    # torch.can_cast is NumPy's same_kind rule: can_cast(float64, float32) is True where NumPy's
    # default casting='safe' says False. A promotion rule, not an integer overflow.
    (row("can_cast", "float64"), "integer", case("element 0: got 1, NumPy 0", "  arg0: float64(2,)"), "promotion"),
    # torch.result_type promotes by categories: int8 and uint8 give int16 in both, but
    # result_type(int8 array, int64 0-d) is int8 in torch and int64 in NumPy.
    (row("result_type", "int8"), "dtype", case("result dtype int8, NumPy int64", "  arg0: int8(2,)"), "promotion"),
    (row("log", "float64"), "warning", case(), "warnings"),
    # jnp.gcd(int8 0, int8 -128) never returns: the campaign kills it and records a crash.
    (row("gcd", "int8", "jax"), "crash", case("did not return within 60 s in a library call on this case alone (jax or numpy)"), "hangs"),
    (row("flatten", "int64"), "aliasing", case(), "views"),
    (row("add", "float64"), "error_class", case(), "errors"),
    (row("max", "float64"), "signed_zero", case(), "nonfinite"),
    # Whatever differs under the same-name mode is that hazard.
    (row("repeat", "int64", "torch-same-name"), "shape", case(), "same_name"),
]

failures = []
keys = {h.key for h in HAZARDS}
for r, kind, c, want in CASES:
    got = hazard_of(r, kind, c)
    if got != want:
        failures.append(f"{r['op']} {r['dtype']} {kind}: filed under {got}, expected {want}")
    if want not in keys:
        failures.append(f"{want} is not a hazard of guide/hazards.py")

# Counts add up, and the case shown prefers a non-empty one.
stats = {"stats": [
    {"op": "sqrt", "dtype": "int8", "subject": "torch", "mismatches": {"dtype": 5},
     "minimal": {"dtype": case("result dtype float32, NumPy float16", "  arg0: int8(0,)", 0)}},
    {"op": "exp", "dtype": "int16", "subject": "torch", "mismatches": {"dtype": 2},
     "minimal": {"dtype": case("result dtype float32, NumPy float32", "  arg0: int16(3,)", 3)}},
]}
f = classify([stats])["int_to_float"]
if (f.cases, sorted(f.ops), f.best[1]["op"]) != (7, ["exp", "sqrt"], "exp"):
    failures.append(f"classify: {f.cases} cases, ops {sorted(f.ops)}, shown {f.best[1]['op']}; expected 7, [exp, sqrt], exp")

# Same-name rows count only beyond the equivalent mapping: std's value difference is in both (not
# counted again), repeat's shape difference only under the same name.
eq = {"op": "std", "dtype": "float64", "subject": "torch", "cases": 100, "mismatches": {"value": 90}, "minimal": {}}
sn = [{"op": "std", "dtype": "float64", "subject": "torch-same-name", "cases": 100, "mismatches": {"value": 90},
       "minimal": {}},
      {"op": "repeat", "dtype": "int64", "subject": "torch-same-name", "cases": 100, "mismatches": {"shape": 60},
       "minimal": {}}]
got = classify([{"stats": [eq]}, {"stats": sn}])
if sorted(got["same_name"].pairs) != [("repeat", "shape")] or got["defaults"].cases != 90:
    failures.append(f"same-name: counted {sorted(got['same_name'].pairs)}, defaults {got['defaults'].cases}; "
                    "expected [(repeat, shape)] and 90")

for x in failures:
    print("FAIL:", x)
print(f"{len(CASES)} classifications checked, {len(failures)} failures")
sys.exit(1 if failures else 0)

"""Sorts a campaign's rows (results.json "stats": one row per op x dtype, with mismatch counts by
kind and the shrunk case of each kind) into the hazards of guide/hazards.py.

The fuzzer's kinds say *what* differed (dtype, value, error...); a hazard says *why*, so a kind is
refined by the op's family and by the shrunk case: a dtype difference with a second operand is
promotion, one of a float function of integers is the default float, and so on."""
import re
from collections import Counter
from dataclasses import dataclass, field

REDUCTIONS = {
    "sum", "prod", "mean", "nansum", "nanprod", "nanmean", "cumsum", "cumprod", "nancumsum",
    "nancumprod", "std", "var", "nanstd", "nanvar", "max", "min", "amax", "amin", "nanmax", "nanmin",
    "argmax", "argmin", "nanargmax", "nanargmin", "all", "any", "median", "nanmedian", "quantile",
    "nanquantile", "percentile", "ptp", "count_nonzero", "average", "trace", "linalg.vector_norm",
    "linalg.matrix_norm", "linalg.norm", "nonzero", "ascontiguousarray",
}
CREATION = {"arange", "asarray", "array", "full", "full_like", "ones", "ones_like", "zeros", "zeros_like",
            "empty", "empty_like", "eye", "identity", "linspace", "logspace", "geomspace", "tri"}
DEFAULTS = {"std", "var", "nanstd", "nanvar", "median", "nanmedian", "unique", "unique_values",
            "unique_counts", "unique_inverse", "unique_all", "argsort"}
INTEGERS = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}
DTYPE_SUPPORT = re.compile(r"not implemented for|Promotion for uint|not supported|does not accept "
                           r"dtype|not inexact|expected condition to be a boolean|could not be promoted")
# Functions that state the promotion and casting rules themselves: any value of theirs that differs
# (a dtype, a True for a False) is a difference of those rules.
PROMOTION_RULES = {"result_type", "can_cast", "promote_types"}
COMPLEX_ORDER = re.compile(r"Complex|complex", re.S)


def hazard_of(row, kind, case):
    """The hazard key of one (row, kind), from the op, the dtype and the shrunk case."""
    op, dtype = row["op"], row["dtype"]
    detail = (case or {}).get("detail", "")
    inputs = (case or {}).get("inputs", "")
    if "same-name" in row.get("subject", ""):
        return "same_name"
    if kind == "crash":  # the library's call died or did not return (the campaign killed it)
        return "hangs"
    if kind in ("warning",):
        return "warnings"
    if op in PROMOTION_RULES and kind in ("dtype", "integer", "value"):
        return "promotion"
    if kind in ("aliasing",):
        return "views"
    if kind in ("error_class",):
        return "errors"
    if kind in ("nonfinite", "signed_zero"):
        return "nonfinite"
    if kind == "ordering":
        return "complex"
    if kind == "integer":
        return "integer"
    if kind == "shape":
        return "reductions"
    if kind == "dtype":
        if op in CREATION:
            return "int_to_float"
        if op in REDUCTIONS:
            return "reductions"
        if "arg1:" not in inputs and dtype in INTEGERS:
            return "int_to_float"
        return "promotion"
    if kind == "value":
        if op in DEFAULTS:
            return "defaults"
        if re.search(r"array\(-0\.?[,)]|\b-0\.\s", inputs):
            return "nonfinite"
        if op in REDUCTIONS:
            return "reductions"
        return "precision"
    if kind == "error":
        if "NumPy raised OverflowError" in detail or "ZeroDivision" in detail:
            return "integer"
        if DTYPE_SUPPORT.search(detail):
            return "dtype_support"
        if COMPLEX_ORDER.search(detail) and re.search(r"clamp|clip|sort|max|min|_cpu|order", detail):
            return "complex"
        return "errors"
    return "errors"


@dataclass
class Found:
    cases: int = 0
    ops: set = field(default_factory=set)
    dtypes: set = field(default_factory=set)
    kinds: Counter = field(default_factory=Counter)
    pairs: Counter = field(default_factory=Counter)  # (op, kind) -> cases, same-name rows only
    best: tuple = None  # (score, row, kind, case): the campaign case shown in the guide


def op_named(op):
    """Ops whose difference is the hazard's own, not a side effect filed with it."""
    return op not in {"ascontiguousarray", "nonzero", "asarray"}


def same_name_extra(row, kind, n, equivalent):
    """Whether a same-name row's kind is a difference of its own: the equivalent mapping's row of the
    op and dtype has no such mismatch, or it is at least 25 points rarer there (as a share of the
    compared cases). The rest is what the equivalent mapping already shows, under its own hazard."""
    eq = equivalent.get((row["op"], row["dtype"]))
    if eq is None:
        return True
    m = eq["mismatches"].get(kind, 0)
    if m == 0:
        return True
    compared = lambda r: max(1, r["cases"] - r.get("not_comparable", 0))
    return n / compared(row) - m / compared(eq) >= 0.25


def classify(results_list):
    """hazard key -> Found, over the rows of every results.json given. A same-name campaign's rows
    count only where they differ beyond the equivalent mapping's (same_name_extra)."""
    found = {}
    equivalent = {(r["op"], r["dtype"]): r for res in results_list for r in res["stats"]
                  if "same-name" not in r.get("subject", "")}
    for results in results_list:
        for row in results["stats"]:
            for kind, n in row["mismatches"].items():
                same_name = "same-name" in row.get("subject", "")
                if same_name and not same_name_extra(row, kind, n, equivalent):
                    continue
                case = row.get("minimal", {}).get(kind)
                f = found.setdefault(hazard_of(row, kind, case), Found())
                f.cases += n
                f.ops.add(row["op"])
                f.dtypes.add(row["dtype"])
                f.kinds[kind] += n
                if same_name:
                    f.pairs[(row["op"], kind)] += n
                if case:
                    # Prefer a non-empty shrunk case of an op named in the hazard, then most cases.
                    score = (case.get("input_size", 0) > 0, op_named(row["op"]), n)
                    if f.best is None or score > f.best[0]:
                        f.best = (score, row, kind, case)
    return found

"""The module against the engine's op records (op_record.h): which ops are bound as parity.<name>.

The ufunc rows of op_list.h are bound by generation and must all be there,
under every name of their record; the other families are issue 16's remaining work, and
test_report_unbound_ops lists them (it does not fail: it measures).
"""
import numpy as np

import parity

RECORDS = parity._op_records()


def names(r):
    return [r["numpy"], r["name"], *r["aliases"]]


def test_records_are_there():
    assert len(RECORDS) > 100
    assert {"name", "numpy", "aliases", "family", "function"} <= set(RECORDS[0])


def test_every_ufunc_record_is_bound_under_all_its_names():
    rows = set(parity._parity._ufunc_rows)
    ufuncs = [r for r in RECORDS if r["name"] in rows]
    assert len(ufuncs) == len(rows) >= 60
    missing = [n for r in ufuncs for n in names(r) if not hasattr(parity, n)]
    assert not missing, missing


def test_aliases_are_the_same_function_as_numpys_name():
    assert parity.acos is parity.arccos
    assert parity.abs is parity.absolute
    np.testing.assert_array_equal(np.asarray(parity.pow(np.arange(3), 2)), np.arange(3) ** 2)


def test_report_unbound_ops(capsys):
    unbound = sorted(r["numpy"] for r in RECORDS if r["function"] and not hasattr(parity, r["numpy"]))
    with capsys.disabled():
        print(f"\n[coverage] {len(RECORDS) - len(unbound)}/{len(RECORDS)} op records bound as parity.<name>; "
              f"unbound: {len(unbound)}")

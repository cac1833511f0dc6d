"""The module against the engine's op records (op_record.h): which ops are bound as parity.<name>.

The ufunc rows of op_list.h are bound by generation in module.cpp, every other entry of the
OpInfo database by python/parity/_ops.py: every function record must be bound under all its names
(dotted ones, linalg.eigh, in the submodules).
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


def resolve(name):
    obj = parity
    for part in name.split("."):
        obj = getattr(obj, part, None)
    return obj


def test_the_module_sees_every_record():
    # The static engine is linked whole (python/CMakeLists.txt): every PARITY_OP_RECORD
    # registrar runs, so the module has as many records as the OpInfo database has entries.
    assert len(RECORDS) == len(parity._ops.ENTRIES) > 150


def test_every_function_record_is_bound_under_all_its_names(capsys):
    functions = [r for r in RECORDS if r["function"]]
    missing = sorted(n for r in functions for n in names(r) if not callable(resolve(n)))
    with capsys.disabled():
        print(f"\n[coverage] {len(functions)} function records; names unbound: {len(missing)}")
    assert not missing, missing
    for r in functions:  # one function object under all the names of a record
        assert len({id(resolve(n)) for n in names(r)}) == 1, names(r)


def test_a_keyword_of_a_type_the_engine_does_not_take_is_a_typed_error():
    # NumPy takes a fractional ddof; the engine's is an int: refused by name, not a bare C++ error.
    x = parity.asarray(np.arange(5.0))
    try:
        parity.std(x, ddof=1.5)
    except NotImplementedError as e:
        assert str(e).startswith("[std] ") and "ddof=1.5" in str(e)
    else:
        raise AssertionError("std(ddof=1.5) did not raise")

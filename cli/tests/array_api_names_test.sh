#!/usr/bin/env bash
# Issue 15: every function of the Python Array API standard (opinfo/array_api_names.txt, written by
# scripts/array_api_names.py) is an engine op or one of its aliases, as `parity ops --json` lists
# them. Fails naming each missing function.
set -euo pipefail
parity=$1 python=$2 names=$3
"$parity" ops --json >"${TMPDIR:-/tmp}/parity_ops_$$.json"
trap 'rm -f "${TMPDIR:-/tmp}/parity_ops_$$.json"' EXIT
"$python" - "${TMPDIR:-/tmp}/parity_ops_$$.json" "$names" <<'PY'
import json, sys
ops = json.load(open(sys.argv[1]))
have = set()
for op in ops:
    have.add(op["name"])
    have.update(op["aliases"])
want = [l.strip() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
missing = [n for n in want if n not in have]
print(f"{len(want) - len(missing)} of {len(want)} Array API functions are engine ops or aliases")
if missing:
    print(f"missing ({len(missing)}): " + " ".join(missing))
    sys.exit(1)
PY

#!/usr/bin/env bash
# ctest cli.FuzzDeterminismAndReplay: two `parity fuzz` runs with the same seed draw the same cases
# and reach the same verdicts (results.json equal but for the run time), and `parity replay`
# reruns a case from the report by its id.
set -euo pipefail
PARITY=$1
PY=${2:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for run in a b; do
  rc=0
  "$PARITY" fuzz --ops add,sin --cases 200 --seed 1 --jobs 2 --report "$tmp/$run" >"$tmp/$run.log" 2>&1 || rc=$?
  if [ "$rc" -gt 1 ]; then  # 1: mismatches found (the verdicts are compared below); more: a failure
    cat "$tmp/$run.log"; echo "FAIL: parity fuzz exited $rc"; exit 1
  fi
  for f in results.json summary.md index.html junit.xml; do
    [ -s "$tmp/$run/$f" ] || { echo "FAIL: run $run wrote no $f"; exit 1; }
  done
done

# Same cases and verdicts: everything in results.json but the wall-clock time and the environment
# (date, command line).
"$PY" - "$tmp/a/results.json" "$tmp/b/results.json" <<'PYEOF'
import json, sys
def load(p):
    d = json.load(open(p))
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in ("seconds", "environment")}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x
    return strip(d)
a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    print("FAIL: the two runs with seed 1 differ:")
    print(json.dumps(a, indent=1)[:3000]); print("----"); print(json.dumps(b, indent=1)[:3000])
    sys.exit(1)
text = json.dumps(a)
cases = sum(s.get("cases", 0) for s in a.get("stats", [])) if isinstance(a.get("stats"), list) else None
print("same results in both runs; cases:", cases)
if cases is not None and cases < 400:
    print("FAIL: expected 200 cases per op"); sys.exit(1)
PYEOF

# Replay: a minimal case from the report if there is one, else a case the run drew.
id=$("$PY" -c '
import json, sys, re
t = open(sys.argv[1]).read()
m = re.search(r"parity replay (\S+?)\"", t)
print(m.group(1) if m else "sin:1:7")' "$tmp/a/results.json")
rc=0
"$PARITY" replay "$id" >"$tmp/replay.log" 2>&1 || rc=$?
cat "$tmp/replay.log"
[ "$rc" -le 1 ] || { echo "FAIL: parity replay $id exited $rc"; exit 1; }
for want in "case $id" "inputs:" "engine:" "numpy:" "NumPy's side"; do
  grep -qF "$want" "$tmp/replay.log" || { echo "FAIL: replay output lacks '$want'"; exit 1; }
done
# A malformed id is a clear error.
if "$PARITY" replay "nonsense" >"$tmp/bad.log" 2>&1; then echo "FAIL: a malformed id was accepted"; exit 1; fi
grep -q "malformed case id" "$tmp/bad.log" || { cat "$tmp/bad.log"; echo "FAIL: no message for a malformed id"; exit 1; }
echo "ok"

#!/usr/bin/env bash
# ctest cli.FuzzInterrupt: SIGINT or SIGTERM during `parity fuzz` (and `parity check`) writes all four report files
# marked partial (complete=false), prints one line saying so, ends the progress line, and exits
# 130 / 143. "GROUP" sends SIGINT to the whole process group, workers included, as a terminal's
# Ctrl-C does: the workers' deaths must not be taken for engine crashes. "CHECK" interrupts
# `parity check` in its fuzz campaign.
set -uo pipefail
PARITY=$1
PY=${2:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for round in INT TERM GROUP CHECK; do
  sig=$round; [ "$round" = GROUP ] || [ "$round" = CHECK ] && sig=INT
  out="$tmp/$round"
  if [ "$round" = CHECK ]; then
    "$PARITY" check --ops add --time 120 --jobs 1 --seed 5 --report "$out" >"$tmp/$sig.out" 2>"$tmp/$sig.err" &
  elif [ "$round" = GROUP ]; then  # its own process group (setsid), so the test shell is not hit
    setsid "$PARITY" fuzz --ops add --time 120 --jobs 2 --seed 5 --report "$out" >"$tmp/$sig.out" 2>"$tmp/$sig.err" &
  else
    "$PARITY" fuzz --ops add --time 120 --jobs 1 --seed 5 --report "$out" >"$tmp/$sig.out" 2>"$tmp/$sig.err" &
  fi
  pid=$!
  # Wait until the run has checkpointed some cases (results.json is rewritten about once a second).
  for _ in $(seq 1 120); do
    if [ -s "$out/results.json" ] && "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["totals"]["cases"] > 0 else 1)' "$out/results.json" 2>/dev/null; then break; fi
    sleep 0.25
  done
  if [ "$round" = GROUP ]; then kill -s INT -- "-$pid"; else kill -s "$sig" "$pid"; fi
  rc=0; wait "$pid" || rc=$?
  want=$([ "$sig" = INT ] && echo 130 || echo 143)
  [ "$rc" = "$want" ] || { cat "$tmp/$sig.out" "$tmp/$sig.err"; echo "FAIL: SIG$sig: exit $rc, want $want"; exit 1; }
  for f in results.json summary.md index.html junit.xml; do
    [ -s "$out/$f" ] || { ls -l "$out"; echo "FAIL: SIG$sig: no $f"; exit 1; }
  done
  "$PY" - "$out/results.json" <<'PYEOF' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
if d["complete"] is not False:
    print("FAIL: results.json not marked partial"); sys.exit(1)
if d["totals"]["cases"] <= 0:
    print("FAIL: the partial results lost the cases already run"); sys.exit(1)
PYEOF
  grep -q "Partial report" "$out/summary.md" || { echo "FAIL: SIG$sig: summary.md not marked partial"; exit 1; }
  grep -q "Partial report" "$out/index.html" || { echo "FAIL: SIG$sig: index.html not marked partial"; exit 1; }
  grep -q 'name="parity-fuzz (partial)"' "$out/junit.xml" || { echo "FAIL: SIG$sig: junit.xml not marked partial"; exit 1; }
  n=$(grep -c "interrupted by SIG$sig" "$tmp/$sig.out")
  [ "$n" = 1 ] || { cat "$tmp/$sig.out"; echo "FAIL: SIG$sig: expected one line saying the run was interrupted"; exit 1; }
  # The progress line was ended: stderr ends with a newline.
  [ -z "$(tail -c 1 "$tmp/$sig.err")" ] || { echo "FAIL: SIG$sig: the progress line was left open"; exit 1; }
  if grep -qE "crash|killed by signal" "$tmp/$sig.err" "$out/results.json"; then
    cat "$tmp/$sig.err"; echo "FAIL: SIG$sig: the interrupt was taken for an engine crash"; exit 1
  fi
  echo "$round: exit $rc, four partial files"
done
echo "ok"

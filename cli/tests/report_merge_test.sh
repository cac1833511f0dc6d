#!/usr/bin/env bash
# ctest cli.ReportMerge: `parity report --merge` refuses (exit 2) to mix value and gradient runs
# and to merge one run twice, notes differing seeds, and exits 1 when unaccepted findings remain.
set -uo pipefail
PARITY=$1
PY=${2:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run() { local rc=0; timeout 120 "$PARITY" "$@" >"$tmp/out" 2>&1 || rc=$?; echo "$rc"; }

# Small runs: two shards of one campaign, another seed, a gradient run.
for spec in "s0 --seed 1 --shard 0/2" "s1 --seed 1 --shard 1/2" "seed2 --seed 2" ; do
  set -- $spec
  name=$1; shift
  rc=$(run fuzz --ops add --cases 40 --jobs 1 "$@" --report "$tmp/$name")
  [ "$rc" -le 1 ] || { cat "$tmp/out"; fail "fuzz $spec exited $rc"; }
done
rc=$(run fuzz --grad --ops sin --cases 10 --jobs 1 --seed 1 --report "$tmp/grad")
[ "$rc" -le 1 ] || { cat "$tmp/out"; fail "fuzz --grad exited $rc"; }

# expect CODE PATTERN ARGS...
expect() {
  local code=$1 pat=$2; shift 2
  local rc; rc=$(run "$@")
  [ "$rc" = "$code" ] || { cat "$tmp/out"; fail "parity $*: exit $rc, want $code"; }
  grep -qE -- "$pat" "$tmp/out" || { cat "$tmp/out"; fail "parity $*: output lacks /$pat/"; }
  echo "ok: parity $* -> $rc"
}

expect 2 "cannot merge a gradient run" report --merge "$tmp/s0" "$tmp/grad" --out "$tmp/m1"
expect 2 "same run" report --merge "$tmp/s0" "$tmp/s0" --out "$tmp/m2"
expect 2 "same run" report --merge "$tmp/s0" "$tmp/s0/results.json" --out "$tmp/m2"
cp -r "$tmp/s0" "$tmp/s0copy"
expect 2 "same run" report --merge "$tmp/s0" "$tmp/s1" "$tmp/s0copy" --out "$tmp/m2"
[ ! -e "$tmp/m1" ] && [ ! -e "$tmp/m2" ] || fail "a refused merge wrote a report"

# Clean copies (no mismatch at all), so the verdicts below do not depend on the engine.
"$PY" - "$tmp" <<'PYEOF'
import json, sys, os
t = sys.argv[1]
for name in ("s0", "s1", "seed2"):
    d = json.load(open(f"{t}/{name}/results.json"))
    for row in d["stats"]:
        row["matches"] = row["cases"]; row["accepted"] = 0; row["mismatches"] = {}; row["minimal"] = {}
    d["totals"]["matches"] = d["totals"]["cases"]; d["totals"]["mismatches"] = 0
    os.makedirs(f"{t}/clean_{name}", exist_ok=True)
    json.dump(d, open(f"{t}/clean_{name}/results.json", "w"))
    # one unaccepted value mismatch
    row = d["stats"][0]
    row["matches"] -= 1; row["mismatches"] = {"value": 1}
    os.makedirs(f"{t}/bad_{name}", exist_ok=True)
    json.dump(d, open(f"{t}/bad_{name}/results.json", "w"))
PYEOF
expect 0 "gate .*PASSED" report --merge "$tmp/clean_s0" "$tmp/clean_s1" --out "$tmp/m3"
grep -q "different seeds" "$tmp/out" && fail "a note on seeds for shards of one campaign"
expect 0 "note: the runs have different seeds \(1, 2\)" report --merge "$tmp/clean_s0" "$tmp/clean_seed2" --out "$tmp/m4"
expect 1 "gate .*FAILED.*1 unaccepted" report --merge "$tmp/clean_s0" "$tmp/bad_s1" --out "$tmp/m5"
grep -q 'failures="1"' "$tmp/m5/junit.xml" || fail "merged junit.xml does not fail"
echo "ok"

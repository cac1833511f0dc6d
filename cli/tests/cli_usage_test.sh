#!/usr/bin/env bash
# ctest cli.UsageAndExitCodes: bad option values, typos and bad configuration are usage errors
# (exit 2, the message names the culprit); a campaign that ran no cases fails (exit 1); the help
# documents the exit codes; fuzz/README.md's replay examples run.
set -uo pipefail
PARITY=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# expect CODE PATTERN ARGS...: `parity ARGS` exits CODE and its output matches PATTERN.
expect() {
  local code=$1 pat=$2; shift 2
  local rc=0
  timeout 60 "$PARITY" "$@" >"$tmp/out" 2>&1 || rc=$?
  [ "$rc" = "$code" ] || { cat "$tmp/out"; fail "parity $*: exit $rc, want $code"; }
  grep -qE -- "$pat" "$tmp/out" || { cat "$tmp/out"; fail "parity $*: output lacks /$pat/"; }
  echo "ok: parity $* -> $rc"
}

r="--report $tmp/r"
expect 2 "--time" fuzz --ops add --time -5 $r
expect 2 "--time" fuzz --ops add --time 0 $r
expect 2 "--time" fuzz --ops add --time nan $r
expect 2 "--jobs" fuzz --ops add --cases 5 --jobs 0 $r
expect 2 "--jobs" fuzz --ops add --cases 5 --jobs -3 $r
expect 2 "--seed" fuzz --ops add --cases 5 --seed -1 $r
expect 2 "--cases" fuzz --ops add --cases 0 $r
expect 2 "--max-elements" fuzz --ops add --cases 5 --max-elements 0 $r
expect 2 "--time" check --ops add --time 0 $r
expect 2 "--jobs" check --ops add --jobs -1 $r
expect 2 "--seed" check --ops add --seed -7 $r
[ ! -e "$tmp/r" ] || fail "a rejected command wrote a report"

expect 2 "did you mean 'fuzz'" fzz --ops add
expect 2 "did you mean 'replay'" repaly sin:1:1
expect 2 "unknown op 'sinn'.*did you mean 'sin'" fuzz --ops sinn --cases 5 $r
expect 2 "unknown option '--tiem' \(did you mean '--time'\?\)" fuzz --ops add --tiem 5 $r
expect 2 "unknown option '--basline' \(did you mean '--baseline'\?\)" report --merge x --basline y
expect 2 "unknown op 'sinn'.*did you mean 'sin'" check --ops sinn $r
expect 2 "unknown op 'sinn'.*did you mean 'sin'" replay sinn:1:2
expect 2 "unknown op 'sinn'.*did you mean 'sin'" replay samples/sinn/float32:0:1
expect 2 "malformed case id" replay nonsense
expect 2 "\[result-type\] cannot read '-' as a number" result-type int8 -
expect 2 "float33" result-type float33
expect 2 "malformed sample case id" replay samples/sqrt:0:1
expect 2 "no such file|cannot read|not found|missing" fuzz --ops add --cases 5 --baseline "$tmp/none.json" $r
printf '{"version": 1, "accepted": [{"op": "sinn", "kind": "value", "reason": "typo"}]}\n' >"$tmp/bad.json"
expect 2 "unknown op 'sinn'" fuzz --ops add --cases 5 --baseline "$tmp/bad.json" $r
expect 2 "unknown op 'sinn'" check --ops add --time 1 --baseline "$tmp/bad.json" $r

# A campaign that ran no cases fails the gate: bitwise_and claims no float dtype, so nothing
# is drawn.
expect 1 "ran no cases" fuzz --ops bitwise_and --dtypes float32 --cases 5 --jobs 1 --report "$tmp/zero"
grep -q 'type="no-cases"' "$tmp/zero/junit.xml" || fail "junit.xml of a zero-case run has no failure"

expect 0 "^  2 +usage or configuration error" --help
grep -qE "^  1 +the gate failed" "$tmp/out" && grep -q "^Exit codes:" "$tmp/out" || { cat "$tmp/out"; fail "--help lacks the exit codes"; }
expect 0 "^Exit codes:" fuzz --help
expect 0 "^Exit codes:" report --help

# fuzz/README.md's replay examples run (exit 0 or 1: the case matches or still mismatches).
readme=$(dirname "$0")/../../fuzz/README.md
grep -oE '^build/parity replay [^ ]+' "$readme" | while read -r _ _ id; do
  rc=0; timeout 60 "$PARITY" replay "$id" >"$tmp/replay" 2>&1 || rc=$?
  [ "$rc" -le 1 ] || { cat "$tmp/replay"; fail "fuzz/README.md's example 'parity replay $id' exits $rc"; }
  grep -q "^case " "$tmp/replay" || { cat "$tmp/replay"; fail "replay $id printed no case"; }
  echo "ok: README example replay $id -> $rc"
done || exit 1
echo "ok"

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
# Issue 14: who takes part. Bad pairs are usage errors, each named.
expect 2 "--subject takes engine, torch, jax or torch-same-name" fuzz --ops add --cases 2 --subject mxnet $r
expect 2 "--against takes numpy, cpu, torch or jax" fuzz --ops add --cases 2 --against mxnet $r
expect 2 "cannot be checked against itself" fuzz --ops add --cases 2 --subject torch --against torch $r
expect 2 "checked against NumPy semantics" fuzz --ops add --cases 2 --subject torch --against jax $r
expect 2 "no --subject or --three-way" fuzz --ops add --cases 2 --subject jax --against cpu $r
expect 2 "--three-way runs the engine, NumPy, torch and jax" fuzz --ops add --cases 2 --three-way --against torch $r
expect 2 "--grad checks the engine's gradients" fuzz --grad --ops sin --cases 2 --subject torch $r
expect 2 "malformed case id.*:3way" replay add:1:7:torch:3way
[ ! -e "$tmp/r" ] || fail "a rejected command wrote a report"
# A library that is not installed is a configuration error of one line; an installed one runs.
for lib in torch jax; do
  if python3 -c "import $lib" >/dev/null 2>&1; then
    rc=0
    timeout 120 "$PARITY" fuzz --ops add --cases 2 --subject $lib --report "$tmp/$lib" >"$tmp/out" 2>&1 || rc=$?
    [ "$rc" = 0 ] || [ "$rc" = 1 ] || { cat "$tmp/out"; fail "fuzz --subject $lib: exit $rc, want 0 or 1"; }
    grep -q "\"subject\": \"$lib\"" "$tmp/$lib/results.json" || fail "results.json of --subject $lib lacks its subject"
    echo "ok: parity fuzz --subject $lib -> $rc"
  else
    expect 2 "$lib is not installed" fuzz --ops add --cases 2 --subject $lib $r
    # The start line ("parity fuzz: 1 op(s), torch vs numpy, ...") comes before the campaign asks
    # (in a forked child) who is installed; after it, one line says why nothing ran.
    [ "$(grep -vc '^parity fuzz: ' "$tmp/out")" = 1 ] || { cat "$tmp/out"; fail "--subject $lib without $lib: want one line"; }
  fi
done

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
# An id run by a library needs it: without it, exit 2 with the line saying so.
grep -oE '^build/parity replay [^ ]+' "$readme" | while read -r _ _ id; do
  rc=0; timeout 60 "$PARITY" replay "$id" >"$tmp/replay" 2>&1 || rc=$?
  if [ "$rc" = 2 ] && grep -q "which is not installed here" "$tmp/replay"; then
    echo "not run: parity replay $id ($(grep -o 'runs [a-z]*, which is not installed here' "$tmp/replay"))"
    continue
  fi
  [ "$rc" -le 1 ] || { cat "$tmp/replay"; fail "fuzz/README.md's example 'parity replay $id' exits $rc"; }
  grep -q "^case " "$tmp/replay" || { cat "$tmp/replay"; fail "replay $id printed no case"; }
  echo "ok: README example replay $id -> $rc"
done || exit 1
echo "ok"

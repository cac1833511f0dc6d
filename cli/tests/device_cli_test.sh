#!/usr/bin/env bash
# ctest cli.CudaDevice (issue 13): `--device cuda` of fuzz, replay and bench on a machine without a
# usable GPU exits 2 with one line naming why (no CUDA device / built without CUDA); bad --device
# and --against values are usage errors. On a machine with a GPU the commands run instead (the
# GPU check script, scripts/gpu-check.sh, runs them there in full).
set -uo pipefail
PARITY=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

expect() {  # expect CODE PATTERN ARGS...
  local code=$1 pat=$2; shift 2
  local rc=0
  timeout 120 "$PARITY" "$@" >"$tmp/out" 2>&1 || rc=$?
  [ "$rc" = "$code" ] || { cat "$tmp/out"; fail "parity $*: exit $rc, want $code"; }
  grep -qE -- "$pat" "$tmp/out" || { cat "$tmp/out"; fail "parity $*: output lacks /$pat/"; }
  echo "ok: parity $* -> $rc"
}

r="--report $tmp/r"
expect 2 "--device takes cpu, cuda or cuda:N" fuzz --ops abs --cases 2 --device tpu $r
expect 2 "--against takes numpy, cpu, torch or jax" fuzz --ops abs --cases 2 --device cpu --against mxnet $r
expect 2 "needs --device cuda" fuzz --ops abs --cases 2 --against cpu $r
expect 2 "malformed case id.*:vcpu needs a GPU case" replay abs:1:0:vcpu
expect 2 "--device takes" bench sigmoid --device gpu --peers none

# Does this machine have a usable GPU? The fuzz command's answer decides what is expected.
rc=0
timeout 300 "$PARITY" fuzz --ops abs --cases 2 --device cuda $r >"$tmp/cuda" 2>&1 || rc=$?
why=$(grep -oE "no CUDA device|built without CUDA" "$tmp/cuda" | head -1)
if [ -n "$why" ]; then
  [ "$rc" = 2 ] || { cat "$tmp/cuda"; fail "fuzz --device cuda without a GPU: exit $rc, want 2"; }
  [ "$(wc -l < "$tmp/cuda")" = 1 ] || { cat "$tmp/cuda"; fail "fuzz --device cuda without a GPU: want one line"; }
  echo "ok: parity fuzz --device cuda -> 2: $(cat "$tmp/cuda")"
  expect 2 "$why" fuzz --ops abs --cases 2 --device cuda --against cpu $r
  expect 2 "$why" fuzz --ops abs --cases 2 --device cuda:1 $r
  expect 2 "$why" replay abs:1:0:cuda
  expect 2 "$why" bench sigmoid --device cuda --peers none --max-size 1
  [ ! -e "$tmp/r/results.json" ] || fail "a refused --device cuda run wrote a report"
else
  grep -q "on cuda:0" "$tmp/cuda" || { cat "$tmp/cuda"; fail "fuzz --device cuda did not say it ran on cuda:0"; }
  [ "$rc" = 0 ] || [ "$rc" = 1 ] || { cat "$tmp/cuda"; fail "fuzz --device cuda on a GPU: exit $rc"; }
  grep -q '"device": "cuda:0"' "$tmp/r/results.json" || grep -q "has no CUDA kernel" "$tmp/cuda" ||
    fail "results.json has no cuda:0 row"
  echo "ok: a GPU is present: parity fuzz --device cuda ran (exit $rc)"
fi
echo "device CLI OK"

#!/usr/bin/env bash
# ctest cli.ReportCatalogue: `parity report RESULTS --catalogue FILE` writes the catalogue of a
# campaign's differences between NumPy and a library (the library from --library, else the file's
# name), byte-identical when rerun; usage errors exit 2 with a [report] message.
set -uo pipefail
PARITY=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run() { local rc=0; timeout 60 "$PARITY" "$@" >"$tmp/out" 2>&1 || rc=$?; echo "$rc"; }
expect() {
  local code=$1 pat=$2; shift 2
  local rc; rc=$(run "$@")
  [ "$rc" = "$code" ] || { cat "$tmp/out"; fail "parity $*: exit $rc, want $code"; }
  grep -qE -- "$pat" "$tmp/out" || { cat "$tmp/out"; fail "parity $*: output lacks /$pat/"; }
  echo "ok: parity $* -> $rc"
}

mkdir -p "$tmp/run"
cat >"$tmp/run/results.json" <<'JSON'
{"schema": "parity-fuzz-results", "version": 1, "complete": true, "seed": 3, "shard": "", "seconds": 1.0,
 "numpy_version": "2.2.6", "engine_version": "parity 0.1.0",
 "environment": {"date": "2026-12-02T10:00:00Z", "commit": "abc", "cpu": "Test CPU", "simd_target": "AVX2",
                 "threads": 1, "command_line": "build/parity fuzz --ops sin", "numpy_version": "2.2.6"},
 "stats": [{"op": "sin", "dtype": "float32", "device": "cpu", "cases": 4, "matches": 4,
            "max_abs": 0, "max_rel": 0, "max_ulp": null}]}
JSON

expect 0 "^catalogue: $tmp/NUMPY_VS_PYTORCH.md \(numpy vs torch: 0 differing cases" \
  report "$tmp/run" --catalogue "$tmp/NUMPY_VS_PYTORCH.md"
head -1 "$tmp/NUMPY_VS_PYTORCH.md" | grep -qx "# NumPy vs PyTorch" || fail "the catalogue's title"
grep -qF "| seed | 3 |" "$tmp/NUMPY_VS_PYTORCH.md" || fail "the catalogue names the seed"
grep -qF -- "--catalogue $tmp/NUMPY_VS_PYTORCH.md --library torch\`" "$tmp/NUMPY_VS_PYTORCH.md" ||
  fail "the catalogue says how to regenerate it"
cp "$tmp/NUMPY_VS_PYTORCH.md" "$tmp/first.md"
expect 0 "^catalogue: " report "$tmp/run/results.json" --catalogue "$tmp/NUMPY_VS_PYTORCH.md" --library torch
# The source is named as given: rerun with the same arguments, the same bytes.
expect 0 "^catalogue: " report "$tmp/run" --catalogue "$tmp/NUMPY_VS_PYTORCH.md"
cmp -s "$tmp/first.md" "$tmp/NUMPY_VS_PYTORCH.md" || fail "a rerun wrote other bytes"
expect 0 "numpy vs jax" report "$tmp/run" --catalogue "$tmp/NUMPY_VS_JAX.md"
head -1 "$tmp/NUMPY_VS_JAX.md" | grep -qx "# NumPy vs JAX" || fail "the JAX catalogue's title"

expect 2 "\[report\] --catalogue .*which library\? pass --library torch or --library jax" \
  report "$tmp/run" --catalogue "$tmp/cat.md"
expect 2 "\[report\] --library tf: the catalogue compares NumPy with torch, jax or torch-same-name" \
  report "$tmp/run" --catalogue "$tmp/cat.md" --library tf
expect 2 "\[report\] give a results file with --catalogue FILE" report "$tmp/run"
expect 2 "\[report\] give a results file with --catalogue FILE" report --catalogue "$tmp/cat.md"
expect 2 "\[report\] give a results file with --catalogue FILE" \
  report "$tmp/run" --catalogue "$tmp/cat.md" --merge "$tmp/run"
expect 2 "\[report\] nothing to do" report
expect 2 "\[report\] --library goes with --catalogue" report --merge "$tmp/run" --library torch --out "$tmp/m"
expect 2 "not found|cannot read|No such file" report "$tmp/missing" --catalogue "$tmp/NUMPY_VS_JAX.md"
[ ! -e "$tmp/cat.md" ] && [ ! -e "$tmp/m" ] || fail "a refused command wrote a file"
echo "PASS"

#!/bin/sh
# The suites binary ends with one line about its CUDA tests (never a silent pass without a GPU):
# "N CUDA tests not run: no CUDA device" in a CUDA build on a machine without a GPU, "CUDA tests not
# run: Parity built without CUDA" in a build without CUDA, "N CUDA tests on cuda:0 (...)" with one.
# Usage: cuda_line_test.sh PARITY_SUITES BUILT_WITH_CUDA(0|1)
suites="$1"
built="$2"
out=$("$suites" --gtest_filter='NumpyRef/sign.*' 2>&1)
rc=$?
[ $rc -eq 0 ] || { echo "$out"; echo "FAIL: parity_suites exited $rc"; exit 1; }
n=$(printf '%s\n' "$out" | grep -c 'CUDA tests')
[ "$n" -eq 1 ] || { echo "$out"; echo "FAIL: expected exactly one CUDA line, got $n"; exit 1; }
line=$(printf '%s\n' "$out" | grep 'CUDA tests')
if [ "$built" = 1 ]; then
  printf '%s\n' "$line" | grep -Eq '^[0-9]+ CUDA tests (not run: no CUDA device|on cuda:0.*)$' ||
    { echo "FAIL: unexpected line: $line"; exit 1; }
else
  [ "$line" = "CUDA tests not run: Parity built without CUDA" ] || { echo "FAIL: unexpected line: $line"; exit 1; }
fi
echo "ok: $line"

#!/usr/bin/env bash
# `parity info` and `parity --version` name the SIMD target the vector loops run: the best one this
# processor has (from /proc/cpuinfo's flags, as Highway requires them), listed first among the
# targets it runs.
set -euo pipefail
parity=$1
out=$("$parity" info)
echo "$out"
target=$(sed -n 's/^SIMD target: //p' <<<"$out")
[ -n "$target" ] || { echo "parity info names no SIMD target" >&2; exit 1; }
runnable=$(sed -n 's/^SIMD targets this processor runs: //p' <<<"$out")
[ "${runnable%% *}" = "$target" ] || { echo "the chosen target $target is not the first of: $runnable" >&2; exit 1; }
grep -q "^parity [0-9]" <<<"$out"
grep -q "^numpy: 2\." <<<"$out"
version=$("$parity" --version)
echo "$version"
grep -q "(SIMD target $target)" <<<"$version" || { echo "--version does not name $target" >&2; exit 1; }
if [ -r /proc/cpuinfo ] && [ "$(uname -m)" = x86_64 ]; then
  flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
  has() { for f in "$@"; do [[ "$flags" == *" $f "* ]] || return 1; done; }
  if has avx512f avx512vl avx512dq avx512bw avx2 fma bmi2; then want=AVX3
  elif has avx2 fma bmi1 bmi2 f16c; then want=AVX2  # (Linux names BMI1 "bmi1")
  elif has sse4_1 sse4_2 ssse3; then want=SSE4
  else want=""; fi
  if [ -n "$want" ] && [ "$target" != "$want" ]; then
    echo "this processor's best target is $want, parity info says $target" >&2; exit 1
  fi
fi
echo "ok: $target"

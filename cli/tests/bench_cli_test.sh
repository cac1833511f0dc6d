#!/usr/bin/env bash
# Smoke test of `parity bench sigmoid`: tiny sizes, one repetition, short batches; checks that the
# table is printed and the SVG (and PNG) plot is written (timings themselves are never checked in tests).
set -euo pipefail
parity=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$parity" bench sigmoid --repetitions 1 --max-size 1024 --min-time 0.002 --plot "$tmp/x.svg" > "$tmp/out.txt"
cat "$tmp/out.txt"
grep -q "eager/NumPy" "$tmp/out.txt"
grep -q "^  2^10" "$tmp/out.txt"
if grep -q "2^15" "$tmp/out.txt"; then echo "--max-size 1024 timed 2^15" >&2; exit 1; fi
test -s "$tmp/x.svg"
grep -q "<svg" "$tmp/x.svg"
grep -q "</svg>" "$tmp/x.svg"
[ "$(grep -c "<polyline" "$tmp/x.svg")" -eq 5 ]  # NumPy, eager, compiled, sigmoid op, copy
grep -q "comp/NumPy" "$tmp/out.txt"
# .png: rendered from the SVG by rsvg-convert (scripts/setup.sh installs librsvg2-bin)
"$parity" bench sigmoid --repetitions 1 --max-size 1 --min-time 0.001 --plot "$tmp/x.png" > /dev/null
[ "$(head -c 4 "$tmp/x.png" | tail -c 3)" = "PNG" ]
test ! -e "$tmp/x.png.svg"
echo "bench smoke OK"

#!/usr/bin/env bash
# Smoke test of `parity bench sigmoid`: tiny sizes, one repetition, short batches; checks that the
# table is printed with NumPy timed in its own process, that a missing or broken peer is printed as
# such (never dropped), and that the SVG (and PNG) plot is written. Timings are never checked.
set -euo pipefail
parity=$1
python=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$parity" bench sigmoid --repetitions 1 --max-size 1024 --min-time 0.002 --peers numpy --python "$python" \
  --plot "$tmp/x.svg" > "$tmp/out.txt"
cat "$tmp/out.txt"
grep -q "^NumPy (2\." "$tmp/out.txt"            # NumPy in its own process, with its version
grep -q "^NumPy in-process" "$tmp/out.txt"     # the embedded one, labelled as an extra row
grep -q "^compiled / NumPy " "$tmp/out.txt"
grep -q "^compiled / fastest peer" "$tmp/out.txt"
grep -q "median of 1 repetition" "$tmp/out.txt"
grep -q "2^10" "$tmp/out.txt"
if grep -q "2^15" "$tmp/out.txt"; then echo "--max-size 1024 timed 2^15" >&2; exit 1; fi
grep -q "</svg>" "$tmp/x.svg"
[ "$(grep -c "<polyline" "$tmp/x.svg")" -eq 6 ]  # NumPy, eager, compiled, sigmoid op, copy, NumPy in-process

# A peer whose library is missing, and one whose process dies, are printed as such.
cat > "$tmp/nolib" <<'SH'
#!/bin/sh
echo "missing No module named 'jax'"
SH
cat > "$tmp/dies" <<'SH'
#!/bin/sh
echo "ready jax 0.0"; read line; echo "boom" >&2; exit 3
SH
chmod +x "$tmp/nolib" "$tmp/dies"
"$parity" bench sigmoid --repetitions 1 --max-size 1 --min-time 0.001 --peers jax.jit --python "$tmp/nolib" > "$tmp/o2.txt"
grep -q "^jax.jit .*not installed (No module named 'jax')" "$tmp/o2.txt"
"$parity" bench sigmoid --repetitions 1 --max-size 1 --min-time 0.001 --peers jax.jit --python "$tmp/dies" > "$tmp/o3.txt"
grep -q "stopped at 2^0: the peer exited: boom" "$tmp/o3.txt"
# A typo'd peer is a usage error.
if "$parity" bench sigmoid --peers jaxx > /dev/null 2>&1; then echo "--peers jaxx accepted" >&2; exit 1; fi

# .png: rendered from the SVG by rsvg-convert (scripts/setup.sh installs librsvg2-bin)
"$parity" bench sigmoid --repetitions 1 --max-size 1 --min-time 0.001 --peers none --plot "$tmp/x.png" > /dev/null
[ "$(head -c 4 "$tmp/x.png" | tail -c 3)" = "PNG" ]
test ! -e "$tmp/x.png.svg"
echo "bench smoke OK"

#!/usr/bin/env bash
# `parity opdb-hash` is FNV-1a 64 of the text `parity opdb-hash --canonical` prints (computed here
# in Python, independently of the engine), and `parity info` shows the same hash.
set -euo pipefail
parity=$1
python=$2
hash=$("$parity" opdb-hash)
[[ "$hash" =~ ^[0-9a-f]{16}$ ]] || { echo "opdb-hash printed '$hash', not 16 hex digits" >&2; exit 1; }
want=$("$parity" opdb-hash --canonical | "$python" -c '
import sys
h = 0xcbf29ce484222325
for c in sys.stdin.buffer.read():
    h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
print("%016x" % h)')
[ "$hash" = "$want" ] || { echo "opdb-hash says $hash, FNV-1a of the canonical text is $want" >&2; exit 1; }
info=$("$parity" info)  # (not piped into grep -q: pipefail would see info's SIGPIPE)
grep -q "hash $hash " <<<"$info" || { echo "parity info does not show the hash $hash" >&2; exit 1; }
[ "$("$parity" opdb-hash)" = "$hash" ] || { echo "a second opdb-hash differs" >&2; exit 1; }
echo "ok: $hash"

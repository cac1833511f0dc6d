#!/usr/bin/env bash
# Prints the packages of scripts/debian-packages.txt marked WHERE (setup: scripts/setup.sh installs
# them; gpu: scripts/gpu-deps.sh fetches them for the GPU machine), one a line. Fails on a package
# listed twice or a mark it does not know, so that the list stays the one place that names them.
set -euo pipefail
case ${1:-} in
  setup|gpu) ;;
  *) echo "usage: scripts/debian-packages.sh setup|gpu" >&2; exit 2 ;;
esac
sed 's/#.*//' "$(dirname "$0")/debian-packages.txt" | awk -v want="$1" '
  NF == 0 { next }
  $1 in seen { print "debian-packages.txt: " $1 " is listed twice" > "/dev/stderr"; bad = 1 }
  { seen[$1] = 1
    if (NF < 2) { print "debian-packages.txt: " $1 " has no mark (setup, gpu)" > "/dev/stderr"; bad = 1 }
    for (i = 2; i <= NF; i++) {
      if ($i != "setup" && $i != "gpu") { print "debian-packages.txt: " $1 ": unknown mark " $i > "/dev/stderr"; bad = 1 }
      if ($i == want) print $1
    } }
  END { exit bad }'

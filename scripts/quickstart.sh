#!/usr/bin/env bash
# The main job: install what is missing, build, and run the examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
for ex in build/examples/*; do
  [ -x "$ex" ] || continue
  echo "================ $(basename "$ex") ================"
  "$ex"
done

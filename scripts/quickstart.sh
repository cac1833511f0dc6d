#!/usr/bin/env bash
# The main job: install what is missing, build, run the examples, then the conformance check:
# every op's cases and a short fuzz campaign against NumPy, gated by reports/baseline.json.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
for ex in build/examples/*; do
  [ -f "$ex" ] && [ -x "$ex" ] || continue
  echo "================ $(basename "$ex") ================"
  "$ex"
done
echo
echo "================ parity check ================"
set +e
build/parity check --time "${PARITY_CHECK_TIME:-20}" --report reports/out
rc=$?  # parity check has printed where the HTML report is
set -e
exit $rc

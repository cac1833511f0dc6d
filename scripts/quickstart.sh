#!/usr/bin/env bash
# The main job: install what is missing, build, run the examples, then `parity check` with a short
# budget (the suites' cases plus a fuzz campaign over every op, gated by reports/baseline.json).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
for ex in build/examples/*; do
  [ -x "$ex" ] || continue
  echo "================ $(basename "$ex") ================"
  "$ex"
done
echo "================ parity check --time ${PARITY_CHECK_TIME:-20} ================"
status=0
build/parity check --time "${PARITY_CHECK_TIME:-20}" --report reports/out || status=$?
echo
echo "HTML report: file://$(pwd)/reports/out/index.html"
echo "(also reports/out/summary.md, reports/out/junit.xml, reports/out/results.json)"
exit $status

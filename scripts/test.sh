#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
start=$(date +%s)
bash scripts/build.sh
echo "[test] build took $(( $(date +%s) - start )) s"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 600

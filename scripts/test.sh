#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
start=$(date +%s)
bash scripts/build.sh
echo "[test] build took $(( $(date +%s) - start )) s"
ctest --test-dir build --output-on-failure -j"$(nproc)" --timeout 600
# The suites' CUDA instances: run here when a GPU is present (ctest ran them too), otherwise the
# one line saying how many did not run and why ("2432 CUDA tests not run: no CUDA device").
echo "[test] $(build/suites/parity_suites --gtest_filter='*.cuda.*' 2>&1 | tail -1)"

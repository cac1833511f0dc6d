#!/usr/bin/env bash
# Regenerates every committed library report (issue 27, "Fresh"): reruns the campaigns
# reports/numpy-vs-torch, numpy-vs-torch-same-name and numpy-vs-jax (only their results.json is
# committed; each
# records the hash of the OpInfo entries it ran on, which fuzz/tests/report_fresh_test.cpp holds
# against today's), renders the catalogues of every differing case from them
# (reports/numpy-vs-*/CASES.md), and last runs scripts/porting_guide.py, when it exists, for the
# porting guides (reports/NUMPY_VS_PYTORCH.md, reports/NUMPY_VS_JAX.md). Needs build/parity, PyTorch
# and JAX. Run from anywhere; commit what it writes.
#   PARITY_MIN_CASES=N   compared cases asked of every op x dtype row (default 100)
#   PARITY_TORCH_TIME=S  time cap of the PyTorch campaign in seconds (default: none)
#   PARITY_JAX_TIME=S    time cap of the JAX campaign in seconds (default: none)
# JAX compiles each op anew per shape and dtype: its campaign draws shapes from a small fixed set
# and keeps its compilations in build/jax-cache (PARITY_JAX_CACHE_DIR), reused by the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
min_cases=${PARITY_MIN_CASES:-100}
export PARITY_JAX_CACHE_DIR=${PARITY_JAX_CACHE_DIR:-$PWD/build/jax-cache}
mkdir -p "$PARITY_JAX_CACHE_DIR"
campaign() {  # library, time cap (may be empty), directory, catalogue, more fuzz options
  local rc=0 cap=()
  if [ -n "$2" ]; then cap=(--time "$2"); fi
  build/parity fuzz --subject "$1" --against numpy --all --min-cases "$min_cases" "${cap[@]}" --seed 1 \
    --report "$3" "${@:5}" || rc=$?
  # 1: differences found, which is what the catalogue is for; anything else is a failure.
  if [ "$rc" -gt 1 ]; then echo "reports.sh: the $1 campaign failed (exit $rc)" >&2; exit "$rc"; fi
  build/parity report "$3" --catalogue "$4" --library "$1"
}
campaign torch "${PARITY_TORCH_TIME:-}" reports/numpy-vs-torch reports/numpy-vs-torch/CASES.md
# The same calls as a porting user writes them: torch.<NumPy's name> (issue 27, same-name mode).
campaign torch-same-name "${PARITY_TORCH_TIME:-}" reports/numpy-vs-torch-same-name \
  reports/numpy-vs-torch-same-name/CASES.md
# Shrinking dominated the JAX campaign (every shape a shrink tries is compiled, and about 1,300
# op x dtype x kind groups differ): one shrink per group and worker, at most 40 steps.
campaign jax "${PARITY_JAX_TIME:-}" reports/numpy-vs-jax reports/numpy-vs-jax/CASES.md \
  --shrink-per-key 1 --shrink-steps 40
if [ -f scripts/porting_guide.py ]; then python3 scripts/porting_guide.py; fi  # the guides by hazard

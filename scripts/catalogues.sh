#!/usr/bin/env bash
# Reruns the committed library campaigns (reports/numpy-vs-torch, reports/numpy-vs-jax: only their
# results.json is committed), the catalogues of every differing case rendered from them
# (reports/numpy-vs-*/CASES.md) and the porting guides (reports/NUMPY_VS_PYTORCH.md,
# reports/NUMPY_VS_JAX.md, by scripts/porting_guide.py). Needs build/parity and PyTorch and JAX.
#   PARITY_TORCH_TIME=S  seconds of the PyTorch campaign (default 120)
#   PARITY_JAX_TIME=S    seconds of the JAX campaign (default 360: JAX compiles every new shape
#                        and dtype, so it runs about 7 cases a second here, PyTorch about 5,000)
set -euo pipefail
cd "$(dirname "$0")/.."
campaign() {  # library, seconds, directory, catalogue
  local rc=0
  build/parity fuzz --subject "$1" --against numpy --all --time "$2" --seed 1 --report "$3" || rc=$?
  # 1: differences found, which is what the catalogue is for; anything else is a failure.
  if [ "$rc" -gt 1 ]; then echo "catalogues.sh: the $1 campaign failed (exit $rc)" >&2; exit "$rc"; fi
  build/parity report "$3" --catalogue "$4" --library "$1"
}
campaign torch "${PARITY_TORCH_TIME:-120}" reports/numpy-vs-torch reports/numpy-vs-torch/CASES.md
campaign jax "${PARITY_JAX_TIME:-360}" reports/numpy-vs-jax reports/numpy-vs-jax/CASES.md
python3 scripts/porting_guide.py  # the guides by hazard, from both campaigns

#!/usr/bin/env bash
# Configures and builds Parity in build/ (Release). Used by the quick-start and test scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PARITY_PYTHON:-$(command -v python3)}
# CI (.ci/run) sets PARITY_WERROR=1: a warning fails its build. The option is passed on every run
# so that a build/ configured without it is switched over too.
WERROR=OFF
if [ "${PARITY_WERROR:-0}" = 1 ]; then WERROR=ON; fi
if [ ! -f build/CMakeCache.txt ]; then
  cmake --preset default -DPython_EXECUTABLE="$PY" -DPARITY_WERROR=$WERROR >/dev/null
elif ! grep -qx "PARITY_WERROR:BOOL=$WERROR" build/CMakeCache.txt; then
  cmake build -DPARITY_WERROR=$WERROR >/dev/null
fi
cmake --build build -j"$(nproc)"

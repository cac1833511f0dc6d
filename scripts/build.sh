#!/usr/bin/env bash
# Configures and builds Parity in build/ (Release). Used by the quick-start and test scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PARITY_PYTHON:-$(command -v python3)}
if [ ! -f build/CMakeCache.txt ]; then
  cmake --preset default -DPython_EXECUTABLE="$PY" >/dev/null
fi
cmake --build build -j"$(nproc)"

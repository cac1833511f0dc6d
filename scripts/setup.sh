#!/usr/bin/env bash
# Installs what Parity needs from Debian's packages and PyPI. Idempotent: quick when all is present.
# By default also the optional references of requirements-peers.txt: PyTorch and JAX (the torch
# and jax executors, `parity fuzz --subject torch`, the talk example's PyTorch side) and the
# benchmark peers (numexpr). PyTorch from PyPI is about 5 GB (~2.5 minutes here).
#   --no-peers  skip them: everything builds and the tests pass; the tests that need PyTorch or
#               JAX print one line saying they did not run
#   --peers     install them (the default; kept for older instructions)
set -euo pipefail
cd "$(dirname "$0")/.."
PEERS=1
for a in "$@"; do
  case "$a" in
    --peers) PEERS=1 ;;
    --no-peers) PEERS=0 ;;
    *) echo "setup.sh: unknown option $a (known: --no-peers, --peers)" >&2; exit 2 ;;
  esac
done

# The Debian packages: scripts/debian-packages.txt, the one list (the GPU machine's set comes from it too).
list=$(bash scripts/debian-packages.sh setup)
mapfile -t PKGS <<<"$list"
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PY=${PARITY_PYTHON:-python3}
# True when every pin of the requirements file $1 is installed at its version.
pinned() {
  "$PY" - "$1" <<'PYEOF' 2>/dev/null
import sys
from importlib.metadata import version
want = {}
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if line:
        n, v = line.split("==")
        want[n] = v
sys.exit(0 if all(version(n) == v for n, v in want.items()) else 1)
PYEOF
}
if ! pinned requirements.txt; then
  echo "[setup] installing Python requirements into $("$PY" -c 'import sys; print(sys.prefix)')"
  "$PY" -m pip install -q --disable-pip-version-check -r requirements.txt
fi
if [ "$PEERS" = 1 ] && ! pinned requirements-peers.txt; then
  echo "[setup] installing the optional references PyTorch and JAX, and numexpr (requirements-peers.txt;"
  echo "[setup] PyTorch is about 5 GB, ~2.5 minutes; 'scripts/setup.sh --no-peers' skips them)"
  "$PY" -m pip install -q --disable-pip-version-check -c requirements.txt -r requirements-peers.txt
fi
echo "[setup] ok"

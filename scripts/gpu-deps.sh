#!/usr/bin/env bash
# Fetches the Debian packages a GPU machine lacks into .gpu-deps/ (ignored by git), for
# scripts/gpu-check.sh to unpack there with `dpkg -x` into a private prefix (never into /).
# Run it HERE, on the Debian 12 machine with apt (no root needed when apt's package lists exist);
# then name `.gpu-deps` in the device tool's `carry` list. Idempotent: packages already fetched at
# the wanted version are kept. Prints each .deb with its size and the total.
#
# Only what the GPU build compiles or links is fetched: headers, CMake configs, static test
# libraries and the runtime .so files (no -doc packages, no googletest sources, no compiler runtime
# that the GPU machine's own g++ provides). Not fetched: fmt (no source uses it), Google Benchmark
# (bench/ is optional and gpu-check.sh does not build it), pybind11 (pip's, on the GPU machine).
set -euo pipefail
cd "$(dirname "$0")/.."
DEST=${PARITY_GPU_DEPS:-.gpu-deps}
MAX_MIB=${PARITY_GPU_DEPS_MAX_MIB:-40}

PKGS=(
  libgtest-dev libgmock-dev        # GoogleTest headers, static libs, CMake config (GTest's config names gmock too)
  librapidcheck-dev                # the fuzzer's property library (static)
  libhwy-dev libhwy1               # Google Highway: headers + config, libhwy.so.1
  libopenblas-pthread-dev          # cblas.h, libopenblas.so (the engine's matmul/dot)
  libopenblas0-pthread             # libopenblas.so.0
  libgfortran5 libquadmath0        # OpenBLAS's runtime needs (used only where the GPU machine lacks them)
  libsleef-dev libsleef3           # sleef.h, libsleef.so.3
  libcli11-dev nlohmann-json3-dev  # header-only, with CMake configs
)

mkdir -p "$DEST"
# Download into a scratch folder, then move: a half-written .deb never lands in $DEST.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# As root, apt hands downloads to its _apt user, which cannot write into mktemp's private folder.
APT_OPTS=(-q)
[ "$(id -u)" -ne 0 ] || APT_OPTS+=(-o APT::Sandbox::User=root)
want=()
for p in "${PKGS[@]}"; do
  # The installed version when there is one (what the build here uses), else apt's candidate.
  v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
  [ -n "$v" ] || v=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
  if [ -z "$v" ] || [ "$v" = "(none)" ]; then
    echo "[gpu-deps] $p: no version known to apt (run apt-get update)" >&2
    exit 1
  fi
  # apt names the file <name>_<version with ':' as %3a>_<arch>.deb
  if ! ls "$DEST/${p}_${v//:/%3a}_"*.deb >/dev/null 2>&1; then
    want+=("$p=$v")
  fi
done
if [ ${#want[@]} -gt 0 ]; then
  echo "[gpu-deps] downloading ${#want[@]} package(s): ${want[*]}"
  if ! (cd "$tmp" && apt-get download "${APT_OPTS[@]}" "${want[@]}" >/dev/null); then
    if [ "$(id -u)" -eq 0 ]; then
      echo "[gpu-deps] apt-get download failed; refreshing the package lists once"
      apt-get update -qq
      (cd "$tmp" && apt-get download "${APT_OPTS[@]}" "${want[@]}" >/dev/null)
    else
      echo "[gpu-deps] apt-get download failed (package lists stale? run apt-get update as root)" >&2
      exit 1
    fi
  fi
  mv "$tmp"/*.deb "$DEST"/
fi

# Drop .debs of other versions or of packages no longer listed (keeps the carried folder small).
for f in "$DEST"/*.deb; do
  keep=0
  for p in "${PKGS[@]}"; do
    v=$(dpkg-deb -f "$f" Version); n=$(dpkg-deb -f "$f" Package)
    if [ "$n" = "$p" ]; then
      iv=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
      if [ -z "$iv" ] || [ "$iv" = "$v" ]; then keep=1; fi
    fi
  done
  [ "$keep" = 1 ] || { echo "[gpu-deps] removing stale $(basename "$f")"; rm -f "$f"; }
done

total=0
for f in "$DEST"/*.deb; do
  s=$(stat -c %s "$f")
  total=$((total + s))
  awk -v s="$s" -v f="$(basename "$f")" 'BEGIN { printf "  %8.1f KiB  %s\n", s / 1024, f }'
done
debs=("$DEST"/*.deb)
awk -v n="${#debs[@]}" -v t="$total" -v d="$DEST" 'BEGIN { printf "[gpu-deps] %d packages, %.1f MiB in %s\n", n, t / 1048576, d }'
if [ "$total" -gt $((MAX_MIB * 1048576)) ]; then
  echo "[gpu-deps] over the ${MAX_MIB} MiB budget: the working tree and carried paths travel in 64 MiB at most" >&2
  exit 1
fi
echo "[gpu-deps] ok: carry '$DEST' to the GPU machine and run scripts/gpu-check.sh there"

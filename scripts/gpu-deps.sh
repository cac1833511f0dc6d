#!/usr/bin/env bash
# Fetches what a GPU machine lacks into .gpu-deps/ (ignored by git), for scripts/gpu-check.sh:
#   .gpu-deps/*.deb     the Debian packages marked `gpu` in scripts/debian-packages.txt (the list
#                       scripts/setup.sh installs from), which gpu-check.sh unpacks with `dpkg -x`
#                       into a private prefix (never into /; scripts/gpu-prefix.sh)
#   .gpu-deps/wheels/   NumPy, ml_dtypes and pybind11 at requirements.txt's pins, wheels for the GPU
#                       machine's CPython 3.12 (cp312, manylinux x86_64; PARITY_GPU_WHEEL_PY names
#                       another), installed there into a private folder so that the oracle is the
#                       pinned NumPy, not the machine's own (and the build uses the pinned pybind11)
# Run it HERE, on the Debian 12 machine with apt and pip's index (no root needed when apt's package
# lists exist); then name `.gpu-deps` in the device tool's `carry` list. Idempotent: files already
# fetched at the wanted version are kept, others removed. Prints each file with its size and the
# total, and fails when the total exceeds MAX_MIB (the working tree and carried paths travel in
# 64 MiB at most) or when apt or pip cannot download.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST=${PARITY_GPU_DEPS:-.gpu-deps}
MAX_MIB=${PARITY_GPU_DEPS_MAX_MIB:-40}
list=$(bash scripts/debian-packages.sh gpu)
mapfile -t PKGS <<<"$list"
# The wheels: the pins of requirements.txt (the one copy of the versions), for that interpreter.
WHEEL_PINS=$(sed -n 's/^\(numpy\|ml_dtypes\|pybind11\)==\([^[:space:]#]*\).*/\1==\2/p' requirements.txt)
WHEEL_PY=${PARITY_GPU_WHEEL_PY:-3.12}

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
  v=$(dpkg-deb -f "$f" Version); n=$(dpkg-deb -f "$f" Package)
  for p in "${PKGS[@]}"; do
    if [ "$n" = "$p" ]; then
      iv=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
      if [ -z "$iv" ] || [ "$iv" = "$v" ]; then keep=1; fi
    fi
  done
  [ "$keep" = 1 ] || { echo "[gpu-deps] removing stale $(basename "$f")"; rm -f "$f"; }
done

# The wheels, for CPython $WHEEL_PY on x86_64 Linux. manylinux_2_17 (manylinux2014) first, the
# glibc baseline NumPy builds for; else a newer manylinux tag (the GPU machine's glibc is newer still).
mkdir -p "$DEST/wheels"
if [ "$(wc -w <<<"$WHEEL_PINS")" != 3 ]; then
  echo "[gpu-deps] requirements.txt should pin numpy, ml_dtypes and pybind11 (name==version): got ${WHEEL_PINS:-none}" >&2
  exit 1
fi
cp=cp${WHEEL_PY//./}
wheel_for() {  # wheel_for FILE PIN: FILE is PIN's wheel for CPython $WHEEL_PY (or for any Python 3)
  case ${1##*/} in "${2%%==*}-${2#*==}-${cp}-"*|"${2%%==*}-${2#*==}-py3-none-any.whl") return 0 ;; esac
  return 1
}
for pin in $WHEEL_PINS; do
  have=0
  for f in "$DEST"/wheels/*.whl; do wheel_for "$f" "$pin" && have=1; done
  [ "$have" = 1 ] && continue
  echo "[gpu-deps] downloading the $pin wheel for CPython $WHEEL_PY (manylinux x86_64)"
  got=0
  for plats in "manylinux_2_17_x86_64 manylinux2014_x86_64" \
               "manylinux_2_28_x86_64 manylinux_2_27_x86_64 manylinux_2_24_x86_64 manylinux_2_34_x86_64"; do
    args=()
    for p in $plats; do args+=(--platform "$p"); done
    if python3 -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
         --python-version "$WHEEL_PY" --implementation cp "${args[@]}" -d "$tmp/wheels" "$pin"; then
      got=1; break
    fi
  done
  [ "$got" = 1 ] || { echo "[gpu-deps] pip could not download a $cp manylinux wheel of $pin" >&2; exit 1; }
done
if ls "$tmp"/wheels/*.whl >/dev/null 2>&1; then mv "$tmp"/wheels/*.whl "$DEST/wheels/"; fi
for f in "$DEST"/wheels/*.whl; do  # other versions, or packages no longer pinned
  [ -e "$f" ] || continue
  keep=0
  for pin in $WHEEL_PINS; do wheel_for "$f" "$pin" && keep=1; done
  [ "$keep" = 1 ] || { echo "[gpu-deps] removing stale wheels/${f##*/}"; rm -f "$f"; }
done

total=0
files=("$DEST"/*.deb "$DEST"/wheels/*.whl)
for f in "${files[@]}"; do
  s=$(stat -c %s "$f")
  total=$((total + s))
  awk -v s="$s" -v f="${f#"$DEST"/}" 'BEGIN { printf "  %8.1f KiB  %s\n", s / 1024, f }'
done
debs=("$DEST"/*.deb)
awk -v n="${#debs[@]}" -v w="$(( ${#files[@]} - ${#debs[@]} ))" -v t="$total" -v d="$DEST" -v m="$MAX_MIB" \
  'BEGIN { printf "[gpu-deps] %d packages and %d wheels, %.1f MiB in %s (budget %d MiB)\n", n, w, t / 1048576, d, m }'
if [ "$total" -gt $((MAX_MIB * 1048576)) ]; then
  echo "[gpu-deps] over the ${MAX_MIB} MiB budget: the working tree and carried paths travel in 64 MiB at most" >&2
  exit 1
fi
echo "[gpu-deps] ok: carry '$DEST' to the GPU machine and run scripts/gpu-check.sh there"

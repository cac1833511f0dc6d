#!/usr/bin/env bash
# The GPU check's dependencies, checked here (ctest scripts.GpuPrefixConfigure): fetches them with
# scripts/gpu-deps.sh (apt and pip; a download that fails fails the test), unpacks the .debs into a
# fresh prefix and configures the full GPU build with gpu-check.sh's own arguments
# (scripts/gpu-prefix.sh), with the system's library, include and CMake package folders hidden from
# CMake's find_* as on the bare GPU machine. Passes when the configure succeeds, every library and
# package it found lies in the prefix, and every shared library in the prefix finds what it needs
# there or in what a machine with g++ has. So a dependency added to the build but not to
# scripts/debian-packages.txt fails here, not on the GPU machine.
#   usage: scripts/gpu-prefix-test.sh [WORKDIR]   (default: a temporary folder, removed after)
# Environment: PARITY_PYTHON (the interpreter, default python3), PARITY_GPU_DEPS (default .gpu-deps).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
say() { echo "[gpu-prefix-test] $*"; }
fail() { echo "[gpu-prefix-test] FAIL: $*" >&2; exit 1; }
# shellcheck source=scripts/gpu-prefix.sh
. scripts/gpu-prefix.sh

if [ -n "${1:-}" ]; then
  WORK=$1; mkdir -p "$WORK"; WORK=$(cd "$WORK" && pwd)
else
  WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
fi
DEPS=${PARITY_GPU_DEPS:-.gpu-deps}
case $DEPS in /*) ;; *) DEPS=$ROOT/$DEPS ;; esac
PY=$(command -v "${PARITY_PYTHON:-python3}") || fail "no python3"
PREFIX=$WORK/prefix BUILD=$WORK/build
t0=$(date +%s)

PARITY_GPU_DEPS=$DEPS bash scripts/gpu-deps.sh || fail "scripts/gpu-deps.sh could not fetch the GPU machine's packages and wheels (apt and pip need the network)"
gpu_prefix_unpack "$DEPS" "$PREFIX" || fail "unpacking $DEPS into $PREFIX"
gpu_prefix_runtime "$PREFIX" || fail "the runtime folder"
libdir=$PREFIX/usr/lib/$GPU_TRIPLET

# Every shared library in the prefix finds its needs in the prefix (the runtime folder or the
# library folder) or among those a bare machine with g++ has.
base=" libc.so.6 libm.so.6 libdl.so.2 librt.so.1 libpthread.so.0 ld-linux-x86-64.so.2 libstdc++.so.6 libgcc_s.so.1 "
bad=()
while IFS= read -r -d '' so; do
  [[ $(readelf -h "$so" 2>/dev/null) == *"DYN (Shared object file)"* ]] || continue
  for need in $(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    [[ $base == *" $need "* ]] && continue
    [ -e "$PREFIX/runtime-lib/$need" ] || [ -e "$libdir/$need" ] || bad+=("${so#"$PREFIX"/} needs $need")
  done
done < <(find "$libdir" -name '*.so*' -type f -print0)
[ ${#bad[@]} -eq 0 ] || fail "libraries whose needs are not in the prefix (add their package to scripts/debian-packages.txt, mark gpu): ${bad[*]}"

# The configure: gpu-check.sh's arguments, plus no system folders for find_*: CMake's system
# prefixes (/usr, /), PATH's, the package registries, and the compiler's implicit folders that
# FindBLAS passes as PATHS. g++ and Ninja by full path (CMake would look for them in PATH). Where nvcc is
# missing, the same configure without the CUDA backend (its dependencies are the same).
gpu_configure_args "$ROOT" "$BUILD" full "$PY" "$PREFIX"
args=("${GPU_CMAKE_ARGS[@]}")
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  say "no nvcc here: configuring with PARITY_CUDA=OFF"
  args=("${args[@]/-DPARITY_CUDA=ON/-DPARITY_CUDA=OFF}")
fi
ignore=/usr/include:/usr/include/$GPU_TRIPLET:/usr/lib/$GPU_TRIPLET:/lib/$GPU_TRIPLET:/usr/lib:/lib:/usr/lib64:/lib64
args+=(-DCMAKE_FIND_USE_CMAKE_SYSTEM_PATH=OFF -DCMAKE_FIND_USE_SYSTEM_ENVIRONMENT_PATH=OFF
       -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF
       "-DCMAKE_IGNORE_PATH=${ignore//:/;}" "-DCMAKE_MAKE_PROGRAM=$(command -v ninja)" "-DCMAKE_CXX_COMPILER=$(command -v g++)")
rm -rf "$BUILD"
say "cmake ${args[*]}"
if ! cmake "${args[@]}" > "$WORK/configure.log" 2>&1; then
  tail -n 30 "$WORK/configure.log" >&2
  fail "the GPU build does not configure against $DEPS alone (add the missing package to scripts/debian-packages.txt, mark gpu)"
fi

# What it found: every library, include folder and package config lies in the prefix, except
# Python's, pybind11's (pip's, from requirements.txt) and CUDA's.
found=$(grep -E '^[A-Za-z0-9_]+(_LIBRARY|_LIBRARIES|_INCLUDE_DIR|_DIR)(_[A-Z]+)?:(FILEPATH|PATH|STRING)=/' "$BUILD/CMakeCache.txt" |
  grep -vE '^(CMAKE_|Python_|_Python|pybind11_|CUDAToolkit_|CUDA_|PARITY_PYTHON_DIR)' || true)
[ -n "$found" ] || fail "no library entries in $BUILD/CMakeCache.txt"
outside=$(grep -v "=$PREFIX/" <<<"$found" || true)
while IFS= read -r line; do say "found ${line//"$PREFIX"/<prefix>}"; done <<<"$found"
[ -z "$outside" ] || fail "found outside the prefix: $outside"
for want in BLAS PARITY_CBLAS_INCLUDE_DIR PARITY_LAPACKE_LIBRARY PARITY_KISSFFT_INCLUDE_DIR PARITY_DLPACK_INCLUDE_DIR \
            PARITY_SLEEF_LIBRARY hwy_DIR GTest_DIR rapidcheck_DIR CLI11_DIR nlohmann_json_DIR; do
  grep -q "^$want" <<<"$found" || fail "no $want in the cache"
done
say "ok in $(( $(date +%s) - t0 ))s: the GPU build configures against $DEPS alone"

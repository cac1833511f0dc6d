#!/usr/bin/env bash
# The GPU check (issue 13): on a bare GPU machine (an H200: nvcc, CMake, Ninja, g++ and a python3
# with NumPy and PyTorch, but none of the project's Debian libraries and no network), builds Parity
# for sm_90 and runs the CUDA checks, in under 8 minutes in all:
#   engine   build/engine/tests/engine_tests --gtest_filter='Cuda*:Device*'  (engine device tests)
#   suites   build/suites/parity_suites --gtest_filter='*.cuda.*'     (the suites' CUDA instances)
#   fuzz     build/parity fuzz --device cuda --time 60                (a CUDA fuzz campaign)
#   bench    build/parity bench sigmoid --device cuda                 (GPU table vs copy and PyTorch)
#
# The libraries come from .gpu-deps/ (fetched on the Debian machine by scripts/gpu-deps.sh and
# carried along): each .deb is unpacked with `dpkg -x` into a private prefix, never into /. Where
# CPython's embedding files (Python.h, libpython) are missing, the oracle cannot be built: the script
# then builds PARITY_GPU_MINIMAL=ON (the engine and its CUDA tests only) and says so.
#
# Every step is timed and bounded by `timeout`; a step whose binary was not built prints "not built"
# and the others still run. Each step's output goes to stdout and, when $OUT is set (the device
# tool's folder), to $OUT/gpu-check-<step>.log; the summary table ends the output. Exit status: 0 when
# every step passed, 1 when one failed, timed out or was not built, 2 when a tool is missing.
#
# Environment (all optional):
#   PARITY_GPU_BUDGET   seconds for the whole script (default 470)
#   PARITY_GPU_MODE     auto | full | minimal (default auto: full when Python's embed files exist)
#   PARITY_GPU_BUILD    build folder (default build-gpu)
#   PARITY_GPU_DEPS     the carried .deb folder (default .gpu-deps)
#   PARITY_GPU_PREFIX   where the .debs are unpacked (default /tmp/parity-deps)
#   PARITY_GPU_JOBS     build jobs (default: the number of cores)
#   PARITY_GPU_STEPS    the steps to run after the build (default "engine suites fuzz bench";
#                       empty: set up and configure only)
#   PARITY_GPU_FUZZ_TIME  seconds of fuzzing (default 60; shortened if the budget runs low)
#   PARITY_GPU_ENGINE_FILTER, PARITY_GPU_SUITES_FILTER  GoogleTest filters (default 'Cuda*:Device*', '*.cuda.*')
#   PARITY_GPU_FUZZ_ARGS, PARITY_GPU_BENCH_ARGS  extra arguments for those two steps
set -uo pipefail  # not -e: a failing step is recorded and the next one still runs
cd "$(dirname "$0")/.." || exit 2
ROOT=$PWD

BUDGET=${PARITY_GPU_BUDGET:-470}
MODE=${PARITY_GPU_MODE:-auto}
BUILD=${PARITY_GPU_BUILD:-build-gpu}
DEPS=${PARITY_GPU_DEPS:-.gpu-deps}
PREFIX=${PARITY_GPU_PREFIX:-/tmp/parity-deps}
JOBS=${PARITY_GPU_JOBS:-$(nproc 2>/dev/null || echo 4)}
STEPS=${PARITY_GPU_STEPS-engine suites fuzz bench}
FUZZ_TIME=${PARITY_GPU_FUZZ_TIME:-60}
START=$(date +%s)
DEADLINE=$((START + BUDGET))
TRIPLET=x86_64-linux-gnu
case $DEPS in /*) ;; *) DEPS=$ROOT/$DEPS ;; esac
case $PREFIX in /*) ;; *) PREFIX=$ROOT/$PREFIX ;; esac

if [ -n "${OUT:-}" ]; then LOGDIR=$OUT; else LOGDIR=$BUILD/gpu-check-logs; fi
mkdir -p "$LOGDIR" "$BUILD"
LOGDIR=$(cd "$LOGDIR" && pwd)
rm -f "$LOGDIR"/gpu-check-*.log "$LOGDIR/gpu-check-reports.tar.gz"
rm -rf "$BUILD/gpu-fuzz-report" "$BUILD/gpu-bench"  # this run's report and plot only

SUMMARY_NAMES=(); SUMMARY_STATUS=(); SUMMARY_SECS=()
record() { SUMMARY_NAMES+=("$1"); SUMMARY_STATUS+=("$2"); SUMMARY_SECS+=("$3"); }
remaining() { echo $((DEADLINE - $(date +%s))); }
say() { echo "[gpu-check] $*" | tee -a "$LOGDIR/gpu-check-setup.log"; }

summary() {
  local total=$(( $(date +%s) - START )) i line worst=0
  {
    echo
    echo "[gpu-check] summary (mode: $MODE, build: $BUILD, budget ${BUDGET}s)"
    printf '  %-8s %-50s %7s\n' step status seconds
    for i in "${!SUMMARY_NAMES[@]}"; do
      printf '  %-8s %-50s %7s\n' "${SUMMARY_NAMES[$i]}" "${SUMMARY_STATUS[$i]}" "${SUMMARY_SECS[$i]}"
    done
    printf '  %-8s %-50s %7s\n' total "" "$total"
  } | tee "$LOGDIR/gpu-check-summary.log"
  for line in "${SUMMARY_STATUS[@]}"; do
    case $line in ok*|"nothing to build") ;; *) worst=1 ;; esac
  done
  return $worst
}

# run_step NAME CAP RESERVE CMD...: runs CMD with a timeout of CAP seconds, or less so that RESERVE
# seconds remain for the steps after it; output to stdout and the step's log.
run_step() {
  local name=$1 cap=$2 reserve=$3; shift 3
  local left t0 rc secs status
  left=$(( $(remaining) - reserve ))
  [ "$left" -lt "$cap" ] && cap=$left
  if [ "$cap" -lt 5 ]; then
    echo "[gpu-check] $name: skipped, the ${BUDGET}s budget is spent" | tee "$LOGDIR/gpu-check-$name.log"
    record "$name" "skipped (no time left)" 0
    return 0
  fi
  echo "[gpu-check] $name: $* (timeout ${cap}s)" | tee "$LOGDIR/gpu-check-$name.log"
  t0=$(date +%s)
  timeout -k 10 "$cap" "$@" 2>&1 | tee -a "$LOGDIR/gpu-check-$name.log"
  rc=${PIPESTATUS[0]}
  secs=$(( $(date +%s) - t0 ))
  case $rc in
    0) status=ok ;;
    124|137) status="TIMEOUT after ${cap}s" ;;
    *) status="FAILED (exit $rc)" ;;
  esac
  if [ "$name" = engine ] || [ "$name" = suites ]; then  # GoogleTest's counts; a filter matching none is no pass
    local log=$LOGDIR/gpu-check-$name.log p f k
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\..*/\1/p' "$log" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) tests\{0,1\}, listed below.*/\1/p' "$log" | tail -n 1)
    k=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) tests\{0,1\}, listed below.*/\1/p' "$log" | tail -n 1)
    if grep -q '^\[==========\] 0 tests from' "$log"; then status="NO TESTS matched the filter"; fi
    [ -n "$p$f$k" ] && status="$status: ${p:-0} passed${f:+, $f failed}${k:+, $k skipped}"
    # nvidia-smi lists a GPU, yet the tests skipped for want of one: the build cannot use it.
    if [ "$HAVE_GPU" = 1 ] && grep -qi 'no CUDA device' "$log"; then status="GPU NOT SEEN; $status"; fi
  fi
  echo "[gpu-check] $name: $status in ${secs}s" | tee -a "$LOGDIR/gpu-check-$name.log"
  record "$name" "$status" "$secs"
  return 0
}

not_built() {  # not_built NAME PATH
  if [ "$MODE" = minimal ] && [ "$1" != engine ]; then
    echo "[gpu-check] $1: not built (the minimal build has no oracle, so no ${2##*/})" | tee "$LOGDIR/gpu-check-$1.log"
    record "$1" "not built (minimal build)" 0
  else
    echo "[gpu-check] $1: not built ($2 does not exist; see gpu-check-build.log)" | tee "$LOGDIR/gpu-check-$1.log"
    record "$1" "not built" 0
  fi
}

# ---------------------------------------------------------------------------------------------
# setup: tools
T_SETUP=$(date +%s)
: > "$LOGDIR/gpu-check-setup.log"
say "start $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(hostname), $(nproc 2>/dev/null) cores, budget ${BUDGET}s, logs in $LOGDIR"
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
missing=()
for tool in cmake ninja nvcc g++ python3 timeout; do
  if command -v "$tool" >/dev/null; then
    say "$tool: $(command -v "$tool") ($("$tool" --version 2>&1 | grep -m1 -E '[0-9]+\.[0-9]+' | head -c 100))"
  else
    missing+=("$tool")
  fi
done
HAVE_GPU=0
if command -v nvidia-smi >/dev/null; then
  [[ $(nvidia-smi -L 2>/dev/null) == *"GPU "* ]] && HAVE_GPU=1
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | sed 's/^/[gpu-check] GPU: /' | tee -a "$LOGDIR/gpu-check-setup.log"
else
  say "nvidia-smi not found (no driver here?): the CUDA tests will report no device"
fi
if [ ${#missing[@]} -gt 0 ]; then
  say "MISSING: ${missing[*]} (g++ is nvcc's host compiler and builds everything else); cannot build"
  record setup "FAILED (missing: ${missing[*]})" $(( $(date +%s) - T_SETUP ))
  summary
  exit 2
fi
PY=$(command -v python3)

# setup: the carried .debs, unpacked into $PREFIX (a stamp skips this on a rerun)
LIBDIR=$PREFIX/usr/lib/$TRIPLET
if ls "$DEPS"/*.deb >/dev/null 2>&1; then
  stamp=$(cd "$DEPS" && printf '%s ' ./*.deb)
  if [ ! -f "$PREFIX/.parity-deps" ] || [ "$(cat "$PREFIX/.parity-deps")" != "$stamp" ]; then
    rm -rf "$PREFIX" && mkdir -p "$PREFIX"
    for deb in "$DEPS"/*.deb; do
      if command -v dpkg >/dev/null; then
        dpkg -x "$deb" "$PREFIX"
      else  # a .deb is an ar archive holding data.tar.*
        (d=$(mktemp -d) && cd "$d" && ar x "$deb" && tar -xf data.tar.* -C "$PREFIX" && rm -rf "$d")
      fi || { say "unpacking $deb failed"; }
    done
    # dpkg -x creates no alternatives links (libopenblas.so and libblas.so live in openblas-pthread/).
    for l in libopenblas.so libopenblas.so.0 libblas.so libblas.so.3; do
      [ -e "$LIBDIR/openblas-pthread/$l" ] && ln -sf "openblas-pthread/$l" "$LIBDIR/$l"
    done
    echo "$stamp" > "$PREFIX/.parity-deps"
  fi
  debs=("$DEPS"/*.deb)
  say "deps: ${#debs[@]} .debs from $DEPS unpacked in $PREFIX"
  HAVE_PREFIX=1
else
  say "deps: no $DEPS/*.deb (run scripts/gpu-deps.sh on the Debian machine and carry $DEPS); using the system's libraries"
  HAVE_PREFIX=0
fi
if [ "$HAVE_PREFIX" = 1 ]; then
  # Runtime: the binaries' RUNPATH names the libraries CMake linked by full path (libhwy, libsleef,
  # libopenblas); LD_LIBRARY_PATH gets one folder of links to the same, plus OpenBLAS's own needs
  # (libgfortran5, libquadmath0) only where the system has none: Debian 12's copies must not shadow
  # newer ones, for PyTorch in the bench's peer processes too.
  rt=$PREFIX/runtime-lib
  rm -rf "$rt" && mkdir -p "$rt"
  for lib in libhwy.so.1 libsleef.so.3 openblas-pthread/libopenblas.so.0; do
    [ -e "$LIBDIR/$lib" ] && ln -sf "$LIBDIR/$lib" "$rt/"
  done
  known_libs=$(ldconfig -p 2>/dev/null)  # (not piped into grep -q: SIGPIPE under pipefail)
  for lib in libgfortran.so.5 libquadmath.so.0; do
    if ! grep -q "[[:space:]]$lib " <<<"$known_libs"; then
      ln -sf "$LIBDIR/$lib" "$rt/"
      say "deps: the system has no $lib; using Debian 12's"
    fi
  done
  export LD_LIBRARY_PATH=$rt${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi

# setup: can the oracle embed this python3? (Python.h and libpython, as FindPython's Development.Embed)
py_embed=$("$PY" - <<'PYEOF' 2>&1
import os, sys, sysconfig
v = sysconfig.get_config_var
inc = sysconfig.get_paths().get("include") or v("INCLUDEPY") or ""
h = os.path.exists(os.path.join(inc, "Python.h"))
names = [n for n in (v("LDLIBRARY"), "libpython%d.%d.so" % sys.version_info[:2], v("LIBRARY"),
                     "libpython%d.%d.a" % sys.version_info[:2]) if n]
dirs = [d for d in (v("LIBDIR"), v("LIBPL"), os.path.join(sys.base_prefix, "lib")) if d]
lib = next((os.path.join(d, n) for d in dirs for n in names if os.path.exists(os.path.join(d, n))), None)
numpy = "no numpy"
try:
    import numpy
    numpy = "numpy " + numpy.__version__
except Exception:
    pass
print("%s %s base=%s %s, Python.h %s, libpython %s" % ("yes" if h and lib else "no", sys.version.split()[0],
      sys.base_prefix, numpy, os.path.join(inc, "Python.h") if h else "missing (looked in %s)" % inc,
      lib or "missing (looked in %s)" % ", ".join(dirs)))
PYEOF
)
say "python3: $PY: ${py_embed#* }"
if [ "$MODE" = auto ]; then
  if [ "${py_embed%% *}" = yes ]; then MODE=full; else
    MODE=minimal
    say "REDUCED BUILD: $PY has no embedding files (Python.h/libpython), so the oracle, suites, fuzz and bench cannot be built; building PARITY_GPU_MINIMAL=ON (engine + its device tests vs the engine's CPU results)"
  fi
fi

# setup: configure
configure() {  # configure full|minimal
  local minimal=OFF args=()
  [ "$1" = minimal ] && minimal=ON
  args=(-S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPARITY_CUDA=ON
        "-DPARITY_GPU_MINIMAL=$minimal" "-DPython_EXECUTABLE=$PY" -DBLA_VENDOR=OpenBLAS)
  if [ "$HAVE_PREFIX" = 1 ]; then
    args+=("-DCMAKE_PREFIX_PATH=$PREFIX/usr"
           "-DCMAKE_INCLUDE_PATH=$PREFIX/usr/include/$TRIPLET;$PREFIX/usr/include"
           "-DCMAKE_LIBRARY_PATH=$LIBDIR/openblas-pthread;$LIBDIR"
           "-DGTest_DIR=$LIBDIR/cmake/GTest" "-Dhwy_DIR=$LIBDIR/cmake/hwy"
           "-Drapidcheck_DIR=$LIBDIR/cmake/rapidcheck" "-DCLI11_DIR=$PREFIX/usr/share/cmake/CLI11"
           "-Dnlohmann_json_DIR=$PREFIX/usr/share/cmake/nlohmann_json")
  fi
  local rc
  echo "[gpu-check] cmake ${args[*]}" > "$CONFIGURE_LOG"
  timeout 180 cmake "${args[@]}" >> "$CONFIGURE_LOG" 2>&1
  rc=$?
  cat "$CONFIGURE_LOG" >> "$LOGDIR/gpu-check-setup.log"
  [ "$rc" = 0 ] || tail -n 25 "$CONFIGURE_LOG"
  return "$rc"
}
CONFIGURE_LOG=$BUILD/gpu-check-configure.txt
if [ "$MODE" != minimal ] && ! configure full; then
  if [ "${PARITY_GPU_MODE:-auto}" = auto ]; then
    MODE=minimal
    say "REDUCED BUILD: the full configure failed (above); building PARITY_GPU_MINIMAL=ON (engine + its device tests only)"
    rm -rf "$BUILD/CMakeCache.txt" "$BUILD/CMakeFiles"
  else
    MODE=failed
  fi
fi
if [ "$MODE" = minimal ] && ! configure minimal; then
  MODE=failed
fi
if [ "$MODE" = failed ]; then
  say "configure failed (the whole log: gpu-check-setup.log)"
  record setup "FAILED (configure)" $(( $(date +%s) - T_SETUP ))
  summary
  exit 1
fi
# What the configure found: the prefix's copies, not the system's (when a prefix is used).
grep -E '^(BLAS_[A-Za-z_]*LIBRAR[A-Za-z]*|PARITY_CBLAS_INCLUDE_DIR|PARITY_SLEEF_[A-Z_]*|GTest_DIR|hwy_DIR|rapidcheck_DIR|CLI11_DIR|nlohmann_json_DIR|pybind11_DIR|Python_EXECUTABLE|CMAKE_CUDA_COMPILER|CMAKE_CUDA_ARCHITECTURES|CMAKE_CXX_COMPILER|CCACHE_PROGRAM):' \
  "$BUILD/CMakeCache.txt" | sed 's/^/[gpu-check] found /' | tee -a "$LOGDIR/gpu-check-setup.log"
grep -E '^-- (Parity CUDA backend|PARITY_GPU_MINIMAL|pybind11 .* from)' "$CONFIGURE_LOG" | sed 's/^-- /[gpu-check] /' | sort -u
arch=$(grep -o -- '--generate-code=arch=[^ ]*' "$BUILD/build.ninja" 2>/dev/null | sort -u | tr '\n' ' ')
say "nvcc code: ${arch:-none (no CUDA sources in this configuration)}"
record setup "$([ "$MODE" = minimal ] && echo "ok (minimal build)" || echo ok)" $(( $(date +%s) - T_SETUP ))

# ---------------------------------------------------------------------------------------------
# build: the targets the steps need, those that exist in this configuration (-k 0: keep going)
declare -A BIN=([engine]=engine/tests/engine_tests [suites]=suites/parity_suites [fuzz]=parity [bench]=parity)
declare -A TARGET=([engine]=engine_tests [suites]=parity_suites [fuzz]=parity [bench]=parity)
known=$(ninja -C "$BUILD" -t targets all 2>/dev/null | sed 's/:.*//')
targets=()
for s in $STEPS; do
  t=${TARGET[$s]:-}
  [ -n "$t" ] || { say "unknown step '$s' (known: engine suites fuzz bench)"; continue; }
  if grep -qx "$t" <<<"$known"; then
    [[ " ${targets[*]} " == *" $t "* ]] || targets+=("$t")
  else
    say "$s: target $t is not configured in this build (mode $MODE)"
  fi
done
# The steps after the build need about this much: engine 20s, suites 40s, fuzz its time + 30s, bench 60s.
RUN_RESERVE=${PARITY_GPU_RUN_RESERVE:-$((150 + FUZZ_TIME))}
if [ ${#targets[@]} -gt 0 ]; then
  run_step build 600 "$RUN_RESERVE" cmake --build "$BUILD" -j "$JOBS" --target "${targets[@]}" -- -k 0
else
  echo "[gpu-check] build: nothing to build" | tee "$LOGDIR/gpu-check-build.log"
  record build "nothing to build" 0
fi

# Which copies the binaries load (the prefix's, where one is used), and anything not found.
for t in "${targets[@]}"; do
  for s in $STEPS; do
    if [ "${TARGET[$s]:-}" = "$t" ] && [ -x "$BUILD/${BIN[$s]}" ]; then
      ldd "$BUILD/${BIN[$s]}" 2>&1 | grep -E 'openblas|hwy|sleef|gfortran|quadmath|cublas|python|not found' |
        sed "s|^[[:space:]]*|[gpu-check] ldd $t: |" | tee -a "$LOGDIR/gpu-check-build.log"
      break
    fi
  done
done

# ---------------------------------------------------------------------------------------------
# the checks
for s in $STEPS; do
  [ -n "${TARGET[$s]:-}" ] || continue
  bin=$BUILD/${BIN[$s]}
  if [ ! -x "$bin" ]; then not_built "$s" "$bin"; continue; fi
  case $s in
    engine)
      run_step engine 90 $((FUZZ_TIME + 130)) "$bin" --gtest_filter="${PARITY_GPU_ENGINE_FILTER:-Cuda*:Device*}" ;;
    suites)
      # --gtest_brief: failures and the counts only (thousands of instances otherwise).
      run_step suites 150 $((FUZZ_TIME + 90)) "$bin" --gtest_filter="${PARITY_GPU_SUITES_FILTER:-*.cuda.*}" --gtest_brief=1 ;;
    fuzz)
      # The campaign gets its time, shortened when the budget runs low (the bench keeps 60s).
      ft=$(( $(remaining) - 60 - 40 ))
      [ "$ft" -gt "$FUZZ_TIME" ] && ft=$FUZZ_TIME
      [ "$ft" -lt 10 ] && ft=10
      [ "$ft" -lt "$FUZZ_TIME" ] && echo "[gpu-check] fuzz: budget low, --time $ft instead of $FUZZ_TIME"
      # shellcheck disable=SC2086
      run_step fuzz $((ft + 40)) 60 "$bin" fuzz --device cuda --time "$ft" --report "$BUILD/gpu-fuzz-report" ${PARITY_GPU_FUZZ_ARGS:-} ;;
    bench)
      mkdir -p "$BUILD/gpu-bench"
      # shellcheck disable=SC2086
      run_step bench 180 0 "$bin" bench sigmoid --device cuda --plot "$BUILD/gpu-bench/sigmoid-cuda.svg" ${PARITY_GPU_BENCH_ARGS:-} ;;
  esac
done

# The fuzz report and the bench plot, as one archive beside the logs (the device tool brings back
# at most 8 files: setup, build, engine, suites, fuzz, bench, summary logs and this).
files=()
for d in gpu-fuzz-report gpu-bench; do [ -d "$BUILD/$d" ] && files+=("$d"); done
if [ ${#files[@]} -gt 0 ]; then
  tar -czf "$LOGDIR/gpu-check-reports.tar.gz" -C "$BUILD" "${files[@]}" 2>/dev/null &&
    echo "[gpu-check] reports: $LOGDIR/gpu-check-reports.tar.gz (${files[*]})"
fi
summary
exit $?

#!/usr/bin/env bash
# The GPU check (issues 13, 26): on a bare GPU machine (an H200: nvcc, CMake, Ninja, g++ and a
# python3 with its own NumPy, PyTorch and JAX, but none of the project's Debian libraries and no
# network), builds Parity for sm_90 and runs the CUDA checks, in under 9 minutes in all:
#   engine   build/engine/tests/engine_tests --gtest_filter='Cuda*:Device*'  (engine device tests)
#   suites   build/suites/parity_suites --gtest_filter='*.cuda.*'     (the suites' CUDA instances)
#   fuzz     build/parity fuzz --device cuda --time 120               (a CUDA fuzz campaign)
#   bench    build/parity bench sigmoid --device cuda                 (GPU table vs copy and PyTorch)
#
# What it needs comes from .gpu-deps/ (fetched on the Debian machine by scripts/gpu-deps.sh and
# carried along; scripts/gpu-prefix.sh, shared with the ctest scripts.GpuPrefixConfigure that
# configures against the same prefix here): each .deb is unpacked with `dpkg -x` into a private
# prefix, never into /, and the pinned NumPy, ml_dtypes and pybind11 wheels are installed into a
# private folder first in PYTHONPATH, so that the oracle is requirements.txt's NumPy (the setup log
# and the summary name the NumPy the suites ran against). Where CPython's embedding files (Python.h,
# libpython) are missing, the oracle cannot be built: the script then builds PARITY_GPU_MINIMAL=ON
# (the engine and its CUDA tests only) and says so.
#
# Every step is timed and bounded by `timeout`: the build leaves the caps of the selected steps
# (engine 45 s, suites 90 s, fuzz its time + 30 s, bench 90 s), and each step those of the steps
# after it; a budget too small for setup, build and steps is named at the start. A step whose
# binary was not built prints "not built" and the others still run. Each step's output goes to
# stdout and, when $OUT is set (the device tool's folder), to $OUT/gpu-check-<step>.log; the summary
# table ends the output. Exit status: 0 when every step passed, 1 when one failed, timed out or was
# not built, 2 when a tool is missing.
#
# Environment (all optional):
#   PARITY_GPU_BUDGET   seconds for the whole script (default 530; the device tool allows 600 a command)
#   PARITY_GPU_MODE     auto | full | minimal (default auto: full when Python's embed files exist)
#   PARITY_GPU_BUILD    build folder (default build-gpu)
#   PARITY_GPU_DEPS     the carried folder: .debs and wheels/ (default .gpu-deps)
#   PARITY_GPU_PREFIX   where the .debs are unpacked (default /tmp/parity-deps), the wheels
#                       installed in PARITY_GPU_PREFIX-python
#   PARITY_GPU_JOBS     build jobs (default: the number of cores)
#   PARITY_GPU_STEPS    the steps to run after the build (default "engine suites fuzz bench";
#                       empty: set up and configure only)
#   PARITY_GPU_FUZZ_TIME  seconds of fuzzing (default 120; shortened if the budget runs low)
#   PARITY_GPU_ENGINE_FILTER, PARITY_GPU_SUITES_FILTER  GoogleTest filters (default 'Cuda*:Device*', '*.cuda.*')
#   PARITY_GPU_FUZZ_ARGS, PARITY_GPU_BENCH_ARGS  extra arguments for those two steps
set -uo pipefail  # not -e: a failing step is recorded and the next one still runs
cd "$(dirname "$0")/.." || exit 2
ROOT=$PWD

BUDGET=${PARITY_GPU_BUDGET:-530}
MODE=${PARITY_GPU_MODE:-auto}
BUILD=${PARITY_GPU_BUILD:-build-gpu}
DEPS=${PARITY_GPU_DEPS:-.gpu-deps}
PREFIX=${PARITY_GPU_PREFIX:-/tmp/parity-deps}
JOBS=${PARITY_GPU_JOBS:-$(nproc 2>/dev/null || echo 4)}
STEPS=${PARITY_GPU_STEPS-engine suites fuzz bench}
FUZZ_TIME=${PARITY_GPU_FUZZ_TIME:-120}
START=$(date +%s)
DEADLINE=$((START + BUDGET))
case $DEPS in /*) ;; *) DEPS=$ROOT/$DEPS ;; esac
case $PREFIX in /*) ;; *) PREFIX=$ROOT/$PREFIX ;; esac

if [ -n "${OUT:-}" ]; then LOGDIR=$OUT; else LOGDIR=$BUILD/gpu-check-logs; fi
mkdir -p "$LOGDIR" "$BUILD"
LOGDIR=$(cd "$LOGDIR" && pwd)
rm -f "$LOGDIR"/gpu-check-*.log "$LOGDIR/gpu-check-reports.tar.gz"
rm -rf "$BUILD/gpu-fuzz-report" "$BUILD/gpu-bench"  # this run's report and plot only

SUMMARY_NAMES=(); SUMMARY_STATUS=(); SUMMARY_SECS=()
NUMPY_USED="(not known: the setup stopped before Python)"
record() { SUMMARY_NAMES+=("$1"); SUMMARY_STATUS+=("$2"); SUMMARY_SECS+=("$3"); }
remaining() { echo $((DEADLINE - $(date +%s))); }
say() { echo "[gpu-check] $*" | tee -a "$LOGDIR/gpu-check-setup.log"; }

summary() {
  local total=$(( $(date +%s) - START )) i line worst=0
  {
    echo
    echo "[gpu-check] summary (mode: $MODE, build: $BUILD, budget ${BUDGET}s)"
    printf '  %-8s %s\n' oracle "$([ "$MODE" = minimal ] && echo "none (minimal build)" || echo "$NUMPY_USED")"
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

# Each step's cap in seconds; the build, and each step, leave the caps of the selected steps after
# them (the build's 67-76 s on the H200 and the setup's ~30 s come first: SETUP_NEED, BUILD_NEED).
FUZZ_OVERHEAD=30  # the campaign's start, its report, and the kill's grace
declare -A CAP=([engine]=45 [suites]=90 [fuzz]=$((FUZZ_TIME + FUZZ_OVERHEAD)) [bench]=90)
SETUP_NEED=40 BUILD_NEED=90
reserve_after() {  # reserve_after STEP|build: the caps of the selected steps after it
  local s seen=0 sum=0
  [ "$1" = build ] && seen=1
  for s in $STEPS; do
    [ "$seen" = 1 ] && sum=$((sum + ${CAP[$s]:-0}))
    [ "$s" = "$1" ] && seen=1
  done
  echo "$sum"
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
STEPS_NEED=$(reserve_after build)
say "steps: ${STEPS:-none} (their caps: ${STEPS_NEED}s; setup ~${SETUP_NEED}s and build ~${BUILD_NEED}s come first)"
if [ "$BUDGET" -lt $((SETUP_NEED + BUILD_NEED + STEPS_NEED)) ]; then
  say "BUDGET TOO SMALL: PARITY_GPU_BUDGET=${BUDGET}s cannot fit setup, build and the steps' caps ($((SETUP_NEED + BUILD_NEED + STEPS_NEED))s); the build keeps ~${BUILD_NEED}s and the steps are shortened or skipped (fewer PARITY_GPU_STEPS or a shorter PARITY_GPU_FUZZ_TIME fit)"
fi
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

# setup: the carried .debs, unpacked into $PREFIX (a stamp skips this on a rerun), and the wheels
# shellcheck source=scripts/gpu-prefix.sh
. "$ROOT/scripts/gpu-prefix.sh"
if ls "$DEPS"/*.deb >/dev/null 2>&1; then
  gpu_prefix_unpack "$DEPS" "$PREFIX" || say "deps: some .debs did not unpack (above)"
  debs=("$DEPS"/*.deb)
  say "deps: ${#debs[@]} .debs from $DEPS unpacked in $PREFIX"
  gpu_prefix_runtime "$PREFIX"
  HAVE_PREFIX=1
else
  say "deps: no $DEPS/*.deb (run scripts/gpu-deps.sh on the Debian machine and carry $DEPS); using the system's libraries"
  HAVE_PREFIX=0
fi
# The oracle's NumPy: the pinned wheels, in a private folder first in PYTHONPATH (exported: the
# configure, the build and every step see it), else the interpreter's own, said loudly.
NUMPY_PIN=$(sed -n 's/^numpy==\([^[:space:]#]*\).*/\1/p' "$ROOT/requirements.txt")
if gpu_prefix_python "$DEPS/wheels" "$PREFIX-python" "$PY"; then
  say "python: $DEPS/wheels installed in $PREFIX-python (first in PYTHONPATH)"
fi
NUMPY_USED=$("$PY" -c 'import numpy; print("NumPy %s from %s" % (numpy.__version__, numpy.__path__[0]))' 2>&1 | tail -n 1)
[[ $NUMPY_USED == "NumPy $NUMPY_PIN from "* ]] || NUMPY_USED="$NUMPY_USED (NOT requirements.txt's numpy==$NUMPY_PIN)"
say "oracle: $NUMPY_USED"

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
print("%s %s base=%s, Python.h %s, libpython %s" % ("yes" if h and lib else "no", sys.version.split()[0],
      sys.base_prefix, os.path.join(inc, "Python.h") if h else "missing (looked in %s)" % inc,
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
configure() {  # configure full|minimal: scripts/gpu-prefix.sh's arguments, which the ctest checks here
  local rc
  gpu_configure_args "$ROOT" "$BUILD" "$1" "$PY" "$([ "$HAVE_PREFIX" = 1 ] && echo "$PREFIX")"
  echo "[gpu-check] cmake ${GPU_CMAKE_ARGS[*]}" > "$CONFIGURE_LOG"
  timeout 180 cmake "${GPU_CMAKE_ARGS[@]}" >> "$CONFIGURE_LOG" 2>&1
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
grep -E '^(BLAS_[A-Za-z_]*LIBRAR[A-Za-z]*|PARITY_[A-Z]*_(INCLUDE_DIR|LIBRARY)|GTest_DIR|hwy_DIR|rapidcheck_DIR|CLI11_DIR|nlohmann_json_DIR|pybind11_DIR|Python_EXECUTABLE|CMAKE_CUDA_COMPILER|CMAKE_CUDA_ARCHITECTURES|CMAKE_CXX_COMPILER|CCACHE_PROGRAM):' \
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
# The build leaves the steps their caps, but keeps BUILD_NEED where the budget is too small for both.
reserve=$STEPS_NEED
[ $(( $(remaining) - reserve )) -lt "$BUILD_NEED" ] && reserve=$(( $(remaining) - BUILD_NEED ))
[ "$reserve" -lt 0 ] && reserve=0
if [ ${#targets[@]} -gt 0 ]; then
  run_step build 600 "$reserve" cmake --build "$BUILD" -j "$JOBS" --target "${targets[@]}" -- -k 0
else
  echo "[gpu-check] build: nothing to build" | tee "$LOGDIR/gpu-check-build.log"
  record build "nothing to build" 0
fi

# Which copies the binaries load (the prefix's, where one is used), and anything not found.
for t in "${targets[@]}"; do
  for s in $STEPS; do
    if [ "${TARGET[$s]:-}" = "$t" ] && [ -x "$BUILD/${BIN[$s]}" ]; then
      ldd "$BUILD/${BIN[$s]}" 2>&1 | grep -E 'openblas|blas|lapack|tmglib|hwy|sleef|gfortran|quadmath|cublas|python|not found' |
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
      run_step engine "${CAP[engine]}" "$(reserve_after engine)" "$bin" --gtest_filter="${PARITY_GPU_ENGINE_FILTER:-Cuda*:Device*}" ;;
    suites)
      # --gtest_brief: failures and the counts only (thousands of instances otherwise).
      run_step suites "${CAP[suites]}" "$(reserve_after suites)" "$bin" --gtest_filter="${PARITY_GPU_SUITES_FILTER:-*.cuda.*}" --gtest_brief=1 ;;
    fuzz)
      # The campaign gets its time, shortened when the budget runs low (the steps after it keep their caps).
      ft=$(( $(remaining) - $(reserve_after fuzz) - FUZZ_OVERHEAD ))
      [ "$ft" -gt "$FUZZ_TIME" ] && ft=$FUZZ_TIME
      [ "$ft" -lt 10 ] && ft=10
      [ "$ft" -lt "$FUZZ_TIME" ] && echo "[gpu-check] fuzz: budget low, --time $ft instead of $FUZZ_TIME"
      # shellcheck disable=SC2086
      run_step fuzz $((ft + FUZZ_OVERHEAD)) "$(reserve_after fuzz)" "$bin" fuzz --device cuda --time "$ft" --report "$BUILD/gpu-fuzz-report" ${PARITY_GPU_FUZZ_ARGS:-} ;;
    bench)
      mkdir -p "$BUILD/gpu-bench"
      # shellcheck disable=SC2086
      run_step bench "${CAP[bench]}" "$(reserve_after bench)" "$bin" bench sigmoid --device cuda --plot "$BUILD/gpu-bench/sigmoid-cuda.svg" ${PARITY_GPU_BENCH_ARGS:-} ;;
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

#!/usr/bin/env bash
# CI's sanitizer stage: the `debug` preset (AddressSanitizer + UndefinedBehaviorSanitizer) in
# build-debug/, then the engine's unit tests, a share of the generated suites and a 30-second
# all-op fuzz campaign under it. Any sanitizer report fails the stage (halt_on_error; in the
# fuzz campaign a report aborts a worker, which is a `crash` finding and fails the gate).
#   PARITY_SUITE_SHARDS=N   run 1 of N shards of the generated suites (default 8)
#   PARITY_SAN_FUZZ_TIME=S  seconds of fuzzing (default 30)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PARITY_PYTHON:-$(command -v python3)}
SHARDS=${PARITY_SUITE_SHARDS:-8}
FUZZ_TIME=${PARITY_SAN_FUZZ_TIME:-30}

t0=$(date +%s)
if [ ! -f build-debug/CMakeCache.txt ]; then
  cmake --preset debug -DPython_EXECUTABLE="$PY" >/dev/null
fi
cmake --build build-debug -j"$(nproc)" --target engine_tests parity_suites parity
t1=$(date +%s)
echo "[sanitize] build took $((t1 - t0)) s"

# Suppressions live in .ci/*.supp, each with the reason next to it.
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1"
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$PWD/.ci/ubsan.supp"

build-debug/engine/tests/engine_tests --gtest_brief=1
t2=$(date +%s)
echo "[sanitize] engine unit tests took $((t2 - t1)) s"

# One shard in SHARDS of every generated suite, a different one each day, so that over days
# the sanitizers see every op (the shard is printed for a rerun).
day=$((10#$(date +%j)))  # day of the year; 10# as "008" is not octal
shard=$(( day % SHARDS ))
echo "[sanitize] generated suites: shard $shard of $SHARDS (GTEST_SHARD_INDEX=$shard GTEST_TOTAL_SHARDS=$SHARDS)"
GTEST_SHARD_INDEX=$shard GTEST_TOTAL_SHARDS=$SHARDS build-debug/suites/parity_suites --gtest_brief=1
t3=$(date +%s)
echo "[sanitize] suites shard took $((t3 - t2)) s"

build-debug/parity fuzz --all --time "$FUZZ_TIME" --seed "$day" --baseline reports/baseline.json \
  --report build-debug/fuzz-report
t4=$(date +%s)
echo "[sanitize] fuzz campaign took $((t4 - t3)) s; stage total $((t4 - t0)) s"

#!/usr/bin/env bash
# Builds the API fuzzer (fuzz/api) with clang, libFuzzer, AddressSanitizer and UBSan in build-fuzz/
# (the engine instrumented too: -fsanitize=fuzzer-no-link), then runs it on the committed seed corpus.
#   scripts/fuzz_api.sh [SECONDS=60] [more libFuzzer flags, e.g. -workers=1 -jobs=1]
# New inputs go to build-fuzz/corpus (the committed corpus is only read); findings to
# build-fuzz/findings/. Environment: PARITY_JOBS (compile jobs, default 1).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SECONDS_TO_RUN="${1:-60}"
shift || true
SAN="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
export CC="${CC:-clang}" CXX="${CXX:-clang++}"
# libFuzzer ships with clang; Debian packages its runtime apart (libclang-rt-14-dev for clang 14).
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' |
    "$CXX" -x c++ -fsanitize=fuzzer,address,undefined - -o /dev/null 2>/dev/null; then
  echo "fuzz_api.sh: $CXX cannot link -fsanitize=fuzzer,address,undefined;" \
       "install clang and its runtime: apt-get install clang libclang-rt-14-dev" >&2
  exit 2
fi
export CFLAGS="$SAN -fsanitize=fuzzer-no-link" CXXFLAGS="$SAN -fsanitize=fuzzer-no-link"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
export SRC="$ROOT/.." OUT="$ROOT/build-fuzz/out" WORK="$ROOT/build-fuzz"
export PARITY_FUZZ_BUILD="$ROOT/build-fuzz/cmake" PARITY_JOBS="${PARITY_JOBS:-1}"
"$ROOT/fuzz/api/build.sh"
mkdir -p "$ROOT/build-fuzz/corpus" "$ROOT/build-fuzz/findings"
# UBSan reports abort (so libFuzzer saves the input); a huge allocation is a finding, not a crash
# of the sanitizer's allocator (libFuzzer's -malloc_limit_mb reports it with the input).
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1}"
# -len_control=0: long inputs (long call sequences) from the start; libFuzzer's default grows the
# length so slowly that a 10-minute run stays at ~11-byte inputs (one or two calls).
"$OUT/api_fuzzer" -max_total_time="$SECONDS_TO_RUN" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
  -max_len=512 -len_control=0 \
  -artifact_prefix="$ROOT/build-fuzz/findings/" "$@" "$ROOT/build-fuzz/corpus" "$ROOT/fuzz/api/corpus"

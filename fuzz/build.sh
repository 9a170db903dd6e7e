#!/usr/bin/env bash
# Build the compiled core for fuzzing: clang with libFuzzer's coverage (-fsanitize=fuzzer-no-link),
# AddressSanitizer and UndefinedBehaviorSanitizer, into a copy of the package at $FUZZ_BUILD
# (default fuzz/.build, ignored by git). Needs clang and Cython (the project's dev extra).
#
#     bash fuzz/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
python=${PYTHON:-python3}
out=${FUZZ_BUILD:-$root/fuzz/.build}
command -v clang >/dev/null || { echo "fuzz/build.sh needs clang (apt-get install clang)"; exit 1; }
rm -rf "$out"
mkdir -p "$out"
cp -r "$root/src" "$out/src"
find "$out/src" \( -name '*.so' -o -name '*.pyd' -o -name '*.c' \) -delete
flags="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined"
flags="$flags -fno-omit-frame-pointer -g -O1"
(cd "$out/src" && CC=clang LDSHARED="clang -shared" CFLAGS="$flags" \
  LDFLAGS="-fsanitize=address,undefined" \
  "$python" -m Cython.Build.Cythonize -i -3 -q \
  -X boundscheck=False -X wraparound=False -X cdivision=True \
  reversis/_core/*.pyx >"$out/build.log" 2>&1) || { cat "$out/build.log"; exit 1; }
ls "$out"/src/reversis/_core/*.so
echo "fuzzing build in $out"

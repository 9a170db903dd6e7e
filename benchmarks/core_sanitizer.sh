#!/usr/bin/env bash
# The compiled core built with AddressSanitizer and UndefinedBehaviorSanitizer into a temporary copy
# of the package, then its differential and hostile-input tests (tests/core/test_core.py, and any
# other test files named as arguments, e.g. tests/api/test_fuzz.py once the Hand runs on the core) run
# on it under `python -X dev` with libasan preloaded. Any memory error or undefined
# behaviour in the core stops the run with a report (halt_on_error). Needs gcc or clang, Cython, and
# the test extra:
#
#     PYTHON=.venv/bin/python bash benchmarks/core_sanitizer.sh [more test files, pytest options]
#
# CI_FULL=1 runs the tests at full size. Python's own allocations are not leak-checked
# (detect_leaks=0): the interpreter keeps much of its memory to the end on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
python=${PYTHON:-python3}
cc=${CC:-gcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -r "$root/src" "$work/src"
find "$work/src" \( -name '*.so' -o -name '*.pyd' -o -name '*.c' \) -delete
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
(cd "$work/src" && CC="$cc" CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" \
  "$python" -m Cython.Build.Cythonize -i -3 -q -X boundscheck=False -X wraparound=False -X cdivision=True reversis/_core/*.pyx >"$work/build.log" 2>&1) \
  || { cat "$work/build.log"; exit 1; }
ls "$work"/src/reversis/_core/engine*.so >/dev/null

asan=$("$cc" -print-file-name=libasan.so)
ubsan=$("$cc" -print-file-name=libubsan.so)
[ -f "$asan" ] || { echo "no libasan for $cc"; exit 1; }
preload="$asan"
[ -f "$ubsan" ] && preload="$asan:$ubsan"
echo "core built with $flags; running the tests with LD_PRELOAD=$preload"
cd "$root"
PYTHONPATH="$work/src" REVERSIS_REQUIRE_CORE=1 PYTHONMALLOC=malloc \
  ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  LD_PRELOAD="$preload" \
  "$python" -X dev -m pytest -p no:randomly -p no:cacheprovider -q -n 0 \
  tests/core/test_core.py "$@"

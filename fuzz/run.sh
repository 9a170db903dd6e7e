#!/usr/bin/env bash
# Run one fuzz harness on the build of fuzz/build.sh, under AddressSanitizer and
# UndefinedBehaviorSanitizer, starting from its seed corpus (fuzz/corpus/NAME, copied: the
# repository's corpus is only read; new inputs go to $FUZZ_WORK/NAME). Extra arguments go to
# libFuzzer (-max_total_time=SECONDS, -runs=N, -jobs=N...). A crash or a finding of the sanitizers
# stops the run with its input saved in $FUZZ_WORK (the exit status is not 0).
#
#     bash fuzz/run.sh moves -max_total_time=600
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
python=${PYTHON:-python3}
name=${1:?give a harness: moves, documents, records, worlds, batches, openspiel_strings}
shift
build=${FUZZ_BUILD:-$root/fuzz/.build}
work=${FUZZ_WORK:-$root/fuzz/.work}
[ -f "$root/fuzz/fuzz_$name.py" ] || { echo "no harness fuzz/fuzz_$name.py"; exit 1; }
[ -d "$build/src" ] || { echo "no fuzzing build in $build: run bash fuzz/build.sh first"; exit 1; }
asan=$("$python" -c 'import atheris, os; print(os.path.join(atheris.path(), "asan_with_fuzzer.so"))')
mkdir -p "$work/$name"
cp -n "$root/fuzz/corpus/$name"/* "$work/$name/" 2>/dev/null || true
cd "$work"
PYTHONPATH="$build/src:$root/fuzz" PYTHONMALLOC=malloc REVERSIS_REQUIRE_CORE=1 \
  ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:halt_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  LD_PRELOAD="$asan" \
  "$python" "$root/fuzz/fuzz_$name.py" "$work/$name" -artifact_prefix="$work/$name-" \
  -rss_limit_mb=4096 -timeout=60 "$@"

#!/usr/bin/env bash
# The short fuzz runs of CI: the core built for fuzzing once (fuzz/build.sh), then every harness
# for SECONDS seconds (default 15) from its seed corpus. Fails on the first finding; prints each
# run's last status line (executions, coverage).
#
#     PYTHON=.venv/bin/python bash fuzz/ci.sh 15
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-15}
python=${PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export FUZZ_BUILD="$tmp/build" FUZZ_WORK="$tmp/work" PYTHON="$python"
bash fuzz/build.sh >/dev/null
for name in moves documents records worlds batches openspiel_strings; do
  if ! bash fuzz/run.sh "$name" -max_total_time="$seconds" -print_final_stats=1 \
      >"$tmp/$name.log" 2>&1; then
    tail -60 "$tmp/$name.log"
    echo "fuzz/ci.sh: the $name harness found something (input saved as $FUZZ_WORK/$name-*)"
    exit 1
  fi
  line=$(grep -E '^#[0-9]+' "$tmp/$name.log" | tail -1 || true)
  echo "$name: ${line:-no status line}"
done

#!/usr/bin/env bash
# False alarms of the nightly gate: runs benchmarks/nightly.yaml N times (default 10) against this
# machine's baseline, with nothing changed, and counts the runs that did not pass. Run it on a quiet
# machine whose baseline is complete (a machine without one records it on its first 3 runs, which
# gate nothing); the goal is at most 1 failing run in 10. Not a test: about 5 minutes a run.
#   benchmarks/false-alarms.sh [N]
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

n="${1:-10}"
failed=0
for i in $(seq 1 "$n"); do
  out="$(./tunelab bench benchmarks/nightly.yaml 2>/dev/null)"
  code=$?
  folder="$(printf '%s\n' "$out" | sed -n 's/^results: //p')"
  echo "run $i of $n: exit $code ($folder)"
  if [ "$code" -ne 0 ]; then
    failed=$((failed + 1))
    printf '%s\n' "$out" | grep -E '^\| (\*\*FAIL\*\*|not tested) ' | sed 's/^/    /'
  fi
done
echo "false alarms: $failed of $n runs did not pass"

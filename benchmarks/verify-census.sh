#!/usr/bin/env bash
# Where `./mvnw verify`'s CPU goes: runs it (extra arguments go to Maven) with cpu-census.py
# sampling every process, then prints the CPU seconds per kind of process (each tier's JVMs, the
# test JVMs, PostgreSQL, Maven) and the wall and CPU time of the whole. A measurement, not a test:
# run it on a quiet machine, nothing else timed beside it. Stops when the verify ends.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(mktemp -d)
trap 'touch "$out/stop"; wait; rm -rf "$out"' EXIT
python3 benchmarks/cpu-census.py "$out/census.txt" "$out/stop" &
start=$(date +%s)
status=0
./mvnw -B verify "$@" > "$out/verify.log" 2>&1 || status=$?
touch "$out/stop"
wait
echo "verify: exit $status in $(( $(date +%s) - start )) s (log kept only on failure)"
[ "$status" -ne 0 ] && mkdir -p results && cp "$out/verify.log" results/verify-census-failed.log && echo "log: results/verify-census-failed.log"
cat "$out/census.txt"
exit "$status"

#!/usr/bin/env bash
# Measures the measurement: benchmarks/noise.yaml in one JVM and in fresh JVMs, then the quickstart
# five times in a row, and prints each run's step CVs from its run.json. About 40 minutes on 2
# cores. Run it on a quiet machine: nothing else measuring.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-results/noise-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"

run() { ./tunelab run "$@" --out "$out" >/dev/null 2>"$out/last.err" || { tail -5 "$out/last.err"; return 1; }; }

run benchmarks/noise.yaml
run benchmarks/noise.yaml --jvm fresh
for i in 1 2 3 4 5; do run experiments/quickstart.yaml; done

# each run's step table (throughput, CV) and its measurement notes (counted repetitions, JVM spread)
for f in "$out"/*/summary.md; do
  echo "== $f"
  grep -E '^\| [a-z]|^- \*\*' "$f" | grep -v '^| step'
done

#!/usr/bin/env bash
# How the host's speed moves second by second on an idle machine: the host probe every run reads
# before a repetition (a fixed 2 MB sort, the fastest of five, HostProbe), once a second on each
# vCPU (pinned with taskset, half a second apart so they never run at once), for SECONDS seconds
# (default 300). Prints per vCPU the probe's median, the share of seconds more than 15% slower than
# the median ("slow"), how long such episodes last, and how often both vCPUs were slow in the same
# second. A measurement, not a test: run it with the stack down and nothing else timed beside it.
# Needs the core jar (./mvnw install -DskipTests) and python3.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-300}
jar=$(ls harness/core/target/tunelab-core-*.jar | grep -v -e sources -e tests | head -1)
out=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$out"' EXIT
cpus=$(nproc)
for ((cpu = 0; cpu < cpus; cpu++)); do
  offset=$((cpu * 1000 / cpus))
  taskset -c "$cpu" java -cp "$jar" benchmarks/HostFlicker.java "$offset" "$seconds" > "$out/cpu$cpu.txt" &
done
wait
python3 - "$out" "$cpus" <<'PY'
import math, statistics, sys
out, cpus = sys.argv[1], int(sys.argv[2])
slow = {}
for cpu in range(cpus):
    probes = dict(tuple(map(float, line.split())) for line in open(f"{out}/cpu{cpu}.txt"))
    median = statistics.median(probes.values())
    marks = {int(s): p > 1.15 * median for s, p in probes.items()}
    slow[cpu] = marks
    runs, run = [], 0
    for second in sorted(marks):
        if marks[second]:
            run += 1
        elif run:
            runs.append(run); run = 0
    if run:
        runs.append(run)
    slow_ms = [p for p in probes.values() if p > 1.15 * median]
    print(f"vCPU {cpu}: {len(probes)} s, median {median:.1f} ms, slow {100 * len(slow_ms) / len(probes):.0f}% of seconds"
          + (f" (median {statistics.median(slow_ms):.1f} ms, +{100 * (statistics.median(slow_ms) / median - 1):.0f}%)" if slow_ms else "")
          + f", episodes {len(runs)}, longest {max(runs, default=0)} s, mean {statistics.mean(runs) if runs else 0:.1f} s")
    print("  " + "".join("X" if marks[s] else "." for s in sorted(marks)))
if cpus > 1:
    common = sorted(set.intersection(*(set(m) for m in slow.values())))
    both = sum(all(slow[c][s] for c in slow) for s in common)
    expected = len(common) * math.prod(sum(m.values()) / len(m) for m in slow.values())
    print(f"both slow in the same second: {both} of {len(common)} (independent vCPUs would give {expected:.1f})")
PY

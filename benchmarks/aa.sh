#!/usr/bin/env bash
# False positives of the comparisons: benchmarks/aa.yaml N times (default 10), each run comparing
# four steps with the same knobs against its baseline, and counts the comparisons called
# significant (Holm-adjusted p under 0.05, as summary.md calls them; and the raw p under 0.05),
# apart for steps sharing the baseline's middleware JVM and steps with a JVM of their own. Run it
# on a quiet machine with nothing else measuring: about 6 minutes a run. Not a test.
#   benchmarks/aa.sh [N] [results folder]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
n=${1:-10}
out=${2:-results/aa-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
for i in $(seq 1 "$n"); do
  ./tunelab run benchmarks/aa.yaml --out "$out" >/dev/null 2>"$out/last.err" \
    || echo "run $i: exit $? (see $out/last.err)"
done
python3 - "$out" <<'PY'
import json, pathlib, sys
rows = []
for run in sorted(pathlib.Path(sys.argv[1]).glob("*/run.json")):
    r = json.loads(run.read_text())
    for s in r["steps"]:
        c = s.get("vsBaseline")
        if not c or c.get("p") is None:
            continue
        kind = "own JVM" if s["name"].startswith("b") else "same JVM"
        rows.append((run.parent.name, s["name"], kind, c["ratio"], c["p"], c["pAdjusted"],
                     c.get("mde"), c.get("design")))
for kind in ("same JVM", "own JVM"):
    k = [x for x in rows if x[2] == kind]
    print(f"{kind}: {len(k)} comparisons, {sum(x[5] < 0.05 for x in k)} significant after Holm,"
          f" {sum(x[4] < 0.05 for x in k)} with raw p < 0.05")
print(f"all: {len(rows)} comparisons, {sum(x[5] < 0.05 for x in rows)} significant after Holm,"
      f" {sum(x[4] < 0.05 for x in rows)} with raw p < 0.05")
for x in rows:
    print("  %s %-3s %-8s B/A %.3f p %.4f p(Holm) %.4f %s" % (x[0], x[1], x[2], x[3], x[4], x[5],
          "" if x[6] is None else "MDE %.1f%%" % (100 * x[6])))
PY

#!/usr/bin/env python3
"""False positives of stopping on the MDE, by the round from which the MDE is judged.

Paired rounds of two steps with no effect: each round's log ratio is normal with a standard
deviation of 4% x sqrt(2) (4% noise on each repetition; a drift both steps share cancels in the
ratio). The schedule goes on until the MDE (80% power, 5% two-sided, t quantiles at n-1 degrees of
freedom) is at most 5%, judged from round `earliest` on, or 40 rounds; then the paired t test.
Prints, per earliest round, the share of runs called significant (type I), the mean number of
rounds and the power against a 5% change. Needs numpy and scipy.

    python3 benchmarks/adaptive-stopping.py [runs]
"""
import sys

import numpy as np
from scipy import stats

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
SD = 0.04 * np.sqrt(2)
TARGET, MOST = 0.05, 40
rng = np.random.default_rng(29)
FACTOR = {df: stats.t.ppf(0.975, df) + stats.t.ppf(0.8, df) for df in range(1, MOST)}


def run(earliest, effect=0.0):
    d = list(np.log1p(effect) + SD * rng.normal(size=earliest))
    while len(d) < MOST:
        n = len(d)
        if np.expm1(FACTOR[n - 1] * np.std(d, ddof=1) / np.sqrt(n)) <= TARGET:
            break
        d.append(np.log1p(effect) + SD * rng.normal())
    n = len(d)
    t = np.mean(d) / (np.std(d, ddof=1) / np.sqrt(n))
    return 2 * stats.t.sf(abs(t), n - 1) < 0.05, n


print("earliest  type I   mean rounds  power at 5%")
for earliest in (3, 5, 8, 10, 12):
    null = [run(earliest) for _ in range(RUNS)]
    power = np.mean([run(earliest, 0.05)[0] for _ in range(RUNS // 4)])
    print(f"{earliest:8d}  {np.mean([c for c, _ in null]):6.3f}  {np.mean([n for _, n in null]):11.1f}"
          f"  {power:11.3f}")

#!/usr/bin/env python3
"""How well each way of reading a window's own noise predicts the noise of a paired comparison.

Reads the runs of an A/A folder (`benchmarks/aa.sh N FOLDER`), each repetition's `orders.csv`: the
completions of its window's steady part (the 10% to 90% quantiles), cut into k batches of equal
counts as tunelab cuts them. For every window it gives the relative standard error of its rate by
three readings of the window alone: batch means over equal counts (BatchMeans), over equal order
lines, and a regression of the batches' durations on their orders and lines; and by the windows of
a step read batch by batch (AlignedWindows: a two-way fit on the log durations, repetitions x batch
positions). Then, for every step compared with the baseline round by round, the spread of the
rounds' log ratios (what a paired test must beat) against what the aligned level predicts for it.
Needs numpy. Not a test.

    python3 benchmarks/window-noise.py FOLDER
"""
import csv
import glob
import json
import math
import os
import statistics as st
import sys

import numpy as np

TRIM = 0.10


def window(rows):
    done = sorted((int(r["completedAtMillis"]), int(r["lines"] or 1))
                  for r in rows if r["completedAtMillis"])
    n = len(done)
    return done, math.floor(TRIM * n), math.ceil((1 - TRIM) * n) - 1


def batch_count(completions):
    k = min(32, completions // 5)
    return 1 << (k.bit_length() - 1) if k >= 4 else None


def cut(done, lo, hi, k, by_lines=False):
    if not by_lines:
        bounds = [lo + round(j * (hi - lo) / k) for j in range(k + 1)]
    else:
        total = sum(x[1] for x in done[lo + 1:hi + 1])
        bounds, cum, i = [lo], 0, lo
        for j in range(1, k):
            target = total * j / k
            while i < hi and abs(cum + done[i + 1][1] - target) <= abs(cum - target):
                i += 1
                cum += done[i][1]
            bounds.append(i)
        bounds.append(hi)
    counts = [bounds[j + 1] - bounds[j] for j in range(k)]
    lines = [sum(x[1] for x in done[bounds[j] + 1:bounds[j + 1] + 1]) for j in range(k)]
    millis = [done[bounds[j + 1]][0] - done[bounds[j]][0] for j in range(k)]
    return counts, lines, millis


def ratio_se(amounts, millis):
    k = len(millis)
    rate = sum(amounts) / sum(millis)
    residuals = [a - rate * t for a, t in zip(amounts, millis)]
    variance = sum(e * e for e in residuals) / (k - 1)
    return math.sqrt(variance / k) / (sum(millis) / k) / rate


def regression_se(counts, lines, millis):
    x = np.array([counts, lines], float).T
    y = np.array(millis, float)
    beta, _, rank, _ = np.linalg.lstsq(x, y, rcond=None)
    if rank < 2:
        return None
    e = y - x @ beta
    return math.sqrt(len(y) * (e @ e) / (len(y) - 2)) / y.sum()


def aligned(windows):
    """Each window's relative variance from the two-way fit on the log durations."""
    y = np.log(np.array(windows, float))
    e = y - y.mean(1, keepdims=True) - y.mean(0, keepdims=True) + y.mean()
    n, k = y.shape
    s2 = (e ** 2).sum() / ((n - 1) * (k - 1))
    return [s2 * ((np.array(w) / sum(w)) ** 2).sum() for w in windows]


def main(folder):
    per_window = {"equal counts": [], "equal lines": [], "regression": [], "aligned": []}
    spread, predicted = [], []
    for path in sorted(glob.glob(os.path.join(folder, "*", "run.json"))):
        run = json.load(open(path))
        if run.get("status") != "complete":
            continue
        steps = {}
        for step in run["steps"]:
            reps = {}
            for rep in step["repetitions"]:
                if rep.get("disturbed"):
                    continue
                ledger = os.path.join(os.path.dirname(path), rep["rawData"], "orders.csv")
                done, lo, hi = window(list(csv.DictReader(open(ledger))))
                k = batch_count(hi - lo)
                counts, lines, millis = cut(done, lo, hi, k)
                per_window["equal counts"].append(ratio_se(counts, millis))
                per_window["equal lines"].append(ratio_se(*cut(done, lo, hi, k, True)[1:]))
                reg = regression_se(counts, lines, millis)
                if reg:
                    per_window["regression"].append(reg)
                rate = (hi - lo) / (done[hi][0] - done[lo][0])
                reps[rep["protocol"]["round"]] = (math.log(rate), millis)
            if len({len(m) for _, m in reps.values()}) == 1 and len(reps) >= 2:
                rounds = sorted(reps)
                variances = aligned([reps[r][1] for r in rounds])
                per_window["aligned"] += [math.sqrt(v) for v in variances]
                steps[step["name"]] = (reps, dict(zip(rounds, variances)))
        base = steps.get(run.get("baseline", "a1"))
        for name, (reps, var) in steps.items():
            if base is None or name == run.get("baseline", "a1"):
                continue
            common = sorted(set(reps) & set(base[0]))
            d = [reps[r][0] - base[0][r][0] for r in common]
            if len(d) >= 2:
                spread.append((len(d) - 1, st.variance(d)))
                predicted.append(st.mean(var[r] + base[1][r] for r in common))
    for name, values in per_window.items():
        if values:
            q = st.quantiles(values, n=4)
            print("%-13s %3d windows: relative standard error median %.2f%% (quartiles %.2f%%,"
                  " %.2f%%)" % (name, len(values), 100 * st.median(values), 100 * q[0], 100 * q[2]))
    df = sum(d for d, _ in spread)
    if df:
        pooled = sum(d * v for d, v in spread) / df
        print("%d paired comparisons: the rounds' log ratios spread by %.2f%% (pooled, %d degrees"
              " of freedom); the aligned level predicts %.2f%% (median)"
              % (len(spread), 100 * math.sqrt(pooled), df, 100 * math.sqrt(st.median(predicted))))


if __name__ == "__main__":
    main(sys.argv[1])

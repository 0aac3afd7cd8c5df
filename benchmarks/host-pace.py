#!/usr/bin/env python3
"""Where a run's repetition-to-repetition noise comes from: how much of it the host's pace explains.

For each repetition of run.json: throughput, every tier's CPU per unit, the window's host pace
(machineNoise.hostPaceMicros), its memory pace (machineNoise.memoryPaceMicros, runs since it was
sampled), its round-trip pace (machineNoise.roundTripPaceMicros, the kernel's price of one exchange
between two threads, runs since it was sampled) and the idle probe before it (protocol.hostProbeMillis). Prints each
step's median CPU per unit after a slow probe (over 1.15 times the run's median) and after the others; each
step's CV of CPU per unit and of pace, then, within steps (each step's mean removed), the correlation of log throughput and log stack CPU per unit
with log pace and with log probe, the pooled slope of log throughput on log pace and the spread of
log throughput before and after removing it; then the same on the rounds' paired log ratios
against the baseline, with the spread of each step's paired log ratios over every round and over
the rounds whose two probes were both fast.
"""
import json, math, sys
import numpy as np

def reps(run):
    out = []
    for s in run['steps']:
        for r in s['repetitions']:
            n = r.get('machineNoise') or {}
            w = r.get('workCost') or {}
            out.append(dict(step=s['name'], round=(r.get('protocol') or {}).get('round'),
                            thr=r['metrics']['throughputPerMinute'],
                            cpu=w.get('sutCpuMillisPerUnit'),
                            pace=n.get('hostPaceMicros'),
                            memory=n.get('memoryPaceMicros'),
                            trip=n.get('roundTripPaceMicros'),
                            probe=(r.get('protocol') or {}).get('hostProbeMillis')))
    return out

def within(rows, key):
    v = np.array([math.log(r[key]) for r in rows])
    g = [r['step'] for r in rows]
    for s in set(g):
        idx = [i for i, x in enumerate(g) if x == s]
        v[idx] -= v[idx].mean()
    return v

def main(path):
    run = json.load(open(path))
    rows = [r for r in reps(run) if r['pace'] and r['cpu']]
    for r in rows:
        print('%-16s %5.0f/min  cpu %6.1f ms  pace %7.1f us  memory %7.1f us  round trip %5.1f us'
              '  probe %5.1f ms' % (
                  r['step'], r['thr'], r['cpu'], r['pace'], r['memory'] or float('nan'),
                  r['trip'] or float('nan'), r['probe'] or float('nan')))
    for step in dict.fromkeys(r['step'] for r in rows):
        cpu = np.array([r['cpu'] for r in rows if r['step'] == step])
        pace = np.array([r['pace'] for r in rows if r['step'] == step])
        print('%-16s CV of CPU per unit %.1f%%, of pace %.1f%%' % (
            step, 100 * cpu.std(ddof=1) / cpu.mean(), 100 * pace.std(ddof=1) / pace.mean()))
    y, c, p = within(rows, 'thr'), within(rows, 'cpu'), within(rows, 'pace')
    print('within steps, %d repetitions:' % len(rows))
    print('  corr(log pace, log cpu/unit)   %+.2f' % np.corrcoef(p, c)[0, 1])
    print('  corr(log pace, log throughput) %+.2f' % np.corrcoef(p, y)[0, 1])
    if all(r['probe'] for r in rows):
        q = within(rows, 'probe')
        print('  corr(log probe, log cpu/unit)  %+.2f' % np.corrcoef(q, c)[0, 1])
        slow_line = 1.15 * float(np.median([r['probe'] for r in rows]))
        print('  probe slow (over %.1f ms, 1.15 x the run\'s median) before %d of %d repetitions' % (
            slow_line, sum(r['probe'] > slow_line for r in rows), len(rows)))
        for step in dict.fromkeys(r['step'] for r in rows):
            fast = [r['cpu'] for r in rows if r['step'] == step and r['probe'] <= slow_line]
            slow = [r['cpu'] for r in rows if r['step'] == step and r['probe'] > slow_line]
            if fast and slow:
                print('  %-16s CPU per unit after a slow probe %.1f (%d) against %.1f (%d): %+.1f%%' % (
                    step, np.median(slow), len(slow), np.median(fast), len(fast),
                    100 * (np.median(slow) / np.median(fast) - 1)))
    if all(r['memory'] for r in rows):
        m = within(rows, 'memory')
        print('  corr(log memory pace, log cpu/unit)   %+.2f' % np.corrcoef(m, c)[0, 1])
        print('  corr(log memory pace, log throughput) %+.2f' % np.corrcoef(m, y)[0, 1])
        for step in dict.fromkeys(r['step'] for r in rows):
            mem = np.array([r['memory'] for r in rows if r['step'] == step])
            print('  %-16s CV of memory pace %.1f%%' % (step, 100 * mem.std(ddof=1) / mem.mean()))
    if all(r['trip'] for r in rows):
        t = within(rows, 'trip')
        print('  corr(log round-trip pace, log cpu/unit) %+.2f' % np.corrcoef(t, c)[0, 1])
    b = (p @ y) / (p @ p)
    print('  slope of log throughput on log pace %.2f; sd %.2f%% -> %.2f%% after' % (
        b, 100 * y.std(ddof=1), 100 * (y - b * p).std(ddof=1)))
    base = run['steps'][0]['name']
    by = {(r['step'], r['round']): r for r in rows}
    dy, dp = [], []
    for (s, k), r in by.items():
        if s != base and (base, k) in by:
            a = by[(base, k)]
            dy.append(math.log(r['thr'] / a['thr'])); dp.append(math.log(r['pace'] / a['pace']))
    if all(r['probe'] for r in rows):
        line = 1.15 * float(np.median([r['probe'] for r in rows]))
        for step in dict.fromkeys(r['step'] for r in rows):
            if step == base:
                continue
            every, fast = [], []
            for (s, k), r in by.items():
                if s == step and (base, k) in by:
                    a = by[(base, k)]
                    every.append(math.log(r['thr'] / a['thr']))
                    if r['probe'] <= line and a['probe'] <= line:
                        fast.append(math.log(r['thr'] / a['thr']))
            if len(fast) > 2:
                print('%s against %s: paired log ratios spread %.1f%% over %d rounds, %.1f%% over'
                      ' the %d whose two probes were fast' % (
                          step, base, 100 * np.std(every, ddof=1), len(every),
                          100 * np.std(fast, ddof=1), len(fast)))
    if len(dy) > 3:
        dy, dp = np.array(dy), np.array(dp)
        dpc = dp - dp.mean(); dyc = dy - dy.mean()
        b2 = (dpc @ dyc) / (dpc @ dpc)
        print('paired with %s, %d ratios: corr %+.2f, slope %.2f, sd %.2f%% -> %.2f%%' % (
            base, len(dy), np.corrcoef(dp, dy)[0, 1], b2, 100 * dyc.std(ddof=1),
            100 * (dyc - b2 * dpc).std(ddof=2)))

if __name__ == '__main__':
    main(sys.argv[1])

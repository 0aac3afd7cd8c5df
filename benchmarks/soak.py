#!/usr/bin/env python3
"""A soak's slopes: every tier's memory and CPU per unit from the first minutes of a run to the last.

For each repetition of a run folder (in the order they ran): the minutes since the first window
began, each tier's resident memory (the median of the window's memory.rss samples, MB; the window begins at its first sample), the
middleware's heap after its collections (the median over the window's pauses in gc.json, MB) and
each tier's CPU per unit (run.json's workCost), of one step (the first, or --step NAME). The
database's RSS sums its processes, each counting the shared buffers it touched: read its trend,
not its size. Prints, per series, the median of the first
`--edge` minutes (default 10), of the last, their change in %, and the Theil-Sen slope per hour
with Mann-Kendall's two-sided p (normal approximation, no ties correction): a flat series has a
change within its noise and no significant slope.
    python3 benchmarks/soak.py results/<run> [--edge MINUTES] [--step NAME]
"""
import csv, json, math, os, statistics, sys

def window(folder):
    """The window's first sample time (epoch ms) and each tier's median memory.rss in it."""
    values, first = {}, None
    with open(os.path.join(folder, 'series.csv')) as f:
        for row in csv.DictReader(f):
            if row['phase'] != 'measured':
                continue
            at = int(row['epochMillis'])
            first = at if first is None else min(first, at)
            if row['series'] == 'memory.rss':
                values.setdefault(row['label'], []).append(float(row['value']))
    return first, {tier: statistics.median(v) for tier, v in values.items()}

def heap(folder):
    path = os.path.join(folder, 'gc.json')
    if not os.path.exists(path):
        return None
    pauses = [p['afterMegabytes'] for p in json.load(open(path)).get('pauses', [])
              if p.get('phase') == 'measured' and p.get('afterMegabytes') is not None]
    return statistics.median(pauses) if pauses else None

def rows(run_dir, step_name):
    run = json.load(open(os.path.join(run_dir, 'run.json')))
    steps = [s for s in run['steps'] if step_name in (None, s['name'])][:1]
    if not steps:
        sys.exit('soak.py: no step %s in %s' % (step_name, run_dir))
    out = []
    for step in steps:
        for r in step['repetitions']:
            folder = os.path.join(run_dir, r['rawData'])
            w = r.get('workCost') or {}
            start, memory = window(folder)
            row = {'step': step['name'], 'from': start}
            for tier, mb in memory.items():
                row['rss.' + tier] = mb
            row['heap.middleware'] = heap(folder)
            for tier, ms in (w.get('cpuMillisPerUnit') or {}).items():
                row['cpu.' + tier] = ms
            row['cpu.stack'] = w.get('sutCpuMillisPerUnit')
            out.append(row)
    return out

def mann_kendall(x, y):
    n = len(y)
    s = sum((y[j] > y[i]) - (y[j] < y[i]) for i in range(n) for j in range(i + 1, n))
    var = n * (n - 1) * (2 * n + 5) / 18
    z = 0 if s == 0 else (s - math.copysign(1, s)) / math.sqrt(var)
    p = math.erfc(abs(z) / math.sqrt(2))
    slopes = [(y[j] - y[i]) / (x[j] - x[i]) for i in range(n) for j in range(i + 1, n) if x[j] != x[i]]
    return statistics.median(slopes), p

def main(run_dir, edge, step_name):
    data = [r for r in rows(run_dir, step_name) if r['from'] is not None]
    if len(data) < 3:
        sys.exit('soak.py: fewer than 3 repetitions with a window in ' + run_dir)
    start = min(r['from'] for r in data)
    for r in data:
        r['minute'] = (r['from'] - start) / 60000
    end = max(r['minute'] for r in data)
    names = sorted({k for r in data for k in r if k.startswith(('rss.', 'heap.', 'cpu.'))})
    print('step %s: %d repetitions over %.1f minutes; first and last %g minutes compared' % (
        data[0]['step'], len(data), end, edge))
    print('%-18s %10s %10s %8s %12s %7s' % ('series', 'first', 'last', 'change', 'slope/hour', 'p'))
    for name in names:
        pts = [(r['minute'], r[name]) for r in data if r.get(name) is not None]
        if len(pts) < 3:
            continue
        first = [v for m, v in pts if m <= edge]
        last = [v for m, v in pts if m >= end - edge]
        slope, p = mann_kendall([m for m, _ in pts], [v for _, v in pts])
        f, l = statistics.median(first), statistics.median(last)
        print('%-18s %10.1f %10.1f %+7.1f%% %+12.2f %7.3f' % (
            name, f, l, 100 * (l / f - 1) if f else float('nan'), 60 * slope, p))

if __name__ == '__main__':
    args = sys.argv[1:]
    options = {'--edge': '10', '--step': None}
    for option in options:
        if option in args:
            i = args.index(option)
            options[option] = args[i + 1]
            del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    main(args[0], float(options['--edge']), options['--step'])

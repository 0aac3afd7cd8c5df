#!/usr/bin/env python3
"""Where a command's CPU goes, by kind of process: samples /proc every 0.5 s until the file STOP
exists, keeps each process's CPU (user, system) since the census began (processes alive at its
start count from their first sample) and its kind (a java process by its -jar, re-read when the
process execs), and writes CPU seconds per kind to OUT. Processes that live under 0.5 s are missed.
Linux only. Usage: cpu-census.py OUT STOP (benchmarks/verify-census.sh runs it around a verify)."""
import os, sys, time, collections
out, stop = sys.argv[1], sys.argv[2]
tck = os.sysconf('SC_CLK_TCK')
last = {}  # (pid, starttime) -> [cat, ut, st, ut0, st0, comm]
def cat(pid):
    try:
        cmd = open(f'/proc/{pid}/cmdline','rb').read().split(b'\0')
    except Exception:
        return None
    cmd = [c.decode(errors='replace') for c in cmd if c]
    if not cmd: return 'kernel'
    exe = os.path.basename(cmd[0])
    if exe == 'java':
        for i,c in enumerate(cmd):
            if c == '-jar' and i+1 < len(cmd):
                j = os.path.basename(cmd[i+1])
                return 'java:surefire-fork' if j.startswith('surefirebooter') else 'java:' + j
            if 'plexus-classworlds' in c: return 'java:maven'
        return 'java:other ' + ' '.join(cmd[1:3])[:60]
    if 'postgres' in cmd[0]:
        if 'autovacuum' in cmd[0]: return 'postgres:autovacuum'
        return 'postgres'
    return exe[:30]
first = True
while not os.path.exists(stop):
    for d in os.listdir('/proc'):
        if not d.isdigit(): continue
        try:
            s = open(f'/proc/{d}/stat').read()
        except Exception:
            continue
        lp = s.find('('); rp = s.rfind(')'); comm = s[lp+1:rp]; f = s[rp+2:].split()
        ut, st, start = int(f[11]), int(f[12]), int(f[19])
        key = (int(d), start)
        e = last.get(key)
        if e is None:
            c = cat(d)
            if c is None: continue
            last[key] = [c, ut, st, ut if first else 0, st if first else 0, comm]
        else:
            e[1], e[2] = ut, st
            if comm != e[5]:
                c = cat(d)
                if c: e[0] = c
                e[5] = comm
    first = False
    time.sleep(0.5)
tot = collections.defaultdict(lambda: [0.0, 0.0, 0])
for (pid, _), (c, ut, st, ut0, st0, comm) in last.items():
    t = tot[c]; t[0] += (ut-ut0)/tck; t[1] += (st-st0)/tck; t[2] += 1
rows = sorted(tot.items(), key=lambda kv: -(kv[1][0]+kv[1][1]))
with open(out, 'w') as fh:
    fh.write('  cpu s     user s    sys s  procs  category\n')
    for c, (u, s_, n) in rows:
        fh.write(f'{u+s_:9.1f} {u:9.1f} {s_:8.1f} {n:6d}  {c}\n')

#!/usr/bin/env python3
"""Idle CPU of a foreground `./tunelab stack up` (run from the checkout): CPU per process kind, counted
from 30 s to 90 s after its start, in % of one core. Extra arguments go to `stack up`."""
import os, subprocess, time, signal, collections, sys
TICK = os.sysconf('SC_CLK_TCK')
def kind(cmd):
    if 'postgres' in cmd: return 'postgres'
    for k,pat in [('middleware','tunelab-middleware'),('broker','tunelab-broker'),('mocks','tunelab-mocks'),('cli','tunelab-cli')]:
        if pat in cmd: return k
    return None
def snap():
    agg = collections.defaultdict(float)
    for d in os.listdir('/proc'):
        if not d.isdigit(): continue
        try:
            cmd = open(f'/proc/{d}/cmdline','rb').read().replace(b'\0',b' ').decode(errors='replace')
            k = kind(cmd)
            if not k: continue
            s = open(f'/proc/{d}/stat').read(); r = s[s.rfind(')')+2:].split()
            agg[k] += (int(r[11]) + int(r[12])) / TICK
        except Exception: pass
    return agg
p = subprocess.Popen(['./tunelab', 'stack', 'up'] + sys.argv[1:], stdout=subprocess.DEVNULL, stderr=open('/tmp/idle-stack.err','w'))
time.sleep(30); a = snap(); t0 = time.time()
time.sleep(60); b = snap(); dt = time.time() - t0
p.send_signal(signal.SIGINT); p.wait(60)
for k in sorted(b): print(f'{k:12s} {100*(b[k]-a.get(k,0))/dt:6.2f}% of a core idle')

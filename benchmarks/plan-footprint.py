#!/usr/bin/env python3
"""How many main files outside each plan's room name the plan (issue 30's "a new plan touches at
most 6 files outside its own room"), at a commit: `python3 benchmarks/plan-footprint.py [REV]`.

A plan's room is `harness/run/src/main/java/io/tunelab/run/plans/<room>/` and below. A main Java
file of harness/ outside it (the middleware under test excluded) names the plan when a line that
is not a comment holds its `Plan` constant, its room's package, its YAML name in quotes, a class of
its room, or a type only that plan has (listed below by hand, those living outside the room at
some commit). A services file (`META-INF/services/`, where a room is registered: its knobs,
findings and measures, in one file since 189d3ff) that names a class of the room counts
as a file outside it too. A plan that brings its own back-end (messaging's device-driver mock) also
names it outside its room where a back-end is declared or a user's file or option names it (its
`Backend` constant; its `stack up` port option until 370eb19 made the options from the constants;
its `Endpoints` field until those held a URL by back-end; at 3de0f37 also the mocks tier, the
stack's config and the providers): those files are counted apart, by the back-end's names (its
`Backend` constant, its endpoint, port and options). The containers' files (the mocks image's
Dockerfile, compose.yml), not Java, are not counted.
Prints each plan's room size and the files outside that name it; a measurement of the code, not a
test.

The hand list is checked by a scan printed last: every main type outside the rooms that code
outside the core names only from one plan's room. Each is that plan's own (then listed below) or
shared by design; a new one is to be judged. Judged shared so far: the knob machinery a room's
knobs are built with (KnobChoice, KnobList, KnobRule, KnobSource, KnobTypes) and the studies'
names (Studies), the findings' seam a room's rules plug into (FindingSource) and what they judge
with (QueueRise), the figure any plan may give the harness-heavy finding of its load tier
(LoadTierAdvice), the arrival analysis of any open-model plan (ArrivalReport), and a name clash
(Summary).
"""
import os, re, subprocess, sys

REV = sys.argv[1] if len(sys.argv) > 1 else 'HEAD'
PLANS = {  # yaml name: (room, Plan constant, types only it has, its own back-end's names or None)
    'batch-order': ('batchorder', 'BATCH_ORDER',
                    ['Accounting', 'DrainMetrics', 'BatchOrderMeasures', 'OrderAccounting',
                     'OrdersCsv', 'BatchOrderPlan', 'SizeMix', 'BesideUsers'], None),
    'messaging': ('messaging', 'MESSAGING',
                  ['MessagingMeasures', 'MessagingPlan', 'MessageMetrics', 'MessageAccounting',
                   'MessagingQueues', 'MessageLedger', 'FinishedMessages', 'ReplyQueueWatch'],
                  # the device-driver mock, which only this plan calls: its Backend constant, its
                  # endpoint, port, URL and options (not JDBC's Driver or DriverManager)
                  r'\bDRIVER\b|\bdriver(Port|Url)?\(\)|\bhasDriver\b|\bdriverPort\b|"(--)?driver(-port)?"'
                  r'|mocks\.driver|DRIVER_(PORT|URL)|\bint driver\b|\bString driver\b|noDriver'),
    'concurrent-soap': ('soap', 'CONCURRENT_SOAP', ['ConcurrentSoapPlan', 'ConcurrentSoapResult'],
                        None),
    'sort-requests': ('sort', 'SORT_REQUESTS', ['SortRequestPlan', 'SortRequestResult'], None),
}


def git(*args):
    return subprocess.run(['git', *args], capture_output=True, text=True, check=True).stdout


def main():
    files = [f for f in git('ls-tree', '-r', '--name-only', REV, 'harness/').split()
             if '/src/main/java/' in f and f.endswith('.java')
             and not f.startswith('harness/middleware/')]
    code = {}
    for f in files:
        lines = git('show', f'{REV}:{f}').splitlines()
        code[f] = '\n'.join(l for l in lines if not re.match(r'\s*(\*|//|/\*)', l))
    # the rooms' providers are named in META-INF/services, outside the room's package
    services = [f for f in git('ls-tree', '-r', '--name-only', REV, 'harness/').split()
                if '/src/main/resources/META-INF/services/' in f]
    for f in services:
        code[f] = git('show', f'{REV}:{f}')
    for name, (room, constant, own, backend) in PLANS.items():
        inside = f'/run/plans/{room}/'
        room_files = [f for f in files if inside in f]
        classes = [os.path.basename(f)[:-5] for f in room_files]
        names = re.compile(r'\b' + constant + r'\b|plans\.' + room + r'\b|"' + name + r'"|\b('
                           + '|'.join(classes + own) + r')\b')
        outside = [f for f in files + services if inside not in f and names.search(code[f])]
        own_backend = [f for f in files if backend and inside not in f and f not in outside
                       and re.search(backend, code[f])]
        print(f'{name}: room {len(room_files)} files, {len(outside)} outside it name it'
              + (f', {len(own_backend)} more name only its own back-end' if backend else ''))
        for f in outside:
            print('   ', f.split('/src/main/java/io/tunelab/')[1] if '/java/' in f
                  else f.split('/src/main/resources/')[1])
        for f in own_backend:
            print('    (back-end)', f.split('/src/main/java/io/tunelab/')[1])
    listed = {t for _, (_, _, own, _) in PLANS.items() for t in own}
    print('types outside the rooms that only one room names outside the core (hand list: *):')
    for f in files:
        if '/run/plans/' in f:
            continue
        name = os.path.basename(f)[:-5]
        pattern = re.compile(r'\b' + name + r'\b')
        users = [g for g in files if g != f and pattern.search(code[g])]
        rooms = {re.search(r'/run/plans/(\w+)/', g).group(1) for g in users if '/run/plans/' in g}
        elsewhere = [g for g in users if '/run/plans/' not in g and not g.startswith('harness/core/')]
        if len(rooms) == 1 and not elsewhere:
            print(f"    {'*' if name in listed else ' '} {name} ({rooms.pop()})")


if __name__ == '__main__':
    main()

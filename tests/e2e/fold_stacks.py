#!/usr/bin/env python3
"""Folds `perf script` text into "comm;outer;...;leaf weight" lines, following the parsing rules
of FlameGraph's stackcollapse-perf.pl (as described in docs: consumers-and-conventions.md 1.1):
'#' lines skipped; only an exactly empty line ends a sample; the header must start with a
non-space char; period/event from the end of the header line; the first event seen is the only
one kept; frames are `pc func (module)` with greedy captures, +0x offsets stripped, [unknown]
replaced by the module basename, ';' -> ':', text from the first '(' dropped, quotes deleted.
Weights are summed periods. Output is sorted. Written for cperf's tests (not a copy)."""
import re
import sys

HEADER = re.compile(r'^(\S.+?)\s+(\d+)/*(\d+)*\s+')
EVENT = re.compile(r':\s*(\d+)*\s+(\S+):\s*$')
FRAME = re.compile(r'^\s*(\w+)\s*(.+) \((.*)\)')


def clean(func, module):
    func = re.sub(r'\+0x[\da-f]+$', '', func)
    if func.startswith('('):
        return None
    if func == '[unknown]':
        base = module.rsplit('/', 1)[-1]
        func = '[%s]' % base if module != '[unknown]' else '[unknown]'
    func = func.replace(';', ':')
    m = re.search(r'(?<!\.)\((?!anonymous namespace)', func)
    if m and m.start() > 0:
        func = func[:m.start()]
    return func.replace("'", '').replace('"', '')


def fold(lines):
    counts = {}
    event_filter = None
    comm, period, event, stack, in_sample = None, 1, None, [], False
    for line in lines:
        line = line.rstrip('\n')
        if line.startswith('#'):
            continue
        if line == '':
            if in_sample and (event_filter is None or event == event_filter):
                key = ';'.join([comm] + stack[::-1])
                counts[key] = counts.get(key, 0) + period
            comm, period, event, stack, in_sample = None, 1, None, [], False
            continue
        if not in_sample:
            m = HEADER.match(line)
            if not m:
                continue
            in_sample = True
            comm = m.group(1).replace(' ', '_')
            e = EVENT.search(line)
            period = int(e.group(1)) if e and e.group(1) else 1
            event = e.group(2) if e else None
            if event_filter is None and event is not None:
                event_filter = event
            continue
        m = FRAME.match(line)
        if not m:
            print('Unrecognized line: ' + line, file=sys.stderr)
            continue
        f = clean(m.group(2), m.group(3))
        if f is not None:
            stack.append(f)
    return sorted('%s %d' % kv for kv in counts.items())


if __name__ == '__main__':
    src = open(sys.argv[1], errors='replace') if len(sys.argv) > 1 else sys.stdin
    sys.stdout.write(''.join(l + '\n' for l in fold(src)))

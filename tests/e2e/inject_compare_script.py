#!/usr/bin/env python3
"""Compares upstream perf 7.2's merged `perf script` of a deferred recording (EXPECTED) with
perf 6.1's `perf script` of `cperf inject --merge-callchains` output (ACTUAL), sample by sample,
field by field: comm, tid, time, period, event and the frame list. Column widths are ignored
(6.1 prints narrower columns). Samples are matched by (time, tid).

Differences that come from the readers rather than from the injected file are accepted and
counted, each class named in the summary:
  cookie   7.2 prints an unmerged sample's cookie as a last `[unknown]` or `(cookie)` frame;
           the injected sample keeps only its kernel part (the cookie is not an address).
  late     7.2 resolves a merged sample when its deferred chain arrives, 6.1 at the sample's
           own time: user frames taken during exec (before the new image is mapped) show the
           same address as `[unknown]`, and a sample delivered after its thread exited is
           named `:TID` by 7.2.
  alias    6.1 and 7.2 name some user addresses differently (inlined/ifunc aliases): the frame
           matches when the `+offset` part is the same. (6.1 also prints resolved user
           addresses relative to their map; resolved user frames are compared by symbol+dso.)
Anything else is a difference and fails.

usage: inject_compare_script.py EXPECTED ACTUAL   (either may be .gz)"""
import collections
import gzip
import re
import sys

HEADER = re.compile(r'^\s*(.+?)\s+(\d+)(?:/\d+)?\s+(?:\[\d+\]\s+)?(\d+\.\d+):\s+(\d+)\s+(\S+?):?\s*$')
FRAME = re.compile(r'^\s*([0-9a-f]+)\s+(.*?)\s+\((.*)\)\s*$')


def read(path):
    opener = gzip.open if path.endswith('.gz') else open
    with opener(path, 'rt', errors='replace') as f:
        text = f.read()
    samples = {}
    for block in text.split('\n\n'):
        lines = [l for l in block.split('\n') if l.strip()]
        if not lines:
            continue
        m = HEADER.match(lines[0])
        if not m:
            samples[('?', lines[0])] = None
            continue
        comm, tid, time, period, event = m.groups()
        frames = []
        for l in lines[1:]:
            fm = FRAME.match(l)
            frames.append(fm.groups() if fm else (l.strip(), '', ''))
        samples.setdefault((time, tid), []).append((comm.strip(), period, event.rstrip(':'), frames))
    return samples


def offset(sym):
    i = sym.rfind('+0x')
    return sym[i:] if i >= 0 else None


def frame_diff(e, a):
    """None if equal, else the accepted class name, else 'bad'."""
    if e == a:
        return None
    ea, es, ed = e
    aa, as_, ad = a
    kernel = ed == '[kernel.kallsyms]' or ad == '[kernel.kallsyms]'
    if not kernel and es != '[unknown]' and (es, ed) == (as_, ad):
        return None  # 6.1 prints this user address relative to its map
    if as_ == '[unknown]' and es != '[unknown]' and not kernel and int(aa, 16) == int(ea, 16):
        return 'late'
    if not kernel and as_ != '[unknown]' and es != '[unknown]' and offset(es) and offset(es) == offset(as_):
        return 'alias'
    return 'bad'


def compare(exp, act, counts, bad):
    for key in sorted(set(exp) | set(act)):
        e, a = exp.get(key), act.get(key)
        if e is None or a is None or len(e) != len(a):
            bad.append((key, 'sample missing on one side'))
            continue
        for (ecomm, eper, eev, ef), (acomm, aper, aev, af) in zip(e, a):
            if (eper, eev) != (aper, aev):
                bad.append((key, f'header {eper} {eev} vs {aper} {aev}'))
                continue
            if ecomm != acomm:
                if ecomm == ':' + key[1]:
                    counts['late'] += 1
                else:
                    bad.append((key, f'comm {ecomm} vs {acomm}'))
                    continue
            if len(ef) == len(af) + 1 and (ef[-1][1] in ('[unknown]', '(cookie)')):
                counts['cookie'] += 1
                ef = ef[:-1]
            if len(ef) != len(af):
                bad.append((key, f'{len(ef)} frames vs {len(af)}'))
                continue
            for fe, fa in zip(ef, af):
                d = frame_diff(fe, fa)
                if d == 'bad':
                    bad.append((key, f'frame {" ".join(fe)} vs {" ".join(fa)}'))
                    break
                if d:
                    counts[d] += 1


def main():
    exp, act = read(sys.argv[1]), read(sys.argv[2])
    counts, bad = collections.Counter(), []
    compare(exp, act, counts, bad)
    n = sum(len(v or []) for v in exp.values())
    accepted = ', '.join(f'{k} {v}' for k, v in sorted(counts.items())) or 'none'
    print(f'{n} samples; accepted differences: {accepted}; other differences: {len(bad)}')
    for key, what in bad[:5]:
        print(f'  {key[0]} tid {key[1]}: {what}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""Compares the callchain frames of two `perf script` outputs sample by sample.

Frames are compared by their address's low 12 bits: perf 6.1 prints unwound user frames
map-relative and perf 7.2/cperf absolute, and a map starts on a page. Prints one line per
differing sample (index, then each side's frames in hex) and a summary; --expect-differ N
makes the exit status 0 only when exactly the samples listed differ."""
import re
import sys


def samples(path):
    out, cur = [], None
    with open(path, errors="replace") as f:
        for line in f:
            if not line.strip():
                if cur is not None:
                    out.append(cur)
                cur = None
                continue
            if not line[0].isspace():
                if cur is not None:
                    out.append(cur)
                cur = []
                continue
            m = re.match(r"\s+([0-9a-f]+) ", line)
            if m and cur is not None:
                cur.append(int(m.group(1), 16) & 0xFFF)
    if cur is not None:
        out.append(cur)
    return out


def main():
    a, b = samples(sys.argv[1]), samples(sys.argv[2])
    allowed = {int(x) for x in sys.argv[3].split(",") if x} if len(sys.argv) > 3 else set()
    if len(a) != len(b):
        print(f"sample counts differ: {len(a)} vs {len(b)}")
        return 1
    differ = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    for i in differ[:5]:
        print(f"  sample {i}: {[hex(v) for v in a[i]]}\n  {'':>9}  {[hex(v) for v in b[i]]}")
    print(f"{len(a)} samples, {len(a) - len(differ)} with the same frames")
    return 0 if set(differ) == allowed else 1


sys.exit(main())

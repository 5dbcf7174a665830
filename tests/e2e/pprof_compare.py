#!/usr/bin/env python3
"""Compares a pprof profile, as Google's pprof prints it, with cperf's own views of the same
perf.data file (used by data_convert_pprof.sh):

  pprof_compare.py top PPROF_TOP REPORT     pprof -top -noinlines flat% per function equals
                                            report --no-children -s sym's percent per symbol
                                            (names report shows once)
  pprof_compare.py traces PPROF_TRACES SCRIPT SCRIPT_G
                                            pprof -traces -noinlines (sample counts) equals the
                                            stacks of script --no-inline -F comm,tid,ip,sym,
                                            counted per comm, tid and stack (SCRIPT_G: the same
                                            with -G, for samples without a call chain)

Addresses without a symbol (pprof: 0x..., cperf: [unknown] or [.] 0x...) compare as "?".
Prints the differences and exits 1 when there are any.
"""
import collections
import re
import sys


def is_address(name):
    # pprof names a location without a function by its address, or by its mapping's file
    # ("[busybox]"), or "<unknown>"
    return re.fullmatch(r"(0x)?[0-9a-f]+|\[.*\]|<unknown>", name) is not None


def report_percents(path):
    out = collections.Counter()
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"\s+(\d+\.\d\d)%\s+\[.\] (.*?)\s*$", line)
        if m and not is_address(m.group(2)):
            out[(m.group(2), m.group(1))] += 1
    return out


def unique_names(counter):
    """Names of one entry only: pprof merges a dso's functions of equal names (local symbols),
    which report keeps apart by address."""
    seen = collections.Counter(name for name, _ in counter.elements())
    return {k: v for k, v in counter.items() if seen[k[0]] == 1}


def pprof_percents(path):
    out = collections.Counter()
    rows = False
    for line in open(path, encoding="utf-8", errors="replace"):
        if line.lstrip().startswith("flat"):
            rows = True
            continue
        if not rows:
            continue
        parts = line.split(None, 5)
        if len(parts) == 6 and parts[1].endswith("%") and not is_address(parts[5].strip()):
            pct = parts[1][:-1]
            if float(pct) > 0:
                out[(parts[5].strip(), "%.2f" % float(pct))] += 1
    return out


def frame_name(text):
    text = text.strip()
    if text == "[unknown]" or is_address(text):
        return "?"
    return re.sub(r" \(inlined\)$", " (inline)", text)


def script_leaves(path):
    """Each sample's own symbol, from script -G (comm, tid, ip, sym per line)."""
    leaves = []
    for line in open(path, encoding="utf-8", errors="replace"):
        parts = line.split(None, 3)
        if len(parts) >= 3:
            leaves.append(frame_name(parts[3] if len(parts) == 4 else "?"))
    return leaves


def script_stacks(path, leaves):
    """Stacks per sample; an empty call chain (perf prints none) is the sample's own address,
    which is what a profile keeps."""
    out = collections.Counter()
    head, frames, n = None, [], 0
    for line in open(path, encoding="utf-8", errors="replace").read().split("\n") + [""]:
        if not line.strip():
            if head:
                if not frames and n < len(leaves):
                    frames = [leaves[n]]
                out[(head[0], head[1], tuple(frames))] += 1
                n += 1
            head, frames = None, []
        elif line.startswith("\t") or line.startswith(" " * 8):
            parts = line.strip().split(None, 1)
            frames.append(frame_name(parts[1] if len(parts) > 1 else "?"))
        else:
            m = re.match(r"\s*(.*?)\s+(\d+)\s*$", line)
            head = (m.group(1), m.group(2)) if m else None
    return out


def pprof_stacks(path):
    out = collections.Counter()
    labels, value, frames = {}, 0, []
    def flush():
        if frames:
            out[(labels.get("comm", ""), labels.get("tid", ""), tuple(frames))] += value
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("-----------+"):
            flush()
            labels, value, frames = {}, 0, []
            continue
        m = re.match(r"\s+(\w+):\s+(.*)$", line)
        if m and not frames:
            labels[m.group(1)] = m.group(2).strip()
            continue
        m = re.match(r"\s+(\d+)\s{3}(.*)$", line)
        if m and not frames:
            value = int(m.group(1))
            frames.append(frame_name(m.group(2)))
        elif frames and line.strip():
            frames.append(frame_name(line))
    flush()
    return out


def main():
    mode, pprof_out, cperf_out = sys.argv[1:4]
    if mode == "top":
        want = collections.Counter(unique_names(report_percents(cperf_out)))
        names = {name for name, _ in want}
        got = collections.Counter({k: v for k, v in pprof_percents(pprof_out).items() if k[0] in names})
    else:
        want, got = script_stacks(cperf_out, script_leaves(sys.argv[4])), pprof_stacks(pprof_out)
    if not want:
        print("nothing to compare in " + cperf_out)
        return 1
    if want == got:
        print("%s: %d entries equal" % (mode, sum(want.values())))
        return 0
    for key in sorted(set(want) | set(got), key=str):
        if want[key] != got[key]:
            print("  %s: cperf %d, pprof %d" % (key, want[key], got[key]))
    return 1


if __name__ == "__main__":
    sys.exit(main())

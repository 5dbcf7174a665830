#!/usr/bin/env python3
"""Writes tests/data/generations/: the same small recording (the /bench/deep map of perf6.1,
three cpu-clock samples with callchains) in each perf.data layout perf has written over its
history: every perf_event_attr size from the first (64 bytes, perf 2.6.3x) to perf 7's (136),
the file header without the feature bitmap (perf before 3.x), and the legacy "PERFFILE" magic,
whose byte order perf guesses from the attr size.

  python3 make-files.py      # rewrites data/*.data (deterministic)

perf 7.2's output for them is in expected/ (tests/data/gen-golden.sh generations)."""
import os
import struct
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "synthetic"))
import perfdata_builder as B  # noqa: E402
from perfdata_builder import KCHAIN, PID, T0, USER, File, pk  # noqa: E402

IP, TID, TIME, CALLCHAIN, PERIOD = 0x1, 0x2, 0x4, 0x20, 0x100
FLAGS = (1 << 8) | (1 << 9) | (1 << 13) | (1 << 18) | (1 << 23) | (1 << 24)
# PERF_ATTR_SIZE_VER0..VER8
ATTR_SIZES = [64, 72, 80, 96, 104, 112, 120, 128, 136]


def build(attr_size, sample_id_all=True):
    flags = FLAGS if sample_id_all else FLAGS & ~(1 << 18)
    f = File(attr_size=attr_size, sample_type=IP | TID | TIME | CALLCHAIN | PERIOD, flags=flags)
    f.features = {3: File.string_feature(b"builder"), 7: pk("II", 2, 2)}
    if not sample_id_all:
        f.sid = lambda tid, time: b""
    f.setup()
    t = T0 + 10_000
    for i in range(3):
        chain = KCHAIN + [0xFFFFFFFFFFFFFE00] + USER   # PERF_CONTEXT_USER, then user frames
        f.rec(9, 1, pk("QIIQQQ", KCHAIN[1], PID, PID, t + 1000 * i, 1000000, len(chain))
              + pk("%dQ" % len(chain), *chain))
    return f


def out(name):
    return os.path.join(here, "data", name + ".data")


for size in ATTR_SIZES:
    build(size).write(out("attr%d" % size))
# Before sample_id_all (perf < 2.6.38): side-band records carry no pid/tid/time trailer.
build(64, sample_id_all=False).write(out("attr64-no-sample-id"))


def rewrite(src, dst, edit):
    data = bytearray(open(out(src), "rb").read())
    edit(data)
    open(out(dst), "wb").write(bytes(data))


# perf before 3.x: a 72-byte file header (no feature bitmap), so no features.
def old_header(d):
    struct.pack_into("<Q", d, 8, 72)
rewrite("attr72", "header72", old_header)


# The legacy magic "PERFFILE": perf tells the byte order from attrs' entry size.
def legacy_magic(d):
    d[0:8] = b"PERFFILE"
rewrite("attr72", "legacy-magic", legacy_magic)

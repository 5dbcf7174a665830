#!/usr/bin/env python3
"""Writes tests/data/inject/data/*.data: recordings whose maps name the fixture binaries at
/tmp/cperf-inject-fixture (put there by place-fixture.sh), for the goldens of the inject
options that read dsos at their recorded paths (-b, --buildid-all, --known-build-ids).

  python3 make-files.py      # rewrites data/*.data (deterministic)"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "synthetic"))
from perfdata_builder import *  # noqa: E402,F401,F403 (File, pk, pad8, constants)

U = 0xFFFFFFFFFFFFFE00   # PERF_CONTEXT_USER
FIXTURE = b"/tmp/cperf-inject-fixture"
# IP|TID|TIME|CALLCHAIN|PERIOD, no deferred callchains
CG = dict(sample_type=0x1 | 0x2 | 0x4 | 0x20 | 0x100, flags=DEFER_FLAGS & ~((1 << 38) | (1 << 39)))
t = T0 + 10_000


def mmap2(f, start, length, pgoff, name, time):
    f.rec(10, 2, pk("IIQQQIIQQII", PID, PID, start, length, pgoff, 0xFE, 0, 13975556, 2434064629, 5, 2)
          + pad8(name) + f.sid(PID, time))


def sample(f, time, ip, chain):
    f.rec(9, 2, pk("QIIQQQ", ip, PID, PID, time, 1000000, len(chain)) + pk("%dQ" % len(chain), *chain))


def buildids(f):
    """deep (the exe) is hit by ips, mt only from a callchain, gone (no such file) by an ip,
    other (a copy of mt) never."""
    mmap2(f, 0x7f0000001000, 0x77000, 0x1000, FIXTURE + b"/mt", t - 30)
    mmap2(f, 0x7f1000000000, 0x1000, 0, FIXTURE + b"/gone", t - 20)
    mmap2(f, 0x7f2000001000, 0x77000, 0x1000, FIXTURE + b"/other", t - 10)
    sample(f, t, USER[0], [U, USER[0], 0x7f0000001100])
    sample(f, t + 100, 0x7f1000000100, [U, 0x7f1000000100])
    sample(f, t + 200, USER[1], [U, USER[1]])


f = File(exe=FIXTURE + b"/deep", **CG)
f.setup(kernel_map=False)
buildids(f)
f.write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "buildids.data"))

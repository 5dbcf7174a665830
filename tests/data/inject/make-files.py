#!/usr/bin/env python3
"""Writes tests/data/inject/data/*.data: recordings whose maps name the fixture binaries at
/tmp/cperf-inject-fixture (put there by place-fixture.sh), for the goldens of the inject
options that read dsos at their recorded paths (-b, --buildid-all, --known-build-ids,
--convert-callchain).

  python3 make-files.py      # rewrites data/*.data (deterministic)"""
import os
import struct
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


def renamed(src, dst, old, new):
    """A copy of the perf.data file src whose MMAP/MMAP2 records and build-id table name `new`
    where they named `old` (the records grow or shrink; the feature sections move with them)."""
    d = open(src, "rb").read()
    data_off, data_size = struct.unpack_from("<QQ", d, 40)
    pos, data = data_off, b""
    while pos < data_off + data_size:
        type_, misc, size = struct.unpack_from("<IHH", d, pos)
        rec = d[pos:pos + size]
        if type_ in (1, 10):
            at = 8 + (32 if type_ == 1 else 64)        # the name's offset
            name_len = rec.index(b"\0", at) - at + 1
            padded = (name_len + 7) // 8 * 8
            if rec[at:at + name_len - 1] == old:
                name = pad8(new)
                rec = rec[:at] + name + rec[at + padded:]
                rec = rec[:6] + pk("H", len(rec)) + rec[8:]
        data += rec
        pos += size
    delta = len(data) - data_size
    bits = int.from_bytes(d[72:104], "little")
    nfeat = bin(bits).count("1")
    table_at = data_off + data_size
    table, body = b"", d[table_at + 16 * nfeat:]
    for i in range(nfeat):
        off, size = struct.unpack_from("<QQ", d, table_at + 16 * i)
        table += pk("QQ", off + delta, size)
    # the build-id table's names are padded to 64 bytes: a name that fits keeps the size
    body = body.replace(old + b"\0" * (64 - len(old)), new + b"\0" * (64 - len(new)))
    out = d[:48] + pk("Q", len(data)) + d[56:data_off] + data + table + body
    open(dst, "wb").write(out)


f = File(exe=FIXTURE + b"/deep", **CG)
f.setup(kernel_map=False)
buildids(f)
here = os.path.dirname(os.path.abspath(__file__))
f.write(os.path.join(here, "data", "buildids.data"))
# perf6.1's --call-graph dwarf recording of /bench/deep, mapping it from the fixture instead
# (for --convert-callchain, which unwinds with the binary at its recorded path)
renamed(os.path.join(here, "..", "perf6.1", "data", "dwarf.data"), os.path.join(here, "data", "dwarf.data"),
        b"/bench/deep", FIXTURE + b"/deep")

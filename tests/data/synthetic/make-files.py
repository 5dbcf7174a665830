#!/usr/bin/env python3
"""Writes the synthetic perf.data files of tests/data/synthetic/data/: one file per deferred-
callchain corner case that real recordings rarely show. Each is a tiny perf.data (file format,
no feature sections) with one cpu-clock event (defer_callchain, sample_id_all), the kernel
and /bench/deep maps of tests/data/perf6.1 (so symbols resolve with that set's kallsyms and
symfs), and samples whose user part is a PERF_CONTEXT_USER_DEFERRED cookie.

  python3 make-files.py      # rewrites data/*.data (deterministic)

perf 7.2's output for them is in expected/ (tests/data/gen-golden.sh synthetic)."""
import os
import struct

PID = 19838
K = 0xFFFFFFFFFFFFFF80          # PERF_CONTEXT_KERNEL
UD = 0xFFFFFFFFFFFFFD80         # PERF_CONTEXT_USER_DEFERRED
KCHAIN = [K, 0xFFFFFFFF821ECC26, 0xFFFFFFFF81000130]   # do_syscall_64 <- entry_SYSCALL_64...
USER = [0x4017CF, 0x40182E, 0x40182E]                   # spin <- level <- level
USER2 = [0x419147, 0x40183F]                            # __getppid <- level
SAMPLE_TYPE = 0x1 | 0x2 | 0x4 | 0x20 | 0x100            # IP|TID|TIME|CALLCHAIN|PERIOD
T0 = 359_272_000_000


def pad8(b):
    return b + b"\0" * (8 - len(b) % 8 if len(b) % 8 else 8)


class File:
    def __init__(self):
        self.data = b""

    def rec(self, type_, misc, body):
        self.data += struct.pack("<IHH", type_, misc, 8 + len(body)) + body

    @staticmethod
    def sid(tid, time):
        return struct.pack("<IIQ", PID, tid, time)

    def setup(self):
        # perf's synthesized kernel map and the workload's exec + text map.
        self.rec(1, 1, struct.pack("<IIQQQ", 0xFFFFFFFF, 0, 0xFFFFFFFF81000000, 0x12090C8,
                                   0xFFFFFFFF81000000) + pad8(b"[kernel.kallsyms]_text")
                 + self.sid(0, 0))
        self.rec(3, 0x2000, struct.pack("<II", PID, PID) + pad8(b"deep") + self.sid(PID, T0))
        self.rec(10, 2, struct.pack("<IIQQQIIQQII", PID, PID, 0x401000, 0x77000, 0x1000,
                                    0xFE, 0, 13975556, 2434064629, 5, 2)
                 + pad8(b"/bench/deep") + self.sid(PID, T0 + 1000))

    def comm(self, tid, name, time):
        self.rec(3, 0, struct.pack("<II", PID, tid) + pad8(name) + self.sid(tid, time))

    def sample(self, tid, time, cookie, ip=KCHAIN[1]):
        chain = KCHAIN + [UD, cookie]
        self.rec(9, 1, struct.pack("<QIIQQQ", ip, PID, tid, time, 1000000, len(chain))
                 + struct.pack("<%dQ" % len(chain), *chain))

    def deferred(self, tid, time, cookie, ips=USER):
        self.rec(22, 2, struct.pack("<QQ", cookie, len(ips)) + struct.pack("<%dQ" % len(ips), *ips)
                 + self.sid(tid, time))

    def exit(self, tid, time):
        self.rec(4, 0, struct.pack("<IIIIQ", PID, PID, tid, PID, time) + self.sid(tid, time))

    def switch(self, tid, time, out, cpu_wide_next=None):
        misc = 0x2000 if out else 0  # PERF_RECORD_MISC_SWITCH_OUT
        if cpu_wide_next is None:
            self.rec(14, misc, self.sid(tid, time))
        else:
            self.rec(15, misc, struct.pack("<II", cpu_wide_next, cpu_wide_next) + self.sid(tid, time))

    def lost(self, tid, time, n):
        self.rec(2, 0, struct.pack("<QQ", 0, n) + self.sid(tid, time))
        self.rec(13, 0, struct.pack("<Q", n + 1) + self.sid(tid, time + 1))

    def round(self):
        self.rec(68, 0, b"")

    def write(self, path):
        attr = struct.pack("<IIQQQQQIIQQQQIiQIHHIIQQ",
                           1, 136, 0, 1000, SAMPLE_TYPE, 0,
                           (1 << 8) | (1 << 9) | (1 << 13) | (1 << 18) | (1 << 23) | (1 << 24)
                           | (1 << 38) | (1 << 39),
                           0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        assert len(attr) == 136
        attrs_off = 104
        attr_entry = attr + struct.pack("<QQ", 0, 0)
        data_off = attrs_off + len(attr_entry)
        header = struct.pack("<8sQQQQQQQQ", b"PERFILE2", 104, len(attr_entry), attrs_off,
                             len(attr_entry), data_off, len(self.data), 0, 0) + b"\0" * 32
        with open(path, "wb") as f:
            f.write(header + attr_entry + self.data)


def scenario(name, build):
    f = File()
    f.setup()
    build(f)
    f.write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", name + ".data"))


t = T0 + 10_000
# The record's cookie is not the sample's: perf prints the sample without a user chain.
scenario("cookie-mismatch", lambda f: (f.sample(PID, t, 0x10), f.deferred(PID, t + 100, 0x11)))
# Two samples of one kernel entry wait for the same record.
scenario("two-waiting", lambda f: (f.sample(PID, t, 0x20), f.sample(PID, t + 50, 0x20),
                                   f.deferred(PID, t + 100, 0x20)))
# The record never arrives.
scenario("never-arriving", lambda f: (f.sample(PID, t, 0x30), f.sample(PID, t + 200, 0x31),
                                      f.deferred(PID, t + 300, 0x31, USER2)))
# The same record twice.
scenario("duplicated", lambda f: (f.sample(PID, t, 0x40), f.deferred(PID, t + 100, 0x40),
                                  f.deferred(PID, t + 100, 0x40)))
# The record comes in a later FINISHED_ROUND than its sample.
scenario("later-round", lambda f: (f.sample(PID, t, 0x50), f.round(),
                                   f.sample(PID + 1, t + 20, 0x51), f.round(),
                                   f.deferred(PID, t + 100, 0x50), f.round(),
                                   f.deferred(PID + 1, t + 120, 0x51, USER2)))
# Side-band records for --show-switch-events / --show-lost-events / --show-task-events.
scenario("side-band", lambda f: (f.switch(PID, t - 50, False), f.sample(PID, t, 0x70),
                                 f.lost(PID, t + 10, 3), f.deferred(PID, t + 100, 0x70),
                                 f.switch(PID, t + 150, True), f.switch(PID, t + 160, True, 4242),
                                 f.comm(PID, b"deep2", t + 170), f.exit(PID, t + 180)))
# The thread exits before returning to user space: no record, then its EXIT.
scenario("thread-exit", lambda f: (f.comm(PID + 1, b"worker", t - 10), f.sample(PID + 1, t, 0x60),
                                   f.exit(PID + 1, t + 100), f.sample(PID, t + 150, 0x61),
                                   f.deferred(PID, t + 200, 0x61)))

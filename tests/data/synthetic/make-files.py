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


# The byte order files are written in: "<" (little endian), or ">" for the big-endian file.
E = "<"


def pk(fmt, *values):
    return struct.pack(E + fmt, *values)


def reverse_bits64(v):
    """A u64 of C bit fields as a big-endian compiler lays them out (first field at bit 63)."""
    return int(format(v, "064b")[::-1], 2)


def pad8(b):
    return b + b"\0" * (8 - len(b) % 8 if len(b) % 8 else 8)


# The deferred-callchain cases' attr flags: mmap, comm, task, sample_id_all, mmap2, comm_exec,
# defer_callchain, defer_output.
DEFER_FLAGS = ((1 << 8) | (1 << 9) | (1 << 13) | (1 << 18) | (1 << 23) | (1 << 24)
               | (1 << 38) | (1 << 39))


class File:
    """One perf.data being built. `attr` overrides fields of the single event's perf_event_attr
    (type, config, sample_type, flags, branch_sample_type); pipe=True writes the pipe format
    (a 16-byte header, then a HEADER_ATTR record) instead of the file format."""

    def __init__(self, pipe=False, **attr):
        self.data = b""
        self.pipe = pipe
        self.attr = dict(type=1, config=0, sample_type=SAMPLE_TYPE, flags=DEFER_FLAGS,
                         branch_sample_type=0)
        self.attr.update(attr)

    def rec(self, type_, misc, body):
        self.data += pk("IHH", type_, misc, 8 + len(body)) + body

    @staticmethod
    def sid(tid, time):
        return pk("IIQ", PID, tid, time)

    def setup(self, kernel_map=True):
        # perf's synthesized kernel map and the workload's exec + text map.
        if kernel_map:
            self.rec(1, 1, pk("IIQQQ", 0xFFFFFFFF, 0, 0xFFFFFFFF81000000, 0x12090C8,
                                       0xFFFFFFFF81000000) + pad8(b"[kernel.kallsyms]_text")
                     + self.sid(0, 0))
        self.rec(3, 0x2000, pk("II", PID, PID) + pad8(b"deep") + self.sid(PID, T0))
        self.rec(10, 2, pk("IIQQQIIQQII", PID, PID, 0x401000, 0x77000, 0x1000,
                                    0xFE, 0, 13975556, 2434064629, 5, 2)
                 + pad8(b"/bench/deep") + self.sid(PID, T0 + 1000))

    def comm(self, tid, name, time):
        self.rec(3, 0, pk("II", PID, tid) + pad8(name) + self.sid(tid, time))

    def sample(self, tid, time, cookie, ip=KCHAIN[1]):
        chain = KCHAIN + [UD, cookie]
        self.rec(9, 1, pk("QIIQQQ", ip, PID, tid, time, 1000000, len(chain))
                 + pk("%dQ" % len(chain), *chain))

    def deferred(self, tid, time, cookie, ips=USER):
        self.rec(22, 2, pk("QQ", cookie, len(ips)) + pk("%dQ" % len(ips), *ips)
                 + self.sid(tid, time))

    def exit(self, tid, time):
        self.rec(4, 0, pk("IIIIQ", PID, PID, tid, PID, time) + self.sid(tid, time))

    def switch(self, tid, time, out, cpu_wide_next=None):
        misc = 0x2000 if out else 0  # PERF_RECORD_MISC_SWITCH_OUT
        if cpu_wide_next is None:
            self.rec(14, misc, self.sid(tid, time))
        else:
            self.rec(15, misc, pk("II", cpu_wide_next, cpu_wide_next) + self.sid(tid, time))

    def lost(self, tid, time, n):
        self.rec(2, 0, pk("QQ", 0, n) + self.sid(tid, time))
        self.rec(13, 0, pk("Q", n + 1) + self.sid(tid, time + 1))

    def round(self):
        self.rec(68, 0, b"")

    # -- records of other perf versions and tools (perf stat record, perf record -b, Intel PT).

    def user(self, type_, body):
        """A user record (type >= 64): no sample_id trailer; the size padded to 8 bytes."""
        self.rec(type_, 0, body + b"\0" * (-len(body) % 8))

    @staticmethod
    def cpus_list(cpus):        # perf_record_cpu_map_data, PERF_CPU_MAP__CPUS (-1: any cpu)
        return pk("HH%dh" % len(cpus), 0, len(cpus), *cpus)

    @staticmethod
    def cpus_mask32(words):     # PERF_CPU_MAP__MASK with 32-bit words
        return pk("HHH%dI" % len(words), 1, len(words), 4, *words)

    @staticmethod
    def cpus_mask64(words):     # PERF_CPU_MAP__MASK with 64-bit words after 4 pad bytes
        return pk("HHH4x%dQ" % len(words), 1, len(words), 8, *words)

    @staticmethod
    def cpus_range(start, end, any_cpu=0):  # PERF_CPU_MAP__RANGE_CPUS (perf 6.2+)
        return pk("HBxHH", 2, any_cpu, start, end)

    def cpu_map(self, data):
        self.user(74, data)

    def thread_map(self, threads):
        self.user(73, pk("Q", len(threads))
                  + b"".join(pk("Q16s", pid, comm) for pid, comm in threads))

    def stat_config(self, terms):   # (tag, value) pairs
        self.user(75, pk("Q", len(terms))
                  + b"".join(pk("QQ", t, v) for t, v in terms))

    def stat(self, id_, cpu, thread, val, ena, run):
        self.user(76, pk("QiiQQQ", id_, cpu, thread, val, ena, run))

    def stat_round(self, type_, time):
        self.user(77, pk("QQ", type_, time))

    def event_update(self, type_, id_, data):
        self.user(78, pk("QQ", type_, id_) + data)

    def event_type(self, id_, name):   # PERF_RECORD_HEADER_EVENT_TYPE, obsolete since perf 3.x
        self.user(65, pk("Q64s", id_, name))

    def auxtrace_info(self, type_, priv):
        self.user(70, pk("II%dQ" % len(priv), type_, 0, *priv))

    def namespaces(self, tid, time, links):   # (dev, ino) per namespace
        self.rec(16, 0, pk("IIQ", PID, tid, len(links))
                 + b"".join(pk("QQ", d, i) for d, i in links) + self.sid(tid, time))

    def plain_sample(self, tid, time, ip, misc=2, extra=b""):
        """A sample of IP|TID|TIME|PERIOD (+ `extra`, the fields after PERIOD)."""
        self.rec(9, misc, pk("QIIQQ", ip, PID, tid, time, 1000000) + extra)

    def attr_bytes(self):
        a = self.attr
        flags = a["flags"] if E == "<" else reverse_bits64(a["flags"])
        attr = pk("IIQQQQQIIQQQQIiQIHHIIQQ",
                  a["type"], 136, a["config"], 1000, a["sample_type"], 0, flags,
                  0, 0, 0, 0, a["branch_sample_type"], 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        assert len(attr) == 136
        return attr

    def write(self, path):
        attr = self.attr_bytes()
        if self.pipe:
            # HEADER_ATTR with no ids: every record belongs to the one event.
            with open(path, "wb") as f:
                f.write(magic() + pk("Q", 16)
                        + pk("IHH", 64, 0, 8 + len(attr)) + attr + self.data)
            return
        attrs_off = 104
        attr_entry = attr + pk("QQ", 0, 0)
        data_off = attrs_off + len(attr_entry)
        header = pk("8sQQQQQQQQ", magic(), 104, len(attr_entry), attrs_off,
                             len(attr_entry), data_off, len(self.data), 0, 0) + b"\0" * 32
        with open(path, "wb") as f:
            f.write(header + attr_entry + self.data)


def magic():
    """perf writes the magic as a u64, so a big-endian file starts with "2ELIFREP"."""
    return b"PERFILE2" if E == "<" else b"PERFILE2"[::-1]


def scenario(name, build, kernel_map=True, endian="<", **file_args):
    global E
    E = endian
    f = File(**file_args)
    f.setup(kernel_map)
    build(f)
    f.write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", name + ".data"))
    E = "<"


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


# -- Records that other perf versions and tools write (issue 12): one event without deferred
# callchains, samples of IP|TID|TIME|PERIOD.
PLAIN = dict(sample_type=0x1 | 0x2 | 0x4 | 0x100, flags=DEFER_FLAGS & ~((1 << 38) | (1 << 39)))


def cpu_maps(f):
    """CPU_MAP in each encoding: a list, "any cpu", 32- and 64-bit masks, ranges."""
    f.cpu_map(f.cpus_list([0, 1, 2, 5]))
    f.cpu_map(f.cpus_list([-1]))
    f.cpu_map(f.cpus_mask32([0x0000000F, 0x80000001]))
    f.cpu_map(f.cpus_mask64([0xFFFFFFFFFFFFFFFF] * 6))
    f.cpu_map(f.cpus_mask64([0x5, 0x1 << 63]))
    f.cpu_map(f.cpus_range(0, 383))
    f.cpu_map(f.cpus_range(2, 5, any_cpu=1))
    f.plain_sample(PID, t, USER[0])


def stat_records(f):
    """What `perf stat record` writes after its attrs: maps, config, counts, rounds, updates."""
    f.thread_map([(PID, b"deep"), (PID + 1, b"worker")])
    f.cpu_map(f.cpus_range(0, 1))
    f.stat_config([(0, 2), (1, 100), (2, 1)])   # aggr_mode, interval, scale
    f.event_update(0, 7, pad8(b"msec"))         # unit
    f.event_update(1, 7, pk("d", 1e-6))  # scale
    f.event_update(2, 7, pad8(b"task-clock"))   # name
    f.event_update(3, 7, f.cpus_list([0, 1]))   # cpus
    f.stat(7, 0, 0, 123456, 200000, 150000)
    f.stat(7, 1, 1, 654321, 200000, 200000)
    f.stat_round(0, t)                          # interval
    f.stat_round(1, t + 1000)                   # final


# Network, UTS, IPC, PID, user, mount and cgroup namespaces: (dev, inode) each.
NS_LINKS = [(4, 0xF0000000 + i) for i in range(7)]

scenario("cpu-map", cpu_maps, **PLAIN)
scenario("stat-records", stat_records, **PLAIN)
scenario("namespaces", lambda f: (f.namespaces(PID, t - 10, NS_LINKS),
                                  f.plain_sample(PID, t, USER[0])), **PLAIN)
# A pipe stream of an old perf: HEADER_EVENT_TYPE (65) after the attr, perf skips it.
scenario("event-type-pipe", lambda f: (f.event_type(0, b"cpu-clock"),
                                       f.plain_sample(PID, t, USER[0]),
                                       f.plain_sample(PID, t + 100, USER[1])), pipe=True, **PLAIN)


def branch_entry(frm, to, mispred=0, predicted=0, in_tx=0, abort=0, cycles=0, type_=0, spec=0,
                 new_type=0, priv=0):
    flags = (mispred | predicted << 1 | in_tx << 2 | abort << 3 | cycles << 4 | type_ << 20
             | spec << 24 | new_type << 26 | priv << 30)
    return pk("QQQ", frm, to, flags)


def branch_samples(f):
    """`perf record -b`-style samples: nr, hw_idx (HW_INDEX), then entries with every flag."""
    entries = [branch_entry(0x40182E, 0x4017C0, mispred=1, cycles=5, type_=1),
               branch_entry(0x419147, 0x40183F, predicted=1, cycles=12, type_=6, spec=2),
               branch_entry(0x4017CF, 0x419140, in_tx=1, abort=1, type_=2, spec=1),
               branch_entry(0x40183F, 0x40182E, cycles=65535, type_=15, new_type=1, spec=3,
                            priv=1)]
    f.plain_sample(PID, t, USER[0], extra=pk("QQ", len(entries), 3) + b"".join(entries))
    f.plain_sample(PID, t + 100, USER[1], extra=pk("QQ", 1, 0) + entries[1])
    # Every branch type (0 unknown .. 14), and the extended types (15) 0, 2, 3 and 7.
    every = ([branch_entry(0x40182E, 0x4017C0, type_=ty) for ty in range(15)]
             + [branch_entry(0x40182E, 0x4017C0, type_=15, new_type=n) for n in (0, 2, 3, 7)])
    f.plain_sample(PID, t + 200, USER[2], extra=pk("QQ", len(every), 0) + b"".join(every))


scenario("branch-stack", branch_samples, sample_type=PLAIN["sample_type"] | 0x800,
         flags=PLAIN["flags"], branch_sample_type=(1 << 0) | (1 << 3) | (1 << 17))

# Intel PT's AUXTRACE_INFO (type 1): the PMU type, TSC conversion and the PT config bits.
PT_PRIV = [8, 10, 524163371, 18446744069414584321, 1, 0x400, 0x800, 1, 0, 1,  # ..PER_CPU_MMAPS
           0x200, 3, 2, 130, 0x2, 36, 0]                            # MTC_BIT..FILTER_STR_LEN
scenario("intel-pt-info", lambda f: f.auxtrace_info(1, PT_PRIV), type=8, config=0x300e601,
         **{k: v for k, v in PLAIN.items()})

# Kernel samples without any kernel map (i686/armv7 files of old perf versions): 32-bit
# kernel addresses that nothing resolves.
scenario("kernel-nomap", lambda f: (f.plain_sample(PID, t, USER[0]),
                                    f.plain_sample(PID, t + 100, 0xC10F2A30, misc=1),
                                    f.plain_sample(PID, t + 200, 0x80123456, misc=1)),
         kernel_map=False, **PLAIN)


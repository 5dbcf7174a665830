"""perfdata_builder: writes small perf.data files record by record, for tests that need files
no recorder here makes (corner cases, other perf versions, other architectures, big endian).
Used by synthetic/make-files.py and arch/make-files.py.

Byte order: set_endian(">") before building a big-endian file, set_endian("<") after."""
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


def set_endian(e):
    global E
    E = e


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

    def __init__(self, pipe=False, attr_size=136, exe=b"/bench/deep", comm=b"deep", **attr):
        self.data = b""
        self.pipe = pipe
        self.attr_size = attr_size   # perf reads a big-endian file's attrs only up to 104 bytes
        self.exe = exe
        self.comm_name = comm
        self.attr = dict(type=1, config=0, sample_type=SAMPLE_TYPE, flags=DEFER_FLAGS,
                         branch_sample_type=0, sample_regs_user=0, sample_regs_intr=0,
                         bp_type=0, bp_addr=0, bp_len=0)
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
        self.rec(3, 0x2000, pk("II", PID, PID) + pad8(self.comm_name) + self.sid(PID, T0))
        self.rec(10, 2, pk("IIQQQIIQQII", PID, PID, 0x401000, 0x77000, 0x1000,
                                    0xFE, 0, 13975556, 2434064629, 5, 2)
                 + pad8(self.exe) + self.sid(PID, T0 + 1000))

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

    def lbr_sample(self, tid, time, ip, chain, entries, misc=2, hw_idx=None):
        """A `--call-graph lbr` sample: IP|TID|TIME|PERIOD|CALLCHAIN|BRANCH_STACK; `entries`
        are (from, to) pairs, most recent call first; hw_idx None: no HW_INDEX word."""
        body = pk("QIIQQQ", ip, PID, tid, time, 1000000, len(chain)) + pk("%dQ" % len(chain), *chain)
        body += pk("Q", len(entries)) + (b"" if hw_idx is None else pk("Q", hw_idx))
        body += b"".join(pk("QQQ", frm, to, 0) for frm, to in entries)
        self.rec(9, misc, body)

    def attr_bytes(self):
        a = self.attr
        flags = a["flags"] if E == "<" else reverse_bits64(a["flags"])
        attr = pk("IIQQQQQIIQQQQIiQIHHIIQQ",
                  a["type"], self.attr_size, a["config"], 1000, a["sample_type"], 0, flags,
                  0, a["bp_type"], a["bp_addr"], a["bp_len"], a["branch_sample_type"], a["sample_regs_user"], 0, 0,
                  a["sample_regs_intr"], 0, 0, 0, 0, 0, 0, 0)
        assert len(attr) == 136
        return attr[:self.attr_size]

    def write(self, path):
        attr = self.attr_bytes()
        if self.pipe:
            # HEADER_ATTR with no ids: every record belongs to the one event; then a
            # HEADER_FEATURE record (80) per feature, its payload padded to 8 bytes.
            features = b""
            for bit in sorted(self.features):
                body = self.features[bit]
                body += b"\0" * (-len(body) % 8)
                features += pk("IHHQ", 80, 0, 16 + len(body), bit) + body
            with open(path, "wb") as f:
                f.write(magic() + pk("Q", 16)
                        + pk("IHH", 64, 0, 8 + len(attr)) + attr + features + self.data)
            return
        attrs_off = 104
        attr_entry = attr + pk("QQ", 0, 0)
        data_off = attrs_off + len(attr_entry)
        bits = 0
        for bit in self.features:
            bits |= 1 << bit
        header = (pk("8sQQQQQQQQ", magic(), 104, len(attr_entry), attrs_off,
                     len(attr_entry), data_off, len(self.data), 0, 0)
                  + pk("4Q", *[bits >> (64 * i) & (2**64 - 1) for i in range(4)]))
        with open(path, "wb") as f:
            f.write(header + attr_entry + self.data + self.feature_sections(
                data_off + len(self.data)))

    # Header features: {bit: payload}; perf reads a big-endian file's features only when
    # HOSTNAME (3) is among them (it uses that bit to tell how the bitmap was swapped).
    features = {}

    def feature_sections(self, offset):
        """The table of {offset, size} per feature in bit order, then the payloads."""
        bits = sorted(self.features)
        at = offset + 16 * len(bits)
        table, payloads = b"", b""
        for bit in bits:
            body = self.features[bit]
            table += pk("QQ", at + len(payloads), len(body))
            payloads += body
        return table + payloads

    @staticmethod
    def string_feature(text):
        """perf's string: u32 length (the text, NUL and padding to 64), then the bytes."""
        n = (len(text) + 1 + 63) // 64 * 64
        return pk("I", n) + text.ljust(n, b"\0")


def magic():
    """perf writes the magic as a u64, so a big-endian file starts with "2ELIFREP"."""
    return b"PERFILE2" if E == "<" else b"PERFILE2"[::-1]


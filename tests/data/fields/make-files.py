#!/usr/bin/env python3
"""Writes tests/data/fields/: small perf.data files whose samples carry the sample_type bits
behind perf script's less common -F fields (data_src, weight, ins_lat, retire_lat, phys_addr,
data_page_size, code_page_size, cgroup, tod, bpf-output, brstackoff, dsoff, brstackinsn,
srccode). The maps are
those of tests/data/perf6.1 (kernel text, /bench/deep), so symfs/bench/deep and kallsyms.gz
(links into the other sets) resolve them; symfs/bench/libdyn.so is an ELF header of a shared
library (ET_DYN) for brstackoff's offsets.

  python3 make-files.py      # rewrites data/*.data and symfs/bench/libdyn.so (deterministic)

perf 7.2's output for them is in expected/ (tests/data/gen-golden.sh fields)."""
import os
import struct
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "synthetic"))
from perfdata_builder import KCHAIN, PID, T0, USER, File, pad8, pk  # noqa: E402

IP, TID, TIME, ADDR, CPU, PERIOD, CALLCHAIN, RAW = 0x1, 0x2, 0x4, 0x8, 0x80, 0x100, 0x20, 0x400
BRANCH_STACK, WEIGHT, DATA_SRC, PHYS_ADDR = 0x800, 0x4000, 0x8000, 0x80000
CGROUP, DATA_PAGE_SIZE, CODE_PAGE_SIZE, WEIGHT_STRUCT = 0x200000, 0x400000, 0x800000, 0x1000000
# mmap, comm, task, sample_id_all, mmap2, comm_exec
FLAGS = (1 << 8) | (1 << 9) | (1 << 13) | (1 << 18) | (1 << 23) | (1 << 24)
FEATURES = {3: File.string_feature(b"builder"), 7: pk("II", 4, 4)}   # HOSTNAME, NRCPUS
t = T0 + 10_000
KIP = KCHAIN[1]                      # do_syscall_64
DYN = 0x7F0000001000                 # /bench/libdyn.so's text map


def data_src(op=0, lvl=0, snoop=0, lock=0, tlb=0, lvl_num=0, remote=0, snoopx=0, blk=0,
             hops=0):
    """union perf_mem_data_src from its fields (the bits of each, as the kernel sets them)."""
    return (op | lvl << 5 | snoop << 19 | lock << 24 | tlb << 26 | lvl_num << 33
            | remote << 37 | snoopx << 38 | blk << 40 | hops << 43)


NONE = data_src(op=1, lvl=1, snoop=1, lock=1, tlb=1)   # PERF_MEM_DATA_SRC_NONE
# A load that hit L1 and the TLB's L1 and L2, no snoop, not locked (what Intel reports).
L1_HIT = data_src(op=2, lvl=0x2 | 0x8, snoop=2, lock=0, tlb=0x2 | 0x8 | 0x10, lvl_num=1)
DATA_SRCS = [
    L1_HIT,
    data_src(op=4, lvl=0x2 | 0x8, snoop=1, lock=2, tlb=0x4 | 0x20),            # locked store
    data_src(op=2, lvl=0x4 | 0x40, snoop=0x10, tlb=0x4 | 0x40, blk=2),         # L3 miss, HitM
    data_src(op=2, lvl=0x2, lvl_num=0xd, remote=1, hops=2, snoopx=2),          # remote RAM
    data_src(op=8, lvl=0x2 | 0x80 | 0x100, snoop=0x4 | 0x8, tlb=1, blk=6),     # two levels
    data_src(op=2, lvl=0x2, lvl_num=7, snoopx=1),                              # unknown level
    data_src(op=0x10, lvl=0x2 | 0x1000, lvl_num=0x0b, hops=4),                 # I/O, any cache
    NONE,
    0,
]


def build(name, build_fn, features=FEATURES, exe=b"/bench/deep", comm=b"deep", **attr):
    f = File(attr_size=136, exe=exe, comm=comm, **attr)
    f.features = features
    f.setup()
    build_fn(f)
    f.write(os.path.join(here, "data", name + ".data"))


def sample(f, ip, tid=PID, time=t, misc=2, body=b""):
    """A sample of IP|TID|TIME (+ `body`: the fields after TIME)."""
    f.rec(9, misc, pk("QIIQ", ip, PID, tid, time) + body)


def mem_samples(f):
    """perf mem's samples: ADDR, PERIOD, WEIGHT, DATA_SRC, PHYS_ADDR and page sizes (no CPU:
    the builder's side-band records carry only pid, tid and time)."""
    for i, ds in enumerate(DATA_SRCS):
        ip, misc = (KIP, 1) if i % 3 == 2 else (USER[i % 2], 2)
        body = pk("Q", 0x7FFC0000 + 0x40 * i)                      # ADDR
        body += pk("QQQ", 1000 + i, 37 * i + 5, ds)                # PERIOD, WEIGHT, DATA_SRC
        body += pk("QQQ", 0x12340000 + 0x1000 * i if i != 4 else 0,  # PHYS_ADDR
                   [4096, 2 << 20, 1 << 30, 0, 1024, 2048, 65536, 4096, 4096][i],
                   [4096, 4096, 2 << 20, 0, 4096, 4096, 4096, 16384, 4096][i])
        sample(f, ip, time=t + 100 * i, misc=misc, body=body)


MEM = IP | TID | TIME | ADDR | PERIOD | WEIGHT | DATA_SRC | PHYS_ADDR | DATA_PAGE_SIZE \
    | CODE_PAGE_SIZE
# cpu/mem-loads,ldlat=30/P as a raw event (type 4).
build("mem", mem_samples, type=4, config=0x1CD, sample_type=MEM, flags=FLAGS)


def weight_struct_samples(f):
    """WEIGHT_STRUCT: u32 weight, u16 ins_lat, u16 retire_lat (var3), then DATA_SRC."""
    for i, (w, lat, ret) in enumerate([(120, 7, 3), (65536 + 9, 65535, 0), (0, 0, 300)]):
        body = pk("IHHQ", w, lat, ret, DATA_SRCS[i])
        sample(f, USER[i % 2], time=t + 100 * i, body=body)


build("weight-struct", weight_struct_samples, type=4, config=0x1CD,
      sample_type=IP | TID | TIME | WEIGHT_STRUCT | DATA_SRC, flags=FLAGS)


def cgroup_record(f, id_, path, time):
    f.rec(19, 0, pk("Q", id_) + pad8(path) + f.sid(PID, time))


def cgroup_samples(f):
    """PERF_RECORD_CGROUP names an id; a second record for the same id does not rename it;
    a sample of an id before its record and one of an id never named print "unknown"."""
    sample(f, USER[0], time=t - 100, body=pk("QQ", 1000000, 0x55))
    cgroup_record(f, 0x55, b"/user.slice/user-0.slice/session-1.scope", t - 50)
    cgroup_record(f, 1, b"/", t - 40)
    for i, cg in enumerate([0x55, 1, 0x99, 0x55]):
        sample(f, USER[i % 2], time=t + 100 * i, body=pk("QQ", 1000000, cg))
    cgroup_record(f, 0x55, b"/renamed", t + 450)
    sample(f, USER[0], time=t + 500, body=pk("QQ", 1000000, 0x55))


# cgroup (bit 32 of the flags) asks for CGROUP records.
build("cgroup", cgroup_samples, sample_type=IP | TID | TIME | PERIOD | CGROUP,
      flags=FLAGS | (1 << 32))


def tod_samples(f):
    for i in range(3):
        sample(f, USER[i % 2], time=t + 123_456_789 * i, body=pk("Q", 1000000))


# perf record -k monotonic: CLOCKID and CLOCK_DATA (version 1, clockid 1, the time of day
# and the clock's time taken together: 2025-03-04 05:06:07.891011121 UTC at T0 - 1 s).
TOD_NS = 1741064767_891011121
CLOCK = {**FEATURES, 23: pk("Q", 1),
         29: pk("IIQQ", 1, 1, TOD_NS, T0 - 1_000_000_000)}
build("tod", tod_samples, features=CLOCK, sample_type=IP | TID | TIME | PERIOD,
      flags=FLAGS | (1 << 25))      # use_clockid


def bpf_samples(f):
    """bpf-output events (software, config 10) with RAW data: a string and its NULs, bytes
    that are not text, a length that is not a multiple of 8, text without its NUL, nothing."""
    raws = [b"hello, world\0\0\0\0", bytes(range(0xF8, 0x100)) + b"AB\x01",
            b"short\0", b"no terminator", b"text\0after\0", b""]
    for i, raw in enumerate(raws):
        # The u32 size and the data end on 8 bytes; the size counts the padding, as the
        # kernel's does.
        data = raw + b"\0" * (-(len(raw) + 4) % 8)
        body = pk("QI", 1, len(data)) + data
        sample(f, USER[i % 2], time=t + 100 * i, body=body)


build("bpf-output", bpf_samples, type=1, config=10, sample_type=IP | TID | TIME | PERIOD | RAW,
      flags=FLAGS)


def branch_entry(frm, to, cycles=0, type_=0, flags=""):
    """An LBR entry; flags: M mispredicted, P predicted, X in transaction, A aborted."""
    bits = sum(1 << "MPXA".index(c) for c in flags)
    return pk("QQQ", frm, to, bits | cycles << 4 | type_ << 20)


def libdyn_map(f):
    f.rec(10, 2, pk("IIQQQIIQQII", PID, PID, DYN, 0x2000, 0x1000, 0xFE, 0, 13975557,
                    2434064630, 5, 2) + pad8(b"/bench/libdyn.so") + f.sid(PID, T0 + 2000))


def branch_samples(f):
    """Branch stacks with cycles across /bench/deep (ET_EXEC), /bench/libdyn.so (ET_DYN),
    the kernel and no map, under a callchain."""
    libdyn_map(f)
    entries = [branch_entry(0x40182E, 0x4017C0, cycles=5, type_=1),
               branch_entry(DYN + 0x123, 0x40183F, cycles=12, type_=6),
               branch_entry(KIP, DYN + 0x456, cycles=3, type_=2),
               branch_entry(0x1234, 0x40182E)]
    for i in range(2):
        chain = KCHAIN + [0xFFFFFFFFFFFFFE00] + USER + [DYN + 0x200]
        body = pk("QQ%dQ" % len(chain), 1000000, len(chain), *chain)
        es = entries[i:]
        body += pk("Q", len(es)) + b"".join(es)
        sample(f, KIP, time=t + 100 * i, misc=1, body=body)


build("branches", branch_samples,
      sample_type=IP | TID | TIME | PERIOD | CALLCHAIN | BRANCH_STACK, flags=FLAGS,
      branch_sample_type=(1 << 3) | (1 << 0))   # ANY, USER


def lbr_insn_samples(f):
    """Branch stacks whose blocks lie in /bench/deep's code (spin, do_syscalls, level), for
    brstackinsn: perf walks each block's instructions from the file. Entry 0 is the newest.
    Blocks that fit, cross functions, do not end on an instruction boundary (mismatch), run
    backwards or too long, cross into the kernel (patched up), lie in no map or in a file
    without code; the last block up to the sample's ip, or a scan of 128 bytes when the ip
    lies before it; samples on the last branch, after an abort, in the kernel; cycles and
    flags; an empty stack."""
    libdyn_map(f)
    E = branch_entry
    stacks = [
        # spin's loop, called from level; do_syscalls' loop before it (in a transaction)
        (0x4017C8, 2, [E(0x4017D4, 0x4017C0, 4, 1, "P"), E(0x4017D4, 0x4017C0, 3, 1, "M"),
                       E(0x401844, 0x4017A0, 7, 2), E(0x40180E, 0x4017F6, 2, 1, "PX")]),
        # the sample on the last branch: no final block
        (0x4017D4, 2, [E(0x4017D4, 0x4017C0, 9, 1), E(0x4017A2, 0x4017D6)]),
        # an aborted last branch; a block through do_syscalls into level (symbol lines)
        (0x4017C2, 2, [E(0x401806, 0x419140, 0, 2, "A"), E(0x40183A, 0x4017D7, 5, 2)]),
        # the ip before the last target: 128 bytes from it, up to level's call
        (0x401800, 2, [E(0x401849, 0x401836, 1, 0), E(0x401844, 0x4017A0)]),
        # a block that ends inside an instruction, one running backwards, one too long
        (0x4017D6, 2, [E(0x4017D4, 0x4017D6), E(0x4017C3, 0x4017CF), E(0x40180E, 0x4017C0),
                       E(0x401000 + 0x5000, 0x401826), E(0x401000, 0x4017F6)]),
        # through the kernel (a syscall) and back: a block from user code to a kernel branch is
        # patched up to the next entry's from (it reads no kernel code here)
        (0x4017FB, 2, [E(0x40180E, 0x4017F6, 2, 1, "P"), E(KIP, 0x401806, 30, 6),
                       E(0x40180E, 0x4017F6, 1), E(0x401801, KIP, 0, 0)]),
        (0x4017FB, 2, [E(0x40180E, 0x4017F6, 2, 1, "P"), E(KIP, 0x401806, 30, 6),
                       E(0x40180E, 0x4017F6, 1)]),
        # addresses in no map and in libdyn.so (no code in the file)
        (0x4017CF, 2, [E(0x4017D4, 0x4017C0, 2), E(DYN + 0x100, 0x1234),
                       E(DYN + 0x10, DYN + 0x20)]),
        # a kernel sample after user branches: the last block cannot be read
        (KIP, 1, [E(KIP - 0x20, KIP - 0x10), E(0x4017D4, 0x4017C0, 6, 1, "P")]),
        # no entries
        (0x4017C0, 2, []),
    ]
    for i, (ip, misc, es) in enumerate(stacks):
        body = pk("Q", 1000000) + pk("Q", len(es)) + b"".join(es)
        sample(f, ip, time=t + 100 * i, misc=misc, body=body)


build("lbr-insn", lbr_insn_samples, sample_type=IP | TID | TIME | PERIOD | BRANCH_STACK,
      flags=FLAGS, branch_sample_type=(1 << 3) | (1 << 0))   # ANY, USER


def srccode_samples(f):
    """Samples in /bench/loop (symfs/bench/loop, built from src/loop.c with its DWARF
    directory "."; data/loop.c is the source perf finds from data/) for srccode: each line
    once per thread, the line a branch stack's blocks run through, two threads."""
    E = branch_entry
    for i, (ip, tid, es) in enumerate([
            (0x401007, PID, [E(0x401041, 0x401000, 3, 2)]),   # step, called from _start
            (0x40100B, PID, []),                              # the same line: not again
            (0x401046, PID + 1, [E(0x401015, 0x401046, 2, 6), E(0x401041, 0x401000)]),
            (0x40100E, PID, [E(0x401041, 0x401000, 4, 2), E(0x401069, 0x401029, 1, 1)]),
            (0x401030, PID, [])]):                            # a line shown before
        body = pk("Q", 1000000) + pk("Q", len(es)) + b"".join(es)
        sample(f, ip, tid=tid, time=t + 100 * i, body=body)


build("srccode", srccode_samples, exe=b"/bench/loop", comm=b"loop",
      sample_type=IP | TID | TIME | PERIOD | BRANCH_STACK, flags=FLAGS,
      branch_sample_type=(1 << 3) | (1 << 0))   # ANY, USER


# An ELF header of an x86-64 shared library (ET_DYN), all perf needs to tell its kind.
with open(os.path.join(here, "symfs", "bench", "libdyn.so"), "wb") as out:
    out.write((b"\x7fELF\x02\x01\x01" + b"\0" * 9 + struct.pack("<HHI", 3, 62, 1)).ljust(64, b"\0"))


def side_band_records(f):
    """KSYMBOL (a BPF program's symbol, then its removal), BPF_EVENT (load and unload, with its
    tag) and TEXT_POKE (kernel text rewritten: old and new bytes), between samples: what
    perf script's --show-bpf-events and --show-text-poke-events print."""
    sample(f, USER[0], time=t - 100, body=pk("Q", 1000000))
    name = b"bpf_prog_6deef7357e7b4530_sd_fw_ingress"
    f.rec(17, 0, pk("QIHH", 0xFFFFFFFFC0001000, 0x98, 1, 0) + pad8(name) + f.sid(PID, t - 90))
    f.rec(18, 0, pk("HHI", 1, 0, 42) + bytes.fromhex("6deef7357e7b4530") + f.sid(PID, t - 80))
    sample(f, KIP, time=t, misc=1, body=pk("Q", 1000000))
    poke = bytes.fromhex("0f1f440000") + bytes.fromhex("e9d1c2b3a4")
    f.rec(20, 0, pk("QHH", 0xFFFFFFFF81000100, 5, 5) + poke + b"\0" * (-(12 + len(poke)) % 8)
          + f.sid(PID, t + 10))
    f.rec(17, 0, pk("QIHH", 0xFFFFFFFFC0001000, 0x98, 1, 1) + pad8(name) + f.sid(PID, t + 20))
    f.rec(18, 0, pk("HHI", 2, 0, 42) + bytes.fromhex("6deef7357e7b4530") + f.sid(PID, t + 30))
    sample(f, USER[1], time=t + 100, body=pk("Q", 1000000))


# ksymbol, bpf_event and text_poke (bits 29, 30, 33) ask for those records.
build("side-band", side_band_records, sample_type=IP | TID | TIME | PERIOD,
      flags=FLAGS | (1 << 29) | (1 << 30) | (1 << 33))

#!/usr/bin/env python3
"""Writes the synthetic perf.data files of tests/data/synthetic/data/: one file per deferred-
callchain corner case that real recordings rarely show. Each is a tiny perf.data (file format,
no feature sections) with one cpu-clock event (defer_callchain, sample_id_all), the kernel
and /bench/deep maps of tests/data/perf6.1 (so symbols resolve with that set's kallsyms and
symfs), and samples whose user part is a PERF_CONTEXT_USER_DEFERRED cookie.

  python3 make-files.py      # rewrites data/*.data (deterministic)

perf 7.2's output for them is in expected/ (tests/data/gen-golden.sh synthetic)."""
import os

import perfdata_builder as B
from perfdata_builder import *  # noqa: F401,F403 (File, pk, constants)


def scenario(name, build, kernel_map=True, endian="<", features=None, **file_args):
    B.set_endian(endian)
    f = File(**file_args)
    if features:
        f.features = features   # {feature bit: payload}
    f.setup(kernel_map)
    build(f)
    f.write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", name + ".data"))
    B.set_endian("<")


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

# Branch ends that do not all resolve: addresses outside every map, a kernel address.
def unresolved_branches(f):
    entries = [branch_entry(0x1234, 0x4017C0, cycles=3, type_=1),
               branch_entry(0x40182E, 0x7F0000001456, cycles=7, type_=1),
               branch_entry(0xFFFFFFFF81000130, 0x40183F, type_=2)]
    f.plain_sample(PID, t, USER[0], extra=pk("QQ", len(entries), 0) + b"".join(entries))
    f.plain_sample(PID, t + 100, USER[1], extra=pk("QQ", 1, 0) + entries[0])


scenario("branch-unresolved", unresolved_branches, sample_type=PLAIN["sample_type"] | 0x800,
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


# Guest and hypervisor samples (a host recording of a VM, `perf kvm record`-style): cpumode
# guest kernel (4), guest user (5) and hypervisor (3) beside host user and kernel samples.
scenario("guest-samples", lambda f: (f.plain_sample(PID, t, USER[0]),
                                     f.plain_sample(PID, t + 100, 0xFFFFFFFF81000100, misc=4),
                                     f.plain_sample(PID, t + 200, 0x401000, misc=5),
                                     f.plain_sample(PID, t + 300, 0xFFFFFFFF81000200, misc=3),
                                     f.plain_sample(PID, t + 400, USER[1])), **PLAIN)
# A user-mode sample whose address is the kernel's (a sample taken on the way into the kernel):
# perf's report and script find the kernel map for it, its dump does not.
scenario("user-kernel-ip", lambda f: (f.plain_sample(PID, t, USER[0]),
                                      f.plain_sample(PID, t + 100, 0xFFFFFFFF81000100, misc=2)), **PLAIN)


# Samples whose thread is unknown to the kernel (pid and tid -1, as a CPU-wide event can report):
# perf prints the ids signed.
scenario("pid-unknown", lambda f: (f.plain_sample(PID, t, USER[0]),
                                   f.rec(9, 1, pk("QIIQQ", 0xFFFFFFFF81000100, 0xFFFFFFFF, 0xFFFFFFFF, t + 100,
                                                  1000000)),
                                   f.plain_sample(PID, t + 200, USER[1])), **PLAIN)


# Hardware cache events (PERF_TYPE_HW_CACHE): perf names them from the config's cache, op and
# result ("L1-dcache-load-misses", "LLC-stores") and prints the config words result first;
# an op the cache does not have is "invalid-cache", an unknown cache type has no words.
for hwc_name, hwc_config in (("hw-cache-l1d-miss", 0x10000), ("hw-cache-llc-stores", 0x102),
                             ("hw-cache-invalid", 0x104), ("hw-cache-unknown", 0x9)):
    scenario(hwc_name, lambda f: (f.plain_sample(PID, t, USER[0]), f.plain_sample(PID, t + 100, USER[1])),
             **dict(PLAIN, type=3, config=hwc_config))


# Event names perf 7.2 makes from the attr alone (no EVENT_DESC, no EVENT_UPDATE): a pipe's
# tracepoint ("unknown tracepoint id=0x174", no modifiers), hardware and cache events of an
# extended type (a PMU's type in config's high bits: "cpu/instructions/:u", config words
# "cpu/.../"), a dynamic PMU's type (9), breakpoints ("mem:0x3000:rw:u", config 0 printed).
# perf names tracepoint ids and PMU types from this machine's tracefs and sysfs: these goldens
# were made without either (tests/e2e/local_names.sh covers them being there).
EXCL_K, EXCL_HV, EXCL_GUEST = 1 << 5, 1 << 6, 1 << 20
for nm_name, nm_attr in (
        ("name-tracepoint-pipe", dict(type=2, config=0x174, flags=PLAIN["flags"] | EXCL_GUEST, pipe=True)),
        ("name-hw-ext", dict(type=0, config=0x400000001, flags=PLAIN["flags"] | EXCL_K | EXCL_HV)),
        ("name-hw-ext-other", dict(type=0, config=0x900000000)),
        ("name-hw-cache-ext", dict(type=3, config=0x400010000)),
        ("name-dynamic-pmu", dict(type=9, config=0x1)),
        ("name-breakpoint-rw", dict(type=5, bp_type=3, bp_addr=0x3000, bp_len=4,
                                    flags=PLAIN["flags"] | EXCL_K | EXCL_HV)),
        ("name-breakpoint-x", dict(type=5, bp_type=4, bp_addr=0x401000, bp_len=8))):
    scenario(nm_name, lambda f: (f.plain_sample(PID, t, USER[0]), f.plain_sample(PID, t + 100, USER[1])),
             **dict(PLAIN, **nm_attr))


# Memory-access samples (`perf mem record`-style): data address, weight with instruction and
# retire latency (WEIGHT_STRUCT), data source, transaction, physical address and page sizes,
# beside a data map of /bench/deep's writable segment. For -s weight/mem/snoop/... and
# --mem-mode.
MEM_TYPE = (0x1 | 0x2 | 0x4 | 0x8 | 0x100 | 0x8000 | 0x20000 | 0x80000 | 0x400000 | 0x800000
            | 0x1000000)  # IP|TID|TIME|ADDR|PERIOD|DATA_SRC|TRANSACTION|PHYS_ADDR|DATA_PAGE_SIZE|
#                           CODE_PAGE_SIZE|WEIGHT_STRUCT


def data_src(op=0, lvl=0, snoop=0, lock=0, dtlb=0, lvl_num=0, remote=0, snoopx=0, blk=0, hops=0):
    """perf_mem_data_src's bit fields, packed."""
    return (op | lvl << 5 | snoop << 19 | lock << 24 | dtlb << 26 | lvl_num << 33 | remote << 37
            | snoopx << 38 | blk << 40 | hops << 43)


def mem_samples(f):
    # /bench/deep's data segment, mapped as data (PERF_RECORD_MISC_MMAP_DATA).
    f.rec(10, 0x2002, pk("IIQQQIIQQII", PID, PID, 0x49F000, 0xC000, 0x9F000,
                                 0xFE, 0, 13975556, 2434064629, 3, 2)
          + pad8(f.exe) + f.sid(PID, T0 + 1001))
    f.comm(PID + 1, b"worker", t - 10)

    def mem(tid, time, ip, addr, weight, ins, pstage, src, tx=0, phys=0, dps=0, cps=0, misc=2):
        f.rec(9, misc, pk("QIIQQQ", ip, PID, tid, time, addr, 1000000)
              + pk("IHH", weight, ins, pstage) + pk("QQQQQ", src, tx, phys, dps, cps))
    l1 = data_src(op=2, lvl=0x8 | 0x2, snoop=2, lock=1, dtlb=0x8 | 0x2, lvl_num=1)
    mem(PID, t, USER[0], 0x4A4668, 30, 5, 2, l1, phys=0x1234568, dps=4096, cps=4096)
    mem(PID, t + 100, 0xFFFFFFFF81000130, 0xFFFFFFFF82000000, 400, 100, 50,
        data_src(op=4, lvl=0x40 | 0x4, snoop=0x10, lock=2, dtlb=0x10 | 0x4 | 0x20, lvl_num=0xD,
                 remote=1, snoopx=1, blk=2, hops=2),
        tx=0x2 | 0x4 | 0x20 | (5 << 32), phys=0xABC000, dps=2 << 20, cps=4096, misc=1)
    mem(PID, t + 200, USER[1], 0, 0, 0, 0, 0)
    mem(PID, t + 300, USER2[0], 0x7FFF0000, 7, 3, 1,
        data_src(op=1, lvl=1, snoop=1, lock=1, dtlb=1, lvl_num=0xF, blk=1),
        tx=0x1 | 0x8 | 0x10 | 0x40 | 0x80, dps=4096, cps=2 << 20)
    mem(PID + 1, t + 400, USER[0], 0x4A3200, 30, 5, 2,
        data_src(op=16, lvl=0x10 | 0x2, snoop=4, dtlb=0x2, lvl_num=0xC, blk=4, hops=1), dps=4096)
    mem(PID, t + 500, USER[0], 0x4A4668, 30, 5, 2, l1, phys=0x1234568, dps=4096, cps=4096)
    mem(PID, t + 600, USER[0], 0x4A4670, 10, 9, 3, l1, phys=0x1234570, dps=4096, cps=4096)


scenario("mem-samples", mem_samples, sample_type=MEM_TYPE, flags=PLAIN["flags"])


# `perf record --call-graph lbr` samples (issue 31): the kernel's frame-pointer callchain
# (kernel part, PERF_CONTEXT_USER, a user part cut short) beside the LBR call stack, most
# recent call first. perf builds the user part from the branch stack instead.
LBR_TYPE = 0x1 | 0x2 | 0x4 | 0x20 | 0x100 | 0x800   # IP|TID|TIME|CALLCHAIN|PERIOD|BRANCH_STACK
# USER | CALL_STACK | NO_FLAGS | NO_CYCLES (| HW_INDEX): what perf 7.2's -g lbr asks for.
LBR_BRANCHES = (1 << 0) | (1 << 11) | (1 << 14) | (1 << 15)
U = 0xFFFFFFFFFFFFFE00  # PERF_CONTEXT_USER
# spin <- level <- level <- main <- __libc_start_call_main, as call sites and targets.
SPIN_STACK = [(0x401844, 0x4017A0), (0x401829, 0x40181E), (0x401889, 0x40181E),
              (0x401E82, 0x40184B)]
# __getppid <- do_syscalls <- level <- main
PPID_STACK = [(0x401806, 0x419140), (0x40183A, 0x4017D7), (0x401889, 0x40181E)]


def lbr_user(f):
    f.comm(PID + 1, b"worker", t - 10)
    # The frame-pointer chain has spin and a bogus caller; the LBR has the whole stack.
    f.lbr_sample(PID, t, 0x4017CF, [U, 0x4017CF, 0x401234], SPIN_STACK, hw_idx=3)
    f.lbr_sample(PID, t + 100, 0x419147, [U, 0x419147], PPID_STACK, hw_idx=2)
    f.lbr_sample(PID + 1, t + 200, 0x4017CF, [U, 0x4017CF, 0x40182E], SPIN_STACK, hw_idx=7)
    # Call sites perf cannot resolve as user addresses: a kernel one, one outside every map.
    f.lbr_sample(PID, t + 300, 0x4017CF, [U, 0x4017CF],
                 [(0xFFFFFFFF81000130, 0x4017A0), (0x7F0000001456, 0x40181E),
                  (0x401889, 0x40181E)], hw_idx=0)
    # An empty branch stack: the user part is the chain's marker only.
    f.lbr_sample(PID, t + 400, 0x4017CF, [U, 0x4017CF, 0x40182E], [], hw_idx=0)


def lbr_kernel(f):
    # Kernel samples: the kernel part of the chain, then the LBR's user part.
    f.lbr_sample(PID, t, KCHAIN[1], KCHAIN + [U, 0x419147], PPID_STACK, misc=1, hw_idx=5)
    f.lbr_sample(PID, t + 100, 0x4017CF, [U, 0x4017CF, 0x401234], SPIN_STACK, hw_idx=1)
    # No PERF_CONTEXT_USER in the chain (a kernel thread): the chain as it is.
    f.lbr_sample(PID, t + 200, KCHAIN[1], KCHAIN, PPID_STACK, misc=1, hw_idx=1)
    f.lbr_sample(PID, t + 300, KCHAIN[2], [K, KCHAIN[2], U, 0x419147, 0x40183F], PPID_STACK[:2],
                 misc=1, hw_idx=4)


scenario("lbr-user", lbr_user, sample_type=LBR_TYPE, flags=PLAIN["flags"],
         branch_sample_type=LBR_BRANCHES | (1 << 17))
scenario("lbr-kernel", lbr_kernel, sample_type=LBR_TYPE, flags=PLAIN["flags"],
         branch_sample_type=LBR_BRANCHES | (1 << 17))
# Without HW_INDEX (perf before 5.7): no hw_idx word in the branch stack.
scenario("lbr-no-hwidx", lambda f: (
    f.lbr_sample(PID, t, 0x4017CF, [U, 0x4017CF], SPIN_STACK),
    f.lbr_sample(PID, t + 100, KCHAIN[1], KCHAIN + [U, 0x419147], PPID_STACK, misc=1)),
    sample_type=LBR_TYPE, flags=PLAIN["flags"], branch_sample_type=LBR_BRANCHES)


def lbr_stitch(f):
    """--stitch-lbr: an LBR of 4 entries (CPU_PMU_CAPS branches=4) under a deeper stack. Calls
    c1..c7 as the LBR registers (0..3, a ring) hold them; hw_idx is the newest one's."""
    c1, c2, c3, c5 = SPIN_STACK[3], SPIN_STACK[2], SPIN_STACK[1], SPIN_STACK[0]
    c4 = c3  # level calls level twice
    c6, c7 = PPID_STACK[1], PPID_STACK[0]
    f.comm(PID + 1, b"worker", t - 10)
    f.lbr_sample(PID, t, 0x40182E, [U, 0x40182E], [c4, c3, c2, c1], hw_idx=3)
    f.lbr_sample(PID + 1, t + 50, 0x4017CF, [U, 0x4017CF], [c5, c2], hw_idx=1)  # its first
    # c5 overwrites c1's register: c1 is stitched from the first sample.
    f.lbr_sample(PID, t + 100, 0x4017CF, [U, 0x4017CF], [c5, c4, c3, c2], hw_idx=0)
    # Same again, in the kernel: the stitched c1 stays.
    f.lbr_sample(PID, t + 150, KCHAIN[1], KCHAIN + [U, 0x4017CF], [c5, c4, c3, c2], misc=1,
                 hw_idx=0)
    # No PERF_CONTEXT_USER: no LBR stack, the thread's memory unchanged.
    f.lbr_sample(PID, t + 200, KCHAIN[2], [K, KCHAIN[2]], [c1], misc=1, hw_idx=1)
    # spin returned, do_syscalls (c6) then __getppid (c7) called: two entries shared, c2 is
    # stitched too.
    f.lbr_sample(PID, t + 250, 0x419147, [U, 0x419147], [c7, c6, c4, c3], hw_idx=1)
    f.lbr_sample(PID + 1, t + 300, 0x4017CF, [U, 0x4017CF], [c5, c2], hw_idx=1)  # continues
    # Nothing shared (the distance wraps): the stitched frames are forgotten.
    f.lbr_sample(PID, t + 350, 0x4017CF, [U, 0x4017CF], [c5], hw_idx=2)
    f.lbr_sample(PID, t + 400, 0x4017CF, [U, 0x4017CF], [], hw_idx=2)
    # The previous sample has fewer entries than the distance: no stitching.
    f.lbr_sample(PID, t + 450, 0x40182E, [U, 0x40182E], [c4, c3, c2, c1], hw_idx=3)


scenario("lbr-stitch", lbr_stitch, sample_type=LBR_TYPE, flags=PLAIN["flags"],
         branch_sample_type=LBR_BRANCHES | (1 << 17),
         features={28: pk("I", 1) + File.string_feature(b"branches") + File.string_feature(b"4")})
# The same as a pipe (its CPU_PMU_CAPS in a HEADER_FEATURE record): perf 7.2 checks for LBR
# call stacks before a pipe's attrs arrive, so it warns and does not stitch.
scenario("lbr-stitch-pipe", lbr_stitch, sample_type=LBR_TYPE, flags=PLAIN["flags"],
         branch_sample_type=LBR_BRANCHES | (1 << 17), pipe=True,
         features={28: pk("I", 1) + File.string_feature(b"branches") + File.string_feature(b"4")})


def lbr_stitch_threads(f):
    """--stitch-lbr across a thread's end: script forgets an exited thread (its next sample
    starts afresh), report does not; a FORK of the tid makes a new thread in both."""
    c1, c2, c3, c5 = SPIN_STACK[3], SPIN_STACK[2], SPIN_STACK[1], SPIN_STACK[0]
    f.comm(PID + 1, b"worker", t - 20)
    f.comm(PID + 2, b"worker2", t - 10)
    for tid, dt in ((PID + 1, 0), (PID + 2, 1000)):
        f.lbr_sample(tid, t + dt, 0x40182E, [U, 0x40182E], [c3, c3, c2, c1], hw_idx=3)
        if tid == PID + 1:
            f.exit(tid, t + dt + 50)
        else:
            f.rec(7, 0, pk("IIIIQ", PID, PID, tid, PID, t + dt + 50) + f.sid(tid, t + dt + 50))
        f.lbr_sample(tid, t + dt + 100, 0x4017CF, [U, 0x4017CF], [c5, c3, c3, c2], hw_idx=0)
    # The main thread, untouched, stitches.
    f.lbr_sample(PID, t + 2000, 0x40182E, [U, 0x40182E], [c3, c3, c2, c1], hw_idx=3)
    f.lbr_sample(PID, t + 2100, 0x4017CF, [U, 0x4017CF], [c5, c3, c3, c2], hw_idx=0)


scenario("lbr-stitch-threads", lbr_stitch_threads, sample_type=LBR_TYPE, flags=PLAIN["flags"],
         branch_sample_type=LBR_BRANCHES | (1 << 17),
         features={28: pk("I", 1) + File.string_feature(b"branches") + File.string_feature(b"4")})
# Kernel and module dsos named by a path (issue 31): files of other systems name the kernel
# image by its vmlinux path in the build-id table, and module maps by their .ko(.gz) files.
KVERSION_DIR = b"/lib/modules/4.0.7-2-ARCH"
KVM = KVERSION_DIR + b"/kernel/arch/x86/kvm/kvm.ko.gz"
KVM_INTEL = KVERSION_DIR + b"/kernel/arch/x86/kvm/kvm-intel.ko"
DEEP_BUILD_ID = "f4cce8b8d3ca47da64c081963164299771235eb1"   # symfs/bench/deep's


def build_id_entry(kernel, pid, hex_id, name, record=False):
    """A HEADER_BUILD_ID entry: header (misc: cpumode | BUILD_ID_SIZE), pid, the id padded to
    24 bytes with its size at byte 20, the name NUL-padded to a multiple of 64 (record=True:
    4 more bytes, for a pipe's PERF_RECORD_HEADER_BUILD_ID, which must be 8-byte aligned)."""
    raw = bytes.fromhex(hex_id)
    body = (pk("i", pid) + raw.ljust(20, b"\0") + bytes([len(raw)]) + b"\0" * 3
            + (name + b"\0").ljust((len(name) + 64) // 64 * 64, b"\0") + b"\0" * (4 if record else 0))
    return pk("IHH", 67, (1 if kernel else 2) | 0x8000, 8 + len(body)) + body


def kernel_mmap(f, start, length, pgoff, name):
    f.rec(1, 1, pk("IIQQQ", 0xFFFFFFFF, 0, start, length, pgoff) + pad8(name) + f.sid(0, 0))


def kernel_samples(f, table=None, maps=()):
    """Module maps (and others) beside the kernel's, then a user, a kernel and two module
    samples; `table`: the build-id table's entries."""
    for m in maps:
        kernel_mmap(f, *m)
    f.plain_sample(PID, t, USER[0])
    f.plain_sample(PID, t + 100, 0xFFFFFFFF81000130, misc=1)
    f.plain_sample(PID, t + 200, 0xFFFFFFFFC0A01234, misc=1)
    f.plain_sample(PID, t + 300, 0xFFFFFFFFC0B00010, misc=1)
    if table:
        f.features = {2: b"".join(table)}


MODULE_MAPS = [(0xFFFFFFFFC0A00000, 0x50000, 0, KVM), (0xFFFFFFFFC0B00000, 0x20000, 0, KVM_INTEL)]
# The table names the kernel by its vmlinux path and kvm by its file: script prints both
# paths, report says [kernel.vmlinux] and [kvm]; kvm_intel (not in the table) stays [kvm_intel].
scenario("kernel-vmlinux-path", lambda f: kernel_samples(f, [
    build_id_entry(True, -1, "11" * 20, KVERSION_DIR + b"/build/vmlinux"),
    build_id_entry(True, -1, "22" * 20, KVM),
    build_id_entry(False, PID, DEEP_BUILD_ID, b"/bench/deep")], MODULE_MAPS), **PLAIN)
# No table: module maps named by their files are [kvm] and [kvm_intel] (-v, -F +dsoff and
# --show-kernel-path print the paths); perf ignores a module map's pgoff.
scenario("module-path", lambda f: kernel_samples(f, None, [
    (0xFFFFFFFFC0A00000, 0x50000, 0x3000, KVM), MODULE_MAPS[1]]), **PLAIN)
# The kernel MMAP names the image by its path: perf takes it for a module map called
# "vmlinux" (addresses from its start, no kallsyms symbols, a warning about kptr_restrict).
scenario("kernel-map-path", lambda f: kernel_samples(f, None, [
    (0xFFFFFFFF81000000, 0x12090C8, 0xFFFFFFFF81000000, KVERSION_DIR + b"/build/vmlinux")]
    + MODULE_MAPS), kernel_map=False, **PLAIN)


def pipe_build_ids(f):
    """A pipe whose HEADER_BUILD_ID records come before the kernel MMAP: perf names the kernel
    dsos after them as in a file's table."""
    f.data = (build_id_entry(True, -1, "11" * 20, KVERSION_DIR + b"/build/vmlinux", True)
              + build_id_entry(True, -1, "22" * 20, KVM, True) + f.data)
    kernel_samples(f, None, MODULE_MAPS)


scenario("kernel-path-pipe", pipe_build_ids, pipe=True, **PLAIN)

# HEADER_BPF_PROG_INFO and HEADER_BPF_BTF (`perf record -a` on a system with BPF programs):
# report --header-only prints one "# bpf_prog_info" line per program (sub-programs on lines
# of their own), named from the program's tag and its BTF function names, its name or "F".
def bpf_prog(prog_id, tags, addrs, lens, name=b"", btf_id=0, type_ids=(), nr_tags=None):
    """One perf_bpil entry: info_len, data_len, arrays, a 232-byte bpf_prog_info whose array
    fields hold offsets into the data that follows (as perf writes them)."""
    data = b"".join(pk("Q", a) for a in addrs)                   # jited_ksyms
    lens_at = len(data)
    data += b"".join(pk("I", n) for n in lens)                   # jited_func_lens
    data += b"\0" * (-len(data) % 8)
    tags_at = len(data)
    data += b"".join(tags)                                        # prog_tags, 8 bytes each
    finfo_at = len(data)
    data += b"".join(pk("II", 0x10 * i, t) for i, t in enumerate(type_ids))  # bpf_func_info
    info = bytearray(232)
    info[4:8] = pk("I", prog_id)
    info[64:64 + len(name)] = name
    info[104:112] = pk("II", len(addrs), len(lens))
    info[112:128] = pk("QQ", 0, lens_at)
    info[128:136] = pk("II", btf_id, 8 if type_ids else 0)
    info[136:148] = pk("QI", finfo_at, len(type_ids))
    info[180:184] = pk("I", len(tags) if nr_tags is None else nr_tags)
    info[184:192] = pk("Q", tags_at)
    arrays = (1 << 3) | (1 << 4) | (1 << 8) | ((1 << 5) if type_ids else 0)
    return pk("IIQ", len(info), len(data), arrays) + bytes(info) + data


def btf_blob():
    """BTF with an int, a function prototype and two functions (ids 1-4)."""
    strings = b"\0int\0handle_open\0helper_sub\0"
    types = (pk("III", 1, 1 << 24, 4) + pk("I", 32)              # 1: INT "int"
             + pk("III", 0, 13 << 24, 1)                         # 2: FUNC_PROTO -> int
             + pk("III", 5, 12 << 24, 2)                         # 3: FUNC "handle_open"
             + pk("III", 17, 12 << 24, 2))                       # 4: FUNC "helper_sub"
    return pk("HBBIIIII", 0xEB9F, 1, 0, 24, 0, len(types), len(types), len(strings)) + types + strings


def bpf_features(f):
    tag = lambda n: bytes(range(n, n + 8))
    progs = [bpf_prog(12, [tag(0x10), tag(0x20)], [0xFFFFFFFFC0001000, 0xFFFFFFFFC0001200],
                      [0x1F0, 0x48], b"handle_open", btf_id=3, type_ids=(3, 4)),
             bpf_prog(7, [tag(0xA0)], [0xFFFFFFFFC0000800], [0x8C], b"sys_enter"),
             bpf_prog(9, [tag(1), tag(2)], [0xFFFFFFFFC0002000, 0xFFFFFFFFC0002100], [0x40, 0x20]),
             bpf_prog(15, [tag(0x30)], [0xFFFFFFFFC0003000], [0x10]),
             bpf_prog(20, [tag(0x40)], [0xFFFFFFFFC0004000], [0x10], b"mismatch", nr_tags=2),
             bpf_prog(25, [tag(0x50)], [0xFFFFFFFFC0005000], [0x30], b"no_btf", btf_id=99,
                      type_ids=(3,))]
    btf = btf_blob()
    f.features = {25: pk("I", len(progs)) + b"".join(progs),
                  26: pk("III", 1, 3, len(btf)) + btf}
    f.plain_sample(PID, t, USER[0])


scenario("bpf-prog-info", bpf_features, **PLAIN)


# `perf record -b -g` samples for report --branch-history (issue 28): a frame-pointer callchain
# beside a branch stack of every-branch records (ANY | USER | HW_INDEX) with their flags and
# cycles, most recent branch first: spin's loop back-edge taken three times (a loop perf folds
# into one with its iteration count), the call into spin, branches in level and main.
BH_TYPE = LBR_TYPE
BH_BRANCHES = (1 << 0) | (1 << 3) | (1 << 17)


def bh_sample(f, tid, time, ip, chain, entries, misc=2, hw_idx=0):
    body = pk("QIIQQQ", ip, PID, tid, time, 1000000, len(chain)) + pk("%dQ" % len(chain), *chain)
    body += pk("QQ", len(entries), hw_idx) + b"".join(entries)
    f.rec(9, misc, body)


def branch_history(f):
    f.comm(PID + 1, b"worker", t - 10)
    back = [branch_entry(0x4017C8, 0x4017B0, predicted=1, cycles=4, type_=1),
            branch_entry(0x4017C8, 0x4017B0, predicted=1, cycles=5, type_=1),
            branch_entry(0x4017C8, 0x4017B0, mispred=1, cycles=6, type_=1)]
    call_spin = branch_entry(0x401840, 0x4017A0, predicted=1, cycles=10, type_=4)
    in_level = branch_entry(0x401825, 0x401830, mispred=1, cycles=2, type_=1)
    call_level = branch_entry(0x401884, 0x40181E, predicted=1, cycles=20, type_=4)
    spin_chain = [U, 0x4017CF, 0x401844, 0x401889, 0x401E82]
    bh_sample(f, PID, t, 0x4017CF, spin_chain, back + [call_spin, in_level, call_level])
    # the same path again, other cycles and flags
    bh_sample(f, PID, t + 100, 0x4017CF, spin_chain,
              [branch_entry(0x4017C8, 0x4017B0, mispred=1, cycles=7, type_=1), call_spin,
               in_level, call_level])
    # __getppid: a call and a return, in_tx/abort flags, no cycles
    bh_sample(f, PID + 1, t + 200, 0x419147, [U, 0x419147, 0x401806, 0x40183A, 0x401889],
              [branch_entry(0x401801, 0x419140, predicted=1, in_tx=1, type_=4),
               branch_entry(0x4017F0, 0x4017E0, abort=1, cycles=3, type_=6),
               branch_entry(0x401835, 0x4017D7, predicted=1, cycles=9, type_=4)])
    # a kernel sample: the kernel part, then the user one; a branch from the kernel
    bh_sample(f, PID, t + 300, KCHAIN[1], KCHAIN + [U, 0x419147, 0x401806],
              [branch_entry(0xFFFFFFFF81000130, 0xFFFFFFFF821ECC00, predicted=1, cycles=30, type_=4),
               branch_entry(0x419145, 0xFFFFFFFF81000100, cycles=1, type_=9)], misc=1)
    # no branches
    bh_sample(f, PID, t + 400, 0x4017CF, spin_chain, [])
    # 0x401783 and 0x40186c share a slot of perf's loop-removal hash (7 bits, modulo 127; not
    # with 8 bits): the repeated 0x40186c is then no loop for perf
    bh_sample(f, PID + 1, t + 500, 0x401889, [U, 0x401889, 0x401E82],
              [branch_entry(0x401783, 0x40184B, predicted=1, cycles=8, type_=4),
               branch_entry(0x40186C, 0x401870, predicted=1, cycles=2, type_=1),
               branch_entry(0x40186C, 0x401870, mispred=1, cycles=3, type_=1),
               branch_entry(0x401880, 0x40181E, predicted=1, cycles=1, type_=4)])


scenario("branch-history", branch_history, sample_type=BH_TYPE, flags=PLAIN["flags"],
         branch_sample_type=BH_BRANCHES)
# The same with HEADER_BRANCH_STACK, as perf record -b writes it: perf then shows each call-graph
# branch line's counts (predicted, cycles, iterations, ...).
def branch_history_feat(f):
    branch_history(f)
    # spin's loop again, twice: its folded source is matched, so perf shows its iterations
    back = [branch_entry(0x4017C8, 0x4017B0, predicted=1, cycles=4, type_=1)] * 4
    tail = [branch_entry(0x401840, 0x4017A0, predicted=1, cycles=10, type_=4),
            branch_entry(0x40183F, 0x40182E, cycles=6, type_=15, new_type=1, abort=1),
            branch_entry(0x401830, 0x401820, cycles=2, type_=0)]
    for dt in (600, 700):
        bh_sample(f, PID, t + dt, 0x4017CF, [U, 0x4017CF, 0x401844, 0x401889], back + tail)


scenario("branch-history-feat", branch_history_feat, sample_type=BH_TYPE, flags=PLAIN["flags"],
         branch_sample_type=BH_BRANCHES, features={15: b""})
# branch-history's samples recorded -b with a branch filter without "any" (user calls): perf
# reports them in branch mode, and --total-cycles then knows no block's start (every block is
# counted from its function's start).
scenario("branch-cycles-nonany", branch_history, sample_type=BH_TYPE, flags=PLAIN["flags"],
         branch_sample_type=(1 << 0) | (1 << 4) | (1 << 17), features={15: b""})
# perf record -b without -g: with HEADER_BRANCH_STACK perf 7.2's --branch-history makes call
# graphs of the branches alone.
scenario("branch-stack-feat", branch_samples, sample_type=PLAIN["sample_type"] | 0x800,
         flags=PLAIN["flags"], branch_sample_type=(1 << 0) | (1 << 3) | (1 << 17), features={15: b""})

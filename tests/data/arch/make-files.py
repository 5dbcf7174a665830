#!/usr/bin/env python3
"""Writes tests/data/arch/: perf.data files as perf records them on other architectures, with
user and interrupt registers in every sample, and symfs/ stand-ins for their programs.

perf names a sample's registers after the machine of the process's program (the e_machine of
the first ELF file among its maps), so each file maps its own /bench/<arch>-prog, and symfs/
holds an ELF header of that machine under that path (the header is all perf reads of it).
ppc64 and s390x files are big endian, as those machines write them.

  python3 make-files.py      # rewrites data/*.data and symfs/bench/* (deterministic)

perf 7.2's output for them is in expected/ (tests/data/gen-golden.sh arch)."""
import os
import struct
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "synthetic"))
import perfdata_builder as B  # noqa: E402
from perfdata_builder import PID, T0, File, pk  # noqa: E402

IP, TID, TIME, PERIOD, REGS_USER, REGS_INTR = 0x1, 0x2, 0x4, 0x100, 0x1000, 0x40000
ALL_REGS = (1 << 64) - 1
# mmap, comm, task, sample_id_all, mmap2, comm_exec
FLAGS = (1 << 8) | (1 << 9) | (1 << 13) | (1 << 18) | (1 << 23) | (1 << 24)

# name: (uname -m, e_machine, ELF class (1: 32-bit, 2: 64-bit), byte order, regs ABI)
ARCHES = {
    "x86_64": ("x86_64", 62, 2, "<", 2),
    "i386": ("i686", 3, 1, "<", 1),
    "arm64": ("aarch64", 183, 2, "<", 2),
    "arm": ("armv7l", 40, 1, "<", 1),
    "ppc64": ("ppc64", 21, 2, ">", 2),
    "ppc64le": ("ppc64le", 21, 2, "<", 2),
    "riscv64": ("riscv64", 243, 2, "<", 2),
    "s390x": ("s390x", 22, 2, ">", 2),
    "mips64el": ("mips64", 8, 2, "<", 2),
    "loongarch64": ("loongarch64", 258, 2, "<", 2),
}
IPS = [0x4017CC, 0x4017D0, 0x401A00]   # in the program's map (0x401000-0x478000)


def elf_header(e_machine, cls, endian):
    """The ELF identification and header fields up to e_flags; the rest zero."""
    ident = b"\x7fELF" + bytes([cls, 1 if endian == "<" else 2, 1]) + b"\0" * 9
    size = 52 if cls == 1 else 64
    return (ident + struct.pack(endian + "HHI", 2, e_machine, 1)).ljust(size, b"\0")


def regs(abi, mask, base):
    """A sample's regs block: the ABI, then one u64 per bit of the mask, values base + bit."""
    bits = [b for b in range(64) if mask >> b & 1]
    return pk("Q%dQ" % len(bits), abi, *[base + b for b in bits])


def write(name, uname, e_machine, cls, endian, abi):
    exe = ("/bench/%s-prog" % name).encode()
    with open(os.path.join(here, "symfs", "bench", name + "-prog"), "wb") as f:
        f.write(elf_header(e_machine, cls, endian))
    B.set_endian(endian)
    f = File(attr_size=104, exe=exe, comm=(name + "-prog").encode(),
             sample_type=IP | TID | TIME | PERIOD | REGS_USER | REGS_INTR, flags=FLAGS,
             sample_regs_user=ALL_REGS, sample_regs_intr=ALL_REGS)
    f.features = {3: File.string_feature(b"builder"),          # HOSTNAME
                  4: File.string_feature(b"6.12.0"),           # OSRELEASE
                  5: File.string_feature(b"6.12"),             # VERSION
                  6: File.string_feature(uname.encode()),      # ARCH
                  7: pk("II", 4, 4),                           # NRCPUS
                  33: pk("II", e_machine, 0)}                  # E_MACHINE
    f.setup(kernel_map=False)
    t = T0 + 10_000
    for i in range(2):
        f.plain_sample(PID, t + 1000 * i, IPS[i],
                       extra=regs(abi, ALL_REGS, 0x1000 * (i + 1)) + regs(abi, ALL_REGS, 0xF000))
    # A sample with no user registers (ABI none).
    f.plain_sample(PID, t + 3000, IPS[2], extra=pk("Q", 0) + regs(abi, ALL_REGS, 0x7000))
    f.write(os.path.join(here, "data", name + ".data"))
    B.set_endian("<")


for arch, spec in ARCHES.items():
    write(arch, *spec)


def order_file(name, samples):
    """arm64 samples [(tid, ip)] with four user registers: perf names them after the program
    only once an earlier lookup has read its file, and a second thread keeps what its main
    thread said at its first sample."""
    B.set_endian("<")
    f = File(attr_size=104, exe=b"/bench/arm64-prog", comm=b"arm64-prog",
             sample_type=IP | TID | TIME | PERIOD | REGS_USER, flags=FLAGS, sample_regs_user=0xF)
    f.setup(kernel_map=False)
    for i, (tid, ip) in enumerate(samples):
        f.plain_sample(tid, T0 + 10_000 + 1000 * i, ip, extra=regs(2, 0xF, 0x10 * i))
    f.write(os.path.join(here, "data", name + ".data"))


# A sample outside every map reads no file: the next sample in the map still gets x86 names.
order_file("regs-order", [(PID, 0x100), (PID, IPS[0]), (PID, 0x200), (PID, IPS[1])])
# Thread PID+1 asks first (host names, kept); the main thread later gets arm64's.
order_file("regs-thread", [(PID + 1, IPS[0]), (PID + 1, IPS[1]), (PID, IPS[2])])


def hybrid_file():
    """An x86_64 file of a hybrid machine (P and E cores): HYBRID_TOPOLOGY, CPU_PMU_CAPS and
    PMU_CAPS as perf 6.x/7.x write them on Alder Lake."""
    S = File.string_feature
    B.set_endian("<")
    f = File(attr_size=104, exe=b"/bench/x86_64-prog", comm=b"x86_64-prog",
             sample_type=IP | TID | TIME | PERIOD, flags=FLAGS)
    caps = [(b"branches", b"32"), (b"max_precise", b"3"), (b"pmu_name", b"alderlake_hybrid")]
    atom_caps = [(b"branches", b"32"), (b"max_precise", b"3")]

    def cap_list(cs):
        return pk("I", len(cs)) + b"".join(S(n) + S(v) for n, v in cs)
    f.features = {3: S(b"builder"), 6: S(b"x86_64"), 7: pk("II", 24, 24),
                  28: cap_list(caps),                                              # CPU_PMU_CAPS
                  30: pk("I", 2) + S(b"cpu_core") + S(b"0-15") + S(b"cpu_atom") + S(b"16-23"),
                  31: pk("I", 2) + cap_list(caps) + S(b"cpu_core")                 # PMU_CAPS
                  + cap_list(atom_caps) + S(b"cpu_atom")}
    f.setup(kernel_map=False)
    f.plain_sample(PID, T0 + 10_000, IPS[0])
    f.write(os.path.join(here, "data", "x86_64-hybrid.data"))


hybrid_file()

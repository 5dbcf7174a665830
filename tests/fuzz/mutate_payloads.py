#!/usr/bin/env python3
"""Writes copies of perf.data files with hostile sample payloads (record sizes stay valid):

  dwarf  INPUT OUTDIR  --call-graph dwarf samples: user registers (IP, SP, BP, ABI) and the
                       user stack (dyn_size, contents) set to hostile values, for the unwinder.
  trace  INPUT OUTDIR  tracepoint samples: raw data bytes and raw_size, and bytes of the
                       HEADER_TRACING_DATA formats flipped, for the libtraceevent formatter.

Every output is a 'corrupt' case (must not crash or hang; a clean error is fine); their names go
to OUTDIR/index.txt, one per line. Deterministic (fixed seed).
usage: mutate_payloads.py dwarf|trace INPUT OUTDIR"""
import os
import random
import struct
import sys

# Bits of perf_event_attr.sample_type this script understands, in payload order.
IP, TID, TIME, ADDR, READ, CALLCHAIN, ID, CPU, PERIOD, STREAM_ID, RAW = (
    1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7, 1 << 8, 1 << 9, 1 << 10)
REGS_USER, STACK_USER, IDENTIFIER = 1 << 12, 1 << 13, 1 << 16


def header(data):
    attr_off, attr_size = struct.unpack_from("<QQ", data, 24)
    data_off, data_size = struct.unpack_from("<QQ", data, 40)
    entry = struct.unpack_from("<Q", data, 16)[0]
    attr = data[attr_off:attr_off + entry]
    sample_type = struct.unpack_from("<Q", attr, 24)[0]
    regs_mask = struct.unpack_from("<Q", attr, 80)[0] if len(attr) >= 88 else 0
    return data_off, data_off + data_size, sample_type, regs_mask


def samples(data):
    """(offset, size) of the PERF_RECORD_SAMPLE records of a file-mode perf.data."""
    off, end, _, _ = header(data)
    while off + 8 <= end:
        rtype, _, rsize = struct.unpack_from("<IHH", data, off)
        if rsize < 8:
            break
        if rtype == 9:
            yield off, rsize
        off += rsize


def fields(data, off, sample_type, regs_mask):
    """Offsets of the interesting parts of one sample (single-attr files)."""
    p = off + 8
    out = {}
    if sample_type & IDENTIFIER: p += 8
    if sample_type & IP: p += 8
    if sample_type & TID: p += 8
    if sample_type & TIME: p += 8
    if sample_type & ADDR: p += 8
    if sample_type & ID: p += 8
    if sample_type & STREAM_ID: p += 8
    if sample_type & CPU: p += 8
    if sample_type & PERIOD: p += 8
    if sample_type & READ: raise SystemExit("READ samples not supported")
    if sample_type & CALLCHAIN:
        nr = struct.unpack_from("<Q", data, p)[0]
        p += 8 + 8 * nr
    if sample_type & RAW:
        out["raw_size"] = p
        size = struct.unpack_from("<I", data, p)[0]
        out["raw"] = (p + 4, size)
        p += 4 + size
    if sample_type & REGS_USER:
        out["abi"] = p
        abi = struct.unpack_from("<Q", data, p)[0]
        p += 8
        if abi:
            out["regs"] = p
            p += 8 * bin(regs_mask).count("1")
    if sample_type & STACK_USER:
        size = struct.unpack_from("<Q", data, p)[0]
        out["stack"] = (p + 8, size)
        p += 8 + size
        if size:
            out["dyn_size"] = p
    return out


def reg_offset(regs_mask, reg):
    return 8 * bin(regs_mask & ((1 << reg) - 1)).count("1")


def main():
    mode, src, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
    data = open(src, "rb").read()
    os.makedirs(outdir, exist_ok=True)
    rng = random.Random(1234)
    names = []
    _, _, sample_type, regs_mask = header(data)

    def emit(name, blob):
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(blob)
        names.append(name)

    picked = list(samples(data))[:3]
    if mode == "dwarf":
        for off, _ in picked:
            f = fields(data, off, sample_type, regs_mask)
            regs, (stack, size) = f["regs"], f["stack"]
            sp_at = regs + reg_offset(regs_mask, 7)
            ip_at = regs + reg_offset(regs_mask, 8)
            bp_at = regs + reg_offset(regs_mask, 6)
            sp = struct.unpack_from("<Q", data, sp_at)[0]
            for name, at, fmt, val in [
                ("sp0", sp_at, "<Q", 0), ("sp1", sp_at, "<Q", 1),
                ("spmax", sp_at, "<Q", 0xFFFFFFFFFFFFFFF8), ("spup", sp_at, "<Q", sp + 4000),
                ("spdown", sp_at, "<Q", sp - 8), ("ip0", ip_at, "<Q", 0),
                ("ipwild", ip_at, "<Q", 0x1234), ("ipkernel", ip_at, "<Q", 0xFFFFFFFF81000000),
                ("bpstack", bp_at, "<Q", sp + 8), ("abi32", f["abi"], "<Q", 1),
                ("abi3", f["abi"], "<Q", 3), ("dyn0", f["dyn_size"], "<Q", 0),
                ("dynbig", f["dyn_size"], "<Q", size + 8),
                ("dynmax", f["dyn_size"], "<Q", 0xFFFFFFFFFFFFFFFF)]:
                blob = bytearray(data)
                struct.pack_into(fmt, blob, at, val)
                emit(f"{name}-{off}", bytes(blob))
            # Stack contents: random words, and frames that point at themselves (a loop).
            blob = bytearray(data)
            blob[stack:stack + size] = bytes(rng.getrandbits(8) for _ in range(size))
            emit(f"stackrand-{off}", bytes(blob))
            blob = bytearray(data)
            for i in range(0, size - 16, 16):
                struct.pack_into("<QQ", blob, stack + i, sp + i, 0x40182E)
            emit(f"stackloop-{off}", bytes(blob))
    elif mode == "trace":
        for off, _ in picked:
            f = fields(data, off, sample_type, regs_mask)
            raw, size = f["raw"]
            for keep_type in (True, False):
                blob = bytearray(data)
                start = raw + (2 if keep_type else 0)
                blob[start:raw + size] = bytes(rng.getrandbits(8) for _ in range(raw + size - start))
                emit(f"rawrand{int(keep_type)}-{off}", bytes(blob))
            for bad in (0, 1, 3):
                blob = bytearray(data)
                struct.pack_into("<I", blob, f["raw_size"], bad)
                emit(f"rawsize{bad}-{off}", bytes(blob))
        # Byte flips inside the tracing data (the first feature section: bit 1 is the lowest).
        data_off, data_end, _, _ = header(data)
        sec_off, sec_size = struct.unpack_from("<QQ", data, data_end)
        for i in range(24):
            blob = bytearray(data)
            at = sec_off + rng.randrange(sec_size)
            blob[at] = rng.choice([0, 0x20, 0x25, 0x28, 0x29, 0x2C, 0x3B, 0x5B, 0x7B, 0xFF])
            emit(f"tdflip-{at}", bytes(blob))
    with open(os.path.join(outdir, "index.txt"), "w") as f:
        f.write("".join(n + " corrupt\n" for n in names))


main()

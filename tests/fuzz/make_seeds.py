#!/usr/bin/env python3
"""Seeds for the libFuzzer targets that do not take a perf.data as it is.

  make_seeds.py pipe OUTDIR FILE...     the pipe-mode files among FILE (header size 16)
  make_seeds.py tracing OUTDIR FILE...  the HEADER_TRACING_DATA section of each file mode FILE
                                        that has one, as the tracing_data target reads it: a
                                        4-byte little-endian length, the section, then 64 bytes
                                        of sample data
  make_seeds.py jitdump OUTDIR          small jitdump files (loads, a move, line and unwinding
                                        tables, both byte orders, a cut record)
"""
import os
import shutil
import struct
import sys

HEADER_TRACING_DATA = 1


def header(data):
    if len(data) < 16 or data[:8] not in (b'PERFILE2', b'2ELIFREP'):
        return None
    endian = '<' if data[:8] == b'PERFILE2' else '>'
    return endian, struct.unpack_from(endian + 'Q', data, 8)[0]


def tracing_section(data):
    h = header(data)
    if not h or h[1] < 104 or len(data) < 104:
        return None
    endian = h[0]
    data_off, data_size = struct.unpack_from(endian + 'QQ', data, 40)
    bits = data[72:104]
    if not bits[0] >> HEADER_TRACING_DATA & 1:
        return None
    # The section table follows the data: one (offset, size) per feature bit set, in bit order;
    # HEADER_TRACING_DATA is bit 1, so only bit 0 (reserved) could come before it.
    index = bits[0] & 1
    at = data_off + data_size + 16 * index
    if at + 16 > len(data):
        return None
    off, size = struct.unpack_from(endian + 'QQ', data, at)
    if off + size > len(data) or size == 0:
        return None
    return data[off:off + size]


def jitdump_seeds(out):
    """jitdump files as JITs write them (tests/workloads/jitdump.c)."""
    def dump(order, records):
        head = struct.pack(order + 'IIIIIIQQ', 0x4A695444, 1, 40, 62, 0, 7, 1, 0)
        return head + b''.join(records)

    def load(order, name, addr, code, index, ts=100):
        body = struct.pack(order + 'IIQQQQ', 7, 8, addr, addr, len(code), index) + name + b'\0' + code
        return struct.pack(order + 'IIQ', 0, 16 + len(body), ts) + body

    for order, tag in (('<', 'le'), ('>', 'be')):
        spin = bytes([0x48, 0x89, 0xf8, 0x48, 0xff, 0xc8, 0x75, 0xfb, 0xc3])
        recs = [load(order, b'jit_spin_a', 0x7f0000000000, spin, 1),
                struct.pack(order + 'IIQQQ', 2, 32, 150, 0x7f0000000000, 0),
                struct.pack(order + 'IIQQQQ', 4, 40, 160, 8, 4, 0x40),
                load(order, b'jit_spin_b', 0x7f0000000040, spin, 2, 200),
                struct.pack(order + 'IIQIIQQQQQ', 1, 64, 300, 7, 8, 0x7f0000000040, 0x7f0000000040,
                            0x7f0000001000, len(spin), 2)]
        open(os.path.join(out, 'jit-' + tag), 'wb').write(dump(order, recs))
        open(os.path.join(out, 'jit-cut-' + tag), 'wb').write(dump(order, recs)[:-20])


def main():
    mode, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    if mode == 'jitdump':
        jitdump_seeds(out)
        return
    for i, path in enumerate(files):
        data = open(path, 'rb').read()
        name = '%03d-%s' % (i, os.path.basename(path))
        if mode == 'pipe':
            h = header(data)
            if h and h[1] == 16:
                shutil.copyfile(path, os.path.join(out, name))
        elif mode == 'tracing':
            sec = tracing_section(data)
            if sec:
                blob = struct.pack('<I', len(sec)) + sec + bytes(range(64))
                open(os.path.join(out, name + '.td'), 'wb').write(blob)


if __name__ == '__main__':
    main()

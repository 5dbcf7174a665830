#!/usr/bin/env python3
"""Writes damaged copies of a perf.data file: truncations and corrupted record sizes.

usage: mutate.py INPUT OUTDIR [STEP]
Each output's name says what was done to it; a line per file goes to OUTDIR/index.txt as
"NAME KIND" where KIND is 'truncated' (must fail) or 'corrupt' (must not crash)."""
import os
import struct
import sys


def records(data):
    """(offset, type, size) of each record of a file-mode or pipe-mode perf.data."""
    size = struct.unpack_from("<Q", data, 8)[0]
    if size == 16:
        start, end = 16, len(data)
    else:
        start, dsize = struct.unpack_from("<QQ", data, 40)
        end = min(start + dsize, len(data))
    off = start
    while off + 8 <= end:
        rtype, misc, rsize = struct.unpack_from("<IHH", data, off)
        if rsize < 8:
            break
        yield off, rtype, rsize
        off += rsize


def main():
    src, outdir = sys.argv[1], sys.argv[2]
    step = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    data = open(src, "rb").read()
    os.makedirs(outdir, exist_ok=True)
    index = []

    def emit(name, blob, kind):
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(blob)
        index.append(f"{name} {kind}")

    # Every truncation point inside the file header (104 bytes) and the first attr, every 8th
    # up to 256, every record boundary (and one byte either side), then every STEP bytes.
    cuts = set(range(0, min(len(data), 128))) | set(range(0, min(len(data), 256), 8)) | set(range(0, len(data), step))
    for i, (off, _, _) in enumerate(records(data)):
        if i > 40:
            break
        cuts |= {off - 1, off, off + 1, off + 4}
    pipe = struct.unpack_from("<Q", data, 8)[0] == 16
    boundaries = {off for off, _, _ in records(data)}
    for cut in sorted(cuts):
        if 0 <= cut < len(data):
            # A pipe stream may legitimately end at a record boundary.
            kind = "corrupt" if pipe and cut in boundaries else "truncated"
            emit(f"trunc-{cut}", data[:cut], kind)
    # The size field of each of the first records set to hostile values (whole-file variants
    # are the slowest to run: the first 6 records), their counts on the first 13.
    for i, (off, rtype, rsize) in enumerate(records(data)):
        if i > 12:
            break
        for bad in (0, 7, 9, rsize + 8, 0xFFFF) if i < 6 else ():
            blob = bytearray(data)
            struct.pack_into("<H", blob, off + 6, bad)
            emit(f"size-{off}-{bad}", bytes(blob), "corrupt")
        # Callchain / array counts blown up: the u64 after the header fields.
        blob = bytearray(data)
        if rsize >= 48:
            struct.pack_into("<Q", blob, off + 40, 0xFFFFFFFFFFFF)
            emit(f"count-{off}", bytes(blob), "corrupt")
    # Header fields: attr size, section offsets and sizes.
    if struct.unpack_from("<Q", data, 8)[0] != 16:
        for field in range(16, 72, 8):
            for bad in (0, 1, 0xFFFFFFFF, 0x7FFFFFFFFFFFFFFF):
                blob = bytearray(data)
                struct.pack_into("<Q", blob, field, bad)
                emit(f"hdr-{field}-{bad}", bytes(blob), "corrupt")
    with open(os.path.join(outdir, "index.txt"), "w") as f:
        f.write("\n".join(index) + "\n")


main()

#!/usr/bin/env python3
"""gen-perf-data.py: makes a large perf.data for benchmarks by replaying a real recording.

    bench/gen-perf-data.py SRC.data OUT.data --samples N

SRC must be a file-mode perf.data (not a pipe stream, not compressed) whose events all share
one sample_type with PERF_SAMPLE_TIME. The output has:
  - SRC's header, attrs and id arrays, unchanged (the data section stays where it was);
  - the data section: SRC's records up to the first sample, then SRC's records from the first
    to the last sample (the "block", side band included), then copies of the block's
    PERF_RECORD_SAMPLE, PERF_RECORD_CALLCHAIN_DEFERRED and FINISHED_ROUND records with their
    timestamps moved later by one block length (+1 ms) per copy, until at least N samples are
    written, then SRC's records after the last sample (e.g. EXIT), moved after the last copy;
  - a FINISHED_ROUND after the block and after each copy, as perf record writes one per pass
    over its buffers in a long recording (short recordings such as perf6.1/g.data have none
    between their samples, and a reader would otherwise have to queue the whole file);
  - SRC's feature sections, moved by the data section's growth, the sample-time feature's
    last time moved to the last copy's (so `report --header` agrees with the samples).
So callchains, deferred-callchain cookies and symbols are those of a real recording, and every
reader that reads SRC reads the output. The output is a pure function of SRC and N.
It is written as it is made: memory is about twice SRC's size whatever N is.
"""
import argparse
import struct
import sys

PERF_MAGIC = b"PERFILE2"
HEADER_SIZE = 104  # magic, size, attr_size, 3 sections, 256-bit feature bitmap
RECORD_SAMPLE = 9
RECORD_CALLCHAIN_DEFERRED = 22
RECORD_FINISHED_ROUND = 68
RECORD_USER_TYPE_START = 64
FEAT_SAMPLE_TIME = 21  # HEADER_SAMPLE_TIME: first and last sample times
u64 = struct.Struct("<Q")

SAMPLE_IP, SAMPLE_TID, SAMPLE_TIME = 1 << 0, 1 << 1, 1 << 2
SAMPLE_ID, SAMPLE_CPU, SAMPLE_STREAM_ID = 1 << 6, 1 << 7, 1 << 9
SAMPLE_IDENTIFIER = 1 << 16
ATTR_SAMPLE_ID_ALL = 1 << 18  # bit of the attr flags word


def fail(msg):
    sys.exit(f"gen-perf-data: {msg}")


def read_attrs(buf, attr_off, attr_size_total, entry_size):
    """(sample_type, sample_id_all) of every attr."""
    out = []
    for off in range(attr_off, attr_off + attr_size_total, entry_size):
        sample_type = struct.unpack_from("<Q", buf, off + 24)[0]
        flags = struct.unpack_from("<Q", buf, off + 40)[0]
        out.append((sample_type, bool(flags & ATTR_SAMPLE_ID_ALL)))
    return out


def sample_time_offset(st):
    """Offset of the time field in a PERF_RECORD_SAMPLE, header included."""
    return 8 + 8 * sum(1 for bit in (SAMPLE_IDENTIFIER, SAMPLE_IP, SAMPLE_TID) if st & bit)


def id_time_offset_from_end(st):
    """Distance of the time field from the end of a sample_id trailer."""
    after = sum(1 for bit in (SAMPLE_ID, SAMPLE_STREAM_ID, SAMPLE_CPU, SAMPLE_IDENTIFIER) if st & bit)
    return 8 * (after + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--samples", type=int, default=500000)
    args = ap.parse_args()

    buf = open(args.src, "rb").read()
    if buf[:8] != PERF_MAGIC:
        fail(f"{args.src}: not a file-mode perf.data (pipe and big-endian files are not handled)")
    hdr_size, attr_size = struct.unpack_from("<QQ", buf, 8)
    attr_off, attr_len, data_off, data_len = struct.unpack_from("<QQQQ", buf, 24)
    if hdr_size != HEADER_SIZE or data_off + data_len > len(buf):
        fail(f"{args.src}: unexpected header")
    attrs = read_attrs(buf, attr_off, attr_len, attr_size)  # attr + ids section
    if not attrs or len(set(attrs)) != 1:
        fail(f"{args.src}: events differ in sample_type/sample_id_all")
    st, id_all = attrs[0]
    if not st & SAMPLE_TIME or not id_all:
        fail(f"{args.src}: needs PERF_SAMPLE_TIME and sample_id_all")
    t_sample = sample_time_offset(st)
    t_trailer = id_time_offset_from_end(st)

    # Split the data section into records: (offset, type, size, time offset in the record).
    recs = []
    pos, end = data_off, data_off + data_len
    while pos < end:
        rtype, _misc, size = struct.unpack_from("<IHH", buf, pos)
        if size < 8 or pos + size > end:
            fail(f"{args.src}: bad record at offset {pos:#x}")
        if rtype == RECORD_SAMPLE:
            toff = t_sample
        elif rtype < RECORD_USER_TYPE_START and size >= 8 + t_trailer:
            toff = size - t_trailer
        else:
            toff = None
        recs.append((pos, rtype, size, toff))
        pos += size
    samples = [i for i, r in enumerate(recs) if r[1] == RECORD_SAMPLE]
    if not samples:
        fail(f"{args.src}: no samples")
    first, last = samples[0], samples[-1]

    def rec_time(i):
        p, _t, _s, toff = recs[i]
        return struct.unpack_from("<Q", buf, p + toff)[0]

    t_first, t_last = rec_time(first), rec_time(last)
    block_shift = t_last - t_first + 1_000_000
    block = recs[first:last + 1]
    replay = [r for r in block if r[1] in (RECORD_SAMPLE, RECORD_CALLCHAIN_DEFERRED,
                                           RECORD_FINISHED_ROUND)]
    per_block = len(samples)

    # Each replayed record's time field, as offsets into one contiguous template of the block.
    view = memoryview(buf)  # slices of it are not copies
    template = bytearray()
    time_fields = []
    for p, _rtype, size, toff in replay:
        if toff is not None:
            time_fields.append(len(template) + toff)
        template += view[p:p + size]

    def shift(chunk, fields, delta):
        """Moves each time field in FIELDS of CHUNK DELTA ns later, in place (synthesized side
        band, time 0 or -1, keeps its time)."""
        for off in fields:
            t = u64.unpack_from(chunk, off)[0]
            if 0 < t < (1 << 63):
                u64.pack_into(chunk, off, t + delta)
        return chunk

    def fields_of(rec_list):
        fields, pos = [], 0
        for _p, _rtype, size, toff in rec_list:
            if toff is not None:
                fields.append(pos + toff)
            pos += size
        return fields

    def raw(rec_list):
        return bytearray(b"".join(view[p:p + size] for p, _t, size, _o in rec_list))

    copies = (max(args.samples, per_block) + per_block - 1) // per_block - 1
    tail_recs = recs[last + 1:]
    tail_raw = shift(raw(tail_recs), fields_of(tail_recs), copies * block_shift)
    round_end = struct.pack("<IHH", RECORD_FINISHED_ROUND, 0, 8)
    first_len = sum(r[2] for r in recs[:last + 1])  # SRC's records up to the last sample
    new_data_len = first_len + len(round_end) + copies * (len(template) + len(round_end)) \
        + len(tail_raw)
    growth = new_data_len - data_len

    # Feature sections follow the data section: move their offsets by the growth, and make the
    # sample-time feature's last time the last copy's (perf report --header prints it).
    tail = bytearray(buf[end:])
    features = int.from_bytes(buf[72:104], "little")
    for i in range(bin(features).count("1")):
        off = u64.unpack_from(tail, 16 * i)[0]
        u64.pack_into(tail, 16 * i, off + growth)
    if features >> FEAT_SAMPLE_TIME & 1:
        idx = bin(features & ((1 << FEAT_SAMPLE_TIME) - 1)).count("1")
        off, size = struct.unpack_from("<QQ", buf, end + 16 * idx)
        if size == 16 and end <= off and off + 16 <= len(buf):
            last_time = u64.unpack_from(buf, off + 8)[0]
            if 0 < last_time < (1 << 63):
                u64.pack_into(tail, off - end + 8, last_time + copies * block_shift)
    head = bytearray(buf[:data_off])
    u64.pack_into(head, 48, new_data_len)

    # Written as it is made: a 10-million-sample file is several GB, far more than the source.
    with open(args.out, "wb") as f:
        f.write(head)
        f.write(view[data_off:data_off + first_len])
        f.write(round_end)
        for _ in range(copies):  # each copy one block length later than the one before
            f.write(shift(template, time_fields, block_shift))
            f.write(round_end)
        f.write(tail_raw)
        f.write(tail)
    written = (copies + 1) * per_block
    print(f"{args.out}: {written} samples ({copies + 1} x {per_block}), "
          f"{data_off + new_data_len + len(tail)} bytes")


if __name__ == "__main__":
    main()

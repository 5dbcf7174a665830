// HEADER_BPF_PROG_INFO as perf 7.2's header printer shows it: the BPF programs loaded when the
// file was recorded, one "# bpf_prog_info ID: NAME addr 0x... size N" line each (a program of
// several sub-programs: "# bpf_prog_info ID:" then "# \tsub_prog I: ..." lines), in id order.
//
// Section: u32 count, then per program perf's bpf_prog_info_linear: u32 info_len, u32 data_len,
// u64 arrays (which array fields are present), info_len bytes of struct bpf_prog_info, then
// data_len bytes holding the arrays, the info's array fields being offsets into them.
#pragma once
#include <string>

#include "base/byte_reader.h"

namespace cperf {

// Appends the lines for section `prog_info` to `out`; `btf` is the file's HEADER_BPF_BTF
// section (may be empty), whose blobs name the sub-programs of programs with a btf_id.
// Returns false when perf would refuse the section (short, an info longer than perf's struct).
// A swapped (other-endian) file's programs are not read, as in perf: "empty".
bool bpf_prog_info_text(Bytes prog_info, Bytes btf, bool swap, std::string& out);

}  // namespace cperf

// Decoding of the kernel's non-sample records (MMAP, COMM, FORK, ...), perf's one-line text
// for each (as `report -D` and `script --show-*-events` print it), and their effect on a Machine.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/perf_data_reader.h"
#include "record/u64_array.h"

namespace cperf {

class Machine;

struct SideBand {
  int32_t pid = 0, tid = 0, ppid = 0, ptid = 0;
  uint64_t time = 0;
  uint64_t start = 0, len = 0, pgoff = 0;
  uint32_t maj = 0, min = 0;
  uint64_t ino = 0, ino_generation = 0;
  uint32_t prot = 0, flags = 0;
  std::string build_id;  // hex, MMAP2 with PERF_RECORD_MISC_MMAP_BUILD_ID
  std::string_view name; // filename, comm, ksymbol name, cgroup path
  uint64_t id = 0, lost = 0;  // LOST, THROTTLE
  uint64_t stream_id = 0;
  // KSYMBOL / BPF_EVENT / TEXT_POKE / CGROUP / AUX / SWITCH_CPU_WIDE / NAMESPACES extras.
  uint64_t addr = 0;
  uint32_t u32a = 0, u32b = 0;
  uint16_t u16a = 0, u16b = 0;
  Bytes bytes;  // text_poke old+new bytes, namespaces array, bpf tag
  uint64_t cookie = 0;   // CALLCHAIN_DEFERRED
  U64Array deferred_ips; // CALLCHAIN_DEFERRED
  uint64_t aux_offset = 0, aux_size = 0, aux_flags = 0;
  std::vector<std::pair<uint64_t, uint64_t>> ns_links;  // NAMESPACES: (dev, inode) each
};

// Returns an error description, or empty on success.
std::string decode_side_band(const RawRecord& rec, bool swap, SideBand& out);

// TEXT_POKE's text after "PERF_RECORD_TEXT_POKE" with the poked address's "sym+0xoff" (or "").
std::string format_text_poke(const SideBand& sb, std::string_view symbol);

// perf's decoded text after "PERF_RECORD_<NAME>", newline included.
std::string format_side_band(const RawRecord& rec, const SideBand& sb);

// Updates threads and maps for MMAP/MMAP2/COMM/FORK/EXIT. time: the record's sample time
// (0 when unknown), when a COMM or FORK gives a thread its name.
void apply_side_band(Machine& m, const RawRecord& rec, const SideBand& sb, uint64_t time = 0);

}  // namespace cperf

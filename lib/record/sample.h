// Sample decoding: PERF_RECORD_SAMPLE bodies and the sample_id trailer of other records.
//
// A DecodedSample holds views (U64Array, Bytes) into the record's bytes: it is valid only while
// those bytes are. decode_sample() reads every PERF_SAMPLE_* field the attr asks for and checks
// every length against the record size.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "base/byte_reader.h"
#include "linux/perf_event.h"
#include "record/u64_array.h"

namespace cperf {

struct ReadValue {
  uint64_t value = 0, id = 0, lost = 0;
};

struct ReadFormatValues {
  uint64_t time_enabled = 0, time_running = 0;
  uint64_t nr = 0;          // group: number of values; otherwise 1
  Bytes values;             // nr entries of (value[, id][, lost]) u64s
  uint64_t value = 0, id = 0, lost = 0;  // non-group form
};

struct RegsDump {
  uint64_t abi = 0;
  uint64_t mask = 0;
  U64Array regs;  // popcount(mask) values, empty when abi == NONE
};

struct DecodedSample {
  const std::byte* record_start = nullptr;  // for offsets of views into the record
  uint64_t sample_type = 0;
  uint64_t ip = 0;
  uint32_t pid = 0, tid = 0;
  uint64_t time = 0;
  uint64_t addr = 0;
  uint64_t id = 0;
  uint64_t stream_id = 0;
  uint32_t cpu = 0, cpu_res = 0;
  uint64_t period = 1;
  ReadFormatValues read;
  U64Array callchain;  // includes context markers
  uint32_t raw_size = 0;
  Bytes raw;
  uint64_t branch_nr = 0;
  std::optional<uint64_t> branch_hw_idx;
  Bytes branch_entries;  // branch_nr * 24 bytes
  Bytes branch_counters; // branch_nr * 8 bytes when PERF_SAMPLE_BRANCH_COUNTERS
  RegsDump user_regs;
  // Where the REGS_USER and STACK_USER fields lie in the record: [user_dwarf_begin,
  // user_dwarf_end) (both 0 without them).
  size_t user_dwarf_begin = 0, user_dwarf_end = 0;
  uint64_t user_stack_size = 0;
  Bytes user_stack;
  uint64_t user_stack_dyn_size = 0;
  size_t user_stack_offset = 0;  // where the STACK_USER size field lies in the record
  uint64_t weight = 0;       // full u64 of PERF_SAMPLE_WEIGHT or var1_dw of WEIGHT_STRUCT
  uint16_t ins_lat = 0, weight3 = 0;  // WEIGHT_STRUCT var2_w / var3_w
  uint64_t data_src = 0;
  uint64_t transaction = 0;
  RegsDump intr_regs;
  uint64_t phys_addr = 0;
  uint64_t cgroup = 0;
  uint64_t data_page_size = 0, code_page_size = 0;
  uint64_t aux_size = 0;
  Bytes aux;

  // The last two callchain entries are PERF_CONTEXT_USER_DEFERRED and a cookie, and the event
  // asked for deferred callchains: the user part arrives later in a CALLCHAIN_DEFERRED record.
  bool deferred_callchain = false;
  uint64_t deferred_cookie = 0;
};

// Decodes the body of a PERF_RECORD_SAMPLE (record bytes including the header).
// Returns an error description, or empty on success.
std::string decode_sample(Bytes record, bool swap, const perf_event_attr& attr,
                          DecodedSample& out);

// The sample_id trailer of a non-sample record (sample_id_all). Fields follow the attr's
// sample_type; the trailer sits at the end of the record.
struct SampleId {
  uint32_t pid = 0, tid = 0;
  uint64_t time = 0;
  uint64_t id = 0;
  uint64_t stream_id = 0;
  uint32_t cpu = 0;
  bool valid = false;  // attr has sample_id_all and the record is long enough
};

// Size in bytes of the trailer for this attr (0 without sample_id_all).
size_t sample_id_size(const perf_event_attr& attr);
SampleId decode_sample_id(Bytes record, bool swap, const perf_event_attr& attr);

// Where the sample id sits, for finding the attr of a record when there are several:
// for samples, the byte offset from the record start (after the header) or -1;
// for other records, the offset back from the end, or -1.
int sample_id_pos(uint64_t sample_type);
int non_sample_id_pos(uint64_t sample_type);

// Number of u64 values in one read_format group entry.
int read_entry_u64s(uint64_t read_format);

}  // namespace cperf

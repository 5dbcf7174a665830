#include "record/sample.h"

#include <bit>

namespace cperf {

namespace {

constexpr size_t kHeader = sizeof(perf_event_header);

// Reads a u32 pair stored in one u64 slot; in a swapped file the slot was written as two u32s.
void read_u32_pair(ByteReader& r, uint32_t& a, uint32_t& b) {
  a = r.u32();
  b = r.u32();
}

U64Array read_u64_array(ByteReader& r, uint64_t n) {
  if (n > r.remaining() / 8) {
    r.fail();
    return {};
  }
  Bytes b = r.bytes(n * 8);
  return U64Array(b.data(), n, r.swapped());
}

void read_regs(ByteReader& r, uint64_t mask, RegsDump& regs) {
  regs.abi = r.u64();
  regs.mask = mask;
  if (regs.abi != PERF_SAMPLE_REGS_ABI_NONE) regs.regs = read_u64_array(r, std::popcount(mask));
}

void read_values(ByteReader& r, uint64_t fmt, ReadFormatValues& v) {
  if (fmt & PERF_FORMAT_GROUP) {
    v.nr = r.u64();
    if (fmt & PERF_FORMAT_TOTAL_TIME_ENABLED) v.time_enabled = r.u64();
    if (fmt & PERF_FORMAT_TOTAL_TIME_RUNNING) v.time_running = r.u64();
    uint64_t per = read_entry_u64s(fmt);
    if (v.nr > r.remaining() / (per * 8)) {
      r.fail();
      return;
    }
    v.values = r.bytes(v.nr * per * 8);
  } else {
    v.nr = 1;
    v.value = r.u64();
    if (fmt & PERF_FORMAT_TOTAL_TIME_ENABLED) v.time_enabled = r.u64();
    if (fmt & PERF_FORMAT_TOTAL_TIME_RUNNING) v.time_running = r.u64();
    if (fmt & PERF_FORMAT_ID) v.id = r.u64();
    if (fmt & PERF_FORMAT_LOST) v.lost = r.u64();
  }
}

}  // namespace

int read_entry_u64s(uint64_t fmt) {
  return 1 + ((fmt & PERF_FORMAT_ID) ? 1 : 0) + ((fmt & PERF_FORMAT_LOST) ? 1 : 0);
}

std::string decode_sample(Bytes record, bool swap, const perf_event_attr& attr,
                          DecodedSample& s) {
  ByteReader r(record, swap);
  r.skip(kHeader);
  const uint64_t t = attr.sample_type;
  s.sample_type = t;
  s.record_start = record.data();
  // Without PERF_SAMPLE_PERIOD every sample counts the attr's period (perf's default).
  s.period = attr.sample_period;
  if (t & PERF_SAMPLE_IDENTIFIER) s.id = r.u64();
  if (t & PERF_SAMPLE_IP) s.ip = r.u64();
  if (t & PERF_SAMPLE_TID) read_u32_pair(r, s.pid, s.tid);
  if (t & PERF_SAMPLE_TIME) s.time = r.u64();
  if (t & PERF_SAMPLE_ADDR) s.addr = r.u64();
  if (t & PERF_SAMPLE_ID) s.id = r.u64();
  if (t & PERF_SAMPLE_STREAM_ID) s.stream_id = r.u64();
  if (t & PERF_SAMPLE_CPU) read_u32_pair(r, s.cpu, s.cpu_res);
  if (t & PERF_SAMPLE_PERIOD) s.period = r.u64();
  if (t & PERF_SAMPLE_READ) read_values(r, attr.read_format, s.read);
  if (!r.ok()) return "sample too short for its fixed fields";
  if (t & PERF_SAMPLE_CALLCHAIN) {
    uint64_t nr = r.u64();
    s.callchain = read_u64_array(r, nr);
    if (!r.ok()) return "callchain nr " + std::to_string(nr) + " exceeds the record";
    // The kernel puts the deferred marker and its cookie last; perf honours it only when the
    // event asked for deferral.
    if (attr.defer_callchain && nr >= 2 && s.callchain[nr - 2] == PERF_CONTEXT_USER_DEFERRED) {
      s.deferred_callchain = true;
      s.deferred_cookie = s.callchain[nr - 1];
    }
  }
  if (t & PERF_SAMPLE_RAW) {
    s.raw_size = r.u32();
    s.raw = r.bytes(s.raw_size);
    if (!r.ok()) return "raw data size exceeds the record";
  }
  if (t & PERF_SAMPLE_BRANCH_STACK) {
    s.branch_nr = r.u64();
    if (attr.branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX) s.branch_hw_idx = r.u64();
    if (s.branch_nr > r.remaining() / 24) return "branch stack nr exceeds the record";
    s.branch_entries = r.bytes(s.branch_nr * 24);
    if (attr.branch_sample_type & PERF_SAMPLE_BRANCH_COUNTERS) {
      if (s.branch_nr > r.remaining() / 8) return "branch counters exceed the record";
      s.branch_counters = r.bytes(s.branch_nr * 8);
    }
  }
  s.user_dwarf_begin = r.pos();
  if (t & PERF_SAMPLE_REGS_USER) read_regs(r, attr.sample_regs_user, s.user_regs);
  if (t & PERF_SAMPLE_STACK_USER) {
    s.user_stack_offset = r.pos();
    s.user_stack_size = r.u64();
    if (s.user_stack_size > r.remaining()) return "user stack size exceeds the record";
    s.user_stack = r.bytes(s.user_stack_size);
    if (s.user_stack_size) s.user_stack_dyn_size = r.u64();
  }
  s.user_dwarf_end = r.pos();
  if (t & PERF_SAMPLE_WEIGHT_TYPE) {
    if (t & PERF_SAMPLE_WEIGHT_STRUCT) {
      s.weight = r.u32();
      s.ins_lat = r.u16();
      s.weight3 = r.u16();
    } else {
      s.weight = r.u64();
    }
  }
  if (t & PERF_SAMPLE_DATA_SRC) s.data_src = r.u64();
  if (t & PERF_SAMPLE_TRANSACTION) s.transaction = r.u64();
  if (t & PERF_SAMPLE_REGS_INTR) read_regs(r, attr.sample_regs_intr, s.intr_regs);
  if (t & PERF_SAMPLE_PHYS_ADDR) s.phys_addr = r.u64();
  if (t & PERF_SAMPLE_CGROUP) s.cgroup = r.u64();
  if (t & PERF_SAMPLE_DATA_PAGE_SIZE) s.data_page_size = r.u64();
  if (t & PERF_SAMPLE_CODE_PAGE_SIZE) s.code_page_size = r.u64();
  if (t & PERF_SAMPLE_AUX) {
    s.aux_size = r.u64();
    if (s.aux_size > r.remaining()) return "aux size exceeds the record";
    s.aux = r.bytes(s.aux_size);
  }
  if (!r.ok()) return "sample shorter than its sample_type says";
  return {};
}

size_t sample_id_size(const perf_event_attr& a) {
  if (!a.sample_id_all) return 0;
  const uint64_t t = a.sample_type;
  size_t n = 0;
  for (uint64_t bit : {PERF_SAMPLE_TID, PERF_SAMPLE_TIME, PERF_SAMPLE_ID, PERF_SAMPLE_STREAM_ID,
                       PERF_SAMPLE_CPU, PERF_SAMPLE_IDENTIFIER})
    if (t & bit) n += 8;
  return n;
}

SampleId decode_sample_id(Bytes record, bool swap, const perf_event_attr& a) {
  SampleId id;
  size_t n = sample_id_size(a);
  if (n == 0 || record.size() < kHeader + n) return id;
  ByteReader r(record.subspan(record.size() - n), swap);
  const uint64_t t = a.sample_type;
  if (t & PERF_SAMPLE_TID) read_u32_pair(r, id.pid, id.tid);
  if (t & PERF_SAMPLE_TIME) id.time = r.u64();
  if (t & PERF_SAMPLE_ID) id.id = r.u64();
  if (t & PERF_SAMPLE_STREAM_ID) id.stream_id = r.u64();
  if (t & PERF_SAMPLE_CPU) {
    uint32_t res;
    read_u32_pair(r, id.cpu, res);
  }
  if (t & PERF_SAMPLE_IDENTIFIER) id.id = r.u64();
  id.valid = r.ok();
  return id;
}

int sample_id_pos(uint64_t t) {
  if (t & PERF_SAMPLE_IDENTIFIER) return 0;
  if (!(t & PERF_SAMPLE_ID)) return -1;
  int pos = 0;
  for (uint64_t bit : {PERF_SAMPLE_IP, PERF_SAMPLE_TID, PERF_SAMPLE_TIME, PERF_SAMPLE_ADDR})
    if (t & bit) pos += 8;
  return pos;
}

int non_sample_id_pos(uint64_t t) {
  if (t & PERF_SAMPLE_IDENTIFIER) return 8;
  if (!(t & PERF_SAMPLE_ID)) return -1;
  int pos = 8;  // the id itself
  for (uint64_t bit : {PERF_SAMPLE_CPU, PERF_SAMPLE_STREAM_ID})
    if (t & bit) pos += 8;
  return pos;
}

}  // namespace cperf

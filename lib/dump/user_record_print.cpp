#include "dump/user_record_print.h"
#include "format/page_size.h"

#include <bit>
#include <cinttypes>
#include <cstring>
#include <string>

#include "arch/regs.h"
#include "dump/auxtrace_info_print.h"
#include "format/attr_print.h"
#include "format/branch_flags.h"
#include "format/cpu_map.h"
#include "format/record_types.h"
#include "header/feature_print.h"

namespace cperf {

namespace {

constexpr size_t kHeader = sizeof(perf_event_header);

enum EventUpdateType { kUpdateUnit = 0, kUpdateScale = 1, kUpdateName = 2, kUpdateCpus = 3 };

void print_event_update(std::FILE* out, ByteReader& r) {
  uint64_t type = r.u64();
  uint64_t id = r.u64();
  std::fprintf(out, "\n... id:    %" PRIu64 "\n", id);
  switch (type) {
    case kUpdateUnit:
      std::fprintf(out, "... unit:  %s\n", std::string(r.cstring()).c_str());
      break;
    case kUpdateScale: {
      uint64_t bits = r.u64();
      double scale;
      std::memcpy(&scale, &bits, 8);
      std::fprintf(out, "... scale: %f\n", scale);
      break;
    }
    case kUpdateName:
      std::fprintf(out, "... name:  %s\n", std::string(r.cstring()).c_str());
      break;
    case kUpdateCpus: {
      std::vector<int> cpus;
      if (read_cpu_map(r, cpus)) std::fprintf(out, "... %s\n", format_cpu_list(cpus).c_str());
      else std::fputs("failed to get cpus\n", out);
      break;
    }
    default:
      std::fprintf(out, "... unknown type\n");
      break;
  }
}

// STAT_CONFIG: u64 nr, then nr (tag, value) pairs; tags 0 aggr_mode, 1 interval, 2 scale.
void print_stat_config(std::FILE* out, ByteReader& r) {
  int64_t aggr_mode = 0, scale = 0;
  uint64_t interval = 0;
  uint64_t nr = r.u64();
  for (uint64_t i = 0; i < nr && r.remaining() >= 16; ++i) {
    uint64_t tag = r.u64(), val = r.u64();
    if (tag == 0) aggr_mode = static_cast<int64_t>(val);
    else if (tag == 1) interval = val;
    else if (tag == 2) scale = static_cast<int64_t>(val);
  }
  std::fprintf(out, "\n... aggr_mode %d\n", static_cast<int>(aggr_mode));
  std::fprintf(out, "... scale     %d\n", static_cast<int>(scale));
  std::fprintf(out, "... interval  %u\n", static_cast<unsigned>(interval));
}

void print_time_conv(std::FILE* out, ByteReader& r, size_t size) {
  uint64_t shift = r.u64(), mult = r.u64(), zero = r.u64();
  std::fprintf(out, "\n... Time Shift      %" PRIu64 "\n", shift);
  std::fprintf(out, "... Time Multiplier %" PRIu64 "\n", mult);
  std::fprintf(out, "... Time Zero       %" PRIu64 "\n", zero);
  // Newer records add time_cycles, time_mask, cap_user_time_zero and cap_user_time_short.
  if (size >= kHeader + 5 * 8 + 2) {
    uint64_t cycles = r.u64(), mask = r.u64();
    uint8_t cap_zero = r.u8(), cap_short = r.u8();
    std::fprintf(out, "... Time Cycles     %" PRIu64 "\n", cycles);
    std::fprintf(out, "... Time Mask       %#" PRIx64 "\n", mask);
    std::fprintf(out, "... Cap Time Zero   %" PRId32 "\n", cap_zero);
    std::fprintf(out, "... Cap Time Short  %" PRId32 "\n", cap_short);
  }
}

}  // namespace

void print_sample_location(std::FILE* out, const Thread& t, const Map* map, uint8_t cpumode,
                           const std::string& kernel_data) {
  std::fprintf(out, " ... thread: %s:%d\n", t.comm_str().c_str(), t.tid);
  // perf's level 'H' (hypervisor, and guest samples without the guest's maps): "[hypervisor]"
  const bool host = cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_USER;
  const Dso* d = map ? map->dso : nullptr;
  const char* dso = d ? dso_long_name(*d, kernel_data).c_str() : !host ? "[hypervisor]" : "<not found>";
  std::fprintf(out, " ...... dso: %s\n", dso);
}

void print_user_record(std::FILE* out, const RawRecord& rec, Session& s, bool script_view,
                       bool unordered, bool no_event_update) {
  const char* unhandled = script_view ? "" : ": unhandled!\n";
  ByteReader r(rec.bytes, s.swapped());
  r.skip(kHeader);
  switch (rec.type) {
    case PERF_RECORD_HEADER_ATTR: {
      const auto& attrs = s.attrs();
      if (!attrs.empty()) std::fprintf(out, ", %s", format_attr(attrs.back().attr, " = ").c_str());
      // perf ends this line without a newline; the next record's leading newline closes it.
      break;
    }
    case PERF_RECORD_HEADER_FEATURE: {
      uint64_t feat = r.u64();
      print_feature_record(out, static_cast<int>(feat), rec.bytes.subspan(r.pos()), s.reader());
      break;
    }
    case PERF_RECORD_EVENT_UPDATE:
      print_event_update(out, r);
      if (no_event_update) std::fputs(": unhandled!\n", out);
      break;
    case PERF_RECORD_THREAD_MAP: {
      uint64_t nr = r.u64();
      std::fprintf(out, " nr: %" PRIu64 " thread%s:", nr, nr > 1 ? "s" : "");
      for (uint64_t i = 0; i < nr && r.remaining() >= 24; ++i) {
        uint64_t pid = r.u64();
        r.skip(16);
        std::fprintf(out, "%s %" PRId64, i ? "," : "", static_cast<int64_t>(pid));
      }
      std::fputs("\n", out);
      std::fputs(unhandled, out);
      break;
    }
    case PERF_RECORD_CPU_MAP: {
      std::vector<int> cpus;
      if (read_cpu_map(r, cpus)) std::fprintf(out, ": %s\n", format_cpu_list(cpus).c_str());
      else std::fputs(": failed to get cpus\n", out);
      std::fputs(unhandled, out);
      break;
    }
    case PERF_RECORD_ID_INDEX: {
      uint64_t nr = r.u64();
      std::fprintf(out, " nr: %" PRIu64 "\n", nr);
      // Version 2 appends (machine_pid, vcpu) pairs for all entries after the v1 entries.
      bool v2 = nr && r.remaining() >= nr * 48;
      size_t v2_at = r.pos() + nr * 32;
      for (uint64_t i = 0; i < nr && r.remaining() >= 32; ++i) {
        uint64_t id = r.u64(), idx = r.u64(), cpu = r.u64(), tid = r.u64();
        std::fprintf(out, " ... id: %" PRIu64 "  idx: %" PRIu64 "  cpu: %" PRId64 "  tid: %" PRId64,
                     id, idx, static_cast<int64_t>(cpu), static_cast<int64_t>(tid));
        if (v2) {
          ByteReader v(r.data(), r.swapped());
          v.seek(v2_at + i * 16);
          int64_t machine_pid = v.s64();
          uint64_t vcpu = v.u64();
          std::fprintf(out, "  machine_pid: %" PRId64 "  vcpu: %" PRIu64, machine_pid, vcpu);
        }
        std::fputs("\n", out);
      }
      break;
    }
    case PERF_RECORD_TIME_CONV:
      print_time_conv(out, r, rec.size);
      std::fputs(": unhandled!\n", out);
      break;
    case PERF_RECORD_FINISHED_ROUND:
      std::fputs(unordered ? ": unhandled!\n" : "\n", out);
      break;
    case PERF_RECORD_COMPRESSED:
    case PERF_RECORD_COMPRESSED2:
      break;  // perf dumps the records inside, not the container
    case PERF_RECORD_HEADER_EVENT_TYPE:
    case PERF_RECORD_HEADER_TRACING_DATA:
    case PERF_RECORD_HEADER_BUILD_ID:
      break;  // handled silently; the next record's newline ends the line
    case PERF_RECORD_AUXTRACE_INFO: {
      uint32_t type = r.u32();
      std::fprintf(out, " type: %u\n", type);
      r.skip(4);
      print_auxtrace_info(out, r, type, rec.size);
      break;
    }
    case PERF_RECORD_AUXTRACE: {
      uint64_t size = r.u64(), offset = r.u64(), ref = r.u64();
      uint32_t idx = r.u32(), tid = r.u32(), cpu = r.u32();
      std::fprintf(out, " size: %#" PRIx64 "  offset: %#" PRIx64 "  ref: %#" PRIx64
                   "  idx: %u  tid: %d  cpu: %d\n",
                   size, offset, ref, idx, static_cast<int32_t>(tid), static_cast<int32_t>(cpu));
      break;
    }
    case PERF_RECORD_STAT_CONFIG:
      if (script_view) break;  // script's own handlers print the stat records (nothing, or a table)
      print_stat_config(out, r);
      std::fputs(unhandled, out);
      break;
    case PERF_RECORD_STAT: {
      if (script_view) break;
      uint64_t id = r.u64();
      uint32_t cpu = r.u32(), thread = r.u32();
      uint64_t val = r.u64(), ena = r.u64(), run = r.u64();
      std::fprintf(out, "\n... id %" PRIu64 ", cpu %d, thread %d\n", id,
                   static_cast<int32_t>(cpu), static_cast<int32_t>(thread));
      std::fprintf(out, "... value %" PRIu64 ", enabled %" PRIu64 ", running %" PRIu64 "\n", val,
                   ena, run);
      std::fputs(unhandled, out);
      break;
    }
    case PERF_RECORD_STAT_ROUND: {
      if (script_view) break;
      uint64_t type = r.u64(), time = r.u64();
      std::fprintf(out, "\n... time %" PRIu64 ", type %s\n", time, type == 1 ? "FINAL" : "INTERVAL");
      std::fputs(unhandled, out);
      break;
    }
    default:
      std::fputs(": unhandled!\n", out);
      break;
  }
}

namespace {

void print_regs(std::FILE* out, const char* kind, const RegsDump& regs) {
  static const char* const abi[] = {"none", "32-bit", "64-bit"};
  std::fprintf(out, "... %s regs: mask %#" PRIx64 " ABI %s\n", kind, regs.mask,
               regs.abi < 3 ? abi[regs.abi] : "unknown");
  size_t i = 0;
  for (int bit = 0; bit < 64 && i < regs.regs.size(); ++bit) {
    if (!(regs.mask >> bit & 1)) continue;
    // perf names them after the program's machine once it has read one of its files, which a
    // dump never does: the host's names.
    std::fprintf(out, ".... %-5s 0x%016" PRIx64 "\n", perf_reg_name(bit, kHostEMachine),
                 regs.regs[i++]);
  }
}

// perf's branch stack dump: one "from -> to" line per entry with its flags, type and
// speculation outcome; a call stack (LBR call stack mode) as nr + 1 addresses instead.
void print_branch_stack(std::FILE* out, const perf_event_attr& attr, const DecodedSample& ds,
                        bool swap) {
  bool callstack = attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK;
  if (callstack)
    std::fprintf(out, "... branch callstack: nr:%" PRIu64 "\n", ds.branch_nr + 1);
  else
    std::fprintf(out, "... branch stack: nr:%" PRIu64 "\n", ds.branch_nr);
  ByteReader r(ds.branch_entries, swap);
  for (uint64_t i = 0; i < ds.branch_nr; ++i) {
    uint64_t from = r.u64(), to = r.u64();
    BranchFlags f = decode_branch_flags(r.u64());
    if (callstack) {
      if (i == 0) std::fprintf(out, "..... %2" PRIu64 ": %016" PRIx64 "\n", i, to);
      std::fprintf(out, "..... %2" PRIu64 ": %016" PRIx64 "\n", i + 1, from);
      continue;
    }
    std::fprintf(out, "..... %2" PRIu64 ": %016" PRIx64 " -> %016" PRIx64
                 " %u cycles %s%s%s%s %x %s %s\n",
                 i, from, to, f.cycles, f.mispred ? "M" : " ", f.predicted ? "P" : " ",
                 f.abort ? "A" : " ", f.in_tx ? "T" : " ", f.reserved, branch_type_text(f),
                 f.spec ? branch_spec_text(f.spec) : "");
  }
}

void print_read(std::FILE* out, uint64_t fmt, const ReadFormatValues& v, bool swap) {
  std::fputs("... sample_read:\n", out);
  if (fmt & PERF_FORMAT_TOTAL_TIME_ENABLED)
    std::fprintf(out, "...... time enabled %016" PRIx64 "\n", v.time_enabled);
  if (fmt & PERF_FORMAT_TOTAL_TIME_RUNNING)
    std::fprintf(out, "...... time running %016" PRIx64 "\n", v.time_running);
  auto one = [&](uint64_t id, uint64_t value, uint64_t lost) {
    std::fprintf(out, "..... id %016" PRIx64 ", value %016" PRIx64, id, value);
    if (fmt & PERF_FORMAT_LOST) std::fprintf(out, ", lost %" PRIu64, lost);
    std::fputs("\n", out);
  };
  if (fmt & PERF_FORMAT_GROUP) {
    std::fprintf(out, ".... group nr %" PRIu64 "\n", v.nr);
    ByteReader r(v.values, swap);
    for (uint64_t i = 0; i < v.nr; ++i) {
      uint64_t value = r.u64();
      uint64_t id = (fmt & PERF_FORMAT_ID) ? r.u64() : 0;
      uint64_t lost = (fmt & PERF_FORMAT_LOST) ? r.u64() : 0;
      one(id, value, lost);
    }
  } else {
    one(v.id, v.value, v.lost);
  }
}

}  // namespace

void print_sample_extras(std::FILE* out, const perf_event_attr& attr, const DecodedSample& ds,
                         bool swap) {
  const uint64_t t = attr.sample_type;
  if (t & PERF_SAMPLE_BRANCH_STACK) print_branch_stack(out, attr, ds, swap);
  if ((t & PERF_SAMPLE_REGS_USER) && !ds.user_regs.regs.empty()) print_regs(out, "user", ds.user_regs);
  if ((t & PERF_SAMPLE_REGS_INTR) && !ds.intr_regs.regs.empty()) print_regs(out, "intr", ds.intr_regs);
  if (t & PERF_SAMPLE_STACK_USER) {
    // perf shows the size the kernel dumped (the dynamic one after the bytes, 0 without any)
    // and where the size field lies
    std::fprintf(out, "... ustack: size %" PRIu64 ", offset %#zx\n", ds.user_stack_size ? ds.user_stack_dyn_size : 0,
                 ds.user_stack_offset);
  }
  if (t & PERF_SAMPLE_WEIGHT_TYPE) {
    std::fprintf(out, "... weight: %" PRIu64, ds.weight);
    if (t & PERF_SAMPLE_WEIGHT_STRUCT)
      std::fprintf(out, ",0x%" PRIx16 ",0x%" PRIx16, ds.ins_lat, ds.weight3);
    std::fputs("\n", out);
  }
  if (t & PERF_SAMPLE_DATA_SRC) std::fprintf(out, " . data_src: 0x%" PRIx64 "\n", ds.data_src);
  if (t & PERF_SAMPLE_PHYS_ADDR) std::fprintf(out, " .. phys_addr: 0x%" PRIx64 "\n", ds.phys_addr);
  if (t & PERF_SAMPLE_DATA_PAGE_SIZE)
    std::fprintf(out, " .. data page size: %s\n", page_size_name(ds.data_page_size).c_str());
  if (t & PERF_SAMPLE_CODE_PAGE_SIZE)
    std::fprintf(out, " .. code page size: %s\n", page_size_name(ds.code_page_size).c_str());
  if (t & PERF_SAMPLE_TRANSACTION)
    std::fprintf(out, "... transaction: %" PRIx64 "\n", ds.transaction);
  if (t & PERF_SAMPLE_READ) print_read(out, attr.read_format, ds.read, swap);
}

}  // namespace cperf

#include "inject/aslr.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>

#include "linux/perf_event.h"
#include "format/record_types.h"
#include "record/sample.h"
#include "record/side_band.h"

namespace cperf {

namespace {

constexpr uint64_t kUserStart = 0x200000;
constexpr uint64_t kKernelStart64 = 0xffff800010000000ULL;
constexpr uint64_t kKernelStart32 = 0x80000000ULL;

constexpr uint64_t kKeptSampleTypes =
    PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR |
    PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ |
    PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW | PERF_SAMPLE_BRANCH_STACK | PERF_SAMPLE_STACK_USER |
    PERF_SAMPLE_WEIGHT_TYPE | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_PHYS_ADDR |
    PERF_SAMPLE_CGROUP | PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_AUX;

uint64_t page_round_up(uint64_t a) {
  const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  return (a + page - 1) & ~(page - 1);
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// perf's anonymous and dso-less memory: their maps are keyed by start, not by file offset, and
// their pgoff (which holds the address) is replaced.
bool anon_memory(std::string_view name) {
  return starts_with(name, "//anon") || starts_with(name, "/dev/zero") || starts_with(name, "/anon_hugepage");
}
bool no_dso_memory(std::string_view name) {
  return starts_with(name, "[stack") || starts_with(name, "/SYSV") || name == "[heap]";
}
bool kernel_module_name(std::string_view name) {
  if (!module_name(std::string(name)).empty()) return true;
  return starts_with(name, "[") && !starts_with(name, "[kernel.kallsyms") &&
         !starts_with(name, "[guest.kernel.kallsyms");
}

bool kernel_mode(uint8_t cpumode) {
  return cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL;
}

// The PMU type the running system gives a dynamic PMU, or -1.
int64_t pmu_type(const char* name) {
  std::ifstream f(std::string("/sys/bus/event_source/devices/") + name + "/type");
  int64_t t = -1;
  if (!(f >> t)) return -1;
  return t;
}

// A read cursor over a sample's u64 words and the words written for it.
struct SampleRewrite {
  const std::byte* in;
  size_t n, i = 0;
  std::vector<uint64_t> out;
  bool has(size_t k) const { return i + k <= n; }
  uint64_t peek() const {
    uint64_t v;
    std::memcpy(&v, in + i * 8, 8);
    return v;
  }
  uint64_t peek_at(size_t k) const {
    uint64_t v;
    std::memcpy(&v, in + k * 8, 8);
    return v;
  }
  // Skips a register dump (abi, then one word per bit of `mask` unless the abi is NONE).
  bool skip_regs(uint64_t mask) {
    if (!has(1)) return false;
    uint64_t abi = peek();
    ++i;
    if (abi != PERF_SAMPLE_REGS_ABI_NONE) i += static_cast<size_t>(__builtin_popcountll(mask));
    return i <= n;
  }
  bool copy(size_t k = 1) {
    if (!has(k)) return false;
    for (size_t j = 0; j < k; ++j) out.push_back(peek_at(i + j));
    i += k;
    return true;
  }
};

}  // namespace

perf_event_attr aslr_strip_attr(const perf_event_attr& attr) {
  perf_event_attr a = attr;
  a.sample_type &= kKeptSampleTypes;
  a.sample_regs_user = 0;
  a.sample_regs_intr = 0;
  if (a.type == PERF_TYPE_BREAKPOINT) {
    a.bp_addr = 0;
  } else if (a.type >= PERF_TYPE_MAX &&
             (static_cast<int64_t>(a.type) == pmu_type("kprobe") || static_cast<int64_t>(a.type) == pmu_type("uprobe"))) {
    a.config1 = 0;
    a.config2 = 0;
  }
  return a;
}

bool aslr_drops_record_type(uint32_t type) {
  return type == PERF_RECORD_TEXT_POKE || type == PERF_RECORD_AUXTRACE || type == PERF_RECORD_AUXTRACE_INFO ||
         type == PERF_RECORD_AUXTRACE_ERROR;
}

AslrKey aslr_key(const RawRecord& rec) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (std::byte b : rec.bytes) h = (h ^ static_cast<uint8_t>(b)) * 1099511628211ULL;
  return {rec.offset, h};
}

void AslrRemapper::debug(const char* msg) const {
  if (verbose_) std::fputs(msg, stderr);
}

const Map* AslrRemapper::lookup(const Thread& t, bool kernel, uint64_t addr) const {
  if (kernel) return machine_.kernel_maps().find(addr);
  return t.maps ? t.maps->find(addr) : nullptr;
}

AslrRemapper::RemapKey AslrRemapper::key_of(const Map* m, uint64_t start, int32_t pid) const {
  if (!m) return {nullptr, 0, start, pid};
  const std::string& name = m->dso ? m->dso->long_name : std::string();
  bool by_file = m->dso && !anon_memory(name) && !no_dso_memory(name);
  RemapKey k{m->dso, 0, by_file ? m->start - m->pgoff : m->start, pid};
  if (auto it = file_ids_.find(k); it != file_ids_.end()) k.file_id = it->second;
  return k;
}

// The new start of a map at `start`: the place of an earlier segment of the same file mapping
// in that process, else the next free place after the process's highest map.
uint64_t AslrRemapper::findnew_mapping(const Thread& t, bool kernel, uint64_t start, uint64_t len,
                                       uint64_t pgoff, uint64_t file_id) {
  const int32_t pid = kernel ? -1 : t.pid;
  const Map* m = lookup(t, kernel, start);
  RemapKey key = key_of(m, start, pid);
  if (m) {
    key.file_id = 0;
    file_ids_[key] = file_id;
    key.file_id = file_id;
  }
  auto top = top_.find(pid);
  if (auto it = remap_.find(key); it != remap_.end()) {
    uint64_t addr = m ? it->second + m->pgoff + (start - m->start) : it->second + pgoff;
    if (top != top_.end()) top->second = std::max(top->second, addr + len);
    return addr;
  }
  uint64_t addr;
  if (top != top_.end()) {
    addr = page_round_up(top->second);
    const Map* prev = lookup(t, kernel, start - 1);
    if (!(prev && prev->end == start)) addr += page_round_up(1);  // a page apart unless adjacent
    top->second = std::max(top->second, addr + len);
  } else {
    addr = page_round_up(kernel ? (kernel_64_ ? kKernelStart64 : kKernelStart32) : kUserStart);
    top_[pid] = addr + len;
  }
  remap_[key] = addr - (m ? (start - m->start) + m->pgoff : pgoff);
  return addr;
}

uint64_t AslrRemapper::remap(const Thread& t, uint8_t cpumode, uint64_t addr) {
  bool known_mode = cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_USER ||
                    cpumode == PERF_RECORD_MISC_GUEST_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_USER;
  if (!known_mode) return 0;
  bool kernel = kernel_mode(cpumode);
  const Map* m = lookup(t, kernel, addr);
  if (!m) {
    kernel = !kernel;  // a sample's cpumode can be wrong: try the other space
    m = lookup(t, kernel, addr);
    if (!m) return 0;
  }
  RemapKey key = key_of(m, addr, kernel ? -1 : t.pid);
  if (auto it = remap_.find(key); it != remap_.end()) return it->second + m->pgoff + (addr - m->start);
  if (verbose_)
    std::fprintf(stderr, "Cannot find a remapped entry for address %llx in mapping %llx(%llu) for pid=%d\n",
                 (unsigned long long)addr, (unsigned long long)m->start,
                 (unsigned long long)(m->end - m->start), key.pid);
  return 0;
}

void AslrRemapper::mmap_record(const RawRecord& rec, Session& s, std::vector<std::byte>& out) {
  SideBand sb;
  out.assign(rec.bytes.begin(), rec.bytes.end());
  if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
  apply_side_band(machine_, rec, sb);
  const uint8_t cpumode = rec.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  const bool kernel = kernel_mode(cpumode) || sb.pid == -1;
  const Thread& t = machine_.findnew_thread(sb.pid, sb.tid);
  uint64_t file_id = 0;
  if (rec.type == PERF_RECORD_MMAP2) {
    std::string id = (rec.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)
                         ? sb.build_id
                         : std::to_string(sb.maj) + ":" + std::to_string(sb.min) + ":" + std::to_string(sb.ino) +
                               ":" + std::to_string(sb.ino_generation);
    file_id = std::hash<std::string>()(id) | 1;
  }
  uint64_t start = findnew_mapping(t, kernel, sb.start, sb.len, sb.pgoff, file_id);
  uint64_t pgoff = sb.pgoff;
  const std::string_view name = sb.name;
  if (anon_memory(name) || no_dso_memory(name) || (kernel && !kernel_module_name(name))) pgoff = start;
  // MMAP and MMAP2 both hold pid, tid, start, len, pgoff after the header.
  std::memcpy(out.data() + 16, &start, 8);
  std::memcpy(out.data() + 32, &pgoff, 8);
}

// Rewrites a sample as perf 7.2's ASLR tool does; false: the sample is dropped.
bool AslrRemapper::sample_record(const RawRecord& rec, const EventAttrEntry& e, std::vector<std::byte>& out) {
  const perf_event_attr& attr = e.attr;
  if (attr.type == PERF_TYPE_SOFTWARE && attr.config == PERF_COUNT_SW_DUMMY) {
    out.assign(rec.bytes.begin(), rec.bytes.end());
    return true;
  }
  DecodedSample ds;
  if (!decode_sample(rec.bytes, false, attr, ds).empty()) return false;
  const Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  const uint64_t type = attr.sample_type;
  const uint8_t sample_mode = rec.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  uint8_t cpumode = sample_mode;
  SampleRewrite w{rec.bytes.data() + 8, (rec.bytes.size() - 8) / 8, 0, {}};
  auto remap_next = [&](uint8_t mode) {
    if (!w.has(1)) return false;
    w.out.push_back(remap(t, mode, w.peek()));
    ++w.i;
    return true;
  };
  if ((type & PERF_SAMPLE_IDENTIFIER) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_IP) && !remap_next(cpumode)) return false;
  if ((type & PERF_SAMPLE_TID) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_TIME) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_ADDR) && !remap_next(cpumode)) return false;
  if ((type & PERF_SAMPLE_ID) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_STREAM_ID) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_CPU) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_PERIOD) && !w.copy()) return false;
  if (type & PERF_SAMPLE_READ) {
    const uint64_t rf = attr.read_format;
    const size_t per_value = 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
    const size_t times = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) + !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
    if (rf & PERF_FORMAT_GROUP) {
      if (!w.has(1)) return false;
      uint64_t nr = w.peek();
      if (nr > w.n || !w.copy(1 + times) || !w.copy(nr * per_value)) return false;
    } else if (!w.copy(per_value + times)) {
      return false;
    }
  }
  if (type & PERF_SAMPLE_CALLCHAIN) {
    if (!w.has(1)) return false;
    uint64_t nr = w.peek();
    if (nr > w.n || !w.copy()) return false;
    for (uint64_t k = 0; k < nr; ++k) {
      if (!w.has(1)) return false;
      uint64_t ip = w.peek();
      if (ip < PERF_CONTEXT_MAX) {
        remap_next(cpumode);
        continue;
      }
      w.copy();
      switch (ip) {
        case PERF_CONTEXT_HV: cpumode = PERF_RECORD_MISC_HYPERVISOR; break;
        case PERF_CONTEXT_KERNEL: cpumode = PERF_RECORD_MISC_KERNEL; break;
        case PERF_CONTEXT_USER: cpumode = PERF_RECORD_MISC_USER; break;
        case PERF_CONTEXT_GUEST:
        case PERF_CONTEXT_GUEST_KERNEL: cpumode = PERF_RECORD_MISC_GUEST_KERNEL; break;
        case PERF_CONTEXT_GUEST_USER: cpumode = PERF_RECORD_MISC_GUEST_USER; break;
        case PERF_CONTEXT_USER_DEFERRED:
          if (k + 1 >= nr) {
            debug("Truncated callchain deferred cookie context\n");
            return false;
          }
          if (!w.copy()) return false;  // the cookie
          ++k;
          cpumode = PERF_RECORD_MISC_USER;
          break;
        default:
          if (verbose_) std::fprintf(stderr, "invalid callchain context: %llx\n", (unsigned long long)ip);
          return false;
      }
    }
  }
  if (type & PERF_SAMPLE_RAW) {
    debug("Dropping raw samples as possible ASLR leak\n");
    return false;
  }
  if (type & PERF_SAMPLE_BRANCH_STACK) {
    if (!w.has(1)) return false;
    uint64_t nr = w.peek();
    if (nr > w.n || !w.copy()) return false;
    if ((attr.branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX) && !w.copy()) return false;
    for (uint64_t k = 0; k < nr; ++k)
      if (!remap_next(sample_mode) || !remap_next(sample_mode) || !w.copy()) return false;
    if ((attr.branch_sample_type & PERF_SAMPLE_BRANCH_COUNTERS) && !w.copy(nr)) return false;
  }
  // Registers leave the file.
  if ((type & PERF_SAMPLE_REGS_USER) && !w.skip_regs(attr.sample_regs_user)) return false;
  if (type & PERF_SAMPLE_STACK_USER) {
    debug("Dropping stack user sample as possible ASLR leak\n");
    return false;
  }
  if ((type & PERF_SAMPLE_WEIGHT_TYPE) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_DATA_SRC) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_TRANSACTION) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_REGS_INTR) && !w.skip_regs(attr.sample_regs_intr)) return false;
  if (type & PERF_SAMPLE_PHYS_ADDR) {
    debug("Dropping physical address sample as possible ASLR leak\n");
    return false;
  }
  if ((type & PERF_SAMPLE_CGROUP) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_DATA_PAGE_SIZE) && !w.copy()) return false;
  if ((type & PERF_SAMPLE_CODE_PAGE_SIZE) && !w.copy()) return false;
  if (type & PERF_SAMPLE_AUX) {
    debug("Dropping aux sample as possible ASLR leak\n");
    return false;
  }
  if (e.name == "offcpu-time") {
    debug("Dropping off-CPU sample as possible ASLR leak\n");
    return false;
  }
  const size_t size = 8 + w.out.size() * 8;
  if (size > 0xffff) return false;
  out.resize(size);
  std::memcpy(out.data(), rec.bytes.data(), 8);
  uint16_t size16 = static_cast<uint16_t>(size);
  std::memcpy(out.data() + 6, &size16, 2);
  std::memcpy(out.data() + 8, w.out.data(), w.out.size() * 8);
  return true;
}

void AslrRemapper::record(Event& ev, Session& s) {
  const RawRecord& rec = ev.raw;
  std::vector<std::byte> out;
  switch (rec.type) {
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2:
      mmap_record(rec, s, out);
      results[aslr_key(rec)].emplace_back(std::move(out));
      break;
    case PERF_RECORD_KSYMBOL: {
      SideBand sb;
      out.assign(rec.bytes.begin(), rec.bytes.end());
      if (decode_side_band(rec, s.swapped(), sb).empty()) {
        const Thread& t = machine_.findnew_thread(-1, 0);
        bool unregister = sb.u16b & PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER;
        if (!unregister)
          machine_.mmap(-1, 0, true, sb.addr, sb.u32a, 0, std::string(sb.name), 0, 0, {});
        uint64_t addr = findnew_mapping(t, true, sb.addr, sb.u32a, 0, 0);
        std::memcpy(out.data() + 8, &addr, 8);
      }
      results[aslr_key(rec)].emplace_back(std::move(out));
      break;
    }
    case PERF_RECORD_CALLCHAIN_DEFERRED: {
      // perf 7.2 drops these (the samples lose their user stacks); cperf remaps their ips.
      SideBand sb;
      out.assign(rec.bytes.begin(), rec.bytes.end());
      if (decode_side_band(rec, s.swapped(), sb).empty()) {
        const Thread& t = machine_.findnew_thread(static_cast<int32_t>(ev.sid.pid), static_cast<int32_t>(ev.sid.tid));
        for (size_t i = 0; i < sb.deferred_ips.size(); ++i) {
          uint64_t ip = sb.deferred_ips[i];
          if (ip >= PERF_CONTEXT_MAX) continue;
          ip = remap(t, PERF_RECORD_MISC_USER, ip);
          std::memcpy(out.data() + 24 + 8 * i, &ip, 8);
        }
      }
      results[aslr_key(rec)].emplace_back(std::move(out));
      break;
    }
    case PERF_RECORD_SAMPLE:
      if (ev.attr_index < 0) break;
      if (sample_record(rec, s.attrs()[ev.attr_index], out))
        results[aslr_key(rec)].emplace_back(std::move(out));
      else
        results[aslr_key(rec)].emplace_back(std::nullopt);
      break;
    default: {
      SideBand sb;
      if (decode_side_band(rec, s.swapped(), sb).empty()) apply_side_band(machine_, rec, sb, ev.time);
      break;
    }
  }
}

}  // namespace cperf

#include "record/side_band.h"

#include <sys/mman.h>

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "format/record_types.h"
#include "machine/machine.h"

namespace cperf {

namespace {

constexpr size_t kHeader = sizeof(perf_event_header);

std::string hex_bytes(Bytes b) {
  std::string s;
  char buf[4];
  for (std::byte x : b) {
    std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned>(x));
    s += buf;
  }
  return s;
}

// A string field that runs to the end of the fixed part; perf pads it with NULs to 8 bytes.
std::string_view read_name(ByteReader& r, size_t tail) {
  size_t avail = r.remaining() > tail ? r.remaining() - tail : 0;
  Bytes b = r.bytes(avail);
  if (b.empty()) return {};
  const char* p = reinterpret_cast<const char*>(b.data());
  size_t n = strnlen(p, b.size());
  return {p, n};
}

std::string fmt(const char* f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char* f, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, f);
  int n = std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  if (n < 0) return {};
  if (static_cast<size_t>(n) < sizeof buf) return std::string(buf, n);
  std::string big(n + 1, '\0');
  va_start(ap, f);
  std::vsnprintf(big.data(), big.size(), f, ap);
  va_end(ap);
  big.resize(n);
  return big;
}

}  // namespace

std::string decode_side_band(const RawRecord& rec, bool swap, SideBand& s) {
  ByteReader r(rec.bytes, swap);
  r.skip(kHeader);
  switch (rec.type) {
    case PERF_RECORD_MMAP:
      s.pid = r.s32();
      s.tid = r.s32();
      s.start = r.u64();
      s.len = r.u64();
      s.pgoff = r.u64();
      s.name = read_name(r, 0);
      break;
    case PERF_RECORD_MMAP2:
      s.pid = r.s32();
      s.tid = r.s32();
      s.start = r.u64();
      s.len = r.u64();
      s.pgoff = r.u64();
      if (rec.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
        uint8_t n = r.u8();
        r.skip(3);
        Bytes id = r.bytes(20);
        if (r.ok()) s.build_id = hex_bytes(id.subspan(0, n < 20 ? n : 20));
      } else {
        s.maj = r.u32();
        s.min = r.u32();
        s.ino = r.u64();
        s.ino_generation = r.u64();
      }
      s.prot = r.u32();
      s.flags = r.u32();
      // perf never swaps these two of a file in the other byte order: mirror what it sees.
      if (swap) s.prot = __builtin_bswap32(s.prot), s.flags = __builtin_bswap32(s.flags);
      s.name = read_name(r, 0);
      break;
    case PERF_RECORD_COMM:
      s.pid = r.s32();
      s.tid = r.s32();
      s.name = read_name(r, 0);
      break;
    case PERF_RECORD_FORK:
    case PERF_RECORD_EXIT:
      s.pid = r.s32();
      s.ppid = r.s32();
      s.tid = r.s32();
      s.ptid = r.s32();
      s.time = r.u64();
      break;
    case PERF_RECORD_LOST:
      s.id = r.u64();
      s.lost = r.u64();
      break;
    case PERF_RECORD_LOST_SAMPLES:
      s.lost = r.u64();
      break;
    case PERF_RECORD_THROTTLE:
    case PERF_RECORD_UNTHROTTLE:
      s.time = r.u64();
      s.id = r.u64();
      s.stream_id = r.u64();
      break;
    case PERF_RECORD_SWITCH_CPU_WIDE:
      s.pid = r.s32();
      s.tid = r.s32();
      break;
    case PERF_RECORD_KSYMBOL:
      s.addr = r.u64();
      s.u32a = r.u32();  // len
      s.u16a = r.u16();  // ksym_type
      s.u16b = r.u16();  // flags
      s.name = read_name(r, 0);
      break;
    case PERF_RECORD_BPF_EVENT:
      s.u16a = r.u16();  // type
      s.u16b = r.u16();  // flags
      s.u32a = r.u32();  // id
      s.bytes = r.bytes(8);  // tag
      break;
    case PERF_RECORD_CGROUP:
      s.id = r.u64();
      s.name = read_name(r, 0);
      break;
    case PERF_RECORD_TEXT_POKE: {
      s.addr = r.u64();
      s.u16a = r.u16();  // old_len
      s.u16b = r.u16();  // new_len
      s.bytes = r.bytes(size_t{s.u16a} + s.u16b);
      break;
    }
    case PERF_RECORD_AUX:
      s.aux_offset = r.u64();
      s.aux_size = r.u64();
      s.aux_flags = r.u64();
      break;
    case PERF_RECORD_ITRACE_START:
      s.pid = r.s32();
      s.tid = r.s32();
      break;
    case PERF_RECORD_AUX_OUTPUT_HW_ID:
      s.id = r.u64();
      break;
    case PERF_RECORD_NAMESPACES: {
      s.pid = r.s32();
      s.tid = r.s32();
      uint64_t nr = r.u64();
      s.u32a = static_cast<uint32_t>(nr);
      if (nr > r.remaining() / 16) return "namespaces nr exceeds the record";
      for (uint64_t i = 0; i < nr; ++i) {
        uint64_t dev = r.u64();
        s.ns_links.emplace_back(dev, r.u64());
      }
      break;
    }
    case PERF_RECORD_READ:
      s.pid = r.s32();
      s.tid = r.s32();
      break;
    case PERF_RECORD_CALLCHAIN_DEFERRED: {
      s.cookie = r.u64();
      uint64_t nr = r.u64();
      if (nr > r.remaining() / 8) return "callchain nr " + std::to_string(nr) + " exceeds the record";
      Bytes b = r.bytes(nr * 8);
      s.deferred_ips = U64Array(b.data(), nr, swap);
      break;
    }
    default:
      break;
  }
  if (!r.ok()) return "record too short";
  return {};
}

namespace {

// " pid/tid - nr_namespaces: N", then the (dev, inode) of each namespace by its kernel index,
// four to a line.
std::string namespaces_text(const SideBand& s) {
  static const char* const kNames[] = {"net", "uts", "ipc", "pid", "user", "mnt", "cgroup"};
  std::string text = fmt(" %d/%d - nr_namespaces: %zu\n\t\t[", s.pid, s.tid, s.ns_links.size());
  for (size_t i = 0; i < s.ns_links.size(); ++i) {
    if (i && i % 4 == 0) text += "\n\t\t ";
    text += fmt("%zu/%s: %" PRIu64 "/%#" PRIx64 "%s", i, i < 7 ? kNames[i] : "UNKNOWN",
                s.ns_links[i].first, s.ns_links[i].second,
                i + 1 != s.ns_links.size() ? ", " : "]\n");
  }
  return text;
}

}  // namespace

std::string format_text_poke(const SideBand& s, std::string_view symbol) {
  // perf's: the address, the symbol+offset when the kernel map resolves it, the lengths, then
  // the old and the new bytes, 16 to a line.
  std::string out = fmt(" %" PRIx64 " ", s.addr);
  out += symbol;
  out += fmt(" old len %u new len %u\n", s.u16a, s.u16b);
  const size_t lens[2] = {s.u16a, s.u16b};
  size_t at = 0;
  for (int part = 0; part < 2; part++) {
    for (size_t i = 0; i < lens[part] && at + i < s.bytes.size(); i++) {
      if (i % 16 == 0) out += part == 0 ? "            Old bytes:" : "            New bytes:";
      out += fmt(" %02x", static_cast<unsigned>(s.bytes[at + i]));
      if (i % 16 == 15 || i + 1 == lens[part]) out += '\n';
    }
    at += lens[part];
  }
  return out;
}

std::string format_side_band(const RawRecord& rec, const SideBand& s) {
  switch (rec.type) {
    case PERF_RECORD_MMAP:
      return fmt(" %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 "]: %c %.*s\n", s.pid, s.tid,
                 s.start, s.len, s.pgoff, (rec.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
                 static_cast<int>(s.name.size()), s.name.data());
    case PERF_RECORD_MMAP2: {
      char perms[5] = {(s.prot & PROT_READ) ? 'r' : '-', (s.prot & PROT_WRITE) ? 'w' : '-',
                       (s.prot & PROT_EXEC) ? 'x' : '-', (s.flags & MAP_SHARED) ? 's' : 'p', 0};
      if (rec.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)
        return fmt(" %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 " <%s>]: %s %.*s\n", s.pid,
                   s.tid, s.start, s.len, s.pgoff, s.build_id.c_str(), perms,
                   static_cast<int>(s.name.size()), s.name.data());
      return fmt(" %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 " %02x:%02x %" PRIu64 " %" PRIu64
                 "]: %s %.*s\n",
                 s.pid, s.tid, s.start, s.len, s.pgoff, s.maj, s.min, s.ino, s.ino_generation,
                 perms, static_cast<int>(s.name.size()), s.name.data());
    }
    case PERF_RECORD_COMM:
      return fmt("%s: %.*s:%d/%d\n", (rec.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
                 static_cast<int>(s.name.size()), s.name.data(), s.pid, s.tid);
    case PERF_RECORD_FORK:
    case PERF_RECORD_EXIT:
      return fmt("(%d:%d):(%d:%d)\n", s.pid, s.tid, s.ppid, s.ptid);
    case PERF_RECORD_LOST:
      return fmt(": id:%" PRIu64 ": lost:%" PRIu64 "\n", s.id, s.lost);
    case PERF_RECORD_LOST_SAMPLES:
      return fmt(": lost:%" PRIu64 "\n", s.lost);
    case PERF_RECORD_THROTTLE:
    case PERF_RECORD_UNTHROTTLE:
      return fmt(": time %" PRIu64 " id %" PRIu64 " stream_id %" PRIu64 "\n", s.time, s.id,
                 s.stream_id);
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE: {
      bool out = rec.misc & PERF_RECORD_MISC_SWITCH_OUT;
      const char* in_out = !out ? "IN         "
                           : !(rec.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ? "OUT        "
                                                                              : "OUT preempt";
      if (rec.type == PERF_RECORD_SWITCH) return fmt(" %s\n", in_out);
      return fmt(" %s  %s pid/tid: %5d/%-5d\n", in_out, out ? "next" : "prev", s.pid, s.tid);
    }
    case PERF_RECORD_KSYMBOL:
      return fmt(" addr %" PRIx64 " len %u type %u flags 0x%x name %.*s\n", s.addr, s.u32a, s.u16a,
                 s.u16b, static_cast<int>(s.name.size()), s.name.data());
    case PERF_RECORD_BPF_EVENT:
      return fmt(" type %u, flags %u, id %u\n", s.u16a, s.u16b, s.u32a);
    case PERF_RECORD_CGROUP:
      return fmt(" cgroup: %" PRIu64 " %.*s\n", s.id, static_cast<int>(s.name.size()),
                 s.name.data());
    case PERF_RECORD_TEXT_POKE:
      return format_text_poke(s, "");
    case PERF_RECORD_AUX:
      return fmt(" offset: %#" PRIx64 " size: %#" PRIx64 " flags: %#" PRIx64 " [%s%s%s%s]\n",
                 s.aux_offset, s.aux_size, s.aux_flags,
                 (s.aux_flags & PERF_AUX_FLAG_TRUNCATED) ? "T" : "",
                 (s.aux_flags & PERF_AUX_FLAG_OVERWRITE) ? "O" : "",
                 (s.aux_flags & PERF_AUX_FLAG_PARTIAL) ? "P" : "",
                 (s.aux_flags & PERF_AUX_FLAG_COLLISION) ? "C" : "");
    case PERF_RECORD_ITRACE_START:
      return fmt(" pid: %u tid: %u\n", s.pid, s.tid);
    case PERF_RECORD_AUX_OUTPUT_HW_ID:
      return fmt(" hw_id: %#" PRIx64 "\n", s.id);
    case PERF_RECORD_CALLCHAIN_DEFERRED:
      return fmt("(IP, 0x%x): %d/%d: %#" PRIx64 "\n", rec.misc, s.pid, s.tid, s.cookie);
    case PERF_RECORD_NAMESPACES:
      return namespaces_text(s);
    default:
      return "\n";
  }
}

void apply_side_band(Machine& m, const RawRecord& rec, const SideBand& s, uint64_t time) {
  switch (rec.type) {
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2: {
      uint8_t mode = rec.misc & PERF_RECORD_MISC_CPUMODE_MASK;
      bool kernel = mode == PERF_RECORD_MISC_KERNEL || mode == PERF_RECORD_MISC_GUEST_KERNEL ||
                    s.pid == -1;
      // MMAP records have no prot: perf takes a code map unless the record says data
      uint32_t prot = rec.type == PERF_RECORD_MMAP ? ((rec.misc & PERF_RECORD_MISC_MMAP_DATA) ? 0u : PROT_EXEC) : s.prot;
      std::optional<uint64_t> mmap2_ino;
      if (rec.type == PERF_RECORD_MMAP2 && !(rec.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) mmap2_ino = s.ino;
      m.mmap(s.pid, s.tid, kernel, s.start, s.len, s.pgoff, std::string(s.name), prot, s.flags,
             s.build_id, mmap2_ino);
      break;
    }
    case PERF_RECORD_COMM:
      m.set_comm(s.pid, s.tid, std::string(s.name), rec.misc & PERF_RECORD_MISC_COMM_EXEC, time);
      break;
    case PERF_RECORD_FORK:
      m.fork(s.pid, s.tid, s.ppid, s.ptid, time, !(rec.misc & PERF_RECORD_MISC_FORK_EXEC));
      break;
    case PERF_RECORD_EXIT:
      m.exit(s.pid, s.tid);
      break;
    default:
      break;
  }
}

}  // namespace cperf

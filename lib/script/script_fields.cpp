// perf script's memory and misc sample fields: -F data_src, weight, ins_lat, retire_lat,
// cgroup (after addr), bpf-output, phys_addr, data_page_size, code_page_size (after the
// branch stack), and tod (wall-clock time, before time).
#include <cinttypes>
#include <cstring>
#include <ctime>

#include <sys/utsname.h>

#include "format/file_header.h"
#include "header/feature_print.h"
#include "format/page_size.h"
#include "script/script_tool.h"
#include "scripting/script_sample.h"

namespace cperf {

namespace {

}  // namespace

bool ScriptTool::load_clock(const PerfDataReader& reader) {
  auto it = reader.features().find(HEADER_CLOCK_DATA);
  if (it != reader.features().end()) {
    ByteReader r(it->second, reader.swapped());
    uint32_t version = r.u32();
    r.u32();  // clockid
    ClockData c;
    c.tod_ns = r.u64();
    c.clockid_ns = r.u64();
    if (r.ok() && version == 1) clock_ = c;
  }
  if (clock_) return true;
  for (const EventAttrEntry& e : reader.attrs()) {
    // perf does not check its dummy event (software, config 9).
    if (e.attr.type == PERF_TYPE_SOFTWARE && e.attr.config == PERF_COUNT_SW_DUMMY) continue;
    if (fields_.has(output_type(e.attr.type), kFieldTod)) {
      std::fprintf(stderr, "Can't provide 'tod' time, missing clock data. "
                           "Please record with -k/--clockid option.\n");
      return false;
    }
  }
  return true;
}

// "%F %H:%M:%S.usec" in local time: the sample's time on the recording clock, moved by the
// clock's distance from the time of day when the recording started.
void ScriptTool::put_tod(TextLine& out, uint64_t time) {
  if (!clock_) {
    out.put("disabled ");
    return;
  }
  uint64_t tod = clock_->tod_ns;
  if (time > clock_->clockid_ns)
    tod += time - clock_->clockid_ns;
  else
    tod -= clock_->clockid_ns - time;
  time_t sec = static_cast<time_t>(tod / 1000000000);
  uint64_t nsec = tod - static_cast<uint64_t>(sec) * 1000000000;
  struct tm tm;
  if (!localtime_r(&sec, &tm)) {
    out.put("failed ");
    return;
  }
  char date[64];
  std::strftime(date, sizeof date, "%F %H:%M:%S", &tm);
  out.put(date).put('.');
  if (opts_.ns)
    out.dec0(nsec, 9);
  else
    out.dec0(nsec / 1000, 6);
  out.put(' ');
}

void ScriptTool::print_mem_fields(TextLine& out, const DecodedSample& ds, int type) {
  if (fields_.has(type, kFieldDataSrc)) {
    // "%16lx %s", padded to the widest one printed so far.
    char buf[100];
    int n = std::snprintf(buf, sizeof buf, "%16" PRIx64 " %s", ds.data_src,
                          mem_data_src_text(ds.data_src).c_str());
    size_t len = std::min(static_cast<size_t>(n), sizeof buf - 1);
    data_src_width_ = std::max(data_src_width_, len);
    out.aligned(std::string_view(buf, len), -static_cast<int>(data_src_width_));
  }
  if (fields_.has(type, kFieldWeight)) out.dec(ds.weight, 16);
  if (fields_.has(type, kFieldInsLat)) out.dec(ds.ins_lat, 16);
  if (fields_.has(type, kFieldRetireLat)) out.dec(ds.weight3, 16);
  if (fields_.has(type, kFieldCgroup)) {
    auto it = cgroups_.find(ds.cgroup);
    out.put(' ').put(it != cgroups_.end() ? std::string_view(it->second) : "unknown");
  }
}

// perf's hex dump of a bpf-output event's raw data, 8 bytes a line, and the data as a string
// when it is printable text ended by NULs.
void ScriptTool::put_bpf_output(TextLine& out, Bytes raw) {
  const size_t n = raw.size();
  bool hit_nul = false, printable = true;
  out.put('\n');
  for (size_t i = 0; i < n; ++i) {
    if ((i & 7) == 0) out.aligned(i == 0 ? "BPF output:" : "           ", 17).put(' ').put(
        [&] {
          char a[24];
          std::snprintf(a, sizeof a, "%04zx:", i);
          return std::string(a);
        }());
    char num[4];
    std::snprintf(num, sizeof num, " %02x", static_cast<unsigned>(raw[i]));
    out.put(num);
    if ((i & 7) == 7 || i == n - 1) {
      out.pad(3 * static_cast<int>(7 - (i & 7)));
      out.put("  ");
      for (size_t j = i & ~size_t{7}; j <= i; ++j) {
        unsigned char ch = static_cast<unsigned char>(raw[j]);
        if (hit_nul && ch) printable = false;
        // perf's own isprint (tools/include's ctype): Latin-1 letters and signs count too.
        if (ch < 0x20 || (ch >= 0x7f && ch < 0xa0)) {
          out.put('.');
          if (!printable) continue;
          if (ch == 0)
            hit_nul = true;
          else
            printable = false;
        } else {
          out.put(static_cast<char>(ch));
        }
      }
      out.pad(static_cast<int>(7 - (i & 7)));
      out.put('\n');
    }
  }
  if (printable && hit_nul) {
    const char* text = reinterpret_cast<const char*>(raw.data());
    out.aligned("BPF string:", 17).put(" \"").put(std::string_view(text, strnlen(text, n)))
        .put("\"\n");
  }
}

void ScriptTool::print_tail_fields(TextLine& out, const perf_event_attr& attr,
                                   const DecodedSample& ds, int type, const Map* map,
                                   const Thread& t, Session& s) {
  if (fields_.has(type, kFieldBpfOutput) && attr.type == PERF_TYPE_SOFTWARE &&
      attr.config == PERF_COUNT_SW_BPF_OUTPUT)
    put_bpf_output(out, ds.raw);
  if (fields_.has(type, kFieldInsn | kFieldInsnLen)) print_insn(out, ds, type, map, s);
  if (fields_.has(type, kFieldBrstackInsn | kFieldBrstackInsnLen | kFieldBrstackDisasm))
    print_brstackinsn(out, t, attr, ds, type, s.swapped());
  if (fields_.has(type, kFieldPhysAddr)) out.hex(ds.phys_addr, 16);
  if (fields_.has(type, kFieldDataPageSize)) out.put(' ').put(page_size_name(ds.data_page_size));
  if (fields_.has(type, kFieldCodePageSize)) out.put(' ').put(page_size_name(ds.code_page_size));
}

InsnBytes ScriptTool::fetch_insn(uint64_t ip, const Map* map, bool native) {
  if (!native || !ip || !map || !map->dso || map->dso->kernel) return {};
  const DsoSymbols* d = symbols_.user_file(map);
  if (!d || d->runtime_path().empty()) return {};
  return insn_.fetch(d->runtime_path(), map->map_ip(ip));
}

void ScriptTool::print_insn(TextLine& out, const DecodedSample& ds, int type, const Map* map, Session& s) {
  if (!native_arch_) {
    // perf reads instructions only from recordings of this machine's architecture (a pipe's
    // is taken to be)
    struct utsname u{};
    ::uname(&u);
    const std::string host = u.machine;
    const std::string file = s.reader().is_pipe() ? host : feature_string(s.reader(), HEADER_ARCH).value_or("");
    native_arch_ = file == host || (host == "x86_64" && file == "i386");
  }
  InsnBytes insn = fetch_insn(ds.ip, map, *native_arch_);
  if (fields_.has(type, kFieldInsnLen)) out.put(" ilen: ").dec(static_cast<uint64_t>(insn.len));
  if (fields_.has(type, kFieldInsn) && insn.len) {
    out.put(" insn:");
    char buf[4];
    for (int i = 0; i < insn.len; ++i) {
      std::snprintf(buf, sizeof buf, " %02x", insn.bytes[i]);
      out.put(buf);
    }
  }
}

}  // namespace cperf

#include "inject/guest_merge.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstring>
#include <set>

#include "format/file_header.h"
#include "format/record_types.h"
#include "header/feature_print.h"
#include "record/sample.h"
#include "session/session.h"
#include "writer/byte_buffer.h"

namespace cperf {

namespace {

class NoTool : public SessionTool {};

constexpr uint16_t kKsymbolOutOfLine = 2;  // PERF_RECORD_KSYMBOL_TYPE_OOL

// The record types perf's guest session passes on.
bool guest_keeps(const RawRecord& rec) {
  switch (rec.type) {
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2:
    case PERF_RECORD_COMM:
    case PERF_RECORD_FORK:
    case PERF_RECORD_EXIT:
    case PERF_RECORD_LOST:
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE:
    case PERF_RECORD_TEXT_POKE:
      return true;
    case PERF_RECORD_KSYMBOL: {
      uint16_t type = 0;
      if (rec.bytes.size() >= 22) std::memcpy(&type, rec.bytes.data() + 20, 2);
      return type == kKsymbolOutOfLine;
    }
    default:
      return false;
  }
}

// sscanf(comm, "CPU %u/KVM", &vcpu) == 1: "CPU", any blanks, a number.
bool vcpu_of_comm(const char* comm, uint64_t& vcpu) {
  if (std::strncmp(comm, "CPU", 3) != 0) return false;
  const char* p = comm + 3;
  while (std::isspace(static_cast<unsigned char>(*p))) ++p;
  if (*p == '+') ++p;
  if (!std::isdigit(static_cast<unsigned char>(*p))) return false;
  vcpu = 0;
  for (; std::isdigit(static_cast<unsigned char>(*p)); ++p) vcpu = vcpu * 10 + static_cast<uint64_t>(*p - '0');
  return true;
}

uint64_t round_up(uint64_t v, uint64_t to) { return (v + to - 1) / to * to; }

}  // namespace

std::string GuestMerge::load() {
  PerfDataReader r(gd_.file, false);
  if (r.swapped()) return "a cross-endian guest recording";
  guest_attrs_ = r.attrs();
  guest_data_offset_ = r.header().data.offset;
  if (auto it = r.features().find(HEADER_BUILD_ID); it != r.features().end())
    guest_build_ids_.assign(it->second.begin(), it->second.end());
  if (guest_attrs_.empty() || !guest_attrs_[0].attr.sample_id_all) return "a guest recording without sample_id_all";
  NoTool tool;
  Session s(r, SessionOptions{}, tool);
  std::vector<Queued> untimed, timed;
  while (auto rec = r.next()) {
    if (rec->type == PERF_RECORD_COMPRESSED || rec->type == PERF_RECORD_COMPRESSED2 || rec->decompressed)
      return "a compressed guest recording";
    if (rec->type >= PERF_RECORD_USER_TYPE_START || !guest_keeps(*rec)) continue;
    uint64_t t = s.time_of(*rec, s.attr_for(*rec));
    std::vector<std::byte> b(rec->bytes.begin(), rec->bytes.end());
    // perf's guest session orders its records: untimed ones go out as read, the rest at its end
    (t == 0 || t == ~uint64_t{0} ? untimed : timed).push_back({t, std::move(b)});
  }
  std::stable_sort(timed.begin(), timed.end(), [](const Queued& a, const Queued& b) { return a.time < b.time; });
  for (Queued& q : untimed) stream_.push_back(std::move(q));
  for (Queued& q : timed) stream_.push_back(std::move(q));
  return "";
}

std::string GuestMerge::plan(const std::string& host_path, const std::vector<EventAttrEntry>& host_attrs) {
  PerfDataReader r(host_path, false);
  while (auto rec = r.next()) {
    if (rec->decompressed) continue;  // perf peeks at the file's records as they are
    if (rec->type == PERF_RECORD_FINISHED_INIT) has_finished_init_ = true;
    if (rec->type == PERF_RECORD_TIME_CONV && rec->bytes.size() > 48 && static_cast<uint8_t>(rec->bytes[48]))
      return "a host recording with TSC conversion (TIME_CONV)";
    if (rec->type != PERF_RECORD_COMM || rec->bytes.size() < 17) continue;
    uint32_t pid, tid;
    std::memcpy(&pid, rec->bytes.data() + 8, 4);
    std::memcpy(&tid, rec->bytes.data() + 12, 4);
    std::string comm(reinterpret_cast<const char*>(rec->bytes.data() + 16),
                     strnlen(reinterpret_cast<const char*>(rec->bytes.data() + 16), rec->bytes.size() - 16));
    uint64_t vcpu;
    if (pid != gd_.machine_pid || !vcpu_of_comm(comm.c_str(), vcpu)) continue;
    if (vcpu > INT_MAX) return "a VCPU number beyond INT_MAX";
    if (vcpu_tid_.size() <= vcpu) vcpu_tid_.resize(vcpu + 1, 0);
    if (vcpu_tid_[vcpu] && vcpu_tid_[vcpu] != tid) return "two threads with the same VCPU";
    vcpu_tid_[vcpu] = tid;
    tid_vcpu_[tid] = static_cast<uint32_t>(vcpu);
  }
  vcpu_cpu_.assign(vcpu_tid_.size(), 0);
  // New host ids above the host's highest (at least 1), skipping ids the host uses.
  std::set<uint64_t> used;
  uint64_t highest = 1;
  for (const EventAttrEntry& a : host_attrs)
    for (uint64_t id : a.ids) {
      used.insert(id);
      highest = std::max(highest, id);
    }
  for (const EventAttrEntry& a : guest_attrs_) {
    WriterAttr w;
    w.attr = a.attr;
    w.attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
    w.attr.exclude_host = 1;
    w.attr.exclude_guest = 0;
    for (uint64_t id : a.ids) {
      do {
        ++highest;
      } while (!highest || used.count(highest));
      ids_[id] = {highest, 0};  // perf reads a file's ids as those of its first CPU: VCPU 0
      w.ids.push_back(highest);
    }
    if (has_finished_init_) attrs_.push_back(std::move(w));
  }
  return "";
}

uint64_t GuestMerge::data_offset(const std::vector<EventAttrEntry>& host_attrs) const {
  // perf_session__data_offset(): its header, the attrs in perf 7.2's size (144) with their
  // file sections, the ids; then the guest file's own data offset.
  uint64_t off = 104;
  for (const EventAttrEntry& a : host_attrs) off += 144 + 16 + 8 * a.ids.size();
  return round_up(off + guest_data_offset_, 4096);
}

std::vector<std::byte> GuestMerge::build_id_entries() const {
  std::vector<std::byte> out;
  if (!has_finished_init_) return out;
  constexpr size_t kNameAt = 8 + 4 + 24;  // header, pid, build id bytes + size + padding
  for (size_t pos = 0; pos + kNameAt <= guest_build_ids_.size();) {
    uint16_t size;
    std::memcpy(&size, guest_build_ids_.data() + pos + 6, 2);
    if (size < kNameAt || pos + size > guest_build_ids_.size()) break;
    const char* name = reinterpret_cast<const char*>(guest_build_ids_.data() + pos + kNameAt);
    std::string n(name, strnlen(name, size - kNameAt));
    if (n == "[vdso]" || n == "[vdso32]" || n == "[vdsox32]") {
      size_t at = out.size();
      out.insert(out.end(), guest_build_ids_.begin() + static_cast<ptrdiff_t>(pos),
                 guest_build_ids_.begin() + static_cast<ptrdiff_t>(pos + size));
      uint16_t misc;
      std::memcpy(&misc, out.data() + at + 4, 2);
      misc = static_cast<uint16_t>((misc & ~PERF_RECORD_MISC_CPUMODE_MASK) | PERF_RECORD_MISC_GUEST_USER);
      std::memcpy(out.data() + at + 4, &misc, 2);
      int32_t pid = static_cast<int32_t>(gd_.machine_pid);
      std::memcpy(out.data() + at + 8, &pid, 4);
    }
    pos += size;
  }
  return out;
}

std::vector<std::string> GuestMerge::attr_names() const {
  std::vector<std::string> names;
  for (const WriterAttr& a : attrs_) names.push_back(default_event_name(a.attr));
  return names;
}

std::string GuestMerge::start(const Write& write) {
  if (vcpu_tid_.empty()) return "No VCPU threads found for pid " + std::to_string(gd_.machine_pid);
  ByteBuffer b;
  size_t nr = 0;
  for (const WriterAttr& a : attrs_) nr += a.ids.size();
  b.u32(PERF_RECORD_ID_INDEX);
  b.u16(0);
  b.u16(0);
  b.u64(nr);
  std::vector<uint32_t> vcpus;
  for (size_t i = 0; i < guest_attrs_.size() && i < attrs_.size(); ++i)
    for (size_t j = 0; j < attrs_[i].ids.size(); ++j) {
      uint32_t vcpu = ids_[guest_attrs_[i].ids[j]].vcpu;
      b.u64(attrs_[i].ids[j]);
      b.u64(0);                  // idx
      b.u64(~uint64_t{0});       // cpu: the guest event is per-thread on the host
      b.u64(vcpu < vcpu_tid_.size() ? vcpu_tid_[vcpu] : 0);
      vcpus.push_back(vcpu);
    }
  for (uint32_t vcpu : vcpus) {  // machine pid and VCPU of each entry
    b.u64(gd_.machine_pid);
    b.u64(vcpu);
  }
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  write(b.data(), b.size());
  ready_ = true;
  return inject_until(0, write);
}

std::string GuestMerge::rewrite(std::vector<std::byte>& rec, uint64_t& host_time) {
  // The guest's sample id: its event by id (0: perf's synthesized records, the first event's)
  const EventAttrEntry* first = nullptr;
  for (const EventAttrEntry& a : guest_attrs_)
    if (!a.ids.empty()) {
      first = &a;
      break;
    }
  if (!first) return "Guest data has no sample IDs";
  Bytes bytes(rec.data(), rec.size());
  SampleId sid = decode_sample_id(bytes, false, guest_attrs_[0].attr);
  const EventAttrEntry* ev = first;
  uint64_t id = sid.id;
  // perf cuts the guest's id sample: its event's size, the first event's for id 0
  size_t id_size = sample_id_size(guest_attrs_[0].attr);
  if (id) {
    ev = nullptr;
    for (const EventAttrEntry& a : guest_attrs_)
      if (std::find(a.ids.begin(), a.ids.end(), id) != a.ids.end()) ev = &a;
    if (!ev) return "Guest event with unknown id " + std::to_string(id);
    sid = decode_sample_id(bytes, false, ev->attr);
    id_size = sample_id_size(ev->attr);
  } else {
    id = first->ids.front();
  }
  const uint64_t type = ev->attr.sample_type;
  if ((id_size & 7) || (rec.size() & 7) || id_size > rec.size()) return "Bad id_hdr_size";
  auto m = ids_.find(id);
  if (m == ids_.end()) return "Guest event with unknown id " + std::to_string(id);
  uint64_t time = (type & PERF_SAMPLE_TIME) ? sid.time : ~uint64_t{0};
  uint32_t cpu = (type & PERF_SAMPLE_CPU) ? sid.cpu : ~0u;
  uint32_t pid = (type & PERF_SAMPLE_TID) ? sid.pid : ~0u, tid = (type & PERF_SAMPLE_TID) ? sid.tid : ~0u;
  if (cpu != ~0u) {
    if (cpu >= vcpu_cpu_.size()) return "Guest event with unknown VCPU " + std::to_string(cpu);
    cpu = vcpu_cpu_[cpu];  // the host CPU the VCPU runs on
  }
  // perf's conversion without TSC parameters: (time - offset) / scale, 0 staying 0
  if (time) {
    uint64_t tsc = time - gd_.time_offset;
    tsc = static_cast<uint64_t>(static_cast<double>(tsc) / gd_.time_scale);
    time = tsc;
  }
  host_time = time;
  // guest cpumode: user stays user, anything else is the guest kernel
  uint16_t misc;
  std::memcpy(&misc, rec.data() + 4, 2);
  uint16_t mode = (misc & PERF_RECORD_MISC_CPUMODE_MASK & PERF_RECORD_MISC_USER) ? PERF_RECORD_MISC_GUEST_USER
                                                                                  : PERF_RECORD_MISC_GUEST_KERNEL;
  misc = static_cast<uint16_t>((misc & ~PERF_RECORD_MISC_CPUMODE_MASK) | mode);
  std::memcpy(rec.data() + 4, &misc, 2);
  rec.resize(rec.size() - id_size);
  // ... and the host's sample id: the new event's layout (the guest's plus IDENTIFIER)
  const uint64_t host_type = type | PERF_SAMPLE_IDENTIFIER;
  ByteBuffer b;
  if (host_type & PERF_SAMPLE_TID) {
    b.u32(pid);
    b.u32(tid);
  }
  if (host_type & PERF_SAMPLE_TIME) b.u64(time);
  if (host_type & PERF_SAMPLE_ID) b.u64(m->second.host_id);
  if (host_type & PERF_SAMPLE_STREAM_ID) b.u64(m->second.host_id);
  if (host_type & PERF_SAMPLE_CPU) {
    b.u32(cpu);
    b.u32(0);
  }
  b.u64(m->second.host_id);  // IDENTIFIER
  rec.insert(rec.end(), b.bytes().begin(), b.bytes().end());
  uint16_t size = static_cast<uint16_t>(rec.size());
  std::memcpy(rec.data() + 6, &size, 2);
  return "";
}

std::string GuestMerge::inject_until(uint64_t time, const Write& write) {
  if (!ready_) return "";
  while (!stream_.empty()) {
    Queued& q = stream_.front();
    std::vector<std::byte> rec = q.bytes;
    uint64_t host_time = 0;
    std::string err = rewrite(rec, host_time);
    if (!err.empty()) return err;
    if (host_time > time) return "";
    write(rec.data(), rec.size());
    stream_.pop_front();
  }
  return "";
}

std::string GuestMerge::context_switch(const RawRecord& rec, uint32_t cpu) {
  // perf reads next_prev_pid/tid where a CPU-wide switch has them (a plain SWITCH's sample id
  // pid/tid there)
  if ((rec.misc & PERF_RECORD_MISC_SWITCH_OUT) || rec.bytes.size() < 16) return "";
  uint32_t pid, tid;
  std::memcpy(&pid, rec.bytes.data() + 8, 4);
  std::memcpy(&tid, rec.bytes.data() + 12, 4);
  if (pid != gd_.machine_pid) return "";
  auto it = tid_vcpu_.find(tid);
  if (it == tid_vcpu_.end()) return "";
  if (cpu == ~0u) return "Switch event does not have CPU";
  if (it->second >= vcpu_cpu_.size()) return "bad VCPU";
  vcpu_cpu_[it->second] = cpu;
  return "";
}

namespace {

// The host's stream in perf's delivery order, with the guest's records merged in.
class HostTool : public SessionTool {
 public:
  HostTool(GuestMerge& gm, const GuestMerge::Write& write, bool ordered)
      : gm_(gm), write_(write), ordered_(ordered) {}
  void user_record(const RawRecord& rec, Session&) override {
    if (!error.empty()) return;
    switch (rec.type) {
      case PERF_RECORD_HEADER_ATTR:
      case PERF_RECORD_HEADER_FEATURE:
      case PERF_RECORD_HEADER_EVENT_TYPE:
        return;  // file output: in the header
      case PERF_RECORD_FINISHED_INIT:
        if (fail(rec, gm_.start(write_))) return;
        break;
      case PERF_RECORD_FINISHED_ROUND:
        // after the round's flush (round_flushed), the guest up to the last time flushed
        if (ordered_) {
          round_ = rec;
          round_bytes_.assign(rec.bytes.begin(), rec.bytes.end());
          return;
        }
        if (fail(rec, gm_.inject_until(last_flush_, write_))) return;
        break;
      default:
        break;
    }
    write_(rec.bytes.data(), rec.bytes.size());
    if (!rec.payload.empty()) write_(rec.payload.data(), rec.payload.size());
  }
  void round_flushed(Session&) override {
    if (!error.empty() || round_bytes_.empty()) return;
    if (fail(round_, gm_.inject_until(last_flush_, write_))) return;
    write_(round_bytes_.data(), round_bytes_.size());
    round_bytes_.clear();
  }
  void record(Event& ev, Session& s) override {
    if (!error.empty() || ev.raw.decompressed) return;  // COMPRESSED records go out as they are
    if (ordered_ && ev.time != 0 && ev.time != ~uint64_t{0}) last_flush_ = ev.time;
    switch (ev.raw.type) {
      case PERF_RECORD_SWITCH:
      case PERF_RECORD_SWITCH_CPU_WIDE: {
        uint32_t cpu = ~0u;
        if (ev.attr_index >= 0 && (s.attrs()[ev.attr_index].attr.sample_type & PERF_SAMPLE_CPU) && ev.sid.valid)
          cpu = ev.sid.cpu;
        if (fail(ev.raw, gm_.context_switch(ev.raw, cpu), true)) return;
        [[fallthrough]];
      }
      case PERF_RECORD_MMAP:
      case PERF_RECORD_MMAP2:
      case PERF_RECORD_COMM:
      case PERF_RECORD_FORK:
      case PERF_RECORD_EXIT:
      case PERF_RECORD_LOST:
      case PERF_RECORD_KSYMBOL:
      case PERF_RECORD_TEXT_POKE:
        if (fail(ev.raw, gm_.inject_until(ev.time, write_), true)) return;
        break;
      default:
        break;
    }
    write_(ev.raw.bytes.data(), ev.raw.bytes.size());
  }
  void finish(Session&) override {
    if (error.empty()) error = gm_.inject_until(~uint64_t{0}, write_);
  }
  std::string error;

 private:
  // perf's lines for a failed record: its message, then the session's
  bool fail(const RawRecord& rec, const std::string& err, bool queued = false) {
    if (err.empty()) return false;
    const char* name = record_type_name(rec.type);
    char line[256];
    if (queued)
      std::snprintf(line, sizeof line, "%#llx [%#x]: ordered event processing failed (-22) for event of type: %s (%u)",
                    (unsigned long long)rec.offset, (unsigned)rec.bytes.size(), name ? name : "?", rec.type);
    else
      std::snprintf(line, sizeof line, "%#llx [%#x]: processing failed for event of type: %s (%u) [Invalid argument]",
                    (unsigned long long)rec.offset, (unsigned)rec.bytes.size(), name ? name : "?", rec.type);
    error = err + "\n" + line;
    return true;
  }
  GuestMerge& gm_;
  GuestMerge::Write write_;
  bool ordered_;
  uint64_t last_flush_ = 0;
  RawRecord round_;
  std::vector<std::byte> round_bytes_;
};

}  // namespace

std::string merge_host_stream(PerfDataReader& host, GuestMerge& gm, const GuestMerge::Write& write) {
  SessionOptions so;
  so.ordered = !host.attrs().empty() && host.attrs()[0].attr.sample_id_all;
  HostTool tool(gm, write, so.ordered);
  Session session(host, so, tool);
  session.run();
  return tool.error;
}

}  // namespace cperf

#include "inject/inject.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <vector>

#include "base/error.h"
#include "format/file_header.h"
#include "format/record_types.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "inject/aslr.h"
#include "inject/build_id_records.h"
#include "inject/build_ids.h"
#include "inject/guestmount_check.h"
#include "inject/chain_rewrite.h"
#include "inject/dwarf_convert.h"
#include "inject/lazy_mmaps.h"
#include "inject/sample_key.h"
#include "inject/guest_merge.h"
#include "inject/itrace_order.h"
#include "inject/jit_elf.h"
#include "inject/jitdump.h"
#include "inject/sched_stat.h"
#include "header/build_id_table.h"
#include "header/header_debug_log.h"
#include "io/perf_data_reader.h"
#include "machine/machine.h"
#include "record/side_band.h"
#include "record/sample.h"
#include "session/deferred_merger.h"
#include "session/session.h"
#include "symbol/build_id.h"
#include "symbol/local_build_id.h"
#include "writer/byte_buffer.h"
#include "writer/features.h"
#include "writer/output_backup.h"
#include "writer/perf_data_writer.h"

namespace cperf {

namespace {

// A copy of stdin in a temporary file, removed when this goes away.
class Spool {
 public:
  ~Spool() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  // Copies all of stdin; returns the path, or throws InputError.
  const std::string& fill() {
    const char* dir = std::getenv("TMPDIR");
    std::string tmpl = std::string(dir && *dir ? dir : "/tmp") + "/cperf-inject.XXXXXX";
    std::vector<char> name(tmpl.begin(), tmpl.end());
    name.push_back(0);
    int fd = ::mkstemp(name.data());
    if (fd < 0) throw InputError("cannot create a temporary file: " + std::string(std::strerror(errno)));
    path_ = name.data();
    std::vector<char> buf(1 << 20);
    for (;;) {
      ssize_t n = ::read(0, buf.data(), buf.size());
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw InputError("pipe: read error: " + std::string(std::strerror(errno)));
      if (n == 0) break;
      for (ssize_t off = 0; off < n;) {
        ssize_t w = ::write(fd, buf.data() + off, static_cast<size_t>(n - off));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
          ::close(fd);
          throw InputError("cannot write temporary file " + path_);
        }
        off += w;
      }
    }
    ::close(fd);
    return path_;
  }

 private:
  std::string path_;
};

// Behind a DeferredCallchainMerger: notes how each parked sample came out (merged: its user
// ips; otherwise nothing).
class MergeCollector : public SessionTool {
 public:
  void record(Event& ev, Session& s) override {
    if (ev.raw.type != PERF_RECORD_SAMPLE || !merger || merger->state() == DeferredState::kNone)
      return;
    DecodedSample ds;
    if (!decode_sample(ev.raw.bytes, s.swapped(), s.attrs()[ev.attr_index].attr, ds).empty()) return;
    auto& q = results[{ev.raw.offset, ds.time, ds.tid}];
    if (merger->state() != DeferredState::kMerged) {
      q.emplace_back(std::nullopt);
      return;
    }
    std::vector<uint64_t> ips;
    size_t i = 0;
    while (i < ds.callchain.size() && ds.callchain[i] != PERF_CONTEXT_USER_DEFERRED) ++i;
    for (++i; i < ds.callchain.size(); ++i) ips.push_back(ds.callchain[i]);
    q.emplace_back(std::move(ips));
  }
  DeferredCallchainMerger* merger = nullptr;
  MergeResults results;
};

class NullTool : public SessionTool {};

// HEADER_BUILD_ID section entries as pipe records: type 67 (the section leaves it 0) and a
// size padded to 8 bytes, which pipe readers require (the section pads the name to 64, giving
// sizes like 100).
std::vector<std::byte> build_id_records(Bytes section) {
  constexpr size_t kFixed = 8 + 4 + 24;  // header, pid, build id bytes + size + padding
  ByteBuffer b;
  for (size_t pos = 0; pos + kFixed <= section.size();) {
    uint16_t misc, size;
    std::memcpy(&misc, section.data() + pos + 4, 2);
    std::memcpy(&size, section.data() + pos + 6, 2);
    if (size < kFixed || pos + size > section.size()) break;
    const char* name = reinterpret_cast<const char*>(section.data() + pos + kFixed);
    std::string_view fname(name, strnlen(name, size - kFixed));
    size_t start = b.size();
    b.u32(PERF_RECORD_HEADER_BUILD_ID);
    b.u16(misc);
    b.u16(0);
    b.raw(section.data() + pos + 8, 4 + 24);
    b.raw(fname.data(), fname.size());
    b.u8(0);
    b.align(8);
    b.patch<uint16_t>(start + 6, static_cast<uint16_t>(b.size() - start));
    pos += size;
  }
  return std::move(b.bytes());
}

constexpr uint64_t kEventUpdateName = 2;  // PERF_EVENT_UPDATE__NAME

std::vector<std::byte> event_update_name(uint64_t id, const std::string& name) {
  ByteBuffer b;
  b.u32(PERF_RECORD_EVENT_UPDATE);
  b.u16(0);
  b.u16(0);
  b.u64(kEventUpdateName);
  b.u64(id);
  b.padded_cstring(name, 8);
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  return std::move(b.bytes());
}

struct Stats {
  uint64_t merged = 0, unmerged = 0, dropped_deferred = 0, rewrite_failed = 0;
  uint64_t aslr_unseen = 0;  // --aslr: records the first pass did not see, dropped
};

class Injector {
 public:
  explicit Injector(const InjectOptions& o) : o_(o) {}
  int run();

 private:
  bool prepare_input();
  void prepass();
  bool begin_output(PerfDataReader& meta);
  bool output_refused_ = false;  // the output could not be made: perf's status 255
  void copy_records(PerfDataReader& in, PerfDataReader& meta);
  void write_record(const RawRecord& rec);
  void write_sample(const RawRecord& rec, Session& helper);
  void write_converted_sample(const RawRecord& rec, Session& helper);
  bool rewrites_samples() const { return o_.merge_callchains || o_.convert_callchain || o_.sched_stat; }
  // Records are rewritten one by one: COMPRESSED ones are unpacked, the input read first.
  bool rewrites_records() const {
    return rewrites_samples() || o_.mmap2_buildid_all || o_.mmap2_buildids || o_.aslr || o_.jit;
  }
  // Records go out unpacked from COMPRESSED ones: their samples change.
  bool unpacks() const { return rewrites_samples() || o_.aslr || o_.jit; }
  void write_aslr_record(const RawRecord& rec);
  void write_first_result(const RawRecord& rec, std::deque<std::optional<std::vector<std::byte>>>& results);
  std::unique_ptr<AslrRemapper> aslr_;
  std::unique_ptr<ItraceOrder> itrace_;  // --itrace
  int run_guest_merge(PerfDataReader& meta);
  std::vector<WriterAttr> extra_attrs_;    // --guest-data: the guest's events
  bool itrace_refused_ = false;          // --itrace met instruction trace
  bool auxtrace_warned_ = false;
  void write_mmap2_build_id(const RawRecord& rec);
  void say_no_mmap_build_id(const RawRecord& rec);
  void write_lazy_mmaps(const RawRecord& sample, Session& helper);
  const std::vector<uint8_t>& build_id_for(const std::string& filename);
  std::unordered_map<std::string, std::vector<uint8_t>> build_ids_;  // by mmap filename
  std::unordered_map<std::string, std::string> header_build_ids_;    // the file's table
  std::map<SampleKey, std::deque<std::vector<std::vector<std::byte>>>> lazy_mmaps_;  // -B
  std::map<SampleKey, std::vector<std::vector<std::byte>>> build_id_recs_;  // -b, --buildid-all
  void write_build_id_records(const RawRecord& rec, Session& helper);
  std::vector<std::vector<std::byte>> take_build_id_records(const RawRecord& rec, Session& helper);
  // -b: perf's ordered queue, flushed only at the end (as --itrace's): timed kernel records,
  // with the build-id records of a sample before it, go out last in time order
  std::unique_ptr<ItraceOrder> build_id_order_;
  FeatureMap output_features(PerfDataReader& meta);
  bool fail_write();

  InjectOptions o_;
  Spool spool_;
  std::string in_path_;
  bool streaming_ = false;  // pipe -> pipe without a prepass: records copied as they come
  std::unique_ptr<PerfDataReader> meta_;  // prepass reader: complete attrs and features
  MergeResults merge_;
  std::unique_ptr<SchedStatCollector> sched_stat_;  // -s
  // -j: true when the map record was consumed (a jitdump marker, or an anonymous map of a
  // process whose jitdump was read); jit_failed_: perf's processing error
  bool jit_map(const RawRecord& rec, Session& helper);
  void write_jit_mmap2(const JitCode& c, const std::string& dir, Session& helper, uint16_t elf_machine);
  std::set<int32_t> jitted_pids_;
  bool jit_failed_ = false;
  void write_sched_stat_sample(const RawRecord& rec, Session& helper);
  std::vector<BuildIdEntry> new_build_ids_;
  bool no_build_id_feature_ = false;  // -b, --buildid-all: no dso had a build id
  PerfDataWriter w_;
  bool write_error_ = false;
  // Collected from the stream for a file output.
  std::vector<std::byte> tracing_data_, build_id_records_;
  Stats stats_;
};

bool Injector::prepare_input() {
  in_path_ = o_.input;
  bool out_pipe = o_.output == "-";
  bool need_all_first = o_.build_ids || o_.buildid_all || rewrites_records() || o_.itrace || !out_pipe;
  if (o_.input == "-") {
    // Only a real pipe is streamed; a redirected file may be in file format.
    struct stat st{};
    if (need_all_first || (::fstat(0, &st) == 0 && S_ISREG(st.st_mode))) {
      in_path_ = spool_.fill();
    } else {
      streaming_ = true;
    }
  }
  return true;
}

void Injector::prepass() {
  bool need = o_.build_ids || o_.buildid_all || rewrites_records();
  meta_ = std::make_unique<PerfDataReader>(in_path_);
  if (meta_->swapped()) throw InputError(in_path_ + ": cross-endian files are not supported by inject");
  // (a pipe's features come as records)
  if (o_.verbose && !meta_->is_pipe()) print_header_debug_log(*meta_, stderr);
  if (!o_.guestmount.empty()) {
    PerfDataReader r(in_path_, false);
    GuestMountCheck check(o_.guestmount);
    Session session(r, SessionOptions{}, check);
    session.run();
  }
  if (!need) {
    // Pipe-format input: read it through once so attrs and features are complete.
    if (meta_->is_pipe())
      while (meta_->next()) {
      }
    return;
  }
  if (o_.merge_callchains) {
    MergeCollector collector;
    DeferredCallchainMerger merger(collector);
    collector.merger = &merger;
    Session session(*meta_, SessionOptions{}, merger);
    session.run();
    merge_ = std::move(collector.results);
    const DeferredMergerStats& ms = merger.stats();
    if (o_.verbose)
      std::fprintf(stderr,
                   "deferred callchains: %llu samples waited, %llu merged, %llu released by another "
                   "cookie, %llu never completed, %llu records\n",
                   (unsigned long long)ms.parked, (unsigned long long)ms.merged,
                   (unsigned long long)ms.mismatched,
                   (unsigned long long)(ms.flushed + ms.evicted), (unsigned long long)ms.records);
  }
  if (o_.sched_stat) {
    name_events(*meta_);
    sched_stat_ = std::make_unique<SchedStatCollector>(meta_->attrs());
    if (!sched_stat_->error().empty()) return;  // run() reports it
    Session session(*meta_, SessionOptions{}, *sched_stat_);
    session.run();
  }
  if (o_.aslr) {
    const std::string& arch = feature_env(*meta_).arch;
    bool kernel_64 = arch.empty() ? sizeof(void*) == 8 : arch.find("64") != std::string::npos || arch == "s390x";
    aslr_ = std::make_unique<AslrRemapper>(kernel_64, o_.verbose);
    PerfDataReader r(in_path_, false);
    Session session(r, SessionOptions{}, *aslr_);
    session.run();
  }
  if (o_.convert_callchain) {
    UnwindCollector collector(o_.unwind_style, o_.symfs);
    Session session(*meta_, SessionOptions{}, collector);
    session.run();
    merge_ = std::move(collector.results);
  }
  if (o_.build_ids || o_.buildid_all) {
    // Build ids already in the input: the feature section, or pipe HEADER_BUILD_ID records.
    PerfDataReader r(in_path_, false);
    std::set<std::string> known;
    if (auto it = r.features().find(HEADER_BUILD_ID); it != r.features().end())
      known = build_id_filenames(it->second, r.swapped());
    if (r.is_pipe()) {
      PerfDataReader scan(in_path_, false);
      while (auto rec = scan.next())
        if (rec->type == PERF_RECORD_HEADER_BUILD_ID)
          for (const std::string& n : build_id_filenames(rec->bytes, scan.swapped())) known.insert(n);
    }
    new_build_ids_ = collect_hit_build_ids(r, o_.buildid_all, known, o_.known_build_ids);
    // ... and the records perf 7.2 writes into the data for them.
    std::unordered_map<std::string, std::string> table;
    if (auto it = r.features().find(HEADER_BUILD_ID); it != r.features().end())
      table = parse_build_id_table(it->second, r.swapped());
    BuildIdRecordCollector collector(o_.buildid_all, [&](const Dso& d) -> std::vector<uint8_t> {
      if (o_.known_build_ids.count(d.long_name)) return {};  // given: perf writes no record
      std::string hex = d.build_id;
      if (auto t = table.find(d.long_name); hex.empty() && t != table.end()) hex = t->second;
      if (std::optional<BuildId> b = BuildId::from_hex(hex)) return {b->bytes().begin(), b->bytes().end()};
      if (d.kernel) return local_build_id(true, d.long_name);
      return build_id_for(d.long_name);
    }, o_.verbose);
    PerfDataReader r2(in_path_, false);
    Session session(r2, SessionOptions{}, collector);
    session.run();
    build_id_recs_ = std::move(collector.results);
    // perf writes its HEADER_BUILD_ID feature only when a dso hit (or a [vdso]) has an id
    no_build_id_feature_ = !collector.any_build_id && !table.count("[vdso]");
  }
  if (!rewrites_samples() && meta_->is_pipe())  // the rewrite pass already read everything
    while (meta_->next()) {
    }
  // The build ids mmap records can take (--mmap2-buildid-all, -B).
  if (auto it = meta_->features().find(HEADER_BUILD_ID); it != meta_->features().end())
    header_build_ids_ = parse_build_id_table(it->second, meta_->swapped());
  if (o_.mmap2_buildids) {
    PerfDataReader r(in_path_, false);
    MapHitCollector collector([this](const std::string& f) -> const std::vector<uint8_t>& { return build_id_for(f); });
    Session session(r, SessionOptions{}, collector);
    session.run();
    lazy_mmaps_ = std::move(collector.results);
  }
}

FeatureMap Injector::output_features(PerfDataReader& meta) {
  FeatureMap f;
  for (const auto& [id, payload] : meta.features()) {
    if (payload.empty()) continue;  // the pipe end-of-features marker
    if (unpacks() && id == HEADER_COMPRESSED) continue;  // data goes out unpacked
    if (o_.itrace && id == HEADER_AUXTRACE) continue;    // perf: the trace is decoded away
    f[id].assign(payload.begin(), payload.end());
  }
  if (o_.merge_callchains || o_.convert_callchain || o_.aslr) {  // their attrs change
    if (auto it = f.find(HEADER_EVENT_DESC); it != f.end()) {
      Bytes payload(it->second.data(), it->second.size());
      std::vector<std::byte> desc = o_.merge_callchains ? rewrite_event_desc(payload, false)
                                    : o_.aslr           ? rewrite_event_desc(payload, false, aslr_strip_attr)
                                                        : rewrite_event_desc(payload, false, convert_attr);
      if (desc.empty())
        f.erase(it);
      else
        it->second = std::move(desc);
    }
  }
  return f;
}

bool Injector::fail_write() {
  if (!write_error_) std::fprintf(stderr, "cperf inject: %s\n", w_.error().c_str());
  write_error_ = true;
  return false;
}

// Writes what precedes the data. File output gets its features in finish(); pipe output gets
// them as HEADER_FEATURE records, plus the tracing data and build ids as their own records.
bool Injector::begin_output(PerfDataReader& meta) {
  // perf's lines and status: the older output is kept as NAME.old first.
  std::string backup_error;
  if (!keep_previous_output(o_.output, backup_error)) {
    int err = errno;
    std::fprintf(stderr, "%s\nfailed to create output file: %s\n", backup_error.c_str(), std::strerror(err));
    output_refused_ = true;
    return false;
  }
  if (!w_.open(o_.output)) {
    std::fprintf(stderr, "failed to open %s : %s\nfailed to create output file: %s\n", o_.output.c_str(),
                 std::strerror(w_.error_number()), std::strerror(w_.error_number()));
    output_refused_ = true;
    return false;
  }
  if (streaming_) return w_.begin({}, {}) || fail_write();
  std::vector<WriterAttr> attrs;
  for (const EventAttrEntry& e : meta.attrs()) {
    WriterAttr a;
    a.attr = o_.merge_callchains   ? clear_defer_bits(e.attr)
             : o_.convert_callchain ? convert_attr(e.attr)
             : o_.aslr              ? aslr_strip_attr(e.attr)
                                    : e.attr;
    a.ids = e.ids;
    attrs.push_back(std::move(a));
  }
  attrs.insert(attrs.end(), extra_attrs_.begin(), extra_attrs_.end());
  if (o_.itrace) w_.set_min_data_offset(itrace_data_offset(meta.is_pipe() ? 0 : meta.header().data.offset));
  FeatureMap pipe_features;
  if (w_.is_pipe()) {
    pipe_features = output_features(meta);
    pipe_features.erase(HEADER_TRACING_DATA);
    pipe_features.erase(HEADER_BUILD_ID);
  }
  if (!w_.begin(attrs, pipe_features)) return fail_write();
  if (!w_.is_pipe()) return true;
  if (!meta.is_pipe()) {
    // File input: its tracing data and build ids become records.
    if (auto it = meta.features().find(HEADER_TRACING_DATA); it != meta.features().end()) {
      ByteBuffer b;
      b.u32(PERF_RECORD_HEADER_TRACING_DATA);
      b.u16(0);
      b.u16(16);
      b.u32(static_cast<uint32_t>((it->second.size() + 7) / 8 * 8));  // perf: the padded size
      b.u32(0);
      b.raw(it->second.data(), it->second.size());
      b.align(8);
      if (!w_.write(b.data(), b.size())) return fail_write();
    }
    if (auto it = meta.features().find(HEADER_BUILD_ID); it != meta.features().end()) {
      std::vector<std::byte> recs = build_id_records(it->second);
      if (!w_.write(recs.data(), recs.size())) return fail_write();
    }
    // Pipe readers take event names from EVENT_UPDATE records, as perf record writes them.
    if (meta.features().count(HEADER_EVENT_DESC)) {
      name_events(meta);
      for (const EventAttrEntry& e : meta.attrs()) {
        if (e.name.empty() || e.ids.empty()) continue;
        std::vector<std::byte> rec = event_update_name(e.ids.front(), e.name);
        if (!w_.write(rec.data(), rec.size())) return fail_write();
      }
    }
  }
  return true;
}

void Injector::write_record(const RawRecord& rec) {
  if (write_error_) return;
  if (!w_.write(rec.bytes.data(), rec.bytes.size())) {
    fail_write();
    return;
  }
  if (!rec.payload.empty() && !w_.write(rec.payload.data(), rec.payload.size())) fail_write();
}

// --aslr: the record as the first pass rewrote it, or nothing for a dropped one.
void Injector::write_aslr_record(const RawRecord& rec) {
  if (aslr_drops_record_type(rec.type)) {
    if (rec.type == PERF_RECORD_AUXTRACE && !auxtrace_warned_) {
      std::fputs("ASLR: Dropping auxtrace data as it cannot be obfuscated.\n", stderr);
      auxtrace_warned_ = true;
    }
    return;
  }
  auto it = aslr_->results.find(aslr_key(rec));
  if (it == aslr_->results.end() || it->second.empty()) {
    // Not seen in the first pass (a sample of an unknown event): nothing in it was remapped,
    // so it would give the layout away.
    ++stats_.aslr_unseen;
    return;
  }
  write_first_result(rec, it->second);
}

// The first pass's next answer for a record: the bytes to write in its place, or nothing.
void Injector::write_first_result(const RawRecord& rec, std::deque<std::optional<std::vector<std::byte>>>& results) {
  std::optional<std::vector<std::byte>> out = std::move(results.front());
  results.pop_front();
  if (!out) return;
  RawRecord copy = rec;
  copy.bytes = Bytes(out->data(), out->size());
  copy.payload = {};
  write_record(copy);
}

void Injector::write_sample(const RawRecord& rec, Session& helper) {
  int idx = helper.attr_for(rec);
  if (idx < 0 || !helper.attrs()[idx].attr.defer_callchain) return write_record(rec);
  const perf_event_attr& attr = helper.attrs()[idx].attr;
  DecodedSample ds;
  if (!decode_sample(rec.bytes, helper.swapped(), attr, ds).empty() || !ds.deferred_callchain)
    return write_record(rec);
  std::optional<std::vector<uint64_t>> ips;
  if (auto it = merge_.find({rec.offset, ds.time, ds.tid}); it != merge_.end() && !it->second.empty()) {
    ips = std::move(it->second.front());
    it->second.pop_front();
  }
  std::vector<std::byte> out;
  if (!rewrite_deferred_chain(rec.bytes, helper.swapped(), attr, ips ? &*ips : nullptr, out)) {
    ++stats_.rewrite_failed;
    return write_record(rec);
  }
  ++(ips ? stats_.merged : stats_.unmerged);
  RawRecord copy = rec;
  copy.bytes = Bytes(out.data(), out.size());
  copy.payload = {};
  write_record(copy);
}

void Injector::write_converted_sample(const RawRecord& rec, Session& helper) {
  int idx = helper.attr_for(rec);
  if (idx < 0 || !is_dwarf_attr(helper.attrs()[idx].attr)) return write_record(rec);
  const perf_event_attr& attr = helper.attrs()[idx].attr;
  DecodedSample ds;
  if (!decode_sample(rec.bytes, helper.swapped(), attr, ds).empty()) return write_record(rec);
  std::vector<uint64_t> ips;
  if (auto it = merge_.find({rec.offset, ds.time, ds.tid}); it != merge_.end() && !it->second.empty()) {
    if (it->second.front()) ips = std::move(*it->second.front());
    it->second.pop_front();
  }
  std::vector<std::byte> out;
  if (!convert_dwarf_sample(rec.bytes, helper.swapped(), attr, ips, out)) {
    ++stats_.rewrite_failed;
    return write_record(rec);
  }
  RawRecord copy = rec;
  copy.bytes = Bytes(out.data(), out.size());
  copy.payload = {};
  write_record(copy);
}

// -s: a switch, exit or stat sample goes out as the first pass decided (or not at all).
void Injector::write_sched_stat_sample(const RawRecord& rec, Session& helper) {
  int idx = helper.attr_for(rec);
  if (!sched_stat_->handles(idx)) return write_record(rec);
  DecodedSample ds;
  if (!decode_sample(rec.bytes, helper.swapped(), helper.attrs()[idx].attr, ds).empty()) return write_record(rec);
  auto it = sched_stat_->results.find({rec.offset, ds.time, ds.tid});
  if (it == sched_stat_->results.end() || it->second.empty()) return;
  write_first_result(rec, it->second);
}

const std::vector<uint8_t>& Injector::build_id_for(const std::string& filename) {
  auto it = build_ids_.find(filename);
  if (it != build_ids_.end()) return it->second;
  std::vector<uint8_t> id;
  if (auto h = header_build_ids_.find(filename); h != header_build_ids_.end()) {
    if (std::optional<BuildId> b = BuildId::from_hex(h->second)) id.assign(b->bytes().begin(), b->bytes().end());
  } else if (filename == "[vdso]") {
    id = vdso_build_id();
  } else if (!filename.empty() && filename[0] == '/') {
    id = local_build_id(false, o_.symfs + filename);
  }
  return build_ids_.emplace(filename, std::move(id)).first->second;
}

// An MMAP2 with its maj/min/ino/ino_generation (24 bytes) replaced by the build id (size, two
// reserved fields, 20 bytes) and PERF_RECORD_MISC_MMAP_BUILD_ID set: the same record size.
void Injector::write_mmap2_build_id(const RawRecord& rec) {
  constexpr size_t kIdsAt = 8 + 4 + 4 + 8 + 8 + 8;
  if (rec.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) return write_record(rec);
  SideBand sb;
  if (!decode_side_band(rec, false, sb).empty() || rec.bytes.size() < kIdsAt + 24) return write_record(rec);
  const std::vector<uint8_t>& id = build_id_for(std::string(sb.name));
  if (o_.verbose) say_no_mmap_build_id(rec);
  if (id.empty() || id.size() > 20) return write_record(rec);
  std::vector<std::byte> out(rec.bytes.begin(), rec.bytes.end());
  // perf keeps the cpumode only (MMAP_DATA goes).
  uint16_t misc = (rec.misc & PERF_RECORD_MISC_CPUMODE_MASK) | PERF_RECORD_MISC_MMAP_BUILD_ID;
  std::memcpy(out.data() + 4, &misc, 2);
  std::memset(out.data() + kIdsAt, 0, 24);
  out[kIdsAt] = static_cast<std::byte>(id.size());
  std::memcpy(out.data() + kIdsAt + 4, id.data(), id.size());
  RawRecord copy = rec;
  copy.bytes = Bytes(out.data(), out.size());
  copy.payload = {};
  write_record(copy);
}

// --mmap2-buildid-all -v: perf's line for each map (MMAP or MMAP2) whose dso has no build id,
// but those of anonymous or no-dso memory.
void Injector::say_no_mmap_build_id(const RawRecord& rec) {
  SideBand sb;
  if (!decode_side_band(rec, false, sb).empty()) return;
  std::string name(sb.name);
  if (build_id_for(name).empty() && !is_jit_candidate(name))
    std::fprintf(stderr, "no build_id found for %s\n", name.c_str());
}

// -b/--buildid-all: the build-id records the first pass found to go before this record.
void Injector::write_build_id_records(const RawRecord& rec, Session& helper) {
  for (const std::vector<std::byte>& b : take_build_id_records(rec, helper))
    if (!write_error_ && !w_.write(b.data(), b.size())) fail_write();
}

std::vector<std::vector<std::byte>> Injector::take_build_id_records(const RawRecord& rec, Session& helper) {
  SampleKey key{rec.offset, 0, 0};
  if (rec.type == PERF_RECORD_SAMPLE) {
    int idx = helper.attr_for(rec);
    DecodedSample ds;
    if (idx < 0 || !decode_sample(rec.bytes, helper.swapped(), helper.attrs()[idx].attr, ds).empty()) return {};
    key = {rec.offset, ds.time, ds.tid};
  }
  auto it = build_id_recs_.find(key);
  if (it == build_id_recs_.end()) return {};
  std::vector<std::vector<std::byte>> out = std::move(it->second);
  build_id_recs_.erase(it);
  return out;
}

void Injector::write_lazy_mmaps(const RawRecord& sample, Session& helper) {
  int idx = helper.attr_for(sample);
  if (idx < 0) return;
  DecodedSample ds;
  if (!decode_sample(sample.bytes, helper.swapped(), helper.attrs()[idx].attr, ds).empty()) return;
  auto it = lazy_mmaps_.find({sample.offset, ds.time, ds.tid});
  if (it == lazy_mmaps_.end() || it->second.empty()) return;
  for (const std::vector<std::byte>& rec : it->second.front())
    if (!write_error_ && !w_.write(rec.data(), rec.size())) fail_write();
  it->second.pop_front();
}

void Injector::copy_records(PerfDataReader& in, PerfDataReader& meta) {
  NullTool null_tool;
  Session helper(meta, SessionOptions{}, null_tool);  // attr lookup only
  const bool out_pipe = w_.is_pipe();
  // Samples are rewritten inside COMPRESSED records too; perf 7.2's -B and --mmap2-buildid-all
  // pass COMPRESSED records through as they are.
  const bool unpack = unpacks();
  while (auto r = in.next()) {
    const RawRecord& rec = *r;
    if (rec.decompressed != unpack) {
      if (!rec.decompressed) {
        // A COMPRESSED record while unpacking: its records follow.
        if (rec.type == PERF_RECORD_COMPRESSED || rec.type == PERF_RECORD_COMPRESSED2) continue;
      } else {
        continue;  // already written inside its COMPRESSED record
      }
    }
    if (o_.aslr && (aslr_drops_record_type(rec.type) || rec.type == PERF_RECORD_MMAP ||
                    rec.type == PERF_RECORD_MMAP2 || rec.type == PERF_RECORD_KSYMBOL ||
                    rec.type == PERF_RECORD_SAMPLE || rec.type == PERF_RECORD_CALLCHAIN_DEFERRED)) {
      write_aslr_record(rec);
      if (write_error_) return;
      continue;
    }
    if (itrace_ && rec.type == PERF_RECORD_AUXTRACE_INFO) {
      // perf sets up its decoder here; cperf has none
      std::fprintf(stderr, "cperf inject: --itrace: %#" PRIx64 " [%#zx]: decoding instruction trace (AUXTRACE_INFO) is not supported\n",
                   rec.offset, rec.bytes.size());
      itrace_refused_ = true;
      return;
    }
    if (itrace_ && (itrace_->drops(rec.type) || itrace_->queue(rec, helper.time_of(rec, helper.attr_for(rec)))))
      continue;
    if (build_id_order_) {
      uint64_t t = helper.time_of(rec, helper.attr_for(rec));
      if (build_id_order_->takes(rec, t)) {
        if (rec.type == PERF_RECORD_SAMPLE)
          for (std::vector<std::byte>& b : take_build_id_records(rec, helper)) build_id_order_->queue(t, std::move(b));
        build_id_order_->queue(rec, t);
        continue;
      }
    }
    switch (rec.type) {
      case PERF_RECORD_HEADER_ATTR:
      case PERF_RECORD_HEADER_FEATURE:
        if (streaming_) write_record(rec);
        break;
      case PERF_RECORD_HEADER_EVENT_TYPE:
        if (out_pipe) write_record(rec);
        break;
      case PERF_RECORD_HEADER_TRACING_DATA:
        if (out_pipe) {
          write_record(rec);
        } else {
          ByteReader br(rec.bytes, in.swapped());
          br.skip(8);
          uint32_t size = br.u32();
          size_t n = std::min<size_t>(size, rec.payload.size());
          tracing_data_.assign(rec.payload.begin(), rec.payload.begin() + static_cast<ptrdiff_t>(n));
        }
        break;
      case PERF_RECORD_HEADER_BUILD_ID:
        if (out_pipe)
          write_record(rec);
        else
          build_id_records_.insert(build_id_records_.end(), rec.bytes.begin(), rec.bytes.end());
        break;
      case PERF_RECORD_CALLCHAIN_DEFERRED:
        if (o_.merge_callchains)
          ++stats_.dropped_deferred;
        else
          write_record(rec);
        break;
      case PERF_RECORD_MMAP:
        if (o_.jit && jit_map(rec, helper)) break;
        if (o_.buildid_all) write_build_id_records(rec, helper);
        if (o_.mmap2_buildid_all && o_.verbose) say_no_mmap_build_id(rec);
        if (!o_.mmap2_buildids) write_record(rec);  // -B: maps come back when samples hit them
        break;
      case PERF_RECORD_MMAP2:
        if (o_.jit && jit_map(rec, helper)) break;
        if (o_.buildid_all) write_build_id_records(rec, helper);
        if (o_.mmap2_buildids)
          break;
        if (o_.mmap2_buildid_all)
          write_mmap2_build_id(rec);
        else
          write_record(rec);
        break;
      case PERF_RECORD_SAMPLE:
        if (o_.mmap2_buildids) write_lazy_mmaps(rec, helper);
        if (o_.build_ids && !o_.buildid_all) write_build_id_records(rec, helper);
        if (o_.sched_stat)
          write_sched_stat_sample(rec, helper);
        else if (o_.convert_callchain)
          write_converted_sample(rec, helper);
        else if (o_.merge_callchains)
          write_sample(rec, helper);
        else
          write_record(rec);
        break;
      default:
        write_record(rec);
        break;
    }
    if (write_error_ || jit_failed_) return;
  }
  for (ItraceOrder* order : {itrace_.get(), build_id_order_.get()})
    if (order)
      for (const std::vector<std::byte>& b : order->take_sorted())
        if (!write_error_ && !w_.write(b.data(), b.size())) fail_write();
}

bool Injector::jit_map(const RawRecord& rec, Session& helper) {
  SideBand sb;
  if (!decode_side_band(rec, false, sb).empty()) return false;
  std::string name(sb.name);
  if (!is_jitdump_marker(name, sb.pid)) return jitted_pids_.count(sb.pid) && name.compare(0, 6, "//anon") == 0;
  JitDump dump;
  std::string err = read_jitdump(name, dump);
  bool clock_ok = std::all_of(helper.attrs().begin(), helper.attrs().end(), [](const EventAttrEntry& a) {
    return a.attr.use_clockid && a.attr.clockid == 1;  // CLOCK_MONOTONIC
  });
  if (err.empty() && dump.arch_timestamp) {
    std::fprintf(stderr, "cperf inject: %s: jitdump TSC timestamps are not supported yet\n", name.c_str());
    jit_failed_ = true;
    return true;
  }
  if (!err.empty() || !clock_ok) {
    // perf's messages: the clock check's, then its processing error naming the map record
    if (err.empty()) std::fputs("error, jitted code must be sampled with perf record -k 1\n", stderr);
    else if (o_.verbose) std::fprintf(stderr, "%s\n", err.c_str());
    std::fprintf(stderr, "%#" PRIx64 " [%#zx]: ordered event processing failed (-1) for event of type: %s (%u)\n",
                 rec.offset, rec.bytes.size(), rec.type == PERF_RECORD_MMAP ? "MMAP" : "MMAP2", rec.type);
    jit_failed_ = true;
    return true;
  }
  std::string dir = name.substr(0, name.rfind('/'));
  if (o_.verbose) std::fprintf(stderr, "jit marker found: %s\ninjecting: %s\n", name.c_str(), name.c_str());
  for (const JitCode& c : dump.code) write_jit_mmap2(c, dir, helper, static_cast<uint16_t>(dump.elf_mach));
  if (o_.verbose) std::fprintf(stderr, "injected: %s (0)\n", name.c_str());
  jitted_pids_.insert(sb.pid);
  return true;
}

// perf's MMAP2 of a jitted function: its ELF file's device, inode and mode (perf stores the
// file mode as prot), MAP_SHARED, generation 1, page offset at the ELF's .text; the sample id
// area carries pid/tid and the JIT's time at its start, the rest zero (as perf writes it).
void Injector::write_jit_mmap2(const JitCode& c, const std::string& dir, Session& helper, uint16_t elf_machine) {
  std::string path = dir + "/jitted-" + std::to_string(c.pid) + "-" + std::to_string(c.code_index) + ".so";
  if (!c.moved) {
    if (o_.verbose) std::fprintf(stderr, "write ELF image %s\n", path.c_str());
    std::string err = write_jit_elf(path, c.name, c.code, elf_machine);
    if (!err.empty()) {
      std::fprintf(stderr, "%s\n", err.c_str());
      return;
    }
  }
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0) st = {};
  uint64_t len = c.unwinding_mapped_size ? (c.code_size + 7) / 8 * 8 + c.unwinding_mapped_size : c.code_size;
  ByteBuffer b;
  b.u32(PERF_RECORD_MMAP2);
  b.u16(PERF_RECORD_MISC_USER);
  b.u16(0);
  b.u32(c.pid);
  b.u32(c.tid);
  b.u64(c.code_addr);
  b.u64(len);
  b.u64(kJitElfTextOffset);
  b.u32(major(st.st_dev));
  b.u32(minor(st.st_dev));
  b.u64(st.st_ino);
  b.u64(1);  // inode generation
  b.u32(st.st_mode);
  b.u32(0x01);  // MAP_SHARED
  b.padded_cstring(path, 8);
  const perf_event_attr* first = helper.attrs().empty() ? nullptr : &helper.attrs().front().attr;
  size_t id_size = first ? sample_id_size(*first) : 0;
  size_t id_at = b.size();
  b.zeros(id_size);
  if (first && (first->sample_type & PERF_SAMPLE_TID) && id_size >= 8) {
    b.patch<uint32_t>(id_at, c.pid);
    b.patch<uint32_t>(id_at + 4, c.tid);
  }
  if (first && (first->sample_type & PERF_SAMPLE_TIME) && id_size >= 16) b.patch<uint64_t>(id_at + 8, c.timestamp);
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  if (!write_error_ && !w_.write(b.data(), b.size())) fail_write();
}

int Injector::run() {
  struct stat a{}, b{};
  if (o_.input != "-" && o_.output != "-" && ::stat(o_.input.c_str(), &a) == 0 &&
      ::stat(o_.output.c_str(), &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
    std::fprintf(stderr, "cperf inject: input and output are the same file: %s\n", o_.input.c_str());
    return 1;
  }
  prepare_input();
  if (!streaming_) prepass();
  // --guest-data: perf opens the guest's recording after the host's, the output made (empty)
  if (o_.has_guest_data && !(o_.build_ids || o_.sched_stat || o_.itrace || o_.mmap2_buildids)) {
    int status = 1;
    if (check_guest_recording(o_.guest_data.file, &status) == GuestCheck::kHasIds) return run_guest_merge(*meta_);
    std::string backup_error;
    if (o_.output != "-" && keep_previous_output(o_.output, backup_error)) w_.open(o_.output);
    return status;
  }
  if (sched_stat_ && !sched_stat_->error().empty()) {
    std::fprintf(stderr, "%s\n", sched_stat_->error().c_str());
    return 234;  // perf's -EINVAL
  }
  // The prepass has read (and warned about) the header already.
  std::unique_ptr<PerfDataReader> in = std::make_unique<PerfDataReader>(in_path_, streaming_);
  if (in->swapped()) throw InputError(in_path_ + ": cross-endian files are not supported by inject");
  PerfDataReader& meta = streaming_ ? *in : *meta_;
  if (!begin_output(meta)) return output_refused_ ? 255 : 1;
  // perf orders only when the first event has sample_id_all (else "unordered processing")
  if (o_.itrace)
    itrace_ = std::make_unique<ItraceOrder>(o_.strip, !meta.attrs().empty() && meta.attrs()[0].attr.sample_id_all);
  if (o_.build_ids && !o_.buildid_all && !rewrites_records())
    build_id_order_ = std::make_unique<ItraceOrder>(false, !meta.attrs().empty() && meta.attrs()[0].attr.sample_id_all);
  copy_records(*in, meta);
  if (write_error_ || itrace_refused_) return 1;
  if (jit_failed_) return 255;
  FeatureMap features;
  if (!w_.is_pipe()) {
    features = output_features(meta);
    if (!tracing_data_.empty()) features[HEADER_TRACING_DATA] = tracing_data_;
    std::vector<std::byte>& ids = features[HEADER_BUILD_ID];
    if (o_.buildid_all) ids = without_core_kernel(Bytes(ids.data(), ids.size()), meta.swapped());
    ids.insert(ids.end(), build_id_records_.begin(), build_id_records_.end());
    std::vector<std::byte> extra = encode_build_ids(new_build_ids_);
    if (!new_build_ids_.empty()) ids.insert(ids.end(), extra.begin(), extra.end());
    if (ids.empty()) features.erase(HEADER_BUILD_ID);
  }
  if (!w_.finish(features)) return fail_write(), 1;
  if (o_.verbose && no_build_id_feature_ && !w_.is_pipe()) std::fputs("failed to write feature BUILD_ID\n", stderr);
  if (o_.verbose && o_.merge_callchains)  // cperf's own option: its own account
    std::fprintf(stderr,
                 "%llu samples merged, %llu kept their kernel part only, %llu CALLCHAIN_DEFERRED "
                 "records dropped\n",
                 (unsigned long long)stats_.merged, (unsigned long long)stats_.unmerged,
                 (unsigned long long)stats_.dropped_deferred);
  if (stats_.aslr_unseen)
    std::fprintf(stderr, "cperf inject: %llu records of unknown events were dropped (--aslr could not remap them)\n",
                 (unsigned long long)stats_.aslr_unseen);
  if (stats_.rewrite_failed)
    std::fprintf(stderr, "cperf inject: %llu samples could not be rewritten and were kept as is\n",
                 (unsigned long long)stats_.rewrite_failed);
  return 0;
}

// --guest-data with a guest that has sample ids: perf 7.2's merge (inject/guest_merge.h).
int Injector::run_guest_merge(PerfDataReader& meta) {
  GuestMerge gm(o_.guest_data);
  std::string why = meta.is_pipe() ? "pipe input" : o_.output == "-" ? "pipe output" : gm.load();
  if (why.empty()) why = gm.plan(in_path_, meta.attrs());
  if (!why.empty()) {
    std::fprintf(stderr, "cperf inject: --guest-data: merging %s is not supported yet\n", why.c_str());
    return 1;
  }
  w_.set_min_data_offset(gm.data_offset(meta.attrs()));
  extra_attrs_ = gm.attrs();
  if (!begin_output(meta)) return output_refused_ ? 255 : 1;
  PerfDataReader host(in_path_, false);
  std::string err = merge_host_stream(host, gm, [this](const void* d, size_t n) {
    if (!write_error_ && !w_.write(d, n)) fail_write();
  });
  if (write_error_) return 1;
  if (!err.empty()) {
    std::fprintf(stderr, "%s\n", err.c_str());
    return 234;
  }
  FeatureMap features = output_features(meta);
  // The guest's events join event_desc, named from their attrs ("cpu-clock:G")
  if (auto it = features.find(HEADER_EVENT_DESC); it != features.end() && !extra_attrs_.empty()) {
    std::vector<EventDesc> descs;
    if (decode_event_desc(Bytes(it->second.data(), it->second.size()), false, descs)) {
      std::vector<FeatureEvent> events;
      for (EventDesc& d : descs) events.push_back({d.attr, d.name, d.ids});
      std::vector<std::string> names = gm.attr_names();
      for (size_t i = 0; i < extra_attrs_.size(); ++i) events.push_back({extra_attrs_[i].attr, names[i], extra_attrs_[i].ids});
      it->second = encode_event_desc(events);
    }
  }
  std::vector<std::byte> ids = gm.build_id_entries();
  if (!ids.empty()) {
    std::vector<std::byte>& table = features[HEADER_BUILD_ID];
    table.insert(table.end(), ids.begin(), ids.end());
  }
  if (!w_.finish(features)) return fail_write(), 1;
  return 0;
}

}  // namespace

int run_inject(const InjectOptions& o) {
  Injector inj(o);
  return inj.run();
}

}  // namespace cperf

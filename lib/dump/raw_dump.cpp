#include "dump/raw_dump.h"

#include <cinttypes>

#include "base/error.h"
#include "dump/hex_dump.h"
#include "dump/record_swap.h"
#include "dump/user_record_print.h"
#include "header/build_id_table.h"
#include "format/record_types.h"
#include "header/feature_print.h"
#include "record/lbr_callchain.h"
#include "record/side_band.h"

namespace cperf {

namespace {

const char* context_name(uint64_t ip) {
  switch (ip) {
    case PERF_CONTEXT_HV: return " (PERF_CONTEXT_HV)";
    case PERF_CONTEXT_KERNEL: return " (PERF_CONTEXT_KERNEL)";
    case PERF_CONTEXT_USER: return " (PERF_CONTEXT_USER)";
    case PERF_CONTEXT_USER_DEFERRED: return " (PERF_CONTEXT_USER_DEFERRED)";
    case PERF_CONTEXT_GUEST: return " (PERF_CONTEXT_GUEST)";
    case PERF_CONTEXT_GUEST_KERNEL: return " (PERF_CONTEXT_GUEST_KERNEL)";
    case PERF_CONTEXT_GUEST_USER: return " (PERF_CONTEXT_GUEST_USER)";
    default: return "";
  }
}

bool all_sample_id_all(const std::vector<EventAttrEntry>& attrs) {
  if (attrs.empty()) return false;
  for (const auto& a : attrs)
    if (!a.attr.sample_id_all) return false;
  return true;
}

uint64_t combined_sample_type(const std::vector<EventAttrEntry>& attrs) {
  uint64_t t = 0;
  for (const auto& a : attrs) t |= a.attr.sample_type;
  return t;
}

}  // namespace

// "<cpu> <time> " as perf prints before a record, or "-1 -1 " without sample_id_all.
void RawDumpTool::print_prefix(const RawRecord& rec, Session& s, const Event* ev) {
  std::vector<EventAttrEntry> attrs = s.attrs();
  // The reader has already added this record's attr; perf prints the prefix before adding it.
  if (rec.type == PERF_RECORD_HEADER_ATTR && !attrs.empty()) attrs.pop_back();
  // In a data directory perf names the file of each record: "DIR/data", "DIR/data.K".
  const std::string where = s.reader().is_dir() ? opts_.path_label + "/" + s.reader().file_label(rec.file) : opts_.path_label;
  std::fprintf(out_, "\n%#" PRIx64 "@%s [%#x]: event: %u\n", rec.offset, where.c_str(), rec.size, rec.type);
  if (s.swapped()) {
    std::vector<std::byte> image = perf_swapped_image(rec, all_sample_id_all(attrs));
    print_hex_block(out_, Bytes(image.data(), image.size()));
  } else {
    print_hex_block(out_, rec.bytes);
  }
  if (rec.type != PERF_RECORD_SAMPLE && !all_sample_id_all(attrs)) {
    std::fputs("-1 -1 ", out_);
  } else {
    uint64_t st = combined_sample_type(attrs);
    uint32_t cpu = 0;
    uint64_t time = 0;
    if (ev) {
      if (rec.type == PERF_RECORD_SAMPLE) {
        DecodedSample ds;
        if (ev->attr_index >= 0 &&
            decode_sample(rec.bytes, s.swapped(), attrs[ev->attr_index].attr, ds).empty()) {
          cpu = ds.cpu;
          time = ds.time;
        }
      } else if (ev->sid.valid) {
        cpu = ev->sid.cpu;
        time = ev->sid.time;
      }
      // perf's sample cpu stays -1 when the record's own event does not sample it
      if (ev->attr_index >= 0 && !(attrs[ev->attr_index].attr.sample_type & PERF_SAMPLE_CPU)) cpu = ~0u;
    }
    if (st & PERF_SAMPLE_CPU) std::fprintf(out_, "%u ", cpu);
    if (st & PERF_SAMPLE_TIME) std::fprintf(out_, "%" PRIu64 " ", time);
  }
  const char* name = record_type_name(rec.type);
  std::fprintf(out_, "%#" PRIx64 " [%#x]: PERF_RECORD_%s", rec.offset, rec.size,
               name ? name : "UNKNOWN");
}

void RawDumpTool::user_record(const RawRecord& rec, Session& s) {
  // perf dumps the records inside a COMPRESSED record, not the container itself.
  if (rec.type == PERF_RECORD_COMPRESSED || rec.type == PERF_RECORD_COMPRESSED2) return;
  name_kernel_dsos(machine_, rec, s.swapped());
  print_prefix(rec, s, nullptr);
  print_user_record(out_, rec, s, opts_.script_view, opts_.unordered, opts_.no_event_update);
}

void RawDumpTool::record(Event& ev, Session& s) {
  if (!kernel_names_set_) {  // the sample lines name the kernel's dsos as the build-id table does
    kernel_names_set_ = true;
    name_kernel_dsos(machine_, s.reader());
  }
  print_prefix(ev.raw, s, &ev);
  if (ev.raw.type == PERF_RECORD_SAMPLE)
    print_sample(ev, s);
  else
    print_side_band(ev, s);
}

void RawDumpTool::print_callchain(const U64Array& chain) {
  std::fprintf(out_, "... FP chain: nr:%zu\n", chain.size());
  for (size_t i = 0; i < chain.size(); ++i)
    std::fprintf(out_, "..... %2zu: %016" PRIx64 "%s\n", i, chain[i], context_name(chain[i]));
}

// perf's "LBR call chain" of an LBR call stack sample: the chain up to its PERF_CONTEXT_USER,
// then the branch stack's first target and every call site. (Unlike the stacks perf shows,
// this one starts the user part at the target, not at the sample's ip.)
void RawDumpTool::print_lbr_callchain(const DecodedSample& ds, bool swap) {
  const U64Array& chain = ds.callchain;
  size_t user_at = find_user_context(chain, chain.size());
  if (ds.branch_nr == 0 || user_at == chain.size()) return;
  std::fprintf(out_, "... LBR call chain: nr:%" PRIu64 "\n", user_at + 1 + ds.branch_nr + 1);
  size_t n = 0;
  for (; n <= user_at; ++n) std::fprintf(out_, "..... %2zu: %016" PRIx64 "\n", n, chain[n]);
  U64Array branches(ds.branch_entries.data(), ds.branch_entries.size() / 8, swap);
  std::fprintf(out_, "..... %2zu: %016" PRIx64 "\n", n++, branches[1]);
  for (uint64_t k = 0; k < ds.branch_nr; ++k)
    std::fprintf(out_, "..... %2zu: %016" PRIx64 "\n", n++, branches[3 * k]);
}

void RawDumpTool::print_sample(Event& ev, Session& s) {
  if (ev.attr_index < 0) return;  // perf counts it as an unknown id and prints nothing more
  const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
  DecodedSample ds;
  std::string err = decode_sample(ev.raw.bytes, s.swapped(), attr, ds);
  if (!err.empty()) {
    std::fprintf(out_, "\n");
    std::fprintf(stderr, "%s\n",
                 offset_message(s.reader().path(), ev.raw.offset, "PERF_RECORD_SAMPLE", err).c_str());
    return;
  }
  // perf prints the ids signed: an unknown thread is -1/-1
  std::fprintf(out_, "(IP, 0x%x): %d/%d: %#" PRIx64 " period: %" PRIu64 " addr: %#" PRIx64 "\n",
               ev.raw.misc, static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid), ds.ip, ds.period, ds.addr);
  if (attr.sample_type & PERF_SAMPLE_CALLCHAIN) {
    if (has_lbr_callstack(attr)) print_lbr_callchain(ds, s.swapped());
    print_callchain(ds.callchain);
    if (ds.deferred_callchain) std::fputs("...... (deferred)\n", out_);
  }
  print_sample_extras(out_, attr, ds, s.swapped());
  if (samples_per_attr_.size() < s.attrs().size()) samples_per_attr_.resize(s.attrs().size());
  // A sample read (S) is delivered once per counter that grew, each time resolved anew.
  std::vector<int> delivered{ev.attr_index};
  if (attr.sample_type & PERF_SAMPLE_READ) {
    delivered.clear();
    auto id_to_attr = [&](uint64_t id) { return s.reader().attr_index_of_id(id); };
    for (const ReadSample& rs : read_splitter_.split(ds, attr, s.swapped(), id_to_attr))
      delivered.push_back(rs.attr_index);
  }
  for (int index : delivered) {
    if (!opts_.branch_mode || ds.branch_nr) ++samples_per_attr_[static_cast<size_t>(index)];
    if (opts_.script_view) continue;  // script prints these where it resolves the sample
    Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
    uint8_t cpumode = ev.raw.misc & PERF_RECORD_MISC_CPUMODE_MASK;
    print_sample_location(out_, t, machine_.find_map(t, cpumode, ds.ip), cpumode, opts_.kernel_data);
  }
}

// perf's dump_read: pid, tid, the event (by the record's sample id) and the value, then the
// fields its read_format has. perf reads them at their places in a record with all of them.
std::string RawDumpTool::read_text(const Event& ev, Session& s, const SideBand& sb) {
  ByteReader r(ev.raw.bytes, s.swapped());
  r.skip(sizeof(perf_event_header) + 8);  // header, pid, tid
  uint64_t f[5] = {};                     // value, time enabled, time running, id, lost
  for (uint64_t& v : f) v = r.remaining() >= 8 ? r.u64() : 0;
  const EventAttrEntry* e = ev.attr_index >= 0 ? &s.attrs()[ev.attr_index] : nullptr;
  char buf[160];
  std::snprintf(buf, sizeof(buf), ": %d %d %s %" PRIu64 "\n", sb.pid, sb.tid,
                e ? e->name.c_str() : "unknown", f[0]);
  std::string text = buf;
  if (!e) return text;
  const uint64_t rf = e->attr.read_format;
  auto line = [&](const char* label, uint64_t v) {
    std::snprintf(buf, sizeof(buf), "... %-13s: %" PRIu64 "\n", label, v);
    text += buf;
  };
  if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED) line("time enabled", f[1]);
  if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING) line("time running", f[2]);
  if (rf & PERF_FORMAT_ID) line("id", f[3]);
  if (rf & PERF_FORMAT_LOST) line("lost", f[4]);
  return text;
}

void RawDumpTool::print_side_band(Event& ev, Session& s) {
  const RawRecord& rec = ev.raw;
  SideBand sb;
  std::string err = decode_side_band(rec, s.swapped(), sb);
  if (!err.empty()) {
    std::fprintf(out_, ": %s\n", err.c_str());
    return;
  }
  if (rec.type == PERF_RECORD_CALLCHAIN_DEFERRED && ev.sid.valid) {
    // The record body has no pid/tid: they come from its sample_id trailer.
    sb.pid = static_cast<int32_t>(ev.sid.pid);
    sb.tid = static_cast<int32_t>(ev.sid.tid);
  }
  std::string text = format_side_band(rec, sb);
  if (rec.type == PERF_RECORD_READ) text = read_text(ev, s, sb);
  if (rec.type == PERF_RECORD_TEXT_POKE) text = format_text_poke(sb, kernel_symbol_offset(sb.addr, s));
  if (rec.type == PERF_RECORD_LOST_SAMPLES) {
    // perf 7.2 names the sample id of the record (-1 when the event samples none).
    uint64_t id = UINT64_MAX;
    if (ev.sid.valid && ev.attr_index >= 0 &&
        (s.attrs()[ev.attr_index].attr.sample_type & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER)))
      id = ev.sid.id;
    char buf[96];
    std::snprintf(buf, sizeof(buf), ": id:%" PRIu64 ": lost samples :%" PRIu64 "\n", id, sb.lost);
    text = buf;
  }
  switch (rec.type) {
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2:
      std::fputs(text.c_str(), out_);
      apply_side_band(machine_, rec, sb);
      break;
    case PERF_RECORD_EXIT:
      // perf script prints its own EXIT line between the record's name and the rest of the
      // dump line (flush_pending), and forgets the thread: a later sample of its tid is new.
      if (opts_.script_view) pending_ = text;
      else std::fputs(text.c_str(), out_);
      apply_side_band(machine_, rec, sb);
      if (opts_.script_view) machine_.remove_thread(sb.tid);
      break;
    case PERF_RECORD_COMM:
    case PERF_RECORD_FORK:
    case PERF_RECORD_LOST:
    case PERF_RECORD_LOST_SAMPLES:
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE:
    case PERF_RECORD_NAMESPACES:
    case PERF_RECORD_CGROUP:
    case PERF_RECORD_KSYMBOL:
    case PERF_RECORD_BPF_EVENT:
    case PERF_RECORD_TEXT_POKE:
    case PERF_RECORD_READ:
      std::fputs(text.c_str(), out_);
      apply_side_band(machine_, rec, sb);
      break;
    case PERF_RECORD_CALLCHAIN_DEFERRED: {
      std::fputs(text.c_str(), out_);
      bool has_chain = ev.attr_index >= 0 &&
                       (s.attrs()[ev.attr_index].attr.sample_type & PERF_SAMPLE_CALLCHAIN);
      if (has_chain) print_callchain(sb.deferred_ips);
      // script handles it: merging, or showing it apart (then with its thread and dso lines)
      if (!opts_.script_view) std::fputs(": unhandled!\n", out_);
      break;
    }
    case PERF_RECORD_THROTTLE:
    case PERF_RECORD_UNTHROTTLE:
      // script's handler prints nothing (without --show-throttle-events): the line stays open
      if (!opts_.script_view) std::fputs(": unhandled!\n", out_);
      break;
    default:
      // perf report leaves these to a stub that prints nothing but this.
      std::fputs(": unhandled!\n", out_);
      break;
  }
}

void RawDumpTool::print_stats(Session& s) {
  const SessionStats& st = s.stats();
  uint64_t total = st.by_type[0];
  std::fputs("\nAggregated stats:\n", out_);
  for (uint32_t type = 0; type < PERF_RECORD_HEADER_MAX; ++type) {
    const char* name = record_type_name(type);
    if (!name) continue;
    uint64_t n = st.by_type[type];
    if (!n && opts_.skip_empty) continue;
    if (type && total)
      std::fprintf(out_, "%20s events: %10" PRIu64 "  (%4.1f%%)\n", name, n, 100.0 * n / total);
    else
      std::fprintf(out_, "%20s events: %10" PRIu64 "\n", name, n);
  }
  for (size_t i = 0; i < s.attrs().size(); ++i) {
    uint64_t n = i < samples_per_attr_.size() ? samples_per_attr_[i] : 0;
    if (!n && opts_.skip_empty) continue;  // else an event without samples gets its heading
    std::fprintf(out_, "%s stats:\n", s.attrs()[i].name.c_str());
    if (n) std::fprintf(out_, "%20s events: %10" PRIu64 "\n", "SAMPLE", n);
  }
}

void RawDumpTool::finish(Session& s) {
  if (opts_.script_view) return;
  name_events(s.reader(), true);  // pipe streams define their events only as records arrive
  print_stats(s);
}

std::string RawDumpTool::kernel_symbol_offset(uint64_t addr, Session& s) {
  const Map* map = machine_.kernel_maps().find(addr);
  if (!map) return "";
  if (!kernel_symbols_) {
    kernel_symbols_ = std::make_unique<ScriptSymbols>(opts_.symfs, opts_.kallsyms);
    kernel_symbols_->set_kernel_maps(&machine_.kernel_maps());
    kernel_symbols_->use_build_ids(s.reader());
  }
  uint64_t map_addr = map->map_ip(addr);
  const Symbol* sym = kernel_symbols_->find(map, map_addr).sym;
  if (!sym) return "";
  char off[32];
  std::snprintf(off, sizeof off, "+0x%" PRIx64, map_addr - sym->start);
  return sym->name + off;
}

}  // namespace cperf

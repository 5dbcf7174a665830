#include "trace/trace_events.h"

#include "trace/format_sanity.h"

#include <event-parse.h>
#include <trace-seq.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cperf {

namespace {

// Room after the raw data: __data_loc / __rel_loc fields hold a 16-bit offset and a 16-bit
// length, so a hostile record can point at most this far past its start.
constexpr size_t kRawPad = 0x30000;

tep_endian endian(bool big) { return big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN; }

// perf's parse_saved_cmdline: "pid comm" lines.
void register_saved_cmdlines(tep_handle* tep, std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string line(text.substr(pos, eol - pos));
    pos = eol + 1;
    int pid = 0;
    char comm[64];
    if (std::sscanf(line.c_str(), "%d %63s", &pid, comm) == 2) tep_register_comm(tep, comm, pid);
  }
}

// perf's parse_ftrace_printk: "0xADDR : \"format\"" lines. libtraceevent's
// tep_register_print_string drops the opening quote, then looks 3 characters before the end:
// it reads before a format shorter than 4 characters, so those (never produced by a kernel)
// are skipped.
void register_printk_formats(tep_handle* tep, std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon + 1 >= line.size()) continue;
    std::string addr(line.substr(0, colon));
    std::string fmt(line.substr(colon + 2 <= line.size() ? colon + 2 : line.size()));
    if (std::strlen(fmt.c_str()) < 4) continue;
    tep_register_print_string(tep, fmt.c_str(), std::strtoull(addr.c_str(), nullptr, 16));
  }
}

}  // namespace

TraceEvents::TraceEvents() : tep_(tep_alloc()) {}

TraceEvents::~TraceEvents() {
  if (tep_) tep_free(tep_);
}

int TraceEvents::load(const TracingData& td) {
  if (!tep_) return 1;
  tep_set_flag(tep_, TEP_NSEC_OUTPUT);
  tep_set_file_bigendian(tep_, endian(td.big_endian));
  tep_set_local_bigendian(tep_, endian(std::endian::native == std::endian::big));
  tep_set_long_size(tep_, td.long_size);
  tep_set_page_size(tep_, static_cast<int>(td.page_size));
  std::string header_page(td.header_page);
  // As perf: the header page's commit field is a kernel long, so its size wins.
  if (!tep_parse_header_page(tep_, header_page.data(), header_page.size(), td.long_size))
    tep_set_long_size(tep_, tep_get_header_page_size(tep_));
  int failed = 0;
  for (std::string_view f : td.ftrace_formats)
    if (!format_safe_to_parse(f) || tep_parse_event(tep_, f.data(), f.size(), "ftrace") != 0) ++failed;
  for (const auto& e : td.event_formats) {
    std::string sys(e.system);
    if (!format_safe_to_parse(e.text) || tep_parse_event(tep_, e.text.data(), e.text.size(), sys.c_str()) != 0)
      ++failed;
  }
  // perf ignores the kallsyms part: kernel addresses resolve through its own symbols.
  register_printk_formats(tep_, td.printk_formats);
  register_saved_cmdlines(tep_, td.saved_cmdlines);
  loaded_ = true;
  return failed;
}

bool TraceEvents::load_blob(Bytes blob, TracingDataError& err) {
  TracingData td;
  if (!parse_tracing_data(blob, td, err)) return false;
  load(td);
  return true;
}

void TraceEvents::set_kernel_symbolizer(KernelSymbolizer f) {
  symbolizer_ = std::move(f);
  if (!tep_) return;
  if (symbolizer_)
    tep_set_function_resolver(tep_, &TraceEvents::resolve_function, this);
  else
    tep_reset_function_resolver(tep_);
}

char* TraceEvents::resolve_function(void* priv, unsigned long long* addr, char** mod) {
  auto* self = static_cast<TraceEvents*>(priv);
  *mod = nullptr;
  uint64_t a = *addr;
  const char* name = self->symbolizer_ ? self->symbolizer_(a) : nullptr;
  if (!name) return nullptr;
  *addr = a;
  return const_cast<char*>(name);
}

bool TraceEvents::has_event(uint64_t id) const {
  return tep_ && loaded_ && id <= INT32_MAX && tep_find_event(tep_, static_cast<int>(id));
}

std::string TraceEvents::event_name(uint64_t id) const {
  if (!has_event(id)) return {};
  tep_event* e = tep_find_event(tep_, static_cast<int>(id));
  return std::string(e->system) + ":" + e->name;
}

tep_event* TraceEvents::event(uint64_t id) const {
  return has_event(id) ? tep_find_event(tep_, static_cast<int>(id)) : nullptr;
}

const void* TraceEvents::padded(Bytes raw) {
  size_t need = raw.size() + kRawPad;
  if (buf_.size() < need) buf_.resize(need, 0);
  std::fill(buf_.begin() + static_cast<std::ptrdiff_t>(raw.size()),
            buf_.begin() + static_cast<std::ptrdiff_t>(std::max(buf_dirty_, raw.size())), 0);
  if (!raw.empty()) std::memcpy(buf_.data(), raw.data(), raw.size());
  buf_dirty_ = raw.size();
  return buf_.data();
}

bool TraceEvents::format(uint64_t id, int cpu, Bytes raw, std::string& out) {
  if (!has_event(id)) return false;
  padded(raw);

  tep_record record;
  std::memset(&record, 0, sizeof(record));
  record.cpu = cpu;
  record.size = static_cast<int>(raw.size());
  record.data = buf_.data();
  trace_seq s;
  trace_seq_init(&s);
  tep_print_event(tep_, &s, &record, "%s", TEP_PRINT_INFO);
  if (s.buffer) out.append(s.buffer, s.len);
  trace_seq_destroy(&s);
  return true;
}

bool TraceEvents::format_fields(uint64_t id, Bytes raw, std::string& out) {
  tep_event* ev = event(id);
  if (!ev) return false;
  padded(raw);
  trace_seq s;
  trace_seq_init(&s);
  tep_print_fields(&s, buf_.data(), static_cast<int>(raw.size()), ev);
  if (s.buffer) out.append(s.buffer, s.len);
  trace_seq_destroy(&s);
  return true;
}

}  // namespace cperf

#include "convert/pprof_export.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "machine/machine.h"
#include <google/protobuf/arena.h>

#include "profile.pb.h"  // generated from pprof's profile.proto (see the Makefile)

namespace cperf {

namespace {

// The unit of an event's period: perf's clock events count nanoseconds.
std::string period_unit(const std::string& event) {
  for (const char* clock : {"cpu-clock", "task-clock"})
    if (event.compare(0, std::strlen(clock), clock) == 0) return "nanoseconds";
  return "count";
}

// The line number of perf's srcline "file.c:23" (0: none).
int64_t srcline_number(const std::string* srcline) {
  if (!srcline) return 0;
  size_t colon = srcline->rfind(':');
  if (colon == std::string::npos) return 0;
  return std::strtoll(srcline->c_str() + colon + 1, nullptr, 10);
}

bool gzip(const std::string& in, std::string& out) {
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return false;
  out.resize(deflateBound(&z, in.size()) + 32);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return rc == Z_STREAM_END;
}

}  // namespace

PprofWriter::PprofWriter()
    : arena_(std::make_unique<google::protobuf::Arena>()),
      profile_(google::protobuf::Arena::CreateMessage<perftools::profiles::Profile>(arena_.get())) {
  string_id("");  // the table starts with the empty string
  sample_index_.reserve(1 << 16);
  locations_.reserve(1 << 16);
}

PprofWriter::~PprofWriter() = default;

uint64_t PprofWriter::string_id(const std::string& s) {
  auto [it, added] = strings_.emplace(s, strings_.size());
  if (added) profile_->add_string_table(s);
  return it->second;
}

uint64_t PprofWriter::mapping_id(const DbFrame& f, const DbSample& s) {
  const auto* map = static_cast<const Map*>(f.map);  // ScriptTool's frames carry their Map
  auto key = std::make_tuple(f.dso, map->start, map->end, map->pgoff);
  auto it = mappings_.find(key);
  if (it != mappings_.end()) return it->second;
  uint64_t id = mappings_.size() + 1;
  mappings_.emplace(key, id);
  mapping_names_[id] = f.dso->short_name;
  auto* m = profile_->add_mapping();
  m->set_id(id);
  m->set_memory_start(map->start);
  m->set_memory_limit(map->end);
  m->set_file_offset(map->pgoff);
  m->set_filename(static_cast<int64_t>(string_id(f.dso->long_name)));
  if (s.build_id) m->set_build_id(static_cast<int64_t>(string_id(s.build_id(s.ctx, f.map))));
  m->set_has_functions(true);
  return id;
}

uint64_t PprofWriter::function_id(const std::string& name, const Dso* dso) {
  auto key = std::make_pair(name, dso);
  auto it = functions_.find(key);
  if (it != functions_.end()) return it->second;
  uint64_t id = functions_.size() + 1;
  functions_.emplace(key, id);
  auto* fn = profile_->add_function();
  fn->set_id(id);
  fn->set_name(static_cast<int64_t>(string_id(name)));
  // no system (mangled) name: cperf keeps none, and pprof then takes the name as it is (with
  // one equal to the name, it would cut a C++ name's parameters and template arguments)
  fn->set_filename(static_cast<int64_t>(string_id(dso ? dso->long_name : "")));
  return id;
}

uint64_t PprofWriter::location_id(const DbFrame& f, const DbSample& s) {
  uint64_t mapping = f.dso && f.map ? mapping_id(f, s) : 0;
  LocationMemo& memo = location_memo_[((f.ip ^ mapping) * 0x9e3779b97f4a7c15ull) >> 48];
  if (memo.mapping == mapping && memo.address == f.ip) return memo.id;
  auto key = std::make_pair(mapping, f.ip);
  auto it = locations_.find(key);
  if (it != locations_.end()) {
    memo = {mapping, f.ip, it->second};
    return it->second;
  }
  uint64_t id = locations_.size() + 1;
  locations_.emplace(key, id);
  memo = {mapping, f.ip, id};
  auto* loc = profile_->add_location();
  loc->set_id(id);
  loc->set_mapping_id(mapping);
  loc->set_address(f.ip);
  if (!f.sym) return id;
  const InlineChain* chain = s.inlines && f.map ? s.inlines(s.ctx, f.map, f.map_addr, *f.sym) : nullptr;
  if (!chain) {
    loc->add_line()->set_function_id(function_id(f.sym->name, f.dso));
    return id;
  }
  bool has_base = false;
  for (const InlineFrame& in : *chain) {  // innermost first; the ELF symbol has no name of its own
    auto* line = loc->add_line();
    line->set_function_id(function_id(in.name ? *in.name : f.sym->name, f.dso));
    line->set_line(srcline_number(in.srcline));
    has_base |= in.name == nullptr;
  }
  // perf 7.2 may print an address's inlined functions without the function holding them;
  // pprof's last line is that function (what -noinlines and profile stores attribute to)
  if (!has_base) loc->add_line()->set_function_id(function_id(f.sym->name, f.dso));
  return id;
}

int PprofWriter::event_slot(const DbSample& s) {
  auto [it, added] = event_slots_.emplace(s.evsel, static_cast<int>(event_types_.size()));
  if (added) event_types_.emplace_back(s.evsel_name, period_unit(s.evsel_name));
  return it->second;
}

void PprofWriter::db_sample(Machine&, bool, const DbSample& s) {
  ++samples_;
  if (s.time != ~0ULL) {
    if (!first_time_ || s.time < first_time_) first_time_ = s.time;
    last_time_ = std::max(last_time_, s.time);
  }
  int slot = event_slot(s);
  std::vector<uint64_t> stack;
  DbFrame leaf;  // the sample's own address
  if (s.has_callchain && !s.frames.empty()) {
    for (const DbFrame& f : s.frames) stack.push_back(location_id(f, s));
    leaf = s.frames.front();
  } else {
    leaf.ip = s.ip;
    leaf.dso = s.where.dso;
    leaf.map = s.where.map;
    leaf.map_addr = s.where.map_addr;
    leaf.sym = s.where.sym;
    stack.push_back(location_id(leaf, s));
  }
  if (leaf.dso && !leaf.dso->kernel && leaf.map) ++leaf_samples_[mapping_id(leaf, s)];
  ++comm_samples_[s.thread->comm_str()];
  const Thread& t = *s.thread;
  const int64_t comm = static_cast<int64_t>(string_id(t.comm_str()));
  uint64_t hash = 0xcbf29ce484222325ull;
  auto mix = [&](uint64_t v) { hash = (hash ^ v) * 0x100000001b3ull; };
  mix(static_cast<uint64_t>(slot));
  mix(static_cast<uint64_t>(t.pid));
  mix(static_cast<uint64_t>(t.tid));
  mix(static_cast<uint64_t>(comm));
  for (uint64_t id : stack) mix(id);
  // the same sample as one made before: same event, labels and stack
  auto same = [&](int i) {
    const auto& old = profile_->sample(i);
    if (sample_event_[static_cast<size_t>(i)] != slot || old.label(0).str() != comm || old.label(1).num() != t.pid ||
        old.label(2).num() != t.tid || old.location_id_size() != static_cast<int>(stack.size()))
      return false;
    for (size_t k = 0; k < stack.size(); ++k)
      if (old.location_id(static_cast<int>(k)) != stack[k]) return false;
    return true;
  };
  int found = -1;
  for (auto [it, end] = sample_index_.equal_range(hash); it != end && found < 0; ++it)
    if (same(it->second)) found = it->second;
  if (found < 0) {
    sample_index_.emplace(hash, profile_->sample_size());
    auto* sample = profile_->add_sample();
    for (uint64_t id : stack) sample->add_location_id(id);
    auto label = [&](const char* k, int64_t str, int64_t num) {
      auto* l = sample->add_label();
      l->set_key(static_cast<int64_t>(string_id(k)));
      if (str) l->set_str(str);
      else l->set_num(num);
    };
    label("comm", comm, 0);
    label("pid", 0, t.pid);
    label("tid", 0, t.tid);
    sample->add_value(1);
    sample->add_value(static_cast<int64_t>(s.period));
    sample_event_.push_back(slot);
    return;
  }
  auto* sample = profile_->mutable_sample(found);
  sample->set_value(0, sample->value(0) + 1);
  sample->set_value(1, sample->value(1) + static_cast<int64_t>(s.period));
}

bool PprofWriter::write(const std::string& path, std::string& error) {
  // sample types in the events' file order: a count and a period for each
  std::vector<int> slot_at(event_types_.size());  // slot -> position
  int pos = 0;
  for (const auto& [attr, slot] : event_slots_) slot_at[static_cast<size_t>(slot)] = pos++;
  std::vector<int> order(event_types_.size());
  for (size_t slot = 0; slot < event_types_.size(); ++slot) order[static_cast<size_t>(slot_at[slot])] = static_cast<int>(slot);
  const bool one = event_types_.size() == 1;
  for (int slot : order) {
    const auto& [name, unit] = event_types_[static_cast<size_t>(slot)];
    auto* count = profile_->add_sample_type();
    count->set_type(static_cast<int64_t>(string_id(one ? "samples" : name + " samples")));
    count->set_unit(static_cast<int64_t>(string_id("count")));
    auto* period = profile_->add_sample_type();
    period->set_type(static_cast<int64_t>(string_id(name)));
    period->set_unit(static_cast<int64_t>(string_id(unit)));
  }
  if (!order.empty()) {
    const auto& [name, unit] = event_types_[static_cast<size_t>(order[0])];
    profile_->mutable_period_type()->set_type(static_cast<int64_t>(string_id(name)));
    profile_->mutable_period_type()->set_unit(static_cast<int64_t>(string_id(unit)));
    profile_->set_default_sample_type(static_cast<int64_t>(string_id(name)));
  }
  // each sample's two values go to its event's place among all the events' values
  const size_t width = 2 * event_types_.size();
  for (int i = 0; i < profile_->sample_size(); ++i) {
    auto* sample = profile_->mutable_sample(i);
    int64_t count = sample->value(0), period = sample->value(1);
    sample->clear_value();
    size_t at = 2 * static_cast<size_t>(slot_at[static_cast<size_t>(sample_event_[static_cast<size_t>(i)])]);
    for (size_t v = 0; v < width; ++v) sample->add_value(v == at ? count : v == at + 1 ? period : 0);
  }
  // pprof names the profile after its first mapping: the program's
  std::string comm;
  uint64_t main = 0, most = 0;
  for (const auto& [c, n] : comm_samples_)
    if (n > most) comm = c, most = n;
  most = 0;
  for (auto [id, n] : leaf_samples_)
    if (id && n > most) main = id, most = n;
  for (uint64_t id = 1; id <= mappings_.size(); ++id)
    if (mapping_names_[id] == comm) {
      main = id;
      break;
    }
  for (int i = 1; main && i < profile_->mapping_size(); ++i)
    if (profile_->mapping(i).id() == main) {
      for (int j = i; j > 0; --j) profile_->mutable_mapping()->SwapElements(j, j - 1);
      break;
    }
  if (last_time_ > first_time_) profile_->set_duration_nanos(static_cast<int64_t>(last_time_ - first_time_));
  std::string raw, packed;
  if (!profile_->SerializeToString(&raw) || !gzip(raw, packed)) {
    error = "cannot encode the profile";
    return false;
  }
  std::FILE* out = std::fopen(path.c_str(), "wb");
  if (!out) {
    error = std::string("cannot create ") + path + ": " + std::strerror(errno);
    return false;
  }
  bool ok = std::fwrite(packed.data(), 1, packed.size(), out) == packed.size();
  ok = std::fclose(out) == 0 && ok;
  if (!ok) error = std::string("cannot write ") + path + ": " + std::strerror(errno);
  return ok;
}

}  // namespace cperf

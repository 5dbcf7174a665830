#include "script/symbols.h"

#include <elf.h>

#include <cstdio>
#include <cstring>

#include "format/file_header.h"
#include "header/build_id_table.h"
#include "symbol/own_vdso.h"
#include "symbol/elf_machine.h"

namespace cperf {

namespace {

bool is_core_kernel(const Dso& d) { return d.kernel && d.long_name == "[kernel.kallsyms]"; }

}  // namespace

ScriptSymbols::ScriptSymbols(std::string symfs, std::string kallsyms, DemangleOptions demangle,
                             SrclineOptions srcline)
    : ScriptSymbols([&] {
        SymbolOptions o;
        o.symfs = std::move(symfs);
        o.kallsyms = std::move(kallsyms);
        o.demangle = demangle;
        o.srcline = srcline;
        return o;
      }()) {}

ScriptSymbols::ScriptSymbols(SymbolOptions opts) : cache_(std::move(opts)) {}

void ScriptSymbols::use_build_ids(const PerfDataReader& reader, Machine* machine) {
  if (reader_ == &reader) return;
  reader_ = &reader;
  auto it = reader.features().find(HEADER_BUILD_ID);
  if (it == reader.features().end()) return;
  // One pass over the table: the first entry of a name wins (parse_build_id_table's rule), and
  // with prefetching on, the user dsos among those are loaded ahead.
  header_build_ids_.clear();
  std::vector<std::pair<std::string, std::string>> user;
  std::optional<BuildId> kernel;  // the core kernel's, when the recording saw it
  for (RecordedBuildId& e : build_id_entries(it->second, reader.swapped())) {
    bool first = header_build_ids_.try_emplace(e.filename, e.hex).second;
    if (first && e.kernel && e.filename == "[kernel.kallsyms]") kernel = BuildId::from_hex(e.hex);
    if (first && prefetch_ && !e.kernel && e.filename.starts_with('/'))
      user.emplace_back(std::move(e.filename), std::move(e.hex));
  }
  cache_.prefetch(std::move(user), inline_frames_);
  if (prefetch_ && kernel) cache_.prefetch_kernel_kallsyms(kernel);
  if (machine) name_kernel_dsos(*machine, reader);
}

std::optional<BuildId> ScriptSymbols::build_id_of(const Dso& dso) const {
  if (!dso.build_id.empty()) return BuildId::from_hex(dso.build_id);
  auto it = header_build_ids_.find(dso.long_name);
  if (it == header_build_ids_.end()) it = header_build_ids_.find(dso.name);  // a kernel named by path
  if (it == header_build_ids_.end()) return std::nullopt;
  return BuildId::from_hex(it->second);
}

// perf reads a [vdso] that the header's build-id table does not name from its own process's
// vdso (a copy under a temporary name, which it looks for under --symfs like any dso path);
// one the table names, only from the build-id cache.
std::string_view ScriptSymbols::symbol_file_name(const Dso& dso) const {
  if (dso.long_name == "[vdso]" && !header_build_ids_.count(dso.long_name) && !own_vdso_path().empty())
    return own_vdso_path();
  return dso.long_name;
}

ScriptSymbols::Entry ScriptSymbols::load(const Map* map) {
  const Dso& dso = *map->dso;
  Entry e;
  if (dso.kernel) {
    if (is_core_kernel(dso)) {
      const Kallsyms* ks = kernel_kallsyms(*map);
      if (ks && !ks->kernel().empty()) e.table = &ks->kernel();
      return e;
    }
    // A module: its part of the core kernel's kallsyms, at map-relative addresses.
    const Map* core = nullptr;
    if (kernel_maps_)
      for (const auto& [start, m] : kernel_maps_->maps())
        if (m.dso && is_core_kernel(*m.dso)) core = &m;
    const Kallsyms* ks = dso.module && core ? kernel_kallsyms(*core) : nullptr;
    const SymbolTable* syms = ks ? ks->module(dso.short_name) : nullptr;
    if (!syms || syms->empty()) return e;
    std::vector<Symbol> moved = syms->symbols();
    for (Symbol& sym : moved) {
      sym.start -= map->start - map->pgoff;
      sym.end -= map->start - map->pgoff;
    }
    auto& table = module_tables_[&dso];
    table = std::make_unique<SymbolTable>(SymbolTable::from_sorted(std::move(moved)));
    e.table = table.get();
    return e;
  }
  if (dso.long_name.empty()) return e;
  std::optional<BuildId> bid = build_id_of(dso);
  const DsoSymbols& d = cache_.dso(symbol_file_name(dso), bid ? bid->to_hex() : std::string());
  e.file = &d;
  if (!d.empty()) {
    // Lookups of user symbols go through d.find(), which demangles the names it returns.
    // Report's entries also search a sample's table at a symbol start another sample of the
    // same dso name resolved: in the same table that symbol is demangled already; two files
    // of one name get every name demangled here, on this thread. So do callers that search
    // tables themselves.
    const DsoSymbols*& same_name = user_by_name_[dso.short_name];
    if (direct_table_lookups_ || (same_name && same_name != &d)) {
      d.table();
      if (same_name) same_name->table();
    }
    if (!same_name) same_name = &d;
    e.table = &d.table_with_raw_names();
    e.user = &d;
  }
  return e;
}

// The kallsyms perf would load for the core kernel map `core` (its dso's build id; _text as
// recorded, which Machine keeps as the map's pgoff, is perf's relocation reference). Modules
// the recording has no map for stay in the core kernel's symbols, as in perf.
const Kallsyms* ScriptSymbols::kernel_kallsyms(const Map& core) {
  KallsymsOptions k;
  k.reloc_ref = std::make_pair(std::string("_text"), core.pgoff);
  if (kernel_maps_) {
    k.known_modules.emplace();
    for (const auto& [start, m] : kernel_maps_->maps())
      if (m.dso && m.dso->module) k.known_modules->insert(m.dso->short_name);
  }
  std::string why;
  const Kallsyms* ks = cache_.kernel_kallsyms(build_id_of(*core.dso), k, &why);
  if (!why.empty() && !quiet_kernel_) std::fprintf(stderr, "%s\n", why.c_str());
  return ks;
}

const ScriptSymbols::Entry& ScriptSymbols::entry(const Map* map) {
  if (map->dso == last_dso_) return *last_entry_;
  auto it = by_dso_.find(map->dso);
  if (it == by_dso_.end()) it = by_dso_.emplace(map->dso, load(map)).first;
  last_dso_ = map->dso;
  last_entry_ = &it->second;
  return it->second;
}

uint16_t ScriptSymbols::loaded_e_machine(const Dso* dso) {
  auto it = by_dso_.find(dso);
  if (it == by_dso_.end() || dso->kernel) return EM_NONE;
  Entry& e = it->second;
  // perf opens the dso's data file: the one symbols came from, else the path under --symfs
  // (an ELF file without symbols still names its machine).
  if (e.e_machine < 0)
    e.e_machine = read_elf_machine(e.file && !e.file->symtab_path().empty()
                                       ? e.file->symtab_path()
                                       : cache_.locator().join_symfs(dso->long_name));
  return static_cast<uint16_t>(e.e_machine);
}

const SymbolTable* ScriptSymbols::table_of(const Map* map) {
  if (!map || !map->dso) return nullptr;
  return entry(map).table;
}

const DsoSymbols* ScriptSymbols::user_symbols(const Map* map) {
  if (!map || !map->dso) return nullptr;
  return entry(map).user;
}

const DsoSymbols* ScriptSymbols::user_file(const Map* map) {
  if (!map || !map->dso || map->dso->kernel) return nullptr;
  return entry(map).file;
}

char ScriptSymbols::symtab_origin(const Map* map) {
  if (!map || !map->dso) return '!';
  const Dso& d = *map->dso;
  if (d.kernel && !is_core_kernel(d)) {
    const std::string& n = d.long_name;
    bool compressed = n.ends_with(".gz") || n.ends_with(".xz") || n.ends_with(".zst");
    return compressed ? 'm' : 'K';
  }
  const Entry& e = entry(map);
  if (d.kernel) return e.table ? 'k' : '!';
  return e.file ? e.file->origin() : '!';
}

ScriptSymbols::Hit ScriptSymbols::find(const Map* map, uint64_t map_addr) {
  Hit h;
  if (!map || !map->dso) return h;
  uint64_t key = map_addr ^ (reinterpret_cast<uintptr_t>(map->dso) >> 4);
  Memo& m = memo_[(key * 0x9e3779b97f4a7c15ull) >> 50 & (kMemoSize - 1)];
  if (m.dso == map->dso && m.addr == map_addr) return m.hit;
  const Entry& e = entry(map);
  m.dso = map->dso;
  m.addr = map_addr;
  m.hit = h;
  if (!e.table) return h;
  h.sym = e.user ? e.user->find(map_addr) : e.table->find(map_addr);
  if (h.sym && e.user && inline_frames_) h.chain = e.user->inline_chain(map_addr, *h.sym);
  m.hit = h;
  return h;
}

}  // namespace cperf

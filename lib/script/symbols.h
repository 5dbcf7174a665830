// ScriptSymbols: symbol lookups for cperf script and report, by map. It is a thin layer over
// lib/symbol's SymbolCache, which does the loading (README there):
//  - user dsos: perf's file search (--symfs, build-id cache, debug dirs, .gnu_debuglink),
//    .symtab and .dynsym passes, PLT entries, demangling; the name perf 7 prints as an
//    "(inlined)" frame comes from the binutils addr2line rule (addr2line_symtab.h);
//  - the core kernel ([kernel.kallsyms]): kallsyms chosen as perf does (kernel_kallsyms.h):
//    --kallsyms, else /proc/kallsyms when the recorded kernel is the running one, else the
//    build-id cache; relocated by the kernel map's "_text" reference;
//  - kernel modules ("[brd]"): their part of the same kallsyms, moved to the module map (not
//    yet from the .ko file itself).
// Build ids: a dso's own (MMAP2) first, else the file's HEADER_BUILD_ID table, which perf
// applies to its dsos before reading any record.
//
// Lookups are memoized (per dso, and per recent address), so a repeated frame costs a few
// loads. Not thread-safe. Pointers returned live as long as the ScriptSymbols.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "io/perf_data_reader.h"
#include "machine/machine.h"
#include "symbol/symbol_cache.h"

namespace cperf {

class ScriptSymbols {
 public:
  ScriptSymbols(std::string symfs, std::string kallsyms, DemangleOptions demangle = {}, SrclineOptions srcline = {});
  explicit ScriptSymbols(SymbolOptions opts);

  // The machine's kernel maps: a module's symbols come from the core kernel's kallsyms.
  void set_kernel_maps(const MapSet* kmaps) { kernel_maps_ = kmaps; }

  // perf's --no-inline: callchain entries are never split into inline lines.
  void set_inline_frames(bool on) { inline_frames_ = on; }
  // Callers will search table_of()'s user tables themselves (not only through find()): their
  // names are then all demangled when a dso is loaded.
  void set_direct_table_lookups(bool on) { direct_table_lookups_ = on; }
  // No "No kallsyms or vmlinux with build-id ..." line (perf's data convert prints none).
  void set_quiet_kernel(bool on) { quiet_kernel_ = on; }

  // Takes the build-id table of the reader's file. Call before the first lookup; later
  // calls with the same reader do nothing. With a machine, that machine's kernel dsos are
  // then named as the table names them (Machine::add_recorded_kernel_name).
  void use_build_ids(const PerfDataReader& reader, Machine* machine = nullptr);
  // use_build_ids() then also starts loading the table's user dsos (the ones perf record
  // saw samples in) on a background thread: callers that will look symbols up say so here.
  void set_prefetch(bool on) { prefetch_ = on; }

  struct Hit {
    const Symbol* sym = nullptr;
    // The lines perf 7.2 prints for this address as a callchain entry (user dsos only;
    // nullptr: sym alone). See DsoSymbols::inline_chain.
    const InlineChain* chain = nullptr;
  };
  // The symbol of map_addr (an address in map's dso, i.e. map->map_ip(ip)).
  Hit find(const Map* map, uint64_t map_addr);
  // The symbol table of the map's dso, or nullptr when it has none.
  const SymbolTable* table_of(const Map* map);
  // The loaded symbols of a user-space map's dso (srclines, objdump addresses), or nullptr.
  const DsoSymbols* user_symbols(const Map* map);
  // What was found of a user-space map's dso, with symbols or not (its files), or nullptr.
  const DsoSymbols* user_file(const Map* map);
  // perf's letter for where the map's dso got its symbols (dso__symtab_origin, report -v):
  // 'k' kallsyms, 'K' a kernel module map ('m': a compressed file), a user file's
  // LocatedDso::origin, 'j' a perf map file; '!' none (or no map).
  char symtab_origin(const Map* map);
  // The dso's build id: its own (MMAP2), else the file's HEADER_BUILD_ID entry.
  std::optional<BuildId> build_id_of(const Dso& dso) const;
  // The file name the dso's symbols are looked up by (perf's long name).
  std::string_view symbol_file_name(const Dso& dso) const;
  // The machine (EM_*) of a user dso's file once a symbol lookup has tried it; EM_NONE
  // before that and when there is no ELF file (perf's dso__e_machine).
  uint16_t loaded_e_machine(const Dso* dso);

 private:
  struct Entry {
    const SymbolTable* table = nullptr;  // nullptr: no symbols
    const DsoSymbols* user = nullptr;    // user dsos: for the inline names
    const DsoSymbols* file = nullptr;    // user dsos: what was found, symbols or not
    int e_machine = -1;                  // of file's ELF header; -1: not read yet
  };
  const Entry& entry(const Map* map);
  Entry load(const Map* map);

  // Recently resolved addresses, direct-mapped: callchains repeat the same frames, and a hit
  // saves the table search and the inline-name rule.
  struct Memo {
    const Dso* dso = nullptr;
    uint64_t addr = 0;
    Hit hit;
  };
  static constexpr size_t kMemoSize = 1 << 14;
  std::unique_ptr<Memo[]> memo_ = std::make_unique<Memo[]>(kMemoSize);

  const Kallsyms* kernel_kallsyms(const Map& core);
  SymbolCache cache_;
  const MapSet* kernel_maps_ = nullptr;
  // Module symbols moved to their map's addresses (perf's dso__split_kallsyms).
  std::unordered_map<const Dso*, std::unique_ptr<SymbolTable>> module_tables_;
  const PerfDataReader* reader_ = nullptr;
  std::unordered_map<std::string, std::string> header_build_ids_;  // filename -> hex
  std::unordered_map<const Dso*, Entry> by_dso_;
  bool inline_frames_ = true;
  bool quiet_kernel_ = false;
  bool direct_table_lookups_ = false;
  std::unordered_map<std::string, const DsoSymbols*> user_by_name_;  // short name -> first loaded
  bool prefetch_ = false;
  const Dso* last_dso_ = nullptr;
  const Entry* last_entry_ = nullptr;
};

}  // namespace cperf

// SymbolCache: loads each dso's symbols once and answers address lookups.
//
// Keyed by (dso path as recorded, build id hex): the same path with another build id is a
// different binary. Entries live as long as the cache; references returned stay valid.
// A dso whose file cannot be found or read gets an empty table, so lookups just miss and the
// caller prints "[unknown]"; nothing here throws for bad input.
//
// One thread uses a cache (DsoSymbols::find() updates a one-entry last-lookup memo, perf's
// dso->last_find_result). prefetch() adds one background thread of the cache's own, which
// loads dsos ahead of that thread's dso() calls on the machine's other core.
#pragma once
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "symbol/addr2line_symtab.h"
#include "symbol/build_id.h"
#include "symbol/dwarf_functions.h"
#include "symbol/dso_locator.h"
#include "symbol/kallsyms.h"
#include "symbol/symbol_options.h"
#include "symbol/symbol_table.h"

namespace cperf {

// One line perf 7.2 prints for a callchain address: an inlined function's name (printed as
// "NAME+off (inlined)", off from the ELF symbol's start), or the ELF symbol itself.
struct InlineFrame {
  const std::string* name = nullptr;     // nullptr: the ELF symbol, printed as usual
  const std::string* srcline = nullptr;  // "file.c:23" (perf's srcline of this line), if known
};
using InlineChain = std::vector<InlineFrame>;

// JIT code's symbols: perf's /tmp/perf-PID.map files ("START SIZE NAME" per line, hex).
bool is_perf_map_path(std::string_view path);
SymbolTable load_perf_map(const std::string& path);

class DsoSymbols {
 public:
  DsoSymbols() = default;
  DsoSymbols(SymbolTable table, std::string symtab_path, std::string runtime_path,
             DemangleOptions demangle = {})
      : table_(std::move(table)),
        symtab_path_(std::move(symtab_path)),
        runtime_path_(std::move(runtime_path)),
        demangle_(demangle) {}
  // A copy would carry a memo pointing into the original's table.
  DsoSymbols(const DsoSymbols&) = delete;
  DsoSymbols& operator=(const DsoSymbols&) = delete;
  DsoSymbols(DsoSymbols&&) = default;
  DsoSymbols& operator=(DsoSymbols&&) = default;

  // Symbol holding addr (perf's map_ip space, see elf_symbols.h), or nullptr.
  const Symbol* find(uint64_t addr) const {
    if (last_sym_ == nullptr || last_addr_ != addr) {
      last_addr_ = addr;
      last_sym_ = table_.find(addr);
      if (last_sym_ != nullptr && last_sym_->name_pending) settle(*last_sym_);
    }
    return last_sym_;
  }

  // The name addr2line reports for addr from the symbol table, for perf's "(inlined)" frame
  // rule (see addr2line_symtab.h), demangled like the symbols (perf demangles it before
  // comparing). The table is read from the files on first use; nullptr when there is no name
  // (or no file).
  const std::string* addr2line_name(uint64_t addr) const;
  // The name binutils' addr2line gives the innermost DWARF function f at addr (whose DWARF
  // name is dwarf_name). bfd keeps state per function, for the life of the addr2line process
  // perf keeps per dso: a function whose name it does not trust as a linkage name is named
  // after the symbol table's function the first time it is asked for, and from then on by
  // its DWARF name, or for good by that symbol's name when the symbol starts where it does.
  std::string addr2line_function_name(uint64_t addr, const DwarfFunctions::Function& f,
                                      const std::string& dwarf_name) const;

  // The lines perf 7.2 prints for a callchain entry at addr whose ELF symbol is sym, innermost
  // first, or nullptr when it prints the symbol alone. perf asks libdw first: when a DWARF
  // subprogram holds the address, its inlined callers come out as "(inlined)" lines and the
  // subprogram as the ELF symbol. libdw finds nothing in an ET_DYN file below 0x10000 (perf
  // looks its module up without the 0x10000 bias libdw gives it) nor where no subprogram is;
  // perf then runs binutils' addr2line, which needs .debug_line: every function it names (from
  // DWARF, else from the symbol table, see addr2line_symtab.h) that is not sym's own name is an
  // "(inlined)" line.
  const InlineChain* inline_chain(uint64_t addr, const Symbol& sym) const;

  // perf's srcline of addr, "file.c:23" (the line table's file, base name); "??:0" (or ":0")
  // when the file has line info but not for addr; nullptr when it has none (perf then prints
  // its own fallback).
  const std::string* srcline(uint64_t addr) const;
  // The source file (its whole path as the line table names it) and line of addr, as
  // perf's srccode field looks them up; false when the file has no line for addr.
  bool source_line(uint64_t addr, std::string& file, int& line) const;
  // The address as objdump shows it (perf's map__rip_2objdump of addr).
  uint64_t objdump_addr(uint64_t addr) const;
  // addr moved by the executable segment's offset alone (perf's text offset), whatever
  // segment it falls in.
  uint64_t text_objdump_addr(uint64_t addr) const;

  void set_srcline_options(SrclineOptions o) { srcline_opts_ = o; }

  // Opens the file's DWARF now rather than at the first inline-frame or srcline lookup.
  void open_dwarf_now() const { open_dwarf(); }

  bool empty() const { return table_.empty(); }
  // The table with every name demangled, for callers that walk it or search it themselves.
  const SymbolTable& table() const;
  // The table as loaded: a name may still be raw (Symbol::name_pending) until find() returns
  // its symbol. For callers whose lookups all go through find().
  const SymbolTable& table_with_raw_names() const { return table_; }
  // perf's letter for where the symbols came from (LocatedDso::origin; 'j' a perf map file).
  char origin() const { return origin_; }
  void set_origin(char o) { origin_ = o; }
  // The file the symbols came from (perf's symsrc filename); empty when none was found.
  const std::string& symtab_path() const { return symtab_path_; }
  // The file the code was found in (perf's dso data file); empty when none was found.
  const std::string& runtime_path() const { return runtime_path_; }

 private:
  SymbolTable table_;
  char origin_ = '!';
  std::string symtab_path_;
  std::string runtime_path_;
  DemangleOptions demangle_;
  SrclineOptions srcline_opts_;
  mutable std::unique_ptr<Addr2lineSymtab> addr2line_;
  mutable std::unique_ptr<DwarfFunctions> dwarf_;
  mutable std::vector<std::pair<uint64_t, uint64_t>> load_offsets_;  // (p_offset, p_vaddr - p_offset)
  mutable uint64_t text_offset_ = 0;  // p_vaddr - p_offset of the first executable PT_LOAD
  mutable std::unordered_map<uint64_t, std::unique_ptr<InlineChain>> inline_chains_;
  mutable std::unordered_set<std::string> inline_names_;  // names the chains point into
  mutable std::unordered_map<uint64_t, const std::string*> srclines_;
  mutable std::unordered_map<uint64_t, std::string> addr2line_names_;  // DIE offset -> bfd's name
  void open_dwarf() const;
  const std::string* intern(std::string name) const;
  std::string srcline_text(const std::string& file, int line) const;
  uint64_t to_vaddr(uint64_t addr) const;
  // Demangles a symbol of table_ in place; the one thread using this object does it.
  void settle(const Symbol& sym) const;
  mutable bool all_settled_ = false;
  mutable uint64_t last_addr_ = 0;
  mutable const Symbol* last_sym_ = nullptr;
};

class SymbolCache {
 public:
  explicit SymbolCache(SymbolOptions opts);
  ~SymbolCache();
  SymbolCache(const SymbolCache&) = delete;
  SymbolCache& operator=(const SymbolCache&) = delete;

  // The symbols of a user-space dso; build_id_hex may be empty (unknown). Callers that
  // resolve many samples should keep the returned reference (e.g. on their Dso object).
  const DsoSymbols& dso(std::string_view path, std::string_view build_id_hex);

  // Starts loading these user dsos (path, build id hex), in order, on a background thread, so
  // that dso() finds them loaded; with_dwarf: their DWARF is opened too (for inline frames
  // and srclines). dso() loads a dso the thread has not started itself and waits for one it
  // is loading, so results are the same with or without. Call at most once.
  void prefetch(std::vector<std::pair<std::string, std::string>> dsos, bool with_dwarf);
  // How many dsos the prefetch thread has loaded so far.
  size_t prefetched();

  // The --kallsyms file, parsed on first use with these options (later calls return the
  // same result whatever they pass). nullptr if no file was given or it cannot be read.
  const Kallsyms* kallsyms(const KallsymsOptions& kopts = {});

  // The kernel's symbols from the kallsyms file perf would choose for a recording whose
  // kernel build id is `recorded` (see kernel_kallsyms.h: --kallsyms, else the running
  // kernel's or the build-id cache's). Loaded on the first call of this or kallsyms(); later
  // calls return the same. nullptr if none; `why` (if given) then receives perf's message
  // when it has one.
  const Kallsyms* kernel_kallsyms(const std::optional<BuildId>& recorded,
                                  const KallsymsOptions& kopts, std::string* why = nullptr);
  // Starts reading the kallsyms file kernel_kallsyms() would choose for `recorded` on a thread
  // of its own (making /proc/kallsyms' text is tens of milliseconds of kernel time);
  // kernel_kallsyms() then parses that text when it chooses the same file, else reads its own.
  void prefetch_kernel_kallsyms(const std::optional<BuildId>& recorded);

  const SymbolOptions& options() const { return opts_; }
  const DsoLocator& locator() const { return locator_; }

 private:
  SymbolOptions opts_;
  DsoLocator locator_;
  Demangler demangler_;
  // A dso's loading state; `claimed`: a thread is loading it (or has).
  struct Slot {
    std::unique_ptr<DsoSymbols> syms;
    bool claimed = false;
    bool ready = false;
  };
  std::unique_ptr<DsoSymbols> load(const std::string& key) const;
  void prefetch_loop();

  // Key: path + '\0' + build id hex. key_ is reused so a hit allocates nothing. Slots are
  // never erased, so references to them stay valid while others are added.
  std::unordered_map<std::string, Slot> dsos_;
  std::string key_;
  // The prefetch thread's work; dsos_ and these are guarded by mu_ once it runs.
  std::mutex mu_;
  std::condition_variable loaded_;
  std::vector<std::string> queue_;
  size_t next_ = 0, prefetched_ = 0;
  bool with_dwarf_ = false, stop_ = false;
  std::thread worker_;
  std::optional<std::optional<Kallsyms>> kallsyms_;  // outer: tried; inner: loaded
  std::string kallsyms_text_path_;                   // what kallsyms_text_ reads
  std::future<std::optional<KallsymsText>> kallsyms_text_;
};

// Loads one dso's symbols without caching (what SymbolCache does on a miss).
DsoSymbols load_dso_symbols(const DsoLocator& loc, const Demangler& dem, std::string_view path,
                            const std::optional<BuildId>& build_id);

}  // namespace cperf

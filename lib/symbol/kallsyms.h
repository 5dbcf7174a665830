// Kallsyms: kernel symbols from a /proc/kallsyms-format text (perf's --kallsyms=FILE), with
// perf's rules (util/symbol.c __dso__load_kallsyms and maps__split_kallsyms):
//  - only types T/t, W/w, D/d, B/b are kept (text, weak, data, bss); names starting with
//    '$' (ARM mapping symbols) are dropped; binding follows the letter's case, 'W' is weak;
//  - every symbol is zero-sized on input; ends come from fixup_symbol_ends() in kallsyms mode
//    (the next symbol's start, except at kernel/module boundaries), then duplicates are
//    resolved, all before the list is split by module;
//  - "name\t[module]" symbols go to that module's table; core symbols to the kernel table;
//    on x86_64 the __entry_SYSCALL_64_trampoline alias is dropped, as perf maps the entry
//    trampolines separately;
//  - core symbols listed after module symbols start a new "[kernel].N" range, as perf does.
//
// All addresses are absolute kernel addresses (after the optional relocation below), so
// lookups take the sample ip as is; module tables are not rebased to their module map.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/mapped_file.h"
#include "symbol/symbol_table.h"

namespace cperf {

struct KallsymsOptions {
  // The file's arch (from HEADER_ARCH) is x86_64: drop the entry trampoline symbol.
  bool x86_64 = true;
  // perf's relocation reference: the kernel map's "[kernel.kallsyms]_text" name suffix and
  // its recorded address (the mmap pgoff). If set, kernel symbols move by
  // recorded_addr - kallsyms_addr(name), like perf's kallsyms__delta for a kernel relocated
  // after the kallsyms file was taken. A name missing from the file fails the load.
  std::optional<std::pair<std::string, uint64_t>> reloc_ref;
  // Names ("[ext4]") of the module maps the machine has. perf discards symbols of modules it
  // has no map for; unset means keep every module.
  std::optional<std::set<std::string, std::less<>>> known_modules;
};

// The text of a kallsyms file: a recorded one is mapped (its pages come from the page cache,
// mapped in one go, rather than being copied into fresh memory page by page: page faults are
// most of the cost of loading a large kallsyms, in virtual machines above all); /proc/kallsyms,
// which has no size, is read.
class KallsymsText {
 public:
  explicit KallsymsText(MappedFile m) : mapped_(std::move(m)) {}
  explicit KallsymsText(std::string s) : read_(std::move(s)) {}
  std::string_view view() const {
    auto b = mapped_.bytes();
    return b.empty() ? std::string_view(read_) : std::string_view(reinterpret_cast<const char*>(b.data()), b.size());
  }

 private:
  MappedFile mapped_;
  std::string read_;
};

class Kallsyms {
 public:
  struct KernelRange {
    std::string name;  // "[kernel].0", ...
    uint64_t start = 0;
    SymbolTable symbols;
  };

  // Parses kallsyms text. Malformed lines are skipped; never throws. nullopt only when the
  // relocation reference is asked for and missing.
  static std::optional<Kallsyms> parse(std::string_view text, const KallsymsOptions& opts = {});
  // Reads and parses a file; nullopt if it cannot be read.
  static std::optional<Kallsyms> load(const std::string& path, const KallsymsOptions& opts = {});
  // The file's text (what load() parses); nullopt if it cannot be read.
  static std::optional<KallsymsText> read_text(const std::string& path);

  // [kernel.kallsyms]: the core kernel symbols.
  const SymbolTable& kernel() const { return kernel_; }
  // A module's symbols by its name with brackets, as perf names module dsos ("[ext4]").
  const SymbolTable* module(std::string_view name) const;
  const std::map<std::string, SymbolTable, std::less<>>& modules() const { return modules_; }
  const std::vector<KernelRange>& extra_kernel_ranges() const { return extra_; }

  // How far kernel symbols were moved by the relocation reference (0 if none).
  int64_t relocation() const { return relocation_; }

 private:
  SymbolTable kernel_;
  std::map<std::string, SymbolTable, std::less<>> modules_;
  std::vector<KernelRange> extra_;
  int64_t relocation_ = 0;
};

// Address of the first function-like symbol (T/t/W/w, or A) with this name in kallsyms
// text: perf's kallsyms__get_function_start, used to find _text or _stext.
std::optional<uint64_t> kallsyms_function_start(std::string_view text, std::string_view name);

}  // namespace cperf

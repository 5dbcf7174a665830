#include "symbol/symbol_cache.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "symbol/elf_symbols.h"
#include "symbol/kernel_kallsyms.h"

namespace cperf {
namespace {

// Names perf gives maps that have no file behind them.
bool has_no_file(std::string_view path) {
  if (path.empty() || path == "//anon" || path.starts_with("/anon_hugepage") ||
      path.starts_with("/dev/zero") || path.starts_with("/SYSV") || path == "[heap]" ||
      path.starts_with("[stack")) {
    return true;
  }
  // [vdso] can still come from the build-id cache; other [names] are kernel-side.
  return path.starts_with('[') && path != "[vdso]" && path != "[vdso32]" && path != "[vdsox32]";
}

}  // namespace

bool is_perf_map_path(std::string_view path) {
  if (!path.starts_with("/tmp/perf-") || !path.ends_with(".map")) return false;
  std::string_view pid = path.substr(10, path.size() - 14);
  return !pid.empty() && pid.find_first_not_of("0123456789") == std::string_view::npos;
}

// perf's map file: a line "START SIZE NAME" (hex numbers, 0x optional) per symbol, at the
// addresses the code runs at. Lines that do not parse are skipped, as perf does.
SymbolTable load_perf_map(const std::string& path) {
  std::vector<Symbol> syms;
  if (FILE* f = std::fopen(path.c_str(), "r")) {
    char* line = nullptr;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) {
      std::string_view l(line, static_cast<size_t>(len));
      while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
      char* end = nullptr;
      uint64_t start = std::strtoull(line, &end, 16);
      if (end == line || *end != ' ') continue;
      char* size_at = end + 1;
      uint64_t size = std::strtoull(size_at, &end, 16);
      if (end == size_at || *end != ' ') continue;
      std::string_view name = l.substr(static_cast<size_t>(end + 1 - line));
      if (name.empty()) continue;
      Symbol s;
      s.start = start;
      s.end = start + size;
      s.name = std::string(name);
      syms.push_back(std::move(s));
    }
    std::free(line);
    std::fclose(f);
  }
  return SymbolTable::build(std::move(syms), false);
}

DsoSymbols load_dso_symbols(const DsoLocator& loc, const Demangler& dem, std::string_view path,
                            const std::optional<BuildId>& build_id) {
  if (has_no_file(path)) return {};
  if (is_perf_map_path(path)) {
    DsoSymbols d(load_perf_map(std::string(path)), "", "", dem.options());
    if (!d.empty()) d.set_origin('j');
    return d;
  }
  LocatedDso found = loc.locate(path, build_id);
  if (!found.syms) return {};
  DsoSymbols d(load_elf_symbols(*found.syms, *found.runtime, dem, NameDemangling::kOnLookup), found.syms->path(),
               found.runtime->path(), dem.options());
  d.set_origin(found.origin);
  return d;
}

void DsoSymbols::settle(const Symbol& sym) const {
  // table_'s symbols are this object's own (not const objects); only their names change.
  settle_name(const_cast<Symbol&>(sym), Demangler(demangle_));
}

const SymbolTable& DsoSymbols::table() const {
  if (!all_settled_) {
    for (const Symbol& s : table_.symbols()) settle(s);
    all_settled_ = true;
  }
  return table_;
}

const std::string* DsoSymbols::addr2line_name(uint64_t addr) const {
  if (!addr2line_) {
    addr2line_ = std::make_unique<Addr2lineSymtab>();
    if (!symtab_path_.empty()) {
      std::unique_ptr<ElfFile> syms = ElfFile::open(symtab_path_);
      std::unique_ptr<ElfFile> runtime =
          runtime_path_ == symtab_path_ ? nullptr : ElfFile::open(runtime_path_);
      Demangler dem(demangle_);
      if (syms) *addr2line_ = Addr2lineSymtab::load(*syms, runtime ? *runtime : *syms, &dem);
    }
  }
  return addr2line_->function_name(addr);
}

std::string DsoSymbols::addr2line_function_name(uint64_t addr, const DwarfFunctions::Function& f,
                                                const std::string& dwarf_name) const {
  if (f.linkage_named) return dwarf_name;
  auto known = addr2line_names_.find(f.die);
  if (known != addr2line_names_.end()) return known->second;
  const std::string* elf_name = addr2line_name(addr);
  std::optional<uint64_t> elf_start = addr2line_->function_start(addr);
  const bool same_start = elf_name && elf_start && to_vaddr(*elf_start) == f.low;
  addr2line_names_.emplace(f.die, same_start ? *elf_name : dwarf_name);
  return elf_name ? *elf_name : dwarf_name;
}

const std::string* DsoSymbols::intern(std::string name) const {
  return &*inline_names_.insert(std::move(name)).first;  // set nodes never move
}

uint64_t DsoSymbols::to_vaddr(uint64_t addr) const {
  // Symbol addresses are file offsets (elf_symbols.h); DWARF speaks virtual addresses.
  for (auto it = load_offsets_.rbegin(); it != load_offsets_.rend(); ++it)
    if (addr >= it->first) return addr + it->second;
  return addr;
}

void DsoSymbols::open_dwarf() const {
  if (dwarf_) return;
  dwarf_ = DwarfFunctions::open(symtab_path_);
  if (std::unique_ptr<ElfFile> rt = ElfFile::open(runtime_path_)) {
    size_t n = 0;
    if (elf_getphdrnum(rt->elf(), &n) == 0)
      for (size_t i = 0; i < n; ++i) {
        GElf_Phdr ph;
        if (gelf_getphdr(rt->elf(), static_cast<int>(i), &ph) && ph.p_type == PT_LOAD) {
          load_offsets_.emplace_back(ph.p_offset, ph.p_vaddr - ph.p_offset);
          if ((ph.p_flags & PF_X) && !text_offset_) text_offset_ = ph.p_vaddr - ph.p_offset;
        }
      }
    std::sort(load_offsets_.begin(), load_offsets_.end());
  }
}

// perf's srcline text: the file's base name (or whole path) and the line.
std::string DsoSymbols::srcline_text(const std::string& file, int line) const {
  size_t slash = srcline_opts_.full_path ? std::string::npos : file.rfind('/');
  return (slash == std::string::npos ? file : file.substr(slash + 1)) + ":" + std::to_string(line);
}

uint64_t DsoSymbols::objdump_addr(uint64_t addr) const {
  open_dwarf();
  return to_vaddr(addr);
}

uint64_t DsoSymbols::text_objdump_addr(uint64_t addr) const {
  open_dwarf();
  return addr + text_offset_;
}

const std::string* DsoSymbols::srcline(uint64_t addr) const {
  auto found = srclines_.find(addr);
  if (found != srclines_.end()) return found->second;
  open_dwarf();
  std::string file;
  int line = 0;
  const std::string* text = nullptr;
  const uint64_t vaddr = to_vaddr(addr);
  // perf's libdw lookup does not serve a shared object's first 64 KiB (as for inline
  // frames): binutils' addr2line answers there, with its own file numbering.
  const bool binutils = dwarf_->is_dyn() && vaddr < 0x10000;
  if (binutils && !srcline_opts_.binutils) {
    // libdw alone: no line there.
  } else if (dwarf_->line(vaddr, file, line, binutils)) {
    text = intern(srcline_text(file, line));
  } else if (srcline_opts_.binutils && dwarf_->has_line_info()) {
    // No line here, so perf asks binutils' addr2line, whose "?" line perf reads as 0. In a
    // DWARF function the file is unknown: "??:?" outside every compile unit, ":?" inside one.
    // Elsewhere the file is the symbol table's (file_name); no function at all ("??") is a
    // failure.
    if (!dwarf_->chain(vaddr).empty())
      text = intern(dwarf_->has_unit(vaddr) ? ":0" : "??:0");
    else if (addr2line_name(addr))
      text = intern(addr2line_->file_name(addr) ? srcline_text(*addr2line_->file_name(addr), 0) : "??:0");
  }
  srclines_.emplace(addr, text);
  return text;
}

bool DsoSymbols::source_line(uint64_t addr, std::string& file, int& line) const {
  open_dwarf();
  const uint64_t vaddr = to_vaddr(addr);
  // As srcline: libdw does not serve a shared object's first 64 KiB, binutils does.
  const bool binutils = dwarf_->is_dyn() && vaddr < 0x10000;
  if (binutils && !srcline_opts_.binutils) return false;
  return dwarf_->line(vaddr, file, line, binutils);
}

const InlineChain* DsoSymbols::inline_chain(uint64_t addr, const Symbol& sym) const {
  // A file without DWARF (most distro binaries) has no inline lines: not worth an entry per
  // address sampled in it.
  if (dwarf_ && dwarf_->empty() && !(srcline_opts_.binutils && dwarf_->has_line_info())) return nullptr;
  auto found = inline_chains_.find(addr);
  if (found != inline_chains_.end()) return found->second.get();
  open_dwarf();
  std::unique_ptr<InlineChain> chain;
  const uint64_t vaddr = to_vaddr(addr);
  std::vector<DwarfFunctions::Function> fns = dwarf_->chain(vaddr);
  const bool libdw_path = !fns.empty() && !(dwarf_->is_dyn() && vaddr < 0x10000);
  // Names as perf gets them from DWARF: the linkage name (e.g. glibc's "__GI___mmap64" asm
  // label), demangled, else DW_AT_name.
  Demangler dem(demangle_);
  std::vector<std::string> names;
  for (const auto& f : fns) {
    if (f.linkage.empty()) {
      names.push_back(f.name);
    } else {
      std::optional<std::string> d = dem.demangle(f.linkage);
      names.push_back(d ? *d : f.linkage);
    }
  }
  // Each line perf makes of a name is the ELF symbol where the names agree.
  auto line = [&](const std::string& n) { return InlineFrame{n == sym.name ? nullptr : intern(n)}; };
  if (libdw_path) {
    // The subprogram itself is always the ELF symbol.
    if (names.size() > 1) {
      chain = std::make_unique<InlineChain>();
      for (size_t i = 0; i + 1 < names.size(); ++i) chain->push_back(line(names[i]));
      chain->push_back({});
    }
  } else if (srcline_opts_.binutils && dwarf_->has_line_info()) {
    // binutils addr2line: the DWARF functions (the innermost one named as bfd names it),
    // else the symbol table's name.
    if (names.empty()) {
      if (const std::string* a2l = addr2line_name(addr)) names.push_back(*a2l);
    } else {
      names[0] = addr2line_function_name(addr, fns[0], names[0]);
    }
    if (!names.empty() && !(names.size() == 1 && names[0] == sym.name)) {
      chain = std::make_unique<InlineChain>();
      for (const auto& n : names) chain->push_back(line(n));
    }
  }
  // Each line's srcline: the innermost one's is the address's own line, each caller's the
  // call site of the function it inlined. perf's libdw walk names that file only when the
  // inlined function declares one ("??:0" otherwise, see decl_unit_call_file).
  if (chain) {
    for (size_t i = 0; i < chain->size(); ++i) {
      if (i == 0) {
        (*chain)[i].srcline = srcline(addr);
      } else if (i - 1 < fns.size() && fns[i - 1].call_line > 0) {
        const DwarfFunctions::Function& callee = fns[i - 1];
        if (!libdw_path)
          (*chain)[i].srcline = intern(srcline_text(callee.call_file, callee.call_line));
        else if (callee.decl_unit_call_file.empty())
          (*chain)[i].srcline = intern("??:0");
        else
          (*chain)[i].srcline = intern(srcline_text(callee.decl_unit_call_file, callee.call_line));
      }
    }
  }
  return inline_chains_.emplace(addr, std::move(chain)).first->second.get();
}

SymbolCache::SymbolCache(SymbolOptions opts)
    : opts_(std::move(opts)), locator_(opts_), demangler_(opts_.demangle) {}

SymbolCache::~SymbolCache() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  if (worker_.joinable()) worker_.join();
}

std::unique_ptr<DsoSymbols> SymbolCache::load(const std::string& key) const {
  size_t sep = key.find('\0');
  std::string_view path(key.data(), sep), hex(key.data() + sep + 1, key.size() - sep - 1);
  auto d = std::make_unique<DsoSymbols>(load_dso_symbols(locator_, demangler_, path, BuildId::from_hex(hex)));
  d->set_srcline_options(opts_.srcline);
  return d;
}

const DsoSymbols& SymbolCache::dso(std::string_view path, std::string_view build_id_hex) {
  key_.assign(path);
  key_ += '\0';
  key_ += build_id_hex;
  std::unique_lock lock(mu_);
  Slot& slot = dsos_[key_];
  // Loading on the prefetch thread: wait (it unclaims a dso whose loading threw).
  loaded_.wait(lock, [&] { return slot.ready || !slot.claimed; });
  if (slot.ready) return *slot.syms;
  slot.claimed = true;
  lock.unlock();
  std::unique_ptr<DsoSymbols> syms;
  try {
    syms = load(key_);
  } catch (...) {
    lock.lock();
    slot.claimed = false;
    throw;
  }
  lock.lock();
  slot.syms = std::move(syms);
  slot.ready = true;
  return *slot.syms;
}

void SymbolCache::prefetch(std::vector<std::pair<std::string, std::string>> dsos, bool with_dwarf) {
  if (worker_.joinable() || dsos.empty()) return;
  for (auto& [path, hex] : dsos) queue_.push_back(path + '\0' + hex);
  with_dwarf_ = with_dwarf;
  worker_ = std::thread([this] { prefetch_loop(); });
}

size_t SymbolCache::prefetched() {
  std::lock_guard lock(mu_);
  return prefetched_;
}

void SymbolCache::prefetch_loop() {
  std::unique_lock lock(mu_);
  while (!stop_ && next_ < queue_.size()) {
    const std::string& key = queue_[next_++];
    Slot& slot = dsos_[key];
    if (slot.claimed) continue;
    slot.claimed = true;
    lock.unlock();
    std::unique_ptr<DsoSymbols> syms;
    try {
      syms = load(key);
      if (with_dwarf_ && !syms->empty()) syms->open_dwarf_now();
    } catch (...) {
      syms.reset();  // dso() loads it again and reports what went wrong
    }
    lock.lock();
    if (syms) {
      slot.syms = std::move(syms);
      slot.ready = true;
      ++prefetched_;
    } else {
      slot.claimed = false;
    }
    loaded_.notify_all();
  }
}

const Kallsyms* SymbolCache::kallsyms(const KallsymsOptions& kopts) {
  if (!kallsyms_) {
    kallsyms_.emplace();
    if (!opts_.kallsyms.empty()) *kallsyms_ = Kallsyms::load(opts_.kallsyms, kopts);
  }
  return kallsyms_->has_value() ? &**kallsyms_ : nullptr;
}

const Kallsyms* SymbolCache::kernel_kallsyms(const std::optional<BuildId>& recorded,
                                             const KallsymsOptions& kopts, std::string* why) {
  if (!kallsyms_) {
    kallsyms_.emplace();
    KallsymsChoice c = choose_kallsyms(opts_, recorded);
    if (why) *why = c.message;
    bool prefetched = kallsyms_text_.valid() && kallsyms_text_path_ == c.path;
    if (!c.path.empty() && !(c.host && kallsyms_addresses_hidden(c.path))) {
      if (prefetched) {
        if (std::optional<KallsymsText> text = kallsyms_text_.get()) *kallsyms_ = Kallsyms::parse(text->view(), kopts);
      } else {
        *kallsyms_ = Kallsyms::load(c.path, kopts);
      }
    }
  }
  return kallsyms_->has_value() ? &**kallsyms_ : nullptr;
}

void SymbolCache::prefetch_kernel_kallsyms(const std::optional<BuildId>& recorded) {
  if (kallsyms_ || kallsyms_text_.valid()) return;
  KallsymsChoice c = choose_kallsyms(opts_, recorded);
  if (c.path.empty()) return;
  kallsyms_text_path_ = c.path;
  kallsyms_text_ = std::async(std::launch::async, [path = c.path] { return Kallsyms::read_text(path); });
}

}  // namespace cperf

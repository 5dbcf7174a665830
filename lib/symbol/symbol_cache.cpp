#include "symbol/symbol_cache.h"

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

DsoSymbols load_dso_symbols(const DsoLocator& loc, const Demangler& dem, std::string_view path,
                            const std::optional<BuildId>& build_id) {
  if (has_no_file(path)) return {};
  LocatedDso found = loc.locate(path, build_id);
  if (!found.syms) return {};
  return DsoSymbols(load_elf_symbols(*found.syms, *found.runtime, dem), found.syms->path(),
                    found.runtime->path(), dem.options());
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

SymbolCache::SymbolCache(SymbolOptions opts)
    : opts_(std::move(opts)), locator_(opts_), demangler_(opts_.demangle) {}

const DsoSymbols& SymbolCache::dso(std::string_view path, std::string_view build_id_hex) {
  key_.assign(path);
  key_ += '\0';
  key_ += build_id_hex;
  auto it = dsos_.find(key_);
  if (it != dsos_.end()) return *it->second;
  auto entry = std::make_unique<DsoSymbols>(
      load_dso_symbols(locator_, demangler_, path, BuildId::from_hex(build_id_hex)));
  return *dsos_.emplace(key_, std::move(entry)).first->second;
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
    if (!c.path.empty() && !(c.host && kallsyms_addresses_hidden(c.path)))
      *kallsyms_ = Kallsyms::load(c.path, kopts);
  }
  return kallsyms_->has_value() ? &**kallsyms_ : nullptr;
}

}  // namespace cperf

#include "symbol/elf_symbols.h"

#include "symbol/symbol_fixup.h"

namespace cperf {
namespace {

bool is_label(const GElf_Sym& s) {
  const int vis = GELF_ST_VISIBILITY(s.st_other);
  return GELF_ST_TYPE(s.st_info) == STT_NOTYPE && s.st_name != 0 && s.st_shndx != SHN_UNDEF &&
         s.st_shndx != SHN_ABS && vis != STV_HIDDEN && vis != STV_INTERNAL;
}

bool is_function_or_object(const GElf_Sym& s) {
  const int type = GELF_ST_TYPE(s.st_info);
  return (type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_OBJECT) && s.st_name != 0 &&
         s.st_shndx != SHN_UNDEF;
}

bool is_arm_mapping_symbol(const GElf_Ehdr& eh, std::string_view name) {
  if (eh.e_machine != EM_ARM && eh.e_machine != EM_AARCH64) return false;
  return name.size() >= 2 && name[0] == '$' &&
         std::string_view("adtx").find(name[1]) != std::string_view::npos &&
         (name.size() == 2 || name[2] == '.');
}

struct PassResult {
  bool ok = true;
  int added = 0;
};

// One pass over .symtab or .dynsym of `syms`, appending to `out` (perf's
// dso__load_sym_internal for a user dso).
PassResult load_pass(const ElfFile& syms, const ElfFile::Section& table, const ElfFile& runtime,
                     const Demangler& dem, NameDemangling when, std::vector<Symbol>& out) {
  PassResult r;
  Elf_Data* data = elf_getdata(table.scn, nullptr);
  std::optional<ElfFile::Section> strtab = syms.section_by_index(table.shdr.sh_link);
  if (data == nullptr || !strtab || table.shdr.sh_entsize == 0) return {false, 0};
  const size_t count = table.shdr.sh_size / table.shdr.sh_entsize;
  const GElf_Ehdr& eh = syms.ehdr();

  for (size_t i = 0; i < count; ++i) {
    GElf_Sym sym;
    if (gelf_getsym(data, static_cast<int>(i), &sym) == nullptr) continue;
    const bool label = is_label(sym);
    if (!label && !is_function_or_object(sym)) continue;
    const char* raw = elf_strptr(syms.elf(), strtab->index, sym.st_name);
    if (raw == nullptr) continue;
    std::string_view name(raw);
    if (is_arm_mapping_symbol(eh, name)) continue;
    if (sym.st_shndx == SHN_ABS) continue;

    std::optional<ElfFile::Section> sec = syms.section_by_index(sym.st_shndx);
    if (!sec) return {false, r.added};  // perf abandons the pass on a bad section index
    if (!(sec->shdr.sh_flags & SHF_ALLOC)) continue;
    const ElfFile* sec_file = &syms;
    // A debug file's NOBITS sections have no real offsets; the runtime file's do.
    if (sec->shdr.sh_type == SHT_NOBITS) {
      sec = runtime.section_by_index(sym.st_shndx);
      if (!sec) return {false, r.added};
      sec_file = &runtime;
    }
    if (label) {
      std::string_view sname = sec_file->section_name(sec->shdr);
      if (sname.find("text") == std::string_view::npos &&
          sname.find("data") == std::string_view::npos) {
        continue;
      }
    }
    uint64_t value = sym.st_value;
    // Thumb functions carry their mode in bit 0.
    if (eh.e_machine == EM_ARM && GELF_ST_TYPE(sym.st_info) == STT_FUNC && (value & 1)) --value;
    if (std::optional<GElf_Phdr> ph = runtime.load_segment_for(value)) {
      value -= ph->p_vaddr - ph->p_offset;
    } else {
      value -= sec->shdr.sh_addr - sec->shdr.sh_offset;
    }

    Symbol s;
    s.start = value;
    s.end = sym.st_size != 0 ? value + sym.st_size : value;
    if (when == NameDemangling::kOnLookup && dem.may_demangle(name)) {
      s.name = name;
      s.name_pending = true;
    } else {
      s.name = dem.display_name(name);
    }
    s.binding = static_cast<uint8_t>(GELF_ST_BIND(sym.st_info));
    s.type = static_cast<uint8_t>(GELF_ST_TYPE(sym.st_info));
    out.push_back(std::move(s));
    ++r.added;
  }
  return r;
}

// perf picks among symbols of one address by their (demangled) names.
void settle_same_start_names(std::vector<Symbol>& syms, const Demangler& dem) {
  for (size_t i = 1; i < syms.size(); ++i)
    if (syms[i].start == syms[i - 1].start) {
      settle_name(syms[i - 1], dem);
      settle_name(syms[i], dem);
    }
}

}  // namespace

void settle_name(Symbol& s, const Demangler& dem) {
  if (!s.name_pending) return;
  if (std::optional<std::string> d = dem.demangle(s.name)) s.name = std::move(*d);
  s.name_pending = false;
}

SymbolTable load_elf_symbols(const ElfFile& syms, const ElfFile& runtime, const Demangler& dem,
                             NameDemangling when) {
  std::vector<Symbol> out;
  int total = 0;
  for (const auto* table : {&syms.symtab(), &syms.dynsym()}) {
    if (!table->has_value()) continue;
    // Later passes land after earlier ones at equal addresses: a stable sort keeps the
    // order perf's rb-tree inserts give.
    PassResult r = load_pass(syms, **table, runtime, dem, when, out);
    sort_symbols(out);
    if (when == NameDemangling::kOnLookup) settle_same_start_names(out, dem);
    // perf leaves a failed load's symbols as they are and adds no PLT entries.
    if (!r.ok) return SymbolTable::from_sorted(std::move(out));
    if (r.added > 0) {
      fixup_symbol_ends(out, /*is_kallsyms=*/false);
      remove_duplicate_symbols(out);
    }
    total += r.added;
  }
  if (total > 0) {
    // IFUNC resolvers lend their names to PLT slots.
    for (Symbol& s : out)
      if (s.type == kSttGnuIfunc || s.ifunc_alias) settle_name(s, dem);
    synthesize_plt_symbols(runtime, dem, out);
  }
  return SymbolTable::from_sorted(std::move(out));
}

}  // namespace cperf

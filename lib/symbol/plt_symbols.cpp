// perf's dso__synthesize_plt_symbols: PLT stubs have no symbols of their own, so perf names
// each slot after the symbol its relocation targets ("memcpy@plt"), falling back to the
// IFUNC the addend points at (static binaries) or "offset_0x<off>@plt".
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "symbol/elf_symbols.h"
#include "symbol/symbol_fixup.h"

namespace cperf {
namespace {

constexpr uint32_t kRX8664Irelative = 37;

const Symbol* find_in(const std::vector<Symbol>& syms, uint64_t addr) {
  auto it = std::upper_bound(syms.begin(), syms.end(), addr,
                             [](uint64_t a, const Symbol& s) { return a < s.start; });
  if (it == syms.begin()) return nullptr;
  --it;
  return it->contains(addr) ? &*it : nullptr;
}

Symbol* find_in(std::vector<Symbol>& syms, uint64_t addr) {
  return const_cast<Symbol*>(find_in(static_cast<const std::vector<Symbol>&>(syms), addr));
}

Symbol plt_symbol(uint64_t start, uint64_t size, std::string name) {
  Symbol s;
  s.start = start;
  s.end = size != 0 ? start + size : start;
  s.name = std::move(name);
  s.binding = kStbGlobal;
  s.type = kSttFunc;
  return s;
}

std::string offset_name(uint64_t off) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "offset_%#" PRIx64 "@plt", off);
  return buf;
}

bool is_x86(const GElf_Ehdr& eh) { return eh.e_machine == EM_386 || eh.e_machine == EM_X86_64; }

// Header and entry sizes of a PLT section per architecture (perf's get_plt_sizes).
bool plt_sizes(const GElf_Ehdr& eh, const GElf_Shdr& plt, uint64_t* header, uint64_t* entry) {
  switch (eh.e_machine) {
    case EM_ARM:
      *header = 20;
      *entry = 12;
      return true;
    case EM_AARCH64:
      *header = 32;
      *entry = 16;
      return true;
    case EM_LOONGARCH:
      *header = 32;
      *entry = 16;
      return true;
    case EM_SPARC:
      *header = 48;
      *entry = 12;
      return true;
    case EM_SPARCV9:
      *header = 128;
      *entry = 32;
      return true;
    case EM_386:
    case EM_X86_64:
      *entry = plt.sh_entsize;
      // Entries are 8 or 16 bytes; a missing entsize is guessed from the alignment.
      if (*entry != 8 && *entry != 16) *entry = plt.sh_addralign == 8 ? 8 : 16;
      *header = *entry;
      break;
    default:
      *header = *entry = plt.sh_entsize;
      break;
  }
  return *entry != 0;
}

// The target of a ".plt.got" entry's "jmp *disp(%rip)", relative to the entry start.
uint32_t x86_64_plt_disp(const uint8_t* p, size_t avail) {
  size_t n = 0;
  static constexpr uint8_t kEndbr64[] = {0xf3, 0x0f, 0x1e, 0xfa};
  if (avail >= 4 && std::memcmp(p, kEndbr64, 4) == 0) n += 4;
  if (n < avail && p[n] == 0xf2) n += 1;  // bnd prefix
  if (n + 6 <= avail && p[n] == 0xff && p[n + 1] == 0x25) {
    uint32_t disp;
    std::memcpy(&disp, p + n + 2, 4);
    return static_cast<uint32_t>(n + 6 + disp);
  }
  return 0;
}

// Symbols for .plt.got (x86): names come from the .rela.dyn entry for the GOT slot the stub
// jumps through.
void synthesize_plt_got(const ElfFile& f, const Demangler& dem, std::vector<Symbol>& syms) {
  std::optional<ElfFile::Section> sec = f.section_by_name(".plt.got");
  if (!sec || sec->shdr.sh_entsize == 0) return;
  const GElf_Shdr& sh = sec->shdr;
  Elf_Data* code = elf_getdata(sec->scn, nullptr);
  // A debug file's copy of the section has no bytes (SHT_NOBITS: no buffer, yet a size).
  if (code && !code->d_buf) code = nullptr;

  struct Rel {
    uint64_t offset;
    uint32_t sym;
  };
  std::vector<Rel> rels;
  Elf_Data* dynsym = nullptr;
  Elf_Data* dynstr = nullptr;
  size_t dynstr_index = 0;
  std::optional<ElfFile::Section> rela = f.section_by_name(".rela.dyn");
  if (f.ehdr().e_machine == EM_X86_64 && rela && rela->shdr.sh_link && rela->shdr.sh_entsize) {
    std::optional<ElfFile::Section> ds = f.section_by_index(rela->shdr.sh_link);
    Elf_Data* rd = elf_getdata(rela->scn, nullptr);
    if (ds && ds->shdr.sh_link && rd != nullptr) {
      dynsym = elf_getdata(ds->scn, nullptr);
      dynstr_index = ds->shdr.sh_link;
      std::optional<ElfFile::Section> dstr = f.section_by_index(dynstr_index);
      dynstr = dstr ? elf_getdata(dstr->scn, nullptr) : nullptr;
      const size_t n = rela->shdr.sh_size / rela->shdr.sh_entsize;
      for (size_t i = 0; i < n; ++i) {
        GElf_Rela r;
        if (gelf_getrela(rd, static_cast<int>(i), &r) == nullptr) break;
        if (GELF_R_SYM(r.r_info) != 0)
          rels.push_back({r.r_offset, static_cast<uint32_t>(GELF_R_SYM(r.r_info))});
      }
      std::sort(rels.begin(), rels.end(),
                [](const Rel& a, const Rel& b) { return a.offset < b.offset; });
    }
  }
  const bool have_rels = code != nullptr && dynsym != nullptr && dynstr != nullptr;

  std::vector<Symbol> stubs;
  // Stubs only where the section has bytes: a hostile sh_size must not make billions of them.
  const uint64_t stub_bytes = code ? std::min<uint64_t>(sh.sh_size, code->d_size) : 0;
  for (uint64_t i = 0; i < stub_bytes; i += sh.sh_entsize) {
    std::string name;
    if (have_rels && i < code->d_size) {
      uint32_t disp =
          x86_64_plt_disp(static_cast<const uint8_t*>(code->d_buf) + i, code->d_size - i);
      // Compared as perf does: the stub's file offset plus displacement against r_offset.
      uint64_t target = sh.sh_offset + static_cast<uint64_t>(code->d_off) + i + disp;
      auto it = std::lower_bound(rels.begin(), rels.end(), target,
                                 [](const Rel& r, uint64_t t) { return r.offset < t; });
      GElf_Sym s;
      if (disp != 0 && it != rels.end() && it->offset == target &&
          gelf_getsym(dynsym, static_cast<int>(it->sym), &s) != nullptr) {
        const char* raw = elf_strptr(f.elf(), dynstr_index, s.st_name);
        if (raw != nullptr && *raw != '\0') name = dem.display_name(raw) + "@plt";
      }
    }
    if (name.empty()) name = offset_name(sh.sh_offset + i);
    stubs.push_back(plt_symbol(sh.sh_offset + i, sh.sh_entsize, std::move(name)));
  }
  insert_symbols(syms, std::move(stubs));
}

// A static binary's PLT slots resolve IFUNCs: the IRELATIVE addend is the resolver.
std::string ifunc_plt_name(const ElfFile& f, const GElf_Rela& r, const std::vector<Symbol>& syms) {
  if (f.ehdr().e_machine != EM_X86_64 || GELF_R_TYPE(r.r_info) != kRX8664Irelative) return {};
  uint64_t addr = static_cast<uint64_t>(r.r_addend);
  std::optional<GElf_Phdr> ph = f.load_segment_for(addr);
  if (!ph) return {};
  addr -= ph->p_vaddr - ph->p_offset;
  const Symbol* s = find_in(syms, addr);
  if (s == nullptr || s->start != addr || (s->type != kSttGnuIfunc && !s->ifunc_alias)) return {};
  return s->name + "@plt";
}

}  // namespace

int synthesize_plt_symbols(const ElfFile& f, const Demangler& dem, std::vector<Symbol>& syms) {
  std::optional<ElfFile::Section> plt = f.section_by_name(".plt");
  if (!plt) return 0;
  const GElf_Ehdr& eh = f.ehdr();
  const uint64_t plt_off = plt->shdr.sh_offset;

  // A zero-sized symbol before .plt (e.g. _init) may have been stretched over it.
  if (Symbol* before = find_in(syms, plt_off);
      before && before->start < plt_off && before->end > plt_off) {
    before->end = plt_off;
  }
  uint64_t header = 0, entry = 0;
  if (!plt_sizes(eh, plt->shdr, &header, &entry)) return 0;
  insert_symbol(syms, plt_symbol(plt_off, header, ".plt"));
  auto plt_header_sym = [&]() {
    return std::find_if(syms.begin(), syms.end(),
                        [&](const Symbol& s) { return s.start == plt_off && s.name == ".plt"; });
  };

  if (is_x86(eh)) synthesize_plt_got(f, dem, syms);

  uint64_t slot = plt_off;
  bool lazy = true;
  if (std::optional<ElfFile::Section> sec =
          is_x86(eh) ? f.section_by_name(".plt.sec") : std::nullopt) {
    // With IBT, .plt keeps the lazy-binding stubs and the call targets live in .plt.sec.
    if (!plt_sizes(eh, sec->shdr, &header, &entry)) return 0;
    if (auto it = plt_header_sym(); it != syms.end()) it->end = it->start + plt->shdr.sh_size;
    slot = sec->shdr.sh_offset;
    lazy = false;
  }

  std::optional<ElfFile::Section> rel = f.section_by_name(".rela.plt");
  if (!rel) rel = f.section_by_name(".rel.plt");
  if (!rel || (rel->shdr.sh_type != SHT_RELA && rel->shdr.sh_type != SHT_REL)) return 0;
  const size_t link = rel->shdr.sh_link;
  if (link == 0 || rel->shdr.sh_entsize == 0) return 0;
  // Static executables have a .plt (for IFUNCs) whose relocations refer to .symtab.
  const std::optional<ElfFile::Section>& symsec =
      f.dynsym() && f.dynsym()->index == link ? f.dynsym() : f.symtab();
  if (!symsec || symsec->index != link) return 0;
  Elf_Data* reldata = elf_getdata(rel->scn, nullptr);
  Elf_Data* symdata = elf_getdata(symsec->scn, nullptr);
  std::optional<ElfFile::Section> strsec = f.section_by_index(symsec->shdr.sh_link);
  Elf_Data* strdata = strsec ? elf_getdata(strsec->scn, nullptr) : nullptr;
  if (reldata == nullptr || symdata == nullptr || strdata == nullptr || strdata->d_size == 0)
    return 0;

  const bool is_rela = rel->shdr.sh_type == SHT_RELA;
  // At most as many relocations as the section's bytes hold (sh_size may lie).
  const size_t n = std::min<uint64_t>(rel->shdr.sh_size, reldata->d_size) / rel->shdr.sh_entsize;
  if (lazy) {
    // As many slots as relocations means no lazy-binding header.
    if (n * entry == plt->shdr.sh_size) {
      if (auto it = plt_header_sym(); it != syms.end()) syms.erase(it);
    } else {
      slot += header;
    }
  }

  std::vector<GElf_Rela> relocs;
  relocs.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    GElf_Rela r{};
    if (is_rela) {
      if (gelf_getrela(reldata, static_cast<int>(i), &r) == nullptr) return 0;
    } else {
      GElf_Rel rr;
      if (gelf_getrel(reldata, static_cast<int>(i), &rr) == nullptr) return 0;
      r.r_offset = rr.r_offset;
      r.r_info = rr.r_info;
    }
    relocs.push_back(r);
  }
  // x86 does not emit IFUNC relocations in PLT order; GOT slot order is PLT order.
  if (is_x86(eh)) {
    std::stable_sort(relocs.begin(), relocs.end(), [](const GElf_Rela& a, const GElf_Rela& b) {
      return a.r_offset < b.r_offset;
    });
  }

  int added = 0;
  std::vector<Symbol> stubs;  // inserted at the end: ifunc_plt_name looks at the others
  for (const GElf_Rela& r : relocs) {
    GElf_Sym s;
    std::string name;
    if (gelf_getsym(symdata, static_cast<int>(GELF_R_SYM(r.r_info)), &s) != nullptr) {
      const char* raw = elf_strptr(f.elf(), strsec->index, s.st_name);
      if (raw != nullptr && *raw != '\0') name = dem.display_name(raw) + "@plt";
    }
    if (name.empty() && is_rela) name = ifunc_plt_name(f, r, syms);
    if (name.empty()) name = offset_name(slot);
    stubs.push_back(plt_symbol(slot, entry, std::move(name)));
    slot += entry;
    ++added;
  }
  insert_symbols(syms, std::move(stubs));
  return added;
}

}  // namespace cperf

#include "symbol/addr2line_symtab.h"

#include <algorithm>

namespace cperf {
namespace {

// binutils' relocation-expression symbol types; not in every <elf.h>.
constexpr int kSttRelc = 8;
constexpr int kSttSrelc = 9;

uint64_t to_file_offset(const ElfFile& runtime, const GElf_Shdr& sec, uint64_t vaddr) {
  if (std::optional<GElf_Phdr> ph = runtime.load_segment_for(vaddr)) {
    return vaddr - (ph->p_vaddr - ph->p_offset);
  }
  return vaddr - (sec.sh_addr - sec.sh_offset);
}

}  // namespace

Addr2lineSymtab Addr2lineSymtab::load(const ElfFile& syms, const ElfFile& runtime,
                                      const Demangler* dem) {
  Addr2lineSymtab a;
  const std::optional<ElfFile::Section>& table = syms.symtab() ? syms.symtab() : syms.dynsym();
  if (!table || table->shdr.sh_entsize == 0) return a;
  Elf_Data* data = elf_getdata(table->scn, nullptr);
  if (data == nullptr) return a;

  // Allocated sections with contents, by file offset (runtime headers: a debug file's
  // sections are NOBITS).
  Elf_Scn* scn = nullptr;
  while ((scn = elf_nextscn(runtime.elf(), scn)) != nullptr) {
    GElf_Shdr sh;
    if (gelf_getshdr(scn, &sh) == nullptr) continue;
    if (!(sh.sh_flags & SHF_ALLOC) || sh.sh_type == SHT_NOBITS || sh.sh_size == 0) continue;
    uint64_t start = to_file_offset(runtime, sh, sh.sh_addr);
    a.sections_.push_back({start, start + sh.sh_size, static_cast<uint32_t>(elf_ndxscn(scn))});
  }
  std::sort(a.sections_.begin(), a.sections_.end(),
            [](const Section& x, const Section& y) { return x.start < y.start; });

  const size_t n = table->shdr.sh_size / table->shdr.sh_entsize;
  // bfd's elf_find_function tracks the last file symbol, and whether one came after another
  // symbol: from then on, global symbols get no file.
  int file = -1;
  bool symbol_seen = false, file_after_symbol = false;
  for (size_t i = 1; i < n; ++i) {
    GElf_Sym s;
    if (gelf_getsym(data, static_cast<int>(i), &s) == nullptr) continue;
    const int type = GELF_ST_TYPE(s.st_info);
    if (type == STT_FILE) {
      const char* fname = elf_strptr(syms.elf(), table->shdr.sh_link, s.st_name);
      a.files_.emplace_back(fname ? fname : "");
      file = static_cast<int>(a.files_.size()) - 1;
      if (symbol_seen) file_after_symbol = true;
      continue;
    }
    symbol_seen = true;
    if (type == STT_SECTION || type == STT_FILE || type == STT_OBJECT || type == STT_COMMON ||
        type == STT_TLS || type == kSttRelc || type == kSttSrelc) {
      continue;
    }
    if (s.st_shndx == SHN_UNDEF || s.st_shndx >= SHN_LORESERVE) continue;
    // Zero-sized local hidden labels are compiler annotations (annobin), not functions.
    if (s.st_size == 0 && GELF_ST_BIND(s.st_info) == STB_LOCAL && type == STT_NOTYPE &&
        GELF_ST_VISIBILITY(s.st_other) == STV_HIDDEN) {
      continue;
    }
    std::optional<ElfFile::Section> sec = runtime.section_by_index(s.st_shndx);
    if (!sec) continue;
    const char* name = elf_strptr(syms.elf(), table->shdr.sh_link, s.st_name);
    if (name == nullptr) continue;
    Candidate c;
    c.section = s.st_shndx;
    c.start = to_file_offset(runtime, sec->shdr, s.st_value);
    c.size = s.st_size != 0 ? s.st_size : 1;
    c.type = static_cast<uint8_t>(type);
    c.function = type == STT_FUNC;
    c.name = dem ? dem->display_name(name) : std::string(name);
    if (GELF_ST_BIND(s.st_info) == STB_LOCAL || !file_after_symbol) c.file = file;
    a.candidates_.push_back(std::move(c));
  }
  std::stable_sort(a.candidates_.begin(), a.candidates_.end(),
                   [](const Candidate& x, const Candidate& y) {
                     return x.section != y.section ? x.section < y.section : x.start < y.start;
                   });
  return a;
}

const std::string* Addr2lineSymtab::function_name(uint64_t addr) const {
  const Candidate* c = pick(addr);
  return c ? &c->name : nullptr;
}

std::optional<uint64_t> Addr2lineSymtab::function_start(uint64_t addr) const {
  const Candidate* c = pick(addr);
  if (!c) return std::nullopt;
  return c->start;
}

const std::string* Addr2lineSymtab::file_name(uint64_t addr) const {
  const Candidate* c = pick(addr);
  return c && c->file >= 0 ? &files_[static_cast<size_t>(c->file)] : nullptr;
}

const Addr2lineSymtab::Candidate* Addr2lineSymtab::pick(uint64_t addr) const {
  auto sec = std::upper_bound(sections_.begin(), sections_.end(), addr,
                              [](uint64_t a, const Section& s) { return a < s.start; });
  if (sec == sections_.begin()) return nullptr;
  --sec;
  if (addr >= sec->end) return nullptr;
  const uint32_t index = sec->index;
  // The last candidate of this section starting at or below addr, then back to the first
  // with that same start: the winner comes from that group.
  auto it =
      std::upper_bound(candidates_.begin(), candidates_.end(), std::make_pair(index, addr),
                       [](const std::pair<uint32_t, uint64_t>& k, const Candidate& c) {
                         return k.first != c.section ? k.first < c.section : k.second < c.start;
                       });
  if (it == candidates_.begin() || (it - 1)->section != index) return nullptr;
  const uint64_t start = (it - 1)->start;
  auto first = it - 1;
  while (first != candidates_.begin() && (first - 1)->section == index &&
         (first - 1)->start == start) {
    --first;
  }
  const Candidate* best = &*first;
  for (auto c = first + 1; c != it; ++c) {
    const bool best_reaches = best->start + best->size > addr;
    bool take;
    if (!best_reaches) {
      take = c->size > best->size;
    } else if (c->start + c->size <= addr) {
      take = false;
    } else if (best->function != c->function) {
      take = c->function;
    } else if ((best->type == STT_NOTYPE) != (c->type == STT_NOTYPE)) {
      take = best->type == STT_NOTYPE;
    } else {
      take = c->size < best->size;
    }
    if (take) best = &*c;
  }
  return best;
}

}  // namespace cperf

#include "symbol/dwarf_functions.h"

#include <dwarf.h>
#include <fcntl.h>
#include <gelf.h>
#include <unistd.h>

#include <cstring>

namespace cperf {
namespace {

std::string attr_string(Dwarf_Die* die, unsigned name) {
  Dwarf_Attribute mem;
  const char* s = dwarf_formstring(dwarf_attr_integrate(die, name, &mem));
  return s ? s : "";
}

DwarfFunctions::Function function_of(Dwarf_Die* die, Dwarf_Die* cu) {
  DwarfFunctions::Function f;
  f.name = attr_string(die, DW_AT_name);
  f.linkage = attr_string(die, DW_AT_linkage_name);
  if (f.linkage.empty()) f.linkage = attr_string(die, DW_AT_MIPS_linkage_name);
  Dwarf_Attribute mem;
  Dwarf_Word file = 0, line = 0;
  if (dwarf_formudata(dwarf_attr(die, DW_AT_call_file, &mem), &file) == 0 &&
      dwarf_formudata(dwarf_attr(die, DW_AT_call_line, &mem), &line) == 0) {
    Dwarf_Files* files = nullptr;
    size_t nfiles = 0;
    if (dwarf_getsrcfiles(cu, &files, &nfiles) == 0 && file < nfiles) {
      const char* name = dwarf_filesrc(files, file, nullptr, nullptr);
      if (name) f.call_file = name;
    }
    f.call_line = static_cast<int>(line);
  }
  return f;
}

struct SubprogramSearch {
  uint64_t vaddr;
  Dwarf_Die found;
  bool ok = false;
};

int match_subprogram(Dwarf_Die* die, void* arg) {
  auto* s = static_cast<SubprogramSearch*>(arg);
  if (dwarf_haspc(die, s->vaddr) == 1) {
    s->found = *die;
    s->ok = true;
    return DWARF_CB_ABORT;
  }
  return DWARF_CB_OK;
}

// The inlined subroutine directly or through blocks under `parent` that holds vaddr.
bool find_inlined(Dwarf_Die* parent, uint64_t vaddr, Dwarf_Die* out, int depth = 0) {
  if (depth > 64) return false;  // hostile DWARF
  Dwarf_Die child;
  if (dwarf_child(parent, &child) != 0) return false;
  do {
    int tag = dwarf_tag(&child);
    if (tag == DW_TAG_inlined_subroutine) {
      if (dwarf_haspc(&child, vaddr) == 1) {
        *out = child;
        return true;
      }
    } else if (tag == DW_TAG_lexical_block || tag == DW_TAG_try_block ||
               tag == DW_TAG_catch_block) {
      if (dwarf_haspc(&child, vaddr) == 1 && find_inlined(&child, vaddr, out, depth + 1))
        return true;
    }
  } while (dwarf_siblingof(&child, &child) == 0);
  return false;
}

}  // namespace

std::unique_ptr<DwarfFunctions> DwarfFunctions::open(const std::string& path) {
  std::unique_ptr<DwarfFunctions> d(new DwarfFunctions());
  d->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (d->fd_ < 0) return d;
  if (Elf* elf = elf_begin(d->fd_, ELF_C_READ_MMAP, nullptr)) {
    GElf_Ehdr eh;
    if (gelf_getehdr(elf, &eh)) d->is_dyn_ = eh.e_type == ET_DYN;
    size_t shstrndx = 0;
    if (elf_getshdrstrndx(elf, &shstrndx) == 0) {
      for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(elf, scn)) != nullptr;) {
        GElf_Shdr sh;
        const char* name = gelf_getshdr(scn, &sh) ? elf_strptr(elf, shstrndx, sh.sh_name) : nullptr;
        if (name && std::strcmp(name, ".debug_line") == 0 && sh.sh_type != SHT_NOBITS)
          d->has_line_info_ = true;
      }
    }
    elf_end(elf);
  }
  d->dwarf_ = dwarf_begin(d->fd_, DWARF_C_READ);
  return d;
}

DwarfFunctions::~DwarfFunctions() {
  if (dwarf_) dwarf_end(dwarf_);
  if (fd_ >= 0) ::close(fd_);
}

std::vector<DwarfFunctions::Function> DwarfFunctions::chain(uint64_t vaddr) const {
  std::vector<Function> out;
  if (!dwarf_) return out;
  Dwarf_Die cu;
  if (dwarf_addrdie(dwarf_, vaddr, &cu) == nullptr) return out;
  SubprogramSearch s{vaddr, {}, false};
  dwarf_getfuncs(&cu, match_subprogram, &s, 0);
  if (!s.ok) return out;
  std::vector<Function> outer_first{function_of(&s.found, &cu)};
  Dwarf_Die at = s.found, next;
  while (outer_first.size() < 256 && find_inlined(&at, vaddr, &next)) {
    outer_first.push_back(function_of(&next, &cu));
    at = next;
  }
  out.assign(outer_first.rbegin(), outer_first.rend());
  return out;
}

bool DwarfFunctions::has_unit(uint64_t vaddr) const {
  Dwarf_Die cu;
  return dwarf_ && dwarf_addrdie(dwarf_, vaddr, &cu) != nullptr;
}

bool DwarfFunctions::line(uint64_t vaddr, std::string& file, int& line, bool binutils_files) const {
  if (!dwarf_) return false;
  Dwarf_Die cu;
  if (dwarf_addrdie(dwarf_, vaddr, &cu) == nullptr) return false;
  Dwarf_Line* l = dwarf_getsrc_die(&cu, vaddr);
  if (!l) return false;
  const char* src = dwarf_linesrc(l, nullptr, nullptr);
  if (!src || dwarf_lineno(l, &line) != 0) return false;
  file = src;
  if (binutils_files && in_initial_file(&cu, l)) {
    Dwarf_Files* files = nullptr;
    size_t index = 0;
    const char* first = dwarf_line_file(l, &files, &index) == 0
                            ? dwarf_filesrc(files, 0, nullptr, nullptr) : nullptr;
    if (first) file = first;
  }
  return true;
}

// A DWARF 5 row whose sequence has kept the initial file register (1) up to it: every row
// from the sequence's start to this one is in file 1.
bool DwarfFunctions::in_initial_file(Dwarf_Die* cu, Dwarf_Line* row) {
  Dwarf_Half version = 0;
  if (dwarf_cu_info(cu->cu, &version, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) != 0 ||
      version < 5)
    return false;
  Dwarf_Lines* lines = nullptr;
  size_t n = 0;
  if (dwarf_getsrclines(cu, &lines, &n) != 0) return false;
  size_t i = 0;
  while (i < n && dwarf_onesrcline(lines, i) != row) ++i;
  if (i == n) return false;
  for (size_t j = i + 1; j-- > 0;) {
    Dwarf_Line* r = dwarf_onesrcline(lines, j);
    bool end = false;
    if (j < i && (dwarf_lineendsequence(r, &end) != 0 || end)) break;  // the previous sequence
    Dwarf_Files* files = nullptr;
    size_t index = 0;
    if (dwarf_line_file(r, &files, &index) != 0 || index != 1) return false;
  }
  return true;
}

}  // namespace cperf

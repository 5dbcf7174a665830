#include "symbol/dwarf_functions.h"

#include "symbol/elf_file.h"

#include <dwarf.h>
#include <fcntl.h>
#include <gelf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace cperf {
namespace {

std::string attr_string(Dwarf_Die* die, unsigned name) {
  Dwarf_Attribute mem;
  const char* s = dwarf_formstring(dwarf_attr_integrate(die, name, &mem));
  return s ? s : "";
}

// bfd's languages whose DW_AT_name is the linkage name (binutils 2.40, dwarf2.c non_mangled).
bool non_mangled(int lang) {
  switch (lang) {
    case DW_LANG_C89: case DW_LANG_C: case DW_LANG_Ada83: case DW_LANG_Cobol74:
    case DW_LANG_Cobol85: case DW_LANG_Fortran77: case DW_LANG_Pascal83: case DW_LANG_C99:
    case DW_LANG_Ada95: case DW_LANG_PLI: case DW_LANG_UPC: case DW_LANG_C11:
    case DW_LANG_Mips_Assembler:
      return true;
    default:
      return false;
  }
}

// perf 7.2 names a call file only when the function declares a file: it takes the file
// table of the unit where DW_AT_decl_file is found (through abstract origins), and the index
// from DW_AT_call_file.
std::string decl_unit_call_file(Dwarf_Die* die) {
  Dwarf_Attribute mem;
  Dwarf_Word index = 0;
  if (dwarf_formudata(dwarf_attr_integrate(die, DW_AT_call_file, &mem), &index) != 0) return "";
  Dwarf_Attribute decl;
  Dwarf_Die unit;
  Dwarf_Files* files = nullptr;
  if (!dwarf_attr_integrate(die, DW_AT_decl_file, &decl) ||
      !dwarf_cu_die(decl.cu, &unit, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) ||
      dwarf_getsrcfiles(&unit, &files, nullptr) != 0)
    return "";
  const char* name = dwarf_filesrc(files, index, nullptr, nullptr);
  return name ? name : "";
}

DwarfFunctions::Function function_of(Dwarf_Die* die, Dwarf_Die* cu) {
  DwarfFunctions::Function f;
  f.name = attr_string(die, DW_AT_name);
  f.linkage = attr_string(die, DW_AT_linkage_name);
  if (f.linkage.empty()) f.linkage = attr_string(die, DW_AT_MIPS_linkage_name);
  f.die = dwarf_dieoffset(die);
  Dwarf_Addr base = 0, lo = 0, hi = 0;
  if (dwarf_ranges(die, 0, &base, &lo, &hi) > 0) f.low = lo;
  f.linkage_named = !f.linkage.empty() || non_mangled(dwarf_srclang(cu));
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
  f.decl_unit_call_file = decl_unit_call_file(die);
  return f;
}

int collect_subprogram(Dwarf_Die* die, void* arg) {
  static_cast<std::vector<Dwarf_Die>*>(arg)->push_back(*die);
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

// Whether [p, p + size) lies in one mapping of a file (libelf maps the file it reads unless
// mapping fails; then the image is in the heap).
bool in_file_mapping(const void* p, size_t size) {
  std::FILE* maps = std::fopen("/proc/self/maps", "re");
  if (!maps) return false;
  auto at = reinterpret_cast<uintptr_t>(p);
  bool found = false;
  char line[512];
  while (!found && std::fgets(line, sizeof line, maps)) {
    unsigned long lo = 0, hi = 0, inode = 0;
    if (std::sscanf(line, "%lx-%lx %*s %*s %*s %lu", &lo, &hi, &inode) == 3 && lo <= at && at + size <= hi)
      found = inode != 0;
  }
  std::fclose(maps);
  return found;
}

// libdw has decompressed every debug section into memory: the file's pages, read once for
// that, are not needed any more. They are dropped from the mapping (they stay in the page
// cache, and a page looked at again is read again), so a dso's debug info is not resident
// twice.
void release_file_pages(Elf* elf) {
  size_t size = 0;
  char* raw = elf ? elf_rawfile(elf, &size) : nullptr;
  if (!raw || !size) return;
  static const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  uintptr_t from = reinterpret_cast<uintptr_t>(raw) / page * page;
  size_t len = reinterpret_cast<uintptr_t>(raw) + size - from;
  if (in_file_mapping(reinterpret_cast<void*>(from), len)) madvise(reinterpret_cast<void*>(from), len, MADV_DONTNEED);
}

}  // namespace

std::unique_ptr<DwarfFunctions> DwarfFunctions::open(const std::string& path) {
  std::unique_ptr<DwarfFunctions> d(new DwarfFunctions());
  if (!libelf_ready()) return d;
  d->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (d->fd_ < 0) return d;
  bool debug_all_compressed = false;  // every .debug_* section's contents are compressed
  if (Elf* elf = elf_begin(d->fd_, ELF_C_READ_MMAP, nullptr)) {
    GElf_Ehdr eh;
    if (gelf_getehdr(elf, &eh)) d->is_dyn_ = eh.e_type == ET_DYN;
    size_t shstrndx = 0;
    if (elf_getshdrstrndx(elf, &shstrndx) == 0) {
      bool any = false, plain = false;
      for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(elf, scn)) != nullptr;) {
        GElf_Shdr sh;
        const char* name = gelf_getshdr(scn, &sh) ? elf_strptr(elf, shstrndx, sh.sh_name) : nullptr;
        if (!name || std::strncmp(name, ".debug_", 7) != 0 || sh.sh_type == SHT_NOBITS) continue;
        if (std::strcmp(name, ".debug_line") == 0) d->has_line_info_ = true;
        any = true;
        if (!(sh.sh_flags & SHF_COMPRESSED)) plain = true;
      }
      debug_all_compressed = any && !plain;
    }
    elf_end(elf);
  }
  // dwarf_begin calls elf_version again: a write of the value libelf_ready() already stored
  // to libelf's init flag, which another thread's elf_begin may read at that moment (symbols
  // load on two threads; helgrind reports it). elf_begin + dwarf_begin_elf would avoid the
  // write, but then libdw's decompressed sections stay 2 MiB larger on the build profile.
  d->dwarf_ = dwarf_begin(d->fd_, DWARF_C_READ);
  if (d->dwarf_ && debug_all_compressed) release_file_pages(dwarf_getelf(d->dwarf_));
  return d;
}

DwarfFunctions::~DwarfFunctions() {
  if (dwarf_) dwarf_end(dwarf_);
  if (fd_ >= 0) ::close(fd_);
}

const DwarfFunctions::UnitFunctions& DwarfFunctions::unit_functions(Dwarf_Die* cu) const {
  auto [it, fresh] = units_.try_emplace(dwarf_dieoffset(cu));
  UnitFunctions& u = it->second;
  if (!fresh) return u;
  dwarf_getfuncs(cu, collect_subprogram, &u.dies, 0);
  // dwarf_haspc's answer is "one of dwarf_ranges' ranges holds the address".
  for (size_t i = 0; i < u.dies.size(); ++i) {
    Dwarf_Addr base = 0, lo = 0, hi = 0;
    for (ptrdiff_t off = 0; (off = dwarf_ranges(&u.dies[i], off, &base, &lo, &hi)) > 0;)
      if (lo < hi) u.ranges.push_back({lo, hi, static_cast<uint32_t>(i)});
  }
  std::sort(u.ranges.begin(), u.ranges.end(),
            [](const UnitFunctions::Range& a, const UnitFunctions::Range& b) { return a.lo < b.lo; });
  u.max_hi.reserve(u.ranges.size());
  for (const auto& r : u.ranges) u.max_hi.push_back(u.max_hi.empty() ? r.hi : std::max(u.max_hi.back(), r.hi));
  return u;
}

bool DwarfFunctions::find_subprogram(Dwarf_Die* cu, uint64_t vaddr, Dwarf_Die* out) const {
  const UnitFunctions& u = unit_functions(cu);
  // Ranges starting at or before vaddr, back while one of them may still reach past it.
  auto end = std::upper_bound(u.ranges.begin(), u.ranges.end(), vaddr,
                              [](uint64_t a, const UnitFunctions::Range& r) { return a < r.lo; });
  uint32_t best = UINT32_MAX;
  for (size_t i = static_cast<size_t>(end - u.ranges.begin()); i-- > 0 && u.max_hi[i] > vaddr;)
    if (u.ranges[i].hi > vaddr) best = std::min(best, u.ranges[i].order);
  if (best == UINT32_MAX) return false;
  *out = u.dies[best];
  return true;
}

std::vector<DwarfFunctions::Function> DwarfFunctions::chain(uint64_t vaddr) const {
  std::vector<Function> out;
  if (!dwarf_) return out;
  Dwarf_Die cu;
  if (dwarf_addrdie(dwarf_, vaddr, &cu) == nullptr) return out;
  Dwarf_Die sub;
  if (!find_subprogram(&cu, vaddr, &sub)) return out;
  std::vector<Function> outer_first{function_of(&sub, &cu)};
  Dwarf_Die at = sub, next;
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

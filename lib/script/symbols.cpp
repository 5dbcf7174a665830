#include "script/symbols.h"

#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "symbol/elf_file.h"
#include "symbol/symbol_fixup.h"

namespace cperf {

namespace {

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// kallsyms "addr type name[\t[module]]" lines: text, weak, data and bss symbols, as perf keeps.
std::vector<Symbol> parse_kallsyms(const std::string& text) {
  std::vector<Symbol> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    std::string_view line(text.data() + pos, eol - pos);
    pos = eol + 1;
    size_t sp1 = line.find(' ');
    if (sp1 == std::string_view::npos || sp1 + 3 > line.size() || line[sp1 + 2] != ' ') continue;
    char type = line[sp1 + 1];
    char lower = static_cast<char>(type | 0x20);
    if (lower != 't' && lower != 'w' && lower != 'd' && lower != 'b') continue;
    std::string name(line.substr(sp1 + 3));
    if (name.empty() || name[0] == '$') continue;
    char* end = nullptr;
    std::string addr_str(line.substr(0, sp1));
    uint64_t addr = std::strtoull(addr_str.c_str(), &end, 16);
    if (end == addr_str.c_str()) continue;
    Symbol s;
    s.start = s.end = addr;
    s.name = std::move(name);
    s.binding = type == 'W' || type == 'w' ? kStbWeak : (type >= 'a' ? kStbLocal : kStbGlobal);
    s.type = lower == 't' || lower == 'w' ? kSttFunc : kSttObject;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

ScriptSymbols::ScriptSymbols(std::string symfs, std::string kallsyms)
    : symfs_(std::move(symfs)), kallsyms_(std::move(kallsyms)) {}

const ScriptSymbols::DsoSymbols* ScriptSymbols::symbols_of(const Dso* dso) {
  if (!dso) return nullptr;
  if (dso->kernel) {
    if (dso->long_name != "[kernel.kallsyms]") return nullptr;
    if (!kernel_) {
      kernel_ = std::make_unique<DsoSymbols>();
      load_kernel(*kernel_);
    }
    return kernel_->loaded ? kernel_.get() : nullptr;
  }
  auto it = cache_.find(dso);
  if (it == cache_.end()) {
    auto d = std::make_unique<DsoSymbols>();
    if (!dso->long_name.empty() && dso->long_name[0] == '/') load_elf(*dso, *d);
    it = cache_.emplace(dso, std::move(d)).first;
  }
  return it->second->loaded ? it->second.get() : nullptr;
}

void ScriptSymbols::load_kernel(DsoSymbols& out) {
  if (kallsyms_.empty()) return;
  auto text = read_text(kallsyms_);
  if (!text) return;
  SymbolTable all = SymbolTable::build(parse_kallsyms(*text), /*is_kallsyms=*/true);
  std::vector<Symbol> core;
  for (const Symbol& s : all.symbols())
    if (s.name.find('\t') == std::string::npos && s.name.find('[') == std::string::npos)
      core.push_back(s);
  out.table = SymbolTable::from_sorted(std::move(core));
  out.loaded = !out.table.empty();
}

void ScriptSymbols::load_elf(const Dso& dso, DsoSymbols& out) {
  std::string path = symfs_.empty() ? dso.long_name : symfs_ + dso.long_name;
  auto elf = ElfFile::open(path);
  if (!elf) return;
  if (!dso.build_id.empty()) {
    auto bid = elf->build_id();
    if (bid && bid->to_hex() != dso.build_id) return;
  }
  const auto& sec = elf->symtab() ? elf->symtab() : elf->dynsym();
  if (!sec) return;
  Elf_Data* data = elf_getdata(sec->scn, nullptr);
  if (!data) return;
  size_t count = sec->shdr.sh_entsize ? sec->shdr.sh_size / sec->shdr.sh_entsize : 0;
  bool adjust = elf->ehdr().e_type == ET_EXEC || elf->ehdr().e_type == ET_REL;
  std::vector<Symbol> syms;
  // First symtab name per (adjusted) start, for the "(inlined)" alias rule.
  std::unordered_map<uint64_t, std::string> first_name;
  for (size_t i = 1; i < count; ++i) {
    GElf_Sym sym;
    if (!gelf_getsym(data, static_cast<int>(i), &sym)) break;
    uint8_t type = GELF_ST_TYPE(sym.st_info);
    if (sym.st_name == 0 || sym.st_shndx == SHN_UNDEF) continue;
    bool is_func = type == STT_FUNC || type == STT_GNU_IFUNC;
    bool is_label = type == STT_NOTYPE && sym.st_shndx != SHN_ABS;
    if (!is_func && !is_label) continue;
    auto shdr_sec = elf->section_by_index(sym.st_shndx);
    if (!shdr_sec) continue;
    if (is_label) {
      std::string_view sname = elf->section_name(shdr_sec->shdr);
      if (sname.find("text") == std::string_view::npos) continue;
    }
    const char* name = elf_strptr(elf->elf(), sec->shdr.sh_link, sym.st_name);
    if (!name || !*name) continue;
    uint64_t value = sym.st_value;
    if (adjust) {
      auto ph = elf->load_segment_for(value);
      if (!ph) continue;
      value -= ph->p_vaddr - ph->p_offset;
    }
    Symbol s;
    s.start = value;
    s.end = value + sym.st_size;
    s.name = demangler_.display_name(name);
    s.binding = GELF_ST_BIND(sym.st_info);
    s.type = type;
    if (is_func) first_name.try_emplace(value, s.name);
    syms.push_back(std::move(s));
  }
  out.table = SymbolTable::build(std::move(syms), /*is_kallsyms=*/false);
  for (const Symbol& s : out.table.symbols()) {
    auto it = first_name.find(s.start);
    if (it != first_name.end() && it->second != s.name) out.alias_first.emplace(s.start, it->second);
  }
  out.loaded = true;
}

}  // namespace cperf

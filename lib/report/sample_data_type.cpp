#include "report/sample_data_type.h"

#include <elf.h>
#include <sys/stat.h>

#include <cinttypes>
#include <cstdio>

#include "annotate/objdump_lines.h"
#include "annotate/objdump_run.h"
#include "machine/machine.h"
#include "script/symbols.h"
#include "symbol/debuginfo_paths.h"
#include "symbol/elf_file.h"
#include "symbol/symbol.h"
#include "symbol/symbol_cache.h"

namespace cperf {

namespace {

const std::string kUnknown = "(unknown)";
const std::string kStackOperation = "(stack operation)";

// A file whose DWARF perf's debuginfo (libdw) opens: it has a .debug_info with contents.
bool file_has_dwarf(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  std::unique_ptr<ElfFile> f = ElfFile::open(path);
  if (!f) return false;
  auto s = f->section_by_name(".debug_info");
  return s && s->shdr.sh_type != SHT_NOBITS && s->shdr.sh_size > 0;
}

}  // namespace

SampleDataTypes::SampleDataTypes(std::string symfs, ScriptSymbols& symbols)
    : symfs_(std::move(symfs)), symbols_(symbols), locator_([this] {
        SymbolOptions o;
        o.symfs = symfs_;
        return o;
      }()) {}

void SampleDataTypes::set_cpuid(const std::string& cpuid) { cpu_ = x86_cpu_of_cpuid(cpuid); }

// perf takes the first of its candidate files that has DWARF (symbol/debuginfo_paths.h); the
// kernel from kallsyms has no file. (perf's libdw would also follow a candidate without DWARF
// to this machine's /usr/lib/debug; cperf keeps to the symfs.)
bool SampleDataTypes::has_debuginfo(const Dso& dso) {
  auto [it, fresh] = debuginfo_.try_emplace(&dso, false);
  if (!fresh) return it->second;
  if (dso.kernel) return false;
  for (const std::string& f : debuginfo_candidates(locator_, dso.long_name))
    if (file_has_dwarf(f)) return it->second = true;
  return false;
}

const SampleDataTypes::Disasm& SampleDataTypes::disasm_of(const Map& map, const Symbol& sym) {
  auto [it, fresh] = disasm_.try_emplace({map.dso, sym.start});
  if (!fresh) return it->second;
  const DsoSymbols* d = symbols_.user_symbols(&map);
  const uint64_t start = d ? d->text_objdump_addr(sym.start) : sym.start;
  const uint64_t end = d ? d->text_objdump_addr(sym.end) : sym.end;
  const std::string file = objdump_input(symfs_, map.dso->long_name, d ? d->runtime_path() : "");
  ObjdumpRun run = run_objdump(objdump_command(ObjdumpOptions{}, start, end), file);
  if (!run.started || run.status != 0) return it->second;
  DisasmContext ctx;
  ctx.start = start;
  ctx.end = end;
  for (const AnnotLine& l : parse_objdump_output(run.out, file, start, end))
    if (l.offset >= 0) {
      it->second.offsets.push_back(l.offset);
      it->second.insns.push_back(parse_insn(l.text, ctx));
    }
  return it->second;
}

const std::string& SampleDataTypes::type_of(const Map* map, const Symbol* sym, uint64_t addr) {
  if (!map || !map->dso || !sym || !has_debuginfo(*map->dso)) return kUnknown;
  const Disasm& d = disasm_of(*map, *sym);
  const int64_t offset = static_cast<int64_t>(addr - sym->start);
  size_t i = 0;
  while (i < d.offsets.size() && d.offsets[i] != offset) ++i;
  if (i == d.offsets.size()) return kUnknown;  // perf finds no instruction line there
  switch (insn_data_kind(d.insns, i, cpu_)) {
    case InsnDataKind::kNoType: return kUnknown;
    case InsnDataKind::kStackOperation: return kStackOperation;
    case InsnDataKind::kMemoryAccess: break;
  }
  if (refusal_.empty()) {
    char where[64];
    std::snprintf(where, sizeof where, "+0x%" PRIx64, addr - sym->start);
    refusal_ = "the data type of a memory access (" + sym->name + where + " in " + map->dso->short_name +
               ", from its DWARF variables) is not supported yet";
  }
  return kUnknown;
}

}  // namespace cperf

// libFuzzer target: an ELF file as a dso (what --symfs, the build-id cache or a recorded path
// hands cperf): libelf and libdw open it, cperf reads its symbols, PLT, build id, DWARF
// functions, inline chains and line table. cperf must survive whatever they return.
#include "fuzz_input.h"
#include "symbol/elf_file.h"
#include "symbol/symbol_cache.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  (void)cperf::read_build_id(in.path());
  cperf::SymbolOptions opts;
  opts.buildid_dir = "/nonexistent/cperf-fuzz-buildid-dir";
  opts.host_kallsyms = opts.host_notes = "/nonexistent";
  cperf::SymbolCache cache(opts);
  const cperf::DsoSymbols& dso = cache.dso(in.path(), "");
  size_t n = 0;
  for (const cperf::Symbol& sym : dso.table().symbols()) {
    if (++n > 64) break;
    for (uint64_t addr : {sym.start, sym.start + (sym.end - sym.start) / 2}) {
      (void)dso.find(addr);
      (void)dso.inline_chain(addr, sym);
      (void)dso.srcline(addr);
      (void)dso.addr2line_name(addr);
      (void)dso.objdump_addr(addr);
    }
  }
  (void)dso.srcline(0x1000);
  return 0;
}

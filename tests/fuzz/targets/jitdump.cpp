// libFuzzer target: a jitdump file (what `inject -j` reads from the path a recording names):
// cperf reads its records, writes each loaded function's ELF file and reads that back as a
// dso. An ELF file cperf wrote that its own reader cannot name is a finding (abort).
#include <unistd.h>

#include <cstdio>

#include "fuzz_input.h"
#include "inject/jit_elf.h"
#include "inject/jitdump.h"
#include "symbol/elf_file.h"
#include "symbol/elf_symbols.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  cperf::JitDump dump;
  if (!cperf::read_jitdump(in.path(), dump).empty()) return 0;
  static const std::string elf = cperf_fuzz::empty_symfs() + "/../cperf-fuzz-jitted-" +
                                 std::to_string(getpid()) + ".so";
  size_t n = 0;
  for (const cperf::JitCode& c : dump.code) {
    if (c.moved || c.code.empty() || c.name.empty() || ++n > 8) continue;
    if (!cperf::write_jit_elf(elf, c.name, c.code, 62).empty()) continue;
    std::unique_ptr<cperf::ElfFile> f = cperf::ElfFile::open(elf);
    if (!f) {
      std::fprintf(stderr, "jitted ELF unreadable (%s)\n", c.name.c_str());
      std::abort();
    }
    cperf::SymbolTable t = cperf::load_elf_symbols(*f, *f, cperf::Demangler());
    const cperf::Symbol* s = t.find(cperf::kJitElfTextOffset);
    if (!s) {
      std::fprintf(stderr, "jitted ELF names nothing at its text (%s)\n", c.name.c_str());
      std::abort();
    }
  }
  std::remove(elf.c_str());
  return 0;
}

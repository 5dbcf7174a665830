// Running objdump on one symbol as perf 7.2 does: the same command line (perf prints it with
// -v), through /bin/sh with the file as "$1", stdout read whole, stderr thrown away.
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

struct ObjdumpOptions {
  std::string objdump;           // --objdump; empty: "objdump" from PATH
  std::string style;             // -M/--disassembler-style; empty: none
  bool source = true;            // -S (perf's default; --no-source drops it)
  bool asm_raw = false;          // --asm-raw: keep the instruction bytes
  bool line_numbers = false;     // -l: objdump -l (file:line lines)
  std::string prefix, prefix_strip;  // --prefix, --prefix-strip
};

// perf's command for the objdump addresses [start, stop).
std::string objdump_command(const ObjdumpOptions& o, uint64_t start, uint64_t stop);

struct ObjdumpRun {
  bool started = false;  // the shell could be run
  int status = 0;        // its exit status (non-zero: perf's "Error running")
  std::string out;       // objdump's stdout
};

// Runs `command` with `file` as its "$1".
ObjdumpRun run_objdump(const std::string& command, const std::string& file);

// The file objdump reads for a dso recorded as long_name: its path under --symfs, as perf's;
// a [vdso] has no such file, so the image its symbols came from (symbols_file: the build-id
// cache's copy or this machine's vdso; "" when none was found).
std::string objdump_input(const std::string& symfs, const std::string& long_name,
                          const std::string& symbols_file);

}  // namespace cperf

// SymbolOptions: the symbol-related command options (perf's symbol_conf fields), passed by
// value to whatever resolves symbols.
#pragma once
#include <string>

#include "symbol/demangle.h"

namespace cperf {

// How source lines are looked up and shown.
struct SrclineOptions {
  // --full-source-path: srclines name the source file by its whole path, not its base name.
  bool full_path = false;
  // perf's "addr2line" style (binutils): where libdw has no answer, perf asks addr2line, whose
  // answers cperf reproduces; --addr2line-style without it turns that off.
  bool binutils = true;
};

struct SymbolOptions {
  std::string symfs;     // --symfs=DIR: every dso path is looked up under DIR
  std::string kallsyms;  // --kallsyms=FILE
  // The build-id cache root. Empty means perf's default: <symfs>/.debug when symfs is set,
  // else $HOME/.debug (see resolve_buildid_dir()).
  std::string buildid_dir;
  DemangleOptions demangle;
  SrclineOptions srcline;
  // Also try <buildid_dir>/<dso path>/<build id>/elf directly. perf only reaches that layout
  // through the .build-id/xx/... symlink, so this is off to keep perf's output.
  bool try_buildid_path_layout = false;
  // The running kernel, for the kallsyms fallback (kernel_kallsyms.h); tests point them
  // elsewhere.
  std::string host_kallsyms = "/proc/kallsyms";
  std::string host_notes = "/sys/kernel/notes";
};

// opts.buildid_dir if set, else perf's default for these options. Reads $HOME.
std::string resolve_buildid_dir(const SymbolOptions& opts);

}  // namespace cperf

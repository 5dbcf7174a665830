// `record --kcore`: the copy of the running kernel's code that perf keeps beside the data
// (OUTPUT/kcore_dir): kallsyms and modules copied whole, and a small ELF core file holding
// only the code segments of /proc/kcore: the kernel's text (_stext to _etext) and the module
// area (lowest module address to the last module symbol), each rounded out to pages. perf's
// readers take kernel symbols and code from there (annotate can disassemble them later).
#pragma once
#include <string>

namespace cperf {

// Copies FROM_PROC/{kallsyms,modules,kcore} into TO_DIR (which exists) as perf's kcore_copy
// does: files made read-only for the owner (0400), kallsyms compared with its source again at
// the end (a module loaded meanwhile fails the copy). On failure nothing is left in TO_DIR
// and `error` says why.
bool copy_kcore(const std::string& from_proc, const std::string& to_dir, std::string& error);

}  // namespace cperf
